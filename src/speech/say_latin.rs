//! Latin letters inside a sentence of a language written otherwise
//! (Russian, Korean), said in that language: the program's and lichess's
//! names and the command words a row shows ("voxchess puzzle import",
//! "lichess") as the language's speakers say them, and a letter standing
//! alone (a file, a key: "вертикаль e", "h") by its name. Rows keep what
//! is typed; only what is spoken changes. Names from outside (a player,
//! an opening) are left as they are. Squares and moves are
//! [`super::say_notation`]'s.

pub use super::lexicon::LatinWords;
use super::lexicon::Lexicon;

/// `text` with the Latin words the language has a saying for said so,
/// and each Latin letter standing alone by its name. Text in another
/// language (a run of Latin words that are no names of ours, an opening's
/// name, a comment: "Queen's Gambit", "a good move") is left whole, so
/// the voice says it in that language (espeak-ng's Russian and Korean
/// voices switch to English for it): no letter in it said as a Russian
/// letter's name.
pub fn say_latin(lex: &Lexicon, text: &str) -> String {
    let latin = &lex.latin;
    if latin.letters.is_empty() && latin.words.is_empty() || !text.chars().any(|c| c.is_ascii_alphabetic()) {
        return text.to_string();
    }
    let words = latin_words(text);
    let mut out = String::with_capacity(text.len() + 16);
    let mut last = 0;
    let mut i = 0;
    while i < words.len() {
        // A run: words with nothing but spaces between them.
        let mut j = i + 1;
        while j < words.len() && text[words[j - 1].end..words[j].start].chars().all(char::is_whitespace) {
            j += 1;
        }
        let run: Vec<&str> = words[i..j].iter().map(|w| &text[w.clone()]).collect();
        let foreign =
            run.len() > 1 && run.iter().any(|w| is_text(latin, w)) || run.iter().any(|w| w.contains(APOSTROPHES));
        for w in &words[i..j] {
            out.push_str(&text[last..w.start]);
            push_word(latin, &mut out, &text[w.clone()], foreign);
            last = w.end;
        }
        i = j;
    }
    out.push_str(&text[last..]);
    out
}

const APOSTROPHES: [char; 2] = ['\'', '\u{2019}'];

/// A letter of a word written in Latin letters (with the accented ones
/// of Latin-1 and Latin Extended: "Réti", "Grünfeld").
fn latin_letter(c: char) -> bool {
    c.is_ascii_alphanumeric() || (c.is_alphabetic() && matches!(c, '\u{C0}'..='\u{24F}' | '\u{1E00}'..='\u{1EFF}'))
}

/// Where the Latin words of `text` are: letters and digits, with the
/// marks inside a command word or a name ("speech-dispatcher",
/// "lichess.org", "study:read", "Queen's").
fn latin_words(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut words = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let inner = start.is_some() && (matches!(c, '-' | '.' | ':' | '_' | '/') || APOSTROPHES.contains(&c));
        if latin_letter(c) || inner {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            words.push(s..i);
        }
    }
    if let Some(s) = start {
        words.push(s..text.len());
    }
    words
}

/// The marks that close a word rather than belong to it.
const CLOSING: [char; 6] = ['.', ':', '-', '/', '\'', '\u{2019}'];

/// A word of text in some language: no name of ours, no letter alone, no
/// code.
fn is_text(latin: &LatinWords, word: &str) -> bool {
    let core = word.trim_end_matches(CLOSING);
    core.chars().count() > 1
        && !latin.words.keys().any(|k| k.eq_ignore_ascii_case(core))
        && spelled(core, |_| Some(String::new())).is_none()
}

/// A word said: whole when the language has a saying for it; else a
/// letter alone by its name (not inside text in another language: the
/// English "a"); else a code spelled; else as it is. Marks closing a
/// sentence stay.
fn push_word(latin: &LatinWords, out: &mut String, word: &str, foreign: bool) {
    let core = word.trim_end_matches(CLOSING);
    let tail = &word[core.len()..];
    let letter = |c: char| latin.letters.get(usize::from(c.to_ascii_lowercase() as u8 - b'a')).cloned();
    let said = latin.words.iter().find(|(k, _)| k.eq_ignore_ascii_case(core)).map(|(_, v)| v.clone()).or_else(|| {
        let mut chars = core.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() && !foreign => letter(c),
            (Some(_), None) => None,
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

    /// English text in a Russian or Korean sentence (an opening's name, a
    /// comment) stays whole, for the voice to say in English: no letter
    /// of it said as a Russian letter; codes and our names are still said.
    #[test]
    fn text_in_another_language_is_left_whole() {
        let ru = Lexicon::get(SpeechLang::Russian);
        assert_eq!(say_latin(ru, "Дебют Queen's Gambit."), "Дебют Queen's Gambit.");
        assert_eq!(say_latin(ru, "Комментарий: a good move, I think."), "Комментарий: a good move, I think.");
        assert_eq!(say_latin(ru, "Дебют B30 Sicilian Defense."), "Дебют бэ 30 Sicilian Defense.");
        assert_eq!(say_latin(ru, "Дебют Réti Opening."), "Дебют Réti Opening.");
        assert_eq!(say_latin(ru, "Stockfish says hello"), "стокфиш says hello");
        assert_eq!(say_latin(ru, "players' time"), "players' time");
        // Our own words and letters alone are still said in Russian.
        assert_eq!(say_latin(ru, "вертикаль e, h — помощь."), "вертикаль е, аш — помощь.");
        assert_eq!(say_latin(ru, "Наберите voxchess models install ru."), "Наберите воксчесс моделс инсталл ру.");
        let ko = Lexicon::get(SpeechLang::Korean);
        assert_eq!(say_latin(ko, "오프닝 King's Indian Defense입니다."), "오프닝 King's Indian Defense입니다.");
    }
}
