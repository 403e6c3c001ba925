//! The talking chess clock: FIDE time controls (increment, delay,
//! periods), flag fall (6.10, 10.3, 14.8), pause and arbiter adjustments,
//! and a schedule of announcements. Uses the rules core (mating material)
//! and the speech layer (times in words).

pub(crate) mod chess_clock;
pub(crate) mod control;
pub(crate) mod flag;
pub(crate) mod keys;
pub(crate) mod runner;
pub(crate) mod schedule;
pub(crate) mod time_source;
pub(crate) mod words;

pub use chess_clock::{ChessClock, ClockError, Press, Side, StartRule};
pub use control::{ControlError, Controls, Period, TimeControl, server_control};
pub use flag::outcome_on_time;
pub use keys::{KeyError, parse_line};
pub use runner::{ClockEvent, ClockInput, run_clock};
pub use schedule::{CalledMarks, Schedule, ScheduleError, Step};
pub use time_source::{Monotonic, TimeSource};
