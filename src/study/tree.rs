//! A game with its variations as a tree of lines, and a cursor that walks
//! it: next, back, start, end, a move by number, into a variation and out.
//! Every step is a typed result; the words are said elsewhere.

use crate::notation::pgn::walk::{Builder, Step, walk};
use crate::notation::pgn::{MAX_NESTING, PgnGame, PgnNode, PgnNotes};
use crate::rules::{Color, Move, Position};

/// One move of a line, with what was written around it.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The position before the move.
    pub(crate) before: Position,
    pub(crate) mv: Move,
    pub(crate) comments_before: Vec<String>,
    pub(crate) nags: Vec<u8>,
    pub(crate) comments: Vec<String>,
    /// Lines that may be played instead of this move (ids in the tree).
    pub(crate) variations: Vec<usize>,
}

/// A line of moves: the main line, or a variation of a move of another line.
#[derive(Clone, Debug)]
pub(crate) struct Branch {
    /// The line and the index of the move this line replaces (None: the
    /// main line).
    pub(crate) parent: Option<(usize, usize)>,
    pub(crate) nodes: Vec<Node>,
}

/// Where the cursor stands: in `line`, after `at` of its moves. In a
/// variation `at` is at least 1 (before its first move, the position is
/// its parent's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cursor {
    pub(crate) line: usize,
    pub(crate) at: usize,
}

/// Why a step could not be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Already at the start of the game.
    AtStart,
    /// No move follows in this line.
    AtEnd,
    /// The main line has no variation to leave.
    InMainLine,
    /// No variation with this number here.
    NoVariation(usize),
    /// No move with this number and side on the way here or in this line.
    NoSuchMove(u32, Option<Color>),
}

/// A game as a tree of lines; line 0 is the main line.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub(crate) start: Position,
    pub(crate) lines: Vec<Branch>,
    /// Comments of the game with no move to stand with.
    pub(crate) comments: Vec<String>,
}

impl Tree {
    /// The tree of a PGN game.
    pub(crate) fn of(game: &PgnGame) -> Tree {
        let mut tree = Tree { start: game.start, lines: Vec::new(), comments: game.comments.clone() };
        tree.add(&game.moves, game.start, None);
        tree
    }

    /// Adds `nodes` as a new line from `start` (with `parent`), and every
    /// variation inside it as a line of its own, in the order PGN writes
    /// them; nested to any depth (a walk, never a call for each level).
    /// Returns the new line's id.
    fn add(&mut self, nodes: &[PgnNode], start: Position, parent: Option<(usize, usize)>) -> usize {
        let id = self.lines.len();
        self.lines.push(Branch { parent, nodes: Vec::new() });
        // For each line open: its id (None for an empty variation, which
        // has nothing to step into and is left out) and its position.
        let mut open: Vec<(Option<usize>, Position)> = vec![(Some(id), start)];
        for step in walk(nodes) {
            match step {
                Step::Move { mv, comments_before, nags, comments } => {
                    let Some((Some(line), pos)) = open.last_mut() else { continue };
                    self.lines[*line].nodes.push(Node {
                        before: *pos,
                        mv,
                        comments_before: comments_before.to_vec(),
                        nags: nags.to_vec(),
                        comments: comments.to_vec(),
                        variations: Vec::new(),
                    });
                    pos.play_unchecked(&mv);
                }
                Step::Open(moves) => {
                    let from = open.last().and_then(|(line, _)| *line).and_then(|line| {
                        let at = self.lines[line].nodes.len().checked_sub(1)?;
                        Some((line, at, self.lines[line].nodes[at].before))
                    });
                    match from {
                        Some((line, at, before)) if moves > 0 => {
                            let new = self.lines.len();
                            self.lines.push(Branch { parent: Some((line, at)), nodes: Vec::new() });
                            self.lines[line].nodes[at].variations.push(new);
                            open.push((Some(new), before));
                        }
                        _ => open.push((None, start)),
                    }
                }
                Step::Close => {
                    open.pop();
                }
            }
        }
        id
    }

