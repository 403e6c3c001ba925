//! The chess clock itself: a deterministic state machine driven by times
//! the caller passes in (milliseconds of a monotonic source), so every rule
//! can be tested without sleeping and nothing drifts.

use super::control::{Controls, Period};
use crate::rules::Color;
use serde::{Deserialize, Serialize};

/// When White's clock first starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum StartRule {
    /// At the start of the game (FIDE 6.5).
    #[default]
    AtStart,
    /// After White's first move, as online servers do.
    AfterFirstMove,
}

/// One player's side of the clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// Main time left, in milliseconds, as of the last switch.
    pub remaining_ms: u64,
    /// The period being played (index into the control).
    pub period: usize,
    /// Moves made in this period.
    pub moves_in_period: u32,
    /// Moves made in the game.
    pub moves: u32,
    /// When the flag fell (clock time), if it did.
    pub flag_at: Option<u64>,
}

/// The whole clock state: what is saved and restored exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessClock {
    /// The time controls.
    pub controls: Controls,
    /// White's and Black's sides.
    pub sides: [Side; 2],
    /// Whose clock runs, if any.
    pub running: Option<Color>,
    /// The side to move (even while paused or before the start).
    pub turn: Color,
    /// When the running side's turn started (clock time), excluding pauses.
    pub turn_started: u64,
    /// Time already used in this turn before a pause.
    pub used_before_pause: u64,
    /// Paused (by the arbiter or the players, 6.11).
    pub paused: bool,
    /// When White's clock starts.
    pub start_rule: StartRule,
    /// Play may go on after a flag fall until a second flag falls (a game on
    /// a real board where a flag counts only when claimed, 14.6, 14.8);
    /// otherwise a flag fall ends the game at once.
    pub play_on_after_flag: bool,
}

/// What pressing the clock did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Press {
    /// Who ended a move.
    pub mover: Color,
    /// The mover's time after the increment.
    pub remaining_ms: u64,
    /// A new period started for the mover (its time added).
    pub new_period: Option<Period>,
}

/// Why the clock refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// A flag has fallen; the game is over on time.
    #[error("{0}'s flag has fallen")]
    FlagFallen(Color),
    /// The clock is paused.
    #[error("the clock is paused")]
    Paused,
    /// The player pressed the clock when it was not their turn.
    #[error("it is not {0}'s move")]
    NotYourTurn(Color),
}

impl ChessClock {
    /// A clock set to the controls; not yet running.
    pub fn new(controls: Controls, start_rule: StartRule) -> ChessClock {
        let side = |c: Color| Side {
            remaining_ms: controls.of(c).initial_ms(),
            period: 0,
            moves_in_period: 0,
            moves: 0,
            flag_at: None,
        };
        ChessClock {
            sides: [side(Color::White), side(Color::Black)],
            controls,
            running: None,
            turn: Color::White,
            turn_started: 0,
            used_before_pause: 0,
            paused: false,
            start_rule,
            play_on_after_flag: false,
        }
    }

    /// Starts the game: White's clock runs (6.5), unless it waits for White's first move.
    pub fn start(&mut self, now: u64) {
        if self.start_rule == StartRule::AtStart {
            self.running = Some(Color::White);
            self.turn_started = now;
        }
    }

    fn period_of(&self, color: Color) -> Period {
        let control = self.controls.of(color);
        let i = self.sides[color.index()].period.min(control.periods.len() - 1);
        control.periods[i]
    }

    /// Time used in the current turn so far.
    fn used(&self, now: u64) -> u64 {
        if self.paused || self.running.is_none() {
            self.used_before_pause
        } else {
            self.used_before_pause + now.saturating_sub(self.turn_started)
        }
    }

    /// Main time left for a side at `now` (the delay is not counted, 6.2b).
    pub fn remaining(&self, color: Color, now: u64) -> u64 {
        let side = &self.sides[color.index()];
        if self.running != Some(color) {
            return side.remaining_ms;
        }
        let delay = self.period_of(color).delay_ms;
        let counted = self.used(now).saturating_sub(delay);
        side.remaining_ms.saturating_sub(counted)
    }

    /// Delay left in the current turn of the running side.
    pub fn delay_left(&self, now: u64) -> u64 {
        match self.running {
            Some(c) => self.period_of(c).delay_ms.saturating_sub(self.used(now)),
            None => 0,
        }
    }

    /// When (clock time) the running side's flag will fall, if it runs.
    pub fn flag_due(&self) -> Option<u64> {
        let c = self.running?;
        if self.paused || self.sides[c.index()].flag_at.is_some() {
            return None;
        }
        let delay = self.period_of(c).delay_ms;
        let budget = self.sides[c.index()].remaining_ms + delay;
        Some((self.turn_started + budget).saturating_sub(self.used_before_pause))
    }

