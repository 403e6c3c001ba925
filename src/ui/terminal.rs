//! The self-voicing terminal front end (crossterm raw mode). An input line
//! for moves and commands; keys in the manner of lichess's blind mode walk
//! the board. Events are printed as lines above the input line; nothing is
//! redrawn on a timer, so a screen reader reads only what changes.
//!
//! A screen: may use the base types (`output`, `input`, `sink`) only.

use super::input::{BoardKey, EditKey, LineEdit, Msg};
use super::output::{Line, rows};
use super::sink::Screen;
use crate::rules::Role;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, read};
use std::io::Write;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// What the input line holds, shared by the key reader and the screen.
#[derive(Default)]
pub(crate) struct InputLine {
    edit: LineEdit,
    prompt: String,
    board_mode: bool,
    /// The push-to-talk switch, toggled with Tab, when voice input runs.
    pub talk: Option<Arc<std::sync::atomic::AtomicBool>>,
}

impl InputLine {
    /// An empty input line; `talk` is the push-to-talk switch, if voice input runs.
    pub(crate) fn with_talk(talk: Option<Arc<std::sync::atomic::AtomicBool>>) -> InputLine {
        InputLine { talk, ..InputLine::default() }
    }
}

/// The terminal screen.
pub(crate) struct TermScreen {
    state: Arc<Mutex<InputLine>>,
}

fn redraw_input(out: &mut impl Write, state: &InputLine) {
    let mode = if state.board_mode { " [board]" } else { "" };
    let _ = write!(out, "\r\x1b[2K{}{mode} {}", state.prompt, state.edit.text());
    let back = state.edit.cells_after_cursor();
    if back > 0 {
        let _ = write!(out, "\x1b[{back}D");
    }
    let _ = out.flush();
}

/// The editing key a key press is, in the input line: Ctrl-A and Home
/// to the start... (the arrows and Home and End walk the board instead).
fn edit_key(key: &KeyEvent) -> Option<EditKey> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('a') if ctrl => EditKey::Home,
        KeyCode::Char('e') if ctrl => EditKey::End,
        KeyCode::Char('u') if ctrl => EditKey::KillStart,
        KeyCode::Char('w') if ctrl => EditKey::KillWord,
        KeyCode::Char('k') if ctrl => EditKey::KillEnd,
        KeyCode::Char('b') if ctrl => EditKey::Left,
        KeyCode::Char('f') if ctrl => EditKey::Right,
        KeyCode::Char('h') if ctrl => EditKey::Backspace,
        KeyCode::Char(_) if ctrl || key.modifiers.contains(KeyModifiers::ALT) => return None,
        KeyCode::Char(c) => EditKey::Char(c),
        KeyCode::Backspace => EditKey::Backspace,
        KeyCode::Delete => EditKey::Delete,
        _ => return None,
    })
}

impl TermScreen {
    /// A screen sharing the input line with the key reader.
    pub(crate) fn new(state: Arc<Mutex<InputLine>>) -> TermScreen {
        TermScreen { state }
    }
}

impl Screen for TermScreen {
    fn show(&mut self, lines: &[Line]) {
        let mut out = std::io::stdout();
        let Ok(state) = self.state.lock() else { return };
        let _ = write!(out, "\r\x1b[2K");
        for row in rows(lines) {
            let _ = write!(out, "{row}\r\n");
        }
        redraw_input(&mut out, &state);
    }

    fn prompt(&mut self, prompt: &str) {
        let mut out = std::io::stdout();
        if let Ok(mut state) = self.state.lock() {
            state.prompt = prompt.to_string();
            redraw_input(&mut out, &state);
        }
    }
}

