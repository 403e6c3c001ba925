//! What is wrong in a game file (PGN) or in moves given as text, in the
//! session's language: the place (game, line, move and side, the move's
//! text) and the problem, the rule's reason for an illegal move.

use super::Narrator;
use crate::notation::ReadMoveError;
use crate::notation::pgn::{PgnError, PgnProblem};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;

impl Narrator {
    /// Where a problem is: "game 2 (Anna - Bella), line 5, move 3, White,
    /// "Nf6"". `with_game`: the game and the line are named (a file), or
    /// only the move (moves given on the command line).
    pub(crate) fn pgn_place(&self, e: &PgnError, with_game: bool) -> String {
        let w = &self.lex.client.pgn;
        let mut parts = Vec::new();
        if with_game {
            let mut game = fill(&w.game, &[("number", e.game.to_string())]);
            if let Some(players) = &e.players {
                game = format!("{game} ({players})");
            }
            parts.push(game);
            parts.push(fill(&w.line, &[("number", e.line.to_string())]));
        }
        if let Some((number, side)) = e.at_move {
            let number = number.to_string();
            parts.push(render(&w.at_move, &[("number", Arg::Text(&number)), ("side", self.lex.side(side))]));
        }
        if let Some(token) = &e.token {
            parts.push(format!("\"{token}\""));
        }
        parts.join(", ")
    }

    /// A game of a file that cannot be read, as a line: where and what.
    pub(crate) fn pgn_error(&self, e: &PgnError) -> Vec<crate::ui::output::Line> {
        let text = format!("{}: {}.", self.pgn_place(e, true), self.pgn_problem(&e.problem));
        vec![crate::ui::output::Line::info(text)]
    }

    /// What is wrong, as a part of a sentence.
    pub(crate) fn pgn_problem(&self, p: &PgnProblem) -> String {
        let w = &self.lex.client.pgn;
        let number = |t: &str, n: usize| fill(t, &[("number", n.to_string())]);
        let text = |t: &str, v: String| fill(t, &[("text", v)]);
        match p {
            PgnProblem::TooLong(n) => number(&w.too_long, *n),
            PgnProblem::TagNotClosed => w.tag_not_closed.clone(),
            PgnProblem::BadTag(tag) => text(&w.bad_tag, tag.clone()),
            PgnProblem::CommentNotClosed => w.comment_not_closed.clone(),
            PgnProblem::TooDeep(n) => number(&w.too_deep, *n),
            PgnProblem::StrayClose => w.stray_close.clone(),
            PgnProblem::NoOpening(c) => text(&w.no_opening, c.to_string()),
            PgnProblem::BadNag(digits) => text(&w.bad_nag, digits.clone()),
            PgnProblem::AnnotationFirst(n) => number(&w.annotation_first, usize::from(*n)),
            PgnProblem::VariationFirst => w.variation_first.clone(),
            PgnProblem::EmptyVariation => w.empty_variation.clone(),
            PgnProblem::VariationNotClosed => w.variation_not_closed.clone(),
            PgnProblem::Move(e) => match e.as_ref() {
                // The rule's reason is a sentence; here it is a part of one.
                ReadMoveError::Illegal { reason, .. } => {
                    crate::speech::explain::say_reason(self.lex, reason).trim_end_matches('.').to_string()
                }
                ReadMoveError::Ambiguous { .. } => w.ambiguous.clone(),
                ReadMoveError::PromotionNeeded { square, .. } => fill(&w.promotion, &[("square", square.to_string())]),
                ReadMoveError::PieceLetterAsFile { .. } => w.piece_letter.clone(),
                ReadMoveError::Empty | ReadMoveError::Unreadable { .. } => w.not_a_move.clone(),
            },
            PgnProblem::BadFen(e) => fill(&w.bad_fen, &[("part", self.fen_part(crate::config::fen_part(e)))]),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::NotationLang;
    use crate::notation::pgn::read_pgn;
    use crate::speech::{Lexicon, SpeechLang, Style};
    use crate::ui::words::Narrator;

    /// Every problem of a game file in every language: the place named,
    /// no placeholder left, no English in the others.
    #[test]
    fn game_file_problems_in_every_language() {
        let texts = [
            "[White \"A\"",
            "[White A]",
            "1. e4 {never closed",
            "1. e4 )",
            "1. e4 }",
            "1. e4 $300",
            "$1 1. e4",
            "( 1. e4 )",
            "1. e4 ( {only words} )",
            "1. e4 ( 1. d4",
            "1. e4 e5 2. Ke3",
            "1. Nd2 Nf6 2. Nf3 Nd5 3. Nd4",
            "1. xyz",
            "1. B4",
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"] *",
            "[FEN \"k7/4P3/8/8/8/8/8/K7 w - - 0 1\"] 1. e8 *",
        ];
        for lang in SpeechLang::ALL {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            for text in texts {
                let e = read_pgn(text, NotationLang::English, None).expect_err(text);
                let (place, problem) = (n.pgn_place(&e, true), n.pgn_problem(&e.problem));
                assert!(!place.is_empty() && !problem.is_empty(), "{lang} {text}: {place}: {problem}");
                assert!(!problem.contains('{') && !place.contains('{'), "{lang} {text}: {problem}");
                assert!(!problem.ends_with('.'), "{lang} {text}: a part of a sentence: {problem}");
                if lang != SpeechLang::English {
                    for w in ["game", "line", "move", "not", "variation", "comment", "the "] {
                        assert!(!problem.contains(w) && !place.contains(w), "{lang} {text}: {place}: {problem}");
                    }
                }
            }
        }
        let e = read_pgn("[White \"Anna\"]\n[Black \"Bella\"]\n\n1. e4 e5 2. Ke3 *", NotationLang::English, None)
            .expect_err("illegal");
        let ru = Narrator::new(Lexicon::get(SpeechLang::Russian), Style::Brief);
        assert_eq!(ru.pgn_place(&e, true), "партия 1 (Anna - Bella), строка 4, ход 2, белые, \"Ke3\"");
    }
}
