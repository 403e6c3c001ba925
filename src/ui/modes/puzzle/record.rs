//! The player's puzzle record in the data folder: the Glicko-2 rating on
//! its first line, then a line for each puzzle played ("id won", "id
//! lost", "id skipped"). A file that cannot be read is kept aside as a
//! damaged save is, and never overwritten.
//!
//! May use: `io`, the session, and everything below them.

use crate::study::library::Rating;
use std::collections::HashSet;

/// The player's record: their rating and the puzzles seen.
pub(super) struct Record {
    pub(super) rating: Rating,
    pub(super) seen: HashSet<String>,
    /// The lines after the rating's: a puzzle and its result each.
    history: String,
    /// How the file was found: one that could not be read was kept
    /// aside (a new record begun) or, if it could not be, is not written.
    pub(super) found: crate::files::Kept,
}

/// The record's first line: the rating, its deviation and volatility.
fn rating_line(line: &str) -> Option<Rating> {
    let nums: Vec<f64> = line.split_whitespace().map(|n| n.parse().ok()).collect::<Option<_>>()?;
    match nums.as_slice() {
        [r, d, v] if r.is_finite() && d.is_finite() && v.is_finite() => Some(Rating {
            rating: r.clamp(400.0, 4000.0),
            deviation: d.clamp(45.0, 500.0),
            volatility: v.clamp(0.0, 0.1),
        }),
        _ => None,
    }
}

impl Record {
    /// Read from `path` (missing: a new player; damaged: kept aside).
    pub(super) fn load(path: &std::path::Path) -> Record {
        let found = crate::files::read_kept(path, 64 << 20, |t| {
            t.is_empty() || rating_line(t.lines().next().unwrap_or("")).is_some()
        });
        let text = found.text();
        let rating = text.lines().next().and_then(rating_line).unwrap_or_default();
        let history: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let seen = history.lines().filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect();
        Record { rating, seen, history, found }
    }

    /// `id`'s result ("won", "lost", "skipped") kept with the rating:
    /// Ok(false) when the file is not written (it could not be read).
    pub(super) fn keep(&mut self, path: &std::path::Path, id: &str, result: &str) -> std::io::Result<bool> {
        self.seen.insert(id.to_string());
        self.history.push_str(&format!("{id} {result}\n"));
        if !self.found.writable() {
            return Ok(false);
        }
        let r = self.rating;
        crate::files::write_atomic(path, &format!("{} {} {}\n{}", r.rating, r.deviation, r.volatility, self.history))
            .map(|()| true)
    }
}
