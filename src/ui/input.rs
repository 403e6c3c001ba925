//! What reaches a session: typed lines, what the recognizer heard, keys,
//! notices, what the opponent and the analysis report; and the one
//! clean-up every line of input gets before it is read. Imports nothing
//! of the front end.

use crate::engine::analysis::{Analyse, Analyst, Line as AnalysisLine};
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
    /// A finger on a square (a Braille display's routing key).
    Touch(crate::rules::Square),
    /// Enter or Space in board mode: the square under the cursor, as a
    /// routing key touches it (said; in a game, picked up or put down).
    Select,
    /// A finger on a move of the list: the position after that many moves.
    Ply(usize),
}

/// What a Braille display reports.
pub(crate) enum BrailleNews {
    /// A key of the display, with its place among the keys waiting
    /// (given back when the key is dropped after handling).
    Key(crate::braille::Key, #[expect(dead_code, reason = "held for its Drop")] KeyTicket),
    /// The display went away.
    Lost,
    /// The display is back (or there at last).
    Back(crate::braille::Display),
    /// The display is larger than any real one: not used (cells in all).
    TooLarge(u64),
    /// Keys came faster than they could be handled: the extra ones are
    /// dropped (said once per connection).
    KeysDropped,
}

/// A display key's place among the keys waiting for the session: the
/// count goes down when the key has been handled (dropped).
pub(crate) struct KeyTicket(pub(crate) std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Drop for KeyTicket {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// What the analysis thread reports.
pub(crate) enum AnalysisNews {
    /// One position evaluated (its index in the analysis).
    Evaluated(usize, Result<Vec<AnalysisLine>, OpponentFailure>),
    /// The analysis ended (done or stopped); the engine comes back.
    Ended(Box<dyn Analyse>),
    /// A question to the engine was answered; the engine comes back
    /// unless it failed.
    Answered {
        /// Who answered.
        who: Analyst,
        /// The lines, best first, or why there are none.
        lines: Result<Vec<AnalysisLine>, OpponentFailure>,
        /// The engine, to answer the next question.
        engine: Option<Box<dyn Analyse>>,
    },
}

/// What a helper thread reports, typed: the words layer says it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "tts"), allow(dead_code))]
pub(crate) enum Notice {
    /// Speech joined after it was said not to answer.
    SpeechJoined,
    /// speech-dispatcher cannot be reached.
    SpeechUnavailable,
    /// speech-dispatcher does not answer.
    SpeechNoAnswer,
    /// libvosk.so cannot be loaded.
    VoiceNoLibrary,
    /// The voice model of this language code cannot be read.
    BadModel(String),
    /// No microphone.
    NoMicrophone,
    /// Voice input listens.
    Listening,
    /// A server asked by the player has not answered within a moment.
    Asking(Asked),
}

/// A server the player asked, named while its answer is awaited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// lichess (the lobby's requests).
    Lichess,
    /// The opening explorer.
    Explorer,
    /// The endgame tablebase.
    Tablebase,
}

/// What reaches the session's loop, from any thread.
pub(crate) enum Msg {
    /// What happens in the lobby of an online server.
    Lobby(crate::online::LobbyNews),
    /// What lichess answered the puzzle mode.
    Puzzles(crate::online::puzzle::PuzzleNews),
    /// A line typed by the player.
    Typed(String),
    /// A transcript from voice input: the alternatives, best first.
    #[cfg_attr(not(all(feature = "voice", feature = "tts")), allow(dead_code))]
    Heard(Vec<(String, f32)>),
    /// A board key.
    Key(BoardKey),
    /// A notice from a helper thread (speech, microphone, model).
    #[cfg_attr(not(feature = "tts"), allow(dead_code))]
    Notice(Notice),
    /// What the opponent did, on its own or in answer.
    Opponent(OpponentAct),
    /// What the analysis found.
    Analysis(AnalysisNews),
    /// The explorer's or the tablebase's answer.
    Looked(Box<crate::online::lookup::Looked>),
    /// lichess TV's feed (this one, by its id) has news waiting in its
    /// [`crate::ui::feed::Feed`].
    Watch(u64),
    /// A broadcast round's stream (this one, by its feed's id) has news
    /// waiting in its [`crate::ui::feed::Feed`].
    Broadcast(u64),
    /// What the Braille display reports.
    Braille(BrailleNews),
    /// Input ended.
    Eof,
    /// The player leaves.
    Quit,
}

/// The most characters of a line that are read; a longer line is refused
/// as too long.
pub(crate) const MAX_LINE_CHARS: usize = crate::speech::intent::MAX_TEXT_CHARS;

/// Voice input, when it runs: its on/off switch (the Tab key, `listen`,
/// `stop listening`) and what it should expect next, given to the mode
/// in view.
#[derive(Clone)]
pub(crate) struct Listening {
    /// On while the microphone is listened to.
    pub(crate) switch: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// The phrases the recognizer listens for.
    pub(crate) expected: crate::speech::vocabulary::Expected,
}

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

/// An editing key of an input line, as a terminal's line editor has them
/// (Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-W, Ctrl-K, the arrows, history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EditKey {
    /// A character typed at the cursor.
    Char(char),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character at the cursor.
    Delete,
    /// The cursor one character left.
    Left,
    /// The cursor one character right.
    Right,
    /// The cursor to the start (Ctrl-A, Home).
    Home,
    /// The cursor to the end (Ctrl-E, End).
    End,
    /// Delete from the start to the cursor (Ctrl-U).
    KillStart,
    /// Delete the word before the cursor (Ctrl-W).
    KillWord,
    /// Delete from the cursor to the end (Ctrl-K).
    KillEnd,
    /// The line typed before this one (Up).
    Older,
    /// The line typed after it (Down), or the line being typed.
    Newer,
}

/// The line being typed, its cursor and the lines typed before: pure, so
/// each screen draws it its own way.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineEdit {
    chars: Vec<char>,
    cursor: usize,
    history: Vec<String>,
    /// The history line shown, counted from the newest; None: the line
    /// being typed, kept in `draft` while older ones are shown.
    recalled: Option<usize>,
    draft: Vec<char>,
}

