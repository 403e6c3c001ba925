//! The clocks of a game as its comments give them (`[%clk 0:03:10]`, as
//! lichess and other programs write them, read by
//! [`crate::notation::pgn::clock`]): the time each side had after each
//! move, and how long each move took (the clock before it less the one
//! after, plus the increment of the game's `TimeControl`).

use super::tree::{Cursor, Tree};
pub(crate) use crate::notation::pgn::clock::{clock_of, control};
use crate::rules::{Color, Move, Position};

/// One move with the clock after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Think {
    /// Which move of the way it is (from 0).
    pub(crate) ply: usize,
    /// The position before the move.
    pub(crate) before: Position,
    pub(crate) mv: Move,
    /// The mover's time left after it (ms).
    pub(crate) left: u64,
    /// How long the move took (ms); None for a side's first move when the
    /// starting time is not known.
    pub(crate) took: Option<u64>,
}

/// The moves on the way to `to` that have a clock, each with how long it
/// took; `control` is the game's (see [`control`]).
pub(crate) fn thinks(tree: &Tree, to: Cursor, control: Option<(u64, u64)>) -> Vec<Think> {
    let mut last: [Option<u64>; 2] = control.map_or([None, None], |(base, _)| [Some(base), Some(base)]);
    let inc = control.map_or(0, |(_, inc)| inc);
    let mut out = Vec::new();
    for (i, node) in tree.nodes_to(to).into_iter().enumerate() {
        let side = usize::from(node.before.turn() == Color::Black);
        let Some(left) = node.comments.iter().find_map(|c| clock_of(c)) else {
            // A move without a clock: the next one of this side cannot say
            // how long it took.
            last[side] = None;
            continue;
        };
        let took = match (last[side], control) {
            // A side's first move with exactly its starting time left, no
            // increment added, was made before its clock ran (lichess
            // starts the clocks once both have moved): no time measured.
            (Some(before), Some((base, inc))) if before == base && i < 2 && inc > 0 && left == base => None,
            (before, _) => before.map(|before| (before + inc).saturating_sub(left)),
        };
        last[side] = Some(left);
        out.push(Think { ply: i, before: node.before, mv: node.mv, left, took });
    }
    out
}

/// The `n` longest thinks of `side`, longest first (the earlier of two
/// alike first).
pub(crate) fn slowest(thinks: &[Think], side: Color, n: usize) -> Vec<Think> {
    let mut own: Vec<Think> = thinks.iter().filter(|t| t.before.turn() == side && t.took.is_some()).copied().collect();
    own.sort_by_key(|t| std::cmp::Reverse(t.took));
    own.truncate(n);
    own
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::NotationLang;
    use crate::notation::pgn::read_pgn;

    /// Each move's time is the clock before it less the clock after, plus
    /// the increment; a side's first move counts from the starting time.
    #[test]
    fn each_move_took_the_difference_plus_the_increment() {
        let pgn = "[TimeControl \"180+2\"]\n\n1. e4 { [%clk 0:03:01] } e5 { [%clk 0:02:50] } \
                   2. Nf3 { [%clk 0:02:30] } Nc6 *";
        let game = &read_pgn(pgn, NotationLang::English, None).expect("pgn")[0];
        let tree = Tree::of(game);
        let t = thinks(&tree, tree.end(tree.root()), control(game.tag("TimeControl")));
        let took: Vec<Option<u64>> = t.iter().map(|t| t.took).collect();
        assert_eq!(took, [Some(1_000), Some(12_000), Some(33_000)]);
        assert_eq!(t[2].left, 150_000);
        let slow = slowest(&t, Color::White, 5);
        assert_eq!(slow.iter().map(|t| t.took).collect::<Vec<_>>(), [Some(33_000), Some(1_000)]);
        // lichess's first moves, before its clocks start: the starting
        // time left and no increment, so no time is said for them.
        let pgn = "[TimeControl \"180+5\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } \
                   2. Nf3 { [%clk 0:02:55] } *";
        let game = &read_pgn(pgn, NotationLang::English, None).expect("pgn")[0];
        let tree = Tree::of(game);
        let t = thinks(&tree, tree.end(tree.root()), control(game.tag("TimeControl")));
        let took: Vec<Option<u64>> = t.iter().map(|t| t.took).collect();
        assert_eq!(took, [None, None, Some(10_000)]);
    }

    proptest::proptest! {
        /// Any comment is read as a clock or as none, without panicking.
        #[test]
        fn any_comment_is_a_clock_or_none(s in "\\PC{0,40}") {
            let _ = clock_of(&s);
            let _ = clock_of(&format!("[%clk {s}]"));
            let _ = control(Some(&s));
        }
    }
}
