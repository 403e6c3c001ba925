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

/// Writes a file so that it is either the old or the new content, never half.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{}.tmp", path.file_name().and_then(|n| n.to_str()).unwrap_or("save")));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

impl SavedGame {
    /// The autosave file.
    pub fn path() -> PathBuf {
        crate::config::data_dir().join("current-game.toml")
    }

    /// Writes the save atomically.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        let text = toml::to_string(self).map_err(|e| SaveError::Io(path.display().to_string(), e.to_string()))?;
        write_atomic(path, &text).map_err(|e| SaveError::Io(path.display().to_string(), e.to_string()))
    }

    /// Reads a save, if there is one.
    pub fn load(path: &Path) -> Result<Option<SavedGame>, SaveError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(SaveError::Io(path.display().to_string(), e.to_string())),
        };
        toml::from_str(&text)
            .map(Some)
            .map_err(|e| SaveError::Damaged(path.display().to_string(), e.message().to_string()))
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

    /// Removes the autosave (the game ended or was abandoned).
    pub fn clear(path: &Path) {
        let _ = std::fs::remove_file(path);
    }
}
