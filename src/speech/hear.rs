//! Turning a transcript (what a recognizer heard, or what was typed) into
//! words with their possible meanings, joining known phrases ("en passant",
//! "взятие на проходе") and splitting squares ("f3" into f and 3).

use super::lexicon::{Lexicon, Meaning, Sense};
use crate::rules::{File, Rank};

/// One heard word or phrase and what it may mean (nothing, if unknown).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Heard {
    /// The text as heard, lowercase.
    pub text: String,
    /// Its possible meanings.
    pub senses: Vec<Sense>,
}

impl Heard {
    /// The cheapest sense with this meaning.
    pub(crate) fn cost_of(&self, meaning: &Meaning) -> Option<f32> {
        self.senses.iter().filter(|s| s.meaning == *meaning).map(|s| s.cost).reduce(f32::min)
    }
    /// The cost of ignoring the word: free for fillers, dear for a word
    /// that clearly names a piece, a square or a capture.
    pub(crate) fn drop_cost(&self) -> f32 {
        const DROP_CLEAR: f32 = 1.3;
        const DROP_KNOWN: f32 = 0.8;
        const DROP_UNKNOWN: f32 = 0.6;
        if self.senses.is_empty() {
            return DROP_UNKNOWN;
        }
        if let Some(c) = self.cost_of(&Meaning::Filler) {
            return c;
        }
        let clear = self.senses.iter().any(|s| {
            s.cost == 0.0
                && matches!(
                    s.meaning,
                    Meaning::Piece(_) | Meaning::File(_) | Meaning::Takes | Meaning::Castle | Meaning::EnPassant
                )
        });
        if clear { DROP_CLEAR } else { DROP_KNOWN }
    }
}

/// Splits the transcript into lowercase words, without punctuation; a
/// square written as one word ("f3", "е4") becomes two.
pub(crate) fn words_of(transcript: &str) -> Vec<String> {
    let cleaned: String =
        transcript.chars().map(|c| if c.is_alphanumeric() || c == '\'' || c == '-' { c } else { ' ' }).collect();
    let mut out = Vec::new();
    for w in cleaned.split_whitespace() {
        let w = w.trim_matches(|c| c == '\'' || c == '-').to_lowercase();
        if w.is_empty() {
            continue;
        }
        let chars: Vec<char> = w.chars().collect();
        let is_file = |c: char| matches!(c, 'a'..='h' | 'а' | 'с' | 'е');
        if chars.len() == 2 && is_file(chars[0]) && chars[1].is_ascii_digit() {
            out.push(chars[0].to_string());
            out.push(chars[1].to_string());
        } else {
            out.push(w);
        }
    }
    out
}

/// The senses of a lone word that is not in the lexicon: digits and
/// Latin or Cyrillic file letters written out.
fn built_in_senses(word: &str) -> Vec<Sense> {
    let mut senses = Vec::new();
    if let Ok(n) = word.parse::<u32>() {
        if let Some(r) = n.checked_sub(1).and_then(Rank::new) {
            senses.push(Sense { meaning: Meaning::Rank(r), cost: 0.0 });
        }
        senses.push(Sense { meaning: Meaning::Number(n), cost: 0.0 });
    }
    let mut chars = word.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        let latin = match c {
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            other => other,
        };
        if let Some(f) = File::from_char(latin) {
            senses.push(Sense { meaning: Meaning::File(f), cost: 0.0 });
        }
    }
    senses
}

/// A word unknown as a whole but known with a particle taken off (Korean
/// "팔에서" is "팔" + "에서") becomes the two words.
fn split_particles(lex: &Lexicon, words: Vec<String>) -> Vec<String> {
    if lex.particles.is_empty() {
        return words;
    }
    let mut out = Vec::with_capacity(words.len());
    for w in words {
        let split = (!lex.words_in.contains_key(&w))
            .then(|| {
                lex.particles.iter().find_map(|p| {
                    let stem = w.strip_suffix(p.as_str())?;
                    lex.words_in.contains_key(stem).then(|| (stem.to_string(), p.clone()))
                })
            })
            .flatten();
        match split {
            Some((stem, particle)) => out.extend([stem, particle]),
            None => out.push(w),
        }
    }
    out
}

/// The heard words with meanings, longest known phrases first.
pub(crate) fn hear(lex: &Lexicon, transcript: &str) -> Vec<Heard> {
    let words = split_particles(lex, words_of(transcript));
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut taken = false;
        for len in (1..=lex.longest_phrase.min(words.len() - i)).rev() {
            let phrase = words[i..i + len].join(" ");
            if let Some(senses) = lex.words_in.get(&phrase) {
                let mut senses = senses.clone();
                if len == 1 {
                    for s in built_in_senses(&phrase) {
                        if !senses.iter().any(|x| x.meaning == s.meaning) {
                            senses.push(s);
                        }
                    }
                }
                out.push(Heard { text: phrase, senses });
                i += len;
                taken = true;
                break;
            }
        }
        if !taken {
            out.push(Heard { text: words[i].clone(), senses: built_in_senses(&words[i]) });
            i += 1;
        }
    }
    out
}
