//! The puzzle mode's link to lichess: batches of puzzles by theme and
//! difficulty asked for off the session's thread, one request at a time;
//! the last batch kept in the data folder for play with no connection;
//! each result kept at once and posted (all that wait, in one request a
//! theme) after each puzzle, so that it counts on the player's lichess
//! puzzle rating; results that could not be sent stay kept and go with
//! the next request, at the latest at the next start. A 429 keeps the
//! link quiet for a minute.
//!
//! May use: `io`, the session, and everything below them.

use crate::online::Client;
use crate::online::puzzle::{Difficulty, PuzzleNews, Solved, post_and_ask};
use crate::study::puzzle::Puzzle;
use crate::ui::input::Msg;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// How long leaving waits for results being sent.
pub(super) const LEAVE_WAIT: Duration = Duration::from_secs(8);
/// How long lichess's 429 keeps the link quiet.
const QUIET: Duration = Duration::from_secs(60);
/// The most results kept waiting (a line each).
const MAX_KEPT: usize = 10_000;

/// The link.
pub(crate) struct PuzzleLink {
    client: Client,
    tx: Sender<Msg>,
    /// The theme (or "mix") puzzles are asked for.
    angle: String,
    difficulty: Difficulty,
    /// New batches are asked for when the puzzles run out (not when
    /// replaying a theme's puzzles).
    refill: bool,
    /// The last batch, a puzzle a line (the library's form).
    batch_file: PathBuf,
    /// Results not yet counted by lichess: "angle id won|lost" a line.
    results_file: PathBuf,
    /// How the results file was found at the start: when it could not
    /// be read nor put aside, nothing is written to it.
    results: crate::files::Kept,
    /// When the request under way went out.
    asking: Option<Instant>,
    /// No request before this (lichess said 429).
    quiet_until: Option<Instant>,
    /// The dashboard was asked for while another request was under way.
    dashboard_wanted: bool,
}

impl PuzzleLink {
    /// A link through `client` for puzzles of `angle`, its files in `dir`.
    pub(crate) fn new(
        client: Client,
        tx: Sender<Msg>,
        (angle, difficulty): (String, Difficulty),
        refill: bool,
        dir: &Path,
    ) -> PuzzleLink {
        let results_file = dir.join("lichess-results.txt");
        // Results that cannot be read are never written over: kept aside
        // (or left as they are), and said at the start.
        let results = crate::files::read_kept(&results_file, 1 << 20, |t| t.lines().all(|l| result_of(l).is_some()));
        PuzzleLink {
            client,
            tx,
            angle,
            difficulty,
            refill,
            batch_file: dir.join("lichess-batch.csv"),
            results_file,
            results,
            asking: None,
            quiet_until: None,
            dashboard_wanted: false,
        }
    }

    /// How the results kept were found at the start (read, kept aside,
    /// or left as they were).
    pub(crate) fn results_found(&self) -> &crate::files::Kept {
        &self.results
    }

    /// Whether a request is under way.
    pub(crate) fn asking(&self) -> bool {
        self.asking.is_some()
    }

    /// Until when leaving waits for the request under way.
    pub(crate) fn due(&self) -> Option<Instant> {
        self.asking.map(|t| t + LEAVE_WAIT)
    }

    /// Whether new batches are asked for.
    pub(crate) fn refills(&self) -> bool {
        self.refill
    }

    /// The results kept, not yet counted.
    pub(crate) fn pending(&self) -> Vec<(String, Solved)> {
        if !self.results.writable() {
            return Vec::new();
        }
        let text = crate::files::bounded::read_text(&self.results_file, 1 << 20).unwrap_or_default();
        text.lines().filter_map(result_of).take(MAX_KEPT).collect()
    }

    fn write_results(&self, results: &[(String, Solved)]) -> std::io::Result<()> {
        if !self.results.writable() {
            return Err(std::io::Error::from(std::io::ErrorKind::InvalidData));
        }
        let text: String = results
            .iter()
            .map(|(angle, s)| format!("{angle} {} {}\n", s.id, if s.win { "won" } else { "lost" }))
            .collect();
        crate::files::write_atomic(&self.results_file, &text)
    }

    /// Keeps a result until lichess counts it.
    pub(crate) fn keep_result(&self, id: &str, win: bool) -> std::io::Result<()> {
        let mut all = self.pending();
        all.retain(|(_, s)| s.id != id);
        all.push((self.angle.clone(), Solved { id: id.to_string(), win }));
        self.write_results(&all)
    }

