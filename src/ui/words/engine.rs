//! The engine's answers and failures in words: scores, best moves,
//! threats, top moves.

use super::Narrator;
use crate::engine::analysis::{Analyst, Line as AnalysisLine, Score};
use crate::game::OpponentFailure;
use crate::rules::{Color, Position};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::speech::{EngineQuestion, Lexicon, say_duration};
use crate::ui::effect::EngineAnswer;
use crate::ui::output::Line;

/// Why an engine could not answer or move, in the player's language.
pub(super) fn failure_words(lex: &Lexicon, failure: &OpponentFailure) -> String {
    let c = &lex.client;
    match failure {
        OpponentFailure::NotStarted => c.engine_not_started.clone(),
        OpponentFailure::NoAnswer(s) => fill(&c.engine_no_answer, &[("time", say_duration(lex, s * 1000))]),
        OpponentFailure::Stopped => c.engine_stopped.clone(),
        OpponentFailure::IllegalMove(m) => fill(&c.engine_illegal, &[("move", m.clone())]),
        OpponentFailure::NoMove => c.engine_no_move.clone(),
    }
}

/// How a position stands, in words (White's view). Thresholds in hundredths
/// of a pawn: under 30 equal; under 100 slightly better; under 300 better
/// by about N pawns (N rounded, at least 1); from 300 winning; mate in N.
pub(crate) fn say_score(lex: &Lexicon, score: Score) -> String {
    let e = &lex.engine;
    let side = |white: bool| color_name(lex, if white { Color::White } else { Color::Black }).to_string();
    let count = |n: u32, forms: &[String; 3]| unit(lex, forms, u64::from(n));
    match score {
        Score::Mate(0) => lex.engine.no_moves.clone(),
        Score::Mate(n) => fill(&e.mate, &[("side", side(n > 0)), ("moves", count(n.unsigned_abs(), &e.r#move))]),
        Score::Centipawns(cp) => {
            let size = cp.unsigned_abs();
            if size < 30 {
                e.equal.clone()
            } else if size < 100 {
                fill(&e.slightly, &[("side", side(cp > 0))])
            } else if size < 300 {
                let pawns = ((size + 50) / 100).max(1);
                fill(&e.better, &[("side", side(cp > 0)), ("pawns", count(pawns, &e.pawn))])
            } else {
                fill(&e.winning, &[("side", side(cp > 0))])
            }
        }
    }
}

impl Narrator {
    /// The engine's answer, one line per item. An answer that comes once
    /// the player has left the position asked about (`now` is the one in
    /// view) first says which position it is about: "For the position at
    /// move 12, White to move:".
    pub(crate) fn answer(&self, a: &EngineAnswer, now: &Position) -> Vec<Line> {
        let mut out = Vec::new();
        if a.asked != *now {
            let args = [("n", Arg::Text(&a.asked.fullmoves().to_string())), ("side", self.lex.side(a.asked.turn()))];
            out.push(Line::info(render(&self.lex.engine.earlier, &args)));
        }
        out.extend(self.both_many(|n| n.answer_words(a.question, &a.position, &a.lines)));
        if a.analyst == Analyst::Builtin && a.lines.is_ok() {
            out.push(Line::info(self.lex.engine.builtin.clone()));
        }
        out
    }

    /// The engine could not analyse (a review's analysis stopped on it).
    pub(crate) fn analysis_failed(&self, failure: &OpponentFailure) -> Vec<Line> {
        let failed = Err(failure.clone());
        self.answer_words(EngineQuestion::Eval, &Position::start(), &failed).into_iter().map(Line::info).collect()
    }

    /// `pos` is the position the lines start from.
    fn answer_words(
        &self,
        question: EngineQuestion,
        pos: &Position,
        lines: &Result<Vec<AnalysisLine>, OpponentFailure>,
    ) -> Vec<String> {
        let lex = self.lex;
        let e = &lex.engine;
        // A threat is asked with the other side to move, which never leaves
        // a side in check: the player was in check.
        if question == EngineQuestion::Threat && pos.is_check() {
            return vec![e.in_check.clone()];
        }
        let lines = match lines {
            Ok(l) if !l.is_empty() => l,
            Ok(_) | Err(OpponentFailure::NoMove) => return vec![e.no_moves.clone()],
            Err(f) => return vec![fill(&e.failed, &[("error", failure_words(lex, f))])],
        };
        let first = |l: &AnalysisLine| l.moves.first().map(|m| self.a_move(pos, m)).unwrap_or_default();
        match question {
            EngineQuestion::Eval => vec![say_score(lex, lines[0].score)],
            EngineQuestion::Best => {
                vec![fill(&e.best, &[("move", first(&lines[0])), ("eval", say_score(lex, lines[0].score))])]
            }
            EngineQuestion::Threat => {
                let side = color_name(lex, pos.turn()).to_string();
                let eval = say_score(lex, lines[0].score);
                vec![fill(&e.threat, &[("side", side), ("move", first(&lines[0])), ("eval", eval)])]
            }
            EngineQuestion::Top(_) => lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let words = first(l);
                    fill(&e.top, &[("n", (i + 1).to_string()), ("move", words), ("eval", say_score(lex, l.score))])
                })
                .collect(),
        }
    }
}
