//! The chess clock: time controls, increment, delay, periods, flags,
//! pause, adjustments, save and restore, the schedule. The core is driven
//! by times passed in, so nothing here sleeps (except the one runner test).

use voxchess::clock::{
    ChessClock, ClockError, ClockEvent, ClockInput, Controls, Monotonic, Schedule, StartRule, TimeControl,
    outcome_on_time, run_clock,
};
use voxchess::rules::{Color, DrawReason, Outcome, Position, WinReason};

const W: Color = Color::White;
const B: Color = Color::Black;
const MIN: u64 = 60_000;
const SEC: u64 = 1_000;

fn clock(control: &str) -> ChessClock {
    let mut c = ChessClock::new(control.parse().expect("control"), StartRule::AtStart);
    c.start(0);
    c
}

#[test]
fn controls_as_players_write_them() {
    let c: TimeControl = "15+10".parse().unwrap();
    assert_eq!((c.periods[0].time_ms, c.periods[0].increment_ms, c.periods[0].moves), (15 * MIN, 10 * SEC, None));
    let c: TimeControl = "40/90+30, 30+30".parse().unwrap();
    assert_eq!(c.periods.len(), 2);
    assert_eq!((c.periods[0].moves, c.periods[0].time_ms, c.periods[0].increment_ms), (Some(40), 90 * MIN, 30 * SEC));
    assert_eq!((c.periods[1].moves, c.periods[1].time_ms), (None, 30 * MIN));
    let c: TimeControl = "5 d3".parse().unwrap();
    assert_eq!((c.periods[0].time_ms, c.periods[0].delay_ms), (5 * MIN, 3 * SEC));
    assert_eq!("5d3".parse::<TimeControl>().unwrap(), c);
    assert_eq!("5 delay 3".parse::<TimeControl>().unwrap(), c);
    assert_eq!("2:30+5".parse::<TimeControl>().unwrap().periods[0].time_ms, 150 * SEC);
    assert_eq!("0.5+1".parse::<TimeControl>().unwrap().periods[0].time_ms, 30 * SEC);
    let odds: Controls = "3+2 | 5+0".parse().unwrap();
    assert_eq!(odds.white.initial_ms(), 3 * MIN);
    assert_eq!(odds.black.initial_ms(), 5 * MIN);
    assert_eq!(odds.to_string(), "3+2 | 5");
    assert_eq!("40/90+30, 30+30".parse::<Controls>().unwrap().to_string(), "40/90+30, 30+30");
    assert_eq!("15+10".parse::<Controls>().unwrap().pgn_tag(), "900+10");
    assert_eq!("40/90+30, 30+30".parse::<Controls>().unwrap().pgn_tag(), "40/5400+30:1800+30");
}

#[test]
fn bad_controls_say_what_is_wrong_with_an_example() {
    for (text, words) in [
        ("", "empty"),
        ("abc", "not a number of minutes"),
        ("15+x", "not a number of seconds of increment"),
        ("40/90+30", "last period must be for the rest of the game"),
        ("0/90, 30", "not a number of moves"),
        ("0+0", "needs some time"),
        ("-5+3", "not a number of minutes"),
        ("99999+0", "more than a day"),
        ("1 | 2 | 3", "more than two controls"),
        ("5 d", "seconds of delay is missing"),
    ] {
        let e = text.parse::<Controls>().expect_err(text).to_string();
        assert!(e.contains(words), "{text}: {e}");
        assert!(e.contains("Examples: 15+10"), "{e}");
    }
}

#[test]
fn increment_is_added_after_each_move() {
    let mut c = clock("5+3");
    assert_eq!(c.remaining(W, 10 * SEC), 5 * MIN - 10 * SEC);
    let p = c.press(10 * SEC, W).unwrap();
    assert_eq!(p.remaining_ms, 5 * MIN - 7 * SEC);
    assert_eq!(c.remaining(B, 12 * SEC), 5 * MIN - 2 * SEC);
    c.press(12 * SEC, B).unwrap();
    assert_eq!(c.remaining(B, 20 * SEC), 5 * MIN + SEC);
    assert_eq!(c.press(20 * SEC, B), Err(ClockError::NotYourTurn(B)));
}

