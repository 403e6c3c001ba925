//! The resolver: from a line of input and its channel (typed or heard) to
//! one intent: a move, a question, a refusal, a command or an answer.
//!
//! It plays only what the player said:
//! - Typed text is read literally: notation first (a capital piece letter is
//!   that piece), then commands, then move words, each word as written
//!   (spelling variants from the data files, no sound-alikes). What names
//!   no legal move is refused with the rules core's reason.
//! - Heard text is read the same way, with homophones of the same meaning
//!   ("night" for knight). A move is played without a question only when
//!   the words fit it exactly and no other legal move comes close (one
//!   likely mishearing away, by the cost model of the data files). Anything
//!   else that fits only by sound is a question naming the move in words.
//! - Ambiguous words or SAN ask with exactly the candidates; an illegal
//!   castle is refused with its reason, never offered as the other one.

use super::command::{Command, parse_command, short_command};
use super::hear::{Heard, hear, words_of};
use super::intent::{Answer, Channel, Confirm, Intent, MAX_TEXT_CHARS, Question, QuestionKind, Refusal};
use super::lang::{SpeechLang, Style};
use super::lexicon::{Lexicon, Meaning};
use super::move_words::{HOMOPHONE, Reading, requests};

use crate::notation::read::looks_like_move;
use crate::notation::{ReadMoveError, read_move};
use crate::rules::{Color, IllegalReason, Move, MoveKind, MoveRequest, Position, Rank, Role, Square, diagnose};

/// The dearest alignment at which a move that fits only by sound is offered
/// in a question.
const ACCEPT: f32 = 1.25;
/// Moves within this much of the best are offered together.
const MARGIN: f32 = 0.5;
/// Another legal move this close to the heard words is one likely
/// mishearing away (a rhyming letter, a dropped piece name): an exact fit
/// is then confirmed before it is played.
const CLOSE: f32 = 0.75;
/// How far below the best (in vosk's alternative scores, log-likelihood
/// units) another alternative still counts as a rival reading. vosk keeps
/// alternatives within its lattice beam (2.0 for the small models), so
/// every alternative it gives is a rival.
const ALTERNATIVE_BEAM: f32 = 8.0;

/// Leaving out the piece name: "f3" for a knight move. Dearer than the
/// margin, so "e5" with no piece named is the pawn, as in SAN.
const PIECE_SKIP: f32 = 0.6;

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
    // With particles after the words (Korean): "나이트 지 일에서 에프 삼으로,
    // 폰을 잡음", "퀸으로 승진".
    let mut particles = vec![
        color,
        slot(Meaning::Piece(role), if role == Role::Pawn { 0.0 } else { PIECE_SKIP }),
        slot(Meaning::File(m.from.file()), 0.0),
        slot(Meaning::Rank(m.from.rank()), 0.0),
        slot(Meaning::From, 0.0),
        slot(Meaning::File(m.to.file()), skip_to),
        slot(Meaning::Rank(m.to.rank()), skip_to),
    ];
    if let Some(captured) = pos.captured_role(m) {
        particles.push(slot(Meaning::Piece(captured), 0.0));
        particles.push(slot(Meaning::Takes, 0.0));
    }
    if m.is_en_passant() {
        particles.push(slot(Meaning::EnPassant, 0.0));
    }
    if let MoveKind::Promotion(r) = m.kind {
        particles.push(slot(Meaning::Piece(r), 1.2));
        particles.push(slot(Meaning::Promote, 0.0));
    }
    vec![brief, full, particles]
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

