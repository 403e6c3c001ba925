//! Times in words with the right plural forms: "4 minutes 12 seconds",
//! "1 minute", "9.5 seconds", "1 минута", "2 минуты", "5 минут", "21 секунда".

use super::lang::plural_form;
use super::lexicon::Lexicon;

/// A number with its unit in the right plural form ("5 минут", "5분"). A
/// form that places the number itself ("실수 {n}개": a noun that is no
/// counter goes first) has it filled in.
pub(crate) fn unit(lex: &Lexicon, forms: &[String; 3], n: u64) -> String {
    let form = &forms[plural_form(lex.lang, n)];
    if form.contains("{n}") {
        return form.replace("{n}", &n.to_string());
    }
    format!("{n}{}{form}", lex.time.unit_space)
}

/// Whole seconds after a preposition that governs the accusative
/// ("через 21 секунду"), in the language's forms for it where it has them.
pub(crate) fn seconds_after(lex: &Lexicon, n: u64) -> String {
    unit(lex, lex.time.second_after.as_ref().unwrap_or(&lex.time.second), n)
}

/// A time in words after a preposition that governs the accusative
/// ("за 1 минуту", "через 21 секунду"): the language's forms for it where
/// it has them (`minute_after`, `second_after`), else as [`say_duration`].
pub fn say_duration_after(lex: &Lexicon, millis: u64) -> String {
    let t = &lex.time;
    let minute = t.minute_after.as_ref().unwrap_or(&t.minute);
    let second = t.second_after.as_ref().unwrap_or(&t.second);
    duration_in(lex, millis, minute, second)
}

/// A remaining time in words. Whole seconds from 10 seconds up, tenths below
/// (never rounded up: the clock never promises time that is not there).
pub fn say_duration(lex: &Lexicon, millis: u64) -> String {
    duration_in(lex, millis, &lex.time.minute, &lex.time.second)
}

/// [`say_duration`] with the minutes' and seconds' forms given.
fn duration_in(lex: &Lexicon, millis: u64, minute: &[String; 3], second: &[String; 3]) -> String {
    let t = &lex.time;
    let total_secs = millis / 1000;
    let (h, m, s) = (total_secs / 3600, total_secs / 60 % 60, total_secs % 60);
    if h > 0 {
        let mut parts = vec![unit(lex, &t.hour, h)];
        if m > 0 {
            parts.push(unit(lex, minute, m));
        }
        return parts.join(" ");
    }
    if m > 0 {
        let mut parts = vec![unit(lex, minute, m)];
        if s > 0 {
            parts.push(unit(lex, second, s));
        }
        return parts.join(" ");
    }
    if millis >= 10_000 {
        return unit(lex, second, s);
    }
    let tenths = millis / 100;
    if tenths.is_multiple_of(10) {
        return unit(lex, second, tenths / 10);
    }
    // A fraction: English "9.5 seconds"; Russian "9,5 секунды" (the genitive singular).
    let form = match lex.lang {
        super::SpeechLang::Russian => 1,
        _ => 2,
    };
    format!("{}{}{}{}{}", tenths / 10, t.decimal_point, tenths % 10, t.unit_space, second[form])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::SpeechLang;

    /// After "за" and "через": "1 минуту", "21 секунду", "2 часа 31
    /// минуту"; the other languages unchanged.
    #[test]
    fn russian_times_after_a_preposition_take_the_accusative() {
        let ru = Lexicon::get(SpeechLang::Russian);
        assert_eq!(say_duration_after(ru, 60_000), "1 минуту");
        assert_eq!(say_duration_after(ru, 21_000), "21 секунду");
        assert_eq!(say_duration_after(ru, (2 * 3600 + 31 * 60) * 1000), "2 часа 31 минуту");
        assert_eq!(say_duration_after(ru, 5 * 60_000), "5 минут");
        assert_eq!(say_duration_after(ru, 22 * 60_000), "22 минуты");
        let en = Lexicon::get(SpeechLang::English);
        assert_eq!(say_duration_after(en, 60_000), say_duration(en, 60_000));
    }
}
