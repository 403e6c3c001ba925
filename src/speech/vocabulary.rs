//! The closed vocabulary for the speech recognizer: every word and phrase
//! the resolver understands in a language, small enough to keep
//! recognition fast and accurate.

use super::lang::{SpeechLang, Style};
use super::lexicon::{Lexicon, Meaning};
use super::say_move::say_move;
use crate::rules::{Move, Position};

/// All phrases of a language (words, phrases and commands), sorted, with
/// digits spelled as the lexicon spells them. vosk takes this list as its
/// grammar (a JSON array), with "[unk]" added when the model has it.
pub fn vocabulary(lang: SpeechLang) -> Vec<String> {
    let lex = Lexicon::get(lang);
    let mut out: Vec<String> = lex
        .words_in
        .keys()
        .chain(lex.commands.keys())
        .chain(lex.study.setup.orders.keys())
        .chain(lex.study.broadcast.commands.keys())
        .chain(lex.client.online.commands.keys())
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        // Particles are read off typed words; as words of their own the
        // recognizer would insert them between the others.
        .filter(|w| !lex.particles.contains(w))
        // The English words typed in any session are not listened for.
        .filter(|w| !lex.borrowed.contains(w))
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

/// What the recognizer listens for next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expecting {
    /// Moves and commands: these whole phrases on top of every word of the
    /// vocabulary, so a move that is not legal is still heard, and refused
    /// with its reason.
    Moves(Vec<String>),
    /// The answer to a question: these words, with "[unk]" for other
    /// speech when the model has it, else with the whole vocabulary (see
    /// `VoiceModel::recognizer_expecting`).
    Answers(Vec<String>),
}

/// How far a heard text is from a whole phrase: how long a quiet after it
/// ends the utterance (audio/endpoint.rs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A whole expected move or answer that no phrase goes on from ("이
    /// 사" when e4 gives no check, "네").
    Whole,
    /// Nothing more to wait for: a whole expected move that a check word
    /// may still follow, or words no phrase begins with (a misheard move,
    /// "구 이 사"; a command).
    Closed,
    /// The beginning of a phrase ("나이트", "나이트 에프"), nothing yet, or
    /// anything when no move is expected: the player may be pausing inside
    /// what they say.
    Open,
}

impl Expecting {
    /// The phrases expected: the moves, or the answers.
    fn phrases(&self) -> &[String] {
        match self {
            Expecting::Moves(p) | Expecting::Answers(p) => p,
        }
    }

    /// How far `text` (as the recognizer wrote it) is from a whole phrase,
    /// with `vocabulary` the other phrases the recognizer knows (commands
    /// that begin with another: "보드 돌리기").
    pub fn progress(&self, text: &str, vocabulary: &[String]) -> Progress {
        let phrases = self.phrases();
        if phrases.is_empty() || text.is_empty() {
            return Progress::Open;
        }
        let whole = phrases.iter().any(|p| p == text);
        let goes_on = phrases.iter().chain(vocabulary).any(|p| goes_on(p, text));
        match (whole, goes_on) {
            (true, false) => Progress::Whole,
            (false, true) => Progress::Open,
            // What may follow a whole move is only its check word
            // (tests/speech_in.rs, no_expected_move_begins_another_move).
            (true, true) | (false, false) => Progress::Closed,
        }
    }

    /// The nearest to whole that what was heard so far (`partial`, which
    /// lags the audio: its last word may still grow, "아니" of "아니요")
    /// may be once decoded to its end: whole when an expected phrase begins
    /// with it, else closed at best (nothing expected: open).
    pub fn at_best(&self, partial: &str) -> Progress {
        let phrases = self.phrases();
        if phrases.is_empty() {
            Progress::Open
        } else if phrases.iter().any(|p| p.starts_with(partial)) {
            Progress::Whole
        } else {
            Progress::Closed
        }
    }
}

/// Whether `phrase` is `start` and more words.
fn goes_on(phrase: &str, start: &str) -> bool {
    phrase.strip_prefix(start).is_some_and(|rest| rest.starts_with(' '))
}

