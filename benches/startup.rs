//! Time from starting `voxchess play` in plain mode without voice to its
//! first prompt. Run with `cargo bench --bench startup` (release build).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Instant;

fn to_prompt(args: &[&str]) -> f64 {
    let home = std::env::temp_dir().join(format!("voxchess-startup-{}", std::process::id()));
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(args)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let mut out = child.stdout.take().expect("stdout");
    let mut seen = String::new();
    let mut buf = [0u8; 1024];
    while !seen.contains("1. White>") {
        let n = out.read(&mut buf).expect("reads");
        if n == 0 {
            break;
        }
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    let elapsed = start.elapsed().as_secs_f64() * 1000.0;
    drop(child.stdin.take());
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&home);
    elapsed
}

fn report(name: &str, args: &[&str]) {
    let mut times: Vec<f64> = (0..20).map(|_| to_prompt(args)).collect();
    times.sort_by(f64::total_cmp);
    println!("{name}: median {:.1} ms, min {:.1} ms, max {:.1} ms over 20 starts", times[10], times[0], times[19]);
}

fn main() {
    report(
        "plain, two players, no speech or voice",
        &["play", "--plain", "--opponent", "human", "--no-speech", "--no-voice"],
    );
    report(
        "plain, against Stockfish, no speech or voice",
        &["play", "--plain", "--no-speech", "--no-voice", "--color", "white"],
    );
}
