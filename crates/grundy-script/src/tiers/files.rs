//! The tier files: a tier's positions, moves and values, each written aside with a CRC-32
//! and renamed into place, and read back only when the checksum agrees.

use super::*;

/// The positions of a tier, sorted, in one buffer.
pub(super) struct Keys {
    pub(super) bytes: Vec<u8>,
    pub(super) ends: Vec<usize>,
}

impl Keys {
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(super) fn get(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    pub(super) fn find(&self, key: &[u8]) -> Option<u32> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.get(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid as u32),
            }
        }
        None
    }

    /// Bytes held.
    pub(super) fn memory(&self) -> u64 {
        (self.bytes.len() + 8 * self.ends.len()) as u64
    }
}

/// The header of a positions file: what exploring the tier found besides its positions.
pub(super) struct PositionsHead {
    pub(super) terminals: u64,
    pub(super) below: Vec<u64>,
}

/// The values of a tier's positions, in the order of its keys.
pub(super) struct Values {
    pub(super) outcome: Vec<Outcome>,
    pub(super) remoteness: Vec<Option<u32>>,
    /// Generalized Sprague–Grundy values: a finite value, or `u32::MAX` for ∞ (its set in
    /// `sets`).
    pub(super) labels: Option<Vec<u32>>,
    pub(super) sets: FxHashMap<u32, Vec<u32>>,
}

impl Values {
    pub(super) fn known(&self, i: u32) -> Known {
        let i = i as usize;
        Known {
            outcome: self.outcome[i],
            remoteness: self.remoteness[i],
            grundy: self.labels.as_ref().map(|l| match l[i] {
                u32::MAX => Gsg::Infinite(self.sets.get(&(i as u32)).cloned().unwrap_or_default()),
                v => Gsg::Finite(v),
            }),
        }
    }

    pub(super) fn memory(&self) -> u64 {
        let per = 1 + 8 + if self.labels.is_some() { 4 } else { 0 };
        (self.outcome.len() * per) as u64
            + self
                .sets
                .values()
                .map(|s| 48 + 4 * s.len() as u64)
                .sum::<u64>()
    }
}

pub(super) fn io(path: &Path, e: std::io::Error) -> ScriptError {
    ScriptError::Script(format!("{}: {e}", path.display()))
}

/// Appends `keys`, each as its length and its bytes (the count is written by the caller).
pub(super) fn put_keys(out: &mut Vec<u8>, keys: &[Key]) {
    for k in keys {
        put_varint(out, k.len() as u64);
        out.extend_from_slice(k);
    }
}

/// Reading a tier file's body: a byte at a time, and the numbers the bytes make.
pub(super) trait Body {
    fn byte(&mut self) -> Result<u8, ScriptError>;

    /// Bytes of the body not yet read.
    fn left(&self) -> u64;

    /// The error of a body that does not read as it should.
    fn damaged(&self) -> ScriptError;

    fn varint(&mut self) -> Result<u64, ScriptError> {
        let mut failed = None;
        let mut bytes = std::iter::from_fn(|| self.byte().map_err(|e| failed = Some(e)).ok());
        let v = varint(&mut bytes);
        match (v, failed) {
            (_, Some(e)) => Err(e),
            (Some(v), None) => Ok(v),
            (None, None) => Err(self.damaged()),
        }
    }

    /// A count of items: none can exceed the bytes left (each item takes one at least).
    fn count(&mut self) -> Result<usize, ScriptError> {
        let n = self.varint()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n as u64 <= self.left())
            .ok_or_else(|| self.damaged())
    }
}

/// Reads a file's body, after its checks.
pub(super) struct Reader {
    pub(super) bytes: Vec<u8>,
    pub(super) at: usize,
    pub(super) path: PathBuf,
}

