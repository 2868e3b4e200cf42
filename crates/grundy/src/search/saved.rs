//! A search's table saved as the search goes, so that a search stopped at any moment — a
//! kill, a power cut, `--max-seconds`, Ctrl-C — goes on from what it had settled when asked
//! again. Every entry of a table is proved (a search stores a position only once it has
//! settled it, and nothing while it gives up), so a saved table is sound for any later
//! question about the same game on the same board, not only the one that wrote it.
//!
//! A file is a header — the format line `grundy-search v1` and the search's line, which
//! names the game and the board (a key means a set of cells of that board and nothing
//! else) — then blocks of entries:
//!
//! | bytes | what |
//! | --- | --- |
//! | 4 | `n`, the number of entries (1 ≤ n ≤ 65,536), little-endian |
//! | `n` × (`K` + 2) | each entry's key (`K` bytes, little-endian words), its value and its work |
//! | 4 | the CRC-32 of the 4 bytes of `n` and of the entries |
//!
//! Each save writes the whole table to a file beside the checkpoint, syncs it and renames it
//! into place (then syncs the directory), so the checkpoint on disk is always one whole save:
//! a kill during a save leaves the one before. A file that does not read back exactly — a
//! header for another search, a block cut short, a checksum that differs — is refused, with
//! the byte at which the damage was found, and nothing is taken from it.

use crate::budget::Saving;
use crate::files::{kill_for_tests, Aside, Kill};
use crate::{invalid, GameError};
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

/// The format line.
const MAGIC: &str = "grundy-search v1";
/// The most entries in one block.
const BLOCK: usize = 1 << 16;

/// A key a saved table can hold: a fixed number of bytes.
pub trait Key: Copy {
    /// Its bytes.
    const BYTES: usize;
    /// Appends its bytes.
    fn put(self, out: &mut Vec<u8>);
    /// The key of `BYTES` bytes.
    fn get(bytes: &[u8]) -> Self;
}

impl Key for u64 {
    const BYTES: usize = 8;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn get(bytes: &[u8]) -> Self {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[..8]);
        u64::from_le_bytes(word)
    }
}

impl Key for [u64; 2] {
    const BYTES: usize = 16;
    fn put(self, out: &mut Vec<u8>) {
        self[0].put(out);
        self[1].put(out);
    }
    fn get(bytes: &[u8]) -> Self {
        [u64::get(&bytes[..8]), u64::get(&bytes[8..16])]
    }
}

/// A search's checkpoint: its file, its line, and when it was last saved.
#[derive(Debug)]
pub(crate) struct Saved {
    saving: Saving,
    line: String,
    last: Instant,
    /// Whether the file was read (once, before the search starts).
    read: bool,
}

impl Saved {
    /// The checkpoint of the search named by `line` (the game and its board), as `saving`
    /// says; nothing is read or written yet.
    pub(crate) fn new(saving: Saving, line: String) -> Self {
        crate::budget::take_saving();
        Saved {
            saving,
            line,
            last: Instant::now(),
            read: false,
        }
    }

    /// The header of this search's files.
    fn header(&self) -> String {
        format!("{MAGIC}\n{}\n", self.line)
    }

    /// Whether the table should be saved now.
    pub(crate) fn due(&self) -> bool {
        self.last.elapsed() >= self.saving.every
    }