#[test]
fn delay_leaves_the_main_time_untouched_within_it() {
    let mut c = clock("5 d3");
    // A move made inside the delay: main time unchanged.
    assert_eq!(c.remaining(W, 2 * SEC), 5 * MIN);
    c.press(2 * SEC, W).unwrap();
    assert_eq!(c.remaining(W, 2 * SEC), 5 * MIN);
    // Exactly at the delay: still unchanged.
    assert_eq!(c.remaining(B, 5 * SEC), 5 * MIN);
    c.press(5 * SEC, B).unwrap();
    assert_eq!(c.remaining(B, 5 * SEC), 5 * MIN);
    // After the delay the main time counts: 3 s delay, then 4 s used.
    assert_eq!(c.remaining(W, 12 * SEC), 5 * MIN - 4 * SEC);
    assert_eq!(c.delay_left(6 * SEC), 2 * SEC);
    c.press(12 * SEC, W).unwrap();
    assert_eq!(c.remaining(W, 12 * SEC), 5 * MIN - 4 * SEC);
    // The flag falls only after delay + main time.
    assert_eq!(c.flag_due(), Some(12 * SEC + 3 * SEC + 5 * MIN));
}

#[test]
fn periods_carry_time_over() {
    let mut c = clock("2/10+30, 5+30");
    let mut t = 0;
    for _ in 0..2 {
        t += MIN;
        c.press(t, W).unwrap();
        t += MIN;
        c.press(t, B).unwrap();
    }
    // White used 2 minutes, got 2 x 30 s, and 5 minutes for the next period.
    assert_eq!(c.remaining(W, t), 10 * MIN - 2 * MIN + 60 * SEC + 5 * MIN);
    assert_eq!(c.sides[0].period, 1);
    assert_eq!(c.moves_to_control(W), None);
    let mut c = clock("40/90+30, 30+30");
    c.press(1000, W).unwrap();
    assert_eq!(c.moves_to_control(W), Some(39));
}

#[test]
fn flag_fall_loses_unless_the_opponent_cannot_mate() {
    let mut c = clock("1+0");
    assert_eq!(c.flag_due(), Some(MIN));
    assert_eq!(c.check_flag(MIN - 1), None);
    assert_eq!(c.check_flag(MIN), Some(W));
    assert_eq!(c.press(MIN + 5, W), Err(ClockError::FlagFallen(W)));
    assert_eq!(c.remaining(W, MIN + 5), 0);
    let rook = Position::from_fen("7k/8/8/8/8/8/8/K5r1 w - - 0 1").unwrap();
    assert_eq!(
        outcome_on_time(&c.fallen(), Some(&rook)),
        Some(Outcome::Win { winner: B, reason: WinReason::FlagFall })
    );
    let bare = Position::from_fen("7k/8/8/8/8/8/8/K5R1 w - - 0 1").unwrap();
    assert_eq!(outcome_on_time(&c.fallen(), Some(&bare)), Some(Outcome::Draw(DrawReason::FlagFallNoMatingMaterial)));
    assert_eq!(outcome_on_time(&c.fallen(), None), Some(Outcome::Win { winner: B, reason: WinReason::FlagFall }));
}

#[test]
fn both_flags_fallen_is_a_draw() {
    let mut c = clock("1+0");
    c.play_on_after_flag = true;
    assert_eq!(c.check_flag(MIN + 10), Some(W));
    c.press(MIN + 20, W).expect("play goes on on a real board until claimed");
    assert_eq!(c.remaining(W, MIN + 20), 0);
    assert_eq!(c.check_flag(2 * MIN + 20), Some(B));
    assert_eq!(c.fallen(), vec![W, B]);
    assert_eq!(outcome_on_time(&c.fallen(), None), Some(Outcome::Draw(DrawReason::BothFlagsFell)));
}

