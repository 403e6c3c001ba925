//! The offline puzzle library: lichess's puzzle database (or any file of
//! its form) imported a row at a time into the library file (only the
//! puzzles that replay, in lichess's form), puzzles chosen from it by
//! theme and rating band, near the player's rating first, none repeated
//! until all that fit were seen; and the player's puzzle rating, kept
//! with Glicko-2 as lichess keeps it. Readers and writers come in as
//! arguments: the files are the caller's.

use super::puzzle::Puzzle;
use std::collections::HashSet;
use std::io::{BufRead, Write};

/// What an import did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Puzzles taken in.
    pub puzzles: u64,
    /// Rows that were no puzzle (skipped, never played).
    pub skipped: u64,
    /// Puzzles already in the library (by id): not added again.
    pub duplicates: u64,
}

/// A puzzle id's key for telling ids apart without holding them (FNV-1a,
/// 64 bits: among lichess's millions of ids, a clash is a one in a
/// million chance, and costs one puzzle not imported).
pub fn id_key(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The keys of the ids in a library (a row at a time), sorted: 8 bytes
/// a puzzle.
pub fn known_ids(library: &mut impl BufRead) -> std::io::Result<Vec<u64>> {
    let mut keys = Vec::new();
    while let Some(row) = crate::files::bounded::read_line_or_error(library, MAX_ROW)? {
        if let Some(id) = row.split(|b| *b == b',').next().filter(|id| !id.is_empty()) {
            keys.push(id_key(&String::from_utf8_lossy(id)));
        }
    }
    keys.sort_unstable();
    keys.dedup();
    Ok(keys)
}

/// The longest row read (lichess's are under 400 bytes).
pub(crate) const MAX_ROW: usize = 4096;

/// Why an import stopped.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read on (the rows before it are in: this
    /// many puzzles added).
    #[error("the file cannot be read: {0}")]
    Read(std::io::Error, u64),
    /// The library could not be written.
    #[error("the library cannot be written: {0}")]
    Write(std::io::Error),
}

/// Rows checked together by one worker.
const BATCH: usize = 4096;