    /// The entries of the file (key, value, work), each given to `keep` once `room` has been
    /// told how many there are, the first time this is asked (later, nothing); none if
    /// there is no file yet. A file of another search, or a damaged one, is refused.
    pub(crate) fn read<K: Key>(
        &mut self,
        room: impl FnOnce(u64),
        mut keep: impl FnMut(K, u8, u8),
    ) -> Result<u64, GameError> {
        if std::mem::replace(&mut self.read, true) {
            return Ok(0);
        }
        let path = &self.saving.path;
        let cannot = |e: std::io::Error| invalid!("cannot read checkpoint {}: {e}", path.display());
        let open = || fs::File::open(path).map(|f| std::io::BufReader::with_capacity(1 << 20, f));
        let mut file = match open() {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(e) => return Err(cannot(e)),
        };
        let header = self.header();
        let mut start = vec![0u8; header.len()];
        let whole = file.read_exact(&mut start).is_ok();
        if !whole || start != header.as_bytes() {
            let mut first = Vec::new();
            open()
                .map_err(cannot)?
                .take(256)
                .read_to_end(&mut first)
                .ok();
            let first = String::from_utf8_lossy(&first);
            let lines: Vec<&str> = first.lines().take(2).collect();
            return Err(match lines.as_slice() {
                [magic, line, ..] if *magic == MAGIC => invalid!(
                    "checkpoint {} is of another search ({line}), not of {}",
                    path.display(),
                    self.line
                ),
                _ => invalid!(
                    "checkpoint {} is not a grundy search checkpoint ({MAGIC})",
                    path.display()
                ),
            });
        };
        // Checked throughout first; only then is anything taken from it (a second pass).
        let entry = K::BYTES + 2;
        let entries = blocks(&mut file, entry, header.len(), path, &mut |_| {})?;
        room(entries);
        let mut file = open().map_err(cannot)?;
        file.read_exact(&mut start).map_err(cannot)?;
        blocks(&mut file, entry, header.len(), path, &mut |e| {
            keep(K::get(e), e[K::BYTES], e[K::BYTES + 1]);
        })
    }

    /// Saves the entries `fill` gives (key, value, work, one call each) as the whole
    /// checkpoint: written aside, synced, renamed into place.
    pub(crate) fn save<K: Key>(
        &mut self,
        fill: impl FnOnce(&mut dyn FnMut(K, u8, u8)),
    ) -> Result<(), GameError> {
        let path = self.saving.path.clone();
        let io = |e: std::io::Error| invalid!("cannot write checkpoint {}: {e}", path.display());
        let kill = kill_for_tests();
        let mut f = Aside::create(&path).map_err(io)?;
        f.write_all(self.header().as_bytes()).map_err(io)?;
        // A block's count, filled in when it is written.
        let mut block = vec![0u8; 4];
        let mut n = 0u32;
        let mut failed = None;
        let mut write = |block: &mut Vec<u8>, n: &mut u32| {
            if *n > 0 && failed.is_none() {
                block[..4].copy_from_slice(&n.to_le_bytes());
                let crc = crc32fast::hash(block).to_le_bytes();
                if let Err(e) = f.write_all(block).and_then(|()| f.write_all(&crc)) {
                    failed = Some(e);
                }
            }
            block.truncate(4);
            *n = 0;
        };
        fill(&mut |key, value, work| {
            key.put(&mut block);
            block.push(value);
            block.push(work);
            n += 1;
            if n as usize == BLOCK {
                write(&mut block, &mut n);
            }
        });
        write(&mut block, &mut n);
        if let Some(e) = failed {
            return Err(io(e));
        }
        if kill == Some(Kill::During) {
            // Killed before the rename: the save before this one is what the file holds.
            f.sync().map_err(io)?;
            std::process::abort();
        }
        f.finish().map_err(io)?;
        self.last = Instant::now();
        if kill == Some(Kill::After) {
            std::process::abort();
        }
        Ok(())
    }
}

/// Reads the blocks of entries of `entry` bytes that follow a header of `at` bytes, checking
/// each, and gives each entry of a sound block to `each`: how many there were. A block cut
/// short, of a count out of range, or whose checksum differs is damage, refused with the byte
/// where its block starts.
fn blocks(
    file: &mut impl Read,
    entry: usize,
    mut at: usize,
    path: &Path,
    each: &mut dyn FnMut(&[u8]),
) -> Result<u64, GameError> {
    let mut block = Vec::new();
    let mut entries = 0u64;
    loop {
        let damaged = || invalid!("checkpoint {} is damaged at byte {at}", path.display());
        let mut count = [0u8; 4];
        match file.read(&mut count[..1]) {
            Ok(0) => return Ok(entries),
            Ok(_) => file.read_exact(&mut count[1..]).map_err(|_| damaged())?,
            Err(_) => return Err(damaged()),
        }
        let n = u32::from_le_bytes(count) as usize;
        if n == 0 || n > BLOCK {
            return Err(damaged());
        }
        block.clear();
        block.extend_from_slice(&count);
        block.resize(4 + n * entry, 0);
        let mut crc = [0u8; 4];
        file.read_exact(&mut block[4..]).map_err(|_| damaged())?;
        file.read_exact(&mut crc).map_err(|_| damaged())?;
        if crc32fast::hash(&block).to_le_bytes() != crc {
            return Err(damaged());
        }
        block[4..].chunks_exact(entry).for_each(&mut *each);
        entries += n as u64;
        at += block.len() + 4;
    }
}

