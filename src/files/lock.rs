//! The data folder locked for one voxchess at a time.

use super::atomic::{create_new, remove_stale_temporaries};
use super::problem::WriteProblem;
use std::path::Path;

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
        let open = || super::bounded::open_regular(&path, false);
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
}
