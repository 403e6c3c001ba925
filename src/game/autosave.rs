//! Autosave: after every move the game and the clock are written atomically
//! (a temporary file, fsync, rename), so a crash or kill -9 loses no
//! completed move.

use crate::clock::ChessClock;
use crate::config::Settings;
use crate::rules::{History, Move, Position};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Everything needed to continue a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The settings the game was started with.
    pub settings: Settings,
    /// The player's colour ("white" or "black"), or "both" for two humans.
    pub me: String,
    /// The start position.
    pub start_fen: String,
    /// The moves in UCI form.
    pub moves: Vec<String>,
    /// The clock, if the game has one, as of the save.
    pub clock: Option<ChessClock>,
    /// The date the game started (PGN form, 2026.11.30).
    pub date: String,
    /// The engine's name, if one plays.
    pub engine_name: Option<String>,
}

/// A save file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Reading or writing failed.
    #[error("cannot use the saved game {0}: {1}")]
    Io(String, String),
    /// The file is damaged.
    #[error("the saved game {0} is damaged: {1}")]
    Damaged(String, String),
}

/// The data folder, locked for one voxchess at a time (an flock on a lock
/// file inside it, released when this is dropped or the process ends).
#[derive(Debug)]
pub struct DataLock {
    _file: std::fs::File,
}

/// Why the data folder cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another voxchess holds the lock.
    #[error("another voxchess is playing with the data folder {0}; finish that game first")]
    Busy(String),
    /// Every user may write into the folder.
    #[error("the data folder {0} may be written by every user; make it yours (chmod o-w)")]
    Unsafe(String),
    /// The folder or the lock file cannot be made.
    #[error("the data folder {0} cannot be used: {1}")]
    Io(String, String),
}

impl DataLock {
    /// Locks the data folder (made if missing), or says why not.
    pub fn take(dir: &Path) -> Result<DataLock, LockError> {
        use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
        let shown = dir.display().to_string();
        let io = |e: std::io::Error| LockError::Io(shown.clone(), e.to_string());
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(io)?;
        let meta = std::fs::metadata(dir).map_err(io)?;
        if meta.mode() & 0o002 != 0 && meta.mode() & 0o1000 == 0 {
            return Err(LockError::Unsafe(shown));
        }
        // Opened for reading only: an flock needs no more, and the folder
        // can still be remounted read-only under a running game.
        let path = dir.join("lock");
        let open = || std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(&path);
        let file = match open() {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                match create_new(&path) {
                    Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(io(e)),
                    _ => {}
                }
                open().map_err(io)?
            }
            other => other.map_err(io)?,
        };
        match file.try_lock() {
            Ok(()) => Ok(DataLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Busy(shown)),
            Err(std::fs::TryLockError::Error(e)) => Err(io(e)),
        }
    }
}

/// Why a file could not be written, as the player is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteProblem {
    /// No space left.
    DiskFull,
    /// The folder or file may not be written.
    NotWritable,
    /// Anything else.
    Other,
}

impl WriteProblem {
    /// The kind of an I/O error.
    pub fn of(e: &std::io::Error) -> WriteProblem {
        use std::io::ErrorKind as K;
        match e.kind() {
            K::StorageFull | K::QuotaExceeded => WriteProblem::DiskFull,
            K::PermissionDenied | K::ReadOnlyFilesystem => WriteProblem::NotWritable,
            _ if e.raw_os_error() == Some(libc::ENOSPC) => WriteProblem::DiskFull,
            _ if matches!(e.raw_os_error(), Some(libc::EROFS | libc::EACCES | libc::EPERM | libc::ELOOP)) => {
                WriteProblem::NotWritable
            }
            _ => WriteProblem::Other,
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
    std::fs::create_dir_all(dir)?;
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

/// Writes `text` to a new file `{stem}-{n}.{ext}` in `dir` with the
/// smallest n not taken (never overwriting), synced to disk; returns its path.
pub fn write_new_numbered(dir: &Path, stem: &str, ext: &str, text: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
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

impl SavedGame {
    /// The autosave file.
    pub fn path() -> PathBuf {
        crate::config::data_dir().join("current-game.toml")
    }

    /// Writes the save atomically; every step is checked.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = toml::to_string(self).map_err(std::io::Error::other)?;
        write_atomic(path, &text)
    }

    /// Reads a save, if there is one.
    pub fn load(path: &Path) -> Result<Option<SavedGame>, SaveError> {
        /// A save is a few KiB; a larger file is not ours.
        const MAX_SAVE_BYTES: u64 = 4 * 1024 * 1024;
        let too_big = std::fs::metadata(path).is_ok_and(|m| m.len() > MAX_SAVE_BYTES);
        if too_big {
            return Err(SaveError::Damaged(path.display().to_string(), "it is larger than 4 MiB".into()));
        }
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(SaveError::Damaged(path.display().to_string(), "it is not text".into()));
            }
            Err(e) => return Err(SaveError::Io(path.display().to_string(), e.to_string())),
        };
        toml::from_str(&text)
            .map(Some)
            .map_err(|e| SaveError::Damaged(path.display().to_string(), e.message().to_string()))
    }

    /// The unfinished game as PGN, with the result "*".
    pub fn to_pgn(&self) -> Result<String, SaveError> {
        let history = self.history()?;
        let engine = self.engine_name.clone().map(super::Player::Engine);
        let human = super::Player::Human("?".into());
        let (white, black) = match (self.me.as_str(), engine) {
            ("white", Some(e)) => (human, e),
            ("black", Some(e)) => (e, human),
            _ => (human.clone(), human),
        };
        let controls = self.settings.time.as_ref().map(|t| t.value().clone());
        Ok(super::game_pgn(&history, &white, &black, None, controls.as_ref(), &self.date))
    }

    /// Keeps a damaged save aside, renamed `current-game.damaged-N.toml`
    /// (never over another); returns the new path.
    pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
        let dir = path.parent().unwrap_or(Path::new("."));
        for n in 1..10_000u32 {
            let aside = dir.join(format!("current-game.damaged-{n}.toml"));
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

    /// Replays the moves into a history.
    pub fn history(&self) -> Result<History, SaveError> {
        let damaged = |why: String| SaveError::Damaged(Self::path().display().to_string(), why);
        let start = Position::from_fen(&self.start_fen).map_err(|e| damaged(e.to_string()))?;
        let mut h = History::new(start);
        for uci in &self.moves {
            let m: Move = crate::notation::read_move(h.current(), uci, crate::notation::NotationLang::English)
                .map_err(|e| damaged(format!("move {uci}: {e}")))?;
            h.push(m).map_err(|e| damaged(e.to_string()))?;
        }
        Ok(h)
    }

    /// Removes the autosave once the game is kept elsewhere (its PGN).
    pub fn clear(path: &Path) -> std::io::Result<()> {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