impl LineEdit {
    /// Applies a key; false when nothing changed (a key with nothing to
    /// do, or a line already at its longest).
    pub(crate) fn apply(&mut self, key: EditKey) -> bool {
        let before = (self.chars.clone(), self.cursor);
        match key {
            EditKey::Char(c) if !c.is_control() && self.chars.len() < MAX_LINE_CHARS => {
                self.chars.insert(self.cursor, c);
                self.cursor += 1;
            }
            EditKey::Char(_) => {}
            EditKey::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
            }
            EditKey::Delete if self.cursor < self.chars.len() => {
                self.chars.remove(self.cursor);
            }
            EditKey::Backspace | EditKey::Delete => {}
            EditKey::Left => self.cursor = self.cursor.saturating_sub(1),
            EditKey::Right => self.cursor = (self.cursor + 1).min(self.chars.len()),
            EditKey::Home => self.cursor = 0,
            EditKey::End => self.cursor = self.chars.len(),
            EditKey::KillStart => {
                self.chars.drain(..self.cursor);
                self.cursor = 0;
            }
            EditKey::KillWord => {
                let mut start = self.cursor;
                while start > 0 && self.chars[start - 1] == ' ' {
                    start -= 1;
                }
                while start > 0 && self.chars[start - 1] != ' ' {
                    start -= 1;
                }
                self.chars.drain(start..self.cursor);
                self.cursor = start;
            }
            EditKey::KillEnd => self.chars.truncate(self.cursor),
            EditKey::Older => self.recall(self.recalled.map_or(0, |k| k + 1)),
            EditKey::Newer => match self.recalled {
                Some(0) => {
                    self.recalled = None;
                    self.chars = std::mem::take(&mut self.draft);
                    self.cursor = self.chars.len();
                }
                Some(k) => self.recall(k - 1),
                None => {}
            },
        }
        (self.chars.clone(), self.cursor) != before
    }

    /// Shows the `k`th line before (0: the last one typed), if there is one.
    fn recall(&mut self, k: usize) {
        let Some(line) = self.history.iter().rev().nth(k) else { return };
        if self.recalled.is_none() {
            self.draft = std::mem::take(&mut self.chars);
        }
        self.chars = line.chars().collect();
        self.cursor = self.chars.len();
        self.recalled = Some(k);
    }

    /// The line as typed.
    pub(crate) fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// Nothing is typed.
    pub(crate) fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The cursor is at the end of the line.
    pub(crate) fn at_end(&self) -> bool {
        self.cursor == self.chars.len()
    }

    /// The display cells between the cursor and the end of the line.
    pub(crate) fn cells_after_cursor(&self) -> usize {
        let after: String = self.chars[self.cursor..].iter().collect();
        unicode_width::UnicodeWidthStr::width(after.as_str())
    }

    /// Enter: the line, now in the history (unless empty or the same as
    /// the last), and an empty line to type the next.
    pub(crate) fn take(&mut self) -> String {
        let line = self.text();
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
        }
        self.chars.clear();
        self.draft.clear();
        self.cursor = 0;
        self.recalled = None;
        line
    }
}

