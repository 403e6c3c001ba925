//! What happened to the files we write, in words: a score saved (its
//! file's name, never the whole path), a game kept for `resume`, and why
//! a write failed (in the player's language, never an outside error text).

use super::Narrator;
use crate::files::WriteProblem;
use crate::speech::Lexicon;
use crate::speech::lexicon::fill;
use crate::ui::effect::{FinishedKept, SaveResult, Saving};
use crate::ui::output::{Line, Urgency};

/// Which of the player's kept files (see [`crate::files::read_kept`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeptFile {
    /// The puzzle record (rating and puzzles seen).
    PuzzleRecord,
    /// The drills' best rounds.
    DrillBests,
    /// The lichess puzzle results not yet counted.
    LichessResults,
    /// The best puzzle streak.
    BestStreak,
}

/// A saved file as the player is told it: its name, never the whole path.
pub(crate) fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

impl Narrator {
    /// Why the data folder cannot be used, in the player's language: what
    /// is wrong and what to do.
    pub(crate) fn lock_problem(&self, e: &crate::files::LockError) -> String {
        use crate::files::LockError;
        let w = &self.lex.client.start;
        match e {
            LockError::Busy(path) => fill(&w.folder_busy, &[("path", path.clone())]),
            LockError::Unsafe(path) => fill(&w.folder_unsafe, &[("path", path.clone())]),
            LockError::Io(path, problem, _) => {
                fill(&w.folder_unusable, &[("path", path.clone()), ("reason", problem_words(self.lex, *problem))])
            }
        }
    }
}

/// Why a file could not be written, in the player's language.
pub(crate) fn problem_words(lex: &Lexicon, problem: WriteProblem) -> String {
    let c = &lex.client;
    match problem {
        WriteProblem::DiskFull => c.reason_disk_full.clone(),
        WriteProblem::NotWritable => c.reason_not_writable.clone(),
        WriteProblem::Other => c.reason_other.clone(),
    }
}

impl Narrator {
    /// What became of a file, if the player is told (an autosave that
    /// worked is not news).
    pub(crate) fn saved(&self, result: &SaveResult) -> Option<Line> {
        let c = &self.lex.client;
        Some(match result {
            SaveResult::Written { name, .. } => Line::info(fill(&c.score_saved, &[("name", name.clone())])),
            SaveResult::Kept { what: Saving::Leaving } => Line::info(c.saved_resume.clone()),
            SaveResult::Kept { .. } | SaveResult::Cleared => return None,
            SaveResult::NothingToKeep => Line::info(c.goodbye.clone()),
            SaveResult::ScoreNotWritten { problem, kept } => {
                let reason = ("reason", problem_words(self.lex, *problem));
                let text = match kept {
                    FinishedKept::ForNextStart => fill(&c.score_failed, &[reason]),
                    FinishedKept::OnServer => fill(&c.score_failed_server, &[reason]),
                    FinishedKept::InReview => fill(&c.score_failed_review, &[reason]),
                    FinishedKept::Not(also) => {
                        fill(&c.score_failed_lost, &[reason, ("also", problem_words(self.lex, *also))])
                    }
                };
                Line::new(text, Urgency::Urgent)
            }
            SaveResult::Failed { what, problem } => {
                let template = match what {
                    Saving::Game => &c.save_failed,
                    Saving::Score => &c.score_not_saved,
                    // Said with the score's fate (ScoreNotWritten).
                    Saving::ScoreAtEnd | Saving::Finished => &c.score_not_saved,
                    Saving::Clearing => &c.clear_failed,
                    Saving::Leaving => &c.leave_not_saved,
                };
                Line::new(fill(template, &[("reason", problem_words(self.lex, *problem))]), Urgency::Urgent)
            }
        })
    }

