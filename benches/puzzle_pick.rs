//! Choosing the next puzzle from an imported library with its index:
//! picks by theme and rating band, for players of many ratings, some of
//! the nearest puzzles already seen. The library is the one of
//! `VOXCHESS_LIBRARY` (scripts/puzzle-library.sh imports one and runs
//! this); without it, a small one is made here.
//! Run with `cargo bench --bench puzzle_pick` (release build).

use std::collections::HashSet;
use std::time::Instant;
use voxchess::study::index::pick;
use voxchess::study::library::Wanted;

fn main() {
    let library = match std::env::var_os("VOXCHESS_LIBRARY") {
        Some(path) => std::path::PathBuf::from(path),
        None => {
            let dir = std::env::temp_dir().join(format!("voxchess-pick-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("dir");
            let path = dir.join("library.csv");
            let rows: String = (0..100_000)
                .map(|i| {
                    let theme = ["fork", "pin", "skewer"][i % 3];
                    format!(
                        "p{i:07},7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,{},0,0,0,mateIn1 {theme},,\n",
                        600 + (i * 7919) % 2400
                    )
                })
                .collect();
            std::fs::write(&path, rows).expect("library");
            voxchess::study::index::build(&path).expect("index");
            path
        }
    };
    let cases: Vec<(&str, Wanted)> = vec![
        ("any", Wanted::default()),
        ("--theme fork", Wanted { theme: Some("fork".into()), rating: None }),
        ("--theme fork --rating 1400-1600", Wanted { theme: Some("fork".into()), rating: Some((1400, 1600)) }),
        ("--rating 2999-3000 (none)", Wanted { theme: None, rating: Some((2999, 3000)) }),
    ];
    for (name, wanted) in cases {
        let mut times = Vec::new();
        let mut seen = HashSet::new();
        for i in 0..200u32 {
            let rating = 800 + (i * 37) % 1600;
            let start = Instant::now();
            let got = pick(&library, &wanted, &seen, rating);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            // The player has seen what was given: the next pick skips it.
            if let Some(p) = got {
                seen.insert(p.id);
            }
        }
        times.sort_by(f64::total_cmp);
        println!(
            "pick {name}: median {:.3} ms, 95th {:.3} ms, worst {:.3} ms ({} picks)",
            times[times.len() / 2],
            times[times.len() * 95 / 100],
            times[times.len() - 1],
            times.len()
        );
    }
}
