//! The resolver: from a transcript to one intent (a move, a question, a
//! refusal, a command or an answer). Moves are matched against every legal
//! move with a cost model: each heard word is aligned with the words that
//! could describe the move; sound-alike words cost a little, dropped words
//! more, fillers nothing. It never plays a move it is unsure of: when two
//! moves are close, or the best is costly, it asks.

use super::command::{Command, CommandError, parse_command};
use super::explain::explain_refusal;
use super::hear::{Heard, hear};
use super::lang::{SpeechLang, Style};
use super::lexicon::{Lexicon, Meaning};
use super::say_move::say_move;
use crate::notation::read::looks_like_move;
use crate::notation::{ReadMoveError, read_move};
use crate::rules::{Move, MoveKind, Position, Role};
use std::str::FromStr;

/// When to ask before playing a heard move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Confirm {
    /// Always repeat the move and wait for yes.
    Always,
    /// Only when the resolver is unsure (the default).
    #[default]
    Unsure,
    /// Never, unless two moves are equally likely.
    Never,
}

impl FromStr for Confirm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "always" => Ok(Confirm::Always),
            "unsure" => Ok(Confirm::Unsure),
            "never" => Ok(Confirm::Never),
            other => Err(format!("unknown confirmation '{other}'; use always, unsure or never")),
        }
    }
}

/// An answer to a question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Yes.
    Yes,
    /// No.
    No,
    /// Cancel.
    Cancel,
    /// A number ("two").
    Number(u32),
    /// A kind of piece (for a promotion).
    Piece(Role),
}

/// A question to the player, with the moves it chooses between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// What to say: "1: knight d2, 2: bishop d2?".
    pub prompt: String,
    /// The moves, in the numbered order.
    pub choices: Vec<Move>,
}

/// What the player meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play this move.
    Move(Move),
    /// Ask first.
    Ask(Question),
    /// Nothing legal fits; the reason in words.
    Refuse(String),
    /// A command.
    Command(Command),
    /// An answer (yes, no, a number, a piece).
    Answer(Answer),
}

/// The cheapest alignment cost at which a move may be played without asking.
const ACCEPT: f32 = 1.25;
/// How much cheaper the best move must be than the next to be sure.
const MARGIN: f32 = 0.5;
/// Leaving out the piece name: "f3" for a knight move. Dearer than the
/// margin, so "e5" with no piece named is the pawn, as in SAN.
const PIECE_SKIP: f32 = 0.6;
/// "Unsure" confirmation asks when the best move cost more than this.
const SURE: f32 = 0.45;

/// One word a move may be described with, and the cost of leaving it out.
#[derive(Copy, Clone, Debug)]
struct Slot {
    want: Meaning,
    skip: f32,
}

const fn slot(want: Meaning, skip: f32) -> Slot {
    Slot { want, skip }
}

/// The cost of leaving out the target file or rank: cheap when no square
/// was said at all ("pawn takes"), dear when one was ("knight d3" for a3).
fn target_skip(square_said: bool) -> f32 {
    if square_said { 0.8 } else { 0.45 }
}

/// The ways a move may be said, as slot sequences.
fn templates(pos: &Position, m: &Move, square_said: bool) -> Vec<Vec<Slot>> {
    let color = slot(Meaning::Color(pos.turn()), 0.0);
    if m.is_castle() {
        let side = if m.is_short_castle() { Meaning::Short } else { Meaning::Long };
        return vec![
            vec![color, slot(side, 0.4), slot(Meaning::Castle, 0.3)],
            vec![color, slot(Meaning::Castle, 0.3), slot(side, 0.4)],
            san_order_template(pos, m, square_said),
        ];
    }
    let brief = san_order_template(pos, m, square_said);
    let skip_to = target_skip(square_said);
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    let mut full = vec![
        color,
        slot(Meaning::Piece(role), if role == Role::Pawn { 0.0 } else { PIECE_SKIP }),
        slot(Meaning::From, 0.0),
        slot(Meaning::File(m.from.file()), 0.0),
        slot(Meaning::Rank(m.from.rank()), 0.0),
        slot(Meaning::File(m.to.file()), skip_to),
        slot(Meaning::Rank(m.to.rank()), skip_to),
    ];
    if let Some(captured) = pos.captured_role(m) {
        full.push(slot(Meaning::Takes, 0.0));
        full.push(slot(Meaning::Piece(captured), 0.0));
    }
    if m.is_en_passant() {
        full.push(slot(Meaning::EnPassant, 0.0));
    }
    if let MoveKind::Promotion(r) = m.kind {
        full.push(slot(Meaning::Promote, 0.0));
        full.push(slot(Meaning::Piece(r), 1.2));
    }
    vec![brief, full]
}

