//! The player's own small files that voxchess rewrites (the puzzle
//! record, the drills' bests, the puzzle results waiting for lichess, the
//! best streak): each is read whole before it is rewritten, and one that
//! cannot be read as it should (a byte that is not UTF-8, past its size,
//! not a regular file, not in its form) is never written over: it is kept
//! aside as a damaged save is (`NAME.damaged-N.EXT`), and a new one is
//! begun; if it cannot even be put aside, it is left as it is and not
//! written in this session. The caller says which happened.

use std::path::{Path, PathBuf};

/// A kept file as read.
#[derive(Debug)]
pub enum Kept {
    /// Its text (empty when there is no such file yet).
    Read(String),
    /// It could not be read as it should: kept aside under this name; a
    /// new one begins empty.
    Aside(PathBuf),
    /// It could not be read, nor put aside: left as it is, and never to
    /// be written in this session.
    Stuck,
}

impl Kept {
    /// The text to go on from: empty unless it was read.
    pub fn text(&self) -> &str {
        match self {
            Kept::Read(text) => text,
            Kept::Aside(_) | Kept::Stuck => "",
        }
    }

    /// Whether the file may be written.
    pub fn writable(&self) -> bool {
        !matches!(self, Kept::Stuck)
    }
}

/// Reads the kept file at `path` (at most `max` bytes, a regular file,
/// links followed as the data folder's files are); `in_form` says
/// whether its text is in the file's form. One that is not is kept aside.
pub fn read_kept(path: &Path, max: u64, in_form: impl Fn(&str) -> bool) -> Kept {
    match super::bounded::read_text(path, max) {
        Ok(text) if in_form(&text) => Kept::Read(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Kept::Read(String::new()),
        _ => match super::keep_aside(path) {
            Ok(aside) => Kept::Aside(aside),
            Err(_) => Kept::Stuck,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_file_is_kept_aside_never_rewritten() {
        let dir = std::env::temp_dir().join(format!("voxchess-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("record.txt");
        assert!(matches!(read_kept(&path, 100, |_| true), Kept::Read(t) if t.is_empty()));
        std::fs::write(&path, "1500 500 0.09\n").expect("write");
        assert!(matches!(read_kept(&path, 100, |_| true), Kept::Read(t) if t.starts_with("1500")));
        // Not in its form, then a byte that is not UTF-8, then too long.
        for (bytes, n) in [(&b"junk\n"[..], 1), (&b"1500 \xff\n"[..], 2), (&[b'1'; 200][..], 3)] {
            std::fs::write(&path, bytes).expect("write");
            let kept = read_kept(&path, 100, |t| t.starts_with('1') && !t.contains("junk"));
            let aside = dir.join(format!("record.damaged-{n}.txt"));
            assert!(matches!(&kept, Kept::Aside(p) if *p == aside), "{kept:?}");
            assert_eq!(std::fs::read(&aside).expect("aside"), bytes);
            assert!(!path.exists());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
