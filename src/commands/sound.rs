//! The commands that speak or listen: `clock` (the talking clock),
//! `say --speak`, `listen` and `models`.

use super::{Outcome, plain_terminal};
use crate::cli::{ClockArgs, ColorArg, ListenArgs, ModelsAction, ModelsArgs};
use crate::clock::{Controls, Schedule, StartRule};
use crate::config::StartProblem;
use crate::rules::Color;
use crate::speech::{Lexicon, SpeechLang};
use crate::ui::clock_app::{ClockOptions, LineOut, run_plain_clock};
use crate::ui::clock_keys::run_terminal_clock;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// `voxchess clock`: a talking chess clock for a game on a real board.
pub fn clock(a: ClockArgs) -> Outcome {
    let text = a.control.join(" ");
    // Said in the session's language (the English message keeps why).
    let controls: Controls = text.parse().map_err(StartProblem::ClockControl)?;
    let base: Schedule = match &a.schedule {
        Some(t) => t.parse().map_err(StartProblem::Schedule)?,
        None => Schedule::default(),
    };
    let base = match a.low_time {
        Some(t) => base.with_low_time(t),
        None => base,
    };
    let schedule = Schedule { after_own_move: a.announce_own, silent: a.silent || base.silent, ..base };
    let options = ClockOptions {
        controls,
        me: match a.me {
            ColorArg::White => Color::White,
            ColorArg::Black => Color::Black,
        },
        start: if a.start_on_first_move { StartRule::AfterFirstMove } else { StartRule::AtStart },
        schedule,
        play_on_after_flag: a.play_on_after_flag,
    };
    let lex = Lexicon::get(a.words.lang);
    let plain = a.plain || plain_terminal();
    let out: LineOut = if plain { Arc::new(Mutex::new(std::io::stdout())) } else { crate::ui::clock_keys::raw_lines() };
    let mut speaker = if a.no_speech { None } else { clock_speaker(a.words.lang, out.clone()) };
    let voice = speaker.as_mut().map(|s| s as &mut dyn crate::ui::sink::Voice);
    if plain {
        run_plain_clock(options, lex, std::io::BufReader::new(std::io::stdin()), out, voice);
    } else {
        run_terminal_clock(options, lex, out, voice)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `voxchess models list` and `install`, in the session's language.
pub fn models(start: &super::Start, a: ModelsArgs) -> Outcome {
    let words = crate::ui::words::Narrator::new(Lexicon::get(start.lang()), crate::speech::Style::Brief);
    match a.action {
        ModelsAction::List => {
            for (model, installed) in crate::audio::models::list_models() {
                out_line!("{}", words.model_line(&model, installed));
            }
        }
        ModelsAction::Install { model } => {
            let steps = &mut |step: crate::audio::models::InstallStep| out_line!("{}", words.install_step(&step));
            if let Err(e) = crate::audio::models::install(&model, steps) {
                super::err_rows(&words.install_error(&e));
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Speaks a text in `lang`'s first voice and waits for it to end (at
/// most 30 s); without speech-dispatcher, says so in one line.
#[cfg(feature = "tts")]
pub(super) fn speak_and_wait(text: &str, lang: SpeechLang) {
    use crate::audio::speaker::SpeechSettings;
    let settings = SpeechSettings { language: Some(lang.code().to_string()), ..SpeechSettings::default() };
    speak_with(text, lang, settings);
}

/// Speaks a text as the settings say (voice, rate, pitch, volume), unless
/// speech is off, and waits for it to end, as [`speak_and_wait`].
#[cfg(feature = "tts")]
pub(super) fn speak_as_set(text: &str, settings: &crate::config::Settings) {
    if settings.speech {
        speak_with(text, settings.lang, crate::ui::io::speech_settings(settings));
    }
}

#[cfg(not(feature = "tts"))]
pub(super) fn speak_as_set(_text: &str, _settings: &crate::config::Settings) {}

#[cfg(feature = "tts")]
fn speak_with(text: &str, lang: SpeechLang, settings: crate::audio::speaker::SpeechSettings) {
    use crate::audio::speaker::{Speaker, SpeakerError};
    use crate::speech::Urgency;
    match Speaker::start(settings, std::time::Duration::from_secs(5)) {
        Ok(speaker) => {
            speaker.say(text, Urgency::Move);
            let timeout = std::time::Duration::from_secs(30);
            if !speaker.wait_for(timeout, |c| c.begun > 0 && c.ended + c.stopped >= c.begun) {
                super::say_problem_line(lang, &StartProblem::SpeechNotFinished);
            }
        }
        // One line, as it has always been: the words are printed anyway.
        Err(SpeakerError::Unavailable(_)) => super::say_problem_line(lang, &StartProblem::SpeechUnavailable),
        Err(SpeakerError::Timeout(_)) => super::say_problem_line(lang, &StartProblem::SpeechNoAnswer),
    }
}

#[cfg(not(feature = "tts"))]
pub(super) fn speak_and_wait(_text: &str, lang: SpeechLang) {
    super::say_problem(lang, &StartProblem::SpeechNotBuilt);
}

/// Why speech-dispatcher could not be used, in `lang`.
#[cfg(feature = "tts")]
fn speech_problem(lang: SpeechLang, e: &crate::audio::speaker::SpeakerError) -> String {
    use crate::audio::speaker::SpeakerError;
    use crate::ui::input::Notice;
    let words = crate::ui::words::Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief);
    words.notice(match e {
        SpeakerError::Unavailable(_) => &Notice::SpeechUnavailable,
        SpeakerError::Timeout(_) => &Notice::SpeechNoAnswer,
    })
}

/// Speech for the clock, connected in the background (the clock never
/// waits for it); if it cannot be reached, one line says so.
#[cfg(feature = "tts")]
fn clock_speaker(lang: SpeechLang, out: LineOut) -> Option<crate::audio::speaker::Speaker> {
    use crate::audio::speaker::{Speaker, SpeakerError, SpeechSettings};
    let language = (lang != SpeechLang::English).then(|| lang.code().to_string());
    let told = move |result: Result<(), SpeakerError>| {
        if let Err(e) = result {
            crate::ui::clock_app::write_line(&out, &speech_problem(lang, &e));
        }
    };
    Speaker::connect(SpeechSettings { language, ..SpeechSettings::default() }, std::time::Duration::from_secs(5), told)
        .ok()
}

#[cfg(not(feature = "tts"))]
fn clock_speaker(_lang: SpeechLang, _out: LineOut) -> Option<crate::ui::sink::Mute> {
    None
}

/// `voxchess listen`: decodes a recording as the microphone would, and
/// resolves it.
#[cfg(feature = "voice")]
pub fn listen(a: ListenArgs) -> Outcome {
    use crate::audio::listen::listen_wav;
    use crate::audio::recognizer::VoiceModel;
    use crate::notation::{SanOptions, write_san};
    use crate::speech::{Intent, Resolver};
    let dir = match a.model.clone().or_else(|| crate::audio::models::installed(a.words.lang.code())) {
        Some(d) => d,
        None => return Err(StartProblem::NoVoiceModel(a.words.lang.code().to_string()).into()),
    };
    let pos = a.position.position()?;
    let code = a.words.lang.code().to_string();
    let model = VoiceModel::load(&dir, &crate::speech::vocabulary::vocabulary(a.words.lang))
        .map_err(|e| model_problem(e, &code))?;
    let resolver = Resolver::new(a.words.lang);
    let words = crate::ui::words::Narrator::new(resolver.lexicon(), resolver.style);
    let heard = listen_wav(&a.wav, &model, &resolver, &pos).map_err(|e| {
        use crate::audio::listen::ListenError;
        match e {
            ListenError::Wav(e) => StartProblem::Wav { path: e.path, reason: e.reason },
            ListenError::Resample(e) => StartProblem::Wav { path: a.wav.display().to_string(), reason: e.to_string() },
            ListenError::Model(e) => model_problem(e, &code),
        }
    })?;
    out_line!("heard: {}", heard.transcript);
    let san = |m: &crate::rules::Move| write_san(&pos, m, &SanOptions::default());
    match &heard.intent {
        Intent::Move(m) => out_line!("move: {}", san(m)),
        Intent::Ask(q) => out_line!("question: {}", words.question(q).speech()),
        Intent::Refuse(why) => out_line!("refused: {}", words.refusal(why)),
        Intent::Command(c) => out_line!("command: {c}"),
        Intent::Answer(ans) => out_line!("answer: {ans}"),
    }
    if a.timing {
        out_line!("audio {:.2} s, latency {:.1} ms", heard.audio.as_secs_f64(), heard.latency.as_secs_f64() * 1000.0);
    }
    Ok(ExitCode::SUCCESS)
}

/// A voice model that cannot be used, as a problem said in the session's
/// language (`code`: the language's).
#[cfg(feature = "voice")]
fn model_problem(e: crate::audio::recognizer::ModelError, code: &str) -> StartProblem {
    use crate::audio::recognizer::ModelError;
    match e {
        ModelError::Missing(_) => StartProblem::NoVoiceModel(code.to_string()),
        ModelError::Library(_) => StartProblem::VoiceLibrary,
        ModelError::Unloadable(_) | ModelError::Recognizer => StartProblem::BadVoiceModel(code.to_string()),
    }
}

/// `voxchess listen` in a build without voice input.
#[cfg(not(feature = "voice"))]
pub fn listen(a: ListenArgs) -> Outcome {
    let words = crate::ui::words::Narrator::new(Lexicon::get(a.words.lang), crate::speech::Style::Brief);
    super::err_rows(&words.fixed(crate::ui::words::Fixed::VoiceNotBuilt));
    Ok(ExitCode::FAILURE)
}

/// Speech for what a command says outside a session (logging in and out,
/// the lobby's start, a link or the daily puzzle asked for): the
/// settings' voice (unless speech is off), connected in the background so
/// no row waits for it; each text said in order, in words (no notation,
/// no Latin letters in Russian or Korean); [`Aloud::finish`] waits for the
/// last to end (at most 30 s). Without speech-dispatcher the rows alone.
pub(crate) struct Aloud {
    words: crate::ui::words::Narrator,
    #[cfg(feature = "tts")]
    speaker: Option<crate::audio::speaker::Speaker>,
}

impl Aloud {
    /// Speech as `settings` say.
    pub(crate) fn start(settings: &crate::config::Settings) -> Aloud {
        Aloud {
            words: crate::ui::words::Narrator::new(Lexicon::get(settings.lang), settings.style),
            #[cfg(feature = "tts")]
            speaker: settings
                .speech
                .then(|| {
                    let s = crate::ui::io::speech_settings(settings);
                    crate::audio::speaker::Speaker::connect(s, std::time::Duration::from_secs(5), |_| {}).ok()
                })
                .flatten(),
        }
    }

    /// Says `text` (queued; never waited for here).
    pub(crate) fn say(&self, text: &str) {
        #[cfg(feature = "tts")]
        if let Some(speaker) = &self.speaker {
            let line = crate::ui::output::Line::info(text.to_string());
            for l in self.words.speakable(vec![line]) {
                speaker.say(l.speech(), crate::speech::Urgency::Info);
            }
        }
        #[cfg(not(feature = "tts"))]
        let _ = (&self.words, text);
    }

    /// Cuts what is being said (a question the player has answered).
    pub(crate) fn cut(&self) {
        #[cfg(feature = "tts")]
        if let Some(speaker) = &self.speaker {
            speaker.stop();
        }
    }

    /// Prints `text` in rows of at most 40 cells and says it.
    pub(crate) fn rows(&self, text: &str) {
        super::out_rows(text);
        self.say(text);
    }

    /// Waits for what was said to end (at most 30 s).
    pub(crate) fn finish(self) {
        #[cfg(feature = "tts")]
        if let Some(speaker) = &self.speaker {
            speaker.finish(std::time::Duration::from_secs(30));
        }
    }
}