impl Reader {
    /// The body of `path`, written by [`write_file`] with `head`, checked.
    pub(super) fn open(path: PathBuf, head: &str) -> Result<Reader, ScriptError> {
        Ok(Reader {
            bytes: read_file(&path, head)?,
            at: 0,
            path,
        })
    }

    pub(super) fn bytes(&mut self, n: usize) -> Result<&[u8], ScriptError> {
        let b = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or_else(|| self.damaged())?;
        self.at += n;
        Ok(b)
    }

    pub(super) fn u32(&mut self) -> Result<u32, ScriptError> {
        let v = self.varint()?;
        u32::try_from(v).map_err(|_| self.damaged())
    }
}

impl Body for Reader {
    fn byte(&mut self) -> Result<u8, ScriptError> {
        let b = *self.bytes.get(self.at).ok_or_else(|| self.damaged())?;
        self.at += 1;
        Ok(b)
    }

    fn left(&self) -> u64 {
        (self.bytes.len() - self.at) as u64
    }

    fn damaged(&self) -> ScriptError {
        damaged(&self.path, "its contents do not read back")
    }
}

pub(super) fn damaged(path: &Path, why: &str) -> ScriptError {
    ScriptError::Script(format!(
        "{} is damaged ({why}); delete it, and the run computes it again",
        path.display()
    ))
}

/// Writes `head` line and `body` to `path`, with a CRC-32 after them: aside (as
/// `path.new`), synced, renamed.
pub(super) fn write_file(path: &Path, head: &str, body: &[u8]) -> Result<(), ScriptError> {
    let mut w = Writer::create(path, head)?;
    w.put(body)?;
    w.finish()
}

/// A file written a piece at a time: aside (as `path.new`), its `head` line, the pieces, then
/// a CRC-32 of all of it; synced and renamed into place by [`Writer::finish`].
pub(super) struct Writer {
    pub(super) file: Aside,
    pub(super) crc: crc32fast::Hasher,
}

impl Writer {
    pub(super) fn create(path: &Path, head: &str) -> Result<Writer, ScriptError> {
        let file = Aside::create(path).map_err(|e| io(&aside(path), e))?;
        let mut w = Writer {
            file,
            crc: crc32fast::Hasher::new(),
        };
        w.put(format!("{FORMAT} {head}\n").as_bytes())?;
        Ok(w)
    }

    pub(super) fn put(&mut self, bytes: &[u8]) -> Result<(), ScriptError> {
        self.crc.update(bytes);
        self.file
            .write_all(bytes)
            .map_err(|e| io(self.file.tmp(), e))
    }

    pub(super) fn finish(mut self) -> Result<(), ScriptError> {
        let crc = self.crc.clone().finalize().to_le_bytes();
        self.file
            .write_all(&crc)
            .map_err(|e| io(self.file.tmp(), e))?;
        // Named before finish takes the file.
        let tmp = self.file.tmp().to_path_buf();
        self.file.finish().map_err(|e| io(&tmp, e))
    }
}

impl Body for MovesReader {
    fn byte(&mut self) -> Result<u8, ScriptError> {
        let mut b = [0];
        self.fill(&mut b)?;
        Ok(b[0])
    }

    fn left(&self) -> u64 {
        self.left
    }

    fn damaged(&self) -> ScriptError {
        damaged(&self.path, "its contents do not read back")
    }
}

/// A tier's moves file read a piece at a time (it may be larger than the tier): the CRC-32 is
/// checked by [`MovesReader::finish`], before anything read is written as a value.
pub(super) struct MovesReader {
    pub(super) path: PathBuf,
    pub(super) file: std::io::BufReader<std::fs::File>,
    /// Bytes of the body not yet read.
    pub(super) left: u64,
    pub(super) crc: crc32fast::Hasher,
}

