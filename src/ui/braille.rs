//! The Braille display, driven through BrlAPI beside the other screen:
//! plain lines and speech go on as before, and the display shows one of
//! three views, each a list of lines read with the display's line keys:
//!
//! - status (the default): the lines shown so far, oldest first, and last
//!   of all the status line (last move, whose move, both clocks);
//! - board: a rank a line, from the player's side, the rank's digit first
//!   and no square on cell 0 (the Virtual driver cannot press it);
//! - moves: the moves as items, as many to a line as fit.
//!
//! A routing key over a square touches it, over a move goes to it; the
//! front does the rest. Pan keys read a line longer than the display; the
//! display-mode key shows the next view and Home the status line. The
//! display going away ends only the display: [`keep_display`] reports it
//! and connects again when BRLTTY is back.
//!
//! A screen: may use the base types (`output`, `input`, `sink`) only.

use super::input::{BoardKey, BrailleNews, KeyTicket, Msg};
use super::output::{BrailleView, Glance, Line, rows};
use super::sink::Screen;
use crate::braille::{BrailleError, Display, Key, Keys};
use crate::rules::Square;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

/// The most lines shown before that the status view keeps.
const HISTORY: usize = 500;

/// How long to wait between tries to reach the display again.
const RETRY: Duration = Duration::from_secs(2);

/// What a cell of a line points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Square(Square),
    /// The position after this many moves.
    Ply(usize),
}

/// One line of a view, with what each of its characters points at.
struct ViewLine {
    text: Vec<char>,
    targets: Vec<Option<Target>>,
}

impl ViewLine {
    fn plain(text: &str) -> ViewLine {
        let text: Vec<char> = text.chars().collect();
        let targets = vec![None; text.len()];
        ViewLine { text, targets }
    }

    fn push(&mut self, text: &str, target: Option<Target>) {
        for c in text.chars() {
            self.text.push(c);
            self.targets.push(target);
        }
    }
}

/// The Braille display beside another screen.
pub(crate) struct BrailleScreen<'a> {
    inner: &'a mut dyn Screen,
    display: Option<Display>,
    view: BrailleView,
    glance: Option<Glance>,
    history: VecDeque<String>,
    /// The line read in the view (None: the one that follows the game).
    line: Option<usize>,
    /// The first character shown of a long line.
    pan: usize,
    /// Blanks between the squares of a rank.
    spaced: bool,
    /// What the display shows now.
    shown: Option<String>,
}

