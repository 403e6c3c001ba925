//! Reading moves from running text, where a move may be spread over several
//! words ("e x d6 e.p.", "0 - 0 - 0", "N 5f3", "d8 Q", "Qe3 +") as in the
//! appendix for visually impaired players.

use super::lang::NotationLang;
use super::read::{MoveMarks, ReadMoveError, looks_like_move, read_move_in_text, split_marks};
use crate::rules::{Move, Position};

/// The most words one move may be written in ("e . x d6 e. p." and the like).
const MAX_WORDS: usize = 6;

/// Words that only ever end a move: check marks, e.p., annotations.
fn is_pure_mark(word: &str) -> bool {
    let is_ep = |t: &str| matches!(t, "e.p." | "e.p" | "ep" | "ep.");
    let (chars, marks) = split_marks(word);
    let rest: String = chars.iter().map(|c| super::chars::latinize(*c)).collect();
    (chars.is_empty() && marks != MoveMarks::default()) || is_ep(&rest)
}

/// Words that may continue a complete move: a promotion piece ("Q", "=Q",
/// "(Q)") or a dash starting the rest of a castling or long move.
fn may_continue(word: &str) -> bool {
    let first = word.chars().next();
    word.chars().count() <= 3 && !word.chars().any(|c| c.is_ascii_digit() && c != '0')
        || first.is_some_and(|c| super::chars::is_dash(c) || c == '=')
}

/// Reads one move from the start of `words`: returns the move, its marks,
/// the text it was read from, and how many words it took.
pub(crate) fn take_move(
    pos: &Position,
    words: &[&str],
    lang: NotationLang,
) -> Result<(Move, MoveMarks, String, usize), (ReadMoveError, String)> {
    let mut text = words[0].to_string();
    let mut used = 1;
    // Grow while the text is not yet a move ("e", "e x", "0 -").
    while !looks_like_move(&text, lang) && used < words.len() && used < MAX_WORDS {
        text.push_str(words[used]);
        used += 1;
    }
    // Take a continuation if it makes a legal move ("d8" + "Q", "0-0" + "-" + "0").
    if used < words.len() && may_continue(words[used]) && !is_pure_mark(words[used]) {
        let mut longer = text.clone();
        let mut n = used;
        while n < words.len() && n < used + 3 {
            longer.push_str(words[n]);
            n += 1;
            if looks_like_move(&longer, lang) {
                break;
            }
        }
        if read_move_in_text(pos, &longer, lang).is_ok() {
            let (longer, n) = absorb_marks(longer, words, n);
            if let Ok((m, marks)) = read_move_in_text(pos, &longer, lang) {
                return Ok((m, marks, longer, n));
            }
        }
    }
    let (text, used) = absorb_marks(text, words, used);
    match read_move_in_text(pos, &text, lang) {
        Ok((m, marks)) => Ok((m, marks, text, used)),
        Err(e) => {
            // Long notation split by a space: "e2 e4".
            if used < words.len() {
                let joined = format!("{text}{}", words[used]);
                if let Ok((m, marks)) = read_move_in_text(pos, &joined, lang) {
                    return Ok((m, marks, joined, used + 1));
                }
            }
            Err((e, text))
        }
    }
}

fn absorb_marks(mut text: String, words: &[&str], mut used: usize) -> (String, usize) {
    while used < words.len() && is_pure_mark(words[used]) {
        text.push_str(words[used]);
        used += 1;
    }
    (text, used)
}