#[test]
fn pause_and_adjustments() {
    let mut c = clock("5+0");
    c.pause(10 * SEC);
    assert_eq!(c.remaining(W, 50 * SEC), 5 * MIN - 10 * SEC);
    assert_eq!(c.press(50 * SEC, W), Err(ClockError::Paused));
    assert_eq!(c.flag_due(), None);
    c.resume(60 * SEC);
    assert_eq!(c.remaining(W, 70 * SEC), 5 * MIN - 20 * SEC);
    // 7.4(b): two minutes added to the opponent.
    c.adjust(70 * SEC, B, 2 * MIN as i64);
    assert_eq!(c.remaining(B, 70 * SEC), 7 * MIN);
    // Time taken from the running side.
    c.adjust(70 * SEC, W, -(MIN as i64));
    assert_eq!(c.remaining(W, 80 * SEC), 5 * MIN - 20 * SEC - MIN - 10 * SEC);
    c.adjust(80 * SEC, W, -(100 * MIN as i64));
    assert_eq!(c.remaining(W, 80 * SEC), 0);
}

#[test]
fn adjusting_inside_a_delay_keeps_the_delay_used() {
    let mut c = clock("5 d3");
    c.adjust(2 * SEC, W, MIN as i64);
    assert_eq!(c.remaining(W, 2 * SEC), 6 * MIN);
    assert_eq!(c.delay_left(2 * SEC), SEC);
    assert_eq!(c.remaining(W, 4 * SEC), 6 * MIN - SEC);
}

#[test]
fn start_after_first_move_option() {
    let mut c = ChessClock::new("5+0".parse().unwrap(), StartRule::AfterFirstMove);
    c.start(0);
    assert_eq!(c.running, None);
    assert_eq!(c.flag_due(), None);
    assert_eq!(c.remaining(W, 30 * SEC), 5 * MIN);
}

#[test]
fn saved_state_restores_exactly() {
    let mut c = clock("40/90+30, 30+30");
    c.press(61 * SEC, W).unwrap();
    let saved = c.snapshot(75 * SEC);
    let text = toml::to_string(&saved).expect("serializes");
    let back: ChessClock = toml::from_str(&text).expect("reads back");
    assert_eq!(back, saved);
    // Continued later on another clock (after a restart): nothing lost, nothing gained.
    let restored = ChessClock::restore(back, 5_000_000);
    assert_eq!(restored.remaining(B, 5_000_000), c.remaining(B, 75 * SEC));
    assert_eq!(restored.remaining(W, 5_000_000), c.remaining(W, 75 * SEC));
    assert_eq!(restored.remaining(B, 5_010_000), c.remaining(B, 85 * SEC));
}

#[test]
fn schedule_gets_denser_as_time_runs_out() {
    let s = Schedule::default();
    let marks = |from: u64| {
        let mut v = Vec::new();
        let mut r = from;
        while let Some(m) = s.next_mark(r) {
            v.push(m / SEC);
            r = m;
        }
        v
    };
    assert_eq!(marks(12 * MIN + 34 * SEC)[..3], [600, 540, 480]);
    assert_eq!(marks(20 * MIN + 1)[..3], [1200, 900, 600]);
    assert_eq!(marks(65 * SEC), vec![60, 50, 40, 30, 20, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    let silent = Schedule { silent: true, ..Schedule::default() };
    assert_eq!(silent.next_mark(MIN), None);
}

/// The real running clock: announcements and the flag come by themselves.
/// (Checks what happens, not how punctually: punctuality is measured by
/// `cargo bench --bench clock_timing`.)
#[test]
fn running_clock_announces_and_detects_the_flag() {
    let (tx, rx) = std::sync::mpsc::channel();
    let mut events = Vec::new();
    let handle = std::thread::spawn(move || {
        let c = ChessClock::new("0:02".parse().unwrap(), StartRule::AtStart);
        let time = Monotonic::new();
        let mut emit = |e: &ClockEvent, _due: u64, _now: u64| events.push(e.clone());
        run_clock(c, &Schedule::default(), &time, &rx, &mut emit);
        events
    });
    tx.send(ClockInput::TellBoth).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2600));
    tx.send(ClockInput::Quit).unwrap();
    let events = handle.join().unwrap();
    assert!(matches!(events[0], ClockEvent::Started { running: true, times: [2000, 2000] }));
    assert!(events.contains(&ClockEvent::Scheduled { color: W, remaining_ms: SEC, countdown: true }), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, ClockEvent::Flag { color: W, outcome: Some(_) })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, ClockEvent::Told { color: B, remaining_ms: 2000 })));
}