/// The SAN-like order: piece, from, takes, to, promotion, en passant.
fn san_order_template(pos: &Position, m: &Move, square_said: bool) -> Vec<Slot> {
    let skip_to = target_skip(square_said);
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    let mut t = vec![
        slot(Meaning::Color(pos.turn()), 0.0),
        slot(Meaning::Piece(role), if role == Role::Pawn { 0.0 } else { PIECE_SKIP }),
        slot(Meaning::From, 0.0),
        slot(Meaning::File(m.from.file()), 0.0),
        slot(Meaning::Rank(m.from.rank()), 0.0),
    ];
    if pos.is_capture(m) {
        t.push(slot(Meaning::Takes, 0.0));
    }
    t.push(slot(Meaning::File(m.to.file()), skip_to));
    t.push(slot(Meaning::Rank(m.to.rank()), skip_to));
    if let MoveKind::Promotion(r) = m.kind {
        t.push(slot(Meaning::Promote, 0.0));
        t.push(slot(Meaning::Piece(r), 1.2));
    }
    if m.is_en_passant() {
        t.push(slot(Meaning::EnPassant, 0.0));
    }
    t
}

/// The cost of an alignment: the total decides the ranking; the noise
/// (sound-alikes and dropped words, not the words left unsaid) decides
/// whether the resolver is sure.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Cost {
    total: f32,
    noise: f32,
}

impl Cost {
    const ZERO: Cost = Cost { total: 0.0, noise: 0.0 };
    const WORST: Cost = Cost { total: f32::INFINITY, noise: f32::INFINITY };
    fn omit(self, c: f32) -> Cost {
        Cost { total: self.total + c, noise: self.noise }
    }
    fn noisy(self, c: f32) -> Cost {
        Cost { total: self.total + c, noise: self.noise + c }
    }
    fn min(self, other: Cost) -> Cost {
        if other.total < self.total { other } else { self }
    }
}

/// Edit-distance alignment of heard words with a template.
fn align(heard: &[Heard], template: &[Slot]) -> Cost {
    let k = template.len();
    let mut prev: Vec<Cost> = Vec::with_capacity(k + 1);
    prev.push(Cost::ZERO);
    for j in 0..k {
        prev.push(prev[j].omit(template[j].skip));
    }
    let mut cur = vec![Cost::ZERO; k + 1];
    for h in heard {
        let drop = h.drop_cost();
        cur[0] = prev[0].noisy(drop);
        for j in 0..k {
            let mut best = prev[j + 1].noisy(drop);
            best = best.min(cur[j].omit(template[j].skip));
            if let Some(c) = h.cost_of(&template[j].want) {
                best = best.min(prev[j].noisy(c));
            }
            cur[j + 1] = best;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[k]
}

/// Each legal move with its cost, cheapest first.
fn ranked(pos: &Position, heard: &[Heard]) -> Vec<(Move, Cost)> {
    let square_said = heard
        .iter()
        .any(|h| h.senses.iter().any(|s| matches!(s.meaning, Meaning::File(_) | Meaning::Rank(_)) && s.cost < 0.5));
    let mut out: Vec<(Move, Cost)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let cost = templates(pos, m, square_said).iter().map(|t| align(heard, t)).fold(Cost::WORST, Cost::min);
            (*m, cost)
        })
        .collect();
    out.sort_by(|a, b| a.1.total.total_cmp(&b.1.total));
    out
}

/// Whether every word was heard clearly (an exact word, or a filler) and
/// together they name a square: then a move that does not fit exactly is
/// refused with the reason, not guessed from sound-alikes.
fn clearly_said(heard: &[Heard]) -> bool {
    let clear = heard.iter().all(|h| h.senses.iter().any(|s| s.cost == 0.0));
    let file = heard.iter().any(|h| h.senses.iter().any(|s| s.cost == 0.0 && matches!(s.meaning, Meaning::File(_))));
    let rank = heard.iter().any(|h| h.senses.iter().any(|s| s.cost == 0.0 && matches!(s.meaning, Meaning::Rank(_))));
    clear && file && rank
}

