//! The wiring: starting a game or a review with the engine (Stockfish, or
//! the built-in one) as the opponent, speech, voice input, the screen
//! (terminal, line editor or plain lines), autosave and resume. Every
//! missing part gives one clear line and the game goes on.
//!
//! May use every front-end module; nothing imports it but the binary.

use super::effects::{Effects, acts_to};
use super::input::Msg;
use super::modes::game::GameMode;
use super::modes::review::ReviewMode;
use super::output::{Line, clean, rows};
use super::plain::{PlainScreen, read_input};
use super::play::Play;
use super::review::Review;
use super::session::{Mode, run_session};
use super::sink::{Mute, Screen, Voice, show_and_say};
use super::terminal::{InputLine, TermScreen, read_keys};
use super::words::{Fixed, Narrator};
use crate::clock::{Monotonic, TimeSource};
use crate::config::Settings;
use crate::engine::Engine;
use crate::engine::builtin::BuiltinEngine;
use crate::engine::lazy::LazyEngine;
use crate::engine::uci::{UciEngine, find_engine};
use crate::game::SavedGame;
use crate::game::{GameSetup, Player};
use crate::rules::Position;
use crate::speech::Lexicon;
#[cfg(feature = "tts")]
use std::sync::mpsc::Sender;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};

/// Lines to tell the player before the game starts.
fn notice(out: &mut Vec<String>, text: impl Into<String>) {
    out.push(clean(&text.into()));
}

fn make_engine(settings: &Settings, words: &Narrator, notes: &mut Vec<String>) -> Box<dyn Engine> {
    let path = settings.engine.clone().or_else(find_engine);
    match path {
        Some(p) if p.is_file() => {
            // The handshake runs while the player reads the first prompt.
            let level = settings.level;
            let name = p.file_name().map_or("engine".into(), |n| n.to_string_lossy().to_string());
            let mut chars = name.chars();
            let name = chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
            Box::new(LazyEngine::spawn(name, move || {
                UciEngine::start(&p, level).map(|e| Box::new(e) as Box<dyn Engine>)
            }))
        }
        Some(p) => {
            notice(notes, words.engine_missing(&p));
            Box::new(BuiltinEngine::new(settings.level))
        }
        None => {
            notice(notes, words.fixed(Fixed::NoEngine));
            Box::new(BuiltinEngine::new(settings.level))
        }
    }
}

/// Speech, connected in the background: the first line and the clock never
/// wait for speech-dispatcher. If it cannot be reached, or has not answered
/// within 5 seconds, one line says so (and one more if it joins later).
#[cfg(feature = "tts")]
fn start_voice(settings: &Settings, tx: Sender<Msg>) -> Option<crate::audio::speaker::Speaker> {
    use crate::audio::speaker::{Speaker, SpeakerError, SpeechSettings};
    if !settings.speech {
        return None;
    }
    let s = SpeechSettings {
        rate: settings.rate,
        pitch: settings.pitch,
        volume: settings.volume,
        voice: settings.voice_name.clone(),
        language: Some(settings.lang.code().to_string()),
    };
    // "Speech is on" only after the player was told it was not answering.
    let waited = std::sync::atomic::AtomicBool::new(false);
    let told = move |result: Result<(), SpeakerError>| {
        use std::sync::atomic::Ordering::Relaxed;
        let notice = match result {
            Ok(()) if waited.load(Relaxed) => super::input::Notice::SpeechJoined,
            Ok(()) => return,
            Err(SpeakerError::Unavailable(_)) => super::input::Notice::SpeechUnavailable,
            Err(SpeakerError::Timeout(_)) => {
                waited.store(true, Relaxed);
                super::input::Notice::SpeechNoAnswer
            }
        };
        let _ = tx.send(Msg::Notice(notice));
    };
    Speaker::connect(s, std::time::Duration::from_secs(5), told).ok()
}