impl MovesReader {
    pub(super) fn open(path: PathBuf, head: &str) -> Result<MovesReader, ScriptError> {
        use std::io::Read;
        let file = std::fs::File::open(&path).map_err(|e| io(&path, e))?;
        let len = file.metadata().map_err(|e| io(&path, e))?.len();
        let mut file = std::io::BufReader::with_capacity(1 << 20, file);
        let head = format!("{FORMAT} {head}\n");
        let mut first = vec![0; head.len()];
        if len < head.len() as u64 + 4
            || file.read_exact(&mut first).is_err()
            || first != head.as_bytes()
        {
            return Err(damaged(
                &path,
                &format!("it does not start with '{}'", head.trim()),
            ));
        }
        let mut crc = crc32fast::Hasher::new();
        crc.update(&first);
        Ok(MovesReader {
            path,
            file,
            left: len - head.len() as u64 - 4,
            crc,
        })
    }

    pub(super) fn at_end(&self) -> bool {
        self.left == 0
    }

    pub(super) fn fill(&mut self, out: &mut [u8]) -> Result<(), ScriptError> {
        use std::io::Read;
        if (out.len() as u64) > self.left {
            return Err(self.damaged());
        }
        self.file.read_exact(out).map_err(|e| io(&self.path, e))?;
        self.left -= out.len() as u64;
        self.crc.update(out);
        Ok(())
    }

    /// A key (its length, then its bytes) into `out`.
    pub(super) fn key(&mut self, out: &mut Vec<u8>) -> Result<(), ScriptError> {
        let n = self.count()?;
        out.resize(n, 0);
        self.fill(out)
    }

    /// `e`, unless the file's checksum differs: then that (the rest of the file is read).
    pub(super) fn blame(mut self, e: ScriptError) -> ScriptError {
        let mut rest = vec![0; 1 << 16];
        while self.left > 0 {
            let n = rest.len().min(self.left as usize);
            if self.fill(&mut rest[..n]).is_err() {
                return damaged(&self.path, "it is cut short");
            }
        }
        match self.finish() {
            Ok(()) => e,
            Err(damage) => damage,
        }
    }

    /// Checks the CRC-32 once the body is read.
    pub(super) fn finish(mut self) -> Result<(), ScriptError> {
        use std::io::Read;
        let mut stored = [0; 4];
        self.file
            .read_exact(&mut stored)
            .map_err(|e| io(&self.path, e))?;
        if self.left != 0 || self.crc.clone().finalize() != u32::from_le_bytes(stored) {
            return Err(damaged(&self.path, "its checksum differs"));
        }
        Ok(())
    }
}

/// Reads the body of `path`, written by [`write_file`] with `head`, after checking it.
pub(super) fn read_file(path: &Path, head: &str) -> Result<Vec<u8>, ScriptError> {
    let mut bytes = std::fs::read(path).map_err(|e| io(path, e))?;
    let head = format!("{FORMAT} {head}\n");
    if bytes.len() < head.len() + 4 || !bytes.starts_with(head.as_bytes()) {
        return Err(damaged(
            path,
            &format!("it does not start with '{}'", head.trim()),
        ));
    }
    let crc_at = bytes.len() - 4;
    let stored = u32::from_le_bytes(bytes[crc_at..].try_into().expect("4 bytes"));
    if crc32fast::hash(&bytes[..crc_at]) != stored {
        return Err(damaged(path, "its checksum differs"));
    }
    bytes.truncate(crc_at);
    bytes.drain(..head.len());
    Ok(bytes)
}

pub(super) fn encode_outcome(o: Outcome) -> u8 {
    match o {
        Outcome::N => 0,
        Outcome::P => 1,
        Outcome::D => 2,
        Outcome::T => 3,
        Outcome::L => 4,
        Outcome::R => 5,
    }
}

pub(super) fn decode_outcome(b: u8) -> Option<Outcome> {
    Some(match b {
        0 => Outcome::N,
        1 => Outcome::P,
        2 => Outcome::D,
        3 => Outcome::T,
        4 => Outcome::L,
        5 => Outcome::R,
        _ => return None,
    })
}
