//! Plain line mode for screen readers and Braille displays: no escape
//! sequences, no cursor movement, one event per line of at most 40
//! characters where the words allow (one Braille row), and a prompt with
//! the move number and side to move. Reads commands from standard input,
//! so a whole game can be scripted.
//!
//! A screen: may use the base types (`output`, `input`, `sink`) only.

use super::input::Msg;
use super::output::{Line, clean, rows};
use super::sink::Screen;
use std::io::{BufRead, Write};
use std::sync::mpsc::Sender;

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
        for row in rows(lines) {
            let _ = writeln!(self.out, "{row}");
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

/// Reads lines from `input` into the session until it ends.
pub(crate) fn read_input(input: impl BufRead + Send + 'static, tx: Sender<Msg>) {
    std::thread::spawn(move || {
        let mut input = input;
        // Lines of any length and any bytes: invalid UTF-8 is replaced, not
        // fatal; a line longer than the limit comes as its first part, which
        // the client refuses as too long.
        while let Some(line) = crate::files::bounded::read_text_line(&mut input) {
            if tx.send(Msg::Typed(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Msg::Eof);
    });
}
