//! The standalone clock in a terminal: single keys, no Enter (crossterm raw
//! mode). Each event is still printed as one line, so a screen reader
//! reads every change; nothing is redrawn.

use super::clock_app::{ClockOptions, LineOut, run_clock_lines};
use crate::clock::{ChessClock, ClockInput};
use crate::rules::Color;
use crate::speech::Lexicon;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, read};
use crossterm::terminal::{disable_raw_mode, enable_raw_mode};
use std::sync::mpsc::{Sender, channel};

/// Maps a key to a clock input; `pending` holds a '+' or '-' waiting for w or b.
fn key_input(key: KeyEvent, me: Color, pending: &mut Option<i64>) -> Option<ClockInput> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d')) {
        return Some(ClockInput::Quit);
    }
    let KeyCode::Char(c) = key.code else {
        return match key.code {
            KeyCode::Enter => Some(ClockInput::Switch),
            KeyCode::Esc => Some(ClockInput::Quit),
            _ => None,
        };
    };
    let c = c.to_ascii_lowercase();
    if let Some(sign) = pending.take() {
        return match c {
            'w' => Some(ClockInput::Adjust(Color::White, sign * 60_000)),
            'b' => Some(ClockInput::Adjust(Color::Black, sign * 60_000)),
            _ => None,
        };
    }
    match c {
        'w' => Some(ClockInput::Press(Color::White)),
        'b' => Some(ClockInput::Press(Color::Black)),
        ' ' => Some(ClockInput::Switch),
        'p' => Some(ClockInput::TogglePause),
        't' => Some(ClockInput::Tell(me)),
        'o' => Some(ClockInput::Tell(!me)),
        'a' => Some(ClockInput::TellBoth),
        'q' => Some(ClockInput::Quit),
        '+' => {
            *pending = Some(1);
            None
        }
        '-' => {
            *pending = Some(-1);
            None
        }
        _ => None,
    }
}

fn read_keys(me: Color, keys: Sender<ClockInput>, help: String) {
    let mut pending = None;
    loop {
        let Ok(event) = read() else {
            let _ = keys.send(ClockInput::Quit);
            return;
        };
        let Event::Key(key) = event else { continue };
        if key.kind == KeyEventKind::Press && matches!(key.code, KeyCode::Char('h') | KeyCode::Char('?')) {
            let _ = keys.send(ClockInput::Note(help.clone()));
            continue;
        }
        if let Some(input) = key_input(key, me, &mut pending) {
            let quit = input == ClockInput::Quit;
            if keys.send(input).is_err() || quit {
                return;
            }
        }
    }
}

/// Lines in raw mode need a carriage return.
/// Lines for the terminal in raw mode (each line ends with CR LF).
pub fn raw_lines() -> LineOut {
    std::sync::Arc::new(std::sync::Mutex::new(RawLines(std::io::stdout())))
}

struct RawLines<W: std::io::Write>(W);

impl<W: std::io::Write> std::io::Write for RawLines<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for chunk in buf.split_inclusive(|b| *b == b'\n') {
            if chunk.ends_with(b"\n") {
                self.0.write_all(&chunk[..chunk.len() - 1])?;
                self.0.write_all(b"\r\n")?;
            } else {
                self.0.write_all(chunk)?;
            }
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Runs the clock with single keys in the terminal.
pub fn run_terminal_clock(
    options: ClockOptions,
    lex: &'static Lexicon,
    out: LineOut,
    voice: Option<&mut dyn super::sink::Voice>,
) -> std::io::Result<ChessClock> {
    enable_raw_mode()?;
    let help = crate::clock::words::key_help(lex);
    super::clock_app::write_line(&out, &help);
    let (keys, key_rx) = channel();
    let me = options.me;
    std::thread::spawn(move || read_keys(me, keys, help));
    let saved = run_clock_lines(&options, lex, &key_rx, &out, voice);
    disable_raw_mode()?;
    Ok(saved)
}
