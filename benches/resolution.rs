//! The resolution benchmark (issue: spoken chess). Run with
//! `cargo bench --bench resolution` (add `-- --quick` for fewer positions).
//! Prints, per channel (typed, heard), language and style, the shares of
//! clean and corrupted phrases played correctly, asked, refused and wrongly
//! played (another move without a question), and the time per phrase.

use voxchess::speech::benchmark::{Tally, positions, run};
use voxchess::speech::{Channel, SpeechLang, Style};

fn shares(t: &Tally) -> String {
    let mut s = format!(
        "{:6.2}% ok {:5.2}% asked {:5.2}% refused {} wrong",
        t.percent(t.correct),
        t.percent(t.asked),
        t.percent(t.refused),
        t.wrong
    );
    if t.named_other > 0 {
        s.push_str(&format!(" ({:.2}% typo named another move)", t.percent(t.named_other)));
    }
    s
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let count = if quick { 40 } else { 300 };
    let positions = positions(count, 0xC0FF_EE00_1234_5678);
    let mut total_time = std::time::Duration::ZERO;
    let mut slowest = std::time::Duration::ZERO;
    let mut phrases = 0;
    println!("{count} positions from random games; every legal move, clean and corrupted once");
    for channel in [Channel::Typed, Channel::Heard] {
        let (mut clean, mut corrupted) = (Tally::default(), Tally::default());
        let name = if channel == Channel::Typed { "typed" } else { "heard" };
        for lang in SpeechLang::ALL {
            for style in Style::ALL {
                let row = run(lang, style, channel, &positions, 42);
                let phrases = row.clean.total() + row.corrupted.total();
                println!(
                    "{name} {lang} {:5} | clean {} | corrupted {} | {:.1} us/phrase, slowest {:.2} ms",
                    style.name(),
                    shares(&row.clean),
                    shares(&row.corrupted),
                    row.elapsed.as_secs_f64() * 1e6 / f64::from(phrases),
                    row.slowest.as_secs_f64() * 1e3
                );
                for (said, got) in &row.clean_misses {
                    println!("    clean not played: \"{said}\" -> {got}");
                }
                for (said, heard, played) in &row.wrong_examples {
                    println!("    wrong: said \"{said}\", got \"{heard}\", played \"{played}\"");
                }
                clean.merge(&row.clean);
                corrupted.merge(&row.corrupted);
                total_time += row.elapsed;
                slowest = slowest.max(row.slowest);
            }
        }
        phrases += clean.total() + corrupted.total();
        println!("{name} all clean:     {} ({} phrases)", shares(&clean), clean.total());
        println!("{name} all corrupted: {} ({} phrases)", shares(&corrupted), corrupted.total());
    }
    println!(
        "time: {:.1} us per phrase on average, slowest {:.2} ms",
        total_time.as_secs_f64() * 1e6 / f64::from(phrases),
        slowest.as_secs_f64() * 1e3
    );
}
