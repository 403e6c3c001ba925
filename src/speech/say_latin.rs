//! Latin letters inside a sentence of a language written otherwise
//! (Russian, Korean), said in that language: the program's and lichess's
//! names and the command words a row shows ("voxchess puzzle import",
//! "lichess") as the language's speakers say them, and a letter standing
//! alone (a file, a key: "вертикаль e", "h") by its name. Rows keep what
//! is typed; only what is spoken changes. Names from outside (a player,
//! an opening) are left as they are. Squares and moves are
//! [`super::say_notation`]'s.

use super::lexicon::Lexicon;
use serde::Deserialize;
use std::collections::BTreeMap;

/// How a language says Latin letters and words (none: it writes them).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LatinWords {
    /// The names of the letters a to z.
    pub letters: Vec<String>,
    /// Words (as written, any case) and how they are said.
    pub words: BTreeMap<String, String>,
}

/// `text` with the Latin words the language has a saying for said so,
/// and each Latin letter standing alone by its name.
pub fn say_latin(lex: &Lexicon, text: &str) -> String {
    let latin = &lex.latin;
    if latin.letters.is_empty() && latin.words.is_empty() || !text.chars().any(|c| c.is_ascii_alphabetic()) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut word = String::new();
    for c in text.chars() {
        // A word of Latin letters, with the marks inside a command word
        // or a name ("speech-dispatcher", "lichess.org", "study:read").
        if c.is_ascii_alphanumeric() || (!word.is_empty() && matches!(c, '-' | '.' | ':' | '_' | '/')) {
            word.push(c);
        } else {
            push_word(latin, &mut out, &word);
            word.clear();
            out.push(c);
        }
    }
    push_word(latin, &mut out, &word);
    out
}

/// A word said: whole when the language has a saying for it; else a
/// letter alone by its name; else as it is. Marks closing a sentence stay.
fn push_word(latin: &LatinWords, out: &mut String, word: &str) {
    let core = word.trim_end_matches(['.', ':', '-', '/']);
    let tail = &word[core.len()..];
    let letter = |c: char| latin.letters.get(usize::from(c.to_ascii_lowercase() as u8 - b'a')).cloned();
    let said = latin.words.iter().find(|(k, _)| k.eq_ignore_ascii_case(core)).map(|(_, v)| v.clone()).or_else(|| {
        let mut chars = core.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => letter(c),
            _ => spelled(core, letter),
        }
    });
    match said {
        Some(s) => {
            out.push_str(&s);
            out.push_str(tail);
        }
        None => out.push_str(word),
    }
}

/// A short code of letters and digits (an opening's "B30", a puzzle's
/// "K69di") spelled: each letter by its name, the digits as they are.
/// Names are longer or have no digit, and stay as they are.
fn spelled(word: &str, letter: impl Fn(char) -> Option<String>) -> Option<String> {
    let code = (2..=5).contains(&word.len())
        && word.chars().all(|c| c.is_ascii_alphanumeric())
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic());
    if !code {
        return None;
    }
    let mut parts: Vec<String> = Vec::new();
    let mut digits = String::new();
    for c in word.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            parts.push(std::mem::take(&mut digits));
        }
        parts.push(letter(c)?);
    }
    if !digits.is_empty() {
        parts.push(digits);
    }
    Some(parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::SpeechLang;

    #[test]
    fn russian_says_commands_names_and_letters_in_its_words() {
        let ru = Lexicon::get(SpeechLang::Russian);
        assert_eq!(say_latin(ru, "Сначала: voxchess online login"), "Сначала: воксчесс онлайн логин");
        assert_eq!(say_latin(ru, "вертикаль e, h — помощь."), "вертикаль е, аш — помощь.");
        assert_eq!(say_latin(ru, "Задачи lichess."), "Задачи личесс.");
        // A name from outside stays as it is.
        assert_eq!(say_latin(ru, "против Anna"), "против Anna");
        // Korean: a particle written onto the word stays after it.
        let ko = Lexicon::get(SpeechLang::Korean);
        assert_eq!(say_latin(ko, "lichess가 답했습니다."), "리체스가 답했습니다.");
        // Codes and ids spelled; the engine's name and language codes said.
        assert_eq!(say_latin(ru, "Дебют B30."), "Дебют бэ 30.");
        assert_eq!(say_latin(ru, "Stockfish думает."), "стокфиш думает.");
        assert_eq!(say_latin(ru, "voxchess models install ru"), "воксчесс моделс инсталл ру");
        assert_eq!(say_latin(ko, "오프닝 C84."), "오프닝 씨 84.");
        assert_eq!(say_latin(ru, "против player460"), "против player460");
        // English and German write Latin letters: nothing changes.
        let en = Lexicon::get(SpeechLang::English);
        assert_eq!(say_latin(en, "voxchess online login, e"), "voxchess online login, e");
    }
}
