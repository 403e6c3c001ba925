//! The puzzle mode with lichess: batches asked for (with the results
//! that wait), what lichess answered (results counted, a batch kept and
//! played, a failure said and the batch kept before played instead), and
//! the dashboard.

use super::PuzzleMode;
use crate::online::puzzle::PuzzleNews;
use crate::study::puzzle::Puzzle;
use crate::ui::output::Urgency;
use crate::ui::words::LinkSaid;

impl PuzzleMode {
    /// A line of the link to lichess.
    pub(super) fn link_says(&mut self, said: LinkSaid) {
        let line = self.shell.words.puzzle_online(&said);
        self.shell.say_lines(vec![line]);
    }

    /// No puzzle at hand, with lichess's link: one is asked for (with the
    /// results that wait), or why not said.
    pub(super) fn ask_lichess(&mut self) {
        let Some(link) = &mut self.link else { return };
        let was = link.asking();
        match link.ask(link.refills(), std::time::Instant::now()) {
            Ok(true) => {
                self.wanting = true;
                self.link_says(if was { LinkSaid::Waiting } else { LinkSaid::Asking });
            }
            Ok(false) => {
                self.run = None;
                let line = self.shell.words.puzzle_none_online();
                self.shell.say_lines(vec![line]);
            }
            Err(seconds) => self.link_says(LinkSaid::WaitMinute(seconds)),
        }
    }

    /// What lichess answered: results counted are forgotten and the
    /// rating said; a batch kept and played; a failure said in one line,
    /// the batch kept before played instead.
    pub(super) fn lichess_answered(&mut self, news: PuzzleNews, now: u64) {
        let Some(link) = &mut self.link else { return };
        link.answered(&news, std::time::Instant::now());
        let (posted, counted, batch, dropped) = match news {
            PuzzleNews::Answered { posted, counted, batch, dropped } => (posted, counted, batch, dropped),
            PuzzleNews::Dashboard(Ok(d)) => {
                let lines = self.shell.words.puzzle_dashboard(&d);
                return self.shell.say_lines(lines);
            }
            PuzzleNews::Dashboard(Err(e)) => {
                let line = self.shell.words.puzzle_online(&LinkSaid::Failed(e));
                return self.shell.say_lines(vec![line]);
            }
        };
        let want = std::mem::take(&mut self.wanting);
        let answered = batch.is_ok();
        let mut lines = Vec::new();
        // Puzzles that could not be read were left out alone: said.
        if dropped > 0 {
            lines.push(self.shell.words.puzzle_online(&LinkSaid::Dropped(dropped)));
        }
        if !posted.is_empty()
            && let Err(e) = link.counted(&posted)
        {
            lines.push(self.shell.words.puzzle_not_kept(crate::files::WriteProblem::of(&e)));
        }
        if let Some(c) = counted.filter(|c| c.counted > 0) {
            let said = LinkSaid::Counted { n: c.counted, rating: c.rating, change: c.change };
            lines.push(self.shell.words.puzzle_online(&said));
        }
        let fresh = |p: &Puzzle, mode: &PuzzleMode| {
            !mode.record.seen.contains(&p.id) && !mode.given.iter().any(|g| g.id == p.id)
        };
        match batch {
            Ok(puzzles) => {
                if !puzzles.is_empty()
                    && let Err(e) = link.keep_batch(&puzzles)
                {
                    lines.push(self.shell.words.puzzle_not_kept(crate::files::WriteProblem::of(&e)));
                }
                let new: Vec<Puzzle> = puzzles.into_iter().filter(|p| fresh(p, self)).collect();
                self.given.extend(new);
                if want && self.given.is_empty() {
                    lines.push(self.shell.words.puzzle_online(&LinkSaid::NoMore));
                }
            }
            Err(e) => {
                lines.push(self.shell.words.puzzle_online(&LinkSaid::Failed(e)));
                let link = self.link.as_ref().unwrap_or_else(|| unreachable!("checked above"));
                if !link.pending().is_empty() {
                    lines.push(self.shell.words.puzzle_online(&LinkSaid::ResultsKept));
                }
                if want && self.given.is_empty() {
                    let kept: Vec<Puzzle> = link.kept_batch().into_iter().filter(|p| fresh(p, self)).collect();
                    if !kept.is_empty() {
                        lines.push(self.shell.words.puzzle_online(&LinkSaid::KeptBatch(kept.len())));
                    }
                    self.given.extend(kept);
                    if self.given.is_empty() {
                        lines.push(self.shell.words.puzzle_none_online());
                    }
                }
            }
        }
        self.shell.say_lines(lines);
        if want && !self.given.is_empty() {
            self.next_puzzle(now);
        }
        // Results decided while that request was under way go now, as
        // every result does (when lichess answered at all: after a
        // failure they stay kept for the next request).
        if let Some(link) = &mut self.link
            && answered
            && !link.pending().is_empty()
        {
            let _ = link.ask(false, std::time::Instant::now());
        }
    }

    /// lichess's puzzle dashboard, asked for (with lichess only).
    pub(super) fn dashboard(&mut self) {
        let Some(link) = &mut self.link else {
            let text = self.shell.words.dashboard_offline();
            return self.shell.say(text, Urgency::Info);
        };
        if let Err(secs) = link.ask_dashboard(std::time::Instant::now()) {
            let line = self.shell.words.puzzle_online(&LinkSaid::WaitMinute(secs));
            self.shell.say_lines(vec![line]);
        }
    }
}
