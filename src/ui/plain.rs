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
pub const WIDTH: usize = 40;

/// Splits a line at spaces into pieces of at most `width` characters
/// (a single longer word stays whole).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
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
pub struct PlainScreen<W: Write> {
    out: W,
    prompt_open: bool,
}

impl<W: Write> PlainScreen<W> {
    /// A screen writing to `out`.
    pub fn new(out: W) -> PlainScreen<W> {
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
            for piece in wrap(&l.text, WIDTH) {
                let _ = writeln!(self.out, "{piece}");
            }
        }
        let _ = self.out.flush();
    }

    fn prompt(&mut self, prompt: &str) {
        if self.prompt_open {
            let _ = writeln!(self.out);
        }
        let _ = write!(self.out, "{prompt} ");
        let _ = self.out.flush();
        self.prompt_open = true;
    }
}

/// Reads lines from `input` into the session until it ends.
pub fn read_input(input: impl BufRead + Send + 'static, tx: Sender<Msg>) {
    std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            // Lines of any length and any bytes: invalid UTF-8 is replaced, not fatal.
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Msg::Eof);
                    return;
                }
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(Msg::Typed(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
}
