//! The talking clock's sentences.

use serde::Deserialize;

/// The talking clock's sentences; {placeholders} are filled in.
#[derive(Debug, Deserialize)]
#[allow(missing_docs)]
pub struct ClockWords {
    pub started: String,
    pub waiting: String,
    pub side_time: String,
    pub to_move: String,
    pub paused: String,
    pub resumed: String,
    pub added: String,
    pub taken: String,
    pub control_near: String,
    pub moves: [String; 3],
    pub new_period: String,
    pub flag: String,
    pub not_your_turn: String,
    pub game_over: String,
    /// Both times, when the clock starts and stops.
    pub times: String,
    pub stopped: String,
    /// A line that is no clock key, and a bad adjustment.
    pub not_a_key: String,
    pub bad_adjust: String,
    /// The keys (terminal), in short lines.
    pub help: Vec<String>,
    /// The typed lines (plain mode), in short lines.
    pub help_lines: Vec<String>,
}
