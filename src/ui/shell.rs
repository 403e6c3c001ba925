//! The shell both play and review hold: what they share of a session
//! around their own work. It says lines (and remembers the last for
//! `repeat`), cleans and resolves input, maps keys to commands, flips the
//! board, gives help and the prompt, cuts speech short, quits, switches
//! voice input, and queues the work asked of the effects layer. The
//! [`Front`] trait is a game's or a review's side of a mode: the modes
//! (`modes::game`, `modes::review`, watching) run their fronts through it.
//!
//! May use: the base types (`output`, `input`, `effect`), the words
//! (`words`, `walk`), and every layer below the front end.

use super::effect::{Effect, Report};
use super::input::{BoardKey, Typed, clean_heard, clean_typed};
use super::output::{Glance, Line, Urgency, clean};
use super::walk::Walker;
use super::words::{Fixed, Narrator};
use crate::config::Settings;
use crate::game::OpponentAct;
use crate::rules::{Color, Position, Square};
use crate::speech::{Channel, Command, Intent, Lexicon, Resolver};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a key asks for.
pub(crate) enum KeyAction {
    /// A command, as if typed.
    Command(Command),
    /// A key of the board walk.
    Walk(BoardKey),
    /// Done by the front itself.
    Done,
}

/// A line with its words passed through the output filter.
fn cleaned(l: Line) -> Line {
    Line { text: clean(&l.text), spoken: l.spoken.map(|s| clean(&s)), ..l }
}

/// The shared part of a game and a review.
pub(crate) struct Shell {
    /// The session's words.
    pub(crate) words: Narrator,
    /// The language data in use.
    pub(crate) lex: &'static Lexicon,
    /// What the player means by a line.
    pub(crate) resolver: Resolver,
    /// The board walk (and the side the board is read from).
    pub(crate) walker: Walker,
    /// Voice input's switch, when it runs.
    pub(crate) listening: Option<Arc<AtomicBool>>,
    last_said: Line,
    out: Vec<Line>,
    effects: Vec<Effect>,
    silence: bool,
    quit: bool,
    /// A Braille view asked for, for the screen to show.
    braille: Option<crate::speech::BrailleView>,
}

impl Shell {
    /// A shell in the settings' language and style; the board is read
    /// from `side`'s side.
    pub(crate) fn new(settings: &Settings, side: Color) -> Shell {
        let lex = Lexicon::get(settings.lang);
        let mut resolver = Resolver::new(settings.lang);
        resolver.confirm = settings.confirm;
        resolver.style = settings.style;
        Shell {
            words: Narrator::new(lex, settings.style),
            lex,
            resolver,
            walker: Walker::new(side),
            listening: None,
            last_said: Line::info(String::new()),
            out: Vec::new(),
            effects: Vec::new(),
            silence: false,
            quit: false,
            braille: None,
        }
    }

    /// Says a line. News (a move, an urgent line) becomes what `repeat`
    /// says again; information does so only when nothing else was said.
    pub(crate) fn say(&mut self, line: impl Into<Line>, urgency: Urgency) {
        let line = cleaned(Line { urgency, ..line.into() });
        if line.text.is_empty() {
            return;
        }
        // A notice (chat lines arrived) is no news to repeat either.
        if !matches!(urgency, Urgency::Info | Urgency::Notice | Urgency::Greeting) || self.last_said.text.is_empty() {
            self.last_said = line.clone();
        }
        self.out.push(line);
    }

    /// Says a line that `repeat` says again, whatever it is (a review's
    /// answers are all of one kind).
    pub(crate) fn tell(&mut self, line: impl Into<Line>) {
        let line = cleaned(Line { urgency: Urgency::Info, ..line.into() });
        if !line.text.is_empty() {
            self.last_said.clone_from(&line);
            self.out.push(line);
        }
    }

    /// Says lines made by the words layer.
    pub(crate) fn say_lines(&mut self, lines: Vec<Line>) {
        for l in lines {
            let urgency = l.urgency;
            self.say(l, urgency);
        }
    }

    /// Says the answer to a board question: a readout is not what
    /// `repeat` says again; a short answer is, when nothing else was said.
    pub(crate) fn answer(&mut self, lines: Vec<Line>) {
        for l in lines {
            if l.urgency == Urgency::Readout || l.spoken.as_deref() == Some("") {
                self.show([l]);
            } else {
                let urgency = l.urgency;
                self.say(l, urgency);
            }
        }
    }

    /// Says lines that `repeat` never says again (a refusal, a file
    /// result: the news before them stays the one repeated).
    pub(crate) fn show(&mut self, lines: impl IntoIterator<Item = Line>) {
        for l in lines {
            self.out.push(cleaned(l));
        }
    }

