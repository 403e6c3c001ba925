//! Questions and refusals in words: what the resolver decided (typed
//! values) said in the session's language. The resolver makes no
//! sentences; this is where a question's prompt and a refusal's reason
//! are made.

use super::command::CommandError;
use super::explain::say_reason;
use super::grammar::{Arg, render, sentence_case};
use super::intent::{Question, QuestionKind, Refusal};
use super::lang::Style;
use super::lexicon::Lexicon;
use super::say_move::say_move;

/// The question as asked: "Knight c3? Say yes or no.", "1: knight d2,
/// 2: bishop d2? Say the number.", "Promote to queen, rook, bishop,
/// knight? Say the piece.", with the reason first when what was said
/// cannot be played ("No bishop can reach b4. Did you mean bishop d4?").
pub fn say_question(lex: &Lexicon, style: Style, q: &Question) -> String {
    let words = &lex.questions;
    let named = |m| say_move(lex, &q.position, m, style);
    if q.kind == QuestionKind::Promotion {
        let pieces: Vec<&str> = q.choices.iter().filter_map(|m| m.promotion()).map(|r| lex.piece(r, 0)).collect();
        return sentence_case(&render(&words.promotion, &[("choices", Arg::Text(&pieces.join(", ")))]));
    }
    match (q.choices.as_slice(), &q.reason) {
        ([m], Some(reason)) => render(
            &words.did_you_mean,
            &[("reason", Arg::Text(&say_reason(lex, reason))), ("move", Arg::Text(&named(m)))],
        ),
        ([m], None) => sentence_case(&render(&words.confirm, &[("move", Arg::Text(&named(m)))])),
        (several, reason) => {
            let items: Vec<String> = several
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    // Written choices are numbered in digits, the number typed.
                    let said = words.numbers.get(i).filter(|_| !lex.written);
                    let n = said.cloned().unwrap_or_else(|| (i + 1).to_string());
                    render(&words.choice, &[("n", Arg::Text(&n)), ("move", Arg::Text(&named(m)))])
                })
                .collect();
            let prompt = sentence_case(&render(&words.choose, &[("choices", Arg::Text(&items.join(", ")))]));
            match reason {
                Some(r) => format!("{} {prompt}", say_reason(lex, r)),
                None => prompt,
            }
        }
    }
}

/// A refusal in the lexicon's language.
pub fn say_refusal(lex: &Lexicon, refusal: &Refusal) -> String {
    let e = &lex.explain;
    match refusal {
        Refusal::Illegal(reason) => say_reason(lex, reason),
        Refusal::NotUnderstood(text) => render(&e.not_understood, &[("text", Arg::Text(text))]),
        Refusal::NothingHeard => e.nothing_heard.clone(),
        Refusal::TooLong => lex.client.too_long.clone(),
        Refusal::TooMany(n) => render(&e.too_many, &[("count", Arg::Text(&n.to_string()))]),
        Refusal::Command(c) => {
            let (template, text) = match c {
                CommandError::NeedsSquare(t) => (&e.needs_square, t),
                CommandError::NeedsLine(t) => (&e.needs_line, t),
                CommandError::NeedsPiece(t) => (&e.needs_piece, t),
                CommandError::NeedsNumber(t) => (&e.needs_number, t),
            };
            render(template, &[("text", Arg::Text(text))])
        }
    }
}
