//! Writing the player's files so that nothing is ever half written or
//! written through a link: new files only (exclusive, no link followed,
//! the owner's only), whole replacements (a temporary, fsync, rename,
//! fsync of the folder), numbered new files, damaged files kept aside,
//! and the temporaries a killed save left behind removed.

use super::folders::private_dir;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether a file name is one [`temp_name`] makes: ".{name}.{pid}.{n}.{nanos}.tmp".
fn is_our_temporary(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else { return false };
    let parts: Vec<&str> = inner.rsplitn(4, '.').collect();
    parts.len() == 4
        && !parts[3].is_empty()
        && parts[..3].iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Removes the temporaries a killed save left in `dir`: only names we
/// make, only regular files (no link followed), only our own.
pub(super) fn remove_stale_temporaries(dir: &Path) {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: getuid has no preconditions.
    let me = unsafe { libc::getuid() };
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let ours = entry.file_name().to_str().is_some_and(is_our_temporary);
        let plain_file = entry.path().symlink_metadata().is_ok_and(|m| m.is_file() && m.uid() == me);
        if ours && plain_file {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Creates a new file that did not exist, never following a symbolic link
/// (O_CREAT | O_EXCL | O_NOFOLLOW), readable and writable by its owner only.
pub fn create_new(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).custom_flags(libc::O_NOFOLLOW).open(path)
}

/// A temporary name beside `path` that no other process uses: the process
/// id, a counter and the time.
fn temp_name(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("save");
    path.with_file_name(format!(".{name}.{}.{n}.{nanos}.tmp", std::process::id()))
}

fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Writes a file so that it is either the old or the new content, never
/// half: a new temporary file (exclusive, no symbolic links followed),
/// fsync, rename over the old one, fsync of the folder. Every step is
/// checked.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    private_dir(dir)?;
    let tmp = temp_name(path);
    let written = (|| {
        let mut f = create_new(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written?;
    sync_dir(dir)
}

/// A file opened to add to (made if missing): only a regular file, never
/// through a link, never a FIFO or a device (no wait on opening one).
pub(crate) fn open_to_append(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::from(std::io::ErrorKind::InvalidInput));
    }
    Ok(file)
}

/// Writes `text` to a new file `{stem}-{n}.{ext}` in `dir` with the
/// smallest n not taken (never overwriting), synced to disk; returns its path.
pub fn write_new_numbered(dir: &Path, stem: &str, ext: &str, text: &str) -> std::io::Result<PathBuf> {
    private_dir(dir)?;
    for n in 1..100_000u32 {
        let path = dir.join(format!("{stem}-{n}.{ext}"));
        let mut f = match create_new(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        };
        let written = f.write_all(text.as_bytes()).and_then(|()| f.sync_all());
        if let Err(e) = written {
            drop(f);
            let _ = std::fs::remove_file(&path);
            return Err(e);
        }
        sync_dir(dir)?;
        return Ok(path);
    }
    Err(std::io::Error::other("too many files of that name"))
}

/// Keeps a damaged file aside, renamed `NAME.damaged-N.EXT`
/// (`current-game.damaged-1.toml`; never over another); returns the
/// new path.
pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path.file_stem().map_or("file".into(), |s| s.to_string_lossy().to_string());
    let ext = path.extension().map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    for n in 1..10_000u32 {
        let aside = dir.join(format!("{stem}.damaged-{n}{ext}"));
        if aside.symlink_metadata().is_ok() {
            continue;
        }
        // A hard link never replaces an existing name; then the old name goes.
        match std::fs::hard_link(path, &aside) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                sync_dir(dir)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many damaged saves"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_temporaries_are_known_as_ours() {
        let made = temp_name(Path::new("/d/current-game.toml"));
        assert!(is_our_temporary(made.file_name().unwrap().to_str().unwrap()));
        for other in [".current-game.toml.tmp", "current-game.toml", ".x.1.2.tmp", ".a.b.c.d.tmp", "..1.2.3.tmp"] {
            assert!(!is_our_temporary(other), "{other}");
        }
    }

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("voxchess-autosave-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn games_ending_in_the_same_second_get_their_own_files() {
        let d = dir("numbered");
        let names: Vec<PathBuf> =
            (0..3).map(|i| write_new_numbered(&d, "2026-11-30", "pgn", &format!("game {i}")).unwrap()).collect();
        assert_eq!(names, [1, 2, 3].map(|n| d.join(format!("2026-11-30-{n}.pgn"))));
        assert_eq!(std::fs::read_to_string(&names[0]).unwrap(), "game 0");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn links_are_never_followed() {
        let d = dir("links");
        let target = d.join("target");
        std::fs::write(&target, "precious").unwrap();
        std::os::unix::fs::symlink(&target, d.join("2026-11-30-1.pgn")).unwrap();
        let path = write_new_numbered(&d, "2026-11-30", "pgn", "game").unwrap();
        assert_eq!(path, d.join("2026-11-30-2.pgn"));
        assert!(create_new(&d.join("2026-11-30-1.pgn")).is_err());
        // The autosave replaces a link by rename, never writing through it.
        let save = d.join("current-game.toml");
        std::os::unix::fs::symlink(&target, &save).unwrap();
        write_atomic(&save, "saved").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
        assert_eq!(std::fs::read_to_string(&save).unwrap(), "saved");
        let _ = std::fs::remove_dir_all(&d);
    }
}
