//! The text format of a move graph: `A B` lines (a move from A to B), a name alone on a line
//! (a position), `#` comments; names are numbered densely in order of first appearance.

use super::csr::Grouped;
use super::{Graph, Names};
use crate::{invalid, GameError};
use rustc_hash::FxHashMap;
use std::io::{BufRead, Read};

/// Reads a move graph: each non-empty line `A B` is a move from A to B, a line with one name
/// declares a position, `#` starts a comment. `source` names the input in errors (`file:line`).
pub fn parse_graph(text: &str, source: &str) -> Result<Graph, GameError> {
    parse_graph_from(text.as_bytes(), source)
}

/// [`parse_graph`] from any reader, a chunk at a time (the input is never held whole in
/// memory). Each chunk's lines are read on all cores into names — numbers where a name is
/// one, which is what large generated graphs hold — and the names are then given their ids
/// in order, on one core.
pub fn parse_graph_from(mut reader: impl BufRead, source: &str) -> Result<Graph, GameError> {
    let mut ids = Ids::default();
    let mut moves = Grouped::default();
    let mut buf: Vec<u8> = Vec::new();
    // Lines before the chunk that was read last, and its pieces (not yet numbered).
    let mut lines_before = 0usize;
    let mut read: Vec<Piece> = Vec::new();
    let mut eof = false;
    while !eof {
        // Fill the buffer to a chunk (or to the end of the input), and cut it after its last
        // whole line; a line longer than a chunk makes the chunk longer.
        let mut end = None;
        while end.is_none() && !eof {
            // Up to a chunk, or (a line longer than that) as much again; the buffer grows as
            // the input comes, so a small graph never holds a chunk's worth of memory.
            let want = CHUNK.saturating_sub(buf.len()).max(buf.len()).max(1);
            let read = (&mut reader)
                .take(want as u64)
                .read_to_end(&mut buf)
                .map_err(|e| invalid!("{source}: cannot read: {e}"))?;
            eof = read < want;
            if eof {
                end = Some(buf.len());
            } else if buf.len() >= CHUNK {
                end = buf.iter().rposition(|&b| b == b'\n').map(|i| i + 1);
            }
        }
        let end = end.unwrap_or(buf.len());
        // The chunk before is numbered (on one core) while this one is read (on the others).
        let (numbered, pieces) = rayon::join(
            || -> Result<usize, GameError> {
                let mut lines = lines_before;
                for piece in std::mem::take(&mut read) {
                    lines = piece.number(&mut ids, &mut moves, lines, source)?;
                }
                Ok(lines)
            },
            || read_pieces(&buf[..end]),
        );
        lines_before = numbered?;
        read = pieces;
        buf.drain(..end);
    }
    for piece in read {
        lines_before = piece.number(&mut ids, &mut moves, lines_before, source)?;
    }
    Ok(Graph::from_grouped(ids.into_names(), moves))
}

/// The bytes read at a time.
pub(super) const CHUNK: usize = 8 << 20;
/// Pieces of a chunk read by one task.
const PIECE: usize = 1 << 20;

/// A token standing for a name that is a word (not a number): its index in the piece's words.
const WORD: u32 = 1 << 31;
/// The second token of a line that declares a position.
const ALONE: u32 = u32::MAX;

/// The lines of part of the input read into tokens: per line, the names as numbers (below
/// [`DIRECT_LIMIT`]) or as [`WORD`] | index of a word.
struct Piece {
    /// Per line with names: its first name and its second (or [`ALONE`]).
    lines: Vec<(u32, u32)>,
    words: Vec<Box<str>>,
    /// Lines of text, blank ones and comments included.
    count: usize,
    /// The first bad line (counted from 1 in the piece) and what is wrong with it; the
    /// piece's lines stop before it.
    error: Option<(usize, String)>,
}

/// Reads `text` (whole lines) in pieces, side by side.
fn read_pieces(text: &[u8]) -> Vec<Piece> {
    use rayon::prelude::*;
    let mut cuts = vec![0];
    while let Some(&last) = cuts.last() {
        if last == text.len() {
            break;
        }
        let at = (last + PIECE).min(text.len());
        let next = match text[at..].iter().position(|&b| b == b'\n') {
            Some(i) => at + i + 1,
            None => text.len(),
        };
        cuts.push(next);
    }
    cuts.windows(2)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|w| read_piece(&text[w[0]..w[1]]))
        .collect()
}

