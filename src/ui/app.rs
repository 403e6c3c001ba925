//! Before a session: the session's language from the command line, the
//! data folder locked, the save found at start (a damaged one kept aside,
//! a finished game's score written, an unfinished game asked about), and
//! the problems said before a session, in the session's language. Each
//! mode's own start is in its module ([`super::modes`], [`super::lobby`]).
//!
//! May use every front-end module; nothing imports it but the commands.

use super::output::{Line, rows};
use super::words::{Fixed, Narrator};
use crate::game::SavedGame;
use crate::rules::Position;
use crate::speech::Lexicon;

/// What to do with an unfinished game found in the data folder.
#[derive(Debug)]
pub enum Unfinished {
    /// There is none (or a damaged one was kept aside): start a new game.
    None,
    /// Continue it.
    Continue(Box<SavedGame>),
    /// It was kept as a PGN file: start a new game.
    Kept,
    /// Start nothing: the player ended the question (input ended, quit).
    Stop,
    /// Start nothing: the game could not be kept (said already); the
    /// program ends with a failure.
    NotKept,
}

/// What could not be done with the save, as the session's error.
pub fn save_left(e: std::io::Error) -> super::failure::SessionError {
    super::failure::SessionError::SaveLeft(crate::files::WriteProblem::of(&e))
}

/// Runs a session whose first mode is `opening`: the fronts (screen,
/// voice, voice input) opened for its settings, the mode built by the
/// modes' one opener, and the notes it adds said after its greeting.
/// Whether what was played was kept (false: a game that could not be
/// saved as the player left, which was said).
pub(crate) fn run(
    opening: crate::ui::modes::opening::Opening,
    plain: bool,
) -> Result<bool, super::failure::SessionError> {
    let settings = opening.settings().clone();
    run_with(&settings, plain, |host, now| crate::ui::modes::start(opening, host, now))
}

/// Runs a session whose first mode `open` builds (the lobby's, which
/// sits above the modes, too), the fronts opened for `settings`: the one
/// place a session's fronts are opened.
pub(crate) fn run_with(
    settings: &crate::config::Settings,
    plain: bool,
    open: impl FnOnce(
        crate::ui::modes::opening::Host,
        u64,
    ) -> Result<crate::ui::modes::opening::Started, super::failure::SessionError>,
) -> Result<bool, super::failure::SessionError> {
    let mut io = super::io::Io::open(settings);
    let host = crate::ui::modes::opening::Host { tx: io.tx.clone(), listening: io.listening() };
    let now = crate::clock::TimeSource::now_ms(&io.time);
    let started = open(host, now)?;
    for note in started.notes {
        io.note(note);
    }
    Ok(io.run(started.mode, plain)?)
}

/// Locks the data folder, or says why not.
pub fn lock_data() -> Result<crate::files::DataLock, super::failure::SessionError> {
    Ok(crate::files::DataLock::take(&crate::config::data_dir())?)
}

/// Keeps a damaged save aside (never over another file) and says so in
/// the player's language.
pub fn keep_damaged(lang: crate::speech::SpeechLang, path: &std::path::Path) -> std::io::Result<String> {
    let aside = SavedGame::keep_aside(path)?;
    let words = Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief);
    Ok(words.damaged_kept(&super::words::file_name(&aside)))
}

/// One start line in the session's language (before a session starts).
fn say_at_start(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for l in rows(&[Line::info(text)]) {
        // A closed output ends nothing here: the game's own lines fail later.
        let _ = writeln!(out, "{l}");
    }
}

/// The save in the data folder at start, once what it needed is done
/// and said: a damaged save is kept aside, and a game that ended (its
/// score not written then) has its score written to the games folder
/// now. What is left is a game to continue, or nothing.
#[derive(Debug)]
pub enum Found {
    /// No save (or a damaged one, kept aside).
    Nothing,
    /// A game that had ended; its score is now in the games folder.
    FinishedWritten,
    /// An unfinished game.
    Unfinished(Box<SavedGame>),
    /// A finished game whose score still cannot be written: start nothing.
    Stop,
}

/// Looks at the save at start (see [`Found`]); every step is said in the
/// player's language.
pub fn found_save(lang: crate::speech::SpeechLang) -> std::io::Result<Found> {
    let words = Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief);
    let path = SavedGame::path();
    let saved = match SavedGame::load(&path) {
        Ok(None) => return Ok(Found::Nothing),
        Ok(Some(s)) => s,
        Err(crate::game::SaveError::Damaged(..)) => {
            say_at_start(&keep_damaged(lang, &path)?);
            return Ok(Found::Nothing);
        }
        Err(e) => return Err(std::io::Error::other(e.to_string())),
    };
    // Checked when loaded, and written anew: the score is the save's own game.
    let Some(score) = &saved.score else {
        return Ok(Found::Unfinished(Box::new(saved)));
    };
    match keep_as_score(&saved, score, &path) {
        Ok(p) => {
            say_at_start(&words.finished_written(&super::words::file_name(&p)));
            Ok(Found::FinishedWritten)
        }
        Err(e) => {
            say_at_start(&words.finished_not_written(crate::files::WriteProblem::of(&e)));
            Ok(Found::Stop)
        }
    }
}

