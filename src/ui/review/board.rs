//! The analysis board: moves of the player's own played into the tree
//! (asked about first when heard in doubt), lines deleted (asked) and
//! promoted, a game from the position in view, another chapter, the
//! clocks of the comments.

use super::{Asked, ChapterStep, PlayFrom, Review};
use crate::notation::pgn::PgnGame;
use crate::rules::Move;
use crate::speech::{Answer, Channel, Command, Question};
use crate::study::tree::{Cursor, Played};
use crate::ui::output::Urgency;
use crate::ui::words::Fixed;

impl Review {
    /// A move typed or said (or chosen by the engine) at the cursor: the
    /// next move, or the first move of a variation, steps there; any other
    /// is played on the board, beginning a line of the player's own or
    /// going on in one. A game watched goes on past its live end only by
    /// its own moves.
    pub(super) fn moved(&mut self, mv: Move) {
        match self.tree.step_with(self.cursor, &mv) {
            Some(0) => return self.go(self.tree.next(self.cursor)),
            Some(n) => return self.command(Command::Variation(n as u32), Channel::Typed),
            None => {}
        }
        if self.ongoing && self.cursor == self.tree.end(self.tree.root()) {
            let text = self.shell.words.fixed(Fixed::LiveEnd);
            return self.shell.tell(text);
        }
        if self.tree.begins_too_deep(self.cursor) {
            let text = self.shell.words.nested_too_deep();
            return self.shell.tell(text);
        }
        let before = self.tree.position(self.cursor);
        let played = self.tree.play(self.cursor, mv);
        self.cursor = played.cursor();
        self.changed = true;
        self.quit_warned = false;
        let line = self.shell.words.own_move(&before, &mv, matches!(played, Played::NewLine(_)));
        self.shell.say(line, Urgency::Move);
        self.opening_reached(&self.tree.position(self.cursor));
    }

    /// A game played from the position in view whose score could not be
    /// written: its moves are a line from here (the moves already in the
    /// tree are followed), the cursor at its end; `save` keeps it.
    pub(crate) fn take_line(&mut self, moves: &[Move]) {
        for mv in moves {
            if !self.tree.position(self.cursor).legal_moves().contains(mv) || self.tree.begins_too_deep(self.cursor) {
                break;
            }
            self.cursor = self.tree.play(self.cursor, *mv).cursor();
        }
        self.changed = true;
        self.quit_warned = false;
    }

    /// `play from here`: a game from the position in view, asked of the
    /// mode; a level or a time control that cannot be is said, and
    /// nothing starts.
    pub(super) fn play_from_here(&mut self, level: Option<u32>, human: bool, control: Option<String>) {
        use crate::config::{OpponentKind, StartProblem};
        let mut settings = self.settings.clone();
        if let Some(n) = level {
            match u8::try_from(n).ok().filter(|n| (1..=20).contains(n)) {
                Some(n) => settings.level = n,
                None => return self.shell.tell(self.shell.words.start_problem(&StartProblem::Level(n.to_string()))),
            }
        }
        if human {
            settings.opponent = OpponentKind::Human;
        }
        let controls = match control.map(|c| c.parse::<crate::clock::Controls>().map_err(|_| c)).transpose() {
            Ok(c) => c,
            Err(c) => return self.shell.tell(self.shell.words.start_problem(&StartProblem::TimeControl(c))),
        };
        self.play_from = Some(PlayFrom { position: self.tree.position(self.cursor), settings, controls });
    }

    /// The chapter step asked for (taken once).
    pub(crate) fn take_chapter(&mut self) -> Option<ChapterStep> {
        self.chapter.take()
    }

    /// The game under review, as read.
    pub(crate) fn game(&self) -> &PgnGame {
        &self.game
    }

    /// The game asked for with `play from here` (taken once).
    pub(crate) fn take_play_from(&mut self) -> Option<PlayFrom> {
        self.play_from.take()
    }

    /// The rematch asked for (taken once).
    pub(crate) fn take_rematch(&mut self) -> Option<crate::online::Rematch> {
        self.rematch.take()
    }

