//! Perft speed of voxchess's move generator beside shakmaty's in the same run.
//! Run with `cargo bench --bench perft`; prints nodes per second and the ratio.

use std::time::Instant;

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = std::hint::black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    use shakmaty::{CastlingMode, Chess, fen::Fen};
    let quick = std::env::args().any(|a| a == "--quick");
    let runs = if quick { 1 } else { 5 };
    let cases = [
        ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", if quick { 5 } else { 6 }),
        ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", if quick { 4 } else { 5 }),
        ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", if quick { 5 } else { 6 }),
    ];
    let (mut ours_total, mut theirs_total) = (0.0, 0.0);
    for (name, fen, depth) in cases {
        let ours = voxchess::rules::Position::from_fen(fen).expect("valid FEN");
        let theirs: Chess = fen.parse::<Fen>().expect("fen").into_position(CastlingMode::Standard).expect("pos");
        let (n1, t1) = best_of(runs, || voxchess::rules::perft(&ours, depth));
        let (n2, t2) = best_of(runs, || shakmaty_perft(&theirs, depth));
        assert_eq!(n1, n2, "node counts differ for {name}");
        let (r1, r2) = (n1 as f64 / t1 / 1e6, n2 as f64 / t2 / 1e6);
        ours_total += t1;
        theirs_total += t2;
        println!(
            "{name} perft {depth}: {n1} nodes; voxchess {r1:.0} Mnps, shakmaty {r2:.0} Mnps, ratio {:.2}x",
            r1 / r2
        );
    }
    println!("overall ratio (shakmaty time / voxchess time): {:.2}x", theirs_total / ours_total);
}