    /// Forgets the results lichess took.
    pub(crate) fn counted(&self, posted: &[(String, Solved)]) -> std::io::Result<()> {
        let mut all = self.pending();
        all.retain(|r| !posted.contains(r));
        self.write_results(&all)
    }

    /// The batch kept.
    pub(crate) fn kept_batch(&self) -> Vec<Puzzle> {
        let text = crate::files::bounded::read_text(&self.batch_file, 1 << 20).unwrap_or_default();
        text.lines().filter_map(|l| Puzzle::from_csv(l).ok()).collect()
    }

    /// Keeps a batch for play with no connection.
    pub(crate) fn keep_batch(&self, puzzles: &[Puzzle]) -> std::io::Result<()> {
        let text: String = puzzles.iter().map(|p| format!("{}\n", p.to_csv())).collect();
        crate::files::write_atomic(&self.batch_file, &text)
    }

    /// Posts what waits and, if `want` puzzles, asks for a batch: off
    /// this thread, its answer a [`Msg::Puzzles`]. Err(seconds): lichess
    /// asked to wait that long yet. Ok(false): nothing to ask.
    pub(crate) fn ask(&mut self, want: bool, now: Instant) -> Result<bool, u64> {
        if self.asking.is_some() {
            return Ok(true);
        }
        if let Some(until) = self.quiet_until.filter(|u| *u > now) {
            return Err(until.duration_since(now).as_secs().max(1));
        }
        let mut groups: Vec<(String, Vec<Solved>)> = Vec::new();
        for (angle, s) in self.pending() {
            match groups.iter_mut().find(|(a, _)| *a == angle) {
                Some((_, list)) => list.push(s),
                None => groups.push((angle, vec![s])),
            }
        }
        let want = want && self.refill;
        if groups.is_empty() && !want {
            return Ok(false);
        }
        let nb = if want { crate::online::puzzle::MAX_BATCH } else { 0 };
        let (client, tx, angle, difficulty) =
            (self.client.clone(), self.tx.clone(), self.angle.clone(), self.difficulty);
        self.asking = Some(now);
        let started = std::thread::Builder::new().name("lichess-puzzles".into()).spawn(move || {
            let _ = tx.send(Msg::Puzzles(post_and_ask(&client, groups, &angle, difficulty, nb)));
        });
        if started.is_err() {
            self.asking = None;
            return Ok(false);
        }
        Ok(true)
    }

    /// Asks for the dashboard of the last 30 days (after the request
    /// under way, if any): its answer a [`Msg::Puzzles`]. Err(seconds):
    /// lichess asked to wait that long yet.
    pub(crate) fn ask_dashboard(&mut self, now: Instant) -> Result<(), u64> {
        if let Some(until) = self.quiet_until.filter(|u| *u > now) {
            return Err(until.duration_since(now).as_secs().max(1));
        }
        if self.asking.is_some() {
            self.dashboard_wanted = true;
            return Ok(());
        }
        let (client, tx) = (self.client.clone(), self.tx.clone());
        self.asking = Some(now);
        let started = std::thread::Builder::new().name("lichess-dashboard".into()).spawn(move || {
            let _ = tx.send(Msg::Puzzles(PuzzleNews::Dashboard(crate::online::puzzle::dashboard(&client, 30))));
        });
        if started.is_err() {
            self.asking = None;
        }
        Ok(())
    }

    /// lichess answered: the link is free again (quiet for a minute
    /// after a 429); a dashboard asked for meanwhile is asked for now.
    pub(crate) fn answered(&mut self, news: &PuzzleNews, now: Instant) {
        self.asking = None;
        let limited = match news {
            PuzzleNews::Answered { batch, .. } => batch.as_ref().is_err_and(|e| e.wait().is_some()),
            PuzzleNews::Dashboard(d) => d.as_ref().is_err_and(|e| e.wait().is_some()),
        };
        if limited {
            self.quiet_until = Some(now + QUIET);
        }
        if std::mem::take(&mut self.dashboard_wanted) && !limited {
            let _ = self.ask_dashboard(now);
        }
    }
}

/// A kept result's line ("fork 01P8L lost"): its angle and result.
fn result_of(line: &str) -> Option<(String, Solved)> {
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        [angle, id, result]
            if crate::online::puzzle::is_angle(angle)
                && crate::online::puzzle::is_angle(id)
                && matches!(*result, "won" | "lost") =>
        {
            Some((angle.to_string(), Solved { id: id.to_string(), win: *result == "won" }))
        }
        _ => None,
    }
}
