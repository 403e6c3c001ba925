//! A broadcast round read: each game's PGN as the round's stream sends
//! it (the whole game again at every move), read a line at a time, and a
//! round of 64 boards read whole (what opening it exports). Run with
//! `cargo bench --bench broadcast` (release build).

use std::time::Instant;
use voxchess::online::broadcast::{RoundReader, boards_of};

/// 50 plies of a Ruy Lopez (and more), each with a clock comment, as a relay writes.
const MOVES: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5 Bg5 Be7 Ra3 a5 axb5 Bc8 b6 Qxb6 Nf5 Bxf5 exf5 Qb7 Bxf6 Bxf6 Qe2 Rab8 Ne4 Be7 Ng5 Bxg5 Qxc4 Bf6";

fn game(board: usize, plies: usize) -> String {
    let mut text = format!(
        "[Event \"Bench Open\"]\n[White \"White {board}\"]\n[Black \"Black {board}\"]\n[WhiteElo \"2700\"]\n[Result \"*\"]\n[GameURL \"https://lichess.org/broadcast/bench/round-1/abcdefgh/game{board:04}\"]\n\n"
    );
    for (i, san) in MOVES.split_whitespace().take(plies).enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&format!("{san} {{ [%clk 1:{:02}:00] }} ", 59 - i / 2));
    }
    text.push_str("*\n\n\n");
    text
}

fn main() {
    let mut reader = RoundReader::default();
    let mut times = Vec::new();
    for plies in 1..=50 {
        let text = game(1, plies);
        let t = Instant::now();
        let mut read = 0;
        for line in text.lines() {
            read += usize::from(reader.line(line).is_some());
        }
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(read, 1, "game of {plies} plies read");
    }
    times.sort_by(f64::total_cmp);
    println!(
        "a game's update read (1 to 50 plies): median {:.3} ms, worst {:.3} ms",
        times[times.len() / 2],
        times[times.len() - 1]
    );
    let round: String = (1..=64).map(|b| game(b, 50)).collect();
    let t = Instant::now();
    let boards = boards_of(&round);
    println!(
        "a round of {} boards of 50 plies read whole ({} KiB): {:.1} ms",
        boards.len(),
        round.len() / 1024,
        t.elapsed().as_secs_f64() * 1000.0
    );
}
