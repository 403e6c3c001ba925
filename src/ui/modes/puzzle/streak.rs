//! The puzzle streak in the puzzle mode (`voxchess puzzle streak`):
//! puzzles of rising rating from the offline library, none given twice
//! in a streak; one wrong move, or the solution asked, ends it (the
//! solution is then played); `next` skips one puzzle once a streak; no
//! hints; the rating and the puzzle record untouched; the best streak
//! kept in its own file, which, if it cannot be read, is kept aside and
//! said, never overwritten (`game::read_kept`).

use super::{PuzzleFiles, PuzzleMode};
use crate::study::library::Wanted;
use crate::study::puzzle::{Puzzle, PuzzleEvent};
use crate::study::streak::{Streak, best_text, read_best};
use crate::ui::words::StreakSaid;
use std::collections::HashSet;
use std::path::PathBuf;

/// The largest best-streak file read.
const MAX_FILE: u64 = 1024;

/// A streak being played, and where its best is kept.
pub(super) struct StreakPlay {
    streak: Streak,
    /// The best streak's file.
    file: PathBuf,
    /// How it was found: one that could not be read was kept aside (or,
    /// if it could not be, is never written).
    found: crate::files::Kept,
    /// The puzzles of this streak (never given twice in one).
    seen: HashSet<String>,
    /// The puzzles of every streak of this session: a new streak takes
    /// others while the library has them.
    session: HashSet<String>,
}

impl StreakPlay {
    /// The best streak kept in `files`: missing, none yet; unreadable,
    /// the file kept aside (and said), a new one begun.
    pub(super) fn load(files: &PuzzleFiles) -> StreakPlay {
        let file = files.streak.clone();
        let found = crate::files::read_kept(&file, MAX_FILE, |t| t.is_empty() || read_best(t).is_some());
        let best = read_best(found.text()).unwrap_or(0);
        StreakPlay { streak: Streak::new(best), file, found, seen: HashSet::new(), session: HashSet::new() }
    }

    /// The next puzzle of the streak from the library: near the
    /// streak's rating and no easier than the last, of the theme asked;
    /// one the player has not seen (nor met in this session's streaks)
    /// first, then any not in this streak.
    fn pick(&self, library: &std::path::Path, theme: &Wanted, record: &HashSet<String>) -> Option<Puzzle> {
        let (near, floor) = self.streak.wanted();
        let wanted = Wanted { theme: theme.theme.clone(), rating: Some((floor, 4000)) };
        let mut both = record.clone();
        both.extend(self.session.iter().cloned());
        crate::study::index::pick(library, &wanted, &both, near)
            .or_else(|| crate::study::index::pick(library, &wanted, &self.seen, near))
    }
}

impl PuzzleMode {
    /// A streak's mode: puzzles from `files`' library of `wanted`'s theme.
    pub(crate) fn streak(settings: &crate::config::Settings, files: PuzzleFiles, wanted: Wanted) -> PuzzleMode {
        let play = StreakPlay::load(&files);
        let mut mode = PuzzleMode::new(settings, files, wanted, Vec::new(), None);
        mode.streak = Some(play);
        mode
    }

    fn streak_say(&mut self, said: &[StreakSaid]) {
        let lines = said.iter().map(|s| self.shell.words.puzzle_streak(s)).collect();
        self.shell.say_lines(lines);
    }

    /// The streak's greeting: how it plays and the best kept.
    pub(super) fn streak_greet(&mut self) {
        let Some(play) = &self.streak else { return };
        let damaged = self.shell.words.kept_damaged(crate::ui::words::KeptFile::BestStreak, &play.found);
        let start = self.shell.words.puzzle_streak(&StreakSaid::Start { best: play.streak.best() });
        self.shell.say_lines(damaged.into_iter().chain([start]).collect());
    }

    /// The streak's next puzzle, if one is being played: Some(None) when
    /// the library has none left for it.
    pub(super) fn streak_pick(&self) -> Option<Option<Puzzle>> {
        let play = self.streak.as_ref()?;
        Some(play.pick(&self.files.library, &self.wanted, &self.record.seen))
    }

