//! Checkpoints of `grundy sequence`: the values computed so far, saved as the run goes so that
//! a run killed at any moment resumes where it was, and checked so that a damaged file is
//! refused rather than trusted.
//!
//! A file is a header — the format line `grundy-sequence v4` and the game line — then blocks,
//! each holding the next values in order:
//!
//! | bytes | what |
//! | --- | --- |
//! | 4 | `n`, the number of values (1 ≤ n ≤ 65,536), little-endian |
//! | 4 | `len`, the bytes of the values (n ≤ len ≤ 5n), little-endian |
//! | `len` | the values as LEB128 varints: 7 bits a byte, low bits first, the high bit set on every byte but a value's last |
//! | 4 | the CRC-32 of the 8 bytes of `n` and `len` and of the values |
//!
//! The file only grows: each save appends blocks of the new values and syncs (a new file is
//! written aside, synced and renamed into place). A kill in the middle of an append leaves a
//! last block that ends past the end of the file; it is dropped when the file is next opened.
//! Anything else that does not read back exactly — a block whose sizes are out of range, whose
//! checksum differs, whose values do not decode — is damage: the file is refused with the byte
//! at which it was found, and nothing is computed from it. (CRC-32 detects every error of up to
//! 32 consecutive bits, so every single flipped bit.)
//!
//! Files of earlier builds (v3: varints without blocks; v2: 4 bytes a value) carry no checksum,
//! so nothing can tell a damaged one from a sound one (a file of random bytes read as v2 gave
//! values up to 4·10⁹ with exit 0): they are refused, and named as such.

use super::StoredValue;
use crate::files::{kill_for_tests, put_varint, rename_into_place, Kill};
use crate::{invalid, GameError};
use std::fs;
use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The current format.
const MAGIC: &str = "grundy-sequence v4";
/// Earlier formats, recognised and refused.
const MAGIC_V3: &str = "grundy-sequence v3";
const MAGIC_V2: &str = "grundy-sequence v2";
/// The most values in one block (a killed run loses at most the block being written).
const BLOCK_VALUES: usize = 1 << 16;
/// Bytes of a block besides its values: `n`, `len` and the checksum.
const BLOCK_OVERHEAD: u64 = 12;

/// An open checkpoint file.
#[derive(Debug)]
pub(crate) struct Checkpoint {
    path: PathBuf,
    /// Values the file holds.
    saved: u64,
}

/// The header of `game`'s checkpoints.
pub(crate) fn header(game: &str) -> String {
    format!("{MAGIC}\n{game}\n")
}

/// A block's `n` and `len`, from its first 8 bytes.
fn block_sizes(sizes: &[u8; 8]) -> (u32, u32) {
    let word = |i: usize| u32::from_le_bytes([sizes[i], sizes[i + 1], sizes[i + 2], sizes[i + 3]]);
    (word(0), word(4))
}

/// The checksum of a block: CRC-32 of its sizes and its values.
fn block_crc(sizes: &[u8; 8], payload: &[u8]) -> [u8; 4] {
    let mut crc = crc32fast::Hasher::new();
    crc.update(sizes);
    crc.update(payload);
    crc.finalize().to_le_bytes()
}

/// Appends `values` as blocks.
pub(crate) fn put_blocks<V: StoredValue>(out: &mut Vec<u8>, values: &[V]) {
    let mut payload = Vec::with_capacity(5 * BLOCK_VALUES);
    for chunk in values.chunks(BLOCK_VALUES) {
        payload.clear();
        chunk
            .iter()
            .for_each(|v| put_varint(&mut payload, u64::from(v.get())));
        let mut sizes = [0u8; 8];
        sizes[..4].copy_from_slice(&(chunk.len() as u32).to_le_bytes());
        sizes[4..].copy_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&sizes);
        out.extend_from_slice(&payload);
        out.extend_from_slice(&block_crc(&sizes, &payload));
    }
}

/// Decodes exactly `n` varints filling `payload`, each into `V`: `Ok(None)` at the first that
/// `V` cannot hold, `Err` if the bytes are not `n` whole values of at most 32 bits.
fn decode<V: StoredValue>(payload: &[u8], n: usize, out: &mut Vec<V>) -> Result<Option<()>, ()> {
    let (mut v, mut shift, mut count) = (0u64, 0u32, 0usize);
    for &b in payload {
        v |= u64::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 != 0 {
            if shift >= 35 {
                return Err(());
            }
            continue;
        }
        let wide = u32::try_from(v).map_err(|_| ())?;
        let Some(x) = V::new(wide) else {
            return Ok(None);
        };
        out.push(x);
        count += 1;
        (v, shift) = (0, 0);
    }
    if shift != 0 || count != n {
        return Err(());
    }
    Ok(Some(()))
}

