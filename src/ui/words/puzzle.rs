//! The sentences of a puzzle: its start, the player's side, right and
//! wrong, the hints, the result and the rating, lichess's theme names,
//! and the import's count.

use super::Narrator;
use crate::rules::{Color, Move, Position};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_move::square_words;
use crate::study::library::Imported;
use crate::study::puzzle::PuzzleEvent;
use crate::ui::output::{Line, Urgency};

/// What practising mistakes says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PracticeSaid {
    /// A move is being checked with the engine.
    Checking,
    /// Another move came while one is being checked: it waits for that.
    StillChecking,
    /// The engine finds it as good as its own.
    AsGood,
    /// It is the move played in the game.
    PlayedAgain,
    /// No mistakes left.
    Done,
}

/// What the puzzle mode's link to lichess has to say.
#[derive(Debug)]
pub(crate) enum LinkSaid {
    /// A request went out.
    Asking,
    /// One is still under way.
    Waiting,
    /// Puzzles kept from an earlier batch are played (how many).
    KeptBatch(usize),
    /// lichess counted results: how many, the rating now, its change.
    Counted {
        /// How many.
        n: usize,
        /// The rating, if said.
        rating: Option<f64>,
        /// Its change.
        change: i32,
    },
    /// Results could not be sent, and are kept.
    ResultsKept,
    /// lichess gave no puzzles.
    NoMore,
    /// lichess asked to wait: seconds left.
    WaitMinute(u64),
    /// Leaving waits this many seconds at most for results being sent.
    Leaving(u64),
    /// Puzzles lichess gave that could not be read, left out.
    Dropped(usize),
    /// A request failed.
    Failed(crate::online::ApiError),
}

/// What the puzzle streak says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StreakSaid {
    /// The streak begins: the best kept (0: none yet).
    Start {
        /// The best streak kept.
        best: u32,
    },
    /// Another streak begins after one ended.
    New,
    /// The streak's puzzle number n is next.
    Puzzle(u32),
    /// Solved: the streak's count now.
    Count(u32),
    /// This is the best streak yet.
    NewBest,
    /// A wrong move ended the streak.
    Wrong,
    /// The streak ended: its count, and the best.
    Ended {
        /// Solved in this streak.
        solved: u32,
        /// The best streak.
        best: u32,
    },
    /// The library has no harder puzzle.
    NoHarder,
    /// The streak's one skip was used.
    Skipped,
    /// The skip is used already.
    NoSkip,
    /// No hints in a streak.
    NoHint,
    /// How to go on after a streak ended.
    Again,
}

impl Narrator {
    /// What the puzzle streak says.
    pub(crate) fn puzzle_streak(&self, said: &StreakSaid) -> Line {
        let w = self.puzzle_words();
        let count = |n: u32| crate::speech::say_time::unit(self.lex, &w.streak_puzzles, u64::from(n));
        let text = match said {
            StreakSaid::Start { best: 0 } => w.streak_first.clone(),
            StreakSaid::Start { best } => fill(&w.streak_start, &[("best", count(*best))]),
            StreakSaid::New => w.streak_new.clone(),
            StreakSaid::Puzzle(n) => fill(&w.streak_puzzle, &[("n", n.to_string())]),
            StreakSaid::Count(n) => fill(&w.streak_count, &[("count", count(*n))]),
            StreakSaid::NewBest => w.streak_new_best.clone(),
            StreakSaid::Wrong => w.streak_wrong.clone(),
            StreakSaid::Ended { solved, best } => {
                fill(&w.streak_ended, &[("count", count(*solved)), ("best", count(*best))])
            }
            StreakSaid::NoHarder => w.streak_no_harder.clone(),
            StreakSaid::Skipped => w.streak_skipped.clone(),
            StreakSaid::NoSkip => w.streak_no_skip.clone(),
            StreakSaid::NoHint => w.streak_no_hint.clone(),
            StreakSaid::Again => w.streak_again.clone(),
        };
        match said {
            StreakSaid::Wrong | StreakSaid::Ended { .. } => Line::new(text, Urgency::Move),
            _ => Line::info(text),
        }
    }

