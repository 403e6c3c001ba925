//! Where lines go: a screen (plain lines, the line editor, the terminal;
//! a Braille display next) and a voice (speech-dispatcher, or none).
//! Imports only the output types.

use super::output::Line;

/// Where lines go: the screen.
pub trait Screen {
    /// Shows lines.
    fn show(&mut self, lines: &[Line]);
    /// Shows the prompt.
    fn prompt(&mut self, prompt: &str);
}

/// Speaks lines (speech-dispatcher when available).
pub trait Voice {
    /// Says a line with its urgency.
    fn say(&mut self, line: &Line);
    /// Cuts speech short.
    fn silence(&mut self);
}

/// No speech.
pub struct Mute;

impl Voice for Mute {
    fn say(&mut self, _line: &Line) {}
    fn silence(&mut self) {}
}

#[cfg(feature = "tts")]
impl Voice for crate::audio::speaker::Speaker {
    fn say(&mut self, line: &Line) {
        use crate::audio::speaker::Priority;
        let p = match line.urgency {
            super::output::Urgency::Info => Priority::Info,
            super::output::Urgency::Move => Priority::Move,
            super::output::Urgency::Urgent => Priority::Urgent,
        };
        crate::audio::speaker::Speaker::say(self, &line.text, p);
    }
    fn silence(&mut self) {
        self.stop();
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
