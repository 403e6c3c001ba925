//! The resolution benchmark: every legal move of positions from random games
//! is given in each language and style on both channels, and resolved.
//!
//! - Heard: the move's words, clean and corrupted the way a recognizer errs
//!   (a word swapped for a sound-alike, a word dropped, a filler added).
//! - Typed: the move's words and its SAN in the language's letters, clean
//!   and with one typing error (a character dropped, doubled, swapped with
//!   its neighbour, its case changed, or a file letter or rank digit
//!   replaced by the next one).
//!
//! Counts what was played correctly, asked, refused, and wrongly played: a
//! different move played without a question. A typing error that turns
//! the text into another legal move's own notation or words is that move,
//! read literally; it is counted apart ("typo named another move"), not as
//! wrong.

use super::hear::words_of;
use super::intent::{Channel, Intent};
use super::lang::{SpeechLang, Style};
use super::lexicon::{Lexicon, Meaning};
use super::resolver::Resolver;
use super::say_move::say_move;
use crate::notation::{SanOptions, write_san};
use crate::rules::{Move, Position};
use std::time::{Duration, Instant};

/// Tallies of one kind of input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The intended move was played.
    pub correct: u32,
    /// A question was asked.
    pub asked: u32,
    /// The input was refused with a reason.
    pub refused: u32,
    /// Another move was played without a question.
    pub wrong: u32,
    /// Typed only: a typing error that wrote another legal move exactly,
    /// which was played as written.
    pub named_other: u32,
}

impl Tally {
    /// All phrases counted.
    pub fn total(&self) -> u32 {
        self.correct + self.asked + self.refused + self.wrong + self.named_other
    }
    /// Adds another tally.
    pub fn merge(&mut self, t: &Tally) {
        self.correct += t.correct;
        self.asked += t.asked;
        self.refused += t.refused;
        self.wrong += t.wrong;
        self.named_other += t.named_other;
    }
    fn add(&mut self, intended: Move, intent: &Intent, names_played: bool) {
        match intent {
            Intent::Move(m) if *m == intended => self.correct += 1,
            Intent::Move(_) if names_played => self.named_other += 1,
            Intent::Move(_) => self.wrong += 1,
            Intent::Ask(_) => self.asked += 1,
            _ => self.refused += 1,
        }
    }
    /// A share in percent.
    pub fn percent(&self, n: u32) -> f64 {
        if self.total() == 0 { 0.0 } else { 100.0 * f64::from(n) / f64::from(self.total()) }
    }
}

/// Results for one language and style.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// The language.
    pub lang: SpeechLang,
    /// The style the moves were said in.
    pub style: Style,
    /// The channel.
    pub channel: Channel,
    /// Clean phrases.
    pub clean: Tally,
    /// Corrupted phrases.
    pub corrupted: Tally,
    /// Time spent resolving.
    pub elapsed: Duration,
    /// The slowest single resolution.
    pub slowest: Duration,
    /// Examples of wrong resolutions: (said, heard or typed, played).
    pub wrong_examples: Vec<(String, String, String)>,
    /// Examples of clean phrases not played at once: (said, what came back).
    pub clean_misses: Vec<(String, String)>,
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// Positions from random games, seeded so every run sees the same ones.
pub fn positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::start();
        let plies = rng.below(80);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

/// The words voxchess itself says for a meaning (piece names, file and
/// rank names, digits): only these are corrupted, into their sound-alikes.
fn canonical(lex: &Lexicon, meaning: Meaning) -> Vec<String> {
    match meaning {
        Meaning::Piece(r) => (0..3).map(|f| lex.piece(r, f).to_lowercase()).collect(),
        Meaning::File(f) => vec![lex.squares.files[f.index()].to_lowercase()],
        Meaning::Rank(r) => vec![lex.squares.ranks[r.index()].to_lowercase(), r.char().to_string()],
        _ => Vec::new(),
    }
}

