//! Time controls as players write them: "15+10", "5+3", "90+30",
//! "40/90+30, 30+30", "5 d3", and "3+2 | 5+0" for different controls for
//! White and Black (odds games).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One period of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    /// Moves to make in this period; None for the rest of the game.
    pub moves: Option<u32>,
    /// Time for the period, in milliseconds.
    pub time_ms: u64,
    /// Added after each move (6.2, Fischer increment), in milliseconds.
    pub increment_ms: u64,
    /// Delay before the main time starts counting on each move, in milliseconds.
    pub delay_ms: u64,
}

/// A player's time control: one or more periods, the last for the rest of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// The periods in order.
    pub periods: Vec<Period>,
}

/// The time controls of both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Controls {
    /// White's control.
    pub white: TimeControl,
    /// Black's control.
    pub black: TimeControl,
}

/// A time control that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad time control \"{text}\": {problem}. Examples: 15+10, 5 d3, 40/90+30, 30+30, 3+2 | 5+0")]
pub struct ControlError {
    /// The text as given.
    pub text: String,
    /// What is wrong.
    pub problem: String,
}

const DAY_MS: u64 = 24 * 3600 * 1000;

/// Reads a number of units (minutes or seconds) with an optional decimal part, into milliseconds.
fn amount(text: &str, unit_ms: u64, what: &str) -> Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!("the {what} is missing"));
    }
    let value: f64 = t.parse().map_err(|_| format!("'{t}' is not a number of {what}"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!("'{t}' is not a number of {what}"));
    }
    let ms = (value * unit_ms as f64).round();
    if ms > DAY_MS as f64 {
        return Err(format!("'{t}' {what} is more than a day"));
    }
    Ok(ms as u64)
}

/// Minutes as "90", "1.5", "2:30" (m:ss) or "1:30:00" (h:mm:ss).
fn main_time(text: &str) -> Result<u64, String> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let whole = |s: &str, max: u64, what: &str| -> Result<u64, String> {
        s.trim().parse::<u64>().ok().filter(|v| *v <= max).ok_or_else(|| format!("'{s}' is not a number of {what}"))
    };
    match parts.as_slice() {
        // To the second, as a clock shows it (and as it is written back).
        [m] => amount(m, 60_000, "minutes").map(|ms| (ms + 500) / 1000 * 1000),
        [m, s] => Ok(whole(m, 1440, "minutes")? * 60_000 + whole(s, 59, "seconds")? * 1000),
        [h, m, s] => {
            Ok(whole(h, 24, "hours")? * 3_600_000 + whole(m, 59, "minutes")? * 60_000 + whole(s, 59, "seconds")? * 1000)
        }
        _ => Err(format!("'{text}' is not a time like 90, 2:30 or 1:30:00")),
    }
}

fn period(text: &str) -> Result<Period, String> {
    let mut rest = text.trim().to_ascii_lowercase();
    if rest.is_empty() {
        return Err("a period is empty".into());
    }
    // Delay: "5 d3", "5d3", "5 delay 3".
    let mut delay_ms = 0;
    if let Some(i) = rest.find('d') {
        let tail = rest[i..].trim_start_matches("delay").trim_start_matches('d').to_string();
        delay_ms = amount(&tail, 1000, "seconds of delay")?;
        rest.truncate(i);
    }
    let mut increment_ms = 0;
    if let Some((head, inc)) = rest.split_once('+') {
        increment_ms = amount(inc, 1000, "seconds of increment")?;
        rest = head.to_string();
    }
    let mut moves = None;
    if let Some((n, time)) = rest.split_once('/') {
        let n = n.trim();
        let count: u32 = n
            .parse()
            .ok()
            .filter(|c| (1..=500).contains(c))
            .ok_or_else(|| format!("'{n}' is not a number of moves from 1 to 500"))?;
        moves = Some(count);
        rest = time.to_string();
    }
    let time_ms = main_time(&rest)?;
    if time_ms == 0 && increment_ms == 0 && delay_ms == 0 {
        return Err("a period needs some time".into());
    }
    Ok(Period { moves, time_ms, increment_ms, delay_ms })
}