    fn puzzle_words(&self) -> &'static crate::speech::sentences::PuzzleWords {
        &self.lex.client.puzzle
    }

    /// "Puzzle 00008, rated 1913: you play White." and "Find the best
    /// move for White.", around the opponent's move.
    pub(crate) fn puzzle_start(&self, id: &str, rating: u32, side: Color) -> (Line, Line) {
        let w = self.puzzle_words();
        let rating = rating.to_string();
        let start =
            render(&w.start, &[("id", Arg::Text(id)), ("rating", Arg::Text(&rating)), ("side", self.lex.side(side))]);
        let find = render(&w.find, &[("side", self.lex.side(side))]);
        (Line::new(start, Urgency::Move), Line::info(find))
    }

    /// lichess's theme keys in the session's words (unknown keys left
    /// out, so that no other language is said).
    pub(crate) fn puzzle_themes(&self, keys: &[String]) -> Option<Line> {
        let named = &self.puzzle_words().themes;
        let names: Vec<&str> = keys.iter().filter_map(|k| named.get(k).map(String::as_str)).collect();
        (!names.is_empty()).then(|| Line::info(fill(&self.puzzle_words().hint_themes, &[("themes", names.join(", "))])))
    }

    /// What a puzzle event says (moves are said as in a game, by the
    /// caller).
    pub(crate) fn puzzle_event(&self, e: &PuzzleEvent) -> Vec<Line> {
        let w = self.puzzle_words();
        match e {
            PuzzleEvent::Played { .. } => Vec::new(),
            PuzzleEvent::Right { .. } => vec![Line::info(w.right.clone())],
            PuzzleEvent::Wrong { .. } => vec![Line::new(w.wrong.clone(), Urgency::Urgent)],
            PuzzleEvent::Solved { ms, .. } => {
                vec![Line::new(
                    fill(&w.solved, &[("time", crate::speech::say_duration_after(self.lex, *ms))]),
                    Urgency::Urgent,
                )]
            }
            // Squares written in the row, in words aloud.
            PuzzleEvent::HintPiece { role, square: s } => vec![self.both_one(|n| {
                let piece = n.lex.piece(*role, 0).to_string();
                fill(&n.puzzle_words().hint_piece, &[("piece", piece), ("square", square_words(n.lex, *s, n.style))])
            })],
            PuzzleEvent::HintThemes(keys) => self.puzzle_themes(keys).into_iter().collect(),
            PuzzleEvent::HintTarget(s) => vec![
                self.both_one(|n| fill(&n.puzzle_words().hint_target, &[("square", square_words(n.lex, *s, n.style))])),
            ],
            PuzzleEvent::NoMoreHints => vec![Line::info(w.no_hints.clone())],
            PuzzleEvent::SolutionShown => vec![Line::new(w.failed.clone(), Urgency::Urgent)],
            PuzzleEvent::Over => vec![Line::info(w.over.clone())],
        }
    }

    /// The engine is not asked during a puzzle.
    pub(crate) fn puzzle_no_engine(&self) -> Line {
        Line::info(self.puzzle_words().no_engine.clone())
    }

    /// `rating`: the library's rating now.
    pub(crate) fn puzzle_rating_now(&self, rating: f64) -> Line {
        Line::info(fill(&self.puzzle_words().rating_now, &[("rating", (rating.round() as i64).to_string())]))
    }

    /// `rating` with lichess's puzzles.
    pub(crate) fn puzzle_rating_online(&self) -> Line {
        Line::info(self.puzzle_words().rating_online.clone())
    }

    /// `themes` while the puzzle is on.
    pub(crate) fn puzzle_themes_later(&self) -> Line {
        Line::info(self.puzzle_words().themes_later.clone())
    }

    /// `retry` while the puzzle is on.
    pub(crate) fn puzzle_retry_live(&self) -> Line {
        Line::info(self.puzzle_words().retry_live.clone())
    }

    /// `retry`: once more, not counted.
    pub(crate) fn puzzle_retry(&self) -> Line {
        Line::info(self.puzzle_words().retry.clone())
    }

    /// `time`: how long the puzzle has taken.
    pub(crate) fn puzzle_time_spent(&self, ms: u64) -> Line {
        Line::info(fill(&self.puzzle_words().time_spent, &[("time", crate::speech::say_duration(self.lex, ms))]))
    }

    /// What a game has and a puzzle has not.
    pub(crate) fn not_in_puzzle(&self) -> Line {
        Line::info(self.puzzle_words().not_in_puzzle.clone())
    }

    /// "The solution:", before it is played.
    pub(crate) fn puzzle_solution(&self) -> Line {
        Line::info(self.puzzle_words().solution.clone())
    }

    /// The rating after a puzzle, its change, and what comes next.
    pub(crate) fn puzzle_rating(&self, rating: f64, change: f64) -> Vec<Line> {
        let w = self.puzzle_words();
        let change = change.round() as i64;
        let change = if change >= 0 { format!("+{change}") } else { change.to_string() };
        let rating = (rating.round() as i64).to_string();
        vec![Line::info(fill(&w.rating, &[("rating", rating), ("change", change)])), Line::info(w.next.clone())]
    }

    /// Practising mistakes begins: how many.
    pub(crate) fn practice_start(&self, n: usize) -> Line {
        Line::info(fill(&self.puzzle_words().practice_start, &[("n", n.to_string())]))
    }

    /// A mistake to practise: its move number, the side, the move played
    /// (written in notation; said in words).
    pub(crate) fn practice_puzzle(&self, number: u32, side: Color, before: &Position, played: Move) -> Line {
        let line = self.both_one(|n| {
            let played = n.a_move(before, &played);
            let number = number.to_string();
            render(
                &n.puzzle_words().practice_puzzle,
                &[("n", Arg::Text(&number)), ("side", n.lex.side(side)), ("played", Arg::Text(&played))],
            )
        });
        Line { urgency: Urgency::Move, ..line }
    }

    /// What practice says: checking a move, as good, the move played, done.
    pub(crate) fn practice_said(&self, said: PracticeSaid) -> Line {
        let w = self.puzzle_words();
        Line::info(
            match said {
                PracticeSaid::Checking => &w.checking,
                PracticeSaid::StillChecking => &w.still_checking,
                PracticeSaid::AsGood => &w.as_good,
                PracticeSaid::PlayedAgain => &w.played_again,
                PracticeSaid::Done => &w.practice_done,
            }
            .clone(),
        )
    }

    /// What comes after a puzzle.
    pub(crate) fn puzzle_next(&self) -> Line {
        Line::info(self.puzzle_words().next.clone())
    }

    /// No puzzle of lichess's to play (none came, none kept).
    pub(crate) fn puzzle_none_online(&self) -> Line {
        Line::new(self.puzzle_words().no_more.clone(), Urgency::Urgent)
    }

    /// No puzzle fits (or the library is empty).
    pub(crate) fn puzzle_none(&self) -> Line {
        Line::new(self.puzzle_words().none.clone(), Urgency::Urgent)
    }

    /// The result could not be kept.
    pub(crate) fn puzzle_not_kept(&self, problem: crate::files::WriteProblem) -> Line {
        let problem = super::files::problem_words(self.lex, problem);
        Line::new(fill(&self.puzzle_words().not_kept, &[("problem", problem)]), Urgency::Urgent)
    }

    /// The puzzle's link, written in the row (spoken: where it is).
    pub(crate) fn puzzle_link(&self, url: &str) -> Line {
        let w = self.puzzle_words();
        let url: String = url.chars().filter(char::is_ascii_graphic).take(80).collect();
        Line { spoken: Some(w.link_spoken.clone()), ..Line::info(fill(&w.link, &[("url", url)])) }
    }

    /// What the link to lichess says.
    pub(crate) fn puzzle_online(&self, said: &LinkSaid) -> Line {
        let w = self.puzzle_words();
        let signed = |n: i32| if n >= 0 { format!("+{n}") } else { n.to_string() };
        match said {
            LinkSaid::Asking => Line::info(w.asking.clone()),
            LinkSaid::Waiting => Line::info(w.waiting.clone()),
            LinkSaid::KeptBatch(n) => Line::info(fill(
                &w.kept_batch,
                &[("n", crate::speech::say_time::unit(self.lex, &self.lex.counts.puzzle, *n as u64))],
            )),
            LinkSaid::Counted { n, rating, change } => {
                let rating = rating.map_or_else(|| "?".into(), |r| (r.round() as i64).to_string());
                Line::new(
                    fill(&w.counted, &[("n", n.to_string()), ("rating", rating), ("change", signed(*change))]),
                    Urgency::Urgent,
                )
            }
            LinkSaid::ResultsKept => Line::info(w.results_kept.clone()),
            LinkSaid::NoMore => Line::info(w.no_more.clone()),
            LinkSaid::WaitMinute(seconds) => Line::info(fill(
                &w.wait_minute,
                &[("seconds", crate::speech::say_time::seconds_after(self.lex, *seconds))],
            )),
            LinkSaid::Leaving(seconds) => Line::info(fill(
                &w.leaving,
                &[("seconds", crate::speech::say_time::unit(self.lex, &self.lex.time.second, *seconds))],
            )),
            LinkSaid::Dropped(n) => Line::info(fill(&w.dropped, &[("n", n.to_string())])),
            LinkSaid::Failed(e) => Line::new(self.puzzle_online_error(e), Urgency::Urgent),
        }
    }

    /// Why lichess gave no puzzles, in one line: a missing scope names
    /// the puzzles' scopes; a 429 says when to ask again.
    pub(crate) fn puzzle_online_error(&self, e: &crate::online::ApiError) -> String {
        let w = self.puzzle_words();
        match e {
            crate::online::ApiError::MissingScope => w.scope.clone(),
            crate::online::ApiError::Unauthorized => w.refused.clone(),
            crate::online::ApiError::RateLimited => {
                fill(&w.wait_minute, &[("seconds", crate::speech::say_time::seconds_after(self.lex, 60))])
            }
            crate::online::ApiError::Quiet(secs) => {
                fill(&w.wait_minute, &[("seconds", crate::speech::say_time::seconds_after(self.lex, *secs))])
            }
            other => self.online_error(other),
        }
    }

    /// Whether `text` asks for the dashboard.
    pub(crate) fn asks_dashboard(&self, text: &str) -> bool {
        let t = text.trim().to_lowercase();
        self.lex.client.puzzle.dashboard_words.contains(&t)
    }

    /// The dashboard asked for away from lichess.
    pub(crate) fn dashboard_offline(&self) -> String {
        self.lex.client.puzzle.dashboard_offline.clone()
    }

    /// The dashboard in words, a readout: the whole, the weakest themes
    /// (at most five, the session's names), and how to replay the
    /// weakest (the command in the row; said, the theme by its name).
    pub(crate) fn puzzle_dashboard(&self, d: &crate::online::puzzle::Dashboard) -> Vec<Line> {
        let w = self.puzzle_words();
        let readout = |text: String| Line::new(text, Urgency::Readout);
        let Some(all) = d.global.as_ref().filter(|g| g.played > 0) else {
            return vec![readout(fill(
                &w.dashboard_empty,
                &[("days", crate::speech::say_time::unit(self.lex, &self.lex.counts.day, u64::from(d.days)))],
            ))];
        };
        let mut lines = vec![readout(fill(
            &w.dashboard,
            &[
                ("days", crate::speech::say_time::unit(self.lex, &self.lex.counts.day, u64::from(d.days))),
                ("played", all.played.to_string()),
                ("won", all.won.to_string()),
                ("performance", all.performance.to_string()),
            ],
        ))];
        let named: Vec<(&str, &String, String)> = d
            .themes
            .iter()
            .filter_map(|t| w.themes.get(&t.key).map(|name| (t.key.as_str(), name, t.performance)))
            .take(5)
            .map(|(key, name, p)| {
                (key, name, fill(&w.theme_result, &[("theme", name.clone()), ("performance", p.to_string())]))
            })
            .collect();
        if let Some((key, name, _)) = named.first() {
            let list: Vec<&str> = named.iter().map(|(_, _, t)| t.as_str()).collect();
            lines.push(readout(fill(&w.weakest, &[("themes", list.join("; "))])));
            let spoken = fill(&w.replay_spoken, &[("theme", name.to_string())]);
            lines.push(Line { spoken: Some(spoken), ..readout(fill(&w.replay_hint, &[("key", key.to_string())])) });
        }
        lines
    }

    /// lichess is asked for the daily puzzle.
    pub(crate) fn puzzle_asking_daily(&self) -> String {
        self.puzzle_words().asking_daily.clone()
    }

    /// The puzzle mode's own help: a readout, a row each.
    pub(crate) fn puzzle_help(&self) -> Vec<Line> {
        self.puzzle_words().help.iter().map(|r| Line::new(r.clone(), Urgency::Readout)).collect()
    }

    /// A library's puzzle left unsolved with `next`.
    pub(crate) fn puzzle_skipped(&self) -> Line {
        Line::info(self.puzzle_words().skipped.clone())
    }

    /// No puzzle of the theme asked to replay.
    pub(crate) fn puzzle_replay_none(&self) -> String {
        self.puzzle_words().replay_none.clone()
    }

    /// What an import did.
    pub(crate) fn puzzles_imported(&self, done: Imported) -> String {
        let w = self.puzzle_words();
        let c = &self.lex.counts;
        let args = [
            ("puzzles", crate::speech::say_time::unit(self.lex, &c.puzzle, done.puzzles)),
            ("skipped", crate::speech::say_time::unit(self.lex, &c.row, done.skipped)),
        ];
        let said = fill(&w.imported, &args);
        if done.duplicates == 0 {
            return said;
        }
        format!("{said} {}", fill(&w.imported_known, &[("n", done.duplicates.to_string())]))
    }

    /// The index is being rebuilt (it did not match the library).
    pub(crate) fn index_rebuilding(&self) -> String {
        self.puzzle_words().index_rebuilding.clone()
    }

    /// A file of the puzzles could not be written: why, as a sentence.
    pub(crate) fn puzzle_not_kept_text(&self, problem: crate::files::WriteProblem) -> String {
        self.puzzle_not_kept(problem).text
    }

    /// An import cut short last time was taken back.
    pub(crate) fn import_undone(&self) -> String {
        self.puzzle_words().import_undone.clone()
    }

    /// The file being imported could not be read to its end: why (cut
    /// short, damaged, or other), and whether what was read before went in.
    pub(crate) fn import_unreadable(&self, e: &std::io::Error, added: u64) -> String {
        let w = self.puzzle_words();
        let why = match e.kind() {
            std::io::ErrorKind::UnexpectedEof => &w.import_cut,
            std::io::ErrorKind::InvalidData => &w.import_damaged,
            _ => &w.import_unread,
        };
        let count = crate::speech::say_time::unit(self.lex, &self.lex.counts.puzzle, added);
        let kept = if added > 0 { fill(&w.import_kept_before, &[("count", count)]) } else { w.import_nothing.clone() };
        format!("{why} {kept}")
    }

    /// Why an import could not write the library.
    pub(crate) fn puzzles_not_imported(&self, problem: crate::files::WriteProblem) -> String {
        super::files::problem_words(self.lex, problem)
    }
}