    /// The start of the game.
    pub(crate) fn root(&self) -> Cursor {
        Cursor { line: 0, at: 0 }
    }

    /// The move that led to the cursor's position (None at the start).
    pub(crate) fn last_node(&self, c: Cursor) -> Option<&Node> {
        let branch = self.lines.get(c.line)?;
        match c.at.checked_sub(1) {
            Some(i) => branch.nodes.get(i),
            None => branch.parent.and_then(|(l, i)| self.last_node(Cursor { line: l, at: i })),
        }
    }

    /// The move that comes next in the cursor's line, if any.
    pub(crate) fn next_node(&self, c: Cursor) -> Option<&Node> {
        self.lines.get(c.line)?.nodes.get(c.at)
    }

    /// The lines from the main line to the cursor's, each with how far
    /// the way to the cursor runs in it.
    fn chain(&self, c: Cursor) -> Vec<Cursor> {
        let mut chain = Vec::new();
        let mut at = Some(c);
        while let Some(cur) = at {
            let Some(branch) = self.lines.get(cur.line) else { break };
            chain.push(Cursor { line: cur.line, at: cur.at.min(branch.nodes.len()) });
            at = branch.parent.map(|(l, i)| Cursor { line: l, at: i });
        }
        chain.reverse();
        chain
    }

    /// The nodes from the start to the cursor, one a move.
    pub(crate) fn nodes_to(&self, c: Cursor) -> Vec<&Node> {
        self.chain(c).into_iter().flat_map(|part| &self.lines[part.line].nodes[..part.at]).collect()
    }

    /// The moves from the start to the cursor, with the positions (one
    /// more than the moves).
    pub(crate) fn path(&self, c: Cursor) -> (Vec<Position>, Vec<Move>) {
        let moves: Vec<Move> = self.nodes_to(c).iter().map(|n| n.mv).collect();
        let mut positions = vec![self.start];
        let mut pos = self.start;
        for m in &moves {
            pos.play_unchecked(m);
            positions.push(pos);
        }
        (positions, moves)
    }

    /// The cursor after the first `k` moves on the way to `c` (at most
    /// all of them).
    pub(crate) fn along(&self, c: Cursor, k: usize) -> Cursor {
        let mut left = k;
        let mut here = self.root();
        for part in self.chain(c) {
            // Before a variation's first move the position is its parent's.
            if left == 0 {
                return here;
            }
            if left <= part.at {
                return Cursor { line: part.line, at: left };
            }
            left -= part.at;
            here = part;
        }
        here
    }

    /// The position at the cursor.
    pub(crate) fn position(&self, c: Cursor) -> Position {
        // Each node keeps the position before its move: one move played,
        // never the path from the start (a game watched grows by
        // thousands of moves).
        let branch = self.lines.get(c.line);
        if let Some(node) = c.at.checked_sub(1).and_then(|i| branch?.nodes.get(i)) {
            let mut pos = node.before;
            pos.play_unchecked(&node.mv);
            return pos;
        }
        if let Some(first) = branch.and_then(|b| b.nodes.first()).filter(|_| c.at == 0) {
            return first.before;
        }
        let (positions, _) = self.path(c);
        positions.last().copied().unwrap_or(self.start)
    }

    /// One move on in the cursor's line.
    pub(crate) fn next(&self, c: Cursor) -> Result<Cursor, Stop> {
        self.next_node(c).map(|_| Cursor { line: c.line, at: c.at + 1 }).ok_or(Stop::AtEnd)
    }

    /// One move back; from a variation's first move, back into its parent.
    pub(crate) fn back(&self, c: Cursor) -> Result<Cursor, Stop> {
        if c.at > 1 || (c.at == 1 && c.line == 0) {
            return Ok(Cursor { line: c.line, at: c.at - 1 });
        }
        match self.lines.get(c.line).and_then(|b| b.parent) {
            Some((line, at)) => Ok(Cursor { line, at }),
            None => Err(Stop::AtStart),
        }
    }

