//! What play and review ask to be done outside them (files, the engine,
//! the analysis, the opponent) and what comes back: typed requests and
//! typed reports, so the deciding and the doing stay apart (the effects
//! layer does the work). Imports nothing of the front end.

use crate::engine::analysis::{Analyst, Line as AnalysisLine};
use crate::game::{News, OpponentFailure, SavedGame, WriteProblem};
use crate::rules::{History, Position};
use crate::speech::EngineQuestion;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What was being written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Saving {
    /// The game during play (the autosave).
    Game,
    /// The score on request ("save").
    Score,
    /// The score at the game's end.
    ScoreAtEnd,
    /// The finished game kept for the next start, before its score is
    /// written (the next start writes the score if it could not be).
    Finished,
    /// The autosave removed once the score is written.
    Clearing,
    /// The game on leaving.
    Leaving,
}

/// Where a finished game whose score could not be written is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FinishedKept {
    /// Kept in the data folder: the next start writes its score.
    ForNextStart,
    /// On the server it was played on.
    OnServer,
    /// A game from a review's position: a line of that review, in
    /// memory (`save` writes it).
    InReview,
    /// Nowhere: that could not be written either.
    Not(WriteProblem),
}

/// What happened to a file we write, for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SaveResult {
    /// A score was written as a new file in the games folder.
    Written {
        /// Which score.
        what: Saving,
        /// The file's name (never the whole path).
        name: String,
    },
    /// The unfinished game was kept for `resume`.
    Kept {
        /// When.
        what: Saving,
    },
    /// The autosave was removed (the game's score is kept instead).
    Cleared,
    /// The player left a game with nothing to keep (no move yet, or over).
    NothingToKeep,
    /// The score at the game's end could not be written; where the game is.
    ScoreNotWritten {
        /// Why the score could not be written.
        problem: WriteProblem,
        /// Where the finished game is instead.
        kept: FinishedKept,
    },
    /// A file could not be written.
    Failed {
        /// Which.
        what: Saving,
        /// Why.
        problem: WriteProblem,
    },
}

/// The engine's answer to a question about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineAnswer {
    /// The question.
    pub(crate) question: EngineQuestion,
    /// The position the lines start from (for a threat, the position
    /// with the other side to move; when the player is in check there is
    /// none, and this is the position asked about).
    pub(crate) position: Position,
    /// The position the player asked about (the position the lines start
    /// from, but with the player's side to move for a threat): an answer
    /// that comes once the player has left it is said with where it was.
    pub(crate) asked: Position,
    /// Who answered.
    pub(crate) analyst: Analyst,
    /// The lines, best first, or why there are none.
    pub(crate) lines: Result<Vec<AnalysisLine>, OpponentFailure>,
}

/// Work asked of the effects layer.
pub(crate) enum Effect {
    /// Keep the unfinished game (autosave, or on leaving).
    Keep(Box<SavedGame>, Saving),
    /// Remove the autosave.
    ClearAutosave,
    /// Write a score as a new file in the games folder, named from
    /// `stem` (a date, or the reviewed file's name) and a number.
    WriteScore {
        /// The start of the file's name.
        stem: String,
        /// The PGN text.
        pgn: String,
        /// Which score.
        what: Saving,
    },
    /// Ask the engine about a position.
    AskEngine(EngineQuestion, Position),
    /// Evaluate these positions (index, position) in the background,
    /// until done or `stop` is set.
    Analyse {
        /// The positions.
        wanted: Vec<(usize, Position)>,
        /// Set to stop.
        stop: Arc<AtomicBool>,
    },
    /// Tell the away opponent.
    Tell(News, Box<History>),
    /// Replace the failed opponent by the built-in engine.
    ReplaceOpponent,
    /// Ask the opening explorer or the tablebase about a position.
    Lookup(crate::online::lookup::Lookup, Position),
}

/// What an effect reports back.
pub(crate) enum Report {
    /// A file was written, kept, removed, or not.
    Saved(SaveResult),
    /// The engine answered.
    Answered(EngineAnswer),
    /// The analysis evaluated position `i`.
    Evaluated(usize, Result<Vec<AnalysisLine>, OpponentFailure>),
    /// The analysis ended.
    AnalysisEnded,
    /// The explorer or the tablebase answered.
    Looked(crate::online::lookup::Looked),
}
