//! Autosave: after every move the game and the clock are written atomically
//! (a temporary file, fsync, rename), so a crash or kill -9 loses no
//! completed move.

use super::setup::GameSetup;
use crate::clock::ChessClock;
use crate::config::Settings;
use crate::rules::{Color, History, Move, Position};
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
    /// A finished game's score (PGN), kept here when it could not be
    /// written to the games folder at the game's end: the next start
    /// writes it there instead of offering to continue a game that is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    /// The mover's time left after each move, in ms (-1: not known), for
    /// the score's clock comments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_clocks: Vec<i64>,
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

/// How long a lock held by another voxchess is waited for.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(1500);

/// The data folder, locked for one voxchess at a time (an flock on a lock
/// file inside it, released when this is dropped or the process ends).
/// The lock file goes with the lock: removed while still held, so no
/// stray file stays in the folder; a voxchess that locked a file since
/// removed sees that its file is no longer the folder's and tries again.
#[derive(Debug)]
pub struct DataLock {
    file: std::fs::File,
    path: std::path::PathBuf,
}

impl Drop for DataLock {
    /// The lock file removed while the lock is still held (only when it
    /// is still this lock's file).
    fn drop(&mut self) {
        if same_file(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether `path` names the file `file` has open (not another file made
/// there since, nor none).
fn same_file(file: &std::fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Why the data folder cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another voxchess holds the lock.
    #[error("another voxchess is using the data folder {0}; let it finish, or end it first")]
    Busy(String),
    /// Every user may write into the folder.
    #[error("the data folder {0} may be written by every user; make it yours (chmod o-w)")]
    Unsafe(String),
    /// The folder or the lock file cannot be made.
    #[error("the data folder {0} cannot be used: {2}")]
    Io(String, WriteProblem, String),
}

impl DataLock {
    /// Locks the data folder (made if missing), or says why not.
    pub fn take(dir: &Path) -> Result<DataLock, LockError> {
        use std::os::unix::fs::{DirBuilderExt, MetadataExt};
        let shown = dir.display().to_string();
        let io = |e: std::io::Error| LockError::Io(shown.clone(), WriteProblem::of(&e), e.to_string());
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(io)?;
        let meta = std::fs::metadata(dir).map_err(io)?;
        // Written by others (sticky or not) or owned by another user: not
        // a folder to keep games in.
        // SAFETY: getuid has no preconditions.
        let me = unsafe { libc::getuid() };
        if meta.mode() & 0o002 != 0 || meta.uid() != me {
            return Err(LockError::Unsafe(shown));
        }
        // Opened for reading only: an flock needs no more, and the folder
        // can still be remounted read-only under a running game.
        let path = dir.join("lock");
        // No link followed, no wait on a FIFO planted there, nothing but a
        // regular file.
        let open = || crate::bounded::open_regular(&path, false);
        // A voxchess that has just quit may hold the lock a moment longer
        // (its helpers end after it): tried again briefly before saying
        // another one plays.
        let deadline = std::time::Instant::now() + LOCK_PATIENCE;
        loop {
            let file = match open() {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    match create_new(&path) {
                        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => return Err(io(e)),
                        _ => {}
                    }
                    match open() {
                        // Removed again meanwhile (its voxchess ended): anew.
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                        other => other.map_err(io)?,
                    }
                }
                other => other.map_err(io)?,
            };
            match file.try_lock() {
                // The file locked is still the folder's (not one removed
                // by the voxchess that held it as it ended): ours.
                Ok(()) if same_file(&file, &path) => {
                    // No other voxchess writes here now: what a kill during a
                    // save left behind can go.
                    remove_stale_temporaries(dir);
                    return Ok(DataLock { file, path });
                }
                Ok(()) if std::time::Instant::now() < deadline => {}
                Ok(()) => return Err(LockError::Busy(shown)),
                Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                Err(std::fs::TryLockError::WouldBlock) => return Err(LockError::Busy(shown)),
                Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
            }
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
            // A file size limit (EFBIG) is the space there is, as a full disk.
            K::StorageFull | K::QuotaExceeded | K::FileTooLarge => WriteProblem::DiskFull,
            K::PermissionDenied | K::ReadOnlyFilesystem => WriteProblem::NotWritable,
            _ if e.raw_os_error() == Some(libc::ENOSPC) => WriteProblem::DiskFull,
            _ if matches!(e.raw_os_error(), Some(libc::EROFS | libc::EACCES | libc::EPERM | libc::ELOOP)) => {
                WriteProblem::NotWritable
            }
            _ => WriteProblem::Other,
        }
    }
}

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
fn remove_stale_temporaries(dir: &Path) {
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

/// A game date as PGN writes it and voxchess saves it: "2026.11.30"
/// (digits only, so it can name a file).
pub(crate) fn valid_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('.').collect();
    parts.len() == 3
        && [4, 2, 2].iter().zip(&parts).all(|(len, p)| p.len() == *len && p.bytes().all(|b| b.is_ascii_digit()))
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
    crate::config::private_dir(dir)?;
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
    crate::config::private_dir(dir)?;
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
        let damaged = |why: String| SaveError::Damaged(path.display().to_string(), why);
        // Never a link: the save is ours and written as a file.
        let text = match crate::bounded::read_regular_text(path, MAX_SAVE_BYTES, false) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            // A link, a FIFO, a device: not a save of ours.
            Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(damaged("it is not a regular file".into())),
            // Too large, not text, not a regular file: said as the reader says it.
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::FileTooLarge
                        | std::io::ErrorKind::InvalidData
                        | std::io::ErrorKind::InvalidInput
                ) =>
            {
                return Err(damaged(e.to_string()));
            }
            Err(e) => return Err(SaveError::Io(path.display().to_string(), e.to_string())),
        };
        Self::read(&text).map(Some).map_err(damaged)
    }