    /// The end of the cursor's line.
    pub(crate) fn end(&self, c: Cursor) -> Cursor {
        Cursor { line: c.line, at: self.lines.get(c.line).map_or(0, |b| b.nodes.len()) }
    }

    /// Where `mv` leads from the cursor: `Some(0)` when it is the next move
    /// of the cursor's line, `Some(n)` when it starts variation n (from 1)
    /// of that move, None when it is neither.
    pub(crate) fn step_with(&self, c: Cursor, mv: &Move) -> Option<usize> {
        let next = self.next_node(c)?;
        if next.mv == *mv {
            return Some(0);
        }
        let starts = |line: &usize| self.lines.get(*line).and_then(|b| b.nodes.first()).is_some_and(|n| n.mv == *mv);
        next.variations.iter().position(starts).map(|i| i + 1)
    }

    /// Into variation `n` (from 1) of the next move: its first move played.
    pub(crate) fn enter(&self, c: Cursor, n: usize) -> Result<Cursor, Stop> {
        let line = self
            .next_node(c)
            .and_then(|node| n.checked_sub(1).and_then(|i| node.variations.get(i)))
            .ok_or(Stop::NoVariation(n))?;
        Ok(Cursor { line: *line, at: 1 })
    }

    /// Out of the variation the cursor is in, back to where it began.
    pub(crate) fn leave(&self, c: Cursor) -> Result<Cursor, Stop> {
        match self.lines.get(c.line).and_then(|b| b.parent) {
            Some((line, at)) => Ok(Cursor { line, at }),
            None => Err(Stop::InMainLine),
        }
    }

    /// How deep in variations the cursor is (0: the main line), and which
    /// number its line has among its siblings.
    pub(crate) fn depth(&self, c: Cursor) -> (usize, usize) {
        let mut depth = 0;
        let mut line = c.line;
        let mut number = 0;
        while let Some((parent, at)) = self.lines.get(line).and_then(|b| b.parent) {
            if depth == 0 {
                number = self.lines[parent].nodes[at].variations.iter().position(|v| *v == line).map_or(0, |i| i + 1);
            }
            depth += 1;
            line = parent;
        }
        (depth, number)
    }

    /// The position after move `number` of `color` (White when None): on
    /// the way to the cursor or further along its line.
    pub(crate) fn go_to(&self, c: Cursor, number: u32, color: Option<Color>) -> Result<Cursor, Stop> {
        let color_wanted = color.unwrap_or(Color::White);
        let wanted = |n: &Node| n.before.fullmoves() == number && n.before.turn() == color_wanted;
        // The lines from the cursor's up to the main line, each with how far
        // it counts: the whole cursor line, each parent up to the branch.
        let mut at = Some((c.line, usize::MAX));
        while let Some((line, upto)) = at {
            let Some(branch) = self.lines.get(line) else { break };
            let first = usize::from(branch.parent.is_some());
            if let Some(i) = branch.nodes.iter().take(upto).position(wanted) {
                return Ok(Cursor { line, at: (i + 1).max(first) });
            }
            at = branch.parent;
        }
        // Not on the way here: anywhere in the main line.
        match self.lines.first().and_then(|b| b.nodes.iter().position(wanted)) {
            Some(i) => Ok(Cursor { line: 0, at: i + 1 }),
            None => Err(Stop::NoSuchMove(number, color)),
        }
    }
}

/// Where a move played on the board went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Played {
    /// It began a new variation of the move that came next.
    NewLine(Cursor),
    /// It went on at the end of the cursor's line.
    Extended(Cursor),
}

impl Played {
    /// Where the cursor stands after the move.
    pub(crate) fn cursor(self) -> Cursor {
        match self {
            Played::NewLine(c) | Played::Extended(c) => c,
        }
    }
}