/// Starts voice input in its own thread: the model and the microphone;
/// each problem is one line and the game goes on by keyboard.
#[cfg(all(feature = "voice", feature = "tts"))]
fn start_listening(
    settings: &Settings,
    lang: crate::speech::SpeechLang,
    speaker: Option<&crate::audio::speaker::Speaker>,
    expected: crate::speech::vocabulary::Expected,
    tx: Sender<Msg>,
    notes: &mut Vec<String>,
) -> Option<Arc<std::sync::atomic::AtomicBool>> {
    use crate::audio::voice::{ListenMode, OpenGate, SpeakingGate, Switches, listen_loop};
    use std::sync::atomic::AtomicBool;
    if !settings.voice {
        return None;
    }
    let words = Narrator::new(Lexicon::get(lang), settings.style);
    let Some(model_dir) = crate::audio::models::installed(lang.code()) else {
        // The install command only where a model exists to install.
        if crate::audio::models::exists(lang.code()) {
            notice(notes, words.no_model(lang.code()));
        } else {
            notice(notes, words.fixed(Fixed::NoModelExists));
        }
        return None;
    };
    let talk = Arc::new(AtomicBool::new(settings.push_to_talk.is_none()));
    let mode = if settings.push_to_talk.is_some() { ListenMode::PushToTalk } else { ListenMode::Continuous };
    let gate: Box<dyn SpeakingGate> = match speaker {
        Some(sp) => {
            let shared = sp.progress_reader();
            Box::new(crate::audio::voice::SpeakerGate { state: shared, tail: std::time::Duration::from_millis(900) })
        }
        None => Box::new(OpenGate),
    };
    let talk_flag = talk.clone();
    std::thread::spawn(move || {
        let vocab = crate::speech::vocabulary::vocabulary(lang);
        let model = match crate::audio::recognizer::VoiceModel::load(&model_dir, &vocab) {
            Ok(m) => m,
            Err(crate::audio::recognizer::ModelError::Library(_)) => {
                let _ = tx.send(Msg::Notice(super::input::Notice::VoiceNoLibrary));
                return;
            }
            Err(_) => {
                let _ = tx.send(Msg::Notice(super::input::Notice::BadModel(lang.code().to_string())));
                return;
            }
        };
        let Ok(mic) = crate::audio::microphone::Microphone::open() else {
            let _ = tx.send(Msg::Notice(super::input::Notice::NoMicrophone));
            return;
        };
        let _ = tx.send(Msg::Notice(super::input::Notice::Listening));
        let (ttx, trx) = channel::<Vec<(String, f32)>>();
        let stop = Arc::new(AtomicBool::new(false));
        let forward = tx.clone();
        std::thread::spawn(move || {
            for alternatives in trx {
                if forward.send(Msg::Heard(alternatives)).is_err() {
                    return;
                }
            }
        });
        let switches = Switches { mode, talk: talk_flag, stop };
        listen_loop(&model, &mic.samples, &switches, gate.as_ref(), &expected, &ttx);
    });
    Some(talk)
}

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

/// Locks the data folder, or says why not in the player's language.
pub fn lock_data(lang: crate::speech::SpeechLang) -> Result<crate::game::DataLock, String> {
    crate::game::DataLock::take(&crate::config::data_dir())
        .map_err(|e| Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief).lock_problem(&e))
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
            say_at_start(&words.finished_not_written(crate::game::WriteProblem::of(&e)));
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
    let written = crate::game::write_new_numbered(&dir, &saved.date.replace('.', "-"), "pgn", pgn)?;
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
) -> std::io::Result<Unfinished> {
    use crate::speech::{Answer, Channel, Command, Intent, Resolver};
    let words = Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief);
    let saved = match found_save(lang)? {
        Found::Nothing => return Ok(Unfinished::None),
        Found::FinishedWritten => return Ok(Unfinished::Kept),
        Found::Stop => return Ok(Unfinished::NotKept),
        Found::Unfinished(saved) => saved,
    };
    let resolver = Resolver::new(lang);
    say_at_start(&words.fixed(Fixed::UnfinishedFound));
    loop {
        // A bounded line; bytes that are not UTF-8 are no answer.
        let Some(line) = crate::bounded::read_text_line(input) else {
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
            say_at_start(&words.unfinished_not_kept(crate::game::WriteProblem::of(&e)));
            Ok(Unfinished::NotKept)
        }
    }
}

