//! A game's moves and variations walked and built a step at a time, with
//! a stack of its own: variations nested any depth are read, written,
//! compared, copied and dropped in time and stack linear in their size,
//! never one call deeper for each level (issue 65, item 11).

use super::{PgnNode, PgnNotes};
use crate::rules::Move;

/// One step of a walk through a line of moves, in the order PGN writes
/// them: a move with its notes, then each of its variations opened, walked
/// and closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step<'a> {
    /// A move, with what was written around it (its variations follow as
    /// steps of their own).
    Move { mv: Move, comments_before: &'a [String], nags: &'a [u8], comments: &'a [String] },
    /// A variation of the last move opens, with this many moves: they
    /// follow.
    Open(usize),
    /// The variation opened last ends.
    Close,
}

/// Where a walk stands in one line.
struct Frame<'a> {
    line: &'a [PgnNode],
    /// The move being walked.
    i: usize,
    /// Whether that move's step was given.
    given: bool,
    /// Its next variation to open.
    v: usize,
}

/// The steps of a line of moves and every variation inside it.
pub(crate) struct Walk<'a> {
    stack: Vec<Frame<'a>>,
}

/// The steps of `line`.
pub(crate) fn walk(line: &[PgnNode]) -> Walk<'_> {
    Walk { stack: vec![Frame { line, i: 0, given: false, v: 0 }] }
}

impl<'a> Iterator for Walk<'a> {
    type Item = Step<'a>;

    fn next(&mut self) -> Option<Step<'a>> {
        loop {
            let depth = self.stack.len();
            let frame = self.stack.last_mut()?;
            let Some(node) = frame.line.get(frame.i) else {
                self.stack.pop();
                if depth == 1 {
                    return None;
                }
                return Some(Step::Close);
            };
            let notes = node.notes();
            if !frame.given {
                frame.given = true;
                frame.v = 0;
                return Some(Step::Move {
                    mv: node.mv,
                    comments_before: &notes.comments_before,
                    nags: &notes.nags,
                    comments: &notes.comments,
                });
            }
            if let Some(variation) = notes.variations.get(frame.v) {
                frame.v += 1;
                self.stack.push(Frame { line: variation, i: 0, given: false, v: 0 });
                return Some(Step::Open(variation.len()));
            }
            frame.i += 1;
            frame.given = false;
        }
    }
}

/// Builds a line of moves from steps: the lines open are a stack, and a
/// variation closed goes to the last move of the line below it.
pub(crate) struct Builder {
    /// The main line first, then each variation open, innermost last.
    lines: Vec<Vec<PgnNode>>,
}

impl Builder {
    /// A builder with the main line open.
    pub(crate) fn new() -> Builder {
        Builder { lines: vec![Vec::new()] }
    }
    /// The line being built.
    pub(crate) fn current(&mut self) -> &mut Vec<PgnNode> {
        if self.lines.is_empty() {
            self.lines.push(Vec::new());
        }
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }
    /// A move at the end of the line being built.
    pub(crate) fn push(&mut self, node: PgnNode) {
        self.current().push(node);
    }
    /// A variation of the line's last move opens.
    pub(crate) fn open_variation(&mut self) {
        self.lines.push(Vec::new());
    }
    /// The variation open last ends and goes to the last move of the line
    /// below it. Returns false when no variation was open, or the line
    /// below has no move (the variation is then dropped).
    pub(crate) fn close_variation(&mut self) -> bool {
        if self.lines.len() < 2 {
            return false;
        }
        let Some(mut variation) = self.lines.pop() else { return false };
        variation.shrink_to_fit();
        match self.current().last_mut() {
            Some(node) => {
                node.notes_mut().variations.push(variation);
                true
            }
            None => false,
        }
    }
    /// Takes a step of a walk.
    pub(crate) fn step(&mut self, step: Step<'_>) {
        match step {
            Step::Move { mv, comments_before, nags, comments } => {
                let notes = PgnNotes {
                    comments_before: comments_before.to_vec(),
                    nags: nags.to_vec(),
                    comments: comments.to_vec(),
                    variations: Vec::new(),
                };
                self.push(PgnNode::with_notes(mv, notes));
            }
            Step::Open(_) => self.open_variation(),
            Step::Close => {
                self.close_variation();
            }
        }
    }
    /// The main line, every variation still open closed into it.
    pub(crate) fn finish(mut self) -> Vec<PgnNode> {
        while self.close_variation() {}
        let mut main = std::mem::take(self.current());
        main.shrink_to_fit();
        main
    }
}

/// A copy of `line` with every variation inside it.
pub(crate) fn copy(line: &[PgnNode]) -> Vec<PgnNode> {
    let mut b = Builder::new();
    walk(line).for_each(|s| b.step(s));
    b.finish()
}

