//! What reaches a session: typed lines, what the recognizer heard, keys,
//! notices, what the opponent and the analysis report; and the one
//! clean-up every line of input gets before it is read. Imports nothing
//! of the front end.

use crate::engine::analysis::{Analyse, Line as AnalysisLine};
use crate::game::{OpponentAct, OpponentFailure};
use crate::rules::Role;

/// A key of the terminal's board walk (and, next, of a Braille display).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoardKey {
    /// Move the cursor by files and ranks.
    Walk(i32, i32),
    /// Read the squares from the cursor in a direction up to the first piece.
    Ray(i32, i32),
    /// Jump to the next piece of a kind.
    Jump(Role),
    /// Legal moves of the piece under the cursor.
    Moves,
    /// Read the cursor's file.
    File,
    /// The last move.
    LastMove,
    /// The clocks.
    Time,
    /// Cut speech short (any key does).
    Silence,
    /// Stop: cut speech short and stop long work (an analysis); the `.` key.
    Stop,
    /// The board mode's keys.
    Help,
    /// One move back (a game: look back; a review: back).
    Back,
    /// One move on.
    Forward,
    /// The start of the game.
    First,
    /// The end of the line (a game: the live position).
    Last,
    /// Push-to-talk was switched (on or off) with Tab.
    Talk(Option<bool>),
}

/// What the analysis thread reports.
pub(crate) enum AnalysisNews {
    /// One position evaluated (its index in the analysis).
    Evaluated(usize, Result<Vec<AnalysisLine>, OpponentFailure>),
    /// The analysis ended (done or stopped); the engine comes back.
    Ended(Box<dyn Analyse>),
}

/// What reaches the session's loop, from any thread.
pub(crate) enum Msg {
    /// A line typed by the player.
    Typed(String),
    /// A transcript from voice input: the alternatives, best first.
    #[cfg_attr(not(all(feature = "voice", feature = "tts")), allow(dead_code))]
    Heard(Vec<(String, f32)>),
    /// A board key.
    Key(BoardKey),
    /// A notice from a helper thread (speech, microphone, model).
    #[cfg_attr(not(feature = "tts"), allow(dead_code))]
    Notice(String),
    /// What the opponent did, on its own or in answer.
    Opponent(OpponentAct),
    /// What the analysis found.
    Analysis(AnalysisNews),
    /// Input ended.
    Eof,
    /// The player leaves.
    Quit,
}

/// The most characters of a line that are read; a longer line is refused
/// as too long.
pub(crate) const MAX_LINE_CHARS: usize = 200;

/// The most of one input line that is kept; the rest of a longer line is
/// read and dropped without being held in memory.
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// A typed line after the clean-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Typed {
    /// Words to read.
    Words(String),
    /// Longer than a line may be.
    TooLong,
    /// Nothing but spaces.
    Empty,
}

/// A line of input without its control characters: the one clean-up
/// every reader of typed lines shares.
pub(crate) fn without_controls(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// A typed line made safe to read: control characters dropped, spaces
/// trimmed, at most [`MAX_LINE_CHARS`] characters.
pub(crate) fn clean_typed(text: &str) -> Typed {
    let text = without_controls(text);
    let text = text.trim();
    if text.chars().count() > MAX_LINE_CHARS {
        Typed::TooLong
    } else if text.is_empty() {
        Typed::Empty
    } else {
        Typed::Words(text.to_string())
    }
}

/// What the recognizer heard, made safe to read: control characters
/// dropped, each alternative cut to [`MAX_LINE_CHARS`] characters, empty
/// ones left out.
pub(crate) fn clean_heard(alternatives: &[(String, f32)]) -> Vec<(String, f32)> {
    alternatives
        .iter()
        .map(|(t, s)| (without_controls(t).chars().take(MAX_LINE_CHARS).collect::<String>(), *s))
        .filter(|(t, _)| !t.trim().is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn any_typed_line_is_clean_or_refused(s in "\\PC{0,300}|[\\x00-\\x1f a-z]{0,40}") {
            match clean_typed(&s) {
                Typed::Words(w) => {
                    proptest::prop_assert!(!w.chars().any(char::is_control));
                    proptest::prop_assert!(w.chars().count() <= MAX_LINE_CHARS);
                    proptest::prop_assert_eq!(w.trim(), w.as_str());
                }
                Typed::TooLong => proptest::prop_assert!(s.chars().count() > MAX_LINE_CHARS),
                Typed::Empty => proptest::prop_assert!(s.chars().all(|c| c.is_control() || c.is_whitespace())),
            }
        }
    }
}