impl<'a> BrailleScreen<'a> {
    /// The display (when connected) beside `inner`.
    pub(crate) fn new(inner: &'a mut dyn Screen, display: Option<Display>, spaced: bool) -> BrailleScreen<'a> {
        let mut screen = BrailleScreen {
            inner,
            display,
            view: BrailleView::Status,
            glance: None,
            history: VecDeque::new(),
            line: None,
            pan: 0,
            spaced,
            shown: None,
        };
        screen.draw();
        screen
    }

    fn cells(&self) -> usize {
        self.display.as_ref().map_or(40, |d| d.cells)
    }

    /// The lines of the view shown.
    fn lines(&self) -> Vec<ViewLine> {
        match self.view {
            BrailleView::Status => {
                let mut lines: Vec<ViewLine> = self.history.iter().map(|r| ViewLine::plain(r)).collect();
                if let Some(g) = &self.glance {
                    lines.push(ViewLine::plain(&g.status));
                }
                lines
            }
            BrailleView::Board => {
                let Some(g) = &self.glance else { return Vec::new() };
                // Blanks between squares only where a rank still fits.
                let spaced = self.spaced && self.cells() >= 17;
                g.board
                    .iter()
                    .map(|rank| {
                        let mut line = ViewLine::plain(&format!("{} ", rank.label));
                        for (i, (sq, c)) in rank.squares.iter().enumerate() {
                            if spaced && i > 0 {
                                line.push(" ", None);
                            }
                            line.push(&c.to_string(), Some(Target::Square(*sq)));
                        }
                        line
                    })
                    .collect()
            }
            BrailleView::Moves => {
                let Some(g) = &self.glance else { return Vec::new() };
                let width = self.cells();
                let mut lines = vec![ViewLine::plain("")];
                for (i, item) in g.moves.iter().enumerate() {
                    let len = item.chars().count();
                    let last = lines.last_mut().expect("a line");
                    if !last.text.is_empty() && last.text.len() + 1 + len > width {
                        lines.push(ViewLine::plain(""));
                    }
                    let last = lines.last_mut().expect("a line");
                    if !last.text.is_empty() {
                        last.push(" ", None);
                    }
                    last.push(item, Some(Target::Ply(i + 1)));
                }
                lines
            }
        }
    }

    /// The line that follows the game in the view: the status line, the
    /// player's back rank side up top, the line with the move in view.
    fn home_line(&self, lines: &[ViewLine]) -> usize {
        match self.view {
            BrailleView::Status => lines.len().saturating_sub(1),
            BrailleView::Board => 0,
            BrailleView::Moves => {
                let at = self.glance.as_ref().map_or(0, |g| g.at);
                let found = lines.iter().position(|l| l.targets.iter().any(|t| *t == Some(Target::Ply(at.max(1)))));
                found.unwrap_or(lines.len().saturating_sub(1))
            }
        }
    }

    /// The line read now, within the view.
    fn current(&self, lines: &[ViewLine]) -> usize {
        let last = lines.len().saturating_sub(1);
        self.line.map_or_else(|| self.home_line(lines), |l| l.min(last))
    }

    /// Writes what the view shows now, when it changed.
    fn draw(&mut self) {
        let lines = self.lines();
        let i = self.current(&lines);
        let cells = self.cells();
        let text: String =
            lines.get(i).map_or_else(String::new, |l| l.text.iter().skip(self.pan).take(cells).collect());
        if self.shown.as_ref() == Some(&text) {
            return;
        }
        let Some(display) = self.display.as_mut() else { return };
        match display.write(&text) {
            Ok(()) => self.shown = Some(text),
            Err(_) => {
                // The display is gone: the key reader hears it end and
                // says so.
                display.close();
                self.display = None;
                self.shown = None;
            }
        }
    }

    /// A key of the display: moves in the view, or a routing key for the
    /// front.
    fn key(&mut self, key: Key) -> Option<BoardKey> {
        let lines = self.lines();
        let i = self.current(&lines);
        let last = lines.len().saturating_sub(1);
        let len = lines.get(i).map_or(0, |l| l.text.len());
        let cells = self.cells();
        let pan = self.pan;
        let to = match key {
            Key::Route(cell) => {
                let target = lines.get(i).and_then(|l| l.targets.get(pan + cell).copied().flatten());
                return match target {
                    Some(Target::Square(sq)) => Some(BoardKey::Touch(sq)),
                    Some(Target::Ply(k)) => Some(BoardKey::Ply(k)),
                    None => None,
                };
            }
            Key::LineUp => Some((i.saturating_sub(1), 0)),
            Key::LineDown => Some((i + 1, 0)),
            Key::Top => Some((0, 0)),
            Key::Bottom => Some((last, 0)),
            Key::PanRight if pan + cells < len => Some((i, pan + cells)),
            Key::PanRight => Some((i + 1, 0)),
            Key::PanLeft if pan > 0 => Some((i, pan.saturating_sub(cells))),
            Key::PanLeft if i > 0 => Some((i - 1, lines[i - 1].text.len().saturating_sub(1) / cells * cells)),
            Key::PanLeft => None,
            Key::Home => {
                self.set_view(BrailleView::Status);
                None
            }
            Key::NextView => {
                self.set_view(match self.view {
                    BrailleView::Status => BrailleView::Board,
                    BrailleView::Board => BrailleView::Moves,
                    BrailleView::Moves => BrailleView::Status,
                });
                None
            }
        };
        if let Some((line, pan)) = to {
            // Past the last line: it stays.
            let (line, pan) = if line > last { (last, self.pan) } else { (line, pan) };
            self.line = Some(line);
            self.pan = pan;
        }
        // Back on the line that follows the game: it follows it again.
        if self.view == BrailleView::Status && self.line == Some(last) && self.pan == 0 {
            self.line = None;
        }
        None
    }

    fn set_view(&mut self, view: BrailleView) {
        self.view = view;
        self.line = None;
        self.pan = 0;
    }
}

impl Screen for BrailleScreen<'_> {
    fn show(&mut self, lines: &[Line]) {
        self.inner.show(lines);
        for row in rows(lines) {
            self.history.push_back(row);
        }
        while self.history.len() > HISTORY {
            self.history.pop_front();
            // The line read stays the same line.
            if self.view == BrailleView::Status {
                self.line = self.line.map(|l| l.saturating_sub(1));
            }
        }
        self.draw();
    }

    fn prompt(&mut self, prompt: &str) {
        self.inner.prompt(prompt);
    }

