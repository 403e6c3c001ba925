//! What every session needs around its modes: the loop's channel, the
//! time, speech (connected in the background), voice input, the Braille
//! display, signals, and the screen the settings choose (plain lines, the
//! line editor or the terminal). Every missing part gives one clear line
//! and the session goes on without it.

use super::input::Msg;
use super::output::{Line, clean};
use super::plain::{PlainScreen, read_input};
use super::session::{Mode, run_session};
use super::sink::{Mute, Screen, Voice, show_and_say};
use super::terminal::{InputLine, TermScreen, read_keys};
use super::words::{Fixed, Narrator};
use crate::clock::Monotonic;
use crate::config::Settings;
use crate::speech::Lexicon;
#[cfg(feature = "tts")]
use std::sync::mpsc::Sender;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};

/// Lines to tell the player before the game starts.
fn notice(out: &mut Vec<String>, text: impl Into<String>) {
    out.push(clean(&text.into()));
}

/// What speech-dispatcher is asked for: the settings' voice, rate, pitch
/// and volume, and the session's language.
#[cfg(feature = "tts")]
pub(crate) fn speech_settings(settings: &Settings) -> crate::audio::speaker::SpeechSettings {
    crate::audio::speaker::SpeechSettings {
        rate: settings.rate,
        pitch: settings.pitch,
        volume: settings.volume,
        voice: settings.voice_name.clone(),
        language: Some(settings.lang.code().to_string()),
    }
}

/// Speech, connected in the background: the first line and the clock never
/// wait for speech-dispatcher. If it cannot be reached, or has not answered
/// within 5 seconds, one line says so (and one more if it joins later).
#[cfg(feature = "tts")]
fn start_voice(settings: &Settings, tx: Sender<Msg>) -> Option<crate::audio::speaker::Speaker> {
    use crate::audio::speaker::{Speaker, SpeakerError};
    if !settings.speech {
        return None;
    }
    let s = speech_settings(settings);
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
    /// How many of `notes`, first, are the setup's.
    setup_notes: usize,
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
            setup_notes: notes.len(),
            notes,
            #[cfg(feature = "tts")]
            speaker,
            talk,
            expected,
            braille,
            braille_spaced: settings.braille_spaced,
        }
    }

    /// A line to tell the player before the session starts.
    pub(crate) fn note(&mut self, text: impl Into<String>) {
        notice(&mut self.notes, text);
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
    /// What is missing (no voice model, no display) is said after the
    /// first mode's greeting, as a readout: news cuts it.
    pub(crate) fn run(mut self, mode: Box<dyn Mode>, plain: bool) -> std::io::Result<bool> {
        let mut unsaved = false;
        // The setup's notes in full once, briefly later (the rows whole);
        // the command's own as they are.
        let mut own = std::mem::take(&mut self.notes);
        let setup: Vec<String> = own.drain(..self.setup_notes.min(own.len())).collect();
        let folder = crate::config::data_dir();
        let mut said = super::notices::said_before(&folder);
        let known = said.len();
        let mut notes = super::notices::lines(setup, &mut said);
        if said.len() != known {
            super::notices::keep(&folder, &said);
        }
        notes.extend(own.into_iter().map(|text| Line::new(text, super::output::Urgency::Readout)));
        self.run_with(plain, |io, screen, voice| {
            let end = run_session(mode, &io.time, &io.rx, screen, voice, notes);
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