/// Turns SIGTERM, SIGHUP and SIGINT into a quit message: the signals are
/// blocked in this thread (and so in every thread it starts) and one
/// thread waits for them.
fn quit_on_signals(tx: std::sync::mpsc::Sender<Msg>) {
    // SAFETY: sigset_t is plain data filled by sigemptyset/sigaddset;
    // pthread_sigmask and sigwait only read the set.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in [libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
            libc::sigaddset(&mut set, sig);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        std::thread::spawn(move || {
            let mut sig = 0;
            if libc::sigwait(&set, &mut sig) == 0 {
                let _ = tx.send(Msg::Quit);
            }
        });
    }
}

/// What every front needs around it: the loop's channel, the time,
/// speech, voice input, and the lines to say before it starts.
pub(crate) struct Io {
    pub(crate) tx: std::sync::mpsc::Sender<Msg>,
    pub(crate) rx: std::sync::mpsc::Receiver<Msg>,
    pub(crate) time: Monotonic,
    notes: Vec<String>,
    #[cfg(feature = "tts")]
    speaker: Option<crate::audio::speaker::Speaker>,
    talk: Option<Arc<std::sync::atomic::AtomicBool>>,
    expected: crate::speech::vocabulary::Expected,
    /// The Braille display, when one is driven (None inside: not there yet).
    braille: Option<Option<crate::braille::Display>>,
    braille_spaced: bool,
}

/// Connects to the Braille display the environment names.
fn connect_display() -> Result<(crate::braille::Display, crate::braille::Keys), crate::braille::BrailleError> {
    crate::braille::connect(std::time::Duration::from_secs(2))
}

/// How long the session's start waits for the display's first answer;
/// past it, the display joins when it answers (its connection runs on a
/// thread of its own).
const BRAILLE_FIRST_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// The Braille display, as the settings ask: off; on (one line says when
/// none answers yet, and voxchess keeps trying); or automatic (when a
/// BrlAPI server answers at the start). Its keys are read on their own
/// thread; no wait for the display holds the session's start longer
/// than [`BRAILLE_FIRST_WAIT`].
fn open_braille(
    choice: crate::config::BrailleChoice,
    words: &Narrator,
    tx: std::sync::mpsc::Sender<Msg>,
    notes: &mut Vec<String>,
) -> Option<Option<crate::braille::Display>> {
    use super::braille::FirstTry;
    use crate::braille::BrailleError;
    use crate::config::BrailleChoice;
    if choice == BrailleChoice::Off {
        return None;
    }
    let on = choice == BrailleChoice::On;
    let (first_tx, first_rx) = channel();
    let _ = std::thread::Builder::new().name("braille-connect".into()).spawn(move || {
        let _ = first_tx.send(connect_display());
    });
    let (display, first) = match first_rx.recv_timeout(BRAILLE_FIRST_WAIT) {
        Ok(Ok((d, k))) => {
            notice(notes, words.fixed(Fixed::BrailleBack));
            (Some(d), FirstTry::Connected(k))
        }
        Ok(Err(BrailleError::TooLarge { cells, lines })) => {
            let news = super::input::BrailleNews::TooLarge(u64::from(cells) * u64::from(lines));
            if let Some(line) = words.braille_news(&news) {
                notice(notes, line.text);
            }
            (None, FirstTry::Failed { too_large_said: true })
        }
        Ok(Err(_)) if !on => return None,
        Ok(Err(_)) => {
            notice(notes, words.fixed(Fixed::BrailleAbsent));
            (None, FirstTry::Failed { too_large_said: false })
        }
        Err(_) => {
            if on {
                notice(notes, words.fixed(Fixed::BrailleAbsent));
            }
            (None, FirstTry::Pending(first_rx))
        }
    };
    super::braille::keep_display(first, on, connect_display, tx);
    Some(display)
}

