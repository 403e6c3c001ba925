//! Words with grammar, and the one template mechanism that fills sentences.
//!
//! A [`Word`] has named forms ("nom", "gen", "acc", ... and, for the sides
//! used as adjectives, one form per gender "m", "f", "n") and a gender. A
//! template names its arguments in braces:
//!
//! - `{x}`: the argument's plain form (a word's "nom"), or the text;
//! - `{x.gen}`: the word's form "gen";
//! - `{x@y}`: x's form named by y's gender ("белая" for a white "пешка");
//! - `{x|m|f|n}`: one of the literal choices, by x's gender ("Ни один|Ни одна");
//! - `{x:a/b}`: x and a Korean particle, `a` after a final consonant, `b`
//!   after a vowel ("{move:을/를}": "나이트 에프 삼을", "이 사를");
//! - a leading `^` capitalises the result (`{^piece}`).
//!
//! So "{piece|Ни один|Ни одна|Ни одно} {side@piece} {piece} ..." says
//! «Ни одна белая пешка ...» and «Ни один белый слон ...».

use serde::Deserialize;
use std::collections::BTreeMap;

/// A grammatical gender.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Deserialize)]
pub enum Gender {
    /// Masculine (also every English word).
    #[default]
    #[serde(rename = "m")]
    Masculine,
    /// Feminine.
    #[serde(rename = "f")]
    Feminine,
    /// Neuter.
    #[serde(rename = "n")]
    Neuter,
}

impl Gender {
    fn key(self) -> &'static str {
        match self {
            Gender::Masculine => "m",
            Gender::Feminine => "f",
            Gender::Neuter => "n",
        }
    }
    fn index(self) -> usize {
        match self {
            Gender::Masculine => 0,
            Gender::Feminine => 1,
            Gender::Neuter => 2,
        }
    }
}

/// A word with its forms and gender, from the language data.
#[derive(Clone, Debug, Deserialize)]
pub struct Word {
    /// The gender (masculine when not given).
    #[serde(default)]
    pub gender: Gender,
    /// The forms by name; "nom" is the plain form.
    #[serde(flatten)]
    pub forms: BTreeMap<String, String>,
}

impl Word {
    /// A form by name, or the plain form when the language has no such form.
    pub fn form(&self, name: &str) -> &str {
        self.forms.get(name).or_else(|| self.forms.get("nom")).map_or("", String::as_str)
    }
}

