//! When the clock calls the time by itself: a schedule that gets denser as
//! time runs out.

use super::chess_clock::ChessClock;
use crate::rules::Color;
use serde::{Deserialize, Serialize};

/// Up to `upto_ms` left, call the time every `every_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The upper bound of the range, inclusive.
    pub upto_ms: u64,
    /// The interval within the range.
    pub every_ms: u64,
}

/// The announcement schedule and options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// Ranges in ascending order of `upto_ms`.
    pub steps: Vec<Step>,
    /// Say the mover's own time after each of their moves.
    pub after_own_move: bool,
    /// Warn this many moves before a period's move control (and at 1).
    pub control_warning_moves: u32,
    /// Say nothing by schedule (answers on request still come).
    pub silent: bool,
}

impl Default for Schedule {
    /// Every 5 minutes above 10 minutes, every minute under 10 minutes,
    /// every 10 seconds under a minute, every second for the last 10 seconds.
    fn default() -> Schedule {
        Schedule {
            steps: vec![
                Step { upto_ms: 10_000, every_ms: 1_000 },
                Step { upto_ms: 60_000, every_ms: 10_000 },
                Step { upto_ms: 600_000, every_ms: 60_000 },
                Step { upto_ms: u64::MAX, every_ms: 300_000 },
            ],
            after_own_move: false,
            control_warning_moves: 5,
            silent: false,
        }
    }
}

/// A schedule that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad announcement schedule \"{text}\": {problem}. Example: 10:1, 60:10, 600:60, *:300 (up to 10 s every second, ..., above that every 5 minutes)"
)]
pub struct ScheduleError {
    /// The text as given.
    pub text: String,
    /// What is wrong.
    pub problem: String,
}

impl Schedule {
    /// The low-time call set by the player: every second from `secs`
    /// down (the first call is the moment it is crossed), the steps above
    /// it as they were; 0: no calls every second.
    pub fn with_low_time(mut self, secs: u32) -> Schedule {
        let low = u64::from(secs) * 1000;
        self.steps.retain(|s| s.upto_ms > low && s.every_ms > 1000);
        if low > 0 {
            self.steps.insert(0, Step { upto_ms: low, every_ms: 1000 });
        }
        self
    }
}

impl std::str::FromStr for Schedule {
    type Err = ScheduleError;
    /// Reads "UPTO:EVERY, ..." in seconds, "*" for everything above the last;
    /// "off" for no scheduled calls.
    fn from_str(text: &str) -> Result<Schedule, ScheduleError> {
        let err = |problem: String| ScheduleError { text: text.trim().to_string(), problem };
        if text.trim().eq_ignore_ascii_case("off") {
            return Ok(Schedule { silent: true, ..Schedule::default() });
        }
        let mut steps = Vec::new();
        for part in text.split(',') {
            let (upto, every) =
                part.trim().split_once(':').ok_or_else(|| err(format!("'{}' is not UPTO:EVERY", part.trim())))?;
            let secs = |t: &str, what: &str| -> Result<u64, ScheduleError> {
                t.trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|v| *v > 0 && *v <= 86_400)
                    .map(|v| v * 1000)
                    .ok_or_else(|| err(format!("'{}' is not a number of seconds for {what}", t.trim())))
            };
            let upto_ms = if upto.trim() == "*" { u64::MAX } else { secs(upto, "the range")? };
            steps.push(Step { upto_ms, every_ms: secs(every, "the interval")? });
        }
        if steps.windows(2).any(|w| w[0].upto_ms >= w[1].upto_ms) {
            return Err(err("the ranges must grow from left to right".into()));
        }
        Ok(Schedule { steps, ..Schedule::default() })
    }
}

impl Schedule {
    /// Whether the calls at `mark` come a second apart (or closer): the
    /// step that holds it calls every second.
    pub fn every_second_at(&self, mark: u64) -> bool {
        self.steps.iter().find(|s| mark <= s.upto_ms).is_some_and(|s| s.every_ms <= 1000)
    }

    /// The next time to call, strictly below `remaining_ms` (None when no mark is left).
    pub fn next_mark(&self, remaining_ms: u64) -> Option<u64> {
        if self.silent {
            return None;
        }
        let mut lower = 0u64;
        let mut best = None;
        for step in &self.steps {
            let upper = step.upto_ms.min(remaining_ms.saturating_sub(1));
            if upper > lower && step.every_ms > 0 {
                let candidate = upper - upper % step.every_ms;
                if candidate > lower {
                    best = Some(best.map_or(candidate, |b: u64| b.max(candidate)));
                }
            }
            lower = step.upto_ms;
        }
        best
    }
}

/// The marks already called for each side, with the period each was
/// called in: a mark is called once per period, however often an
/// increment lifts the time back above it.
#[derive(Clone, Debug, Default)]
pub struct CalledMarks([Vec<(usize, u64)>; 2]);

impl CalledMarks {
    /// The next mark to call for `color` on `clock` at `now`, skipping the
    /// marks called in its period: (mark, when it is due).
    pub fn next(&self, schedule: &Schedule, clock: &ChessClock, color: Color, now: u64) -> Option<(u64, u64)> {
        let remaining = clock.remaining(color, now);
        let period = clock.sides[color.index()].period;
        let mut mark = schedule.next_mark(remaining)?;
        while self.0[color.index()].contains(&(period, mark)) {
            mark = schedule.next_mark(mark)?;
        }
        Some((mark, now + clock.delay_left(now) + remaining.saturating_sub(mark)))
    }

    /// Notes that `mark` was called for `color` in its current period.
    pub fn record(&mut self, clock: &ChessClock, color: Color, mark: u64) {
        self.0[color.index()].push((clock.sides[color.index()].period, mark));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With the low-time call at 20 s every call from 20 down to 1 is a
    /// second apart (said as its number); the calls above are not.
    #[test]
    fn the_low_time_calls_are_a_countdown() {
        let s = Schedule::default().with_low_time(20);
        for mark in (1..=20).map(|n| n * 1000) {
            assert!(s.every_second_at(mark), "{mark}");
        }
        assert!(!s.every_second_at(30_000));
        assert!(!Schedule::default().every_second_at(20_000));
        assert!(Schedule::default().every_second_at(10_000));
        // Every mark from 20 s down is called: none skipped.
        let mut marks = Vec::new();
        let mut at = 20_500;
        while let Some(m) = s.next_mark(at) {
            marks.push(m);
            at = m;
        }
        assert_eq!(marks, (1..=20).rev().map(|n| n * 1000).collect::<Vec<_>>());
    }
}
