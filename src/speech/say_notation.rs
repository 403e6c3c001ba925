//! Notation inside a sentence, said as words: the speech of a row that
//! holds squares or moves in notation ("Best move: Bxb5.", "Слон f1 не
//! может пойти на c4", "1. e4 e5") names them as the player's language
//! says them ("bishop takes b5", "цэ четыре"). Rows keep the notation;
//! only what is spoken changes. A word that is not a square, a move or
//! castling is left as it is.

use super::lang::Style;
use super::lexicon::Lexicon;
use super::say_move::{file_name, rank_name, square_words};
use crate::notation::NotationLang;
use crate::rules::{File, Rank, Role, Square};

/// `text` with each square, move and castling in notation said in words.
pub fn say_notation(lex: &Lexicon, text: &str) -> String {
    if lex.written || !text.chars().any(|c| c.is_ascii_digit() || c == 'O') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut word = String::new();
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '«' | '»' | '"' | '„' | '“' | '”' | '!' | '?')
        {
            push_word(lex, &mut out, &word);
            word.clear();
            out.push(c);
        } else {
            word.push(c);
        }
    }
    push_word(lex, &mut out, &word);
    out
}

/// A word said, with a sentence's closing stop or colon kept after it.
fn push_word(lex: &Lexicon, out: &mut String, word: &str) {
    // A move written on its number ("1...Nc6", "12.e4"): the number kept,
    // the move said after it.
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let dots = word[digits..].len() - word[digits..].trim_start_matches('.').len();
    if digits > 0 && dots > 0 && digits + dots < word.len() {
        let (number, mv) = word.split_at(digits + dots);
        let core = mv.trim_end_matches(['.', ':']);
        if let Some(words) = in_words(lex, core) {
            out.push_str(number);
            out.push(' ');
            out.push_str(&words);
            out.push_str(&mv[core.len()..]);
            return;
        }
    }
    // Notation with a particle written onto it (Korean "g1처럼",
    // "e4로"): the notation said, the particle kept.
    if let Some(at) = word.char_indices().find(|(_, c)| !c.is_ascii()).map(|(i, _)| i).filter(|i| *i > 0) {
        let (head, tail) = word.split_at(at);
        if let Some(words) = in_words(lex, head) {
            out.push_str(&words);
            out.push_str(tail);
            return;
        }
    }
    let core = word.trim_end_matches(['.', ':']);
    match in_words(lex, core) {
        Some(words) => {
            out.push_str(&words);
            out.push_str(&word[core.len()..]);
        }
        None => out.push_str(word),
    }
}

/// A square, a move in SAN (the session's letters or English ones) or
/// castling, in words; None for any other word.
fn in_words(lex: &Lexicon, word: &str) -> Option<String> {
    let (body, mark) = match word.strip_suffix(['+', '#']) {
        Some(b) => (b, Some(word.ends_with('#'))),
        None => (word, None),
    };
    let mut said = match body {
        "O-O" | "0-0" => lex.out.short_castle.clone(),
        "O-O-O" | "0-0-0" => lex.out.long_castle.clone(),
        _ => san_words(lex, body)?,
    };
    match mark {
        Some(true) => said = format!("{said}, {}", lex.out.checkmate),
        Some(false) => said = format!("{said}, {}", lex.out.check),
        None => {}
    }
    Some(said)
}

