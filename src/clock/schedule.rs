//! When the clock calls the time by itself: a schedule that gets denser as
//! time runs out.

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

impl Schedule {
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