/// One argument of a template.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// Plain text (a square, a number, a sentence).
    Text(&'a str),
    /// A word with forms.
    Word(&'a Word),
}

/// The text with its first letter in capitals.
pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Capitalises the first letter of a sentence, unless it starts with a
/// square or a file letter ("e4?", "e takes d5?"), which keep their case.
pub fn sentence_case(s: &str) -> String {
    let mut c = s.chars();
    let starts_with_file =
        matches!((c.next(), c.next()), (Some('a'..='h'), Some('1'..='8' | 'x' | ' ' | ',' | '?' | ':')));
    if starts_with_file { s.to_string() } else { capitalise(s) }
}

/// A Korean particle after a word: `pair[0]` after a final consonant,
/// `pair[1]` after a vowel; with `rieul_is_vowel` ㄹ counts as a vowel (as
/// for 으로/로: "일로", "삼으로"). A number ends as it is read ("2는" for
/// 이, "3은" for 삼, "10은" for 십), castling as 캐슬 ("O-O을"); other
/// words that are not Hangul take `pair[1]` (a check mark is 체크).
pub(crate) fn with_particle(word: &str, pair: &[String; 2], rieul_is_vowel: bool) -> String {
    /// The final consonant ㄹ's index among Hangul's final sounds.
    const RIEUL: u32 = 8;
    let last = word.chars().next_back().map_or(0, u32::from);
    let final_sound = if (0xAC00..=0xD7A3).contains(&last) {
        (last - 0xAC00) % 28
    } else if word.ends_with("O-O") {
        // Castling in notation is read 캐슬 (a check mark after it, 체크:
        // a vowel).
        RIEUL
    } else {
        number_final(word)
    };
    let consonant = final_sound != 0 && !(rieul_is_vowel && final_sound == RIEUL);
    format!("{word}{}", if consonant { &pair[0] } else { &pair[1] })
}

/// The final sound of a number written in digits as Korean reads it
/// (Sino-Korean): 0 for a vowel (이, 사, 오, 구), 8 for ㄹ (일, 칠, 팔),
/// another final for 삼, 육, 영 and the tens and above (십, 백, 천, 만).
/// A word that does not end in a digit ends in a vowel; "e4" ends as 사.
fn number_final(word: &str) -> u32 {
    let digits = word.len() - word.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let number = &word[word.len() - digits..];
    let zeros = number.len() - number.trim_end_matches('0').len();
    match number.as_bytes().last() {
        None => 0,
        // 십, 백, 천, 만...: each ends in a consonant other than ㄹ.
        Some(_) if zeros > 0 && zeros < number.len() => 1,
        Some(b'1' | b'7' | b'8') => 8,
        Some(b'0' | b'3' | b'6') => 1,
        Some(_) => 0,
    }
}

/// Fills a template's placeholders (see the module text). A placeholder
/// without its argument is kept as written, so tests find it.
pub fn render(template: &str, args: &[(&str, Arg<'_>)]) -> String {
    let find = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, a)| *a);
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let spec = &rest[open + 1..open + close];
        match expand(spec, &find) {
            Some(text) => out.push_str(&text),
            None => out.push_str(&rest[open..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

fn expand<'a>(spec: &str, find: &dyn Fn(&str) -> Option<Arg<'a>>) -> Option<String> {
    let (capital, spec) = match spec.strip_prefix('^') {
        Some(s) => (true, s),
        None => (false, spec),
    };
    let text = if let Some((name, pair)) = spec.split_once(':') {
        // A Korean particle chosen by the sound the argument ends with:
        // "{move:을/를}" (after a final consonant / after a vowel).
        let (after_consonant, after_vowel) = pair.split_once('/')?;
        let plain = match find(name)? {
            Arg::Text(t) => t.to_string(),
            Arg::Word(w) => w.form("nom").to_string(),
        };
        let pair = [after_consonant.to_string(), after_vowel.to_string()];
        with_particle(&plain, &pair, after_consonant == "으로")
    } else if let Some((name, choices)) = spec.split_once('|') {
        let Arg::Word(w) = find(name)? else { return None };
        let choices: Vec<&str> = choices.split('|').collect();
        choices.get(w.gender.index()).or(choices.first())?.to_string()
    } else if let Some((name, other)) = spec.split_once('@') {
        let (Arg::Word(w), Arg::Word(o)) = (find(name)?, find(other)?) else { return None };
        w.forms.get(o.gender.key())?.clone()
    } else if let Some((name, form)) = spec.split_once('.') {
        let Arg::Word(w) = find(name)? else { return None };
        w.form(form).to_string()
    } else {
        match find(spec)? {
            Arg::Text(t) => t.to_string(),
            Arg::Word(w) => w.form("nom").to_string(),
        }
    };
    Some(if capital { capitalise(&text) } else { text })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(gender: Gender, forms: &[(&str, &str)]) -> Word {
        Word { gender, forms: forms.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect() }
    }

    #[test]
    fn agreement_and_forms() {
        let pawn = word(Gender::Feminine, &[("nom", "пешка"), ("gen", "пешки")]);
        let bishop = word(Gender::Masculine, &[("nom", "слон"), ("gen", "слона")]);
        let white = word(Gender::Masculine, &[("nom", "белые"), ("m", "белый"), ("f", "белая")]);
        let t = "{piece|Ни один|Ни одна} {side@piece} {piece} не может пойти на {to}.";
        let args = |p| [("piece", Arg::Word(p)), ("side", Arg::Word(&white)), ("to", Arg::Text("a5"))];
        assert_eq!(render(t, &args(&pawn)), "Ни одна белая пешка не может пойти на a5.");
        assert_eq!(render(t, &args(&bishop)), "Ни один белый слон не может пойти на a5.");
        assert_eq!(render("{^piece} и {piece.gen}", &args(&bishop)), "Слон и слона");
        // A missing argument stays as written; a form the language lacks is the plain form.
        assert_eq!(render("{missing} {piece.zzz}", &args(&bishop)), "{missing} слон");
        assert_eq!(render("unclosed {", &[]), "unclosed {");
        // Korean particles follow the last syllable.
        let t = "{move:을/를} {to:으로/로}";
        assert_eq!(
            render(t, &[("move", Arg::Text("나이트 에프 삼")), ("to", Arg::Text("이 일"))]),
            "나이트 에프 삼을 이 일로"
        );
        assert_eq!(render(t, &[("move", Arg::Text("이 사")), ("to", Arg::Text("디 삼"))]), "이 사를 디 삼으로");
    }
}
