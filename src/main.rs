//! The voxchess binary: parses the command line and calls the library.

mod cli;

use anyhow::{Context, Result, bail};
use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use voxchess::clock::{Controls, Schedule, StartRule};
use voxchess::config::StartProblem;
use voxchess::notation::pgn::{read_pgn, write_pgn};
use voxchess::notation::{NotationLang, SanOptions, describe_position, read_move, read_movetext, write_san};
use voxchess::rules::Color;
use voxchess::rules::{Position, divide, perft};
use voxchess::speech::{Channel, Intent, Lexicon, Resolver, say_move, say_question, say_refusal};
use voxchess::ui::clock_app::{ClockOptions, run_plain_clock};
use voxchess::ui::clock_keys::run_terminal_clock;

/// A line on standard output (`out_line!`, as `println!`), or text
/// (`out_text!`): an output closed early (`| head -1`) or full
/// (`> /dev/full`) ends the program with one line, never a panic.
macro_rules! out_line {
    () => { write_out(format_args!("\n")) };
    ($($t:tt)*) => { write_out(format_args!("{}\n", format_args!($($t)*))) };
}
/// A line on standard error (as `eprintln!`): an error output that is
/// closed or gone (a terminal hung up) is no reason to panic.
macro_rules! err_line {
    () => {{ use std::io::Write; let _ = writeln!(std::io::stderr()); }};
    ($($t:tt)*) => {{ use std::io::Write; let _ = writeln!(std::io::stderr(), $($t)*); }};
}
macro_rules! out_text {
    ($($t:tt)*) => { write_out(format_args!($($t)*)) };
}

fn write_out(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    // The one output filter: nothing read from outside moves the cursor.
    let text = voxchess::ui::output::filter_lines(&args.to_string());
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        // A reader that stopped reading wants nothing more: no message.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            say_problem(&StartProblem::CannotWriteOutput(e.to_string()));
        }
        std::process::exit(1);
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

/// The deepest perft (depth 15 from the start is about 2 * 10^21 nodes).
const MAX_PERFT_DEPTH: u32 = 15;

/// The largest game file or FEN file read (a PGN database of some
/// thousand games fits).
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

fn read_file(path: &std::path::Path) -> Result<String> {
    // Only a regular file, read up to the limit (a FIFO, a device or
    // /dev/zero is refused at once).
    voxchess::read_text(path, MAX_FILE_BYTES)
        .map_err(|e| StartProblem::CannotRead { path: path.display().to_string(), reason: e.to_string() }.into())
}

/// The session's language, known before the command line is read, for
/// the problems said before a session starts.
static SESSION_LANG: std::sync::OnceLock<voxchess::speech::SpeechLang> = std::sync::OnceLock::new();

fn session_lang() -> voxchess::speech::SpeechLang {
    SESSION_LANG.get().copied().unwrap_or_default()
}

/// A problem before the session as one line on stderr, in its language.
fn say_problem(p: &StartProblem) {
    let words = voxchess::ui::app::start_problem_words(session_lang(), p);
    err_line!("voxchess: {}", voxchess::ui::output::filter_lines(&words));
}

/// The settings file, read once at start.
static FILE_SETTINGS: std::sync::OnceLock<voxchess::config::Settings> = std::sync::OnceLock::new();
/// Its problems, not said yet.
static FILE_PROBLEMS: Mutex<Vec<voxchess::config::ConfigError>> = Mutex::new(Vec::new());

/// The settings file's values; each problem is one line on stderr (said
/// once), and its setting keeps its default.
fn load_settings() -> voxchess::config::Settings {
    let problems = FILE_PROBLEMS.lock().map(|mut p| std::mem::take(&mut *p)).unwrap_or_default();
    for p in problems {
        say_problem(&p.into());
    }
    FILE_SETTINGS.get().cloned().unwrap_or_default()
}