    /// Says the last news again.
    pub(crate) fn repeat(&mut self) {
        let last = self.last_said.clone();
        self.say(last, Urgency::Move);
    }

    /// Reads the board from the other side, and says so.
    pub(crate) fn flip(&mut self) {
        self.walker.flipped = !self.walker.flipped;
        let text = self.words.board_from(self.walker.flipped);
        self.say(text, Urgency::Info);
    }

    /// The keys of the board mode.
    pub(crate) fn key_help(&mut self) {
        let keys = self.words.board_keys();
        self.show(keys);
    }

    /// Switches voice input on or off ("listen", "stop listening"), or
    /// says that it does not run; `Some(on)` is the Tab key's switch
    /// already made.
    pub(crate) fn voice_switch(&mut self, on: Option<bool>, asked: Option<bool>) {
        let said = match (&self.listening, asked, on) {
            (Some(flag), Some(want), _) => {
                flag.store(want, Ordering::Relaxed);
                if want { Fixed::Listening } else { Fixed::NotListening }
            }
            (Some(_), None, Some(true)) => Fixed::Listening,
            (Some(_), None, Some(false)) => Fixed::NotListening,
            _ => Fixed::VoiceOff,
        };
        let text = self.words.fixed(said);
        self.say(text, Urgency::Info);
    }

    /// A typed line, cleaned; too long or empty lines are answered here.
    pub(crate) fn typed(&mut self, text: &str) -> Option<String> {
        match clean_typed(text) {
            Typed::Words(w) => Some(w),
            Typed::TooLong => {
                let text = self.words.fixed(Fixed::TooLong);
                self.say(text, Urgency::Urgent);
                None
            }
            Typed::Empty => {
                let text = self.words.fixed(Fixed::Empty);
                self.say(text, Urgency::Info);
                None
            }
        }
    }

    /// The prompt about `pos` ("12. White>"), or the game-over prompt.
    pub(crate) fn prompt(&self, pos: &Position, over: bool) -> String {
        self.words.prompt(pos, over)
    }

    /// Speech should be cut short ("stop", any key).
    pub(crate) fn silence(&mut self) {
        self.silence = true;
    }

    /// The player leaves.
    pub(crate) fn quit(&mut self) {
        self.quit = true;
    }

    /// Asks the effects layer for work.
    pub(crate) fn request(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// The work asked for since the last call.
    pub(crate) fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// Lines produced since the last call.
    pub(crate) fn take_output(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.out)
    }

    /// Whether speech should be cut short (taken once).
    pub(crate) fn take_silence(&mut self) -> bool {
        std::mem::take(&mut self.silence)
    }

    /// Whether the player asked to leave.
    /// Asks for a view of the Braille display (the screen shows it, or
    /// says there is no display).
    pub(crate) fn braille_view(&mut self, view: crate::speech::BrailleView) {
        self.braille = Some(view);
    }

    /// The Braille view asked for since the last call.
    pub(crate) fn take_braille_view(&mut self) -> Option<crate::speech::BrailleView> {
        self.braille.take()
    }

    pub(crate) fn wants_quit(&self) -> bool {
        self.quit
    }

    /// A key of the board walk about `pos`, read from `own`'s side:
    /// walked twice from the same place, the row written, the words said.
    pub(crate) fn walk(&mut self, pos: &Position, own: Color, k: BoardKey) {
        let mut walked = self.walker;
        let row = walked.key(Lexicon::written(self.lex.lang), pos, own, k);
        if let (Some(row), Some(words)) = (row, self.walker.key(self.lex, pos, own, k)) {
            let list = matches!(k, BoardKey::Moves | BoardKey::File | BoardKey::Ray(..));
            self.say(Line { list, ..Line::written(row, words, Urgency::Move) }, Urgency::Move);
        }
    }
}

/// What a finger on a square (a routing key, a board key) leaves to the
/// front once the shell has said what it did with the piece in hand.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Touched {
    /// A piece picked up, or put back: the piece now in hand.
    Held(Option<Square>),
    /// The piece in hand goes there: the move its two squares make, read
    /// as if typed ("g1f3"), and the piece in hand after it (still the
    /// same when the move is refused, with its reason).
    Move {
        /// What the two squares mean.
        intent: Intent,
        /// The piece in hand now.
        held: Option<Square>,
    },
    /// Nothing in hand and nothing to pick up: what stands there.
    Look(Square),
}

