//! A game watched as it is played: its moves said as they come, the
//! cursor following the last unless the player looks back, a relay's
//! correction with the player's lines put back, its end.

use super::{Live, Review};
use crate::config::Settings;
use crate::notation::pgn::PgnGame;
use crate::rules::{Move, Position};
use crate::study::tree::Tree;
use crate::ui::output::Urgency;

impl Review {
    /// A game watched as it is played, from `start` (said by `header`);
    /// its moves come with [`Review::watched`].
    pub(crate) fn watching(
        settings: &Settings,
        header: Vec<String>,
        start: Position,
        clocks: Option<[u64; 2]>,
        now: u64,
    ) -> Review {
        let mut review = Review::new(PgnGame::new(start), settings, 1, 1, "watched");
        review.header = header;
        review.live = Some(Live { clocks, at: now });
        review.ongoing = true;
        review
    }

    /// The game watched has ended: its main line may now be extended and
    /// replaced as any review's.
    pub(crate) fn ended(&mut self) {
        self.ongoing = false;
    }

    /// A game watched as it is played, with the moves it has so far (said
    /// by `header`), at its last move; more come with
    /// [`Review::watched_moves`].
    pub(crate) fn watching_game(
        settings: &Settings,
        header: Vec<String>,
        game: PgnGame,
        clocks: Option<[u64; 2]>,
        now: u64,
    ) -> Review {
        let mut review = Review::watching(settings, header, game.start, clocks, now);
        review.game = game;
        review.tree = Tree::of(&review.game);
        review.cursor = review.tree.end(review.tree.root());
        review
    }

    /// Moves of the game watched that came together: one is said as it
    /// comes; several (a relay catching up) are one line, how many and the
    /// last, so that the latest is not buried under the rest.
    pub(crate) fn watched_moves(&mut self, moves: &[Move], clocks: Option<[u64; 2]>, now: u64) {
        let [.., last] = moves else { return };
        let end = self.tree.end(self.tree.root());
        let following = self.cursor == end;
        // The game's last position from the tree's end: one move played,
        // never the game replayed (constant work per move).
        let mut before = self.tree.position(end);
        for mv in &moves[..moves.len() - 1] {
            before = before.play(mv).unwrap_or(before);
        }
        self.game.moves.extend(moves.iter().map(|mv| crate::notation::pgn::PgnNode::new(*mv)));
        // The lines the player tried meanwhile stay.
        self.tree.extend_main(moves);
        if following {
            self.cursor = self.tree.end(self.tree.root());
        }
        self.live = clocks.map(|c| Live { clocks: Some(c), at: now }).or(self.live);
        let line = match moves.len() {
            1 => self.shell.words.watched_move(&before, last),
            n => self.shell.words.moves_caught_up(n, &before, last),
        };
        self.shell.say_lines(vec![line]);
        let now_at = self.tree.position(self.tree.end(self.tree.root()));
        self.opening_watched(&now_at);
    }

    /// The moves the game watched had before it was watched, from its
    /// start, leading to the position it is watched at: kept to look back
    /// on, nothing said (no move of them is news, nor their openings).
    /// When they do not lead there (moves came meanwhile), nothing.
    pub(crate) fn history(&mut self, start: Position, moves: &[Move]) {
        // The positions the moves pass through, each move played once.
        let mut passed = Vec::with_capacity(moves.len());
        let mut at = start;
        for mv in moves {
            let Ok(next) = at.play(mv) else { return };
            passed.push(next);
            at = next;
        }
        let now_at = self.game.final_position();
        if !self.game.moves.is_empty() || at.board_fen() != now_at.board_fen() || at.turn() != now_at.turn() {
            return;
        }
        let following = self.cursor == self.tree.end(self.tree.root());
        self.game.start = start;
        self.game.moves = moves.iter().map(|mv| crate::notation::pgn::PgnNode::new(*mv)).collect();
        self.tree = Tree::of(&self.game);
        if following {
            self.cursor = self.tree.end(self.tree.root());
        }
        // The openings passed are not said later as news.
        for pos in &passed {
            if let Some(line) = crate::study::openings::named(pos).and_then(|o| self.shell.words.opening(o)) {
                self.openings_watched.insert(line.text.clone());
            }
        }
    }

    /// The moves of the game watched changed otherwise than by moves
    /// added (a relay's correction): it goes on from `game`, at its end.
    pub(crate) fn replaced(&mut self, game: PgnGame, clocks: Option<[u64; 2]>, now: u64) {
        self.game = game;
        let old = std::mem::replace(&mut self.tree, Tree::of(&self.game));
        // The player's lines go where the corrected game still reaches
        // their position; those that cannot are said.
        let lost = self.tree.graft(&old);
        self.cursor = self.tree.end(self.tree.root());
        self.live = clocks.map(|c| Live { clocks: Some(c), at: now }).or(self.live);
        let line = self.shell.words.watch_jumped(&self.game.final_position());
        self.shell.say(line, Urgency::Move);
        if lost > 0 {
            let text = self.shell.words.lines_dropped(lost);
            self.shell.say(text, Urgency::Info);
        }
    }

    /// A move of the game watched: said as it comes; the cursor follows
    /// it when it was at the last move (else it stays where the player
    /// looks back).
    pub(crate) fn watched(&mut self, mv: Move, clocks: [u64; 2], now: u64) {
        self.watched_moves(&[mv], Some(clocks), now);
    }

    /// The game watched is at `position` (its feed opened anew): moves
    /// missed meanwhile are said as such; the same position, nothing.
    pub(crate) fn caught_up(&mut self, position: Position, clocks: [u64; 2], now: u64) {
        let last = self.game.final_position();
        if last.board_fen() == position.board_fen() && last.turn() == position.turn() {
            self.live = Some(Live { clocks: Some(clocks), at: now });
            return;
        }
        self.jumped(position, clocks, now);
    }

    /// Moves of the game watched were missed: it goes on from `position`.
    pub(crate) fn jumped(&mut self, position: Position, clocks: [u64; 2], now: u64) {
        self.replaced(PgnGame::new(position), Some(clocks), now);
    }
}
