//! The puzzle mode's starts: the library's puzzles (after the daily
//! one), lichess's puzzles by theme or to replay, the dashboard and the
//! daily puzzle asked of lichess, and an import into the library.

use super::{PuzzleLink, PuzzleMode};
use crate::config::Settings;
use crate::speech::Lexicon;
use crate::ui::failure::SessionError;
use crate::ui::output::Line;
use crate::ui::words::Narrator;
use std::path::{Path, PathBuf};

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

/// The mark of an import under way beside `library`: the library's
/// length before it. Left by an import that was cut short (killed, the
/// power gone), it says where the library ended.
fn import_mark(library: &Path) -> PathBuf {
    library.with_extension("importing")
}

/// An import that ended whole: its mark goes. A mark left behind would
/// cut the library back at the next start, so its removal is checked.
fn end_import(library: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(import_mark(library)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// An import cut short is undone: the library back to its length before
/// it (its index then matches again). Ok(true) when one was.
pub(crate) fn undo_cut_import(library: &Path) -> std::io::Result<bool> {
    let mark = import_mark(library);
    let text = match crate::files::bounded::read_regular_text(&mark, 100, false) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    if let Ok(length) = text.trim().parse::<u64>() {
        let file = crate::files::open_to_append(library)?;
        if file.metadata()?.len() > length {
            file.set_len(length)?;
            file.sync_all()?;
        }
    }
    std::fs::remove_file(&mark)?;
    Ok(true)
}

/// `voxchess puzzle import FILE`: the puzzles of `input` added to the
/// library, a row at a time (none whose id is there already); the words
/// of what was done, or why not. The library is only ever added to
/// whole: a write that fails takes it back to what it was (and says so),
/// and an import cut short is taken back at the next start.
pub(crate) fn import(settings: &Settings, input: Box<dyn std::io::BufRead>) -> Result<String, ImportFailed> {
    use crate::study::library::ImportError;
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let files = PuzzleFiles::in_data_folder();
    let problem = |e: &std::io::Error| ImportFailed::NotWritten(crate::files::WriteProblem::of(e));
    if let Some(dir) = files.library.parent() {
        crate::files::private_dir(dir).map_err(|e| problem(&e))?;
    }
    let mut said = Vec::new();
    if undo_cut_import(&files.library).map_err(|e| problem(&e))? {
        said.push(words.import_undone());
    }
    let out = crate::files::open_to_append(&files.library).map_err(|e| problem(&e))?;
    let before = out.metadata().map_err(|e| problem(&e))?.len();
    let known = crate::study::library::known_ids(&mut std::io::BufReader::new(
        crate::files::bounded::open_regular(&files.library, false).map_err(|e| problem(&e))?,
    ))
    .map_err(|e| problem(&e))?;
    crate::files::write_atomic(&import_mark(&files.library), &format!("{before}\n")).map_err(|e| problem(&e))?;
    let mut writer = std::io::BufWriter::new(&out);
    let mut input = input;
    let done = crate::study::library::import(&mut input, &mut writer, &known);
    let flushed = std::io::Write::flush(&mut writer).and_then(|()| out.sync_all());
    drop(writer);
    // The library as it was: nothing half added. If it cannot even be
    // cut back, the mark stays, and the next start cuts it back.
    let undo = |e: &std::io::Error| {
        if out.set_len(before).and_then(|()| out.sync_all()).is_ok() {
            let _ = std::fs::remove_file(import_mark(&files.library));
        }
        problem(e)
    };
    match (done, flushed) {
        (Err(ImportError::Write(e)), _) | (_, Err(e)) => Err(undo(&e)),
        (Ok(done), Ok(())) => {
            crate::study::index::build(&files.library).map_err(|e| undo(&e))?;
            end_import(&files.library).map_err(|e| undo(&e))?;
            said.push(words.puzzles_imported(done));
            Ok(said.join(" "))
        }
        // What was read before the file failed is kept, and said.
        (Err(ImportError::Read(e, added)), Ok(())) => {
            crate::study::index::build(&files.library).map_err(|e| undo(&e))?;
            end_import(&files.library).map_err(|e| undo(&e))?;
            Err(ImportFailed::Unreadable(e, added))
        }
    }
}

/// The words of an import whose file could not be read to its end.
pub(crate) fn unreadable_words(settings: &Settings, e: &std::io::Error, added: u64) -> String {
    Narrator::new(Lexicon::get(settings.lang), settings.style).import_unreadable(e, added)
}

/// Why an import stopped.
#[derive(Debug)]
pub(crate) enum ImportFailed {
    /// The library cannot be written (it is as it was).
    NotWritten(crate::files::WriteProblem),
    /// The file could not be read on; how many puzzles read before were
    /// added (they are kept).
    Unreadable(std::io::Error, u64),
}

/// Before the library's puzzles are played: an import cut short is
/// undone (true then, said by the mode), and an index that does not
/// match the library is rebuilt, `say` told first (a large library takes
/// some seconds).
pub(crate) fn prepare_library(settings: &Settings, say: impl Fn(&str)) -> bool {
    let files = PuzzleFiles::in_data_folder();
    let undone = undo_cut_import(&files.library).unwrap_or(false);
    let has_rows = crate::files::bounded::open_regular(&files.library, false)
        .is_ok_and(|f| f.metadata().is_ok_and(|m| m.len() > 0));
    if has_rows && !crate::study::index::matches(&files.library) {
        let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
        say(&words.index_rebuilding());
        if let Err(e) = crate::study::index::build(&files.library) {
            say(&words.puzzle_not_kept_text(crate::files::WriteProblem::of(&e)));
        }
    }
    undone
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
/// lichess rating: the client and the puzzles to give first, to open;
/// Err(line): nothing to play, and why.
pub(crate) fn online(
    settings: &Settings,
    server: &str,
    asked: &LichessPuzzles,
) -> Result<Result<(crate::online::Client, Vec<crate::study::puzzle::Puzzle>), String>, SessionError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let client = logged_in(server)?;
    let given = match asked.replay_days {
        Some(days) => {
            let puzzles = crate::online::puzzle::replay(&client, days, &asked.angle).map_err(SessionError::Puzzles)?;
            if puzzles.is_empty() {
                return Ok(Err(words.puzzle_replay_none()));
            }
            puzzles
        }
        None => Vec::new(),
    };
    Ok(Ok((client, given)))
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
    crate::files::private_dir(&dir).map_err(|e| SessionError::NotWritten(crate::files::WriteProblem::of(&e)))?;
    let refill = asked.replay_days.is_none();
    let link = PuzzleLink::new(client, tx, (asked.angle, asked.difficulty), refill, &dir);
    let wanted = crate::study::library::Wanted::default();
    Ok(PuzzleMode::new(settings, files, wanted, given, Some(link)))
}

/// `voxchess puzzle dashboard`: the player's lichess puzzle dashboard of
/// the last `days`, in words; `asking` is given "Asking lichess…" when
/// the answer takes more than a moment.
pub(crate) fn dashboard(
    settings: &Settings,
    server: &str,
    days: u32,
    asking: impl FnOnce(&Line),
) -> Result<Vec<Line>, SessionError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let client = logged_in(server)?;
    let dashboard = crate::ui::asking::waited(
        || crate::online::puzzle::dashboard(&client, days),
        || asking(&words.speakable(vec![Line::info(words.asking_lichess())])[0]),
    )
    .map_err(SessionError::Puzzles)?;
    // Said as the session says it: any notation in words.
    Ok(words.speakable(words.puzzle_dashboard(&dashboard)))
}

/// A client of `server` with the player's token; none kept: not logged in.
fn logged_in(server: &str) -> Result<crate::online::Client, SessionError> {
    let token = crate::online::token::load().ok_or(SessionError::NotLoggedIn)?;
    Ok(crate::online::Client::new(server, &token))
}

/// lichess's daily puzzle from `server` (no login); `say` is told first
/// that lichess is being asked (never seconds of silence).
pub(crate) fn daily(
    settings: &Settings,
    server: &str,
    say: impl Fn(&str),
) -> Result<crate::study::puzzle::Puzzle, SessionError> {
    say(&Narrator::new(Lexicon::get(settings.lang), settings.style).puzzle_asking_daily());
    let client = crate::online::Client::new(server, "");
    crate::online::puzzle::daily(&client).map_err(SessionError::Online)
}
