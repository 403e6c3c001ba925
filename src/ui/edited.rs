//! Plain mode when the keyboard is a terminal: the input line is edited
//! with rustyline (arrow keys move in the line, up and down recall earlier
//! lines, no escape sequence ever reaches the parser), and the game's
//! lines are printed above the line being edited, as plain rows of at most
//! 40 characters. Everything else is as in plain mode.
//!
//! A screen: may use the base types (`output`, `input`, `sink`) only.

use super::input::{MAX_LINE_BYTES, Msg};
use super::output::{Line, clean, rows};
use super::sink::Screen;
use rustyline::error::ReadlineError;
use rustyline::{DefaultEditor, ExternalPrinter};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

/// The terminal's settings before the editor changed them, restored when
/// the game ends (the editor may still be waiting for a key then).
pub(crate) struct TermGuard(Option<libc::termios>);

impl TermGuard {
    /// Remembers the settings of standard input.
    pub(crate) fn save() -> TermGuard {
        // SAFETY: tcgetattr writes into the zeroed struct it is given.
        unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            TermGuard((libc::tcgetattr(libc::STDIN_FILENO, &mut t) == 0).then_some(t))
        }
    }
}

impl Drop for TermGuard {
    fn drop(&mut self) {
        if let Some(t) = &self.0 {
            // SAFETY: restores settings read by tcgetattr on the same descriptor.
            unsafe {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, t);
            }
        }
    }
}

/// Lines printed above the edited input line.
pub(crate) struct EditedScreen {
    printer: Box<dyn ExternalPrinter + Send>,
    prompts: Sender<String>,
}

impl Screen for EditedScreen {
    fn show(&mut self, lines: &[Line]) {
        let rows = rows(lines);
        if !rows.is_empty() {
            // Whole rows: CR LF works whether the editor has the terminal
            // in raw mode or not, and the last row ends too.
            let _ = self.printer.print(format!("{}\r\n", rows.join("\r\n")));
        }
    }

    fn prompt(&mut self, prompt: &str) {
        let _ = self.prompts.send(clean(prompt));
    }
}

/// Starts the editor in its own thread; typed lines, Ctrl-D (end) and
/// Ctrl-C (quit, saved) go to `tx`. None when the terminal cannot be
/// edited (then plain lines are read as usual).
pub(crate) fn start(tx: Sender<Msg>) -> Option<EditedScreen> {
    let mut editor = DefaultEditor::new().ok()?;
    let printer = editor.create_external_printer().ok()?;
    let (prompts, prompt_rx) = channel::<String>();
    std::thread::Builder::new().name("line-editor".into()).spawn(move || edit(editor, &prompt_rx, &tx)).ok()?;
    Some(EditedScreen { printer: Box::new(printer), prompts })
}

fn edit(mut editor: DefaultEditor, prompts: &Receiver<String>, tx: &Sender<Msg>) {
    let mut prompt = String::from(">");
    loop {
        // The newest prompt; a line that printed nothing gets none, so the
        // last one is used again after a moment.
        match prompts.recv_timeout(Duration::from_millis(300)) {
            Ok(p) => prompt = p,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        if let Some(p) = prompts.try_iter().last() {
            prompt = p;
        }
        let msg = match editor.readline(&format!("{prompt} ")) {
            Ok(line) => {
                let line: String = line.chars().take(MAX_LINE_BYTES).collect();
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                Msg::Typed(line)
            }
            Err(ReadlineError::Interrupted) => Msg::Quit,
            Err(_) => Msg::Eof,
        };
        let last = !matches!(msg, Msg::Typed(_));
        if tx.send(msg).is_err() || last {
            return;
        }
    }
}