impl Tree {
    /// Plays `mv` (legal at the cursor, and neither the next move nor a
    /// variation's first) at the cursor: at the end of a line it goes on
    /// there, else it begins a new variation of the next move.
    pub(crate) fn play(&mut self, c: Cursor, mv: Move) -> Played {
        let before = self.position(c);
        let node = |mv| Node {
            before,
            mv,
            comments_before: Vec::new(),
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        };
        let line = c.line.min(self.lines.len().saturating_sub(1));
        let at = c.at.min(self.lines[line].nodes.len());
        if at == self.lines[line].nodes.len() {
            self.lines[line].nodes.push(node(mv));
            return Played::Extended(Cursor { line, at: at + 1 });
        }
        let id = self.lines.len();
        self.lines.push(Branch { parent: Some((line, at)), nodes: vec![node(mv)] });
        self.lines[line].nodes[at].variations.push(id);
        Played::NewLine(Cursor { line: id, at: 1 })
    }

    /// Whether a move at the cursor that is not the next one would begin
    /// a line nested deeper than PGN is read ([`MAX_NESTING`]): the board
    /// begins none, so what is saved is read back.
    pub(crate) fn begins_too_deep(&self, c: Cursor) -> bool {
        let at_end = self.lines.get(c.line).is_none_or(|b| c.at >= b.nodes.len());
        !at_end && self.depth(c).0 >= MAX_NESTING
    }

    /// Moves played at the end of the main line (a game watched goes
    /// on); the lines tried meanwhile are kept.
    pub(crate) fn extend_main(&mut self, moves: &[Move]) {
        let end = self.end(self.root());
        let mut c = end;
        for mv in moves {
            c = self.play(c, *mv).cursor();
        }
    }

    /// Removes the variation the cursor is in (with the lines inside it);
    /// the cursor goes to where it began. The main line stays.
    pub(crate) fn delete(&mut self, c: Cursor) -> Result<Cursor, Stop> {
        let Some((parent, at)) = self.lines.get(c.line).and_then(|b| b.parent) else {
            return Err(Stop::InMainLine);
        };
        self.lines[parent].nodes[at].variations.retain(|v| *v != c.line);
        // Its id stays, empty and reached from nowhere: the other ids hold.
        self.lines[c.line].nodes.clear();
        Ok(Cursor { line: parent, at })
    }

    /// Makes the cursor's line the main line: at each level up, the line
    /// it leaves becomes a variation of its first move, and it goes on in
    /// its place. The cursor stays on the same position.
    pub(crate) fn promote(&mut self, c: Cursor) -> Result<Cursor, Stop> {
        if self.lines.get(c.line).and_then(|b| b.parent).is_none() {
            return Err(Stop::InMainLine);
        }
        let mut c = c;
        while let Some((parent, at)) = self.lines.get(c.line).and_then(|b| b.parent) {
            self.swap_up(c.line, parent, at);
            c = Cursor { line: parent, at: at + c.at };
        }
        Ok(c)
    }

    /// Variation `v` of move `at` of line `p` takes that move's place;
    /// what followed in `p` becomes line `v`, first among the variations.
    fn swap_up(&mut self, v: usize, p: usize, at: usize) {
        let mut tail = self.lines[p].nodes.split_off(at);
        let mut moved = std::mem::take(&mut self.lines[v].nodes);
        // The lines that branch from either part follow it.
        for line in self.lines.iter_mut() {
            match line.parent {
                Some((l, i)) if l == v => line.parent = Some((p, at + i)),
                Some((l, i)) if l == p && i > at => line.parent = Some((v, i - at)),
                _ => {}
            }
        }
        if let (Some(first_moved), Some(first_tail)) = (moved.first_mut(), tail.first_mut()) {
            // The alternatives to the move stay with whichever move is
            // played there now; the line that was played is among them,
            // where the promoted one was.
            let mut alternatives = std::mem::take(&mut first_tail.variations);
            alternatives.extend(std::mem::take(&mut first_moved.variations));
            first_moved.variations = alternatives;
        }
        self.lines[v].nodes = tail;
        self.lines[p].nodes.extend(moved);
    }