    /// Checks for a flag fall at `now` and records it; returns the side whose flag fell just now.
    pub fn check_flag(&mut self, now: u64) -> Option<Color> {
        let c = self.running?;
        let due = self.flag_due()?;
        if now >= due {
            let side = &mut self.sides[c.index()];
            side.flag_at = Some(due);
            side.remaining_ms = 0;
            return Some(c);
        }
        None
    }

    /// The sides whose flags have fallen, first fallen first.
    pub fn fallen(&self) -> Vec<Color> {
        let mut v: Vec<(u64, Color)> =
            Color::ALL.iter().filter_map(|c| self.sides[c.index()].flag_at.map(|t| (t, *c))).collect();
        v.sort();
        v.into_iter().map(|(_, c)| c).collect()
    }

    /// The player to move ends the move: the increment is added, a new
    /// period begins if the move count is reached, and the other clock starts.
    pub fn press(&mut self, now: u64, mover: Color) -> Result<Press, ClockError> {
        if self.paused {
            return Err(ClockError::Paused);
        }
        if mover != self.turn {
            return Err(ClockError::NotYourTurn(mover));
        }
        self.check_flag(now);
        let flagged = self.sides[mover.index()].flag_at.is_some();
        if flagged && !self.play_on_after_flag {
            return Err(ClockError::FlagFallen(mover));
        }
        let remaining = self.remaining(mover, now);
        let period = self.period_of(mover);
        let side = &mut self.sides[mover.index()];
        // A fallen flag stays down: no increment revives it.
        side.remaining_ms = if flagged { 0 } else { remaining + period.increment_ms };
        side.moves += 1;
        side.moves_in_period += 1;
        let mut new_period = None;
        if let Some(n) = period.moves
            && side.moves_in_period >= n
        {
            let periods = &self.controls.of(mover).periods;
            if side.period + 1 < periods.len() {
                side.period += 1;
                side.moves_in_period = 0;
                let next = periods[side.period];
                side.remaining_ms += next.time_ms;
                new_period = Some(next);
            }
        }
        let remaining_ms = side.remaining_ms;
        self.turn = !mover;
        self.running = Some(!mover);
        self.turn_started = now;
        self.used_before_pause = 0;
        Ok(Press { mover, remaining_ms, new_period })
    }

    /// Stops both clocks (6.11); the running turn keeps the time it used.
    pub fn pause(&mut self, now: u64) {
        if !self.paused && self.running.is_some() {
            self.used_before_pause = self.used(now);
        }
        self.paused = true;
    }

    /// Restarts after a pause.
    pub fn resume(&mut self, now: u64) {
        if self.paused {
            self.paused = false;
            self.turn_started = now;
        }
    }

    /// The arbiter adds time to (positive) or takes time from (negative) a
    /// side, as in 7.4(b) or 13.5. A side cannot go below zero.
    pub fn adjust(&mut self, now: u64, color: Color, delta_ms: i64) {
        if self.running == Some(color) {
            // Fold the time used so far into the remaining time first.
            let left = self.remaining(color, now);
            let used = self.used(now);
            self.sides[color.index()].remaining_ms = left;
            let delay = self.period_of(color).delay_ms;
            self.used_before_pause = used.min(delay);
            self.turn_started = now;
        }
        let side = &mut self.sides[color.index()];
        side.remaining_ms = side.remaining_ms.saturating_add_signed(delta_ms);
        if side.remaining_ms > 0 {
            side.flag_at = None;
        } else if side.flag_at.is_none() {
            // Taken down to nothing: the flag falls now.
            side.flag_at = Some(now);
        }
    }

    /// A move is taken back: the side to move becomes `color` again and its
    /// clock runs from `now`; its move counts go back by one. Times stay as
    /// they are (the Laws have no takebacks; this is for casual games).
    pub fn take_back(&mut self, now: u64, color: Color) {
        let side = &mut self.sides[color.index()];
        side.moves = side.moves.saturating_sub(1);
        side.moves_in_period = side.moves_in_period.saturating_sub(1);
        self.turn = color;
        if !self.paused && self.fallen().is_empty() {
            self.running = Some(color);
        }
        self.turn_started = now;
        self.used_before_pause = 0;
    }

    /// Moves left before the current period's time control, if it has one.
    pub fn moves_to_control(&self, color: Color) -> Option<u32> {
        let p = self.period_of(color);
        p.moves.map(|n| n.saturating_sub(self.sides[color.index()].moves_in_period))
    }

    /// The clock as it would be saved at `now`: the running turn's used time
    /// is kept, so restoring at a later clock time continues exactly.
    pub fn snapshot(&self, now: u64) -> ChessClock {
        let mut s = self.clone();
        s.used_before_pause = self.used(now);
        s.turn_started = 0;
        s
    }

    /// Continues a saved clock at clock time `now` (paused clocks stay paused).
    pub fn restore(saved: ChessClock, now: u64) -> ChessClock {
        let mut c = saved;
        c.turn_started = now;
        c
    }
}