    /// The streak's puzzle is in play: its number said.
    pub(super) fn streak_started(&mut self, puzzle: &Puzzle) {
        let Some(play) = &mut self.streak else { return };
        play.streak.started(puzzle.rating);
        play.seen.insert(puzzle.id.clone());
        play.session.insert(puzzle.id.clone());
        let n = play.streak.number();
        self.streak_say(&[StreakSaid::Puzzle(n)]);
    }

    /// No puzzle left for the streak: the first, as any puzzle mode says
    /// it; later, the streak ends there. True when said.
    pub(super) fn streak_none(&mut self) -> bool {
        let Some(play) = &self.streak else { return false };
        if play.streak.number() == 1 && play.seen.is_empty() {
            return false;
        }
        self.streak_say(&[StreakSaid::NoHarder]);
        self.streak_end();
        true
    }

    /// A puzzle event as the streak takes it: a wrong move ends the
    /// streak with the solution played; the solution shown ends it; a
    /// solve counts and the next puzzle follows at once. False: not the
    /// streak's (said as in any puzzle).
    pub(super) fn streak_event(&mut self, e: &PuzzleEvent, now: u64) -> bool {
        if self.streak.as_ref().is_none_or(|p| p.streak.is_over()) {
            return false;
        }
        match e {
            PuzzleEvent::Wrong { .. } => {
                self.streak_say(&[StreakSaid::Wrong]);
                let head = self.shell.words.puzzle_solution();
                self.shell.say_lines(vec![head]);
                let ev = self.run.as_mut().map(crate::study::puzzle::PuzzleRun::solution).unwrap_or_default();
                self.events(ev, now);
                true
            }
            PuzzleEvent::SolutionShown => {
                self.streak_end();
                true
            }
            PuzzleEvent::Solved { .. } => {
                let lines = self.shell.words.puzzle_event(e);
                self.shell.say_lines(lines);
                let Some(play) = &mut self.streak else { return true };
                let count = play.streak.solved();
                let mut said = vec![StreakSaid::Count(count.solved)];
                if count.new_best {
                    said.push(StreakSaid::NewBest);
                    self.keep_best(count.best);
                }
                self.streak_say(&said);
                self.run = None;
                self.next_puzzle(now);
                true
            }
            _ => false,
        }
    }

    /// The best streak written to its file (a failure said).
    fn keep_best(&mut self, best: u32) {
        let Some(path) = self.streak.as_ref().filter(|p| p.found.writable()).map(|p| p.file.clone()) else { return };
        if let Err(e) = crate::files::write_atomic(&path, &best_text(best)) {
            let line = self.shell.words.puzzle_not_kept(crate::files::WriteProblem::of(&e));
            self.shell.say_lines(vec![line]);
        }
    }

    /// The streak ends: its count and the best, and how to go on.
    fn streak_end(&mut self) {
        let Some(play) = &mut self.streak else { return };
        let count = play.streak.end();
        self.streak_say(&[StreakSaid::Ended { solved: count.solved, best: count.best }, StreakSaid::Again]);
    }

    /// `next` in a streak: after its end, a new streak; during a puzzle,
    /// the streak's one skip (the puzzle is not counted). True when the
    /// streak took it.
    pub(super) fn streak_next(&mut self, now: u64) -> bool {
        let Some(play) = &mut self.streak else { return false };
        if play.streak.is_over() {
            play.streak = play.streak.again();
            play.seen.clear();
            self.run = None;
            self.streak_say(&[StreakSaid::New]);
            self.next_puzzle(now);
            return true;
        }
        if self.run.as_ref().is_some_and(|r| !r.is_over()) {
            if !play.streak.skip() {
                self.streak_say(&[StreakSaid::NoSkip]);
                return true;
            }
            self.streak_say(&[StreakSaid::Skipped]);
            self.run = None;
        }
        self.next_puzzle(now);
        true
    }

    /// A hint asked in a streak: there is none. True when refused.
    pub(super) fn streak_refuses_hint(&mut self) -> bool {
        if self.streak.as_ref().is_none_or(|p| p.streak.is_over()) {
            return false;
        }
        self.streak_say(&[StreakSaid::NoHint]);
        true
    }
}
