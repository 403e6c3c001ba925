//! The puzzle mode's starts: the library's puzzles (after the daily
//! one), lichess's puzzles by theme or to replay, the dashboard and the
//! daily puzzle asked of lichess, and an import into the library.

use super::{PuzzleLink, PuzzleMode};
use crate::config::Settings;
use crate::speech::Lexicon;
use crate::ui::failure::SessionError;
use crate::ui::io::Io;
use crate::ui::words::Narrator;
use std::path::PathBuf;

/// Where the library and the player's puzzle record are.
pub(crate) struct PuzzleFiles {
    /// The library (lichess's form, a puzzle a line).
    pub(crate) library: PathBuf,
    /// The player's record: the rating line, then a puzzle id and its
    /// result a line.
    pub(crate) record: PathBuf,
    /// The best puzzle streak ("best N").
    pub(crate) streak: PathBuf,
}

impl PuzzleFiles {
    /// The library and record of the data folder.
    pub(crate) fn in_data_folder() -> PuzzleFiles {
        let dir = crate::config::data_dir().join("puzzles");
        PuzzleFiles { library: dir.join("library.csv"), record: dir.join("record.txt"), streak: dir.join("streak.txt") }
    }
}

/// `voxchess puzzle import FILE`: the puzzles of `input` added to the
/// library, a row at a time; the words of what was done, or why not.
pub(crate) fn import(settings: &Settings, input: Box<dyn std::io::BufRead>) -> Result<String, ImportFailed> {
    use crate::study::library::ImportError;
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let files = PuzzleFiles::in_data_folder();
    let problem = |e: &std::io::Error| ImportFailed::NotWritten(crate::game::WriteProblem::of(e));
    if let Some(dir) = files.library.parent() {
        crate::config::private_dir(dir).map_err(|e| problem(&e))?;
    }
    let out = std::fs::OpenOptions::new().create(true).append(true).open(&files.library).map_err(|e| problem(&e))?;
    let mut out = std::io::BufWriter::new(out);
    let mut input = input;
    let done = crate::study::library::import(&mut input, &mut out);
    // What was read before a failure is kept.
    std::io::Write::flush(&mut out).map_err(|e| problem(&e))?;
    match done {
        Ok(done) => {
            crate::study::index::build(&files.library).map_err(|e| problem(&e))?;
            Ok(words.puzzles_imported(done))
        }
        Err(ImportError::Write(e)) => Err(problem(&e)),
        Err(ImportError::Read(e)) => {
            let _ = crate::study::index::build(&files.library);
            Err(ImportFailed::Unreadable(e))
        }
    }
}

/// Why an import stopped.
#[derive(Debug)]
pub(crate) enum ImportFailed {
    /// The library cannot be written.
    NotWritten(crate::game::WriteProblem),
    /// The file could not be read on (what was read before is in).
    Unreadable(std::io::Error),
}

/// `voxchess puzzle`: puzzles from the library that fit `wanted`.
/// `given` come first (the daily puzzle), then the library's.
pub(crate) fn start(
    settings: Settings,
    wanted: crate::study::library::Wanted,
    given: Vec<crate::study::puzzle::Puzzle>,
    plain: bool,
) -> Result<(), SessionError> {
    let io = Io::open(&settings);
    let mode = PuzzleMode::new(&settings, PuzzleFiles::in_data_folder(), wanted, given, None);
    io.run(Box::new(mode), plain)?;
    Ok(())
}

/// `voxchess puzzle streak`: the puzzle streak from the library, of
/// `wanted`'s theme.
pub(crate) fn streak(
    settings: Settings,
    wanted: crate::study::library::Wanted,
    plain: bool,
) -> Result<(), SessionError> {
    let io = Io::open(&settings);
    let mode = PuzzleMode::streak(&settings, PuzzleFiles::in_data_folder(), wanted);
    io.run(Box::new(mode), plain)?;
    Ok(())
}

/// Which lichess puzzles: a theme (or "mix") at a difficulty, or the
/// theme's puzzles failed in the last days, to replay.
pub(crate) struct LichessPuzzles {
    /// The theme key, or "mix".
    pub(crate) angle: String,
    /// How hard.
    pub(crate) difficulty: crate::online::puzzle::Difficulty,
    /// Replay the puzzles failed in this many days (no new batches).
    pub(crate) replay_days: Option<u32>,
}

/// `voxchess puzzle online` and `replay`: lichess's puzzles with the
/// player's token, their results posted back to count on the player's
/// lichess rating. Ok(Some(line)): nothing to play, and why.
pub(crate) fn online(
    settings: Settings,
    server: &str,
    asked: LichessPuzzles,
    plain: bool,
) -> Result<Option<String>, SessionError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let client = logged_in(server)?;
    let given = match asked.replay_days {
        Some(days) => {
            let puzzles = crate::online::puzzle::replay(&client, days, &asked.angle).map_err(SessionError::Puzzles)?;
            if puzzles.is_empty() {
                return Ok(Some(words.puzzle_replay_none()));
            }
            puzzles
        }
        None => Vec::new(),
    };
    let io = Io::open(&settings);
    let mode = lichess_mode(&settings, client, io.tx.clone(), asked, given)?;
    io.run(Box::new(mode), plain)?;
    Ok(None)
}

/// lichess's puzzles as a mode of a session (`voxchess puzzle online`,
/// or `puzzles` in the lobby): `given` first, then batches of the theme
/// asked (none when replaying).
pub(crate) fn lichess_mode(
    settings: &Settings,
    client: crate::online::Client,
    tx: std::sync::mpsc::Sender<crate::ui::input::Msg>,
    asked: LichessPuzzles,
    given: Vec<crate::study::puzzle::Puzzle>,
) -> Result<PuzzleMode, SessionError> {
    let files = PuzzleFiles::in_data_folder();
    let dir = files.library.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
    crate::config::private_dir(&dir).map_err(|e| SessionError::NotWritten(crate::game::WriteProblem::of(&e)))?;
    let refill = asked.replay_days.is_none();
    let link = PuzzleLink::new(client, tx, (asked.angle, asked.difficulty), refill, &dir);
    let wanted = crate::study::library::Wanted::default();
    Ok(PuzzleMode::new(settings, files, wanted, given, Some(link)))
}

/// `voxchess puzzle dashboard`: the player's lichess puzzle dashboard of
/// the last `days`, in words.
pub(crate) fn dashboard(settings: &Settings, server: &str, days: u32) -> Result<Vec<String>, SessionError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let client = logged_in(server)?;
    let dashboard = crate::online::puzzle::dashboard(&client, days).map_err(SessionError::Puzzles)?;
    Ok(words.puzzle_dashboard(&dashboard))
}

/// A client of `server` with the player's token; none kept: not logged in.
fn logged_in(server: &str) -> Result<crate::online::Client, SessionError> {
    let token = crate::online::token::load().ok_or(SessionError::NotLoggedIn)?;
    Ok(crate::online::Client::new(server, &token))
}

/// lichess's daily puzzle from `server` (no login).
pub(crate) fn daily(server: &str) -> Result<crate::study::puzzle::Puzzle, SessionError> {
    let client = crate::online::Client::new(server, "");
    crate::online::puzzle::daily(&client).map_err(SessionError::Online)
}
