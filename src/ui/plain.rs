//! Plain line mode for screen readers and Braille displays: no escape
//! sequences, no cursor movement, one event per line of at most 40
//! characters where the words allow (one Braille row), and a prompt with
//! the move number and side to move. Reads commands from standard input,
//! so a whole game can be scripted.

use super::client::Line;
use super::session::{Msg, Screen};
use std::io::{BufRead, Write};
use std::sync::mpsc::Sender;

/// The width of one Braille display row.
pub(crate) const WIDTH: usize = 40;

/// Splits a line at spaces into pieces of at most `width` characters
/// (a single longer word stays whole).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// Plain lines on a writer.
pub(crate) struct PlainScreen<W: Write> {
    out: W,
    prompt_open: bool,
}

impl<W: Write> PlainScreen<W> {
    /// A screen writing to `out`.
    pub(crate) fn new(out: W) -> PlainScreen<W> {
        PlainScreen { out, prompt_open: false }
    }
}

impl<W: Write> Screen for PlainScreen<W> {
    fn show(&mut self, lines: &[Line]) {
        if self.prompt_open {
            let _ = writeln!(self.out);
            self.prompt_open = false;
        }
        for l in lines {
            for piece in wrap(&clean(&l.text), WIDTH) {
                let _ = writeln!(self.out, "{piece}");
            }
        }
        let _ = self.out.flush();
    }

    fn prompt(&mut self, prompt: &str) {
        if self.prompt_open {
            let _ = writeln!(self.out);
        }
        let _ = write!(self.out, "{} ", clean(prompt));
        let _ = self.out.flush();
        self.prompt_open = true;
    }
}

/// The most of one input line that is kept; the rest of a longer line is
/// read and dropped without being held in memory.
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// Reads lines from `input` into the session until it ends.
pub(crate) fn read_input(input: impl BufRead + Send + 'static, tx: Sender<Msg>) {
    std::thread::spawn(move || {
        let mut input = input;
        // Lines of any length and any bytes: invalid UTF-8 is replaced, not
        // fatal; a line longer than the limit comes as its first part, which
        // the client refuses as too long.
        while let Some(buf) = crate::bounded::read_line_limited(&mut input, MAX_LINE_BYTES) {
            let line = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
            if tx.send(Msg::Typed(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Msg::Eof);
    });
}

/// Text from outside (an engine, a file, an argument) made safe to show
/// and speak: control characters become spaces and bidirectional
/// overrides and isolates are dropped, so nothing can move the cursor,
/// change colours or reorder what a screen reader reads.
pub(crate) fn clean(text: &str) -> String {
    text.chars()
        .filter(
            |c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'),
        )
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_bidi_characters_are_removed() {
        assert_eq!(clean("a\u{1b}]0;x\u{7}b\u{202e}c\td"), "a ]0;x bc d");
    }
}