#[cfg(test)]
mod edit_tests {
    use super::{EditKey as K, LineEdit};

    fn typed(e: &mut LineEdit, s: &str) {
        for c in s.chars() {
            e.apply(K::Char(c));
        }
    }

    #[test]
    fn the_line_editing_keys() {
        let mut e = LineEdit::default();
        typed(&mut e, "who attacks e4");
        assert!(e.apply(K::KillWord));
        assert_eq!(e.text(), "who attacks ");
        typed(&mut e, "d5");
        e.apply(K::Home);
        assert_eq!(e.cells_after_cursor(), 14);
        e.apply(K::Delete);
        typed(&mut e, "W");
        assert_eq!(e.text(), "Who attacks d5");
        e.apply(K::End);
        assert!(e.at_end());
        e.apply(K::Left);
        e.apply(K::Left);
        e.apply(K::KillStart);
        assert_eq!(e.text(), "d5");
        e.apply(K::KillEnd);
        assert_eq!(e.text(), "");
        e.apply(K::Right);
        e.apply(K::KillEnd);
        assert!(e.is_empty());
        // Nothing to do changes nothing; control characters never enter.
        assert!(!e.apply(K::Backspace));
        assert!(!e.apply(K::Char('\u{1b}')));
        typed(&mut e, "e4");
        assert_eq!(e.take(), "e4");
        typed(&mut e, "board");
        assert_eq!(e.take(), "board");
        typed(&mut e, "Nf");
        e.apply(K::Older);
        assert_eq!(e.text(), "board");
        e.apply(K::Older);
        assert_eq!(e.text(), "e4");
        assert!(!e.apply(K::Older), "no older line");
        e.apply(K::Newer);
        e.apply(K::Newer);
        assert_eq!(e.text(), "Nf", "the line being typed comes back");
        typed(&mut e, "한");
        assert_eq!(e.cells_after_cursor(), 0);
        e.apply(K::Left);
        assert_eq!(e.cells_after_cursor(), 2, "a wide character takes two cells");
    }

    proptest::proptest! {
        /// Any keys leave the line within its limit, the cursor in it.
        #[test]
        fn any_keys_keep_the_line_whole(keys in proptest::collection::vec(0u8..14, 0..300), c in proptest::char::any()) {
            let mut e = LineEdit::default();
            for k in keys {
                let key = [K::Char(c), K::Char('a'), K::Backspace, K::Delete, K::Left, K::Right, K::Home, K::End,
                    K::KillStart, K::KillWord, K::KillEnd, K::Older, K::Newer, K::Char(' ')][k as usize];
                e.apply(key);
                if k == 13 { let _ = e.take(); }
                proptest::prop_assert!(e.text().chars().count() <= super::MAX_LINE_CHARS);
                proptest::prop_assert!(!e.text().chars().any(char::is_control));
                let _ = e.cells_after_cursor();
            }
        }
    }
}
