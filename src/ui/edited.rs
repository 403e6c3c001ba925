//! Plain mode when the keyboard is a terminal (the Braille reader's
//! setup): the input line is edited as in a shell (arrows, Home and End,
//! Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-W, Ctrl-K, up and down recall earlier
//! lines), no escape sequence ever reaches the parser, and the game's
//! lines are plain rows of at most 40 cells.
//!
//! Nothing is redrawn while nothing is typed: news ends the prompt's row
//! and comes below it, then the prompt, current, on a row of its own,
//! exactly as plain lines go to a file. Only a line being typed when news
//! comes is cleared and drawn again under it.
//!
//! A screen: may use the base types (`output`, `input`, `sink`) only.

use super::input::{EditKey, LineEdit, Msg};
use super::output::{Line, clean, rows};
use super::sink::Screen;
use std::io::{Read, Write};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The terminal's settings before the editor changed them, restored when
/// the game ends (the editor may still be waiting for a key then).
pub struct TermGuard(Option<libc::termios>);

impl TermGuard {
    /// Remembers the settings of standard input.
    pub fn save() -> TermGuard {
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

/// Changes standard input's terminal settings with `change`; false when
/// it is not a terminal or they cannot be set.
fn change_terminal(change: impl FnOnce(&mut libc::termios)) -> bool {
    // SAFETY: tcgetattr and tcsetattr on standard input with a struct
    // tcgetattr filled.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(libc::STDIN_FILENO, &mut t) != 0 {
            return false;
        }
        change(&mut t);
        libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &t) == 0
    }
}

/// Keys one at a time, without echo; output is left as it is (a line
/// end still starts a new row).
fn keys_one_at_a_time() -> bool {
    change_terminal(|t| {
        t.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG | libc::IEXTEN);
        t.c_iflag &= !(libc::IXON | libc::ICRNL);
        t.c_cc[libc::VMIN] = 1;
        t.c_cc[libc::VTIME] = 0;
    })
}

/// Lines typed without echo (a token), until the guard goes.
pub(crate) fn hidden_input() -> TermGuard {
    let guard = TermGuard::save();
    change_terminal(|t| t.c_lflag &= !libc::ECHO);
    guard
}

/// The line being typed and what the terminal shows of it.
#[derive(Default)]
struct EditState {
    edit: LineEdit,
    prompt: String,
    /// The prompt (and the line typed) stands on the last row.
    shown: bool,
}

impl EditState {
    /// The prompt and the line typed, on the current row.
    fn draw(&mut self, out: &mut impl Write) {
        let _ = write!(out, "{} {}", self.prompt, self.edit.text());
        let back = self.edit.cells_after_cursor();
        if back > 0 {
            let _ = write!(out, "\x1b[{back}D");
        }
        self.shown = true;
    }

    /// The prompt's row drawn again (a line was typed or edited).
    fn redraw(&mut self, out: &mut impl Write) {
        let _ = write!(out, "\r\x1b[2K");
        self.draw(out);
    }
}

/// Lines written above the edited input line.
pub(crate) struct EditedScreen {
    state: Arc<Mutex<EditState>>,
}

impl Screen for EditedScreen {
    fn show(&mut self, lines: &[Line]) {
        let rows = rows(lines);
        let Ok(mut s) = self.state.lock() else { return };
        if rows.is_empty() {
            return;
        }
        let mut out = std::io::stdout().lock();
        if s.shown {
            if s.edit.is_empty() {
                // The prompt's row ends as it is: nothing is redrawn.
                let _ = writeln!(out);
            } else {
                // A line being typed is cleared and comes back under the news.
                let _ = write!(out, "\r\x1b[2K");
            }
            s.shown = false;
        }
        for row in rows {
            let _ = writeln!(out, "{row}");
        }
        if !s.edit.is_empty() {
            s.draw(&mut out);
        }
        let _ = out.flush();
    }

    fn prompt(&mut self, prompt: &str) {
        let Ok(mut s) = self.state.lock() else { return };
        let prompt = clean(prompt);
        let mut out = std::io::stdout().lock();
        if !s.shown {
            s.prompt = prompt;
            s.draw(&mut out);
        } else if s.prompt != prompt {
            s.prompt = prompt;
            s.redraw(&mut out);
        }
        let _ = out.flush();
    }
}