#[test]
fn schedules_are_configurable() {
    let s: Schedule = "10:1, 60:10, *:60".parse().expect("reads");
    let mut marks = Vec::new();
    let mut r = 3 * MIN + 5 * SEC;
    while let Some(m) = s.next_mark(r) {
        marks.push(m / SEC);
        r = m;
    }
    assert_eq!(marks[..4], [180, 120, 60, 50]);
    assert!("off".parse::<Schedule>().unwrap().silent);
    for (text, words) in [("10", "is not UPTO:EVERY"), ("x:1", "not a number of seconds"), ("60:10, 10:1", "must grow")]
    {
        let e = text.parse::<Schedule>().expect_err(text).to_string();
        assert!(e.contains(words) && e.contains("Example"), "{text}: {e}");
    }
}

#[test]
fn take_back_returns_the_move_to_the_mover() {
    let mut c = clock("2/10, 5");
    c.press(SEC, W).unwrap();
    assert_eq!(c.moves_to_control(W), Some(1));
    c.take_back(2 * SEC, W);
    assert_eq!(c.turn, W);
    assert_eq!(c.running, Some(W));
    assert_eq!(c.moves_to_control(W), Some(2));
    assert_eq!(c.remaining(W, 3 * SEC), 10 * MIN - 2 * SEC);
}

/// Taking a side's time down to zero is a flag, said as one.
#[test]
fn an_adjustment_to_zero_is_a_flag() {
    let (tx, rx) = std::sync::mpsc::channel();
    let handle = std::thread::spawn(move || {
        let mut events = Vec::new();
        let c = ChessClock::new("5+3".parse().unwrap(), StartRule::AtStart);
        let time = Monotonic::new();
        let mut emit = |e: &ClockEvent, _due: u64, _now: u64| events.push(e.clone());
        run_clock(c, &Schedule::default(), &time, &rx, &mut emit);
        events
    });
    tx.send(ClockInput::Adjust(Color::Black, -600_000)).unwrap();
    tx.send(ClockInput::Quit).unwrap();
    let events = handle.join().unwrap();
    assert!(
        events.iter().any(|e| matches!(e, ClockEvent::Flag { color: Color::Black, outcome: Some(_) })),
        "{events:?}"
    );
    assert!(matches!(events.last(), Some(ClockEvent::Stopped { times: [_, 0] })), "{events:?}");
}

/// The low-time call set by the player: every second under it (the
/// first call the moment it is crossed), the calls above it as before;
/// 0 turns the calls every second off.
#[test]
fn the_low_time_call_is_the_players() {
    let marks = |s: &Schedule, from: u64| {
        let (mut r, mut out) = (from, Vec::new());
        while let Some(m) = s.next_mark(r) {
            out.push(m / 1000);
            r = m;
        }
        out
    };
    let thirty = Schedule::default().with_low_time(30);
    let called = marks(&thirty, 125_000);
    let mut expected = vec![120, 60, 50, 40];
    expected.extend((1..=30).rev());
    assert_eq!(called, expected);
    let off = Schedule::default().with_low_time(0);
    assert_eq!(marks(&off, 65_000), [60, 50, 40, 30, 20, 10]);
    assert_eq!(marks(&Schedule::default().with_low_time(90), 95_000), (1..=90).rev().collect::<Vec<_>>());
}