impl Clone for PgnNode {
    fn clone(&self) -> PgnNode {
        let mut copied = copy(std::slice::from_ref(self));
        copied.pop().unwrap_or_else(|| PgnNode::new(self.mv))
    }
}

impl PartialEq for PgnNode {
    fn eq(&self, other: &PgnNode) -> bool {
        walk(std::slice::from_ref(self)).eq(walk(std::slice::from_ref(other)))
    }
}

impl Eq for PgnNode {}

impl std::fmt::Debug for PgnNode {
    /// The steps of the move and its variations, flat.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(walk(std::slice::from_ref(self))).finish()
    }
}

impl Clone for PgnNotes {
    fn clone(&self) -> PgnNotes {
        PgnNotes {
            comments_before: self.comments_before.clone(),
            nags: self.nags.clone(),
            comments: self.comments.clone(),
            variations: self.variations.iter().map(|v| copy(v)).collect(),
        }
    }
}

impl PartialEq for PgnNotes {
    fn eq(&self, other: &PgnNotes) -> bool {
        self.comments_before == other.comments_before
            && self.nags == other.nags
            && self.comments == other.comments
            && self.variations.len() == other.variations.len()
            && self.variations.iter().zip(&other.variations).all(|(a, b)| walk(a).eq(walk(b)))
    }
}

impl Eq for PgnNotes {}

impl Drop for PgnNotes {
    /// The variations inside are let go a line at a time, never one drop
    /// inside another for each level.
    fn drop(&mut self) {
        let mut lines = std::mem::take(&mut self.variations);
        while let Some(line) = lines.pop() {
            for mut node in line {
                if let Some(notes) = node.notes.as_deref_mut() {
                    lines.append(&mut notes.variations);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::NotationLang;
    use crate::notation::pgn::{read_pgn, write_pgn};

    /// A game whose every line has one variation inside it, `depth` deep.
    fn nested(depth: usize) -> String {
        let mut text = String::from("1. e4 ");
        for k in 0..depth {
            text.push_str(if k % 2 == 0 { "( 1. d4 " } else { "( 1. e4 " });
        }
        text.push_str(&")".repeat(depth));
        text.push_str(" *");
        text
    }

    #[test]
    fn lines_as_deep_as_files_are_read_are_read_copied_compared_written_and_dropped() {
        let depth = crate::notation::pgn::MAX_NESTING;
        let text = nested(depth);
        let games = read_pgn(&text, NotationLang::English, None).expect("read");
        let game = &games[0];
        let copy = game.clone();
        assert!(copy == *game);
        let written = write_pgn(game);
        assert_eq!(written.matches('(').count(), depth);
        let again = read_pgn(&written, NotationLang::English, None).expect("read again");
        assert!(again[0].moves == game.moves, "the lines read back are the lines written");
        let steps = walk(&game.moves).filter(|s| matches!(s, Step::Open(_))).count();
        assert_eq!(steps, depth);
    }

    #[test]
    fn lines_deeper_still_are_built_copied_compared_written_and_dropped_without_a_call_a_level() {
        // 200,000 levels: a call a level would overflow any thread's stack.
        let depth = 200_000;
        let (d4, e4) = {
            let pos = crate::rules::Position::start();
            let find = |to: &str| *pos.legal_moves().iter().find(|m| m.to.to_string() == to).expect("move");
            (find("d4"), find("e4"))
        };
        let mut b = Builder::new();
        b.push(PgnNode::new(e4));
        for k in 0..depth {
            b.open_variation();
            b.push(PgnNode::new(if k % 2 == 0 { d4 } else { e4 }));
        }
        let line = b.finish();
        let copied = copy(&line);
        assert!(copied == line);
        let opens = walk(&line).filter(|s| matches!(s, Step::Open(_))).count();
        assert_eq!(opens, depth);
        let mut game = crate::notation::pgn::PgnGame::new(crate::rules::Position::start());
        game.moves = line;
        assert_eq!(write_pgn(&game).matches('(').count(), depth);
        // Read back, it is refused in words at the limit (never a crash).
        assert!(read_pgn(&write_pgn(&game), NotationLang::English, None).is_err());
    }

    #[test]
    fn a_change_deep_inside_makes_games_differ() {
        let a = read_pgn("1. e4 ( 1. d4 ( 1. c4 ) ) *", NotationLang::English, None).expect("a");
        let b = read_pgn("1. e4 ( 1. d4 ( 1. c4 $1 ) ) *", NotationLang::English, None).expect("b");
        assert!(a[0] != b[0]);
        assert!(a[0].clone() == a[0]);
    }
}