/// Words a recognizer may hear instead of `word`: where `word` is the
/// canonical word for a meaning, the lexicon entries that carry that
/// meaning at a cost (sound-alikes such as "night" for "knight", "d" for "b").
fn sound_alikes(lex: &Lexicon, word: &str) -> Vec<(String, f32)> {
    let mut meanings: Vec<Meaning> = Vec::new();
    if let Some(senses) = lex.words_in.get(word) {
        meanings.extend(senses.iter().filter(|s| s.cost == 0.0).map(|s| s.meaning));
    }
    if let Some(r) = word.parse::<u32>().ok().and_then(|n| n.checked_sub(1)).and_then(crate::rules::Rank::new) {
        meanings.push(Meaning::Rank(r));
    }
    meanings.retain(|m| canonical(lex, *m).iter().any(|c| c == word));
    lex.words_in
        .iter()
        .filter(|(w, _)| w.as_str() != word && !w.contains(' '))
        .filter_map(|(w, ss)| {
            let cost =
                ss.iter().filter(|s| s.cost > 0.0 && meanings.contains(&s.meaning)).map(|s| s.cost).reduce(f32::min)?;
            Some((w.clone(), cost))
        })
        .collect()
}

/// Picks a sound-alike with a chance that falls with its cost: the costs in
/// the data files stand for how often a recognizer makes that mistake
/// (weight e^(-3 cost): "night" for "knight" often, "d" for "b" rarely).
fn pick_weighted(alts: &[(String, f32)], rng: &mut Rng) -> String {
    let weights: Vec<f64> = alts.iter().map(|(_, c)| (-3.0 * f64::from(*c)).exp()).collect();
    let total: f64 = weights.iter().sum();
    let mut x = (rng.next() % 1_000_000) as f64 / 1_000_000.0 * total;
    for ((w, _), weight) in alts.iter().zip(&weights) {
        if x < *weight {
            return w.clone();
        }
        x -= weight;
    }
    alts.last().map(|(w, _)| w.clone()).unwrap_or_default()
}

fn fillers(lex: &Lexicon) -> Vec<String> {
    lex.words_in
        .iter()
        .filter(|(w, ss)| !w.contains(' ') && ss.len() == 1 && ss[0].meaning == Meaning::Filler && ss[0].cost == 0.0)
        .map(|(w, _)| w.clone())
        .collect()
}

/// One corruption of a phrase, chosen by the random source.
fn corrupt(lex: &Lexicon, phrase: &str, rng: &mut Rng, fillers: &[String]) -> String {
    let mut words = words_of(phrase);
    match rng.below(3) {
        0 => {
            let swappable: Vec<(usize, Vec<(String, f32)>)> = words
                .iter()
                .enumerate()
                .map(|(i, w)| (i, sound_alikes(lex, w)))
                .filter(|(_, alts)| !alts.is_empty())
                .collect();
            if !swappable.is_empty() {
                let (i, alts) = &swappable[rng.below(swappable.len())];
                words[*i] = pick_weighted(alts, rng);
            }
        }
        1 => {
            let content: Vec<usize> = (0..words.len())
                .filter(|i| {
                    lex.words_in.get(&words[*i]).is_none_or(|ss| !ss.iter().any(|s| s.meaning == Meaning::Filler))
                })
                .collect();
            if content.len() > 1 {
                words.remove(content[rng.below(content.len())]);
            }
        }
        _ => {
            let at = rng.below(words.len() + 1);
            words.insert(at, fillers[rng.below(fillers.len())].clone());
        }
    }
    words.join(" ")
}

/// One typing error in a text, chosen by the random source.
fn typo(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    let i = rng.below(chars.len());
    match rng.below(5) {
        0 if chars.len() > 1 => {
            chars.remove(i);
        }
        1 => chars.insert(i, chars[i]),
        2 if i + 1 < chars.len() => chars.swap(i, i + 1),
        3 => {
            let c = chars[i];
            chars[i] = if c.is_uppercase() { c.to_lowercase().next() } else { c.to_uppercase().next() }.unwrap_or(c);
        }
        _ => {
            let c = chars[i];
            chars[i] = match c {
                'a'..='g' | '1'..='7' => char::from(c as u8 + 1),
                'h' => 'g',
                '8' => '7',
                other => other,
            };
        }
    }
    chars.into_iter().collect()
}