/// Settings from the file, with the options on top.
fn settings_with(a: &cli::PlayArgs) -> Result<voxchess::config::Settings> {
    let mut s = load_settings();
    a.apply(&mut s)?;
    Ok(s)
}

/// `voxchess online`: log in, log out, or the lobby.
fn online(a: cli::OnlineArgs) -> Result<ExitCode> {
    let mut settings = load_settings();
    cli::SessionWords { lang: a.lang, style: a.style }.apply(&mut settings);
    a.output.apply(&mut settings);
    let server = a.server.clone().or(settings.server.clone()).unwrap_or_else(|| "https://lichess.org".into());
    if !(server.starts_with("https://") || server.starts_with("http://")) {
        let problem =
            StartProblem::BadValue { arg: "--server".into(), value: server, values: vec!["https://...".into()] };
        return Err(problem.into());
    }
    match a.action {
        Some(cli::OnlineAction::Logout) => {
            out_line!("{}", voxchess::ui::lobby::logout(&settings));
            Ok(ExitCode::SUCCESS)
        }
        Some(cli::OnlineAction::Login) => {
            use std::io::IsTerminal;
            let stdin = std::io::stdin();
            // In a terminal: asked for, and the token not echoed.
            let hidden = stdin.is_terminal().then(|| {
                err_line!("{}", voxchess::ui::lobby::token_prompt(&settings));
                voxchess::ui::lobby::hide_input()
            });
            let said = voxchess::ui::lobby::login(&settings, &server, &mut stdin.lock());
            if hidden.is_some() {
                // The Enter typed after the hidden token was not echoed.
                err_line!();
            }
            match said {
                Ok(line) => {
                    out_line!("{line}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    err_line!("voxchess: {e}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        None => {
            let plain = settings.plain || plain_terminal();
            match voxchess::ui::lobby::run_online(settings, &server, plain) {
                Ok(()) => Ok(ExitCode::SUCCESS),
                Err(e) => {
                    err_line!("voxchess: {e}");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
    }
}

/// A game file without a game.
fn no_game(path: &std::path::Path) -> anyhow::Error {
    StartProblem::NoGame(path.display().to_string()).into()
}

/// `voxchess play` (and bare `voxchess`): the data folder is locked for
/// this game; an unfinished game is asked about first and never lost.
fn play(a: cli::PlayArgs) -> Result<ExitCode> {
    let settings = settings_with(&a)?;
    let _lock = voxchess::ui::app::lock_data(session_lang()).map_err(anyhow::Error::msg)?;
    // The stdin lock must end before the game reads stdin.
    let choice = voxchess::ui::app::unfinished_game(settings.lang, &mut std::io::stdin().lock())?;
    match choice {
        voxchess::ui::app::Unfinished::Continue(saved) => return resume_saved(*saved, a.output),
        voxchess::ui::app::Unfinished::Stop => return Ok(ExitCode::SUCCESS),
        voxchess::ui::app::Unfinished::NotKept => return Ok(ExitCode::FAILURE),
        voxchess::ui::app::Unfinished::None | voxchess::ui::app::Unfinished::Kept => {}
    }
    let mut setup = voxchess::ui::app::GameSetup { start: a.position.position()?, moves: Vec::new(), resume: None };
    if let Some(path) = &a.pgn {
        let lang = settings.lang.notation();
        let text = read_file(path)?;
        let games = read_pgn(&text, lang, None).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let game = games.into_iter().next().ok_or_else(|| no_game(path))?;
        setup.start = game.start;
        setup.moves = game.mainline();
    }
    let plain = settings.plain || plain_terminal();
    kept_or_failure(voxchess::ui::app::run_play(settings, setup, plain)?)
}

/// A game that could not be kept on leaving (said in words already)
/// ends the program with a failure.
fn kept_or_failure(kept: bool) -> Result<ExitCode> {
    Ok(if kept { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `voxchess review FILE`: the file is read in the session's notation
/// language first, then in each other one voxchess reads.
fn review(a: cli::ReviewArgs) -> Result<()> {
    let mut settings = load_settings();
    a.words.apply(&mut settings);
    if let Some(e) = &a.engine {
        settings.engine = Some(e.clone());
    }
    a.output.apply(&mut settings);
    let text = read_file(&a.file)?;
    let first = settings.lang.notation();
    let others = NotationLang::ALL.into_iter().filter(|l| *l != first);
    let mut games = Err(None);
    for lang in std::iter::once(first).chain(others) {
        match read_pgn(&text, lang, None) {
            Ok(g) => {
                games = Ok(g);
                break;
            }
            Err(e) => {
                if let Err(None) = games {
                    games = Err(Some(e));
                }
            }
        }
    }
    let games = match games {
        Ok(g) => g,
        Err(e) => bail!("{}: {}", a.file.display(), e.map_or("no game found".to_string(), |e| e.to_string())),
    };
    if games.is_empty() {
        return Err(no_game(&a.file));
    }
    if a.game == 0 || a.game > games.len() {
        bail!("{}: there is no game {}; the file has {}", a.file.display(), a.game, games.len());
    }
    let stem = a.file.file_stem().map_or("review".to_string(), |s| s.to_string_lossy().to_string());
    let plain = settings.plain || plain_terminal();
    voxchess::ui::app::run_review(settings, games, a.game, &stem, plain)?;
    Ok(())
}

/// `voxchess resume`: the unfinished game, if there is one (a damaged
/// save is kept aside and a finished game's score written first, each
/// said); else a line says there is none, and the program fails.
fn resume(a: cli::ResumeArgs) -> Result<ExitCode> {
    let _lock = voxchess::ui::app::lock_data(session_lang()).map_err(anyhow::Error::msg)?;
    match voxchess::ui::app::found_save(session_lang())? {
        voxchess::ui::app::Found::Unfinished(saved) => resume_saved(*saved, a.output),
        voxchess::ui::app::Found::Stop => Ok(ExitCode::FAILURE),
        voxchess::ui::app::Found::Nothing | voxchess::ui::app::Found::FinishedWritten => {
            voxchess::ui::app::no_unfinished(session_lang());
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Continues a saved game (the data folder is locked by the caller). The
/// engine program comes from the settings file, never from the save.
fn resume_saved(mut saved: voxchess::game::SavedGame, output: cli::OutputArgs) -> Result<ExitCode> {
    saved.settings.engine = load_settings().engine;
    output.apply(&mut saved.settings);
    let plain = saved.settings.plain || plain_terminal();
    let settings = saved.settings.clone();
    let setup = voxchess::ui::app::GameSetup { start: Position::start(), moves: Vec::new(), resume: Some(saved) };
    kept_or_failure(voxchess::ui::app::run_play(settings, setup, plain)?)
}

/// `voxchess parse`: exit 0 with the move (or command), 3 with a question,
/// 2 with a refusal.
fn parse(a: cli::ParseArgs) -> Result<ExitCode> {
    let pos = match &a.moves {
        Some(moves) => {
            let line = read_movetext(&Position::start(), moves, a.words.lang.notation())?;
            let mut pos = Position::start();
            for m in &line {
                pos.play_unchecked(m);
            }
            pos
        }
        None => a.position.position()?,
    };
    let mut resolver = Resolver::new(a.words.lang);
    resolver.confirm = a.confirm;
    let text = a.text.join(" ");
    let san = |m: &voxchess::rules::Move| write_san(&pos, m, &SanOptions::default());
    let channel = if a.heard { Channel::Heard } else { Channel::Typed };
    match resolver.resolve(&pos, &text, channel) {
        Intent::Move(m) => {
            out_line!("{}", san(&m));
            Ok(ExitCode::SUCCESS)
        }
        Intent::Ask(q) => {
            out_line!("{}", say_question(resolver.lexicon(), resolver.style, &q));
            out_line!("{}", q.choices.iter().map(san).collect::<Vec<_>>().join(" "));
            Ok(ExitCode::from(3))
        }
        Intent::Refuse(why) => {
            out_line!("{}", say_refusal(resolver.lexicon(), &why));
            Ok(ExitCode::from(2))
        }
        Intent::Command(c) => {
            out_line!("command: {c}");
            Ok(ExitCode::SUCCESS)
        }
        Intent::Answer(ans) => {
            out_line!("answer: {ans}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    let Some(command) = cli.command else {
        return play(cli.play);
    };
    match command {
        Command::Perft(a) => {
            if a.depth > MAX_PERFT_DEPTH {
                bail!("perft depth {} is too deep; use 0 to {MAX_PERFT_DEPTH}", a.depth);
            }
            let pos = a.position.position()?;
            if a.divide {
                let mut total = 0;
                for (m, n) in divide(&pos, a.depth) {
                    out_line!("{m}: {n}");
                    total += n;
                }
                out_line!();
                out_line!("{total}");
            } else {
                out_line!("{}", perft(&pos, a.depth));
            }
        }
        Command::Fen(a) => {
            if let Some(path) = &a.pgn {
                let text = read_file(path)?;
                let start = a.position.fen.is_some().then(|| a.position.position()).transpose()?;
                let games =
                    read_pgn(&text, a.notation.lang, start).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
                if games.is_empty() {
                    return Err(no_game(path));
                }
                for g in games {
                    out_line!("{}", g.final_position().to_fen());
                }
            } else if let Some(moves) = &a.moves {
                let start = a.position.position()?;
                let line = read_movetext(&start, moves, a.notation.lang)?;
                let mut pos = start;
                for m in &line {
                    pos.play_unchecked(m);
                }
                out_line!("{}", pos.to_fen());
            }
        }
        Command::Position(a) => {
            let pos = a.position.position()?;
            out_line!("{}", describe_position(&pos, a.notation.lang));
        }
        Command::Play(a) => return play(a),
        Command::Review(a) => review(a)?,
        Command::Resume(a) => return resume(a),
        Command::Parse(a) => return parse(a),
        Command::Say(a) => {
            let pos = a.position.position()?;
            let text = a.mv.join(" ");
            let m = read_move(&pos, &text, a.words.lang.notation())
                .with_context(|| format!("cannot read the move \"{text}\""))?;
            let words = say_move(Lexicon::get(a.words.lang), &pos, &m, a.style);
            out_line!("{words}");
            if a.speak {
                speak_and_wait(&words, a.words.lang);
            }
        }
        Command::Listen(a) => listen(a)?,
        Command::Models(a) => match a.action {
            cli::ModelsAction::List => {
                for line in voxchess::audio::models::list_models() {
                    out_line!("{line}");
                }
            }
            cli::ModelsAction::Install { lang } => {
                voxchess::audio::models::install(&lang, &mut |line| out_line!("{line}"))?;
            }
        },
        Command::Clock(a) => {
            let text = a.control.join(" ");
            let controls: Controls = text.parse()?;
            let base: Schedule = match &a.schedule {
                Some(t) => t.parse()?,
                None => Schedule::default(),
            };
            let schedule = Schedule { after_own_move: a.announce_own, silent: a.silent || base.silent, ..base };
            let options = ClockOptions {
                controls,
                me: match a.me {
                    cli::ColorArg::White => Color::White,
                    cli::ColorArg::Black => Color::Black,
                },
                start: if a.start_on_first_move { StartRule::AfterFirstMove } else { StartRule::AtStart },
                schedule,
                play_on_after_flag: a.play_on_after_flag,
            };
            let lex = Lexicon::get(a.words.lang);
            let plain = a.plain || plain_terminal();
            let out: voxchess::ui::clock_app::LineOut =
                if plain { Arc::new(Mutex::new(std::io::stdout())) } else { voxchess::ui::clock_keys::raw_lines() };
            let mut speaker = if a.no_speech { None } else { clock_speaker(a.words.lang, out.clone()) };
            let voice = speaker.as_mut().map(|s| s as &mut dyn voxchess::ui::sink::Voice);
            if plain {
                run_plain_clock(options, lex, std::io::BufReader::new(std::io::stdin()), out, voice);
            } else {
                run_terminal_clock(options, lex, out, voice)?;
            }
        }
        Command::Online(a) => return online(a),
        Command::Config => {
            let path = voxchess::config::config_path();
            let exists = if path.exists() { "" } else { " (not found: the defaults apply)" };
            out_line!("Settings file: {}{exists}", path.display());
            let settings = load_settings();
            out_text!("{}", settings.to_toml());
        }
        Command::Pgn(a) => {
            let text = read_file(&a.file)?;
            let games =
                read_pgn(&text, a.notation.lang, None).map_err(|e| anyhow::anyhow!("{}: {e}", a.file.display()))?;
            for g in games {
                // A file's tags and comments may hold control characters: the
                // output filter in `write_out` takes them out.
                out_text!("{}", write_pgn(&g));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Speaks a text and waits for it to end (at most 30 s); without
/// speech-dispatcher, says so in one line.
#[cfg(feature = "tts")]
fn speak_and_wait(text: &str, lang: voxchess::speech::SpeechLang) {
    use voxchess::audio::speaker::{Priority, Speaker, SpeechSettings};
    let settings = SpeechSettings { language: Some(lang.code().to_string()), ..SpeechSettings::default() };
    match Speaker::start(settings, std::time::Duration::from_secs(5)) {
        Ok(speaker) => {
            speaker.say(text, Priority::Move);
            let timeout = std::time::Duration::from_secs(30);
            if !speaker.wait_for(timeout, |c| c.begun > 0 && c.ended + c.stopped >= c.begun) {
                err_line!("voxchess: speech did not finish within 30 s (is there an audio output?)");
            }
        }
        Err(e) => err_line!("voxchess: {e}"),
    }
}

/// Speech for the clock, connected in the background (the clock never
/// waits for it); if it cannot be reached, one line says so.
#[cfg(feature = "tts")]
fn clock_speaker(
    lang: voxchess::speech::SpeechLang,
    out: voxchess::ui::clock_app::LineOut,
) -> Option<voxchess::audio::speaker::Speaker> {
    use voxchess::audio::speaker::{Speaker, SpeakerError, SpeechSettings};
    let language = (lang != voxchess::speech::SpeechLang::English).then(|| lang.code().to_string());
    let c = &Lexicon::get(lang).client;
    let told = move |result: Result<(), SpeakerError>| {
        let text = match result {
            Ok(()) => return,
            Err(SpeakerError::Unavailable(_)) => &c.speech_unavailable,
            Err(SpeakerError::Timeout(_)) => &c.speech_no_answer,
        };
        voxchess::ui::clock_app::write_line(&out, text);
    };
    Speaker::connect(SpeechSettings { language, ..SpeechSettings::default() }, std::time::Duration::from_secs(5), told)
        .ok()
}

#[cfg(not(feature = "tts"))]
fn clock_speaker(
    _lang: voxchess::speech::SpeechLang,
    _out: voxchess::ui::clock_app::LineOut,
) -> Option<voxchess::ui::sink::Mute> {
    None
}

#[cfg(not(feature = "tts"))]
fn speak_and_wait(_text: &str, _lang: voxchess::speech::SpeechLang) {
    err_line!("voxchess: built without speech output (feature tts)");
}

#[cfg(feature = "voice")]
fn listen(a: cli::ListenArgs) -> Result<()> {
    use voxchess::audio::listen::listen_wav;
    use voxchess::audio::recognizer::VoiceModel;
    let dir = match a.model.clone().or_else(|| voxchess::audio::models::installed(a.words.lang.code())) {
        Some(d) => d,
        None => bail!(
            "no voice model for '{}'; install one with: voxchess models install {}",
            a.words.lang,
            a.words.lang.code()
        ),
    };
    let pos = a.position.position()?;
    let model = VoiceModel::load(&dir, &voxchess::speech::vocabulary::vocabulary(a.words.lang))?;
    let resolver = Resolver::new(a.words.lang);
    let heard = listen_wav(&a.wav, &model, &resolver, &pos)?;
    out_line!("heard: {}", heard.transcript);
    let san = |m: &voxchess::rules::Move| write_san(&pos, m, &SanOptions::default());
    match &heard.intent {
        Intent::Move(m) => out_line!("move: {}", san(m)),
        Intent::Ask(q) => out_line!("question: {}", say_question(resolver.lexicon(), resolver.style, q)),
        Intent::Refuse(why) => out_line!("refused: {}", say_refusal(resolver.lexicon(), why)),
        Intent::Command(c) => out_line!("command: {c}"),
        Intent::Answer(ans) => out_line!("answer: {ans}"),
    }
    if a.timing {
        out_line!(
            "audio {:.2} s, end of audio to intent {:.1} ms",
            heard.audio.as_secs_f64(),
            heard.latency.as_secs_f64() * 1000.0
        );
    }
    Ok(())
}

#[cfg(not(feature = "voice"))]
fn listen(a: cli::ListenArgs) -> Result<()> {
    bail!("{}", voxchess::speech::Lexicon::get(a.words.lang).client.voice_not_built)
}

fn main() -> ExitCode {
    // Started again as the watcher of a run's engines: nothing else.
    if let Some(run) = std::env::var_os(voxchess::reaper::WATCH_VAR) {
        voxchess::reaper::watch(&run.to_string_lossy());
        return ExitCode::SUCCESS;
    }
    voxchess::reaper::want_watcher();
    let code = run_program();
    // Every engine of this run ends with it (a hung one too).
    voxchess::reaper::end_all();
    code
}

fn run_program() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    // The settings file is read once; its language is the session's
    // unless --lang says otherwise.
    let (file, problems) = voxchess::config::Settings::load();
    let _ = SESSION_LANG.set(voxchess::ui::app::session_lang(&args, file.lang));
    let _ = FILE_SETTINGS.set(file);
    if let Ok(mut p) = FILE_PROBLEMS.lock() {
        *p = problems;
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return command_line_error(e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            match e.downcast_ref::<StartProblem>() {
                Some(p) => say_problem(p),
                None => err_line!("voxchess: {}", voxchess::ui::output::filter_lines(&format!("{e:#}"))),
            }
            ExitCode::FAILURE
        }
    }
}

/// A command line that cannot be read: help and the version as clap
/// writes them; a wrong option or value in the session's language.
fn command_line_error(e: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        _ => String::new(),
    };
    // "--time <TIME>": the option's name.
    let arg = context(ContextKind::InvalidArg).split_whitespace().next().unwrap_or_default().to_string();
    let value = context(ContextKind::InvalidValue);
    let problem = match e.kind() {
        ErrorKind::UnknownArgument => StartProblem::UnknownArg(arg),
        ErrorKind::InvalidSubcommand => StartProblem::UnknownArg(context(ContextKind::InvalidSubcommand)),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation if value.is_empty() => StartProblem::MissingValue(arg),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => match arg.as_str() {
            "--time" => StartProblem::TimeControl(value),
            "--level" => StartProblem::Level(value),
            _ => {
                let values = match e.get(ContextKind::ValidValue) {
                    Some(ContextValue::Strings(v)) => v.clone(),
                    _ => Vec::new(),
                };
                StartProblem::BadValue { arg, value, values }
            }
        },
        _ => e.exit(),
    };
    if session_lang() == voxchess::speech::SpeechLang::English {
        // English keeps clap's own message, with its usage line.
        e.exit();
    }
    say_problem(&problem);
    ExitCode::from(2)
}
