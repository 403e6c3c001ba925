//! The running clock: a loop that sleeps until the next announcement or
//! flag fall is due, or until a key arrives. No polling: an idle clock
//! wakes only when it has something to say.

use super::chess_clock::{ChessClock, ClockError, Press};
use super::flag::outcome_on_time;
use super::schedule::{CalledMarks, Schedule};
use super::time_source::TimeSource;
use crate::rules::{Color, Outcome};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// What the players (or the arbiter) do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockInput {
    /// This side ends its move.
    Press(Color),
    /// Whoever is to move ends the move (the space bar).
    Switch,
    /// Pause or resume.
    TogglePause,
    /// Say one side's time.
    Tell(Color),
    /// Say both times.
    TellBoth,
    /// Add (positive) or take (negative) milliseconds.
    Adjust(Color, i64),
    /// Stop the clock program.
    Quit,
    /// A line from the front end (a help text, a reply to a bad key),
    /// passed through in order with the clock's own events.
    Note(String),
}

/// Something the clock has to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// The clock started (or waits for White's first move).
    Started {
        /// Whether White's time already runs.
        running: bool,
        /// White's and Black's times (ms).
        times: [u64; 2],
    },
    /// A move was ended.
    Moved(Press),
    /// A scheduled call of the time.
    Scheduled {
        /// Whose time.
        color: Color,
        /// The time called.
        remaining_ms: u64,
        /// A call of a countdown, a second apart (the low-time call down,
        /// the last ten seconds): said as the bare number.
        countdown: bool,
    },
    /// The time told on request.
    Told {
        /// Whose time.
        color: Color,
        /// The time left.
        remaining_ms: u64,
    },
    /// A period's move control is near.
    ControlNear {
        /// Whose.
        color: Color,
        /// Moves left to make.
        moves: u32,
    },
    /// Paused.
    Paused,
    /// Resumed.
    Resumed,
    /// The arbiter changed a side's time.
    Adjusted {
        /// Whose.
        color: Color,
        /// By how much.
        delta_ms: i64,
        /// The time after.
        remaining_ms: u64,
    },
    /// A flag fell.
    Flag {
        /// Whose.
        color: Color,
        /// The result, if the game ends (both flags: draw).
        outcome: Option<Outcome>,
    },
    /// An input that cannot be done now.
    Refused(ClockError),
    /// A front end's line, passed through.
    Note(String),
    /// The clock program ends.
    Stopped {
        /// White's and Black's times when it stopped (ms).
        times: [u64; 2],
    },
}