impl Io {
    /// Signals, speech and voice input for a session in `settings`'s language.
    pub(crate) fn open(settings: &Settings) -> Io {
        let (tx, rx) = channel::<Msg>();
        // SIGTERM, SIGHUP and SIGINT end the session as "quit" does (a game
        // is saved with the clock as it stands). Blocked here, before any
        // thread starts (the engine's handshake, speech), so that only the
        // waiting thread takes them.
        quit_on_signals(tx.clone());
        #[allow(unused_mut)]
        let mut notes: Vec<String> = Vec::new();
        #[cfg(feature = "tts")]
        let speaker = start_voice(settings, tx.clone());
        let expected = crate::speech::vocabulary::Expected::default();
        #[cfg(all(feature = "voice", feature = "tts"))]
        let talk = start_listening(settings, settings.lang, speaker.as_ref(), expected.clone(), tx.clone(), &mut notes);
        #[cfg(not(all(feature = "voice", feature = "tts")))]
        let talk: Option<Arc<std::sync::atomic::AtomicBool>> = None;
        #[cfg(not(all(feature = "voice", feature = "tts")))]
        if settings.voice {
            let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
            notice(&mut notes, words.fixed(Fixed::VoiceNotBuilt));
        }
        let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
        let braille = open_braille(settings.braille, &words, tx.clone(), &mut notes);
        Io {
            tx,
            rx,
            time: Monotonic::new(),
            notes,
            #[cfg(feature = "tts")]
            speaker,
            talk,
            expected,
            braille,
            braille_spaced: settings.braille_spaced,
        }
    }

    /// Voice input, when it runs (for the mode that takes it).
    pub(crate) fn listening(&self) -> Option<super::input::Listening> {
        let switch = self.talk.clone()?;
        Some(super::input::Listening { switch, expected: self.expected.clone() })
    }

    /// Runs a session on the plain lines, the line editor or the
    /// terminal until the player leaves; the last lines (the game kept,
    /// or goodbye) are given after the loop ends.
    /// Returns whether everything was kept (false: leaving, the game
    /// could not be saved, and the player was told).
    /// Runs a session whose first mode is `mode`; false when something
    /// could not be kept on leaving.
    pub(crate) fn run(self, mode: Box<dyn Mode>, plain: bool) -> std::io::Result<bool> {
        let mut unsaved = false;
        self.run_with(plain, |io, screen, voice| {
            let end = run_session(mode, &io.time, &io.rx, screen, voice);
            unsaved = end.unsaved;
            end.lines
        })?;
        Ok(!unsaved)
    }