/// Whether `text` writes or says `m` literally: its SAN in the language's
/// letters or in English (also with more of the from-square than SAN needs,
/// and without the capture sign), UCI, long notation, or its words in any
/// style, each also without the capture word and the check words, which a
/// writer may leave out; spaces do not count.
fn names_exactly(lex: &Lexicon, pos: &Position, m: &Move, text: &str) -> bool {
    let optional = [lex.out.takes.to_lowercase(), lex.out.check.to_lowercase(), lex.out.checkmate.to_lowercase()];
    let plain = |s: &str| -> String {
        let s = s.to_lowercase().replace([',', '+', '#'], " ");
        s.split_whitespace().filter(|w| !optional.iter().any(|o| o == w)).collect()
    };
    let text = plain(text);
    let mut forms = vec![m.uci(), format!("{}-{}", m.from, m.to)];
    for lang in [lex.lang.notation(), crate::notation::NotationLang::English] {
        let san = write_san(pos, m, &SanOptions { lang, check_marks: false, ..SanOptions::default() });
        let letter = lang.piece_letter(pos.moving_role(m).unwrap_or(crate::rules::Role::Pawn));
        let to = m.to.to_string();
        forms.push(san.clone());
        if !letter.is_empty() && !m.is_castle() {
            for from in [m.from.file().char().to_string(), m.from.rank().char().to_string(), m.from.to_string()] {
                forms.push(format!("{letter}{from}{to}"));
            }
        }
    }
    forms.extend(Style::ALL.iter().map(|st| say_move(lex, pos, m, *st)));
    forms.iter().any(|f| {
        let f = plain(f);
        f == text || f.replace(['x', ':'], "") == text.replace(['x', ':'], "")
    })
}

/// Runs the benchmark over `positions` for one language, style and channel.
pub fn run(lang: SpeechLang, style: Style, channel: Channel, positions: &[Position], seed: u64) -> BenchRow {
    let lex = Lexicon::get(lang);
    let resolver = Resolver::new(lang);
    let fillers = fillers(lex);
    let mut rng = Rng(seed | 1);
    let mut row = BenchRow {
        lang,
        style,
        channel,
        clean: Tally::default(),
        corrupted: Tally::default(),
        elapsed: Duration::ZERO,
        slowest: Duration::ZERO,
        wrong_examples: Vec::new(),
        clean_misses: Vec::new(),
    };
    let timed = |pos: &Position, text: &str, row: &mut BenchRow| {
        let t = Instant::now();
        let intent = resolver.resolve(pos, text, channel);
        let d = t.elapsed();
        row.elapsed += d;
        row.slowest = row.slowest.max(d);
        intent
    };
    for pos in positions {
        for m in pos.legal_moves() {
            let mut said = vec![say_move(lex, pos, &m, style)];
            if channel == Channel::Typed {
                said.push(write_san(pos, &m, &SanOptions { lang: lang.notation(), ..SanOptions::default() }));
            }
            for said in said {
                let intent = timed(pos, &said, &mut row);
                row.clean.add(m, &intent, false);
                if intent != Intent::Move(m) && row.clean_misses.len() < 5 {
                    row.clean_misses.push((said.clone(), format!("{intent:?}")));
                }
                let changed = match channel {
                    Channel::Heard => corrupt(lex, &said, &mut rng, &fillers),
                    Channel::Typed => typo(&said, &mut rng),
                };
                let intent = timed(pos, &changed, &mut row);
                let names_played = match &intent {
                    Intent::Move(played) => channel == Channel::Typed && names_exactly(lex, pos, played, &changed),
                    _ => false,
                };
                row.corrupted.add(m, &intent, names_played);
                if let Intent::Move(played) = intent
                    && played != m
                    && !names_played
                    && row.wrong_examples.len() < 5
                {
                    row.wrong_examples.push((said, changed, say_move(lex, pos, &played, style)));
                }
            }
        }
    }
    row
}
