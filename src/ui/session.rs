//! The session: one loop runs the modes the player is in, a stack of
//! them (the lobby, with a game on top of it; a game with its study; a
//! review; next a puzzle, a drill, watching). The top mode takes typed
//! lines, what the recognizer heard, keys and its own news (the
//! opponent's acts, the analysis, the lobby's news) from one channel; the
//! loop wakes for its clock when it is due (no polling), has it do the
//! work asked for, and hands every line to the screen and the voice. A
//! mode may enter another on top of it; when that one is left (`quit`),
//! the one below goes on. Input that ends, or a signal, ends them all.
//!
//! A mode is one type implementing [`Mode`]: nothing here knows which
//! modes there are.
//!
//! May use: play, review, effects and everything below them.

use super::input::{BoardKey, BrailleNews, Msg};
use super::output::{Glance, Line};
use super::sink::{Screen, Voice, show_and_say};
use super::words::Fixed;
use super::words::Narrator;
use crate::clock::{Monotonic, TimeSource};
use crate::speech::Channel;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A mode the player is in: what the session loop asks of it.
pub(crate) trait Mode {
    /// Opening lines.
    fn greet(&mut self, now: u64);
    /// A line typed or said.
    fn line(&mut self, text: &str, channel: Channel, now: u64);
    /// What the recognizer heard, best first.
    fn heard(&mut self, _alternatives: &[(String, f32)], _now: u64) {}
    /// A key of the terminal or of a display.
    fn key(&mut self, _key: BoardKey, _now: u64) {}
    /// The mode's own news: the opponent's acts, the analysis, the
    /// lobby's news (a mode ignores what is not its own).
    fn message(&mut self, _msg: Msg, _now: u64) {}
    /// When the mode needs the loop again without input (ms).
    fn next_wake(&mut self) -> Option<u64> {
        None
    }
    /// That time has come.
    fn timer(&mut self, _now: u64) {}
    /// Does the work asked for (files, the engine, the opponent).
    fn settle(&mut self, _now: u64) {}
    /// Work runs that the end of input should wait for.
    fn busy(&mut self) -> bool {
        false
    }
    /// The player asked to leave this mode.
    fn wants_quit(&mut self) -> bool;
    /// The player asked for silence.
    fn take_silence(&mut self) -> bool {
        false
    }
    /// The lines since the last call.
    fn take_output(&mut self) -> Vec<Line>;
    /// The prompt.
    fn prompt(&mut self) -> String;
    /// The session's words.
    fn narrator(&mut self) -> Narrator;
    /// What a Braille display shows of the mode now, if it shows a board.
    fn glance(&mut self, _now: u64) -> Option<Glance> {
        None
    }
    /// A Braille view asked for: shown, or the player told there is none.
    fn braille_views(&mut self, _screen: &mut dyn Screen) {}
    /// Input ended (what is said about it).
    fn input_ended(&mut self) {}
    /// When the last engine answer the player asked for is due, if one is
    /// awaited (leaving waits for it, bounded).
    fn answer_due(&self) -> Option<Instant> {
        None
    }
    /// The player leaves the mode: the last words (and what is kept).
    fn leave(&mut self, now: u64);
    /// Leaving, something could not be kept (the program then ends with
    /// a failure).
    fn unsaved(&self) -> bool {
        false
    }
    /// A mode to enter on top of this one (taken once).
    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        None
    }
    /// The mode entered on top of this one was left; this one goes on.
    fn back(&mut self, _now: u64) {}
    /// Whether the session's first mode goes on while this one is on
    /// top: its clock runs and its own news (the lobby's) reaches it.
    /// Otherwise it waits, and its news is the top mode's to take or drop.
    fn first_goes_on(&self) -> bool {
        false
    }
}

/// The Braille display's news: the display gone or back is said; a key
/// goes to the screen, and what it asks of the mode to the mode.
fn braille(mode: &mut dyn Mode, news: BrailleNews, screen: &mut dyn Screen, voice: &mut dyn Voice, now: u64) {
    let said = mode.narrator().braille_news(&news);
    let key = screen.braille(news);
    if let Some(line) = said {
        show_and_say(screen, voice, &[line]);
    }
    if let Some(key) = key {
        voice.player_acts();
        mode.key(key, now);
    }
}

/// The mode's output, its speech with any notation said in words.
fn heard_output(mode: &mut dyn Mode) -> Vec<Line> {
    let lines = mode.take_output();
    mode.narrator().speakable(lines)
}

