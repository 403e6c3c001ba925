//! Runs a client: one loop takes typed lines, spoken transcripts, keys and
//! the engine's answers from a channel, wakes for the clock when it is due
//! (no polling), and hands every line to the screen and the voice.

use super::client::{Client, Line, Urgency};
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
    /// Cut speech short.
    Silence,
    /// The board mode's keys.
    Help,
}

/// What reaches the loop.
pub enum Msg {
    /// A line typed by the player.
    Typed(String),
    /// A transcript from voice input.
    Heard(Vec<(String, f32)>),
    /// A board key.
    Key(BoardKey),
    /// A notice from a helper thread (microphone, model).
    Notice(String),
    /// The opponent's answer (an engine's move, or why there is none).
    OpponentDone(Box<dyn Opponent>, Result<OpponentMove, OpponentFailure>),
    /// Input ended.
    Eof,
    /// The player leaves.
    Quit,
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

/// Runs the game until the player quits or input ends. Returns the client.
pub fn run_session(
    mut client: Client,
    time: &Monotonic,
    inbox: &Receiver<Msg>,
    outbox: &Sender<Msg>,
    screen: &mut dyn Screen,
    voice: &mut dyn Voice,
) -> Client {
    let flush = |client: &mut Client, screen: &mut dyn Screen, voice: &mut dyn Voice, force_prompt: bool| {
        if std::mem::take(&mut client.silence) {
            voice.silence();
        }
        let lines = client.take_output();
        if !lines.is_empty() {
            screen.show(&lines);
            for l in &lines {
                voice.say(l);
            }
        }
        if !lines.is_empty() || force_prompt {
            screen.prompt(&client.prompt());
        }
    };
    client.greet(time.now_ms());
    flush(&mut client, screen, voice, true);
    loop {
        let now = time.now_ms();
        if let Some((mut opponent, history, think)) = client.start_opponent(now) {
            let tx = outbox.clone();
            std::thread::spawn(move || {
                let result = opponent.next_move(&history, think);
                let _ = tx.send(Msg::OpponentDone(opponent, result));
            });
        }
        let msg = match client.next_wake(now) {
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
            None => client.on_timer(now),
            Some(Msg::Typed(text)) => client.handle_line(&text, Channel::Typed, now),
            Some(Msg::Heard(alternatives)) => {
                let best = alternatives.first().map_or(String::new(), |(t, _)| t.clone());
                let heard = fill(&client.lexicon().client.heard, &[("text", best)]);
                screen.show(&[Line { text: heard, urgency: Urgency::Info }]);
                client.handle_heard(&alternatives, now);
            }
            Some(Msg::Key(k)) => match k {
                BoardKey::Walk(df, dr) => client.walk(df, dr),
                BoardKey::Ray(df, dr) => client.ray(df, dr),
                BoardKey::Jump(r) => client.jump(r),
                BoardKey::Moves => client.cursor_moves(),
                BoardKey::File => client.cursor_file(),
                BoardKey::LastMove => client.tell_last_move(now),
                BoardKey::Time => client.tell_time(now),
                BoardKey::Silence => voice.silence(),
                BoardKey::Help => client.board_help(),
            },
            Some(Msg::Notice(text)) => {
                screen.show(&[Line { text, urgency: Urgency::Info }]);
            }
            Some(Msg::OpponentDone(opponent, result)) => client.opponent_done(opponent, result, now),
            Some(Msg::Eof) => {
                if client.outcome().is_none() {
                    let text = client.lexicon().client.input_ended.clone();
                    screen.show(&[Line { text, urgency: Urgency::Info }]);
                }
                break;
            }
            Some(Msg::Quit) => break,
        }
        if client.quit {
            break;
        }
        flush(&mut client, screen, voice, false);
    }
    client
}
