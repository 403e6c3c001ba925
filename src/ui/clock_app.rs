//! The standalone talking clock: for a game on a real board between a
//! blind player and a sighted opponent. Keys end moves, pause, tell the
//! time and adjust it; every event is one line (and, with the audio
//! layer, spoken).
//!
//! A screen of its own: may use the base types (`output`, `input`, `sink`)
//! and the clock.

use super::output::{Line, Urgency, rows};
use super::sink::Voice;
use crate::clock::words::say_clock_event;
use crate::clock::{
    ChessClock, ClockEvent, ClockInput, Controls, Monotonic, Schedule, StartRule, parse_line, run_clock,
};
use crate::rules::Color;
use crate::speech::Lexicon;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};

/// How the clock program is set up.
#[derive(Clone, Debug)]
pub struct ClockOptions {
    /// The time controls.
    pub controls: Controls,
    /// The blind player's colour ("own" time).
    pub me: Color,
    /// When White's clock starts.
    pub start: StartRule,
    /// The announcement schedule.
    pub schedule: Schedule,
    /// Play may go on after a flag until the second flag falls.
    pub play_on_after_flag: bool,
}

/// Where lines go: shared by the clock loop and the key reader, one whole line at a time.
pub type LineOut = Arc<Mutex<dyn Write + Send>>;

/// Writes a line (rows of at most 40 characters holding whole items) and
/// flushes; a closed output is ignored (the clock keeps time).
pub fn write_line(out: &LineOut, line: &str) {
    if let Ok(mut w) = out.lock() {
        for row in rows(&[Line::info(line)]) {
            let _ = writeln!(w, "{row}");
        }
        let _ = w.flush();
    }
}

/// Feeds typed lines into the clock until the input ends; bad lines get a
/// reply, passed through the clock so lines stay in order.
fn read_lines(input: impl BufRead, me: Color, keys: Sender<ClockInput>, lex: &'static Lexicon) {
    let help = crate::clock::words::typed_help(lex);
    let mut input = input;
    // Bounded lines; bytes that are not UTF-8 are a line not understood.
    while let Some(line) = crate::files::bounded::read_text_line(&mut input) {
        let line = super::input::without_controls(&line);
        match parse_line(&line, me) {
            Ok(Some(input)) => {
                let quit = input == ClockInput::Quit;
                if keys.send(input).is_err() || quit {
                    return;
                }
            }
            Ok(None) => {
                let _ = keys.send(ClockInput::Note(help.clone()));
            }
            Err(e) => {
                let _ = keys.send(ClockInput::Note(crate::clock::words::say_key_error(lex, &e)));
            }
        }
    }
    let _ = keys.send(ClockInput::Quit);
}

/// How urgent a clock event is for speech: a flag and a countdown
/// interrupt; a move cuts stale talk; the rest waits its turn.
fn urgency_of(event: &ClockEvent) -> Urgency {
    match event {
        ClockEvent::Flag { .. } => Urgency::Urgent,
        ClockEvent::Scheduled { countdown: true, .. } => Urgency::Countdown,
        ClockEvent::Scheduled { .. } => Urgency::Clock,
        ClockEvent::Moved(_) => Urgency::Move,
        _ => Urgency::Info,
    }
}

/// Runs the clock loop with keys from `keys`, writing each event as a line
/// and, when `voice` is given, speaking it.
pub fn run_clock_lines(
    options: &ClockOptions,
    lex: &'static Lexicon,
    keys: &std::sync::mpsc::Receiver<ClockInput>,
    out: &LineOut,
    mut voice: Option<&mut dyn Voice>,
) -> ChessClock {
    let mut clock = ChessClock::new(options.controls.clone(), options.start);
    clock.play_on_after_flag = options.play_on_after_flag;
    let time = Monotonic::new();
    let me = options.me;
    let after_own = options.schedule.after_own_move;
    let mut emit = |event: &ClockEvent, _due: u64, _now: u64| {
        let own = after_own && matches!(event, ClockEvent::Moved(p) if p.mover == me);
        if let Some(line) = say_clock_event(lex, &options.controls, event, own) {
            write_line(out, &line);
            if let Some(voice) = voice.as_mut() {
                let mut spoken = Line::new(line, urgency_of(event));
                // Key letters and names in the language's words.
                let said = crate::speech::say_latin(lex, &spoken.text);
                if said != spoken.text {
                    spoken.spoken = Some(said);
                }
                // A countdown (the low-time call down, the last ten
                // seconds) as a bare number: each call ends before the
                // next is due.
                if let ClockEvent::Scheduled { remaining_ms, countdown: true, .. } = event {
                    spoken.spoken = Some(remaining_ms.div_ceil(1000).to_string());
                }
                voice.say(&spoken);
            }
        }
    };
    let clock = run_clock(clock, &options.schedule, &time, keys, &mut emit);
    // The last sentence (the clock stopped, the flag) is heard to its end.
    if let Some(voice) = voice {
        voice.finish();
    }
    clock
}

/// Runs the clock in plain line mode: typed lines in, one line per event out.
pub fn run_plain_clock(
    options: ClockOptions,
    lex: &'static Lexicon,
    input: impl BufRead + Send + 'static,
    out: LineOut,
    voice: Option<&mut dyn Voice>,
) -> ChessClock {
    let (keys, key_rx) = channel();
    let me = options.me;
    std::thread::spawn(move || read_lines(input, me, keys, lex));
    run_clock_lines(&options, lex, &key_rx, &out, voice)
}