/// `resume` found no unfinished game: said in the player's language.
pub fn no_unfinished(lang: crate::speech::SpeechLang) {
    say_at_start(&Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief).fixed(Fixed::NoUnfinished));
}

/// Writes a saved game's score as a new file in the games folder, then
/// removes the save (only once the score is written and synced).
fn keep_as_score(saved: &SavedGame, pgn: &str, path: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    let dir = crate::config::data_dir().join("games");
    let written = crate::files::write_new_numbered(&dir, &saved.date.replace('.', "-"), "pgn", pgn)?;
    SavedGame::clear(path)?;
    Ok(written)
}

/// Asks about an unfinished game, in the player's language, until the
/// answer is yes or no. No keeps the game as a PGN file (result "*") in the
/// games folder first; a damaged save is kept aside, and a finished game's
/// score written. Nothing is lost.
pub fn unfinished_game(
    lang: crate::speech::SpeechLang,
    input: &mut dyn std::io::BufRead,
) -> Result<Unfinished, super::failure::SessionError> {
    use crate::speech::{Answer, Channel, Command, Intent, Resolver};
    let words = Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief);
    let saved = match found_save(lang).map_err(save_left)? {
        Found::Nothing => return Ok(Unfinished::None),
        Found::FinishedWritten => return Ok(Unfinished::Kept),
        Found::Stop => return Ok(Unfinished::NotKept),
        Found::Unfinished(saved) => saved,
    };
    let resolver = Resolver::new(lang);
    say_at_start(&words.fixed(Fixed::UnfinishedFound));
    loop {
        // A bounded line; bytes that are not UTF-8 are no answer.
        let Some(line) = crate::files::bounded::read_text_line(input) else {
            say_at_start(&words.fixed(Fixed::NothingChanged));
            return Ok(Unfinished::Stop);
        };
        match resolver.resolve(&Position::start(), &line, Channel::Typed) {
            Intent::Answer(Answer::Yes) => return Ok(Unfinished::Continue(saved)),
            Intent::Answer(Answer::No | Answer::Cancel) => break,
            // Quitting here leaves the game as it was, as the end of input does.
            Intent::Command(Command::Quit) => {
                say_at_start(&words.fixed(Fixed::NothingChanged));
                return Ok(Unfinished::Stop);
            }
            _ => say_at_start(&words.fixed(Fixed::YesOrNo)),
        }
    }
    let kept = saved
        .to_pgn()
        .map_err(|e| std::io::Error::other(e.to_string()))
        .and_then(|pgn| keep_as_score(&saved, &pgn, &SavedGame::path()));
    match kept {
        Ok(p) => {
            say_at_start(&words.unfinished_kept(&super::words::file_name(&p)));
            Ok(Unfinished::Kept)
        }
        Err(e) => {
            say_at_start(&words.unfinished_not_kept(crate::files::WriteProblem::of(&e)));
            Ok(Unfinished::NotKept)
        }
    }
}

/// A problem before a session, in the session's language. English keeps
/// the detailed message; the other languages say what to check in their
/// own words.
pub fn start_problem_words(lang: crate::speech::SpeechLang, p: &crate::config::StartProblem) -> String {
    if lang == crate::speech::SpeechLang::English {
        return p.to_string();
    }
    Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief).start_problem(p)
}

/// Why a session could not start or go on, in `lang`.
pub fn session_error_words(lang: crate::speech::SpeechLang, e: &super::failure::SessionError) -> String {
    Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief).session_error(e)
}

/// The session's language before the command line is read: `--lang`
/// among the arguments when it names a speech language, else the
/// settings file's, else English.
pub fn session_lang(args: &[String], file_lang: crate::speech::SpeechLang) -> crate::speech::SpeechLang {
    let given = args.iter().enumerate().find_map(|(i, a)| match a.strip_prefix("--lang") {
        Some("") => args.get(i + 1).map(String::as_str),
        Some(v) => v.strip_prefix('='),
        None => None,
    });
    match given.and_then(|v| v.parse().ok()) {
        Some(lang) => lang,
        None => file_lang,
    }
}