/// Reads one piece of whole lines.
fn read_piece(text: &[u8]) -> Piece {
    let mut piece = Piece {
        lines: Vec::with_capacity(text.len() / 12),
        words: Vec::new(),
        count: 0,
        error: None,
    };
    for line in text.split_inclusive(|&b| b == b'\n') {
        piece.count += 1;
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        if let Some(tokens) = numbers_only(line) {
            if let Some(t) = tokens {
                piece.lines.push(t);
            }
            continue;
        }
        if let Err(e) = piece.read_line(line) {
            piece.error = Some((piece.count, e));
            break;
        }
    }
    piece
}

/// A line of at most two plain numbers below [`DIRECT_LIMIT`] (see [`Ids::number`]) separated
/// by ASCII blanks, read from its bytes (the usual line of a large graph): `Some(None)` when
/// blank, `Some(tokens)`, or `None` for any other line.
fn numbers_only(line: &[u8]) -> Option<Option<(u32, u32)>> {
    let mut tokens = [ALONE; 2];
    let mut count = 0;
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | b'\x0c');
    for name in line.split(blank).filter(|name| !name.is_empty()) {
        if count == 2 {
            return None;
        }
        tokens[count] = Ids::number_bytes(name)? as u32;
        count += 1;
    }
    Some((count > 0).then_some((tokens[0], tokens[1])))
}

impl Piece {
    /// Reads a line the general way: UTF-8, `#` comments, words, Unicode blanks.
    fn read_line(&mut self, line: &[u8]) -> Result<(), String> {
        let line = std::str::from_utf8(line).map_err(|_| "not valid UTF-8".to_string())?;
        let line = line.split('#').next().unwrap_or("");
        let names = if line.is_ascii() {
            first_names(line.split_ascii_whitespace())
        } else {
            first_names(line.split_whitespace())
        };
        let mut token = |name: &str| match Ids::number(name) {
            Some(k) => k as u32,
            None => {
                self.words.push(name.into());
                WORD | (self.words.len() as u32 - 1)
            }
        };
        match names {
            (None, _, _) => {}
            (Some(a), None, _) => {
                let a = token(a);
                self.lines.push((a, ALONE));
            }
            (Some(a), Some(b), None) => {
                let (a, b) = (token(a), token(b));
                self.lines.push((a, b));
            }
            (Some(_), Some(_), Some(count)) => {
                return Err(format!(
                    "expected 'A B' (a move) or 'A' (a position), found {count} names"
                ))
            }
        }
        Ok(())
    }

    /// Gives the piece's names their ids in order and its moves to `moves`; returns the
    /// lines read so far, or the piece's error with its line in the input.
    fn number(
        self,
        ids: &mut Ids,
        moves: &mut Grouped,
        lines_before: usize,
        source: &str,
    ) -> Result<usize, GameError> {
        let id = |ids: &mut Ids, t: u32| {
            if t & WORD == 0 {
                ids.id_number(t as usize)
            } else {
                ids.id_word(&self.words[(t & !WORD) as usize])
            }
        };
        for &(a, b) in &self.lines {
            let a = id(ids, a);
            if b != ALONE {
                let b = id(ids, b);
                moves.push(a, b);
            }
            if ids.count >= u32::MAX - 1 || moves.len() >= u32::MAX as usize {
                return Err(invalid!(
                    "{source}: more than 4 294 967 294 positions or moves"
                ));
            }
        }
        match self.error {
            Some((line, e)) => Err(invalid!("{source}:{}: {e}", lines_before + line)),
            None => Ok(lines_before + self.count),
        }
    }
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
        Self::number_bytes(name.as_bytes())
    }

    /// [`Ids::number`] of a name's bytes.
    fn number_bytes(b: &[u8]) -> Option<usize> {
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

    #[cfg(test)]
    pub(super) fn id(&mut self, name: &str) -> u32 {
        match Self::number(name) {
            Some(k) => self.id_number(k),
            None => self.id_word(name),
        }
    }

    /// The id of the name that is the number `k` (below [`DIRECT_LIMIT`]).
    #[inline]
    fn id_number(&mut self, k: usize) -> u32 {
        if self.identity {
            if k <= self.count as usize {
                if k == self.count as usize {
                    self.count += 1;
                }
                return k as u32;
            }
            // The first name out of line: from now on, a table.
            self.leave_identity();
        }
        if k >= self.numbers.len() {
            self.numbers
                .resize((k + 1).next_power_of_two().min(DIRECT_LIMIT), NO_ID);
        }
        if self.numbers[k] == NO_ID {
            self.numbers[k] = self.count;
            self.count += 1;
        }
        self.numbers[k]
    }

    fn leave_identity(&mut self) {
        self.identity = false;
        self.numbers = (0..self.count).collect();
    }

    /// The id of a name that is not a number below [`DIRECT_LIMIT`].
    fn id_word(&mut self, name: &str) -> u32 {
        if self.identity {
            self.leave_identity();
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