/// The output since the last flush, shown and said; the prompt when
/// anything was shown (or when `force_prompt`).
fn flush(mode: &mut dyn Mode, screen: &mut dyn Screen, voice: &mut dyn Voice, force_prompt: bool, now: u64) {
    if mode.take_silence() && !voice.silence() && !mode.busy() {
        // The player asked to stop and nothing was going on: said so.
        let line = Line::info(mode.narrator().fixed(Fixed::NothingToStop));
        show_and_say(screen, voice, &[line]);
    }
    let lines = heard_output(mode);
    show_and_say(screen, voice, &lines);
    if !lines.is_empty() || force_prompt {
        screen.prompt(&mode.prompt());
    }
    if screen.wants_glance()
        && let Some(glance) = mode.glance(now)
    {
        screen.glance(Some(&glance));
    }
}

/// How a session ended.
pub(crate) struct SessionEnd {
    /// The last lines, for the caller to give.
    pub(crate) lines: Vec<Line>,
    /// Something could not be kept when the player left.
    pub(crate) unsaved: bool,
}

/// What the loop keeps besides the modes.
struct Loop<'a> {
    time: &'a Monotonic,
    inbox: &'a Receiver<Msg>,
    /// Input ended: the modes end once their work is done.
    input_ended: bool,
    /// A signal, or the channel closed: everything ends now.
    quit: bool,
}

