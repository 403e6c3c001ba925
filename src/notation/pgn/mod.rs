//! PGN: several games per file, tags, comments, variations, NAGs, results.
//! Reading accepts the written forms of the notation reader (Russian
//! letters, spaces inside moves); writing produces standard English PGN.

mod lexer;
mod problem;
mod reader;
mod writer;

pub use problem::PgnProblem;
pub use reader::{PgnError, PgnGames, pgn_games, read_pgn};
pub use writer::write_pgn;

use crate::rules::{Move, Position};

/// One move of a game with what was written around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnNode {
    /// The move.
    pub mv: Move,
    /// Comments written before the move (only at the start of a line).
    pub comments_before: Vec<String>,
    /// Numeric annotation glyphs ($1 = !, $2 = ?, ...).
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line of moves.
    pub variations: Vec<Vec<PgnNode>>,
}

impl PgnNode {
    /// A node with only a move.
    pub fn new(mv: Move) -> PgnNode {
        PgnNode { mv, comments_before: Vec::new(), nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
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
