//! The sentences of a board-sight drill: its start, each question, right
//! and wrong with the right answer, the round's score and the best one;
//! and the answer words read back.

use super::Narrator;
use crate::rules::{Bitboard, Color, Piece, Square};
use crate::speech::hear::Heard;
use crate::speech::lexicon::Meaning;
use crate::speech::lexicon::fill;
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
            DrillKind::Attacks => &w.attacks,
            DrillKind::Memory => &w.memory,
        };
        Line::info(fill(
            &w.start,
            &[
                ("name", name.clone()),
                ("n", crate::speech::say_time::unit(self.lex, &self.lex.counts.question, ROUND as u64)),
            ],
        ))
    }

    /// A question, as news: squares written in the row, in words aloud;
    /// a memory question's position first, read once.
    pub(crate) fn drill_question(&self, q: DrillQuestion) -> Vec<Line> {
        let mut lines = Vec::new();
        if let DrillQuestion::Memory(placed, _) = q
            && let Some(pos) = placed.position()
        {
            lines.push(Line::info(self.drill_words().memory_show.clone()));
            lines.extend(self.both_many(|n| {
                Color::ALL.iter().flat_map(|c| crate::speech::say_board::say_side_pieces(n.lex, &pos, *c)).collect()
            }));
        }
        let line = self.both_one(|n| {
            let w = n.drill_words();
            let sq = |s| square_words(n.lex, s, n.style);
            match q {
                DrillQuestion::Colour(s) => fill(&w.colour_q, &[("square", sq(s))]),
                DrillQuestion::Knight(a, b) => fill(&w.knight_q, &[("from", sq(a)), ("to", sq(b))]),
                DrillQuestion::Diagonal(a, b) => fill(&w.diagonal_q, &[("a", sq(a)), ("b", sq(b))]),
                DrillQuestion::Attacks(role, s) => {
                    let square = sq(s);
                    crate::speech::grammar::render(
                        &w.attacks_q,
                        &[("piece", n.lex.piece_word(role)), ("square", crate::speech::grammar::Arg::Text(&square))],
                    )
                }
                DrillQuestion::Memory(_, s) => fill(&w.memory_q, &[("square", sq(s))]),
            }
        });
        lines.push(Line { urgency: Urgency::Move, ..line });
        lines
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
            DrillReply::Squares(b) => b.map(|s| square_words(self.lex, s, self.style)).collect::<Vec<_>>().join(", "),
            DrillReply::Piece(Some(p)) => crate::speech::say_board::piece_words(self.lex, p),
            DrillReply::Piece(None) => w.empty.clone(),
        }
    }

    /// Right, wrong (with the answer), or the round's score.
    pub(crate) fn drill_result(&self, r: DrillResult) -> Line {
        let w = self.drill_words();
        match r {
            DrillResult::Right => Line::info(w.right.clone()),
            DrillResult::Wrong(answer) => self.both_one(|n| {
                // "No: no." would say nothing: a yes or no is named as the answer.
                let w = n.drill_words();
                let template = if matches!(answer, DrillReply::YesNo(_)) { &w.wrong_yes_no } else { &w.wrong };
                fill(template, &[("answer", n.drill_reply(answer))])
            }),
            DrillResult::Done { right, asked, ms } => Line::new(
                fill(
                    &w.done,
                    &[
                        ("right", right.to_string()),
                        ("asked", asked.to_string()),
                        ("time", crate::speech::say_duration_after(self.lex, ms)),
                    ],
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

    /// `help` in a drill: what the question wants, and what else the
    /// drill takes.
    pub(crate) fn drill_help(&self, q: DrillQuestion) -> Vec<Line> {
        vec![self.drill_unclear(q), Line::info(self.drill_words().help.clone())]
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
            DrillQuestion::Attacks(..) => w.unclear_squares.clone(),
            DrillQuestion::Memory(..) => w.unclear_piece.clone(),
        })
    }

    /// The score could not be kept.
    pub(crate) fn drill_not_kept(&self, problem: crate::files::WriteProblem) -> Line {
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
            DrillQuestion::Attacks(..) => squares_said(&said, &heard).map(DrillReply::Squares),
            DrillQuestion::Memory(..) => {
                if said == w.empty.to_lowercase() || said == self.lex.out.empty.to_lowercase() {
                    return Some(DrillReply::Piece(None));
                }
                // As the answer is said ("white knight"), or its words heard.
                let plain = |t: &str| t.to_lowercase().replace('ё', "е");
                let named = Color::ALL
                    .iter()
                    .flat_map(|&color| crate::rules::Role::ALL.into_iter().map(move |role| Piece { color, role }));
                named
                    .clone()
                    .find(|p| plain(&crate::speech::say_board::piece_words(self.lex, *p)) == plain(&said))
                    .or_else(|| piece_said(&heard))
                    .map(|p| DrillReply::Piece(Some(p)))
            }
        }
    }
}

/// The cheapest sense of a heard word that `pick` takes.
fn cheapest<T>(h: &Heard, pick: impl Fn(Meaning) -> Option<T>) -> Option<T> {
    let mut senses: Vec<_> = h.senses.iter().filter_map(|s| pick(s.meaning).map(|t| (s.cost, t))).collect();
    senses.sort_by(|a, b| a.0.total_cmp(&b.0));
    senses.into_iter().next().map(|(_, t)| t)
}

/// Squares said as a list ("e2 f3 h3", "e two, f three"): each a file
/// then a rank, with nothing but filler words between; None if anything
/// else is said or no square is.
fn squares_said(said: &str, heard: &[Heard]) -> Option<Bitboard> {
    // Written together ("e2f3h3"): two characters a square.
    let packed: Vec<char> = said.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
    if !packed.is_empty() && packed.len().is_multiple_of(2) {
        let squares: Option<Vec<Square>> =
            packed.chunks(2).map(|c| Square::parse(&c.iter().collect::<String>())).collect();
        if let Some(squares) = squares {
            let mut b = Bitboard::EMPTY;
            squares.into_iter().for_each(|s| b.add(s));
            return Some(b);
        }
    }
    let mut b = Bitboard::EMPTY;
    let mut i = 0;
    while i < heard.len() {
        if heard[i].cost_of(&Meaning::Filler).is_some() {
            i += 1;
            continue;
        }
        let file = cheapest(&heard[i], |m| if let Meaning::File(f) = m { Some(f) } else { None })?;
        let rank = cheapest(heard.get(i + 1)?, |m| if let Meaning::Rank(r) = m { Some(r) } else { None })?;
        b.add(Square::from_coords(file, rank));
        i += 2;
    }
    (b != Bitboard::EMPTY).then_some(b)
}

/// A piece said with its colour ("white knight"); None without both.
fn piece_said(heard: &[Heard]) -> Option<Piece> {
    let color = heard.iter().find_map(|h| cheapest(h, |m| if let Meaning::Color(c) = m { Some(c) } else { None }))?;
    let role = heard.iter().find_map(|h| cheapest(h, |m| if let Meaning::Piece(r) = m { Some(r) } else { None }))?;
    Some(Piece { color, role })
}
