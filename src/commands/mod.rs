//! The commands of the voxchess program: the body of each subcommand,
//! called by the binary once it has parsed the command line (`src/main.rs`
//! only parses and dispatches). What a command starts in a session lives
//! in the front end (`ui`); here are the merging of the settings file with
//! the options, the files read, and the lines a command prints.
//!
//! Every line on standard output passes the one output filter
//! ([`crate::ui::output::filter_lines`]); an output closed early or full
//! ends the program with one line, never a panic.

/// A line on standard output (as `println!`).
macro_rules! out_line {
    () => { $crate::commands::write_out(format_args!("\n")) };
    ($($t:tt)*) => { $crate::commands::write_out(format_args!("{}\n", format_args!($($t)*))) };
}
/// Text on standard output, without a line end.
macro_rules! out_text {
    ($($t:tt)*) => { $crate::commands::write_out(format_args!($($t)*)) };
}
/// A line on standard error (as `eprintln!`): an error output that is
/// closed or gone (a terminal hung up) is no reason to panic.
macro_rules! err_line {
    () => {{ use std::io::Write; let _ = writeln!(std::io::stderr()); }};
    ($($t:tt)*) => {{ use std::io::Write; let _ = writeln!(std::io::stderr(), $($t)*); }};
}

pub mod arguments;
pub mod online;
pub mod play;
pub mod sound;
pub mod text;

use crate::config::{ConfigError, Settings, StartProblem};
use crate::speech::SpeechLang;
use std::process::ExitCode;
use std::sync::{Mutex, OnceLock};

/// What a command's failure is: a problem said in the session's
/// language, or another error said as it is.
pub type Outcome = anyhow::Result<ExitCode>;

/// The language of the line said when standard output cannot be written
/// (set once at start; English until then).
static OUTPUT_LANG: OnceLock<SpeechLang> = OnceLock::new();

/// Writes text on standard output through the output filter.
pub(crate) fn write_out(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    // The one output filter: nothing read from outside moves the cursor.
    let text = crate::ui::output::filter_lines(&args.to_string());
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        // A reader that stopped reading wants nothing more: no message.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            let lang = OUTPUT_LANG.get().copied().unwrap_or_default();
            say_problem(lang, &StartProblem::CannotWriteOutput(e.to_string()));
        }
        std::process::exit(1);
    }
}

/// A problem as one line on stderr however long, in `lang`.
#[cfg(feature = "tts")]
fn say_problem_line(lang: SpeechLang, p: &StartProblem) {
    err_line!("voxchess: {}", crate::ui::app::start_problem_words(lang, p).replace(crate::ui::output::GLUE, " "));
}

/// A problem before a session as one line on stderr, in `lang`.
fn say_problem(lang: SpeechLang, p: &StartProblem) {
    err_rows(&crate::ui::app::start_problem_words(lang, p));
}

/// A failure on stderr in rows of at most 40 cells, each holding whole
/// items, the first starting "voxchess: ".
fn err_rows(text: &str) {
    prompt_rows(&format!("voxchess: {text}"));
}

/// A question on stderr (a prompt: what is typed after it is no output)
/// in rows of at most 40 cells.
fn prompt_rows(text: &str) {
    for row in crate::ui::output::rows(&[crate::ui::output::Line::info(text.to_string())]) {
        err_line!("{row}");
    }
}

/// A sentence on stdout in rows of at most 40 cells.
fn out_rows(text: &str) {
    for row in crate::ui::output::rows(&[crate::ui::output::Line::info(text.to_string())]) {
        out_line!("{row}");
    }
}

/// Plain mode is automatic when the terminal cannot do more: output or
/// input redirected, or TERM=dumb.
fn plain_terminal() -> bool {
    use std::io::IsTerminal;
    !std::io::stdout().is_terminal()
        || !std::io::stdin().is_terminal()
        || std::env::var("TERM").map_or(true, |t| t == "dumb" || t.is_empty())
}

/// The largest game file or FEN file read (a PGN database of some
/// thousand games fits).
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// A game file or FEN file: only a regular file, read up to the limit (a
/// FIFO, a device or /dev/zero is refused at once).
fn read_file(path: &std::path::Path) -> anyhow::Result<String> {
    crate::read_text(path, MAX_FILE_BYTES)
        .map_err(|e| StartProblem::CannotRead { path: path.display().to_string(), reason: e.to_string() }.into())
}

/// A game file with a problem at a place.
fn bad_games(path: &std::path::Path, error: crate::notation::pgn::PgnError) -> anyhow::Error {
    StartProblem::BadGames { path: path.display().to_string(), error: Box::new(error) }.into()
}

/// A game file without a game.
fn no_game(path: &std::path::Path) -> anyhow::Error {
    StartProblem::NoGame(path.display().to_string()).into()
}

/// What every command starts from: the settings file, read once, and
/// the session's language (the file's, unless `--lang` says otherwise),
/// known before the command line is read, so that even a problem with
/// the command line is said in it.
pub struct Start {
    lang: SpeechLang,
    file: Settings,
    /// The settings file's problems, not said yet (said once).
    problems: Mutex<Vec<ConfigError>>,
}

impl Start {
    /// Reads the settings file; `args` is the command line as given.
    pub fn read(args: &[String]) -> Start {
        let (file, problems) = Settings::load();
        let lang = crate::ui::app::session_lang(args, file.lang);
        let _ = OUTPUT_LANG.set(lang);
        Start { lang, file, problems: Mutex::new(problems) }
    }

    /// The session's language.
    pub fn lang(&self) -> SpeechLang {
        self.lang
    }

    /// The settings file's values; each problem is one line on stderr
    /// (said once), and its setting keeps its default.
    pub fn settings(&self) -> Settings {
        let problems = self.problems.lock().map(|mut p| std::mem::take(&mut *p)).unwrap_or_default();
        for p in problems {
            self.say_problem(&p.into());
        }
        self.file.clone()
    }

    /// A problem before the session as one line on stderr.
    fn say_problem(&self, p: &StartProblem) {
        say_problem(self.lang, p);
    }

    /// The exit code of a command: its own, or a failure said in one line.
    pub fn exit_code(&self, outcome: Outcome) -> ExitCode {
        match outcome {
            Ok(code) => code,
            Err(e) => {
                if let Some(p) = e.downcast_ref::<StartProblem>() {
                    self.say_problem(p);
                } else if let Some(e) = e.downcast_ref::<crate::ui::failure::SessionError>() {
                    err_rows(&crate::ui::app::session_error_words(self.lang, e));
                } else {
                    err_rows(&format!("{e:#}"));
                }
                ExitCode::FAILURE
            }
        }
    }
}