/// Runs the clock until Quit (or the input channel closes). `emit` gets
/// each event with its due time and the time it was emitted (clock ms), so
/// lateness can be measured.
pub fn run_clock(
    mut clock: ChessClock,
    schedule: &Schedule,
    time: &dyn TimeSource,
    inputs: &Receiver<ClockInput>,
    emit: &mut dyn FnMut(&ClockEvent, u64, u64),
) -> ChessClock {
    let now = time.now_ms();
    clock.start(now);
    let times = [clock.remaining(Color::White, now), clock.remaining(Color::Black, now)];
    emit(&ClockEvent::Started { running: clock.running.is_some(), times }, now, now);
    let mut announced = CalledMarks::default();
    loop {
        let now = time.now_ms();
        let next_mark = next_announcement(&clock, schedule, now, &announced);
        let flag_due = clock.flag_due();
        let wake = [next_mark.map(|(_, _, due)| due), flag_due].into_iter().flatten().min();
        let received = match wake {
            Some(due) => inputs.recv_timeout(Duration::from_millis(due.saturating_sub(now))),
            None => inputs.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Err(RecvTimeoutError::Timeout) => {
                let now = time.now_ms();
                if let Some(due) = flag_due
                    && now >= due
                    && drop_flag(&mut clock, due, now, emit)
                {
                    continue;
                }
                if let Some((color, mark, due)) = next_mark
                    && now >= due
                {
                    announced.record(&clock, color, mark);
                    let countdown = schedule.every_second_at(mark);
                    emit(&ClockEvent::Scheduled { color, remaining_ms: mark, countdown }, due, now);
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
            Ok(ClockInput::Quit) => break,
            Ok(input) => {
                let now = time.now_ms();
                drop_flag(&mut clock, now, now, emit);
                handle(&mut clock, schedule, input, now, emit);
            }
        }
    }
    let now = time.now_ms();
    let times = [clock.remaining(Color::White, now), clock.remaining(Color::Black, now)];
    emit(&ClockEvent::Stopped { times }, now, now);
    clock.snapshot(now)
}

/// Records a flag that has fallen by `now` and says so (with the result
/// when the game is over); returns whether one fell.
fn drop_flag(clock: &mut ChessClock, due: u64, now: u64, emit: &mut dyn FnMut(&ClockEvent, u64, u64)) -> bool {
    let Some(color) = clock.check_flag(now) else { return false };
    emit(&flag_fell(clock, color), due, now);
    true
}

/// `color`'s flag has fallen: the event (with the result when the game is
/// over, which stops the clock).
fn flag_fell(clock: &mut ChessClock, color: Color) -> ClockEvent {
    let fallen = clock.fallen();
    let game_over = !clock.play_on_after_flag || fallen.len() > 1;
    let outcome = if game_over { outcome_on_time(&fallen, None) } else { None };
    if game_over {
        clock.running = None;
    }
    ClockEvent::Flag { color, outcome }
}

/// The next scheduled call for the running side: (side, mark, due time).
fn next_announcement(
    clock: &ChessClock,
    schedule: &Schedule,
    now: u64,
    announced: &CalledMarks,
) -> Option<(Color, u64, u64)> {
    let color = clock.running?;
    if clock.paused || clock.sides[color.index()].flag_at.is_some() {
        return None;
    }
    let (mark, due) = announced.next(schedule, clock, color, now)?;
    Some((color, mark, due))
}

fn handle(
    clock: &mut ChessClock,
    schedule: &Schedule,
    input: ClockInput,
    now: u64,
    emit: &mut dyn FnMut(&ClockEvent, u64, u64),
) {
    let mut say = |e: ClockEvent| emit(&e, now, now);
    match input {
        ClockInput::Press(_) | ClockInput::Switch => {
            let mover = match input {
                ClockInput::Press(c) => c,
                _ => clock.turn,
            };
            if clock.running.is_none() && clock.fallen().is_empty() && clock.sides[0].moves == 0 {
                // Waiting for White's first move: it starts Black's clock.
                clock.running = Some(Color::White);
                clock.turn_started = now;
            }
            if clock.running.is_none() {
                say(ClockEvent::Refused(ClockError::FlagFallen(clock.fallen().first().copied().unwrap_or(mover))));
                return;
            }
            match clock.press(now, mover) {
                Ok(press) => {
                    say(ClockEvent::Moved(press));
                    if let Some(moves) = clock.moves_to_control(mover)
                        && moves > 0
                        && (moves == schedule.control_warning_moves || moves == 1)
                    {
                        say(ClockEvent::ControlNear { color: mover, moves });
                    }
                }
                Err(e) => say(ClockEvent::Refused(e)),
            }
        }
        ClockInput::TogglePause => {
            if clock.paused {
                clock.resume(now);
                say(ClockEvent::Resumed);
            } else {
                clock.pause(now);
                say(ClockEvent::Paused);
            }
        }
        ClockInput::Tell(color) => say(ClockEvent::Told { color, remaining_ms: clock.remaining(color, now) }),
        ClockInput::TellBoth => {
            for color in Color::ALL {
                say(ClockEvent::Told { color, remaining_ms: clock.remaining(color, now) });
            }
        }
        ClockInput::Adjust(color, delta_ms) => {
            let fallen_before = clock.fallen();
            clock.adjust(now, color, delta_ms);
            say(ClockEvent::Adjusted { color, delta_ms, remaining_ms: clock.remaining(color, now) });
            // Taken down to zero: that is a flag, said like any other.
            if !fallen_before.contains(&color) && clock.fallen().contains(&color) {
                say(flag_fell(clock, color));
            }
        }
        ClockInput::Note(text) => say(ClockEvent::Note(text)),
        ClockInput::Quit => {}
    }
}