impl Loop<'_> {
    /// The next message, or None when the mode's wake-up came first.
    fn next(&mut self, mode: &mut dyn Mode, screen: &dyn Screen, below: Option<u64>) -> Option<Option<Msg>> {
        let now = self.time.now_ms();
        // A clock shown on a Braille display is shown anew each second.
        let second = screen.shows_clock().then(|| now - now % 1000 + 1000);
        let wake = [mode.next_wake(), second, below].into_iter().flatten().min();
        let got = match wake {
            Some(due) => match self.inbox.recv_timeout(Duration::from_millis(due.saturating_sub(now))) {
                Ok(m) => Ok(Some(m)),
                Err(RecvTimeoutError::Timeout) => Ok(None),
                Err(RecvTimeoutError::Disconnected) => Err(()),
            },
            None => self.inbox.recv().map(Some).map_err(|_| ()),
        };
        got.map_err(|()| self.quit = true).ok()
    }

    /// One message for the top mode.
    fn handle(&mut self, mode: &mut dyn Mode, msg: Msg, screen: &mut dyn Screen, voice: &mut dyn Voice, now: u64) {
        // Something the player starts cuts a long readout short.
        if matches!(msg, Msg::Typed(_) | Msg::Heard(_) | Msg::Key(_)) {
            voice.player_acts();
        }
        match msg {
            Msg::Typed(text) => mode.line(&text, Channel::Typed, now),
            Msg::Heard(alternatives) => {
                let best = alternatives.first().map_or(String::new(), |(t, _)| t.clone());
                screen.show(&[Line::info(mode.narrator().heard(&best))]);
                mode.heard(&alternatives, now);
            }
            Msg::Key(BoardKey::Silence) => {
                voice.silence();
            }
            Msg::Key(BoardKey::Stop) => {
                voice.silence();
                mode.key(BoardKey::Stop, now);
            }
            Msg::Key(k) => mode.key(k, now),
            Msg::Notice(n) => screen.show(&[Line::info(mode.narrator().notice(&n))]),
            Msg::Braille(news) => braille(mode, news, screen, voice, now),
            Msg::Eof => {
                // Input ended: what runs in the background is finished
                // first (a scripted review waits for its analysis).
                self.input_ended = true;
                mode.input_ended();
            }
            Msg::Quit => self.quit = true,
            other => mode.message(other, now),
        }
    }

    /// Leaves the top mode: answers the player asked for are given first
    /// (not on a signal), but an engine is waited for at most a second
    /// past its time.
    fn leave(&mut self, mode: &mut dyn Mode, screen: &mut dyn Screen, voice: &mut dyn Voice) {
        mode.settle(self.time.now_ms());
        flush(mode, screen, voice, false, self.time.now_ms());
        while !self.quit
            && let Some(due) = mode.answer_due()
        {
            let left = due.saturating_duration_since(Instant::now());
            match self.inbox.recv_timeout(left) {
                Ok(Msg::Quit) => self.quit = true,
                // The end of input is kept for the mode below.
                Ok(Msg::Eof) => self.input_ended = true,
                Ok(msg @ (Msg::Analysis(_) | Msg::Puzzles(_))) => {
                    mode.message(msg, self.time.now_ms());
                    mode.settle(self.time.now_ms());
                    flush(mode, screen, voice, false, self.time.now_ms());
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
        mode.leave(self.time.now_ms());
        mode.settle(self.time.now_ms());
        screen.glance(None);
    }
}

/// Runs `first` and the modes it enters until the player leaves the
/// first (`quit`) or input ends (after the work the end of input waits
/// for), or a signal comes. Returns the last lines, said on leaving (the
/// game kept, or goodbye), for the caller to give.
pub(crate) fn run_session(
    first: Box<dyn Mode>,
    time: &Monotonic,
    inbox: &Receiver<Msg>,
    screen: &mut dyn Screen,
    voice: &mut dyn Voice,
) -> SessionEnd {
    let mut stack = vec![first];
    let mut looped = Loop { time, inbox, input_ended: false, quit: false };
    let mut unsaved = false;
    let mut entered = true;
    let mut depth = 1;
    let mut pending: Option<Box<dyn Mode>> = None;
    while !stack.is_empty() {
        // The first mode may go on while another is on top (the lobby
        // while the player watches: it gathers challenges, looks at its
        // games and tournaments, enters a tournament's game).
        let first_on = depth > 1 && stack.last().is_some_and(|m| m.first_goes_on());
        let below_wake = if first_on { stack[0].next_wake() } else { None };
        let Some(mode) = stack.last_mut() else { break };
        let mode = mode.as_mut();
        let last = depth == 1;
        if entered {
            mode.greet(time.now_ms());
            mode.settle(time.now_ms());
        }
        // A mode entered on top: what this one said is shown, without its
        // prompt, and the new one greets.
        if let Some(next) = pending.take().or_else(|| mode.enter()) {
            let lines = heard_output(mode);
            show_and_say(screen, voice, &lines);
            stack.push(next);
            depth += 1;
            entered = true;
            continue;
        }
        if std::mem::take(&mut entered) {
            flush(mode, screen, voice, true, time.now_ms());
        }
        let ending = looped.quit || (looped.input_ended && !mode.busy());
        if !ending {
            let Some(msg) = looped.next(mode, screen, below_wake) else { continue };
            let now = time.now_ms();
            let passed = first_on && matches!(msg, Some(Msg::Lobby(_)));
            if passed || (msg.is_none() && below_wake.is_some_and(|d| d <= now)) {
                // The first mode hears it; a game it starts ends the modes
                // above it and is entered.
                let first = stack[0].as_mut();
                match msg {
                    Some(m) => first.message(m, now),
                    None => first.timer(now),
                }
                first.settle(now);
                let lines = first.take_output();
                show_and_say(screen, voice, &lines);
                if let Some(next) = first.enter() {
                    while stack.len() > 1 {
                        let Some(mut top) = stack.pop() else { break };
                        looped.leave(top.as_mut(), screen, voice);
                        unsaved |= top.unsaved();
                        let lines = heard_output(top.as_mut());
                        show_and_say(screen, voice, &lines);
                    }
                    depth = 1;
                    pending = Some(next);
                }
                continue;
            }
            match msg {
                Some(msg) => looped.handle(mode, msg, screen, voice, now),
                None if mode.next_wake().is_some_and(|d| d <= now) => mode.timer(now),
                None => {}
            }
            mode.braille_views(screen);
            mode.settle(now);
            pending = mode.enter();
            if pending.is_some() {
                continue;
            }
            if !mode.wants_quit() && !looped.quit {
                flush(mode, screen, voice, false, now);
                continue;
            }
        }
        looped.leave(mode, screen, voice);
        unsaved |= mode.unsaved();
        if last {
            break;
        }
        let lines = heard_output(mode);
        show_and_say(screen, voice, &lines);
        stack.pop();
        depth -= 1;
        if let Some(below) = stack.last_mut()
            && !looped.quit
            && !looped.input_ended
        {
            below.back(time.now_ms());
            flush(below.as_mut(), screen, voice, true, time.now_ms());
        }
    }
    let lines = stack.last_mut().map(|m| heard_output(m.as_mut())).unwrap_or_default();
    SessionEnd { lines, unsaved }
}