/// What a pass over the blocks found: the values they hold and the bytes of whole blocks.
struct Scan {
    values: u64,
    used: u64,
}

impl Checkpoint {
    /// Opens `path` for `game`: its values (a block cut by a kill is dropped from the file), or
    /// none when there is no file yet; `None` in place of the values if one does not fit in
    /// `V`. A damaged file is refused.
    #[allow(clippy::type_complexity)]
    pub(crate) fn open<V: StoredValue>(
        path: &Path,
        game: &str,
    ) -> Result<(Self, Option<Vec<V>>), GameError> {
        let mut cp = Checkpoint {
            path: path.to_path_buf(),
            saved: 0,
        };
        if !path.exists() {
            return Ok((cp, Some(Vec::new())));
        }
        let shown = path.display();
        let bad = |why: &str| invalid!("checkpoint {shown} is unreadable: {why}");
        let damaged = |at: u64, why: &str| {
            invalid!(
                "checkpoint {shown} is damaged at byte {at} ({why}); nothing was computed from \
                 it: remove it to start over"
            )
        };
        let mut f = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| bad(&e.to_string()))?;
        let len = f.metadata().map_err(|e| bad(&e.to_string()))?.len();
        // The format line and the game line (read whole up to a bound, so that another
        // game's longer name is shown whole when it is refused).
        let mut head = Vec::new();
        (&mut f)
            .take(MAGIC.len() as u64 + game.len().max(4096) as u64 + 2)
            .read_to_end(&mut head)
            .map_err(|e| bad(&e.to_string()))?;
        let mut lines = head.splitn(3, |&b| b == b'\n');
        let magic = lines.next().unwrap_or_default();
        let known = [MAGIC, MAGIC_V3, MAGIC_V2].map(str::as_bytes);
        if !known.contains(&magic) {
            return Err(bad("not a grundy sequence checkpoint"));
        }
        let name = lines.next().unwrap_or_default();
        if lines.next().is_none() {
            return Err(bad("its header is cut short"));
        }
        if name != game.as_bytes() {
            return Err(invalid!(
                "checkpoint {shown} belongs to '{}', not to '{game}'",
                String::from_utf8_lossy(name)
            ));
        }
        let start = (magic.len() + name.len() + 2) as u64;
        if magic != MAGIC.as_bytes() {
            return Err(invalid!(
                "checkpoint {shown} was written by an earlier grundy ({}), without checksums, so \
                 it cannot be trusted: remove it to start over",
                String::from_utf8_lossy(magic)
            ));
        }
        // First the block sizes alone (to allocate the values once, and to find a block cut
        // by a kill), then the blocks, checked and decoded.
        let scan = Self::scan(&mut f, start, len).map_err(|(at, why)| damaged(at, why))?;
        f.seek(SeekFrom::Start(start))
            .map_err(|e| bad(&e.to_string()))?;
        let mut values = Vec::new();
        values
            .try_reserve_exact(scan.values as usize)
            .map_err(|_| bad("too large to load"))?;
        let mut reader = BufReader::with_capacity(1 << 20, (&mut f).take(scan.used));
        let mut at = start;
        let mut block = Vec::new();
        while at < start + scan.used {
            let mut sizes = [0u8; 8];
            reader
                .read_exact(&mut sizes)
                .map_err(|e| bad(&e.to_string()))?;
            let (n, bytes) = block_sizes(&sizes);
            let (n, bytes) = (n as usize, bytes as usize);
            block.resize(bytes + 4, 0);
            reader
                .read_exact(&mut block)
                .map_err(|e| bad(&e.to_string()))?;
            let (payload, sum) = block.split_at(bytes);
            if block_crc(&sizes, payload) != sum {
                return Err(damaged(at, "its checksum does not match"));
            }
            match decode(payload, n, &mut values) {
                Err(()) => return Err(damaged(at, "its values do not decode")),
                Ok(None) => return Ok((cp, None)),
                Ok(Some(())) => {}
            }
            at += BLOCK_OVERHEAD + bytes as u64;
        }
        if start + scan.used != len {
            f.set_len(start + scan.used)
                .map_err(|e| bad(&e.to_string()))?;
        }
        cp.saved = values.len() as u64;
        Ok((cp, Some(values)))
    }

    /// Walks the block sizes from `start` to the end of the file (`len`): the values and the
    /// bytes of the whole blocks; a last block ending past the end of the file is left out.
    fn scan(f: &mut fs::File, start: u64, len: u64) -> Result<Scan, (u64, &'static str)> {
        let mut scan = Scan { values: 0, used: 0 };
        let mut at = start;
        loop {
            let io = |_| (at, "it cannot be read");
            if len - at < 8 {
                return Ok(scan);
            }
            f.seek(SeekFrom::Start(at)).map_err(io)?;
            let mut sizes = [0u8; 8];
            f.read_exact(&mut sizes).map_err(io)?;
            let (n, bytes) = block_sizes(&sizes);
            let (n, bytes) = (u64::from(n), u64::from(bytes));
            if at + BLOCK_OVERHEAD + bytes > len {
                // Cut by a kill while it was written (or damaged in its last sizes: either
                // way its values are computed again).
                return Ok(scan);
            }
            if n == 0 || n > BLOCK_VALUES as u64 || bytes < n || bytes > 5 * n {
                return Err((at, "a block's sizes are out of range"));
            }
            scan.values += n;
            scan.used += BLOCK_OVERHEAD + bytes;
            at += BLOCK_OVERHEAD + bytes;
        }
    }

    /// Values the file holds.
    #[cfg(test)]
    pub(crate) fn saved(&self) -> u64 {
        self.saved
    }

    /// Appends the values not yet in the file and syncs it (a new file is written aside whole,
    /// synced and renamed into place). See [`crate::files::kill_for_tests`] for the one way a test stops it.
    pub(crate) fn save<V: StoredValue>(
        &mut self,
        game: &str,
        values: &[V],
    ) -> Result<(), GameError> {
        let io =
            |e: std::io::Error| invalid!("cannot write checkpoint {}: {e}", self.path.display());
        let whole = self.saved == 0;
        if !whole && self.saved >= values.len() as u64 {
            return Ok(());
        }
        let from = if whole { 0 } else { self.saved as usize };
        let mut buf = Vec::new();
        if whole {
            buf.extend_from_slice(header(game).as_bytes());
        }
        // A new file is written aside, then renamed into place.
        let tmp = whole.then(|| crate::files::aside(&self.path));
        let mut f = match &tmp {
            Some(tmp) => fs::File::create(tmp),
            None => fs::OpenOptions::new().append(true).open(&self.path),
        }
        .map_err(io)?;
        let kill = kill_for_tests();
        // The header (if any) goes out with the first chunk, or alone.
        for chunk in values[from..].chunks(16 * BLOCK_VALUES) {
            put_blocks(&mut buf, chunk);
            if kill == Some(Kill::During) {
                // A torn write: half of what this save writes, synced, then the end.
                f.write_all(&buf[..buf.len() / 2]).map_err(io)?;
                f.sync_data().map_err(io)?;
                std::process::abort();
            }
            f.write_all(&buf).map_err(io)?;
            buf.clear();
        }
        f.write_all(&buf).map_err(io)?;
        f.sync_data().map_err(io)?;
        if let Some(tmp) = tmp {
            rename_into_place(&tmp, &self.path).map_err(io)?;
        }
        self.saved = values.len() as u64;
        if kill == Some(Kill::After) {
            std::process::abort();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::parse_code;
    use crate::heap::sequence::{Job, Source};

    fn job(path: &Path, to: u64) -> Job {
        Job {
            source: Source::Rule(parse_code("0.6").unwrap()),
            game: "octal 0.6".into(),
            to,
            until_periodic: false,
            checkpoint: Some(path.to_path_buf()),
            keep_values: true,
        }
    }

    fn run(j: &Job) -> Result<Vec<u32>, String> {
        j.run(&mut |_, _| {})
            .map(|r| r.values.unwrap())
            .map_err(|e| e.to_string())
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    proptest::proptest! {
        /// Values read back from their blocks, whatever their sizes and however they are cut
        /// into saves.
        #[test]
        fn blocks_read_back_their_values(
            values in proptest::collection::vec(proptest::prelude::any::<u32>(), 0..300),
            cuts in proptest::collection::vec(0usize..300, 0..4),
        ) {
            let mut bounds: Vec<usize> = cuts.into_iter().map(|c| c.min(values.len())).collect();
            bounds.push(0);
            bounds.push(values.len());
            bounds.sort_unstable();
            let mut body = Vec::new();
            for w in bounds.windows(2) {
                put_blocks(&mut body, &values[w[0]..w[1]]);
            }
            let dir = scratch(&format!("prop-{}", values.len()));
            let path = dir.join("c.bin");
            let mut file = header("g").into_bytes();
            file.extend_from_slice(&body);
            fs::write(&path, &file).unwrap();
            let (cp, read) = Checkpoint::open::<u32>(&path, "g").unwrap();
            proptest::prop_assert_eq!(read.unwrap(), values.clone());
            proptest::prop_assert_eq!(cp.saved(), values.len() as u64);
            fs::remove_dir_all(&dir).ok();
        }
    }

    #[test]
    fn runs_resume_and_other_games_are_refused() {
        let dir = scratch("ckpt");
        let path = dir.join("c.bin");
        let mut j = job(&path, 3000);
        let full = run(&j).unwrap();
        // A run killed in the middle of appending leaves part of a block: it is dropped.
        let whole = fs::metadata(&path).unwrap().len();
        let mut f = fs::OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(&[5, 0, 0, 0, 9, 0, 0, 0, 1, 2]).unwrap();
        drop(f);
        j.to = 5000;
        let more = run(&j).unwrap();
        assert_eq!(&more[..3001], &full[..]);
        assert!(fs::metadata(&path).unwrap().len() > whole);
        // Fewer values than saved: a prefix, and the file is left alone.
        let len = fs::metadata(&path).unwrap().len();
        j.to = 100;
        assert_eq!(run(&j).unwrap(), full[..101].to_vec());
        assert_eq!(fs::metadata(&path).unwrap().len(), len);
        // The same values as a run without a checkpoint.
        j.to = 5000;
        let plain = run(&Job {
            checkpoint: None,
            ..j.clone()
        })
        .unwrap();
        assert_eq!(plain, more);
        // Another game: the checkpoint's name is shown whole.
        let other = Job {
            game: "kayles".into(),
            ..j.clone()
        };
        let refused = run(&other).unwrap_err();
        assert!(
            refused.contains("belongs to 'octal 0.6', not to 'kayles'"),
            "{refused}"
        );
        fs::write(&path, b"junk").unwrap();
        assert!(run(&j)
            .unwrap_err()
            .contains("not a grundy sequence checkpoint"));
        // A header cut short is said to be so, not to belong to the same game.
        fs::write(&path, format!("{MAGIC}\noctal 0.6")).unwrap();
        assert!(run(&j).unwrap_err().contains("header is cut short"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn checkpoints_of_earlier_builds_are_refused_untouched() {
        let dir = scratch("legacy");
        let path = dir.join("c.bin");
        let j = job(&path, 300);
        for magic in [MAGIC_V2, MAGIC_V3] {
            // Sound or random, an unchecked body cannot be told apart: both refused.
            let mut old = format!("{magic}\n{}\n", j.game).into_bytes();
            old.extend((0..5000u32).map(|i| (i * 2_654_435_761 % 251) as u8));
            fs::write(&path, &old).unwrap();
            let e = run(&j).unwrap_err();
            assert!(e.contains("earlier grundy") && e.contains(magic), "{e}");
            assert_eq!(fs::read(&path).unwrap(), old);
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Every single flipped bit, and every cut, of a checkpoint: the run either gives exactly
    /// the values of a run without it, or refuses the file in one line. Nothing silently wrong.
    #[test]
    fn every_flipped_bit_and_every_cut_is_caught_or_harmless() {
        let dir = scratch("damage");
        let path = dir.join("c.bin");
        let to = 300;
        let j = job(&path, to);
        let want = run(&Job {
            checkpoint: None,
            ..j.clone()
        })
        .unwrap();
        // Three saves, so three blocks.
        for t in [100, 200, to] {
            run(&job(&path, t)).unwrap();
        }
        let good = fs::read(&path).unwrap();
        let (mut refused, mut harmless) = (0, 0);
        let mut check = |damaged: &[u8], what: &str| {
            fs::write(&path, damaged).unwrap();
            match run(&j) {
                Ok(values) => {
                    assert_eq!(values, want, "{what}: silently wrong");
                    harmless += 1;
                }
                Err(e) => {
                    assert_eq!(e.lines().count(), 1, "{what}: {e}");
                    refused += 1;
                }
            }
        };
        for bit in 0..good.len() * 8 {
            let mut d = good.clone();
            d[bit / 8] ^= 1 << (bit % 8);
            check(&d, &format!("bit {bit} flipped"));
        }
        for len in 0..good.len() {
            check(&good[..len], &format!("cut to {len} bytes"));
        }
        // A header and 5000 zero bytes claims nothing.
        let mut zeros = header(&j.game).into_bytes();
        zeros.resize(zeros.len() + 5000, 0);
        check(&zeros, "zeros");
        assert!(
            refused > good.len() * 6,
            "{refused} refused, {harmless} harmless"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