    /// The lines that branched from `old`'s main line, grafted onto this
    /// tree's main line where it reaches the same position (a game
    /// corrected by its relay): each with the lines inside it. Returns
    /// how many found no such place (or begin with the main line's move
    /// there).
    pub(crate) fn graft(&mut self, old: &Tree) -> usize {
        let Some(main) = old.lines.first() else { return 0 };
        let mut lost = 0;
        for node in &main.nodes {
            for v in &node.variations {
                let moves = old.pgn_moves(*v);
                let Some(first) = moves.first() else { continue };
                let at = self.lines[0].nodes.iter().position(|n| n.before == node.before && n.mv != first.mv);
                match at {
                    Some(j) => {
                        let id = self.add(&moves, node.before, Some((0, j)));
                        self.lines[0].nodes[j].variations.push(id);
                    }
                    None => lost += 1,
                }
            }
        }
        lost
    }

    /// The line `line` and the lines inside it, as PGN moves (a line
    /// left empty by a deletion is left out), nested to any depth.
    pub(crate) fn pgn_moves(&self, line: usize) -> Vec<PgnNode> {
        let mut built = Builder::new();
        // For each line open: its id, its next move, and that move's next
        // variation (None until the move is built).
        let mut open: Vec<(usize, usize, Option<usize>)> = vec![(line, 0, None)];
        while let Some((id, i, v)) = open.last_mut() {
            let Some(node) = self.lines.get(*id).and_then(|b| b.nodes.get(*i)) else {
                open.pop();
                if !open.is_empty() {
                    built.close_variation();
                }
                continue;
            };
            let Some(next) = v else {
                let notes = PgnNotes {
                    comments_before: node.comments_before.clone(),
                    nags: node.nags.clone(),
                    comments: node.comments.clone(),
                    variations: Vec::new(),
                };
                built.push(PgnNode::with_notes(node.mv, notes));
                *v = Some(0);
                continue;
            };
            let inside = node.variations.get(*next).copied();
            *next += 1;
            match inside {
                Some(var) if self.lines.get(var).is_some_and(|b| !b.nodes.is_empty()) => {
                    built.open_variation();
                    open.push((var, 0, None));
                }
                Some(_) => {}
                None => {
                    *i += 1;
                    *v = None;
                }
            }
        }
        built.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::NotationLang;
    use crate::notation::pgn::read_pgn;

    fn tree(pgn: &str) -> Tree {
        Tree::of(&read_pgn(pgn, NotationLang::English, None).expect("pgn")[0])
    }

    /// A cursor found by counting moves on the way to another, through a
    /// variation: the same position as the path says.
    #[test]
    fn along_the_way_counts_moves_through_variations() {
        let t = tree("1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 *");
        let end = t.end(t.enter(Cursor { line: 0, at: 1 }, 1).expect("variation"));
        let (positions, moves) = t.path(end);
        assert_eq!(moves.len(), 4);
        for (k, pos) in positions.iter().enumerate() {
            assert_eq!(t.position(t.along(end, k)), *pos, "{k}");
        }
        assert_eq!(t.along(end, 99), end);
    }

    #[test]
    fn steps_through_variations_and_back() {
        let t = tree("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) ( ) 2. Nf3 *");
        let c = t.next(t.root()).unwrap();
        assert_eq!(t.next_node(c).unwrap().variations.len(), 1);
        let v = t.enter(c, 1).unwrap();
        assert_eq!(t.position(v).to_fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        let v = t.next(v).unwrap();
        let inner = t.enter(v, 1);
        assert_eq!(inner, Err(Stop::NoVariation(1)));
        let back = t.back(v).unwrap();
        let nested = t.enter(back, 1).unwrap();
        assert_eq!(t.depth(nested), (2, 1));
        assert_eq!(t.leave(nested).unwrap(), back);
        assert_eq!(t.back(Cursor { line: v.line, at: 1 }).unwrap(), c);
        assert_eq!(t.back(t.root()), Err(Stop::AtStart));
        assert_eq!(t.end(t.root()), Cursor { line: 0, at: 3 });
        let black2 = t.go_to(nested, 2, Some(Color::Black)).unwrap();
        assert_eq!(black2, Cursor { line: nested.line, at: 2 });
        assert_eq!(t.go_to(nested, 9, None), Err(Stop::NoSuchMove(9, None)));
        let white1 = t.go_to(nested, 1, None).unwrap();
        assert_eq!(white1, Cursor { line: 0, at: 1 });
    }

    /// The tree's lines written as PGN movetext (no headers).
    fn movetext(t: &Tree) -> String {
        let mut game = crate::notation::pgn::PgnGame::new(t.start);
        game.moves = t.pgn_moves(0);
        let pgn = crate::notation::pgn::write_pgn(&game);
        let text: Vec<&str> = pgn.lines().filter(|l| !l.starts_with('[') && !l.is_empty()).collect();
        text.join(" ")
    }

    fn mv(t: &Tree, c: Cursor, san: &str) -> Move {
        crate::notation::read_move(&t.position(c), san, NotationLang::English).expect("legal")
    }

    /// A move in the middle of a line begins a variation of the next move;
    /// at a line's end it goes on there; a new line is deleted, the main
    /// line is not.
    #[test]
    fn moves_played_begin_and_extend_lines() {
        let mut t = tree("1. e4 e5 2. Nf3 *");
        let after_e4 = t.next(t.root()).unwrap();
        let m = mv(&t, after_e4, "c5");
        let Played::NewLine(c) = t.play(after_e4, m) else { panic!("a new line") };
        assert_eq!(c.at, 1);
        let m = mv(&t, c, "Nc3");
        let Played::Extended(c) = t.play(c, m) else { panic!("goes on") };
        assert_eq!(movetext(&t), "1. e4 e5 (1... c5 2. Nc3) 2. Nf3 *");
        let end = t.end(t.root());
        let m = mv(&t, end, "Nc6");
        assert_eq!(t.play(end, m), Played::Extended(Cursor { line: 0, at: 4 }));
        assert_eq!(t.delete(end), Err(Stop::InMainLine));
        assert_eq!(t.delete(c), Ok(after_e4));
        assert_eq!(movetext(&t), "1. e4 e5 2. Nf3 Nc6 *");
        assert!(t.next_node(after_e4).unwrap().variations.is_empty());
    }

    /// A game corrected: the lines that branched from its main line are
    /// grafted where the corrected game reaches the same position; one
    /// whose place is gone is counted.
    #[test]
    fn no_line_is_begun_deeper_than_files_are_read() {
        let depth = MAX_NESTING;
        let mut pgn = String::from("1. e4 ");
        for k in 0..depth {
            pgn.push_str(if k % 2 == 0 { "( 1. d4 " } else { "( 1. e4 " });
        }
        pgn.push_str("d5 ");
        pgn.push_str(&")".repeat(depth));
        pgn.push_str(" *");
        let t = tree(&pgn);
        let deepest = Cursor { line: t.lines.len() - 1, at: 1 };
        assert_eq!(t.depth(deepest).0, depth);
        assert!(t.begins_too_deep(deepest), "a new line here would be deeper than the limit");
        assert!(!t.begins_too_deep(Cursor { line: deepest.line, at: 2 }), "at the end, the line goes on");
        let parent = t.leave(deepest).expect("parent");
        assert!(!t.begins_too_deep(parent));
    }

    #[test]
    fn lines_are_grafted_onto_a_corrected_game() {
        let old = tree("1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 (2. f4) 2... Nc6 *");
        let mut new = tree("1. e4 e5 2. Bc4 *");
        assert_eq!(new.graft(&old), 0);
        assert_eq!(movetext(&new), "1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Bc4 (2. f4) *");
        let mut other = tree("1. d4 d5 *");
        assert_eq!(other.graft(&old), 2, "no place for 1... c5 nor 2. f4");
        assert_eq!(movetext(&other), "1. d4 d5 *");
    }

    /// A nested variation promoted becomes the main line; what was played
    /// becomes the first variation at each level, with its own lines.
    #[test]
    fn a_nested_line_promoted_is_the_main_line() {
        let mut t = tree("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 Nc6 (2... d6) *");
        let c5 = t.enter(t.next(t.root()).unwrap(), 1).unwrap();
        let c3 = t.enter(c5, 1).unwrap();
        let d5 = t.next(c3).unwrap();
        let before = t.position(d5);
        let promoted = t.promote(d5).unwrap();
        assert_eq!(promoted.line, 0);
        assert_eq!(t.position(promoted), before);
        assert_eq!(movetext(&t), "1. e4 c5 (1... e5 2. Nf3 Nc6 (2... d6)) (1... e6) 2. c3 (2. Nf3 d6) 2... d5 *");
        assert_eq!(t.promote(promoted), Err(Stop::InMainLine));
    }

    /// The cursor's path plays legally from the start, and its position
    /// is the one the path reaches.
    fn on_its_path(t: &Tree, c: Cursor) -> Result<(), proptest::test_runner::TestCaseError> {
        let (positions, moves) = t.path(c);
        let mut pos = t.start;
        for m in &moves {
            proptest::prop_assert!(pos.play(m).is_ok());
            pos.play_unchecked(m);
        }
        proptest::prop_assert_eq!(positions.len(), moves.len() + 1);
        proptest::prop_assert_eq!(t.position(c), pos);
        Ok(())
    }

    proptest::proptest! {
        /// Any walk through a game with nested variations stays on a
        /// position reached by playing the path from the start, and never
        /// panics.
        #[test]
        fn any_walk_stays_on_the_path(steps in proptest::collection::vec(0u8..8, 0..60)) {
            let t = tree("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) (1... e6) 2. Nf3 Nc6 3. Bb5 *");
            let mut c = t.root();
            for s in steps {
                let next = match s {
                    0 => t.next(c),
                    1 => t.back(c),
                    2 => Ok(t.end(c)),
                    3 => t.enter(c, 1),
                    4 => t.enter(c, 2),
                    5 => t.leave(c),
                    6 => t.go_to(c, 2, Some(Color::Black)),
                    _ => t.go_to(c, 1, None),
                };
                if let Ok(n) = next {
                    c = n;
                }
                on_its_path(&t, c)?;
            }
        }

        /// Any mix of steps, moves played, lines deleted and promoted
        /// keeps every position on its path, and the tree written as PGN
        /// reads back as the same tree.
        #[test]
        fn lines_played_deleted_and_promoted_stay_whole(steps in proptest::collection::vec((0u8..9, 0usize..40), 0..50)) {
            let mut t = tree("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *");
            let mut c = t.root();
            for (s, k) in steps {
                let next = match s {
                    0 => t.next(c),
                    1 => t.back(c),
                    2 => Ok(t.end(c)),
                    3 => t.enter(c, 1 + k % 2),
                    4 => t.leave(c),
                    5 => t.delete(c),
                    6 => t.promote(c),
                    _ => {
                        let pos = t.position(c);
                        let moves = pos.legal_moves();
                        match moves.get(k % moves.len().max(1)) {
                            Some(m) if t.step_with(c, m).is_none() => Ok(t.play(c, *m).cursor()),
                            _ => Err(Stop::AtEnd),
                        }
                    }
                };
                if let Ok(n) = next {
                    c = n;
                }
                on_its_path(&t, c)?;
            }
            let text = movetext(&t);
            let again = tree(&text);
            proptest::prop_assert_eq!(again.pgn_moves(0), t.pgn_moves(0));
        }
    }
}