/// What a key read from the terminal asks for.
#[derive(Debug, PartialEq, Eq)]
enum Key {
    Edit(EditKey),
    Enter,
    /// Ctrl-C: quit (the game is kept).
    Quit,
    /// Ctrl-D: the end of input on an empty line, else Delete.
    End,
    /// A key with nothing to do here.
    Other,
}

/// Reads one key from the terminal's bytes: a character (UTF-8), a
/// control key, or an escape sequence (arrows, Home, End, Delete); None
/// when input ends.
fn read_key(input: &mut impl Read) -> Option<Key> {
    let byte = |input: &mut dyn Read| -> Option<u8> {
        let mut b = [0u8];
        match input.read(&mut b) {
            Ok(1) => Some(b[0]),
            _ => None,
        }
    };
    let b = byte(input)?;
    Some(match b {
        b'\r' | b'\n' => Key::Enter,
        0x7f | 0x08 => Key::Edit(EditKey::Backspace),
        0x01 => Key::Edit(EditKey::Home),
        0x05 => Key::Edit(EditKey::End),
        0x15 => Key::Edit(EditKey::KillStart),
        0x17 => Key::Edit(EditKey::KillWord),
        0x0b => Key::Edit(EditKey::KillEnd),
        0x02 => Key::Edit(EditKey::Left),
        0x06 => Key::Edit(EditKey::Right),
        0x10 => Key::Edit(EditKey::Older),
        0x0e => Key::Edit(EditKey::Newer),
        0x03 => Key::Quit,
        0x04 => Key::End,
        0x1b => escape(input, &byte)?,
        0x00..=0x1f => Key::Other,
        0x20..=0x7e => Key::Edit(EditKey::Char(char::from(b))),
        _ => {
            // A character of several bytes: as many as its first byte says.
            let len = match b {
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf7 => 4,
                _ => return Some(Key::Other),
            };
            let mut bytes = vec![b];
            for _ in 1..len {
                bytes.push(byte(input)?);
            }
            match std::str::from_utf8(&bytes).ok().and_then(|s| s.chars().next()) {
                Some(c) => Key::Edit(EditKey::Char(c)),
                None => Key::Other,
            }
        }
    })
}

/// The rest of an escape sequence: ESC [ ... final, or ESC O letter.
fn escape(input: &mut impl Read, byte: &dyn Fn(&mut dyn Read) -> Option<u8>) -> Option<Key> {
    let arrow = |c: u8| match c {
        b'A' => Key::Edit(EditKey::Older),
        b'B' => Key::Edit(EditKey::Newer),
        b'C' => Key::Edit(EditKey::Right),
        b'D' => Key::Edit(EditKey::Left),
        b'H' => Key::Edit(EditKey::Home),
        b'F' => Key::Edit(EditKey::End),
        _ => Key::Other,
    };
    Some(match byte(input)? {
        b'O' => arrow(byte(input)?),
        b'[' => {
            // Parameters, then one final byte from @ to ~.
            let mut params = Vec::new();
            let last = loop {
                let c = byte(input)?;
                if (0x40..=0x7e).contains(&c) || params.len() > 16 {
                    break c;
                }
                params.push(c);
            };
            match (last, params.as_slice()) {
                (b'~', b"3") => Key::Edit(EditKey::Delete),
                (b'~', b"1" | b"7") => Key::Edit(EditKey::Home),
                (b'~', b"4" | b"8") => Key::Edit(EditKey::End),
                (c, _) => arrow(c),
            }
        }
        _ => Key::Other,
    })
}

/// Starts the editor in its own thread; typed lines, Ctrl-D (end) and
/// Ctrl-C (quit, saved) go to `tx`. None when the terminal cannot be set
/// to read keys one at a time (then plain lines are read as usual).
pub(crate) fn start(tx: Sender<Msg>) -> Option<EditedScreen> {
    if !keys_one_at_a_time() {
        return None;
    }
    let state = Arc::new(Mutex::new(EditState { prompt: ">".into(), ..EditState::default() }));
    let shared = state.clone();
    std::thread::Builder::new().name("line-editor".into()).spawn(move || edit(&shared, &tx)).ok()?;
    Some(EditedScreen { state })
}

