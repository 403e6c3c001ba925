//! The modes of the board: a game (with its study once it has ended)
//! and a review, each a [`crate::ui::session::Mode`] made of fronts (the
//! game's and the study's `Front`s) and the effects that do their work.
//! What the two share is here: doing the work a front asked for, the
//! engine's answers, and output gathered from every front.
//!
//! May use: the session, and everything below it.

pub(crate) mod broadcast;
pub(crate) mod drill;
pub(crate) mod game;
pub(crate) mod puzzle;
pub(crate) mod review;
pub(crate) mod watch;

use crate::ui::effect::Report;
use crate::ui::effects::Effects;
use crate::ui::input::AnalysisNews;
use crate::ui::output::{Line, Urgency};
use crate::ui::shell::Front;
use crate::ui::sink::Screen;

/// Has `effects` do the work `front` asked for, and reports back, until
/// nothing more is asked.
fn drain(front: &mut dyn Front, effects: &mut Effects, now: u64) {
    loop {
        let asked = front.shell().take_effects();
        if asked.is_empty() {
            return;
        }
        for effect in asked {
            if let Some(report) = effects.perform(effect) {
                front.report(report, now);
            }
        }
    }
}

/// Who an analysis report is for.
enum ForWhom {
    /// The study or the review (evaluations, the end of an analysis).
    Study,
    /// The front that takes commands now (an engine's answer).
    Commands,
}

/// The analysis's news as a report, and who it is for.
fn analysis(news: AnalysisNews, effects: &mut Effects) -> Option<(ForWhom, Report)> {
    match news {
        AnalysisNews::Evaluated(i, result) => Some((ForWhom::Study, Report::Evaluated(i, result))),
        AnalysisNews::Ended(analyst) => {
            effects.analyst_back(analyst);
            Some((ForWhom::Study, Report::AnalysisEnded))
        }
        AnalysisNews::Answered { who, lines, engine } => {
            effects.answered(who, lines, engine).map(|r| (ForWhom::Commands, r))
        }
    }
}

/// The mode of the mistakes a review asked to practise, if it did.
fn practice(review: &mut crate::ui::review::Review, effects: &Effects) -> Option<Box<dyn crate::ui::session::Mode>> {
    let practice = review.take_practice()?;
    let settings = review.settings().clone();
    let files = puzzle::PuzzleFiles::in_data_folder();
    Some(Box::new(puzzle::PuzzleMode::practice(&settings, files, practice, effects.sender())))
}

/// Whether any of the fronts asks for silence.
fn take_silence(fronts: Vec<&mut dyn Front>) -> bool {
    fronts.into_iter().fold(false, |any, f| f.shell().take_silence() | any)
}

/// The lines of every front since the last call.
fn take_output(fronts: Vec<&mut dyn Front>) -> Vec<Line> {
    fronts.into_iter().flat_map(|f| f.shell().take_output()).collect()
}

/// A Braille view asked for by any front: shown, or the player told
/// there is no display.
fn braille_views(fronts: Vec<&mut dyn Front>, screen: &mut dyn Screen) {
    for front in fronts {
        let shell = front.shell();
        if let Some(view) = shell.take_braille_view() {
            let line =
                if screen.braille_view(view) { shell.words.braille_view(view) } else { shell.words.braille_none() };
            shell.say(line, Urgency::Info);
        }
    }
}