    /// Runs `body` with the screen and the voice set up (and the terminal
    /// given back after it); `body` gives the last lines.
    pub(crate) fn run_with(
        mut self,
        plain: bool,
        body: impl FnOnce(&Io, &mut dyn Screen, &mut dyn Voice) -> Vec<Line>,
    ) -> std::io::Result<()> {
        let state = Arc::new(Mutex::new(InputLine::with_talk(self.talk.clone())));
        let mut plain_screen;
        let mut term_screen;
        let mut edited_screen;
        // The terminal's settings, restored at the end whatever the editor does.
        let _term = plain.then(super::edited::TermGuard::save);
        use std::io::IsTerminal;
        let edited = if plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            super::edited::start(self.tx.clone())
        } else {
            None
        };
        let editing = edited.is_some();
        let screen: &mut dyn Screen = if let Some(e) = edited {
            edited_screen = e;
            &mut edited_screen
        } else if plain {
            read_input(std::io::BufReader::new(std::io::stdin()), self.tx.clone());
            plain_screen = PlainScreen::new(std::io::stdout());
            &mut plain_screen
        } else {
            crossterm::terminal::enable_raw_mode()?;
            read_keys(state.clone(), self.tx.clone());
            term_screen = TermScreen::new(state);
            &mut term_screen
        };
        // The Braille display beside the screen, when one is driven.
        let mut braille_screen;
        let screen: &mut dyn Screen = match self.braille.take() {
            Some(display) => {
                braille_screen = super::braille::BrailleScreen::new(screen, display, self.braille_spaced);
                &mut braille_screen
            }
            None => screen,
        };
        let mut mute = Mute;
        #[cfg(feature = "tts")]
        let mut speaker = self.speaker.take();
        #[cfg(feature = "tts")]
        let voice: &mut dyn Voice = match speaker.as_mut() {
            Some(s) => s,
            None => &mut mute,
        };
        #[cfg(not(feature = "tts"))]
        let voice: &mut dyn Voice = &mut mute;
        // What is missing is said before the session starts, on screen and aloud.
        let notes: Vec<Line> = std::mem::take(&mut self.notes).into_iter().map(Line::info).collect();
        show_and_say(screen, voice, &notes);
        let last = body(&self, screen, voice);
        if editing {
            // The editor may still wait for a key: the terminal is given
            // back first and the last lines written directly, so they are
            // never lost.
            drop(_term);
            let mut out = PlainScreen::new(std::io::stdout());
            // A terminal gone (hung up) is no reason to panic.
            let _ = std::io::Write::write_all(&mut std::io::stdout(), b"\n");
            show_and_say(&mut out, voice, &last);
        } else {
            show_and_say(screen, voice, &last);
        }
        // The last sentence is heard to its end before voxchess exits.
        voice.finish();
        if !plain {
            crossterm::terminal::disable_raw_mode()?;
            let _ = std::io::Write::write_all(&mut std::io::stdout(), b"\n");
        }
        Ok(())
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

/// Plays a game with the given settings. `plain` chooses the line mode.
/// Returns whether the game was kept (false: it could not be saved when
/// the player left, which was said).
pub fn run_play(settings: Settings, mut setup: GameSetup, plain: bool) -> std::io::Result<bool> {
    let mut io = Io::open(&settings);
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    if setup.date.is_some() {
        notice(&mut io.notes, words.continuing(setup.moves.len()));
    }
    let mut effects = Effects::new(io.tx.clone(), words, &settings);
    if let Some(me) = setup.me {
        let engine = make_engine(&settings, &words, &mut io.notes);
        let opponent = crate::game::EngineOpponent::new(engine, !me, acts_to(io.tx.clone()));
        use crate::game::Opponent;
        let name = words.opponent_name(opponent.name(), opponent.builtin_level());
        let terms = opponent.terms();
        setup = setup.against(me, Player::Human(String::new()), Player::Engine(name), terms);
        effects = effects.with_opponent(Box::new(opponent), !me);
    }
    let mut play = Play::new(settings, setup, io.time.now_ms());
    play.listen(io.listening());
    io.run(Box::new(GameMode::new(play, effects)), plain)
}

/// Reviews game `number` (from 1) of a PGN file read into `games`; `stem`
/// names saved copies. `plain` chooses the line mode.
pub fn run_review(
    settings: Settings,
    games: Vec<crate::notation::pgn::PgnGame>,
    number: usize,
    stem: &str,
    plain: bool,
) -> std::io::Result<()> {
    let total = games.len();
    let Some(game) = games.into_iter().nth(number.saturating_sub(1)) else {
        return Err(std::io::Error::other(format!("there is no game {number}: the file has {total}")));
    };
    let io = Io::open(&settings);
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let effects = Effects::new(io.tx.clone(), words, &settings);
    let review = Review::new(game, &settings, number, total, stem);
    io.run(Box::new(ReviewMode::new(review, effects)), plain).map(|_| ())
}

/// Where the puzzle library and the player's record are kept.
fn puzzle_files() -> super::modes::puzzle::PuzzleFiles {
    super::modes::puzzle::PuzzleFiles::in_data_folder()
}

/// `voxchess puzzle import FILE`: the puzzles of `input` added to the
/// library, a row at a time; the words of what was done, or of why not.
pub fn import_puzzles(settings: &Settings, input: Box<dyn std::io::BufRead>) -> Result<String, ImportFailed> {
    use crate::study::library::ImportError;
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let files = puzzle_files();
    let problem = |e: &std::io::Error| ImportFailed::Said(words.puzzles_not_imported(crate::game::WriteProblem::of(e)));
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
pub enum ImportFailed {
    /// Said in the session's words.
    Said(String),
    /// The file could not be read on (what was read before is in).
    Unreadable(std::io::Error),
}

/// `voxchess puzzle`: puzzles from the library that fit `wanted`.
/// `given` come first (the daily puzzle), then the library's.
pub fn run_puzzles(
    settings: Settings,
    wanted: crate::study::library::Wanted,
    given: Vec<crate::study::puzzle::Puzzle>,
    plain: bool,
) -> std::io::Result<()> {
    let io = Io::open(&settings);
    let mode = super::modes::puzzle::PuzzleMode::new(&settings, puzzle_files(), wanted, given, None);
    io.run(Box::new(mode), plain).map(|_| ())
}

/// Which lichess puzzles: a theme (or "mix") at a difficulty, or the
/// theme's puzzles failed in the last days, to replay.
pub struct LichessPuzzles {
    /// The theme key, or "mix".
    pub angle: String,
    /// How hard.
    pub difficulty: crate::online::puzzle::Difficulty,
    /// Replay the puzzles failed in this many days (no new batches).
    pub replay_days: Option<u32>,
}

/// `voxchess puzzle online` and `replay`: lichess's puzzles with the
/// player's token, their results posted back to count on the player's
/// lichess rating. Ok(Some(line)): nothing to play, and why.
pub fn online_puzzles(
    settings: Settings,
    server: &str,
    asked: LichessPuzzles,
    plain: bool,
) -> Result<Option<String>, String> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let token = crate::online::token::load().ok_or_else(|| words.fixed(Fixed::NotLoggedIn))?;
    let client = crate::online::Client::new(server, &token);
    let given = match asked.replay_days {
        Some(days) => {
            let puzzles = crate::online::puzzle::replay(&client, days, &asked.angle)
                .map_err(|e| words.puzzle_online_error(&e))?;
            if puzzles.is_empty() {
                return Ok(Some(words.puzzle_replay_none()));
            }
            puzzles
        }
        None => Vec::new(),
    };
    let files = puzzle_files();
    let dir = files.library.parent().map(std::path::Path::to_path_buf).unwrap_or_default();
    crate::config::private_dir(&dir).map_err(|e| words.puzzles_not_imported(crate::game::WriteProblem::of(&e)))?;
    let io = Io::open(&settings);
    let refill = asked.replay_days.is_none();
    let link = super::modes::puzzle_link::PuzzleLink::new(
        client,
        io.tx.clone(),
        (asked.angle, asked.difficulty),
        refill,
        &dir,
    );
    let wanted = crate::study::library::Wanted::default();
    let mode = super::modes::puzzle::PuzzleMode::new(&settings, files, wanted, given, Some(link));
    io.run(Box::new(mode), plain).map(|_| None).map_err(|e| e.to_string())
}

/// `voxchess puzzle dashboard`: the player's lichess puzzle dashboard of
/// the last `days`, in words.
pub fn puzzle_dashboard(settings: &Settings, server: &str, days: u32) -> Result<Vec<String>, String> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let token = crate::online::token::load().ok_or_else(|| words.fixed(Fixed::NotLoggedIn))?;
    let client = crate::online::Client::new(server, &token);
    let dashboard = crate::online::puzzle::dashboard(&client, days).map_err(|e| words.puzzle_online_error(&e))?;
    Ok(words.puzzle_dashboard(&dashboard))
}

/// `voxchess drill`: a round of `kind`; the best rounds kept in the data folder.
pub fn run_drill(settings: Settings, kind: crate::study::drill::DrillKind, plain: bool) -> std::io::Result<()> {
    let io = Io::open(&settings);
    let record = crate::config::data_dir().join("drills.txt");
    let mode = super::modes::drill::DrillMode::new(&settings, kind, record, io.time.now_ms());
    io.run(Box::new(mode), plain).map(|_| ())
}

/// lichess's daily puzzle from `server` (no login), or why not in words.
pub fn daily_puzzle(settings: &Settings, server: &str) -> Result<crate::study::puzzle::Puzzle, String> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let client = crate::online::Client::new(server, "");
    crate::online::puzzle::daily(&client).map_err(|e| words.online_error(&e))
}