/// Saves the entries `fill` gives to `saved`, if there is a checkpoint and, unless `now`,
/// the last save was long enough ago (see [`Saved::save`]).
pub(crate) fn save_due<K: Key>(
    saved: &mut Option<Saved>,
    now: bool,
    fill: impl FnOnce(&mut dyn FnMut(K, u8, u8)),
) -> Result<(), GameError> {
    match saved {
        Some(saved) if now || saved.due() => saved.save(fill),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::time::Duration;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-saved-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join("search.ckpt")
    }

    fn saved(path: &Path, line: &str) -> Saved {
        let saving = Saving {
            path: path.to_path_buf(),
            every: Duration::ZERO,
        };
        Saved::new(saving, line.into())
    }

    /// Entries read back as they were saved, over several blocks; a later save replaces the
    /// file whole.
    #[test]
    fn entries_read_back_whole() {
        let path = scratch("whole");
        let entries: Vec<([u64; 2], u8, u8)> = (0..150_000u64)
            .map(|i| {
                (
                    [i.wrapping_mul(0x9e37_79b9_7f4a_7c15), i],
                    (i % 250) as u8,
                    (i % 7) as u8,
                )
            })
            .collect();
        saved(&path, "domineering 9x9")
            .save(|emit| entries.iter().for_each(|&(k, v, w)| emit(k, v, w)))
            .unwrap();
        let mut back = Vec::new();
        let n = saved(&path, "domineering 9x9")
            .read(|_| {}, |k: [u64; 2], v, w| back.push((k, v, w)))
            .unwrap();
        assert_eq!((n, back), (150_000, entries));
        saved(&path, "domineering 9x9")
            .save(|emit| emit([1u64, 2], 3, 4))
            .unwrap();
        let mut back = Vec::new();
        saved(&path, "domineering 9x9")
            .read(|_| {}, |k: [u64; 2], v, w| back.push((k, v, w)))
            .unwrap();
        assert_eq!(back, [([1, 2], 3, 4)]);
        fs::remove_dir_all(path.parent().unwrap()).ok();
    }

    /// A file of another search, a cut one, and one with any single byte changed are
    /// refused in one line, and nothing is taken from them.
    #[test]
    fn damaged_and_foreign_files_are_refused() {
        let path = scratch("damage");
        let entries: Vec<(u64, u8, u8)> = (0..1000u64).map(|i| (i * 3, 1, 2)).collect();
        saved(&path, "cram 5x7")
            .save(|emit| entries.iter().for_each(|&(k, v, w)| emit(k, v, w)))
            .unwrap();
        let good = fs::read(&path).unwrap();
        let e = saved(&path, "cram 5x8")
            .read(|_| panic!("room"), |_: u64, _, _| panic!("taken"))
            .unwrap_err();
        assert!(
            e.to_string().contains("of another search (cram 5x7)"),
            "{e}"
        );
        let header = format!("{MAGIC}\ncram 5x7\n").len();
        for at in (header..good.len()).step_by(97).chain([good.len() - 1]) {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            fs::write(&path, &bad).unwrap();
            let e =
                saved(&path, "cram 5x7").read(|_| panic!("room"), |_: u64, _, _| panic!("taken"));
            let e = e.unwrap_err().to_string();
            assert!(e.contains("is damaged at byte") && !e.contains('\n'), "{e}");
        }
        fs::write(&path, &good[..good.len() - 3]).unwrap();
        assert!(saved(&path, "cram 5x7")
            .read(|_| panic!("room"), |_: u64, _, _| panic!("taken"))
            .is_err());
        fs::write(&path, b"hello").unwrap();
        let e = saved(&path, "cram 5x7")
            .read(|_| panic!("room"), |_: u64, _, _| panic!("taken"))
            .unwrap_err();
        assert!(
            e.to_string().contains("not a grundy search checkpoint"),
            "{e}"
        );
        fs::remove_dir_all(path.parent().unwrap()).ok();
    }
}