    /// The position `setup` asked to start from (taken once).
    pub(crate) fn take_setup(&mut self) -> Option<crate::rules::Position> {
        self.setup.take()
    }

    /// The moves on the way to `to` with the clocks of their comments.
    pub(super) fn thinks(&self, to: Cursor) -> Vec<crate::study::clocks::Think> {
        let control = crate::study::clocks::control(self.game.tag("TimeControl"));
        crate::study::clocks::thinks(&self.tree, to, control)
    }

    /// `delete line`: the line in view, asked first; the main line stays.
    pub(super) fn ask_delete(&mut self) {
        let first =
            self.tree.lines.get(self.cursor.line).filter(|_| self.cursor.line != 0).and_then(|b| b.nodes.first());
        let Some(first) = first else {
            let text = self.shell.words.fixed(Fixed::MainLineStays);
            return self.shell.tell(text);
        };
        let line = self.shell.words.delete_confirm(&first.before, &first.mv);
        self.asked = Some(Asked::Delete);
        self.shell.say(line, Urgency::Urgent);
    }

    /// The line in view removed (the player said yes): the cursor goes
    /// where it began.
    pub(super) fn delete_line(&mut self) {
        let Ok(to) = self.tree.delete(self.cursor) else { return };
        // Changed only while the tree differs from the game as read: the
        // only line of one's own deleted leaves nothing unsaved.
        self.changed = self.tree.pgn_moves(0) != self.game.moves;
        self.quit_warned = false;
        let text = self.shell.words.fixed(Fixed::LineDeleted);
        self.shell.tell(text);
        self.go(Ok(to));
    }

    /// `promote line`: the line in view becomes the main line; an
    /// analysis of the old main line no longer fits and is let go, said.
    pub(super) fn promote(&mut self) {
        // A game watched as it goes on: its moves are the main line.
        if self.ongoing {
            let text = self.shell.words.fixed(Fixed::LiveMainLine);
            return self.shell.tell(text);
        }
        match self.tree.promote(self.cursor) {
            Ok(to) => {
                self.cursor = to;
                self.changed = true;
                self.quit_warned = false;
                let text = self.shell.words.fixed(Fixed::LinePromoted);
                self.shell.tell(text);
                if self.analysis.take().is_some() {
                    let text = self.shell.words.fixed(Fixed::AnalysisDropped);
                    self.shell.tell(text);
                }
            }
            Err(stop) => {
                let text = self.shell.words.stop(stop, true);
                self.shell.tell(text);
            }
        }
    }

    /// What was heard or typed while a question waits, or a question to
    /// ask: a move certain but for its confirmation, and the next move
    /// here, is a step (nothing is played); any other is asked about and
    /// played only when the player answers.
    pub(super) fn ask(&mut self, q: Question) {
        if let [m] = q.choices.as_slice()
            && self.tree.step_with(self.cursor, m).is_some()
        {
            return self.moved(*m);
        }
        let text = self.shell.words.question(&q);
        self.asked = Some(Asked::Move(q));
        self.shell.say(text, Urgency::Urgent);
    }

    /// An answer: to `delete line`, or to a question about a move.
    pub(super) fn answered(&mut self, answer: Answer, asked: Option<Asked>) {
        match (asked, answer) {
            (Some(Asked::Delete), Answer::Yes) => self.delete_line(),
            (Some(Asked::Delete), _) => {
                let text = self.shell.words.fixed(Fixed::LineKept);
                self.shell.tell(text);
            }
            // Yes to several moves, or a number none has: asked again.
            (Some(Asked::Move(q)), Answer::Yes | Answer::Number(_) | Answer::Piece(_)) => self.ask(q),
            (Some(Asked::Move(_)), Answer::No | Answer::Cancel) => {
                let text = self.shell.words.fixed(Fixed::Cancelled);
                self.shell.tell(text);
            }
            (None, _) => {
                let text = self.shell.words.fixed(Fixed::Empty);
                self.shell.tell(text);
            }
        }
    }
}
