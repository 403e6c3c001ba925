//! The closed vocabulary for the speech recognizer: every word and phrase
//! the resolver understands in a language, small enough to keep
//! recognition fast and accurate.

use super::lang::SpeechLang;
use super::lexicon::Lexicon;

/// All phrases of a language (words, phrases and commands), sorted, with
/// digits spelled as the lexicon spells them. vosk takes this list as its
/// grammar (a JSON array), with "[unk]" added when the model has it.
pub fn vocabulary(lang: SpeechLang) -> Vec<String> {
    let lex = Lexicon::get(lang);
    let mut out: Vec<String> = lex
        .words_in
        .keys()
        .chain(lex.commands.keys())
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        // Particles are read off typed words; as words of their own the
        // recognizer would insert them between the others.
        .filter(|w| !lex.particles.contains(w))
        .cloned()
        .collect();
    for r in &lex.squares.ranks {
        out.push(r.to_lowercase());
    }
    out.sort();
    out.dedup();
    out
}

/// The vocabulary as a JSON array, as vosk's grammar recognizer takes it.
pub fn vocabulary_json(lang: SpeechLang, with_unk: bool) -> String {
    let mut words = vocabulary(lang);
    if with_unk {
        words.push("[unk]".into());
    }
    let quoted: Vec<String> =
        words.iter().map(|w| format!("\"{}\"", w.replace('\\', "\\\\").replace('"', "\\\""))).collect();
    format!("[{}]", quoted.join(", "))
}
