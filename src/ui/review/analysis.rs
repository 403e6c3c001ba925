//! The analysis of a review's main line (run by the effects layer), its
//! progress and summary, the mistakes it marks, practising them, and
//! saving the game with its lines and marks.

use super::{PROGRESS_EVERY_MS, Review, Work};
use crate::engine::analysis::Line as AnalysisLine;
use crate::game::OpponentFailure;
use crate::notation::pgn::{PgnGame, write_pgn};
use crate::notation::{SanOptions, write_san};
use crate::rules::{Move, Position};
use crate::speech::{Channel, Command};
use crate::study::judge::{Analysis, Evaluated};
use crate::study::tree::Cursor;
use crate::ui::effect::{Effect, Saving};
use crate::ui::words::Fixed;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl Review {
    /// The player's mistakes as puzzles, once the analysis has found
    /// them; why not, said.
    pub(super) fn practise(&mut self) {
        let Some(a) = &self.analysis else {
            let text = self.shell.words.fixed(Fixed::NotAnalysed);
            self.shell.tell(text);
            return;
        };
        let found = crate::study::practice::practices(a, self.me);
        if found.is_empty() {
            let text = self.shell.words.fixed(Fixed::NoMistakesToPractise);
            self.shell.tell(text);
            return;
        }
        self.practice = Some(found);
    }

    /// A line to answer once the analysis ends.
    pub(super) fn defer(&mut self, c: Command, channel: Channel) {
        self.deferred.push((c, channel));
        let words = self.shell.words.fixed(Fixed::StudyDeferred);
        self.shell.tell(words);
    }

    /// Moves of the main line (the analysis looks at the game as played).
    pub(super) fn main_line(&self) -> (Vec<Position>, Vec<Move>) {
        self.tree.path(self.tree.end(self.tree.root()))
    }

    /// How many moves (full moves) the main line has, and the number of
    /// the move played in position `i`.
    pub(super) fn move_numbers(&self, i: usize) -> (u32, u32) {
        let (positions, _) = self.main_line();
        let last = positions.len().saturating_sub(2);
        let total = positions.get(last).map_or(1, |p| p.fullmoves());
        let n = positions.get(i.min(last)).map_or(1, |p| p.fullmoves());
        (n, total)
    }

    pub(super) fn analyse(&mut self) {
        if self.running() {
            let judged = self.analysis.as_ref().map_or(0, Analysis::judged);
            let text = self.shell.words.analyse_running(self.move_numbers(judged));
            self.shell.tell(text);
            return;
        }
        if let Some(a) = &self.analysis
            && a.judged() == a.moves()
        {
            return self.summary();
        }
        let (positions, moves) = self.main_line();
        if moves.is_empty() {
            let text = self.shell.words.fixed(Fixed::NoMovesYet);
            self.shell.tell(text);
            return;
        }
        let (_, total) = self.move_numbers(moves.len());
        let text = self.shell.words.analyse_start(total);
        self.shell.tell(text);
        // Looked for when an analysis starts, as the effects layer does.
        if self.engine_path.clone().or_else(crate::engine::uci::find_engine).is_none() {
            let text = self.shell.words.fixed(Fixed::BuiltinEngine);
            self.shell.tell(text);
        }
        // What an earlier, stopped analysis found is kept.
        let analysis = self.analysis.get_or_insert_with(|| Analysis::new(positions, moves));
        let wanted = analysis.wanted();
        let stop = Arc::new(AtomicBool::new(false));
        self.work = Work::Running { stop: stop.clone(), said_at: 0 };
        self.shell.request(Effect::Analyse { wanted, stop });
    }

    pub(super) fn summary(&mut self) {
        let Some(a) = &self.analysis else { return };
        let lines = self.shell.words.summary(a);
        self.say_all(lines);
    }

    /// The main-line move the cursor stands after (variations count from
    /// where they leave the main line).
    pub(super) fn main_ply(&self) -> usize {
        let mut c = self.cursor;
        while let Some((line, at)) = self.tree.lines.get(c.line).and_then(|b| b.parent) {
            c = Cursor { line, at };
        }
        c.at
    }

    pub(super) fn mistake(&mut self, forward: bool) {
        let Some(a) = &self.analysis else {
            let text = self.shell.words.fixed(Fixed::NotAnalysed);
            self.shell.tell(text);
            return;
        };
        let at = self.main_ply();
        let found = if forward {
            a.marks.iter().find(|m| m.ply >= at).copied()
        } else {
            a.marks.iter().rev().find(|m| m.ply + 1 < at).copied()
        };
        let Some(judged) = found else {
            let text = self.shell.words.fixed(if forward { Fixed::NoNextMistake } else { Fixed::NoPreviousMistake });
            self.shell.tell(text);
            return;
        };
        self.cursor = Cursor { line: 0, at: judged.ply + 1 };
        let before = a.before(judged.ply).copied().unwrap_or(self.tree.start);
        let text = self.shell.words.mistake(&before, &judged);
        self.shell.tell(text);
    }

    /// The game as PGN, with the analysis's marks as annotation glyphs and
    /// comments.
    pub(super) fn annotated(&self) -> PgnGame {
        let mut game = self.game.clone();
        game.start = self.tree.start;
        game.moves = self.tree.pgn_moves(0);
        let Some(a) = &self.analysis else { return game };
        let opts = SanOptions::lang(self.shell.lex.lang.notation());
        for j in &a.marks {
            let Some(node) = game.moves.get_mut(j.ply) else { continue };
            let before = a.before(j.ply).copied().unwrap_or(self.tree.start);
            let best = j.best.map_or(String::new(), |m| write_san(&before, &m, &opts));
            // An annotator's own judgement of the move ($1 to $6) is kept.
            let notes = node.notes_mut();
            if !notes.nags.iter().any(|n| (1..=6).contains(n)) {
                notes.nags.push(j.mark.nag());
            }
            notes.comments.push(self.shell.words.mistake_comment(j, &best));
        }
        game
    }

    /// Writes the game (with the analysis, if any) as a new file in the
    /// games folder, never over the file it was read from.
    pub(super) fn save(&mut self) {
        let pgn = write_pgn(&self.annotated());
        self.shell.request(Effect::WriteScore { stem: self.stem.clone(), pgn, what: Saving::Score });
    }

    pub(super) fn evaluated(&mut self, i: usize, result: Result<Vec<AnalysisLine>, OpponentFailure>, now: u64) {
        let Some(a) = &mut self.analysis else { return };
        match result {
            Ok(lines) => match lines.first() {
                Some(line) => a.record(i, Evaluated::of_line(line)),
                None => return,
            },
            Err(f) => {
                let lines = self.shell.words.analysis_failed(&f);
                self.say_all(lines.into_iter().map(|l| l.text).collect());
                return;
            }
        }
        let judged = a.judged();
        let moves = a.moves();
        let at = self.move_numbers(judged);
        let Work::Running { said_at, .. } = &mut self.work else { return };
        if now.saturating_sub(*said_at) >= PROGRESS_EVERY_MS && judged < moves {
            *said_at = now;
            let text = self.shell.words.progress(at);
            self.shell.tell(text);
        }
    }

    pub(super) fn analysis_ended(&mut self) {
        self.work = Work::Idle;
        let Some(a) = &self.analysis else { return };
        let (judged, moves) = (a.judged(), a.moves());
        let text = if judged == moves {
            self.shell.words.fixed(Fixed::AnalyseDone)
        } else {
            let (n, total) = self.move_numbers(judged.saturating_sub(1));
            let n = if judged == 0 { 0 } else { n };
            self.shell.words.analyse_stopped((n, total))
        };
        self.shell.tell(text);
        self.summary();
        for (c, channel) in std::mem::take(&mut self.deferred) {
            self.command(c, channel);
        }
    }
}