impl Default for Expecting {
    fn default() -> Self {
        Expecting::Moves(Vec::new())
    }
}

/// What the player is likely to say next, for the recognizer's grammar:
/// the answers while a question waits (yes, no, cancel, the numbers of the
/// choices; not the choices themselves, or a short answer is heard as the
/// move it answers about: measured, "아니요" was decoded as the choice
/// "비 사"), else the legal moves as whole phrases in the session's style
/// and the brief one, with and without the check word. A whole phrase in
/// the grammar is decoded more reliably than the same words one by one
/// (Korean model, start position: 27% of moves heard right as the best
/// alternative with the legal moves added as phrases, 10% with words only).
pub fn expected_phrases(lex: &Lexicon, pos: &Position, question: Option<&[Move]>, style: Style) -> Expecting {
    let Some(choices) = question else { return Expecting::Moves(move_phrases(lex, pos, style)) };
    let numbered = !lex.questions.numbers.is_empty();
    let mut out: Vec<String> = lex
        .words_in
        .iter()
        .filter(|(_, senses)| {
            senses.iter().any(|s| {
                s.cost == 0.0
                    && match s.meaning {
                        Meaning::Yes | Meaning::No | Meaning::Cancel => true,
                        Meaning::Number(n) => !numbered && n >= 1 && (n as usize) <= choices.len(),
                        _ => false,
                    }
            })
        })
        .map(|(word, _)| word.clone())
        .collect();
    // The words the question numbered the choices with.
    out.extend(lex.questions.numbers.iter().take(choices.len()).map(|w| w.to_lowercase()));
    out.sort();
    out.dedup();
    Expecting::Answers(out)
}

/// The legal moves as the player would say them.
fn move_phrases(lex: &Lexicon, pos: &Position, style: Style) -> Vec<String> {
    let checks = [lex.out.check.to_lowercase(), lex.out.checkmate.to_lowercase()];
    let mut out = Vec::new();
    for m in &pos.legal_moves() {
        for st in [style, Style::Brief] {
            let said = speakable(lex, &say_move(lex, pos, m, st));
            let plain: Vec<&str> = said.split_whitespace().filter(|w| !checks.iter().any(|c| c == w)).collect();
            out.push(plain.join(" "));
            out.push(said);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A phrase as words only: punctuation dropped, lower case, a square
/// written "f3" said as its file and its rank word ("f three").
fn speakable(lex: &Lexicon, text: &str) -> String {
    let mut words = Vec::new();
    for w in text.split(|c: char| c.is_whitespace() || c == ',' || c == ':').filter(|w| !w.is_empty()) {
        let w = w.to_lowercase();
        let chars: Vec<char> = w.chars().collect();
        match chars.as_slice() {
            [f, r] if f.is_alphabetic() && ('1'..='8').contains(r) => {
                words.push(f.to_string());
                words.push(lex.squares.ranks[(*r as usize) - ('1' as usize)].to_lowercase());
            }
            _ => words.push(w),
        }
    }
    words.join(" ")
}

/// The phrases the recognizer should expect, shared between the game
/// (which sets them after each change) and the listening thread (which
/// rebuilds its recognizer when they changed, feeding it again the audio
/// since the last result).
#[derive(Clone, Default)]
pub struct Expected(std::sync::Arc<std::sync::Mutex<(u64, Expecting)>>);

impl Expected {
    /// Sets the phrases (a new version).
    pub fn set(&self, phrases: Expecting) {
        if let Ok(mut e) = self.0.lock()
            && e.1 != phrases
        {
            e.0 += 1;
            e.1 = phrases;
        }
    }

    /// The phrases, if they changed since `version`, with their version.
    pub fn newer_than(&self, version: u64) -> Option<(u64, Expecting)> {
        let e = self.0.lock().ok()?;
        (e.0 != version).then(|| (e.0, e.1.clone()))
    }
}
