//! The openings' names: building lichess's table on first use (3,807
//! lines, each line's moves played), then a name looked up after each
//! step of a game. Run with `cargo bench --bench openings` (release build).

use std::time::Instant;
use voxchess::notation::{NotationLang, read_move};
use voxchess::rules::Position;
use voxchess::study::openings::named;

fn main() {
    let start = Instant::now();
    let first = named(&Position::start());
    println!("table built on first use: {:.1} ms (start position named: {})", ms(start), first.is_some());
    let game = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b4";
    let mut pos = Position::start();
    let mut times = Vec::new();
    let mut found = 0;
    for _ in 0..1000 {
        pos = Position::start();
        for san in game.split_whitespace() {
            pos.play_unchecked(&read_move(&pos, san, NotationLang::English).expect("legal"));
            let t = Instant::now();
            found += usize::from(named(&pos).is_some());
            times.push(t.elapsed().as_secs_f64() * 1_000_000.0);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "lookup after a step: median {:.2} us, 99th {:.2} us, worst {:.2} us ({} lookups, {} named; last {})",
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        times[times.len() - 1],
        times.len(),
        found,
        pos.to_fen()
    );
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}
