//! The sentences of setting up a position: its opening, each piece
//! placed or refused with the Laws' reason, squares emptied, the side to
//! move, castling and en passant, and what `done` found.

use super::Narrator;
use crate::rules::{Arrangement, CastleSide, Color, Piece, PositionProblem, Square};
use crate::speech::grammar::{Arg, render};
use crate::speech::say_board::{piece_words, say_to_move};
use crate::speech::say_move::square_words;
use crate::speech::sentences::SetupWords;
use crate::speech::{SetupError, lexicon::fill};
use crate::ui::output::{Line, Urgency};

/// What a setup order did, to be said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetupSaid {
    /// A piece put on a square: what stood there before, if another.
    Placed(Piece, Square, Option<Piece>),
    /// The same piece stood there already.
    Same(Piece, Square),
    /// A square emptied, of this piece (None: it was empty).
    Removed(Square, Option<Piece>),
    /// The board emptied.
    Cleared,
    /// The initial position set up.
    Start,
}

impl Narrator {
    fn setup_words(&self) -> &'static SetupWords {
        &self.lex.study.setup
    }

    /// The opening lines: how to place pieces, and what the board holds.
    pub(crate) fn setup_opened(&self, a: &Arrangement) -> Vec<Line> {
        let mut lines = vec![Line::info(self.setup_words().opened.clone())];
        if a.board().occupied().is_empty() {
            lines.push(Line::info(self.setup_words().empty.clone()));
        } else {
            lines.push(self.both_one(|n| say_to_move(n.lex, a.as_position().turn())));
        }
        lines
    }

    /// `where am i` while setting up: the mode, then the board's state
    /// (empty, or whose move it is).
    pub(crate) fn setup_here(&self, a: &Arrangement) -> Vec<Line> {
        let mut lines = self.setup_opened(a);
        if let Some(first) = lines.first_mut() {
            *first = Line::info(self.setup_words().here.clone());
        }
        lines
    }

    /// What an order did.
    pub(crate) fn setup_said(&self, said: SetupSaid) -> Line {
        self.both_one(|n| {
            let w = n.setup_words();
            let sq = |s: Square| square_words(n.lex, s, n.style);
            let piece = |p: Piece| piece_words(n.lex, p);
            match said {
                SetupSaid::Placed(p, s, None) => fill(&w.placed, &[("piece", piece(p)), ("square", sq(s))]),
                SetupSaid::Placed(p, s, Some(old)) => {
                    fill(&w.replaced, &[("piece", piece(p)), ("square", sq(s)), ("old", piece(old))])
                }
                SetupSaid::Same(p, s) => fill(&w.same, &[("piece", piece(p)), ("square", sq(s))]),
                SetupSaid::Removed(s, Some(old)) => fill(&w.removed, &[("square", sq(s)), ("old", piece(old))]),
                SetupSaid::Removed(s, None) => fill(&w.already_empty, &[("square", sq(s))]),
                SetupSaid::Cleared => w.cleared.clone(),
                SetupSaid::Start => w.start.clone(),
            }
        })
    }

    /// The side to move, as set.
    pub(crate) fn setup_turn(&self, color: Color) -> Line {
        self.both_one(|n| say_to_move(n.lex, color))
    }

    /// The castling rights, as set: each side's ways, or none.
    pub(crate) fn setup_castling(&self, a: &Arrangement) -> Line {
        let w = self.setup_words();
        let rights = a.as_position().castling();
        let items: Vec<String> = Color::ALL
            .into_iter()
            .filter_map(|c| {
                let way = match (rights.has(c, CastleSide::King), rights.has(c, CastleSide::Queen)) {
                    (true, true) => &w.castling_ways[2],
                    (true, false) => &w.castling_ways[0],
                    (false, true) => &w.castling_ways[1],
                    (false, false) => return None,
                };
                Some(render(&w.castling_item, &[("side", self.lex.side(c)), ("ways", Arg::Text(way))]))
            })
            .collect();
        if items.is_empty() {
            return Line::info(w.castling_none.clone());
        }
        Line::info(fill(&w.castling, &[("list", items.join(", "))]))
    }

    /// The en passant square, as set.
    pub(crate) fn setup_en_passant(&self, square: Option<Square>) -> Line {
        self.both_one(|n| match square {
            Some(s) => fill(&n.setup_words().en_passant, &[("square", square_words(n.lex, s, n.style))]),
            None => n.setup_words().en_passant_none.clone(),
        })
    }

    /// Why the Laws refuse a placement or a position, as an arbiter would
    /// say it; `a` is the board as it stands (where a king is).
    pub(crate) fn setup_problem(&self, problem: PositionProblem, a: &Arrangement) -> Line {
        let line = self.both_one(|n| {
            let w = n.setup_words();
            let side = |c: Color| n.lex.side(c);
            let sq = |s: Square| square_words(n.lex, s, n.style);
            match problem {
                PositionProblem::Kings { color, count: 0 } => render(&w.kings_none, &[("side", side(color))]),
                PositionProblem::Kings { color, count } => match a.board().king_of(color) {
                    Some(at) if count == 2 && a.board().pieces(color, crate::rules::Role::King).count() == 1 => {
                        let square = sq(at);
                        render(&w.second_king, &[("side", side(color)), ("square", Arg::Text(&square))])
                    }
                    _ => {
                        let count = count.to_string();
                        render(&w.kings_many, &[("side", side(color)), ("count", Arg::Text(&count))])
                    }
                },
                PositionProblem::TooManyPieces(color) => render(&w.too_many_pieces, &[("side", side(color))]),
                PositionProblem::TooManyPawns(color) => render(&w.too_many_pawns, &[("side", side(color))]),
                PositionProblem::PawnOnEdge(s) => fill(&w.pawn_on_edge, &[("square", sq(s))]),
                PositionProblem::WaitingInCheck(color) => {
                    render(&w.waiting_in_check, &[("side", side(color)), ("mover", side(!color))])
                }
                PositionProblem::TooManyCheckers(color) => render(&w.too_many_checkers, &[("side", side(color))]),
                PositionProblem::Castling { color, side: way } => {
                    let i = usize::from(way == CastleSide::Queen);
                    render(&w.castling_bad[i], &[("side", side(color))])
                }
                PositionProblem::EnPassant(s) => fill(&w.en_passant_bad, &[("square", sq(s))]),
            }
        });
        Line { urgency: Urgency::Urgent, ..line }
    }

    /// What `done` found wrong: a heading, then each problem.
    pub(crate) fn setup_not_legal(&self, problems: &[PositionProblem], a: &Arrangement) -> Vec<Line> {
        let head = Line { urgency: Urgency::Urgent, ..Line::info(self.setup_words().not_legal.clone()) };
        std::iter::once(head).chain(problems.iter().map(|p| self.setup_problem(*p, a))).collect()
    }

    /// An order that lacks what it needs.
    pub(crate) fn setup_error(&self, e: SetupError) -> Line {
        let w = self.setup_words();
        let text = match e {
            SetupError::NeedsColour => &w.needs_colour,
            SetupError::NeedsPiece => &w.needs_piece,
            SetupError::NeedsSquare => &w.needs_square,
            SetupError::Castling => &w.castling_unread,
        };
        Line { urgency: Urgency::Urgent, ..Line::info(text.clone()) }
    }

    /// A move, the engine or the like asked before `done`.
    pub(crate) fn setup_not_now(&self) -> Line {
        Line { urgency: Urgency::Urgent, ..Line::info(self.setup_words().not_now.clone()) }
    }

    /// A square chosen by a routing key: what stands there, and what to say.
    pub(crate) fn setup_chosen(&self, a: &Arrangement, square: Square) -> Line {
        let pos = *a.as_position();
        self.both_one(|n| {
            let what = crate::speech::say_board::say_square(n.lex, &pos, square);
            fill(&n.setup_words().chosen, &[("what", format!("{what}."))])
        })
    }

    /// A line that is no order nor question, as typed.
    pub(crate) fn setup_unknown(&self, text: &str) -> Line {
        Line::info(fill(&self.setup_words().unknown, &[("text", text.to_string())]))
    }

    /// The prompt while setting up.
    pub(crate) fn setup_prompt(&self) -> String {
        self.setup_words().prompt.clone()
    }

    /// The position passed `done`.
    pub(crate) fn setup_ready(&self) -> Line {
        Line::info(self.setup_words().ready.clone())
    }

    /// The setup's commands.
    pub(crate) fn setup_help(&self) -> Vec<Line> {
        self.setup_words().help.iter().map(|t| Line::new(t.clone(), Urgency::Readout)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Role};
    use crate::speech::{Lexicon, SpeechLang, Style};

    /// The help's rows fit the display, and each refusal is said in every
    /// language with its square and side filled in (no placeholder left).
    #[test]
    fn the_setups_words_fit_and_are_filled_in_every_language() {
        let mut a = Arrangement::empty();
        a.place(Square::parse("g1").expect("g1"), Piece { color: Color::White, role: Role::King }).expect("king");
        let problems = [
            PositionProblem::Kings { color: Color::Black, count: 0 },
            PositionProblem::Kings { color: Color::White, count: 2 },
            PositionProblem::TooManyPieces(Color::White),
            PositionProblem::TooManyPawns(Color::Black),
            PositionProblem::PawnOnEdge(Square::parse("a8").expect("a8")),
            PositionProblem::WaitingInCheck(Color::Black),
            PositionProblem::TooManyCheckers(Color::White),
            PositionProblem::Castling { color: Color::Black, side: CastleSide::Queen },
            PositionProblem::EnPassant(Square::parse("d6").expect("d6")),
        ];
        for lang in SpeechLang::ALL {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            for line in n.setup_help() {
                assert!(crate::ui::output::cells(&line.text) <= crate::ui::output::WIDTH, "{lang:?}: {}", line.text);
            }
            for p in problems {
                let line = n.setup_problem(p, &a);
                assert!(!line.text.contains('{') && !line.speech().contains('{'), "{lang:?}: {}", line.text);
            }
            assert!(n.setup_problem(problems[1], &a).text.contains("g1"), "{lang:?}");
        }
    }
}