/// Reads lichess's CSV (its header line, if any, is no puzzle and not
/// counted) and writes each puzzle that replays to `out`, in the file's
/// order; the rest are counted, and those whose id is `known` (sorted
/// [`id_key`]s) are not added again. Rows are checked on two workers, a
/// batch at a time (a few batches in memory at most, never the file). A
/// write that fails stops the reading at once.
pub fn import(
    input: &mut (impl BufRead + ?Sized),
    out: &mut (impl Write + Send),
    known: &[u64],
) -> Result<Imported, ImportError> {
    use std::sync::mpsc::sync_channel;
    let (batches_tx, batches_rx) = sync_channel::<(usize, Vec<Vec<u8>>)>(4);
    // The workers hold the batches' end: when they stop (the writer
    // failed), the reader's next send fails and the reading stops.
    let batches_rx = std::sync::Arc::new(std::sync::Mutex::new(batches_rx));
    let (checked_tx, checked_rx) = sync_channel::<(usize, Vec<Option<String>>)>(4);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            let (rx, tx) = (batches_rx.clone(), checked_tx.clone());
            scope.spawn(move || {
                loop {
                    let Ok((n, rows)) = rx.lock().map_err(|_| ()).and_then(|r| r.recv().map_err(|_| ())) else {
                        return;
                    };
                    let checked = rows
                        .iter()
                        .map(|row| {
                            // Only rows that read back whole (under the cap
                            // with their newline) go in.
                            Puzzle::from_csv(String::from_utf8_lossy(row).trim())
                                .ok()
                                .map(|p| p.to_csv())
                                .filter(|csv| csv.len() < MAX_ROW)
                        })
                        .collect();
                    if tx.send((n, checked)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(checked_tx);
        drop(batches_rx);
        // The writer: batches back in order.
        let writer = scope.spawn(move || -> Result<Imported, ImportError> {
            let mut done = Imported::default();
            let mut waiting = std::collections::BTreeMap::new();
            let mut next = 0;
            for (n, checked) in checked_rx {
                waiting.insert(n, checked);
                while let Some(rows) = waiting.remove(&next) {
                    next += 1;
                    for row in rows {
                        match row {
                            Some(row) if known.binary_search(&id_key(row.split(',').next().unwrap_or(""))).is_ok() => {
                                done.duplicates += 1
                            }
                            Some(row) => {
                                out.write_all(row.as_bytes()).map_err(ImportError::Write)?;
                                out.write_all(b"\n").map_err(ImportError::Write)?;
                                done.puzzles += 1;
                            }
                            None => done.skipped += 1,
                        }
                    }
                }
            }
            Ok(done)
        });
        let mut first = true;
        let mut batch = Vec::with_capacity(BATCH);
        let mut n = 0;
        let read = loop {
            let row = match crate::files::bounded::read_line_or_error(input, MAX_ROW) {
                Ok(Some(row)) => row,
                Ok(None) => break Ok(()),
                Err(e) => break Err(ImportError::Read(e, 0)),
            };
            let header = std::mem::take(&mut first) && row.starts_with(b"PuzzleId");
            if header || row.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            batch.push(row);
            if batch.len() == BATCH {
                if batches_tx.send((n, std::mem::take(&mut batch))).is_err() {
                    break Ok(());
                }
                n += 1;
            }
        };
        if !batch.is_empty() {
            let _ = batches_tx.send((n, batch));
        }
        drop(batches_tx);
        let written = writer.join().unwrap_or(Ok(Imported::default()));
        match (read, written) {
            (_, Err(e)) => Err(e),
            // What was read before is in: how many, said.
            (Err(ImportError::Read(e, _)), Ok(done)) => Err(ImportError::Read(e, done.puzzles)),
            (Err(e), Ok(_)) => Err(e),
            (Ok(()), Ok(done)) => Ok(done),
        }
    })
}

/// Which puzzles are wanted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    /// A theme key they must have ("fork"), if any.
    pub theme: Option<String>,
    /// A rating band, if any.
    pub rating: Option<(u32, u32)>,
}

/// How far from the player's rating a puzzle may be to come first.
const NEAR: u32 = 200;

/// The next puzzle of the library for a player of `rating`: of those
/// wanted and not `seen`, the first near the player's rating (within
/// [`NEAR`]), else the nearest. One pass, one puzzle held at a time.
pub fn pick(library: &mut impl BufRead, wanted: &Wanted, seen: &HashSet<String>, rating: u32) -> Option<Puzzle> {
    let mut best: Option<(u32, Puzzle)> = None;
    while let Some(row) = crate::files::bounded::read_line_limited(library, MAX_ROW) {
        let row = String::from_utf8_lossy(&row);
        let Some((id, rest)) = row.split_once(',') else { continue };
        if seen.contains(id) {
            continue;
        }
        // The rating and themes are read before the whole row is.
        let fields: Vec<&str> = rest.split(',').collect();
        let Some(r) = fields.get(2).and_then(|r| r.parse::<u32>().ok()) else { continue };
        if wanted.rating.is_some_and(|(lo, hi)| r < lo || r > hi) {
            continue;
        }
        if let Some(theme) = &wanted.theme
            && !fields.get(6).is_some_and(|t| t.split_whitespace().any(|x| x.eq_ignore_ascii_case(theme)))
        {
            continue;
        }
        let distance = r.abs_diff(rating);
        if best.as_ref().is_some_and(|(d, _)| *d <= distance) {
            continue;
        }
        let Ok(p) = Puzzle::from_csv(&row) else { continue };
        if distance <= NEAR {
            return Some(p);
        }
        best = Some((distance, p));
    }
    best.map(|(_, p)| p)
}

/// A puzzle rating kept with Glicko-2 (lichess's: start 1500, deviation
/// 500 at most, volatility 0.09, τ 0.75).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating { rating: 1500.0, deviation: 500.0, volatility: 0.09 }
    }
}

const SCALE: f64 = 173.7178;
const TAU: f64 = 0.75;
/// The most a single puzzle moves the rating (lichess's maxRatingDelta).
const MAX_DELTA: f64 = 700.0;

/// Themes whose name gives the solution away (lichess's "obvious"
/// ones: mates, en passant, f2/f7, double check, castling).
fn obvious(theme: &str) -> bool {
    let t = theme.to_ascii_lowercase();
    t == "mate"
        || t.starts_with("matein")
        || t.ends_with("mate")
        || ["enpassant", "attackingf2f7", "doublecheck", "castling"].contains(&t.as_str())
}

/// Themes that hint at nothing (the phase, the material, the players).
fn hints_nothing(theme: &str) -> bool {
    const NONE: [&str; 12] = [
        "opening",
        "middlegame",
        "endgame",
        "rookendgame",
        "bishopendgame",
        "pawnendgame",
        "knightendgame",
        "queenendgame",
        "queenrookendgame",
        "master",
        "mastervsmaster",
        "supergm",
    ];
    NONE.contains(&theme.to_ascii_lowercase().as_str())
}

impl Rating {
    /// After a puzzle of `opponent`'s rating, won or lost, played for
    /// `theme` (None: any): Glicko-2, weighed as lichess weighs a
    /// theme's puzzles (a theme that gives the solution away moves the
    /// rating less) and bounded as lichess bounds one game (700 points).
    pub fn after_puzzle(self, opponent: f64, won: bool, theme: Option<&str>) -> Rating {
        let weight = match theme {
            None => 1.0,
            Some(t) if t.eq_ignore_ascii_case("mix") => 1.0,
            Some(t) if obvious(t) => {
                if won {
                    0.1
                } else {
                    0.4
                }
            }
            Some(t) if hints_nothing(t) => {
                if won {
                    0.7
                } else {
                    0.8
                }
            }
            Some(_) => {
                if won {
                    0.2
                } else {
                    0.7
                }
            }
        };
        let full = self.after(opponent, won);
        let mix = |a: f64, b: f64| a * (1.0 - weight) + b * weight;
        let change = (mix(self.rating, full.rating) - self.rating).clamp(-MAX_DELTA, MAX_DELTA);
        Rating {
            rating: (self.rating + change).clamp(400.0, 4000.0),
            deviation: mix(self.deviation, full.deviation).clamp(45.0, 500.0),
            volatility: mix(self.volatility, full.volatility).min(0.1),
        }
    }