fn board_key(key: &KeyEvent) -> Option<BoardKey> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    Some(match key.code {
        KeyCode::Up if shift => BoardKey::Ray(0, 1),
        KeyCode::Down if shift => BoardKey::Ray(0, -1),
        KeyCode::Left if shift => BoardKey::Ray(-1, 0),
        KeyCode::Right if shift => BoardKey::Ray(1, 0),
        KeyCode::Up => BoardKey::Walk(0, 1),
        KeyCode::Down => BoardKey::Walk(0, -1),
        KeyCode::Left => BoardKey::Walk(-1, 0),
        KeyCode::Right => BoardKey::Walk(1, 0),
        KeyCode::Char('k') => BoardKey::Jump(Role::King),
        KeyCode::Char('q') => BoardKey::Jump(Role::Queen),
        KeyCode::Char('r') => BoardKey::Jump(Role::Rook),
        KeyCode::Char('b') => BoardKey::Jump(Role::Bishop),
        KeyCode::Char('n') => BoardKey::Jump(Role::Knight),
        KeyCode::Char('p') => BoardKey::Jump(Role::Pawn),
        KeyCode::Char('m') => BoardKey::Moves,
        KeyCode::Char('s') => BoardKey::File,
        KeyCode::Char('l') => BoardKey::LastMove,
        KeyCode::Char('t') => BoardKey::Time,
        KeyCode::Char('.') => BoardKey::Stop,
        KeyCode::Enter | KeyCode::Char(' ') => BoardKey::Select,
        KeyCode::Char('h') | KeyCode::Char('?') | KeyCode::F(1) => BoardKey::Help,
        // Stepping through the moves, as lichess's blind mode does with
        // shift+A and shift+D; Home and End for the start and the end.
        KeyCode::Char('A') => BoardKey::Back,
        KeyCode::Char('D') => BoardKey::Forward,
        KeyCode::Home => BoardKey::First,
        KeyCode::PageUp => BoardKey::Back,
        KeyCode::PageDown => BoardKey::Forward,
        KeyCode::End => BoardKey::Last,
        _ => return None,
    })
}

/// Reads keys until Ctrl-C, Ctrl-D or the input ends. Escape switches
/// between the input line and board mode (k q r b n p jump to pieces, m
/// legal moves, s scan the file, l last move, t clocks, . silence);
/// arrows walk the board in both modes, shift+arrows read a ray from the
/// cursor; shift+A and shift+D (board mode) or Page Up and Page Down step
/// back and forward through the moves, Home and End go to the start and
/// the end; Tab toggles push-to-talk.
pub(crate) fn read_keys(state: Arc<Mutex<InputLine>>, tx: Sender<Msg>) {
    std::thread::spawn(move || {
        loop {
            let Ok(event) = read() else {
                let _ = tx.send(Msg::Eof);
                return;
            };
            let Event::Key(key) = event else { continue };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            if key.modifiers.contains(KeyModifiers::CONTROL)
                && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d'))
            {
                let _ = tx.send(Msg::Quit);
                return;
            }
            // Any key cuts speech short, as screen readers do.
            let _ = tx.send(Msg::Key(BoardKey::Silence));
            let Ok(mut s) = state.lock() else { return };
            let mut out = std::io::stdout();
            match key.code {
                KeyCode::Esc => {
                    s.board_mode = !s.board_mode;
                    redraw_input(&mut out, &s);
                }
                KeyCode::Tab => {
                    use std::sync::atomic::Ordering;
                    // Said by the front in the session's language.
                    let switched = s.talk.as_ref().map(|t| {
                        let on = !t.load(Ordering::Relaxed);
                        t.store(on, Ordering::Relaxed);
                        on
                    });
                    drop(s);
                    let _ = tx.send(Msg::Key(BoardKey::Talk(switched)));
                }
                KeyCode::Up
                | KeyCode::Down
                | KeyCode::Left
                | KeyCode::Right
                | KeyCode::Home
                | KeyCode::End
                | KeyCode::PageUp
                | KeyCode::PageDown => {
                    if let Some(k) = board_key(&key) {
                        let _ = tx.send(Msg::Key(k));
                    }
                }
                _ if s.board_mode => {
                    if let Some(k) = board_key(&key) {
                        let _ = tx.send(Msg::Key(k));
                    }
                }
                KeyCode::Enter => {
                    let line = s.edit.take();
                    let _ = write!(out, "\r\n");
                    drop(s);
                    if tx.send(Msg::Typed(line)).is_err() {
                        return;
                    }
                }
                _ => {
                    let Some(k) = edit_key(&key) else { continue };
                    let appended = matches!(k, EditKey::Char(_)) && s.edit.at_end();
                    if !s.edit.apply(k) {
                        continue;
                    }
                    match k {
                        // A letter typed at the end is echoed alone.
                        EditKey::Char(c) if appended => {
                            let _ = write!(out, "{c}");
                            let _ = out.flush();
                        }
                        _ => redraw_input(&mut out, &s),
                    }
                }
            }
        }
    });
}
