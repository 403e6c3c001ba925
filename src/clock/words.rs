//! The clock's events in words, in the chosen language.

use super::control::Controls;
use super::runner::ClockEvent;
use crate::rules::Color;
use crate::speech::Lexicon;
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_event::say_outcome;
use crate::speech::say_move::color_name;
use crate::speech::say_time::say_duration;

/// One line for an event; None for events that say nothing.
pub(crate) fn say_clock_event(
    lex: &Lexicon,
    controls: &Controls,
    event: &ClockEvent,
    after_own_move: bool,
) -> Option<String> {
    let c = &lex.clock;
    let side = |col| color_name(lex, col).to_string();
    let time = |ms| say_duration(lex, ms);
    let both = |[white, black]: [u64; 2]| fill(&c.times, &[("white", time(white)), ("black", time(black))]);
    Some(match event {
        ClockEvent::Started { running, times } => {
            let times = both(*times);
            let template = if *running { &c.started } else { &c.waiting };
            let control = controls.to_string();
            let args =
                [("control", Arg::Text(&control)), ("times", Arg::Text(&times)), ("side", lex.side(Color::White))];
            render(template, &args)
        }
        ClockEvent::Moved(press) => {
            let mut line = render(&c.to_move, &[("side", lex.side(!press.mover))]);
            if let Some(p) = press.new_period {
                line = format!(
                    "{}. {line}",
                    fill(&c.new_period, &[("side", side(press.mover)), ("time", time(p.time_ms))])
                );
            } else if after_own_move {
                let told = fill(&c.side_time, &[("side", side(press.mover)), ("time", time(press.remaining_ms))]);
                line = format!("{told}. {line}");
            }
            line
        }
        ClockEvent::Scheduled { color, remaining_ms, .. } | ClockEvent::Told { color, remaining_ms } => {
            fill(&c.side_time, &[("side", side(*color)), ("time", time(*remaining_ms))])
        }
        ClockEvent::ControlNear { color, moves } => {
            let count = crate::speech::say_time::unit(lex, &c.moves, u64::from(*moves));
            fill(&c.control_near, &[("side", side(*color)), ("count", count)])
        }
        ClockEvent::Paused => c.paused.clone(),
        ClockEvent::Resumed => c.resumed.clone(),
        ClockEvent::Adjusted { color, delta_ms, remaining_ms } => {
            let template = if *delta_ms >= 0 { &c.added } else { &c.taken };
            fill(
                template,
                &[("side", side(*color)), ("time", time(delta_ms.unsigned_abs())), ("left", time(*remaining_ms))],
            )
        }
        ClockEvent::Flag { color, outcome } => {
            let flag = fill(&c.flag, &[("side", side(*color))]);
            match outcome {
                // The win on time says whose flag fell itself: one mention.
                Some(o @ crate::rules::Outcome::Win { .. }) => say_outcome(lex, o),
                Some(o) => format!("{flag}. {}", say_outcome(lex, o)),
                None => format!("{flag}."),
            }
        }
        ClockEvent::Refused(crate::clock::ClockError::NotYourTurn(col)) => {
            render(&c.not_your_turn, &[("side", lex.side(!*col))])
        }
        ClockEvent::Refused(crate::clock::ClockError::FlagFallen(_)) => c.game_over.clone(),
        ClockEvent::Refused(crate::clock::ClockError::Paused) => c.paused.clone(),
        ClockEvent::Note(text) => text.clone(),
        ClockEvent::Stopped { times } => fill(&c.stopped, &[("times", both(*times))]),
    })
}

/// A typed line that is no clock key, answered in the session's language.
pub(crate) fn say_key_error(lex: &Lexicon, e: &super::keys::KeyError) -> String {
    use super::keys::KeyError;
    match e {
        KeyError::NotAKey(t) => fill(&lex.clock.not_a_key, &[("text", t.clone())]),
        KeyError::BadAdjust(t) => fill(&lex.clock.bad_adjust, &[("text", t.clone())]),
    }
}

/// The typed lines the clock takes, one a line (plain mode).
pub(crate) fn typed_help(lex: &Lexicon) -> String {
    lex.clock.help_lines.join("\n")
}

/// The single keys the clock takes, one a line (the terminal).
pub(crate) fn key_help(lex: &Lexicon) -> String {
    lex.clock.help.join("\n")
}