/// Whether the words say where the move goes (a square, a capture, en passant, castling).
fn says_where(heard: &[Heard]) -> bool {
    heard.iter().any(|h| {
        h.senses.iter().any(|s| {
            matches!(
                s.meaning,
                Meaning::File(_)
                    | Meaning::Rank(_)
                    | Meaning::Takes
                    | Meaning::EnPassant
                    | Meaning::Castle
                    | Meaning::Short
                    | Meaning::Long
            ) && s.cost < 0.5
        })
    })
}

/// Reads answers: every word is yes, no, cancel, a number or a piece.
fn answer_of(heard: &[Heard]) -> Option<Answer> {
    let meaningful: Vec<&Heard> =
        heard.iter().filter(|h| h.senses.is_empty() || h.cost_of(&Meaning::Filler) != Some(0.0)).collect();
    let [h] = meaningful.as_slice() else {
        return None;
    };
    let best = h.senses.iter().min_by(|a, b| a.cost.total_cmp(&b.cost))?;
    for s in h.senses.iter().filter(|s| s.cost <= best.cost) {
        match s.meaning {
            Meaning::Yes => return Some(Answer::Yes),
            Meaning::No => return Some(Answer::No),
            Meaning::Cancel => return Some(Answer::Cancel),
            Meaning::Number(n) if !h.senses.iter().any(|x| matches!(x.meaning, Meaning::File(_))) => {
                return Some(Answer::Number(n));
            }
            _ => {}
        }
    }
    None
}

/// The resolver of one language.
#[derive(Debug, Clone, Copy)]
pub struct Resolver {
    lex: &'static Lexicon,
    /// When to ask before playing.
    pub confirm: Confirm,
    /// The style the questions name moves in.
    pub style: Style,
}

impl Resolver {
    /// A resolver for a language.
    pub fn new(lang: SpeechLang) -> Resolver {
        Resolver { lex: Lexicon::get(lang), confirm: Confirm::default(), style: Style::Brief }
    }

