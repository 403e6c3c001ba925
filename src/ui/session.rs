//! Runs a game or a review: one loop takes typed lines, spoken transcripts, keys and
//! the engine's answers from a channel, wakes for the clock when it is due
//! (no polling), and hands every line to the screen and the voice.

use super::client::{Line, Urgency};
use crate::clock::{Monotonic, TimeSource};
use crate::game::{Opponent, OpponentFailure, OpponentMove};
use crate::rules::Role;
use crate::speech::Channel;
use crate::speech::lexicon::fill;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// A key of the terminal's board walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// Move the cursor by files and ranks.
    Walk(i32, i32),
    /// Read the squares from the cursor in a direction up to the first piece.
    Ray(i32, i32),
    /// Jump to the next piece of a kind.
    Jump(Role),
    /// Legal moves of the piece under the cursor.
    Moves,
    /// Read the cursor's file.
    File,
    /// The last move.
    LastMove,
    /// The clocks.
    Time,
    /// Cut speech short (any key does).
    Silence,
    /// Stop: cut speech short and stop long work (an analysis); the `.` key.
    Stop,
    /// The board mode's keys.
    Help,
    /// One move back (a game: look back; a review: back).
    Back,
    /// One move on.
    Forward,
    /// The start of the game.
    First,
    /// The end of the line (a game: the live position).
    Last,
    /// Push-to-talk was switched (on or off) with Tab.
    Talk(Option<bool>),
}

/// What reaches the loop.
pub(crate) enum Msg {
    /// A line typed by the player.
    Typed(String),
    /// A transcript from voice input.
    #[cfg_attr(not(all(feature = "voice", feature = "tts")), allow(dead_code))]
    Heard(Vec<(String, f32)>),
    /// A board key.
    Key(BoardKey),
    /// A notice from a helper thread (speech, microphone, model).
    #[cfg_attr(not(feature = "tts"), allow(dead_code))]
    Notice(String),
    /// Work done in the background (the opponent's move, an analysis).
    Done(Done),
    /// Input ended.
    Eof,
    /// The player leaves.
    Quit,
}

/// What background work reports.
pub(crate) enum Done {
    /// The opponent's answer (an engine's move, or why there is none).
    Opponent(Box<dyn Opponent>, Result<OpponentMove, OpponentFailure>),
    /// The analysis of a game: one position evaluated.
    Evaluated(usize, Result<Vec<crate::engine::analysis::Line>, OpponentFailure>),
    /// The analysis ended (done or stopped); the engine comes back.
    AnalysisEnded(Box<dyn crate::engine::analysis::Analyse>),
}

/// Work for a thread of its own; it reports through the sender.
pub(crate) type Job = Box<dyn FnOnce(&Sender<Msg>) + Send>;

/// What the recognizer heard, made safe to read: control characters
/// dropped, each alternative cut to 200 characters, empty ones left out.
pub(crate) fn clean_heard(alternatives: &[(String, f32)]) -> Vec<(String, f32)> {
    alternatives
        .iter()
        .map(|(t, s)| (t.chars().filter(|c| !c.is_control()).take(200).collect::<String>(), *s))
        .filter(|(t, _)| !t.trim().is_empty())
        .collect()
}

/// What the loop runs: a game, or a review. Both take typed and heard
/// input and keys, may hand out background work, and produce lines.
pub(crate) trait Front {
    /// Opening lines.
    fn greet(&mut self, now: u64);
    /// A typed or spoken line.
    fn handle_line(&mut self, text: &str, channel: Channel, now: u64);
    /// What the recognizer heard, best first.
    fn handle_heard(&mut self, alternatives: &[(String, f32)], now: u64);
    /// A key of the terminal.
    fn key(&mut self, key: BoardKey, now: u64);
    /// Work to start in the background now, if any.
    fn work(&mut self, now: u64) -> Option<Job>;
    /// Background work reported.
    fn done(&mut self, done: Done, now: u64);
    /// When the front needs the loop again without input (ms).
    fn next_wake(&mut self, now: u64) -> Option<u64>;
    /// That time has come.
    fn on_timer(&mut self, now: u64);
    /// Lines produced since the last call.
    fn take_output(&mut self) -> Vec<Line>;
    /// The prompt.
    fn prompt(&self) -> String;
    /// Speech should be cut short (taken once).
    fn take_silence(&mut self) -> bool;
    /// The player asked to leave.
    fn wants_quit(&self) -> bool;
    /// Background work runs that the end of input should wait for.
    fn busy(&self) -> bool;
    /// Input ended (what is said about it).
    fn handle_eof(&mut self);
    /// The language data in use.
    fn lexicon(&self) -> &'static crate::speech::Lexicon;
}