impl Shell {
    /// A finger on `sq` in `pos`, with `held` in hand, when `mover` may
    /// move (None: nothing may be picked up now, as after the end or
    /// while looking back): one of `mover`'s pieces is picked up (or put
    /// back, touched again), which is said here; the rest is the front's.
    pub(crate) fn touch(&mut self, pos: &Position, held: Option<Square>, sq: Square, mover: Option<Color>) -> Touched {
        let mine = |s: Square| pos.piece_at(s).filter(|p| mover == Some(p.color));
        let held = held.filter(|h| mine(*h).is_some());
        match (held, mine(sq)) {
            (Some(from), Some(piece)) if from == sq => {
                let line = self.words.put_back(piece, sq);
                self.say(line, Urgency::Readout);
                Touched::Held(None)
            }
            (_, Some(piece)) => {
                let line = self.words.in_hand(piece, sq);
                self.say(line, Urgency::Readout);
                Touched::Held(Some(sq))
            }
            (Some(from), None) => {
                let intent = self.resolver.resolve(pos, &format!("{from}{sq}"), Channel::Typed);
                let held = matches!(intent, Intent::Refuse(_)).then_some(from);
                Touched::Move { intent, held }
            }
            (None, None) => Touched::Look(sq),
        }
    }
}

/// What a key means in every front: stepping, the last move, the clock,
/// silence, help, push-to-talk; the rest walks the board.
pub(crate) fn key_action(key: BoardKey) -> KeyAction {
    KeyAction::Command(match key {
        BoardKey::Back => Command::LookBack,
        BoardKey::Forward => Command::LookForward,
        BoardKey::First => Command::GoStart,
        BoardKey::Last => Command::LookLive,
        BoardKey::LastMove => Command::LastMove,
        BoardKey::Time => Command::Time,
        BoardKey::Silence | BoardKey::Stop => Command::Silence,
        // A finger on a square: what stands there.
        BoardKey::Touch(sq) => Command::Square(sq),
        other => return KeyAction::Walk(other),
    })
}

/// What the session loop runs: a game, or a review. Both hold a
/// [`Shell`]; the provided methods are the same for both.
pub(crate) trait Front {
    /// The shell.
    fn shell(&mut self) -> &mut Shell;
    /// The shell, to read.
    fn shell_ref(&self) -> &Shell;
    /// Opening lines.
    fn greet(&mut self, now: u64);
    /// What a cleaned typed line means here.
    fn resolve(&self, text: &str, channel: Channel) -> Intent;
    /// What the recognizer's alternatives (cleaned, best first) mean here.
    fn resolve_heard(&mut self, alternatives: &[(String, f32)], now: u64) -> Intent;
    /// Does what was meant.
    fn carry_out(&mut self, intent: Intent, channel: Channel, now: u64);
    /// A key: `Some` when this front handles it itself, else the shared map.
    fn own_key(&mut self, _key: BoardKey, _now: u64) -> Option<KeyAction> {
        None
    }
    /// The position the board walk reads, and the side jumped to first.
    fn walk_view(&self, now: u64) -> (Position, Color);
    /// Work done outside reported back.
    fn report(&mut self, report: Report, now: u64);
    /// What the opponent did (a game only).
    fn opponent(&mut self, _act: OpponentAct, _now: u64) {}
    /// When the front needs the loop again without input (ms).
    fn next_wake(&self) -> Option<u64> {
        None
    }
    /// That time has come.
    fn on_timer(&mut self, _now: u64) {}
    /// The prompt.
    fn prompt(&self) -> String;
    /// What a Braille display shows of this front now.
    fn glance(&self, now: u64) -> Glance;
    /// Work runs that the end of input should wait for.
    fn busy(&self) -> bool;
    /// Input ended (what is said about it).
    fn handle_eof(&mut self) {}
    /// The player leaves: the last words (and what is kept).
    fn leave(&mut self, now: u64);

    /// A typed or spoken line.
    fn handle_line(&mut self, text: &str, channel: Channel, now: u64) {
        let Some(text) = self.shell().typed(text) else { return };
        let intent = self.resolve(&text, channel);
        self.carry_out(intent, channel, now);
    }

    /// What the recognizer heard, best first.
    fn handle_heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let clean = clean_heard(alternatives);
        let intent = self.resolve_heard(&clean, now);
        self.carry_out(intent, Channel::Heard, now);
    }

    /// A key of the terminal (or a display).
    fn key(&mut self, key: BoardKey, now: u64) {
        let action = match self.own_key(key, now) {
            Some(a) => a,
            None => match key {
                BoardKey::Help => return self.shell().key_help(),
                BoardKey::Talk(on) => return self.shell().voice_switch(on, None),
                other => key_action(other),
            },
        };
        match action {
            KeyAction::Done => {}
            KeyAction::Command(c) => self.carry_out(Intent::Command(c), Channel::Typed, now),
            KeyAction::Walk(k) => {
                let (pos, own) = self.walk_view(now);
                self.shell().walk(&pos, own, k);
            }
        }
    }
}
