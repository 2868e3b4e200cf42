//! Files that a kill cannot leave half written, and the numbers they hold: what the
//! checkpoints of `grundy sequence` ([`crate::heap`]), of searches ([`crate::search`]) and
//! the tier files of rule scripts share.
//!
//! A file is written aside (as `NAME.new`), synced, renamed into place, and the directory
//! holding it synced, so that the name always holds one whole file: the old one or the new.
//! Numbers are LEB128 varints: 7 bits a byte, low bits first, the high bit set on every byte
//! but a number's last.
//!
//! ```
//! use grundy::files::{put_varint, varint};
//!
//! let mut bytes = Vec::new();
//! for v in [0u64, 127, 128, 300, u64::MAX] {
//!     put_varint(&mut bytes, v);
//! }
//! assert_eq!(bytes.len(), 1 + 1 + 2 + 2 + 10);
//! let mut next = bytes.iter().copied();
//! let back: Vec<u64> = (0..5).map(|_| varint(&mut next).unwrap()).collect();
//! assert_eq!(back, [0, 127, 128, 300, u64::MAX]);
//! assert_eq!(varint(&mut next), None);
//! ```

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Appends `v` as a LEB128 varint (1 byte below 128, 2 below 16,384, at most 10).
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The varint the next bytes make; none if they end first or it does not fit 64 bits.
pub fn varint(next: &mut impl Iterator<Item = u8>) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = next.next()?;
        let bits = u64::from(b & 0x7f);
        if shift == 63 && bits > 1 {
            return None;
        }
        v |= bits << shift;
        if b < 0x80 {
            return Some(v);
        }
    }
    None
}

/// The name a new copy of `path` is written under before it is renamed into place.
pub fn aside(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".new");
    PathBuf::from(name)
}

/// Renames `from` to `to` and syncs the directory that holds them, so that the rename itself
/// survives a power cut.
pub fn rename_into_place(from: &Path, to: &Path) -> io::Result<()> {
    std::fs::rename(from, to)?;
    let dir = match to.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // Some systems cannot open or sync a directory; the rename has happened all the same.
    if let Ok(d) = File::open(dir) {
        d.sync_all().ok();
    }
    Ok(())
}

/// A new copy of a file, written aside and put in place by [`Aside::finish`]; dropped
/// unfinished, it leaves the file as it was.
#[derive(Debug)]
pub struct Aside {
    path: PathBuf,
    tmp: PathBuf,
    file: BufWriter<File>,
}

impl Aside {
    /// Starts a new copy of `path` (written to [`aside`]`(path)`).
    pub fn create(path: &Path) -> io::Result<Aside> {
        let tmp = aside(path);
        let file = File::create(&tmp)?;
        Ok(Aside {
            path: path.to_path_buf(),
            tmp,
            file: BufWriter::with_capacity(1 << 20, file),
        })
    }

    /// The name it is written under until it is finished.
    pub fn tmp(&self) -> &Path {
        &self.tmp
    }

    /// Writes everything and syncs it to disk, still aside: what [`Aside::finish`] does
    /// before it renames.
    pub fn sync(&mut self) -> io::Result<()> {
        self.file.flush()?;
        self.file.get_ref().sync_data()
    }

    /// Writes everything, syncs it and renames it into place.
    pub fn finish(mut self) -> io::Result<()> {
        self.sync()?;
        rename_into_place(&self.tmp, &self.path)
    }
}

impl Write for Aside {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Where a test asks a run to die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kill {
    /// Halfway through writing a save (a torn append, or a new file never renamed).
    During,
    /// Just after a save is synced.
    After,
}

/// For tests of resuming, which must not depend on timing: with `GRUNDY_TEST_KILL=during:K`
/// or `after:K` in the environment, the process ends at once (abort, as a kill would end
/// it: nothing flushed, nothing cleaned up) in the middle of its K-th checkpoint save, or
/// right after it. Without the variable (the only case outside tests) this is `None`.
pub(crate) fn kill_for_tests() -> Option<Kill> {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static PLAN: OnceLock<Option<(Kill, u64)>> = OnceLock::new();
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let (kill, at) = (*PLAN.get_or_init(|| {
        let plan = std::env::var("GRUNDY_TEST_KILL").ok()?;
        let (when, k) = plan.split_once(':')?;
        let kill = match when {
            "during" => Kill::During,
            "after" => Kill::After,
            _ => return None,
        };
        Some((kill, k.parse().ok()?))
    }))?;
    (SAVES.fetch_add(1, Ordering::Relaxed) + 1 == at).then_some(kill)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every number reads back as written, from every length of varint; bytes that end
    /// early, or make more than 64 bits, read as none.
    #[test]
    fn varints_read_back_and_overlong_ones_are_refused() {
        let mut bytes = Vec::new();
        let values: Vec<u64> = (0..64)
            .flat_map(|k| [(1u64 << k) - 1, 1u64 << k, (1u64 << k) + 1])
            .chain([u64::MAX])
            .collect();
        for &v in &values {
            put_varint(&mut bytes, v);
        }
        let mut next = bytes.iter().copied();
        for &v in &values {
            assert_eq!(varint(&mut next), Some(v));
        }
        assert_eq!(varint(&mut next), None);
        assert_eq!(varint(&mut [0x80u8].into_iter()), None);
        // 2^64 written as a varint: the tenth byte holds more than one bit.
        let over = [0x80u8, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02];
        assert_eq!(varint(&mut over.into_iter()), None);
        let eleven = [0xffu8; 11];
        assert_eq!(varint(&mut eleven.into_iter()), None);
    }

    /// A copy put in place replaces the file whole; one dropped unfinished leaves it as it
    /// was.
    #[test]
    fn a_copy_replaces_the_file_only_when_finished() {
        let dir = std::env::temp_dir().join(format!("grundy-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f");
        let mut a = Aside::create(&path).unwrap();
        a.write_all(b"first").unwrap();
        a.finish().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        let mut b = Aside::create(&path).unwrap();
        b.write_all(b"second").unwrap();
        b.sync().unwrap();
        assert_eq!(b.tmp(), aside(&path));
        drop(b);
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        std::fs::remove_dir_all(&dir).ok();
    }
}
