//! Measures the running clock with the real monotonic time: how late
//! announcements and flag falls are reported after their due time, and the
//! CPU time of an idle running clock. Run with
//! `cargo bench --bench clock_timing` (`-- --quick` for a short run).

use std::sync::mpsc::channel;
use std::time::{Duration, Instant};
use voxchess::clock::{ChessClock, ClockEvent, ClockInput, Monotonic, Schedule, StartRule, run_clock};

fn cpu_time() -> Duration {
    // SAFETY: getrusage writes into the zeroed struct we pass and reads nothing else.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let tv = |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    // 1. Announcements and the flag: a 25-second game of White alone.
    let control = if quick { "0:12" } else { "0:25" };
    let time = Monotonic::new();
    let (tx, rx) = channel::<ClockInput>();
    let mut late_announce: Vec<f64> = Vec::new();
    let mut late_flag: Option<f64> = None;
    let waiter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(if quick { 13 } else { 26 }));
        let _ = tx.send(ClockInput::Quit);
    });
    {
        let mut emit = |e: &ClockEvent, due: u64, _now: u64| {
            let lateness = Instant::now().saturating_duration_since(time.instant_at(due)).as_secs_f64() * 1000.0;
            match e {
                ClockEvent::Scheduled { .. } => late_announce.push(lateness),
                ClockEvent::Flag { .. } => late_flag = Some(lateness),
                _ => {}
            }
        };
        let c = ChessClock::new(control.parse().expect("control"), StartRule::AtStart);
        run_clock(c, &Schedule::default(), &time, &rx, &mut emit);
    }
    waiter.join().expect("waiter");
    late_announce.sort_by(f64::total_cmp);
    println!(
        "announcements: {} in a {control} game; late by median {:.2} ms, p95 {:.2} ms, max {:.2} ms (target within 20 ms)",
        late_announce.len(),
        percentile(&late_announce, 0.5),
        percentile(&late_announce, 0.95),
        late_announce.last().copied().unwrap_or(0.0)
    );
    match late_flag {
        Some(l) => println!("flag fall detected {l:.2} ms after it fell (target within 10 ms)"),
        None => println!("flag fall: NOT detected"),
    }

    // 2. An idle running clock: 15+10, nobody moves, nothing due for minutes.
    let idle_secs = if quick { 10 } else { 60 };
    let (tx, rx) = channel::<ClockInput>();
    let before = cpu_time();
    let started = Instant::now();
    let clock_thread = std::thread::spawn(move || {
        let time = Monotonic::new();
        let c = ChessClock::new("15+10".parse().expect("control"), StartRule::AtStart);
        let mut emit = |_: &ClockEvent, _: u64, _: u64| {};
        run_clock(c, &Schedule::default(), &time, &rx, &mut emit);
    });
    std::thread::sleep(Duration::from_secs(idle_secs));
    let used = cpu_time() - before;
    let _ = tx.send(ClockInput::Quit);
    clock_thread.join().expect("clock thread");
    println!(
        "idle running clock: {:.3} ms of CPU time in {:.1} s of wall time",
        used.as_secs_f64() * 1000.0,
        started.elapsed().as_secs_f64()
    );
}
