//! The clock's typed keys: a line of the standalone clock read as a
//! clock input ("w", "b", "p", "+w 2"), or why it is none.

use super::runner::ClockInput;
use crate::rules::Color;

/// A typed line that is not a clock input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// Not a key at all (the line, shortened).
    #[error("'{0}' is not a clock key")]
    NotAKey(String),
    /// An adjustment without a side or with a bad number of minutes.
    #[error("'{0}' is not an adjustment like +w 2")]
    BadAdjust(String),
}

/// Reads one typed line as a clock input: "w", "b", "" (switch), "p",
/// "t", "o", "a", "+w", "-b 2", "q". None for help.
pub fn parse_line(line: &str, me: Color) -> Result<Option<ClockInput>, KeyError> {
    let t = line.trim().to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let side = |w: &str| match w {
        "w" | "white" => Some(Color::White),
        "b" | "black" => Some(Color::Black),
        _ => None,
    };
    Ok(Some(match words.as_slice() {
        [] | ["s"] | ["switch"] | ["space"] => ClockInput::Switch,
        [w] if side(w).is_some() => ClockInput::Press(side(w).unwrap_or(Color::White)),
        ["p"] | ["pause"] | ["resume"] => ClockInput::TogglePause,
        ["t"] | ["time"] | ["me"] | ["mine"] => ClockInput::Tell(me),
        ["o"] | ["opponent"] => ClockInput::Tell(!me),
        ["a"] | ["both"] => ClockInput::TellBoth,
        ["q"] | ["quit"] | ["exit"] => ClockInput::Quit,
        ["h"] | ["help"] | ["?"] => return Ok(None),
        [first, rest @ ..] if first.starts_with(['+', '-']) => {
            let sign: i64 = if first.starts_with('-') { -1 } else { 1 };
            let mut parts: Vec<&str> = Vec::new();
            let glued = &first[1..];
            if !glued.is_empty() {
                parts.push(glued);
            }
            parts.extend(rest.iter().copied());
            let (color, minutes) = match parts.as_slice() {
                [c] => (side(c), Some(1.0)),
                [c, m] => (side(c), m.parse::<f64>().ok()),
                _ => (None, None),
            };
            match (color, minutes) {
                (Some(c), Some(m)) if m.is_finite() && m > 0.0 && m <= 600.0 => {
                    ClockInput::Adjust(c, sign * (m * 60_000.0).round() as i64)
                }
                _ => return Err(KeyError::BadAdjust(shorten(line.trim()))),
            }
        }
        _ => return Err(KeyError::NotAKey(shorten(line.trim()))),
    }))
}

fn shorten(s: &str) -> String {
    if s.chars().count() <= 20 { s.to_string() } else { format!("{}...", s.chars().take(17).collect::<String>()) }
}