impl TimeControl {
    /// One period for the whole game: minutes plus increment seconds.
    pub fn sudden_death(minutes: u64, increment_secs: u64) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                time_ms: minutes * 60_000,
                increment_ms: increment_secs * 1000,
                delay_ms: 0,
            }],
        }
    }

    /// The time at the start of the game.
    pub fn initial_ms(&self) -> u64 {
        self.periods.first().map_or(0, |p| p.time_ms)
    }
}

impl FromStr for TimeControl {
    type Err = ControlError;
    fn from_str(s: &str) -> Result<TimeControl, ControlError> {
        let err = |problem: String| ControlError { text: s.trim().to_string(), problem };
        let periods: Vec<Period> = s.split(',').map(period).collect::<Result<_, _>>().map_err(err)?;
        if let Some(last) = periods.last()
            && last.moves.is_some()
        {
            return Err(err("the last period must be for the rest of the game, without a move count".into()));
        }
        if periods.len() > 10 {
            return Err(err("more than 10 periods".into()));
        }
        Ok(TimeControl { periods })
    }
}

impl FromStr for Controls {
    type Err = ControlError;
    fn from_str(s: &str) -> Result<Controls, ControlError> {
        match s.split_once('|') {
            Some((w, b)) => {
                if b.contains('|') {
                    return Err(ControlError {
                        text: s.trim().into(),
                        problem: "more than two controls separated by '|'".into(),
                    });
                }
                Ok(Controls { white: w.parse()?, black: b.parse()? })
            }
            None => {
                let both: TimeControl = s.parse()?;
                Ok(Controls { white: both.clone(), black: both })
            }
        }
    }
}

/// A control a server takes, as written ("15+10"): one period for the
/// whole game, in whole minutes and whole seconds of increment (up to 180
/// each, as lichess takes them), no delay.
pub fn server_control(text: &str) -> Option<(u64, u64)> {
    let control: TimeControl = text.parse().ok()?;
    let [p] = control.periods.as_slice() else { return None };
    let whole =
        p.moves.is_none() && p.delay_ms == 0 && p.time_ms.is_multiple_of(60_000) && p.increment_ms.is_multiple_of(1000);
    let (minutes, increment) = (p.time_ms / 60_000, p.increment_ms / 1000);
    (whole && minutes <= 180 && increment <= 180).then_some((minutes, increment))
}

fn secs(ms: u64) -> String {
    if ms.is_multiple_of(1000) { (ms / 1000).to_string() } else { format!("{}", ms as f64 / 1000.0) }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.moves {
            write!(f, "{n}/")?;
        }
        if self.time_ms.is_multiple_of(60_000) {
            write!(f, "{}", self.time_ms / 60_000)?;
        } else {
            write!(f, "{}:{:02}", self.time_ms / 60_000, self.time_ms % 60_000 / 1000)?;
        }
        if self.increment_ms > 0 {
            write!(f, "+{}", secs(self.increment_ms))?;
        }
        if self.delay_ms > 0 {
            write!(f, " d{}", secs(self.delay_ms))?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.periods.iter().map(|p| p.to_string()).collect();
        f.write_str(&parts.join(", "))
    }
}

impl fmt::Display for Controls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.white == self.black {
            write!(f, "{}", self.white)
        } else {
            write!(f, "{} | {}", self.white, self.black)
        }
    }
}

impl Controls {
    /// The control of one side.
    pub fn of(&self, color: crate::rules::Color) -> &TimeControl {
        match color {
            crate::rules::Color::White => &self.white,
            crate::rules::Color::Black => &self.black,
        }
    }

    /// The PGN TimeControl tag value ("900+10", "40/5400+30:1800+30").
    pub fn pgn_tag(&self) -> String {
        self.white
            .periods
            .iter()
            .map(|p| {
                let mut s = String::new();
                if let Some(n) = p.moves {
                    s.push_str(&format!("{n}/"));
                }
                s.push_str(&secs(p.time_ms));
                if p.increment_ms > 0 {
                    s.push_str(&format!("+{}", secs(p.increment_ms)));
                }
                s
            })
            .collect::<Vec<_>>()
            .join(":")
    }
}
