//! The text format of a move graph: `A B` lines (a move from A to B), a name alone on a line
//! (a position), `#` comments; names are numbered densely in order of first appearance.

use super::{Graph, Names};
use crate::{invalid, GameError};
use rustc_hash::FxHashMap;
use std::io::BufRead;

/// Reads a move graph: each non-empty line `A B` is a move from A to B, a line with one name
/// declares a position, `#` starts a comment. `source` names the input in errors (`file:line`).
pub fn parse_graph(text: &str, source: &str) -> Result<Graph, GameError> {
    parse_graph_from(text.as_bytes(), source)
}

/// [`parse_graph`] from any reader, line by line (the input is never held whole in memory).
pub fn parse_graph_from(mut reader: impl BufRead, source: &str) -> Result<Graph, GameError> {
    let mut ids = Ids::default();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    // One buffer for every line.
    let mut buf = Vec::new();
    for i in 0.. {
        buf.clear();
        let read = reader
            .read_until(b'\n', &mut buf)
            .map_err(|e| invalid!("{source}: cannot read: {e}"))?;
        if read == 0 {
            break;
        }
        let line = std::str::from_utf8(&buf)
            .map_err(|_| invalid!("{source}:{}: not valid UTF-8", i + 1))?;
        let line = line.split('#').next().unwrap_or("");
        // Splitting at ASCII blanks is the same on ASCII text, and much cheaper than asking of
        // every character whether it is Unicode whitespace.
        let tokens = if line.is_ascii() {
            first_names(line.split_ascii_whitespace())
        } else {
            first_names(line.split_whitespace())
        };
        match tokens {
            (None, _, _) => {}
            (Some(a), None, _) => {
                ids.id(a);
            }
            (Some(a), Some(b), None) => {
                let (x, y) = (ids.id(a), ids.id(b));
                edges.push((x, y));
            }
            (Some(_), Some(_), Some(count)) => {
                return Err(invalid!(
                    "{source}:{}: expected 'A B' (a move) or 'A' (a position), found {count} names",
                    i + 1,
                ))
            }
        }
        if ids.count >= u32::MAX - 1 || edges.len() >= u32::MAX as usize {
            return Err(invalid!(
                "{source}: more than 4 294 967 294 positions or moves"
            ));
        }
    }
    Ok(Graph::build(ids.into_names(), edges))
}

/// The first two names of a line, and how many names it has if more than two.
fn first_names<'a>(
    mut names: impl Iterator<Item = &'a str>,
) -> (Option<&'a str>, Option<&'a str>, Option<usize>) {
    let (a, b) = (names.next(), names.next());
    let more = names.count();
    (a, b, (more > 0).then_some(2 + more))
}

/// Dense ids for names. Names that are plain decimal numbers below 2^26 (the usual case in
/// generated and contest graphs) are looked up in a direct table, which avoids hashing and
/// the cache misses of a large hash map; other names go through a hash map.
pub(super) struct Ids {
    count: u32,
    /// While every name so far is a number and each new one is the next, k has id k and no
    /// table is needed (the usual file: positions 0, 1, 2, … declared in order): the ids of
    /// a huge graph then cost no memory access at all.
    identity: bool,
    numbers: Vec<u32>,
    words: FxHashMap<Box<str>, u32>,
}

impl Default for Ids {
    fn default() -> Self {
        Ids {
            count: 0,
            identity: true,
            numbers: Vec::new(),
            words: FxHashMap::default(),
        }
    }
}

const NO_ID: u32 = u32::MAX;
pub(super) const DIRECT_LIMIT: usize = 1 << 26;

impl Ids {
    /// The number a name stands for, if it is written the one way a number is (decimal digits,
    /// no leading zero, at most 8 of them) and below [`DIRECT_LIMIT`]; one pass over the bytes.
    pub(super) fn number(name: &str) -> Option<usize> {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 8 || (b[0] == b'0' && b.len() > 1) {
            return None;
        }
        let mut n = 0usize;
        for &c in b {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            n = n * 10 + d as usize;
        }
        (n < DIRECT_LIMIT).then_some(n)
    }

    pub(super) fn id(&mut self, name: &str) -> u32 {
        let number = Self::number(name);
        if self.identity {
            match number {
                Some(k) if k <= self.count as usize => {
                    if k == self.count as usize {
                        self.count += 1;
                    }
                    return k as u32;
                }
                // The first name out of line: from now on, a table.
                _ => {
                    self.identity = false;
                    self.numbers = (0..self.count).collect();
                }
            }
        }
        if let Some(k) = number {
            if k >= self.numbers.len() {
                self.numbers
                    .resize((k + 1).next_power_of_two().min(DIRECT_LIMIT), NO_ID);
            }
            if self.numbers[k] == NO_ID {
                self.numbers[k] = self.count;
                self.count += 1;
            }
            return self.numbers[k];
        }
        if let Some(&i) = self.words.get(name) {
            return i;
        }
        let i = self.count;
        self.words.insert(name.into(), i);
        self.count += 1;
        i
    }

    /// The names by id, each stored once (or not at all when they are the ids).
    pub(super) fn into_names(self) -> Names {
        if self.identity {
            return Names::Numbers(self.count as usize);
        }
        let mut names: Vec<Box<str>> = vec![Box::from(""); self.count as usize];
        for (k, &i) in self.numbers.iter().enumerate() {
            if i != NO_ID {
                names[i as usize] = k.to_string().into();
            }
        }
        for (name, i) in self.words {
            names[i as usize] = name;
        }
        Names::Stored(names)
    }
}