/// Edit-distance alignment of heard words with a template: the cost of
/// the cheapest way to read the words as the template (sound-alikes,
/// dropped words and slots left unsaid each add their cost).
fn align(heard: &[Heard], template: &[Slot]) -> f32 {
    let k = template.len();
    let mut prev: Vec<f32> = Vec::with_capacity(k + 1);
    prev.push(0.0);
    for j in 0..k {
        prev.push(prev[j] + template[j].skip);
    }
    let mut cur = vec![0.0; k + 1];
    for h in heard {
        let drop = h.drop_cost();
        cur[0] = prev[0] + drop;
        for j in 0..k {
            let mut best = (prev[j + 1] + drop).min(cur[j] + template[j].skip);
            if let Some(c) = h.cost_of(&template[j].want) {
                best = best.min(prev[j] + c);
            }
            cur[j + 1] = best;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[k]
}

/// Each legal move with its cost, cheapest first.
fn ranked(pos: &Position, heard: &[Heard]) -> Vec<(Move, f32)> {
    let square_said = heard
        .iter()
        .any(|h| h.senses.iter().any(|s| matches!(s.meaning, Meaning::File(_) | Meaning::Rank(_)) && s.cost < 0.5));
    let mut out: Vec<(Move, f32)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let cost = templates(pos, m, square_said).iter().map(|t| align(heard, t)).fold(f32::INFINITY, f32::min);
            (*m, cost)
        })
        .collect();
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
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

/// Candidates found for some words.
struct Found {
    exact: Vec<Move>,
    promotions: Vec<Move>,
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

    /// A question naming the moves: one to confirm, or several by number.
    fn question(&self, pos: &Position, choices: Vec<Move>) -> Question {
        Question::moves(*pos, choices)
    }

    /// "No bishop can reach b4. Did you mean bishop d4? Say yes or no."
    fn did_you_mean(&self, pos: &Position, reason: IllegalReason, m: Move) -> Question {
        Question { reason: Some(reason), ..Question::moves(*pos, vec![m]) }
    }

    fn promotion_question(&self, pos: &Position, mut choices: Vec<Move>) -> Question {
        choices.sort_by_key(|m| Role::PROMOTIONS.iter().position(|r| Some(*r) == m.promotion()));
        Question { kind: QuestionKind::Promotion, ..Question::moves(*pos, choices) }
    }

    /// Resolves a line of input in a position.
    pub fn resolve(&self, pos: &Position, text: &str, channel: Channel) -> Intent {
        let text = text.trim();
        if text.is_empty() {
            return Intent::Refuse(Refusal::NothingHeard);
        }
        if text.chars().nth(MAX_TEXT_CHARS).is_some() {
            return Intent::Refuse(Refusal::TooLong);
        }
        // lichess's blind-mode short commands, typed ("p N", "s a", "c", "l").
        let notation = self.lex.lang.notation();
        if channel == Channel::Typed
            && let Some(c) = short_command(notation, text)
        {
            return Intent::Command(c);
        }
        // "chat TEXT": the text as typed.
        if let Some(line) = super::command::chat_line(self.lex, text) {
            return Intent::Command(Command::Chat(Some(line)));
        }
        // Notation first: "Nf3", "e2-e4", "0-0", "Сc4", read as written.
        if looks_like_move(text, notation) {
            match read_move(pos, text, notation) {
                Ok(m) => {
                    // Heard text that is also words ("e4" is "e" and "4") may
                    // be a mishearing like any words; notation such as "Nf3"
                    // is no recognizer's guess and counts as written.
                    let heard = hear(self.lex, text);
                    let as_words = channel == Channel::Heard && heard.iter().all(|h| !h.senses.is_empty());
                    return self.decide(pos, m, as_words.then_some(heard.as_slice()));
                }
                Err(ReadMoveError::Illegal { reason, request, .. }) => {
                    return self.refuse(pos, reason, &request, &hear(self.lex, text), channel);
                }
                Err(ReadMoveError::Ambiguous { moves, .. }) => return Intent::Ask(self.question(pos, moves)),
                Err(ReadMoveError::PromotionNeeded { from, square, .. }) => {
                    let choices =
                        pos.legal_moves().iter().filter(|m| m.from == from && m.to == square).copied().collect();
                    return Intent::Ask(self.promotion_question(pos, choices));
                }
                Err(ReadMoveError::PieceLetterAsFile { .. }) => {
                    return Intent::Refuse(Refusal::NotUnderstood(text.to_string()));
                }
                Err(ReadMoveError::Empty | ReadMoveError::Unreadable { .. }) => {}
            }
        }
        if let Some(command) = parse_command(self.lex, text) {
            return match command {
                Ok(c) => Intent::Command(c),
                Err(e) => Intent::Refuse(Refusal::Command(e)),
            };
        }
        let heard = hear(self.lex, text);
        if let Some(a) = answer_of(&heard) {
            return Intent::Answer(a);
        }
        self.resolve_words(pos, &heard, channel)
    }

    /// Resolves what a recognizer heard, given as its alternatives (best
    /// first, with their scores). The best alternative decides, except:
    /// - when it names a move and another alternative within
    ///   [`ALTERNATIVE_BEAM`] names a different legal move exactly, the
    ///   recognizer was unsure which: the moves are asked about;
    /// - when it names no move (not understood, or not legal) and a lower
    ///   alternative names a legal move exactly, that move is asked about,
    ///   never played.
    pub fn resolve_heard(&self, pos: &Position, alternatives: &[(String, f32)]) -> Intent {
        let alternatives: Vec<&(String, f32)> = alternatives.iter().filter(|(t, _)| !t.trim().is_empty()).collect();
        let Some(((best_text, best_score), rest)) = alternatives.split_first().map(|(b, r)| ((&b.0, b.1), r)) else {
            return Intent::Refuse(Refusal::NothingHeard);
        };
        let best = self.resolve(pos, best_text, Channel::Heard);
        // Every move a close alternative names counts as a rival: one it
        // would play, and each one it would ask about.
        let close_moves = || -> Vec<Move> {
            rest.iter()
                .filter(|(_, score)| best_score - score <= ALTERNATIVE_BEAM)
                .flat_map(|(text, _)| match self.resolve(pos, text, Channel::Heard) {
                    Intent::Move(m) => vec![m],
                    Intent::Ask(q) => q.choices,
                    _ => Vec::new(),
                })
                .collect()
        };
        let with_rivals = |first: Vec<Move>| -> Vec<Move> {
            let mut choices = first;
            for other in close_moves() {
                if !choices.contains(&other) {
                    choices.push(other);
                }
            }
            choices.truncate(4);
            choices
        };
        match best {
            Intent::Move(m) => {
                let choices = with_rivals(vec![m]);
                if choices.len() == 1 { Intent::Move(m) } else { Intent::Ask(self.question(pos, choices)) }
            }
            // A plain question (no illegal move behind it) also offers the
            // moves the close alternatives name.
            Intent::Ask(q) if q.reason.is_none() => {
                let choices = with_rivals(q.choices.clone());
                if choices == q.choices { Intent::Ask(q) } else { Intent::Ask(self.question(pos, choices)) }
            }
            Intent::Refuse(_) => match close_moves().first() {
                Some(m) => Intent::Ask(self.question(pos, vec![*m])),
                None => best,
            },
            other => other,
        }
    }

    /// The same intent, but a move it would play is asked about instead
    /// (heard words that may be the rest of others: `Play::resolve_heard`).
    pub(crate) fn doubted(&self, pos: &Position, intent: Intent) -> Intent {
        match intent {
            Intent::Move(m) => Intent::Ask(self.question(pos, vec![m])),
            other => other,
        }
    }

    /// Plays a move the input named exactly, unless the confirmation
    /// setting or a close rival (for heard input) asks first.
    fn decide(&self, pos: &Position, m: Move, heard: Option<&[Heard]>) -> Intent {
        let ask = match self.confirm {
            Confirm::Always => true,
            Confirm::Never => false,
            Confirm::Unsure => heard.is_some_and(|h| {
                self.lex.heard_always_asks || ranked(pos, h).iter().any(|(o, c)| *o != m && *c <= CLOSE)
            }),
        };
        if ask { Intent::Ask(self.question(pos, vec![m])) } else { Intent::Move(m) }
    }

    fn found(pos: &Position, requests: &[(MoveRequest, Option<Color>)]) -> Found {
        let mut f = Found { exact: Vec::new(), promotions: Vec::new() };
        for (request, color) in requests {
            if color.is_some_and(|c| c != pos.turn()) {
                continue;
            }
            let (exact, promotions) = request.candidates(pos);
            for m in exact {
                if !f.exact.contains(&m) {
                    f.exact.push(m);
                }
            }
            for m in promotions {
                if !f.promotions.contains(&m) {
                    f.promotions.push(m);
                }
            }
        }
        f
    }

    fn resolve_words(&self, pos: &Position, heard: &[Heard], channel: Channel) -> Intent {
        let reading = if channel == Channel::Typed { Reading::Exact } else { Reading::Homophone };
        let parsed = requests(heard, reading);
        if parsed.is_empty() {
            return match channel {
                Channel::Typed => Intent::Refuse(self.not_understood(heard)),
                Channel::Heard => self.by_sound(pos, heard, None),
            };
        }
        let found = Self::found(pos, &parsed);
        match found.exact.as_slice() {
            [m] => return self.decide(pos, *m, (channel == Channel::Heard).then_some(heard)),
            [] => {}
            many if many.len() <= 4 || channel == Channel::Typed => {
                return Intent::Ask(self.question(pos, found.exact));
            }
            many => return Intent::Refuse(Refusal::TooMany(many.len())),
        }
        if let Some(first) = found.promotions.first() {
            if found.promotions.iter().all(|m| m.from == first.from && m.to == first.to) {
                return Intent::Ask(self.promotion_question(pos, found.promotions));
            }
            let queens: Vec<Move> =
                found.promotions.iter().filter(|m| m.promotion() == Some(Role::Queen)).copied().collect();
            return Intent::Ask(self.question(pos, queens));
        }
        let (request, color) = parsed[0];
        let reason = match color {
            Some(c) if c != pos.turn() => IllegalReason::NotYourTurn { side: pos.turn() },
            _ => diagnose(pos, &request),
        };
        self.refuse(pos, reason, &request, heard, channel)
    }

    /// A refusal with its reason; for heard input, with a question about
    /// the one legal move that sounds like what was said, if there is one.
    fn refuse(
        &self,
        pos: &Position,
        reason: IllegalReason,
        request: &MoveRequest,
        heard: &[Heard],
        channel: Channel,
    ) -> Intent {
        if channel == Channel::Heard && !matches!(request, MoveRequest::Castle(_)) {
            return self.by_sound(pos, heard, Some(reason));
        }
        Intent::Refuse(Refusal::Illegal(reason))
    }

    /// Heard words that fit no move exactly: the moves they sound like are
    /// asked about, never played.
    fn by_sound(&self, pos: &Position, heard: &[Heard], reason: Option<IllegalReason>) -> Intent {
        let ranked = ranked(pos, heard);
        let refusal = || match reason {
            Some(r) => Refusal::Illegal(r),
            None => self.likeliest_refusal(pos, heard),
        };
        let Some(&(best, cost)) = ranked.first().filter(|(_, c)| *c <= ACCEPT) else {
            return Intent::Refuse(refusal());
        };
        let close: Vec<Move> = ranked.iter().take_while(|(_, c)| *c < cost + MARGIN).map(|(m, _)| *m).collect();
        if let Some(r) = reason {
            return match close.as_slice() {
                [m] => Intent::Ask(self.did_you_mean(pos, r, *m)),
                several if several.len() <= 4 => Intent::Ask(Question { reason: Some(r), ..self.question(pos, close) }),
                _ => Intent::Refuse(Refusal::Illegal(r)),
            };
        }
        // A promotion without its piece: ask which piece.
        if close.len() > 1 && close.iter().all(|m| m.promotion().is_some() && m.from == best.from && m.to == best.to) {
            return Intent::Ask(self.promotion_question(pos, close));
        }
        if close.len() > 4 {
            return Intent::Refuse(Refusal::TooMany(close.len()));
        }
        Intent::Ask(self.question(pos, close))
    }

    /// Why nothing fits, read from each word's likeliest meaning; or "not
    /// understood" when the words do not say a move at all.
    fn likeliest_refusal(&self, pos: &Position, heard: &[Heard]) -> Refusal {
        let parsed = requests(heard, Reading::Likeliest);
        match parsed.first() {
            Some((request, color)) if Self::found(pos, &parsed).exact.is_empty() => match color {
                Some(c) if *c != pos.turn() => Refusal::Illegal(IllegalReason::NotYourTurn { side: pos.turn() }),
                _ => Refusal::Illegal(diagnose(pos, request)),
            },
            _ => self.not_understood(heard),
        }
    }

    fn not_understood(&self, heard: &[Heard]) -> Refusal {
        let text: Vec<&str> = heard.iter().map(|h| h.text.as_str()).collect();
        Refusal::NotUnderstood(text.join(" "))
    }

    /// Whether a heard number answer is the word the questions number
    /// choices with (always, in a language that numbers them by digits).
    fn numbered_by_word(&self, transcript: &str, n: u32) -> bool {
        let words = &self.lex.questions.numbers;
        words.is_empty()
            || n.checked_sub(1)
                .and_then(|i| words.get(i as usize))
                .is_some_and(|w| words_of(transcript).iter().any(|t| t == &w.to_lowercase()))
    }

    /// The one choice of several a typed answer fits: for a promotion, the piece's
    /// letter in the session's notation or English, in any case ("N",
    /// "q"); for moves, the square, file or rank the piece stands on
    /// ("b1", "b", "1"), or the piece's letter.
    fn typed_pick(&self, pos: &Position, question: &Question, text: &str) -> Option<Move> {
        let notation = self.lex.lang.notation();
        let role = || {
            notation
                .piece_named(text)
                .or_else(|| crate::notation::NotationLang::English.piece_named(text))
                .map(|(r, _)| r)
        };
        let one = |fits: &dyn Fn(&Move) -> bool| -> Option<Move> {
            let found: Vec<Move> = question.choices.iter().copied().filter(|m| fits(m)).collect();
            if let [m] = found.as_slice() { Some(*m) } else { None }
        };
        // A question about one move is answered by yes or no (or the move
        // again): a letter never confirms it.
        if question.choices.len() < 2 {
            return None;
        }
        if question.kind == QuestionKind::Promotion {
            let role = role()?;
            return one(&|m| m.promotion() == Some(role));
        }
        let chars: Vec<char> = text.chars().collect();
        let file = |c: char| crate::notation::chars::file_of(c).map(|(f, _)| f);
        let small_file = |c: char| crate::notation::chars::file_of(c).filter(|(_, exact)| *exact).map(|(f, _)| f);
        match chars.as_slice() {
            [f, r] if file(*f).is_some() && Rank::from_char(*r).is_some() => {
                let sq = Square::from_coords(file(*f)?, Rank::from_char(*r)?);
                one(&|m| m.from == sq)
            }
            [c] if small_file(*c).is_some() => {
                let f = small_file(*c)?;
                one(&|m| m.from.file() == f)
            }
            [c] if Rank::from_char(*c).is_some() => {
                let r = Rank::from_char(*c)?;
                one(&|m| m.from.rank() == r)
            }
            _ => {
                let role = role()?;
                one(&|m| pos.moving_role(m) == Some(role))
            }
        }
    }

    /// The answer to `question` heard, read from the best alternative
    /// (`clean`, best first); when that answers nothing, a lower one may
    /// cancel or ask again, but never plays the move (a yes found only
    /// below the best is no yes). None: nothing was heard.
    pub fn resolve_heard_answer(&self, pos: &Position, question: &Question, clean: &[(String, f32)]) -> Option<Intent> {
        let answers = clean.iter().map(|(t, _)| self.resolve_answer(pos, question, t, Channel::Heard));
        let mut answers = answers.collect::<Vec<_>>().into_iter();
        let first = answers.next();
        let rest: Vec<Intent> = answers.collect();
        let useful = |i: &Intent| !matches!(i, Intent::Refuse(_));
        let safe_below = |i: &Intent| useful(i) && !matches!(i, Intent::Move(_));
        // An answer that plays a move is taken only when no other
        // alternative answers differently (another choice, or no). An
        // alternative that answers nothing here (a number with no such
        // choice: measured live, "네" comes with "넷" as its alternative
        // more often than not) is no doubt.
        let doubted = |m: &Move| {
            rest.iter().any(|i| match i {
                Intent::Move(other) => other != m,
                Intent::Answer(a) => matches!(a, Answer::No | Answer::Cancel),
                _ => false,
            })
        };
        match first {
            Some(Intent::Move(m)) if doubted(&m) => Some(Intent::Ask(question.clone())),
            first => first.clone().filter(useful).or_else(|| rest.iter().find(|i| safe_below(i)).cloned()).or(first),
        }
    }

    /// Resolves the answer to a question: a number, yes, no, cancel, a
    /// piece for a promotion, typed letters of the piece meant, or one of
    /// the choices said again.
    pub fn resolve_answer(&self, pos: &Position, question: &Question, transcript: &str, channel: Channel) -> Intent {
        if transcript.chars().nth(MAX_TEXT_CHARS).is_some() {
            return Intent::Refuse(Refusal::TooLong);
        }
        let heard = hear(self.lex, transcript);
        let pick = |i: usize| question.choices.get(i).copied();
        match answer_of(&heard) {
            Some(Answer::Yes) if question.choices.len() == 1 => {
                return Intent::Move(question.choices[0]);
            }
            // Where the question numbers its choices with words (Korean
            // 하나, 둘), a heard number is only such a word: measured live,
            // "에프 사" (f4) heard as "사" picked choice four, b4.
            Some(Answer::Number(n)) if channel == Channel::Heard && !self.numbered_by_word(transcript, n) => {}
            Some(Answer::Number(n)) => {
                if let Some(m) = n.checked_sub(1).and_then(|i| pick(i as usize)) {
                    return Intent::Move(m);
                }
            }
            Some(Answer::No) | Some(Answer::Cancel) => return Intent::Answer(Answer::Cancel),
            _ => {}
        }
        // Typed: a piece letter, or the file, rank or square of the piece
        // meant, picks the one choice it fits.
        if channel == Channel::Typed
            && let Some(m) = self.typed_pick(pos, question, transcript.trim())
        {
            return Intent::Move(m);
        }
        // A piece name alone picks a promotion or the one choice with that
        // piece; a piece said with squares is a move, read below (measured
        // live: "비숍 지 오", a bishop to g5 misheard, once picked the
        // offered bishop c5).
        let meaningful = heard.iter().filter(|h| h.cost_of(&Meaning::Filler) != Some(0.0)).count();
        let roles: Vec<Role> = heard
            .iter()
            .filter_map(|h| {
                h.senses.iter().find_map(|s| match s.meaning {
                    Meaning::Piece(r) if s.cost <= HOMOPHONE => Some(r),
                    _ => None,
                })
            })
            .collect();
        // A question about one move is answered by voice only with yes or
        // no: measured live, a spoken 네 heard as "비숍" once confirmed the
        // offered bishop c5.
        let confirm_by_voice = channel == Channel::Heard && question.choices.len() == 1;
        if let [role] = roles.as_slice()
            && meaningful == 1
            && !confirm_by_voice
        {
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
        // Or the move said again, among the choices: typed, or heard
        // exactly. A heard move that would itself be asked about (it fits
        // only by sound, or the language confirms every heard move) does
        // not answer the question: it is asked again.
        match self.resolve(pos, transcript, channel) {
            Intent::Move(m) if question.choices.contains(&m) => Intent::Move(m),
            Intent::Ask(q)
                if channel == Channel::Typed
                    && q.reason.is_none()
                    && q.choices.len() == 1
                    && question.choices.contains(&q.choices[0]) =>
            {
                Intent::Move(q.choices[0])
            }
            other => other,
        }
    }
}