    fn wants_glance(&self) -> bool {
        true
    }

    fn glance(&mut self, glance: Option<&Glance>) {
        let moved = glance.map(|g| g.at) != self.glance.as_ref().map(|g| g.at);
        self.glance = glance.cloned();
        // The moves view follows the move in view.
        if moved && self.view == BrailleView::Moves {
            self.line = None;
        }
        self.draw();
    }

    fn braille(&mut self, news: BrailleNews) -> Option<BoardKey> {
        let key = match news {
            BrailleNews::Key(k, _) => self.key(k),
            BrailleNews::TooLarge(_) | BrailleNews::KeysDropped => None,
            BrailleNews::Lost => {
                if let Some(d) = self.display.take() {
                    d.close();
                }
                None
            }
            BrailleNews::Back(display) => {
                self.display = Some(display);
                None
            }
        };
        if self.display.is_none() {
            self.shown = None;
        }
        self.draw();
        key
    }

    fn braille_view(&mut self, view: BrailleView) -> bool {
        if self.display.is_none() {
            return false;
        }
        self.set_view(view);
        self.draw();
        true
    }

    /// The status line with a running clock, while it is read.
    fn shows_clock(&self) -> bool {
        self.display.is_some()
            && self.view == BrailleView::Status
            && self.line.is_none()
            && self.glance.as_ref().is_some_and(|g| g.ticking)
    }
}

/// The most display keys waiting for the session: more are dropped, so
/// that a display flooding keys holds no more memory than this and never
/// buries what the player types.
const MAX_WAITING_KEYS: usize = 32;

/// The first try to reach the display, made when the session opened.
pub(crate) enum FirstTry {
    /// It answered: its keys.
    Connected(Keys),
    /// It did not (what was said about it, if it was too large).
    Failed {
        /// The player was told the display is too large.
        too_large_said: bool,
    },
    /// Still under way when the session opened: its result comes here.
    Pending(Receiver<Result<(Display, Keys), BrailleError>>),
}

/// Reads the display's keys into the session's channel (at most
/// [`MAX_WAITING_KEYS`] waiting; more are dropped, said once); when the
/// display goes away, says so and tries again every two seconds until it
/// is back. `keep_trying`: try again even before a display answered once
/// (Braille `on`). A display too large is said once.
pub(crate) fn keep_display(
    first: FirstTry,
    keep_trying: bool,
    connect: fn() -> Result<(Display, Keys), BrailleError>,
    tx: Sender<Msg>,
) {
    let _ = std::thread::Builder::new().name("braille-keys".into()).spawn(move || {
        let mut keep_trying = keep_trying;
        let mut too_large_said = false;
        let send = |news: BrailleNews| tx.send(Msg::Braille(news)).is_ok();
        let tried = |result: Result<(Display, Keys), BrailleError>, said: &mut bool| match result {
            Ok((display, keys)) => send(BrailleNews::Back(display)).then_some(Some(keys)),
            Err(BrailleError::TooLarge { cells, lines }) if !*said => {
                *said = true;
                send(BrailleNews::TooLarge(u64::from(cells) * u64::from(lines))).then_some(None)
            }
            Err(_) => Some(None),
        };
        let mut keys = match first {
            FirstTry::Connected(k) => Some(k),
            FirstTry::Failed { too_large_said: said } => {
                too_large_said = said;
                None
            }
            FirstTry::Pending(rx) => match rx.recv() {
                Ok(result) => match tried(result, &mut too_large_said) {
                    Some(k) => k,
                    None => return,
                },
                Err(_) => None,
            },
        };
        let waiting = Arc::new(AtomicUsize::new(0));
        loop {
            if let Some(mut k) = keys.take() {
                keep_trying = true;
                let mut dropped_said = false;
                while let Ok(key) = k.read() {
                    if waiting.load(Ordering::Relaxed) >= MAX_WAITING_KEYS {
                        if !std::mem::replace(&mut dropped_said, true) && !send(BrailleNews::KeysDropped) {
                            return;
                        }
                        continue;
                    }
                    waiting.fetch_add(1, Ordering::Relaxed);
                    if !send(BrailleNews::Key(key, KeyTicket(waiting.clone()))) {
                        return;
                    }
                }
                if !send(BrailleNews::Lost) {
                    return;
                }
            }
            if !keep_trying {
                return;
            }
            std::thread::sleep(RETRY);
            match tried(connect(), &mut too_large_said) {
                Some(k) => keys = k,
                None => return,
            }
        }
    });
}