fn edit(state: &Mutex<EditState>, tx: &Sender<Msg>) {
    let mut input = std::io::stdin().lock();
    loop {
        let msg = match read_key(&mut input) {
            None => Msg::Eof,
            Some(Key::Quit) => Msg::Quit,
            Some(Key::Other) => continue,
            Some(Key::End) => {
                let Ok(mut s) = state.lock() else { return };
                if s.edit.is_empty() {
                    drop(s);
                    Msg::Eof
                } else {
                    typed(&mut s, EditKey::Delete);
                    continue;
                }
            }
            Some(Key::Edit(k)) => {
                let Ok(mut s) = state.lock() else { return };
                typed(&mut s, k);
                continue;
            }
            Some(Key::Enter) => {
                let Ok(mut s) = state.lock() else { return };
                let line = s.edit.take();
                {
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out);
                    let _ = out.flush();
                }
                s.shown = false;
                drop(s);
                if line.trim().is_empty() {
                    // Nothing to answer: the prompt again.
                    show_prompt(state);
                    continue;
                }
                if tx.send(Msg::Typed(line)).is_err() {
                    return;
                }
                // The answer brings the prompt back; a command that says
                // nothing (a silence) gets it after a moment.
                for _ in 0..10 {
                    std::thread::sleep(Duration::from_millis(50));
                    if state.lock().map_or(true, |s| s.shown) {
                        break;
                    }
                }
                show_prompt(state);
                continue;
            }
        };
        let last = !matches!(msg, Msg::Typed(_));
        if tx.send(msg).is_err() || last {
            return;
        }
    }
}

/// The prompt, if it is not shown.
fn show_prompt(state: &Mutex<EditState>) {
    let Ok(mut s) = state.lock() else { return };
    if !s.shown {
        let mut out = std::io::stdout().lock();
        s.draw(&mut out);
        let _ = out.flush();
    }
}

/// An editing key applied and shown: a character typed at the end is
/// echoed alone; anything else draws the line again.
fn typed(s: &mut EditState, k: EditKey) {
    let appended = matches!(k, EditKey::Char(_)) && s.edit.at_end();
    if !s.edit.apply(k) {
        return;
    }
    let mut out = std::io::stdout().lock();
    match k {
        EditKey::Char(c) if appended && s.shown => {
            let _ = write!(out, "{c}");
        }
        _ if s.shown => s.redraw(&mut out),
        _ => s.draw(&mut out),
    }
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::{EditKey, Key, read_key};

    fn keys(bytes: &[u8]) -> Vec<Key> {
        let mut input = bytes;
        std::iter::from_fn(|| read_key(&mut input)).collect()
    }

    #[test]
    fn terminal_bytes_as_keys() {
        assert_eq!(
            keys(b"e4\r\x1b[A\x1bOB\x1b[3~\x01\x05\x15\x17\x0b\x03\x04\x7f\x1b[1;5C"),
            [
                Key::Edit(EditKey::Char('e')),
                Key::Edit(EditKey::Char('4')),
                Key::Enter,
                Key::Edit(EditKey::Older),
                Key::Edit(EditKey::Newer),
                Key::Edit(EditKey::Delete),
                Key::Edit(EditKey::Home),
                Key::Edit(EditKey::End),
                Key::Edit(EditKey::KillStart),
                Key::Edit(EditKey::KillWord),
                Key::Edit(EditKey::KillEnd),
                Key::Quit,
                Key::End,
                Key::Edit(EditKey::Backspace),
                Key::Edit(EditKey::Right),
            ]
        );
        assert_eq!(keys("Кf3".as_bytes())[0], Key::Edit(EditKey::Char('К')));
        assert_eq!(keys(b"\xff\x1b[200~"), [Key::Other, Key::Other]);
    }

    proptest::proptest! {
        /// Any bytes are read as keys without a panic, and end.
        #[test]
        fn any_bytes_are_keys(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
            let n = keys(&bytes).len();
            proptest::prop_assert!(n <= bytes.len());
        }
    }
}