    /// A save from its text, every field checked (see `check`), a
    /// finished game's score kept only as written anew from its parsed
    /// game (see `finished_score`); what is wrong, in English, otherwise.
    pub fn read(text: &str) -> Result<SavedGame, String> {
        let mut saved: SavedGame = toml::from_str(text).map_err(|e| e.message().to_string())?;
        saved.check()?;
        saved.score = saved.finished_score()?;
        Ok(saved)
    }

    /// Every field checked as strictly as a stranger's input: the player's
    /// side, a date of digits, an engine name without control characters,
    /// and moves that replay from the start position (the score is checked
    /// by `finished_score`).
    fn check(&self) -> Result<(), String> {
        if !matches!(self.me.as_str(), "white" | "black" | "both") {
            return Err("its side is not white, black or both".into());
        }
        if !valid_date(&self.date) {
            return Err("its date is not a date".into());
        }
        if let Some(name) = &self.engine_name
            && (name.chars().count() > 100 || crate::filter::clean(name) != *name)
        {
            return Err("its engine name holds characters no name has".into());
        }
        self.history().map(|_| ()).map_err(|e| match e {
            SaveError::Damaged(_, why) | SaveError::Io(_, why) => why,
        })
    }

    /// The finished game's score, if the save holds one: read as a
    /// stranger's PGN (one game, the save's own moves from its own start,
    /// a result) and written anew, so nothing else in the text is kept.
    pub fn finished_score(&self) -> Result<Option<String>, String> {
        let Some(text) = &self.score else { return Ok(None) };
        let games = crate::notation::pgn::read_pgn(text, crate::notation::NotationLang::English, None)
            .map_err(|e| format!("its score cannot be read: {e}"))?;
        let [game] = games.as_slice() else {
            return Err("its score is not one game".into());
        };
        let moves: Vec<String> = game.mainline().iter().map(|m| m.uci()).collect();
        if Position::from_fen(&self.start_fen).ok() != Some(game.start) || moves != self.moves {
            return Err("its score is not the saved game".into());
        }
        if !matches!(game.result.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Err("its score has no result".into());
        }
        Ok(Some(crate::notation::pgn::write_pgn(game)))
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
        Ok(crate::notation::pgn::write_pgn(&super::game_record(
            &history,
            &white,
            &black,
            None,
            controls.as_ref(),
            &self.date,
            &[],
        )))
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

    /// The game to continue: its moves, the player's colour, its clock
    /// and its date (the opponent is added by whoever starts it).
    pub fn setup(&self) -> Result<GameSetup, SaveError> {
        let history = self.history()?;
        let mut setup = GameSetup::new(*history.start(), history.moves().to_vec());
        setup.me = match self.me.as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        };
        setup.clock = self.clock.clone();
        setup.date = Some(self.date.clone());
        // A time that cannot be is not known: the comments are a help,
        // never a reason to refuse the game.
        setup.move_clocks = self.move_clocks.iter().map(|&ms| u64::try_from(ms).ok()).collect();
        Ok(setup)
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

    /// The lock file goes with its lock; a file that was the lock of a
    /// voxchess that has removed it as it ended (still locked by it) is
    /// not the folder's lock: the next one locks a file of its own.
    #[test]
    fn a_removed_lock_file_is_no_lock() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("voxchess-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("mode");
        let lock = DataLock::take(&dir).expect("locked");
        assert!(dir.join("lock").exists());
        drop(lock);
        assert!(!dir.join("lock").exists(), "the lock file stayed");
        // Another voxchess's lock, its file removed as it ends.
        let old = std::fs::File::create(dir.join("lock")).expect("file");
        old.lock().expect("locked");
        std::fs::remove_file(dir.join("lock")).expect("removed");
        let lock = DataLock::take(&dir).expect("a lock of its own");
        assert!(matches!(DataLock::take(&dir), Err(LockError::Busy(_))), "two voxchess in one folder");
        drop((lock, old));
        let _ = std::fs::remove_dir_all(&dir);
    }

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
