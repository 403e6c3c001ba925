//! Autosave: after every move the game and the clock are written atomically
//! (a temporary file, fsync, rename), so a crash or kill -9 loses no
//! completed move.

use super::setup::GameSetup;
use crate::clock::ChessClock;
use crate::config::Settings;
use crate::files::write_atomic;
use crate::rules::{Color, History, Move, Position};
use serde::{Deserialize, Serialize};
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

/// A game date as PGN writes it and voxchess saves it: "2026.11.30"
/// (digits only, so it can name a file).
pub(crate) fn valid_date(date: &str) -> bool {
    let parts: Vec<&str> = date.split('.').collect();
    parts.len() == 3
        && [4, 2, 2].iter().zip(&parts).all(|(len, p)| p.len() == *len && p.bytes().all(|b| b.is_ascii_digit()))
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
        let text = match crate::files::bounded::read_regular_text(path, MAX_SAVE_BYTES, false) {
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

    /// Keeps a damaged file aside ([`crate::files::keep_aside`]).
    pub fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
        crate::files::keep_aside(path)
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
