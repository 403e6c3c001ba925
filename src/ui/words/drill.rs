//! The sentences of a board-sight drill: its start, each question, right
//! and wrong with the right answer, the round's score and the best one;
//! and the answer words read back.

use super::Narrator;
use crate::rules::Color;
use crate::speech::lexicon::fill;
use crate::speech::say_duration;
use crate::speech::say_move::square_words;
use crate::study::drill::{DrillKind, DrillQuestion, DrillReply, DrillResult, ROUND};
use crate::ui::output::{Line, Urgency};

impl Narrator {
    fn drill_words(&self) -> &'static crate::speech::sentences::DrillWords {
        &self.lex.client.drill
    }

    /// "Knight routes: 10 questions. Type quit to stop."
    pub(crate) fn drill_start(&self, kind: DrillKind) -> Line {
        let w = self.drill_words();
        let name = match kind {
            DrillKind::Colours => &w.colours,
            DrillKind::Knight => &w.knight,
            DrillKind::Diagonals => &w.diagonals,
        };
        Line::info(fill(&w.start, &[("name", name.clone()), ("n", ROUND.to_string())]))
    }

    /// A question, as news: squares written in the row, in words aloud.
    pub(crate) fn drill_question(&self, q: DrillQuestion) -> Line {
        let line = self.both_one(|n| {
            let w = n.drill_words();
            let sq = |s| square_words(n.lex, s, n.style);
            match q {
                DrillQuestion::Colour(s) => fill(&w.colour_q, &[("square", sq(s))]),
                DrillQuestion::Knight(a, b) => fill(&w.knight_q, &[("from", sq(a)), ("to", sq(b))]),
                DrillQuestion::Diagonal(a, b) => fill(&w.diagonal_q, &[("a", sq(a)), ("b", sq(b))]),
            }
        });
        Line { urgency: Urgency::Move, ..line }
    }

    /// The words that start another round.
    pub(crate) fn drill_again_word(&self) -> String {
        self.drill_words().again_word.to_lowercase()
    }

    fn drill_reply(&self, r: DrillReply) -> String {
        let w = self.drill_words();
        match r {
            DrillReply::Colour(Color::White) => w.light.clone(),
            DrillReply::Colour(Color::Black) => w.dark.clone(),
            DrillReply::Number(n) => n.to_string(),
            DrillReply::YesNo(true) => w.yes.clone(),
            DrillReply::YesNo(false) => w.no.clone(),
        }
    }

    /// Right, wrong (with the answer), or the round's score.
    pub(crate) fn drill_result(&self, r: DrillResult) -> Line {
        let w = self.drill_words();
        match r {
            DrillResult::Right => Line::info(w.right.clone()),
            DrillResult::Wrong(answer) => Line::info(fill(&w.wrong, &[("answer", self.drill_reply(answer))])),
            DrillResult::Done { right, asked, ms } => Line::new(
                fill(
                    &w.done,
                    &[("right", right.to_string()), ("asked", asked.to_string()), ("time", say_duration(self.lex, ms))],
                ),
                Urgency::Urgent,
            ),
        }
    }

    /// The best round kept, and what comes next.
    pub(crate) fn drill_best(&self, right: u32, asked: u32) -> Vec<Line> {
        let w = self.drill_words();
        vec![
            Line::info(fill(&w.best, &[("right", right.to_string()), ("asked", asked.to_string())])),
            self.drill_again(),
        ]
    }

    /// What comes after a round: another, or quit.
    pub(crate) fn drill_again(&self) -> Line {
        Line::info(self.drill_words().again.clone())
    }

    /// What is not an answer to `q`, and what is wanted.
    pub(crate) fn drill_unclear(&self, q: DrillQuestion) -> Line {
        let w = self.drill_words();
        Line::info(match q {
            DrillQuestion::Colour(_) => w.unclear_colour.clone(),
            DrillQuestion::Knight(..) => w.unclear_number.clone(),
            DrillQuestion::Diagonal(..) => w.unclear_yes_no.clone(),
        })
    }

    /// The score could not be kept.
    pub(crate) fn drill_not_kept(&self, problem: crate::game::WriteProblem) -> Line {
        let problem = super::files::problem_words(self.lex, problem);
        Line::new(fill(&self.drill_words().not_kept, &[("problem", problem)]), Urgency::Urgent)
    }

    /// The answer `text` gives to `q`, read from the drill's words and the
    /// language's own (colours, numbers, yes and no); None: no answer.
    pub(crate) fn drill_answer(&self, q: DrillQuestion, text: &str) -> Option<DrillReply> {
        let w = self.drill_words();
        let said = text.trim().to_lowercase();
        let heard = crate::speech::hear::hear(self.lex, &said);
        let meanings = || heard.iter().flat_map(|h| h.senses.iter().map(|s| s.meaning));
        use crate::speech::lexicon::Meaning;
        match q {
            DrillQuestion::Colour(_) => {
                if said == w.light.to_lowercase() {
                    return Some(DrillReply::Colour(Color::White));
                }
                if said == w.dark.to_lowercase() {
                    return Some(DrillReply::Colour(Color::Black));
                }
                meanings().find_map(|m| match m {
                    Meaning::Color(c) => Some(DrillReply::Colour(c)),
                    _ => None,
                })
            }
            DrillQuestion::Knight(..) => said.parse().ok().map(DrillReply::Number).or_else(|| {
                meanings().find_map(|m| match m {
                    Meaning::Number(n) => Some(DrillReply::Number(n)),
                    _ => None,
                })
            }),
            DrillQuestion::Diagonal(..) => {
                if said == w.yes.to_lowercase() {
                    return Some(DrillReply::YesNo(true));
                }
                if said == w.no.to_lowercase() {
                    return Some(DrillReply::YesNo(false));
                }
                meanings().find_map(|m| match m {
                    Meaning::Yes => Some(DrillReply::YesNo(true)),
                    Meaning::No => Some(DrillReply::YesNo(false)),
                    _ => None,
                })
            }
        }
    }
}