/// "e4", "Nf3", "Кbd2", "exd5", "Bxc6", "e8=Q", "Ng1-f3" in words.
fn san_words(lex: &Lexicon, body: &str) -> Option<String> {
    let chars: Vec<char> = body.chars().collect();
    let (role, rest) = piece_at(lex, &chars);
    // The target square, then a promotion: "=Q" or "Q".
    let promo_at = rest.iter().rposition(|c| c.is_ascii_digit())? + 1;
    let (squares, promotion) = rest.split_at(promo_at);
    let promotion = match promotion {
        [] => None,
        ['=', p @ ..] | p => match piece_at(lex, p) {
            (r, []) if r != Role::Pawn => Some(r),
            _ => return None,
        },
    };
    let to_at = squares.len().checked_sub(2)?;
    let to = square_of(&squares[to_at..])?;
    let from: Vec<char> = squares[..to_at].iter().copied().filter(|c| !matches!(c, 'x' | ':' | '-' | '–')).collect();
    let capture = squares[..to_at].iter().any(|c| matches!(c, 'x' | ':'));
    let mut words: Vec<String> = Vec::new();
    let from_words = match from.as_slice() {
        [] => None,
        [f, r] => Some(square_words(lex, square_of(&[*f, *r])?, Style::Brief)),
        [f] if ('a'..='h').contains(f) => {
            Some(file_name(lex, File::new(*f as u32 - 'a' as u32)?, Style::Brief).to_string())
        }
        [r] if ('1'..='8').contains(r) => Some(rank_name(lex, Rank::new(*r as u32 - '1' as u32)?).to_string()),
        _ => return None,
    };
    if role == Role::Pawn {
        if from_words.is_some() && !capture && from.len() != 2 {
            return None;
        }
        words.extend(from_words.filter(|_| capture));
    } else {
        words.push(lex.piece(role, 0).to_string());
        words.extend(from_words);
    }
    if capture {
        words.push(lex.out.takes.clone());
    }
    words.push(square_words(lex, to, Style::Brief));
    if let Some(r) = promotion {
        words.push(lex.out.promotes_to.clone());
        words.push(lex.piece(r, 0).to_string());
    }
    Some(words.join(" "))
}

/// The piece a move begins with (the session's letters, then English
/// ones; capitals only, as notation writes them), and what follows it.
fn piece_at<'a>(lex: &Lexicon, chars: &'a [char]) -> (Role, &'a [char]) {
    for lang in [lex.lang.notation(), NotationLang::English] {
        for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            let letter: Vec<char> = lang.piece_letter(role).chars().collect();
            if chars.starts_with(&letter) {
                return (role, &chars[letter.len()..]);
            }
        }
    }
    (Role::Pawn, chars)
}

fn square_of(chars: &[char]) -> Option<Square> {
    match chars {
        [f, r] if ('a'..='h').contains(f) && ('1'..='8').contains(r) => Square::parse(&format!("{f}{r}")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::say_notation;
    use crate::speech::{Lexicon, SpeechLang};

    #[test]
    fn notation_in_a_sentence_is_said_in_words() {
        let ru = Lexicon::get(SpeechLang::Russian);
        // Notation with a Korean particle written onto it.
        let ko = Lexicon::get(SpeechLang::Korean);
        assert_eq!(say_notation(ko, "g1처럼"), format!("{}처럼", say_notation(ko, "g1")));
        // A move written on its number.
        assert_eq!(say_notation(ru, "с 1...Кc6."), "с 1... конь цэ шесть.");
        assert_eq!(say_notation(ru, "в 2024.12.05"), "в 2024.12.05");
        assert_eq!(
            say_notation(ru, "Слон f1 не может пойти на c4: мешает пешка e2."),
            "Слон эф один не может пойти на цэ четыре: мешает пешка е два."
        );
        assert_eq!(say_notation(ru, "1. e4 e5 2. Кf3 Кc6"), "1. е четыре е пять 2. конь эф три конь цэ шесть");
        let en = Lexicon::get(SpeechLang::English);
        assert_eq!(say_notation(en, "Best move: Bxb5."), "Best move: bishop takes b5.");
        assert_eq!(
            say_notation(en, "exd5, O-O-O#, e8=Q+"),
            "e takes d5, long castle, checkmate, e8 promotes to queen, check"
        );
        assert_eq!(
            say_notation(en, "Type help for commands. 15+10, voxchess"),
            "Type help for commands. 15+10, voxchess"
        );
        let written = Lexicon::written(SpeechLang::Russian);
        assert_eq!(say_notation(written, "e4"), "e4");
    }
}
