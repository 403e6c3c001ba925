//! The sentences of a puzzle: its start, the player's side, right and
//! wrong, the hints, the result and the rating, lichess's theme names,
//! and the import's count.

use super::Narrator;
use crate::rules::Color;
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_duration;
use crate::speech::say_move::square_words;
use crate::study::library::Imported;
use crate::study::puzzle::PuzzleEvent;
use crate::ui::output::{Line, Urgency};

impl Narrator {
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
                vec![Line::new(fill(&w.solved, &[("time", say_duration(self.lex, *ms))]), Urgency::Urgent)]
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

    /// No puzzle fits (or the library is empty).
    pub(crate) fn puzzle_none(&self) -> Line {
        Line::new(self.puzzle_words().none.clone(), Urgency::Urgent)
    }

    /// The result could not be kept.
    pub(crate) fn puzzle_not_kept(&self, problem: crate::game::WriteProblem) -> Line {
        let problem = super::files::problem_words(self.lex, problem);
        Line::new(fill(&self.puzzle_words().not_kept, &[("problem", problem)]), Urgency::Urgent)
    }

    /// What an import did.
    pub(crate) fn puzzles_imported(&self, done: Imported) -> String {
        let args = [("puzzles", done.puzzles.to_string()), ("skipped", done.skipped.to_string())];
        fill(&self.puzzle_words().imported, &args)
    }

    /// Why an import could not write the library.
    pub(crate) fn puzzles_not_imported(&self, problem: crate::game::WriteProblem) -> String {
        super::files::problem_words(self.lex, problem)
    }
}
