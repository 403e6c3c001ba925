//! PGN: several games per file, tags, comments, variations, NAGs, results.
//! Reading accepts the written forms of the notation reader (Russian
//! letters, spaces inside moves); writing produces standard English PGN.

pub(crate) mod clock;
mod lexer;
mod moves;
mod problem;
mod reader;
pub(crate) mod walk;
mod writer;

pub use lexer::MAX_NESTING;
pub use moves::{MovetextError, read_movetext};
pub use problem::PgnProblem;
pub use reader::{PgnError, PgnGames, pgn_games, read_pgn};
pub use writer::write_pgn;

use crate::rules::{Move, Position};

/// One move of a game with what was written around it. Copied, compared
/// and dropped a line at a time (walk.rs), however deep its variations.
pub struct PgnNode {
    /// The move.
    pub mv: Move,
    /// What was written around it, when anything was: most moves have
    /// nothing, and a game of a million moves holds a pointer each.
    notes: Option<Box<PgnNotes>>,
}

/// What was written around a move.
#[derive(Debug, Default)]
pub struct PgnNotes {
    /// Comments written before the move (only at the start of a line).
    pub comments_before: Vec<String>,
    /// Numeric annotation glyphs ($1 = !, $2 = ?, ...).
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line of moves.
    pub variations: Vec<Vec<PgnNode>>,
}

/// The notes of a move with none.
static NO_NOTES: PgnNotes =
    PgnNotes { comments_before: Vec::new(), nags: Vec::new(), comments: Vec::new(), variations: Vec::new() };

impl PgnNode {
    /// A node with only a move.
    pub fn new(mv: Move) -> PgnNode {
        PgnNode { mv, notes: None }
    }
    /// A node with a move and what was written around it.
    pub fn with_notes(mv: Move, notes: PgnNotes) -> PgnNode {
        let none = notes == PgnNotes::default();
        PgnNode { mv, notes: (!none).then(|| Box::new(notes)) }
    }
    /// What was written around the move.
    pub fn notes(&self) -> &PgnNotes {
        self.notes.as_deref().unwrap_or(&NO_NOTES)
    }
    /// What was written around the move, to add to.
    pub fn notes_mut(&mut self) -> &mut PgnNotes {
        self.notes.get_or_insert_with(Box::default)
    }
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in the order read.
    pub tags: Vec<(String, String)>,
    /// Where the game starts (the FEN tag, or the initial position).
    pub start: Position,
    /// The main line.
    pub moves: Vec<PgnNode>,
    /// "1-0", "0-1", "1/2-1/2" or "*".
    pub result: String,
    /// Comments with no move to stand with (a game of comments only).
    pub comments: Vec<String>,
}

impl PgnGame {
    /// A game with no tags and no moves from `start`.
    pub fn new(start: Position) -> PgnGame {
        PgnGame { tags: Vec::new(), start, moves: Vec::new(), result: "*".into(), comments: Vec::new() }
    }
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
    /// The value of a tag that says something: not empty, not PGN's
    /// unknown ("?").
    pub fn known_tag(&self, name: &str) -> Option<&str> {
        self.tag(name).filter(|v| !v.trim().is_empty() && *v != "?")
    }
    /// Sets a tag, replacing an existing one of the same name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }
    /// The main line's moves.
    pub fn mainline(&self) -> Vec<Move> {
        self.moves.iter().map(|n| n.mv).collect()
    }
    /// The position after the main line.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start;
        for n in &self.moves {
            pos.play_unchecked(&n.mv);
        }
        pos
    }
}