    /// The language data in use.
    pub fn lexicon(&self) -> &'static Lexicon {
        self.lex
    }

    fn question(&self, pos: &Position, choices: Vec<Move>) -> Question {
        let names: Vec<String> = choices.iter().map(|m| say_move(self.lex, pos, m, self.style)).collect();
        let prompt = if names.len() == 1 {
            format!("{}?", names[0])
        } else {
            let items: Vec<String> = names.iter().enumerate().map(|(i, n)| format!("{}: {n}", i + 1)).collect();
            format!("{}?", items.join(", "))
        };
        Question { prompt, choices }
    }

    fn promotion_question(&self, pos: &Position, choices: Vec<Move>) -> Question {
        let mut q = self.question(pos, choices);
        let pieces: Vec<&str> = q.choices.iter().filter_map(|m| m.promotion()).map(|r| self.lex.piece(r, 0)).collect();
        q.prompt = format!("{}?", pieces.join(", "));
        q
    }

    /// Resolves a transcript in a position.
    pub fn resolve(&self, pos: &Position, transcript: &str) -> Intent {
        let text = transcript.trim();
        if text.is_empty() {
            return Intent::Refuse(self.nothing_heard());
        }
        // Typed notation first: "Nf3", "e2-e4", "0-0", "Кf3".
        let mut notation_reason = None;
        if looks_like_move(text, self.lex.lang.notation()) {
            match read_move(pos, text, self.lex.lang.notation()) {
                Ok(m) => return self.decide(pos, m, 0.0),
                Err(ReadMoveError::Illegal { reason, .. }) => notation_reason = Some(reason),
                Err(_) => {}
            }
        }
        if let Some(command) = parse_command(self.lex, text) {
            return match command {
                Ok(c) => Intent::Command(c),
                Err(e) => Intent::Refuse(self.command_error(e)),
            };
        }
        let heard = hear(self.lex, text);
        if let Some(a) = answer_of(&heard) {
            return Intent::Answer(a);
        }
        match (self.resolve_move(pos, &heard), notation_reason) {
            // Written notation the words do not know ("Nf4"): the notation's reason.
            (Intent::Refuse(_), Some(reason)) if heard.iter().all(|h| h.senses.is_empty()) => Intent::Refuse(reason),
            (intent, _) => intent,
        }
    }

    fn command_error(&self, e: CommandError) -> String {
        e.to_string()
    }

    fn nothing_heard(&self) -> String {
        match self.lex.lang {
            SpeechLang::Russian => "Ничего не слышно. Скажите ход, например: конь эф три.".into(),
            SpeechLang::German => "Nichts gehört. Sagen Sie einen Zug, etwa: Springer Felix drei.".into(),
            SpeechLang::English => "I heard nothing. Say a move, like knight f3.".into(),
        }
    }

    fn decide(&self, pos: &Position, m: Move, noise: f32) -> Intent {
        let ask = match self.confirm {
            Confirm::Always => true,
            Confirm::Unsure => noise > SURE,
            Confirm::Never => false,
        };
        if ask { Intent::Ask(self.question(pos, vec![m])) } else { Intent::Move(m) }
    }

    fn resolve_move(&self, pos: &Position, heard: &[Heard]) -> Intent {
        let ranked = ranked(pos, heard);
        let Some(&(best, cost)) = ranked.first() else {
            return Intent::Refuse(explain_refusal(self.lex, pos, heard));
        };
        if cost.total > ACCEPT || (cost.noise > 0.0 && clearly_said(heard)) {
            return Intent::Refuse(explain_refusal(self.lex, pos, heard));
        }
        let close: Vec<Move> =
            ranked.iter().take_while(|(_, c)| c.total < cost.total + MARGIN).map(|(m, _)| *m).collect();
        // A promotion without its piece: ask which piece.
        if close.len() > 1 && close.iter().all(|m| m.promotion().is_some() && m.from == best.from && m.to == best.to) {
            let mut choices = close.clone();
            choices.sort_by_key(|m| Role::PROMOTIONS.iter().position(|r| Some(*r) == m.promotion()));
            return Intent::Ask(self.promotion_question(pos, choices));
        }
        if close.len() == 1 && says_where(heard) {
            return self.decide(pos, best, cost.noise);
        }
        if close.len() > 4 {
            let count = close.len().to_string();
            return Intent::Refuse(self.lex.explain.too_many.replace("{count}", &count));
        }
        Intent::Ask(self.question(pos, close))
    }

    /// Resolves the answer to a question: a number, yes, no, cancel, a
    /// piece for a promotion, or one of the choices said again.
    pub fn resolve_answer(&self, pos: &Position, question: &Question, transcript: &str) -> Intent {
        let heard = hear(self.lex, transcript);
        let pick = |i: usize| question.choices.get(i).copied();
        match answer_of(&heard) {
            Some(Answer::Yes) if question.choices.len() == 1 => {
                return Intent::Move(question.choices[0]);
            }
            Some(Answer::Number(n)) => {
                if let Some(m) = n.checked_sub(1).and_then(|i| pick(i as usize)) {
                    return Intent::Move(m);
                }
            }
            Some(Answer::No) | Some(Answer::Cancel) => return Intent::Answer(Answer::Cancel),
            _ => {}
        }
        // A piece name picks a promotion or the one choice with that piece.
        let roles: Vec<Role> = heard
            .iter()
            .filter_map(|h| {
                h.senses.iter().find_map(|s| match s.meaning {
                    Meaning::Piece(r) if s.cost < 0.3 => Some(r),
                    _ => None,
                })
            })
            .collect();
        if let [role] = roles.as_slice() {
            let fits: Vec<Move> = question
                .choices
                .iter()
                .copied()
                .filter(|m| {
                    m.promotion() == Some(*role) || (m.promotion().is_none() && pos.moving_role(m) == Some(*role))
                })
                .collect();
            if let [m] = fits.as_slice() {
                return Intent::Move(*m);
            }
        }
        // Or the move said again, among the choices.
        match self.resolve(pos, transcript) {
            Intent::Move(m) if question.choices.contains(&m) => Intent::Move(m),
            Intent::Ask(q) if q.choices.len() == 1 && question.choices.contains(&q.choices[0]) => {
                Intent::Move(q.choices[0])
            }
            other => other,
        }
    }
}
