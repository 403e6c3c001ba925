//! Where lines go: a screen (plain lines, the line editor, the terminal;
//! a Braille display next) and a voice (speech-dispatcher, or none).
//! Imports only the output types.

use super::input::{BoardKey, BrailleNews};
use super::output::{BrailleView, Glance, Line};

/// Where lines go: the screen (and a Braille display beside it).
pub(crate) trait Screen {
    /// Shows lines.
    fn show(&mut self, lines: &[Line]);
    /// Shows the prompt.
    fn prompt(&mut self, prompt: &str);
    /// Whether a Braille display wants [`Screen::glance`] (the glance is
    /// made only then).
    fn wants_glance(&self) -> bool {
        false
    }
    /// What a Braille display shows of the game or the review now (None:
    /// neither runs).
    fn glance(&mut self, _glance: Option<&Glance>) {}
    /// What the Braille display reports: a key for the front to act on.
    fn braille(&mut self, _news: BrailleNews) -> Option<BoardKey> {
        None
    }
    /// Shows a view on the Braille display; false when there is none.
    fn braille_view(&mut self, _view: BrailleView) -> bool {
        false
    }
    /// Whether a clock is shown that changes each second (the loop then
    /// comes back once a second to show it).
    fn shows_clock(&self) -> bool {
        false
    }
}

/// Speaks lines (speech-dispatcher when available).
pub trait Voice {
    /// Says a line with its urgency.
    fn say(&mut self, line: &Line);
    /// Cuts speech short (what the player stops); whether anything was
    /// being said or waited to be said.
    fn silence(&mut self) -> bool;
    /// The player started something new: a long readout is cut.
    fn player_acts(&mut self) {}
    /// Leaving: waits (bounded) until the last sentence has been said.
    fn finish(&mut self) {}
}

/// No speech.
pub struct Mute;

impl Voice for Mute {
    fn say(&mut self, _line: &Line) {}
    fn silence(&mut self) -> bool {
        false
    }
}

#[cfg(feature = "tts")]
impl Voice for crate::audio::speaker::Speaker {
    fn say(&mut self, line: &Line) {
        let words = line.speech();
        if !words.trim().is_empty() {
            crate::audio::speaker::Speaker::say(self, words, line.urgency);
        }
    }
    fn silence(&mut self) -> bool {
        let busy = self.is_busy();
        self.stop();
        busy
    }
    fn player_acts(&mut self) {
        self.cut_readout();
    }
    /// At most 15 s: a long last line at the slowest rate.
    fn finish(&mut self) {
        crate::audio::speaker::Speaker::finish(self, std::time::Duration::from_secs(15));
    }
}

/// Shows lines on the screen and says them, in that order (the one
/// show-and-say of every front end).
pub(crate) fn show_and_say(screen: &mut dyn Screen, voice: &mut dyn Voice, lines: &[Line]) {
    if lines.is_empty() {
        return;
    }
    screen.show(lines);
    for l in lines {
        voice.say(l);
    }
}
