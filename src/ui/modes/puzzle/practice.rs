//! The player's own mistakes as puzzles in the puzzle mode (`practise`
//! in a review): the move of the game is wrong at once, another than
//! the engine's is checked with the engine (as good as its best: right);
//! nothing is kept, no rating, no record.
//!
//! May use: `io`, the session, and everything below them.

use super::{PuzzleFiles, PuzzleMode};
use crate::config::Settings;
use crate::rules::Move;
use crate::study::library::Wanted;
use crate::study::practice::Practice;
use crate::ui::input::Msg;
use crate::ui::words::PracticeSaid;

impl PuzzleMode {
    /// The player's mistakes as puzzles (nothing kept: no rating, no
    /// record); a move other than the engine's is checked with an engine
    /// whose answer comes through `tx`.
    pub(crate) fn practice(
        settings: &Settings,
        files: PuzzleFiles,
        practice: Vec<Practice>,
        tx: std::sync::mpsc::Sender<Msg>,
    ) -> PuzzleMode {
        let given = practice.iter().map(|p| p.puzzle.clone()).collect();
        let mut mode = PuzzleMode::new(settings, files, Wanted::default(), given, None);
        mode.practice = practice;
        mode.tx = Some(tx);
        mode
    }

    /// The practice of the puzzle being played, if it is one.
    pub(super) fn practising(&self) -> Option<&Practice> {
        let id = &self.run.as_ref()?.puzzle().id;
        self.practice.iter().find(|p| p.puzzle.id == *id)
    }

    /// A move in a practice that is not the engine's: the move of the
    /// game is wrong at once; another is checked with the engine (as
    /// good as the engine's best: right).
    pub(super) fn practice_move(&mut self, m: Move, now: u64) {
        let Some(pr) = self.practising().cloned() else { return };
        if m == pr.played {
            let line = self.shell.words.practice_said(PracticeSaid::PlayedAgain);
            self.shell.say_lines(vec![line]);
            let ev = self.run.as_mut().map(|r| r.play(m, now)).unwrap_or_default();
            return self.events(ev, now);
        }
        if self.checking.is_some() {
            // Never silence: the move waits for the one being checked.
            let line = self.shell.words.practice_said(PracticeSaid::StillChecking);
            return self.shell.say_lines(vec![line]);
        }
        let (Some(tx), Some(run)) = (self.tx.clone(), &self.run) else { return };
        let mut after = *run.position();
        after.play_unchecked(&m);
        self.checking = Some(m);
        let line = self.shell.words.practice_said(PracticeSaid::Checking);
        self.shell.say_lines(vec![line]);
        let engine = self.engine.take();
        let path = self.engine_path.clone();
        let _ = std::thread::Builder::new().name("practice-check".into()).spawn(move || {
            let mut engine = engine.unwrap_or_else(|| crate::ui::effects::start_analyst(path));
            let lines = engine
                .analyse(&after, 1, crate::engine::analysis::Limit::Depth(crate::ui::effects::ANALYSIS_DEPTH))
                .map_err(|e| crate::game::OpponentFailure::from(&e));
            let who = engine.analyst();
            let _ =
                tx.send(Msg::Analysis(crate::ui::input::AnalysisNews::Answered { who, lines, engine: Some(engine) }));
        });
    }

    /// The engine's score of the move being checked: right (as good as
    /// the best) or wrong.
    pub(super) fn practice_checked(&mut self, score: Option<crate::engine::analysis::Score>, now: u64) {
        let (Some(m), Some(pr)) = (self.checking.take(), self.practising().cloned()) else { return };
        let Some(run) = &mut self.run else { return };
        let before = *run.position();
        let mut after = before;
        after.play_unchecked(&m);
        let good = score.is_some_and(|s| crate::study::practice::as_good(&before, pr.before, &after, s));
        let ev = if good {
            let line = self.shell.words.practice_said(PracticeSaid::AsGood);
            self.shell.say_lines(vec![line]);
            run.accept(m, now)
        } else {
            run.play(m, now)
        };
        self.events(ev, now);
    }
}