    /// A kept file that could not be read: put aside (its name said), or
    /// left as it is; None when it was read.
    pub(crate) fn kept_damaged(&self, file: KeptFile, kept: &crate::files::Kept) -> Option<Line> {
        let c = &self.lex.client;
        let what = match file {
            KeptFile::PuzzleRecord => &c.kept_files.puzzle_record,
            KeptFile::DrillBests => &c.kept_files.drill_bests,
            KeptFile::LichessResults => &c.kept_files.lichess_results,
            KeptFile::BestStreak => &c.kept_files.best_streak,
        };
        let what = ("what", what.clone());
        let text = match kept {
            crate::files::Kept::Read(_) => return None,
            crate::files::Kept::Aside(aside) => fill(&c.kept_files.aside, &[what, ("name", file_name(aside))]),
            crate::files::Kept::Stuck => fill(&c.kept_files.stuck, &[what]),
        };
        Some(Line::new(text, Urgency::Urgent))
    }

    /// A damaged save was put aside under this name.
    pub(crate) fn damaged_kept(&self, name: &str) -> String {
        fill(&self.lex.client.damaged_kept, &[("name", name.to_string())])
    }

    /// The unfinished game was kept as a PGN file of this name.
    pub(crate) fn unfinished_kept(&self, name: &str) -> String {
        fill(&self.lex.client.unfinished_kept, &[("name", name.to_string())])
    }

    /// The game that ended last time (its score not written then) was
    /// written to the games folder under this name.
    pub(crate) fn finished_written(&self, name: &str) -> String {
        fill(&self.lex.client.finished_written, &[("name", name.to_string())])
    }

    /// The game that ended last time could not be written, and why.
    pub(crate) fn finished_not_written(&self, problem: WriteProblem) -> String {
        fill(&self.lex.client.finished_not_written, &[("reason", problem_words(self.lex, problem))])
    }

    /// The unfinished game could not be kept, and why.
    pub(crate) fn unfinished_not_kept(&self, problem: WriteProblem) -> String {
        fill(&self.lex.client.unfinished_not_kept, &[("reason", problem_words(self.lex, problem))])
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Event, WriteProblem};
    use crate::rules::Color;
    use crate::speech::{Lexicon, Refusal, SpeechLang, Style};
    use crate::ui::effect::{FinishedKept, SaveResult, Saving};
    use crate::ui::words::Narrator;

    #[test]
    fn saving_refusals_and_controls_in_russian_and_german() {
        let results = [
            SaveResult::Written { what: Saving::Score, name: "2026-11-30-1.pgn".into() },
            SaveResult::Failed { what: Saving::Game, problem: WriteProblem::DiskFull },
            SaveResult::Failed { what: Saving::Score, problem: WriteProblem::NotWritable },
            SaveResult::Kept { what: Saving::Leaving },
            SaveResult::ScoreNotWritten {
                problem: WriteProblem::NotWritable,
                kept: FinishedKept::Not(WriteProblem::DiskFull),
            },
            SaveResult::ScoreNotWritten { problem: WriteProblem::Other, kept: FinishedKept::ForNextStart },
        ];
        let events =
            [Event::Refused(Refusal::NothingHeard), Event::ControlReached { side: Color::White, added: 1_800_000 }];
        let said = |lang| {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            let files = results.iter().filter_map(|r| n.saved(r));
            files.chain(events.iter().flat_map(|e| n.lines(e))).map(|l| l.text).collect::<Vec<_>>()
        };
        let ru = said(SpeechLang::Russian);
        assert_eq!(ru[1], "Партию не удалось сохранить: диск заполнен; освободите место. Игра продолжается.");
        assert_eq!(ru[2], "Запись сохранить не удалось: в папку данных нельзя записать.");
        assert_eq!(
            ru[4],
            "Запись партии не удалось сохранить: в папку данных нельзя записать. Партию тоже не удалось сохранить: диск заполнен; освободите место. Чтобы услышать запись, скажите или напишите: запись."
        );
        let de = said(SpeechLang::German);
        assert_eq!(de[2], "Die Partie konnte nicht gespeichert werden: der Datenordner ist nicht beschreibbar.");
        for (lang, lines) in [(SpeechLang::Russian, ru), (SpeechLang::German, de)] {
            assert_eq!(lines.len(), results.len() + events.len(), "{lang}: one line each");
            assert!(lines[0].contains("2026-11-30-1.pgn"), "{lang}: {}", lines[0]);
            for text in lines {
                for w in ["White", "saved", "game", "time", "minutes", "heard"] {
                    assert!(!text.contains(w), "{lang}: {text}");
                }
            }
        }
    }
}