/// Where lines go: the screen (and, through `speak`, the voice).
pub trait Screen {
    /// Shows lines.
    fn show(&mut self, lines: &[Line]);
    /// Shows the prompt.
    fn prompt(&mut self, prompt: &str);
}

/// Speaks lines (speech-dispatcher when available).
pub trait Voice {
    /// Says a line with its urgency.
    fn say(&mut self, line: &Line);
    /// Cuts speech short.
    fn silence(&mut self);
}

/// No speech.
pub struct Mute;

impl Voice for Mute {
    fn say(&mut self, _line: &Line) {}
    fn silence(&mut self) {}
}

#[cfg(feature = "tts")]
impl Voice for crate::audio::speaker::Speaker {
    fn say(&mut self, line: &Line) {
        use crate::audio::speaker::Priority;
        let p = match line.urgency {
            Urgency::Info => Priority::Info,
            Urgency::Move => Priority::Move,
            Urgency::Urgent => Priority::Urgent,
        };
        crate::audio::speaker::Speaker::say(self, &line.text, p);
    }
    fn silence(&mut self) {
        self.stop();
    }
}

/// Runs a game or a review until the player quits or input ends (after
/// background work the end of input waits for). Returns the front.
pub(crate) fn run_session<F: Front>(
    mut front: F,
    time: &Monotonic,
    inbox: &Receiver<Msg>,
    outbox: &Sender<Msg>,
    screen: &mut dyn Screen,
    voice: &mut dyn Voice,
) -> F {
    let flush = |front: &mut F, screen: &mut dyn Screen, voice: &mut dyn Voice, force_prompt: bool| {
        if front.take_silence() {
            voice.silence();
        }
        let lines = front.take_output();
        if !lines.is_empty() {
            screen.show(&lines);
            for l in &lines {
                voice.say(l);
            }
        }
        if !lines.is_empty() || force_prompt {
            screen.prompt(&front.prompt());
        }
    };
    front.greet(time.now_ms());
    flush(&mut front, screen, voice, true);
    let mut input_ended = false;
    loop {
        let now = time.now_ms();
        if let Some(job) = front.work(now) {
            let tx = outbox.clone();
            std::thread::spawn(move || job(&tx));
        }
        if input_ended && !front.busy() {
            break;
        }
        let msg = match front.next_wake(now) {
            Some(due) => match inbox.recv_timeout(Duration::from_millis(due.saturating_sub(now))) {
                Ok(m) => Some(m),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match inbox.recv() {
                Ok(m) => Some(m),
                Err(_) => break,
            },
        };
        let now = time.now_ms();
        match msg {
            None => front.on_timer(now),
            Some(Msg::Typed(text)) => front.handle_line(&text, Channel::Typed, now),
            Some(Msg::Heard(alternatives)) => {
                let best = alternatives.first().map_or(String::new(), |(t, _)| t.clone());
                let heard = fill(&front.lexicon().client.heard, &[("text", best)]);
                screen.show(&[Line { text: heard, urgency: Urgency::Info }]);
                front.handle_heard(&alternatives, now);
            }
            Some(Msg::Key(BoardKey::Silence)) => voice.silence(),
            Some(Msg::Key(BoardKey::Stop)) => {
                voice.silence();
                front.key(BoardKey::Stop, now);
            }
            Some(Msg::Key(k)) => front.key(k, now),
            Some(Msg::Notice(text)) => {
                screen.show(&[Line { text, urgency: Urgency::Info }]);
            }
            Some(Msg::Done(done)) => front.done(done, now),
            Some(Msg::Eof) => {
                // Input ended: what runs in the background is finished
                // first (a scripted review waits for its analysis).
                input_ended = true;
                front.handle_eof();
            }
            Some(Msg::Quit) => break,
        }
        if front.wants_quit() {
            break;
        }
        flush(&mut front, screen, voice, false);
    }
    flush(&mut front, screen, voice, false);
    front
}