    /// After one game against a puzzle of `opponent` (its deviation
    /// taken as lichess's puzzles have it, small): won or lost.
    pub fn after(self, opponent: f64, won: bool) -> Rating {
        let (mu, phi, sigma) = ((self.rating - 1500.0) / SCALE, self.deviation / SCALE, self.volatility);
        let (mu_j, phi_j) = ((opponent - 1500.0) / SCALE, 80.0 / SCALE);
        let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
        let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        let s = if won { 1.0 } else { 0.0 };
        let v = 1.0 / (g * g * e * (1.0 - e));
        let delta = v * g * (s - e);
        // The new volatility (Illinois iteration, as in Glickman's paper).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2)) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 100.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= 1e-6 {
                break;
            }
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
        }
        let sigma_new = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * g * (s - e);
        let r = Rating {
            rating: (mu_new * SCALE + 1500.0).clamp(400.0, 4000.0),
            deviation: (phi_new * SCALE).clamp(45.0, 500.0),
            volatility: sigma_new.min(0.1),
        };
        if r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite() { r } else { self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,76,95,7214,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,";
    const MATE: &str = "mate0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,900,0,0,0,mateIn1 backRankMate,,";

    #[test]
    fn broken_rows_are_skipped_and_counted() {
        let file = format!(
            "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n{GOOD}\nnot,a,puzzle\n{MATE}\nbad0001,8/8/8/8/8/8/8/8 w - - 0 1,e2e4 e7e5,1500,0,0,0,fork,,\n"
        );
        let mut out = Vec::new();
        let done = import(&mut file.as_bytes(), &mut out, &[]).expect("imported");
        assert_eq!(done, Imported { puzzles: 2, skipped: 2, duplicates: 0 });
        // Imported again: every puzzle known, none added.
        let known = known_ids(&mut out.as_slice()).expect("ids");
        let mut again = Vec::new();
        let done = import(&mut file.as_bytes(), &mut again, &known).expect("again");
        assert_eq!(done, Imported { puzzles: 0, skipped: 2, duplicates: 2 });
        assert!(again.is_empty());
        let library = String::from_utf8(out).expect("text");
        let seen = HashSet::new();
        let wanted = Wanted { theme: Some("backRankMate".into()), rating: None };
        assert_eq!(pick(&mut library.as_bytes(), &wanted, &seen, 1500).map(|p| p.id), Some("mate0001".into()));
        // Nearest the player's rating first; a seen one never again.
        let all = Wanted::default();
        assert_eq!(pick(&mut library.as_bytes(), &all, &seen, 1900).map(|p| p.id), Some("00008".into()));
        let seen: HashSet<String> = ["00008".to_string()].into();
        assert_eq!(pick(&mut library.as_bytes(), &all, &seen, 1900).map(|p| p.id), Some("mate0001".into()));
        let band = Wanted { theme: None, rating: Some((1000, 1200)) };
        assert_eq!(pick(&mut library.as_bytes(), &band, &HashSet::new(), 1500), None);
    }

    /// Glicko-2 as in Glickman's example direction: a win raises, a loss
    /// lowers, the deviation shrinks; nothing becomes NaN.
    #[test]
    fn the_rating_moves_as_glicko_2() {
        let r = Rating::default();
        let won = r.after(1500.0, true);
        let lost = r.after(1500.0, false);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0, "{won:?} {lost:?}");
        assert!(won.deviation < 500.0);
        // A new player's first loss to a puzzle far below: bounded as
        // lichess bounds one game; with an obvious theme, less.
        let first = Rating::default().after_puzzle(600.0, false, None);
        assert!(first.rating >= 1500.0 - MAX_DELTA && first.rating < 1500.0, "{first:?}");
        let mate = Rating::default().after_puzzle(600.0, false, Some("mateIn1"));
        assert!(mate.rating > first.rating, "{mate:?}");
        let near = Rating::default().after_puzzle(1500.0, false, None);
        assert!((1200.0..1400.0).contains(&near.rating), "{near:?}");
        let mut r = Rating::default();
        for i in 0..200 {
            r = r.after(1500.0 + f64::from(i % 7) * 100.0, i % 3 != 0);
            assert!(r.rating.is_finite() && (400.0..=4000.0).contains(&r.rating));
        }
    }
}
