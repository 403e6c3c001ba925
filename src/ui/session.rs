//! The session: one loop runs the modes the player is in, a stack of
//! them (the lobby, with a game on top of it; a game with its study; a
//! review; a puzzle; a drill; watching TV or a broadcast). The top mode takes typed
//! lines, what the recognizer heard, keys and its own news (the
//! opponent's acts, the analysis, the lobby's news) from one channel; the
//! loop wakes for its clock when it is due (no polling), has it do the
//! work asked for, and hands every line to the screen and the voice. A
//! mode may enter another on top of it; when that one is left (`quit`),
//! the one below goes on. Input that ends, or a signal, ends them all.
//!
//! A mode is one type implementing [`Mode`]: nothing here knows which
//! modes there are.
//!
//! May use: play, review, effects and everything below them.

use super::input::{BoardKey, BrailleNews, Msg, Notice};
use super::output::{Glance, Line};
use super::shell::Shell;
use super::sink::{Screen, Voice, show_and_say};
use super::words::Fixed;
use super::words::Narrator;
use crate::clock::{Monotonic, TimeSource};
use crate::speech::Channel;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A mode the player is in: what the session loop asks of it.
pub(crate) trait Mode {
    /// Opening lines.
    fn greet(&mut self, now: u64);
    /// A line typed or said.
    fn line(&mut self, text: &str, channel: Channel, now: u64);
    /// What the recognizer heard, best first.
    fn heard(&mut self, _alternatives: &[(String, f32)], _now: u64) {}
    /// A key of the terminal or of a display.
    fn key(&mut self, _key: BoardKey, _now: u64) {}
    /// The mode's own news (the opponent's acts, the analysis, the
    /// lobby's news): what is not its own is given back, for the modes
    /// below.
    fn message(&mut self, msg: Msg, _now: u64) -> Option<Msg> {
        Some(msg)
    }
    /// When the mode needs the loop again without input (ms).
    fn next_wake(&mut self) -> Option<u64> {
        None
    }
    /// That time has come.
    fn timer(&mut self, _now: u64) {}
    /// Does the work asked for (files, the engine, the opponent).
    fn settle(&mut self, _now: u64) {}
    /// Work runs that the end of input should wait for.
    fn busy(&mut self) -> bool {
        false
    }
    /// The shell the mode speaks through (the one taking commands now):
    /// leaving, silence, the lines and the words come from it unless the
    /// mode says otherwise.
    fn shell(&mut self) -> &mut Shell;
    /// The player asked to leave this mode.
    fn wants_quit(&mut self) -> bool {
        self.shell().wants_quit()
    }
    /// The player asked for silence.
    fn take_silence(&mut self) -> bool {
        self.shell().take_silence()
    }
    /// The lines since the last call.
    fn take_output(&mut self) -> Vec<Line> {
        self.shell().take_output()
    }
    /// The prompt.
    fn prompt(&mut self) -> String;
    /// The session's words.
    fn narrator(&mut self) -> Narrator {
        self.shell().words
    }
    /// What a Braille display shows of the mode now, if it shows a board.
    fn glance(&mut self, _now: u64) -> Option<Glance> {
        None
    }
    /// A Braille view asked for: shown, or the player told there is none.
    fn braille_views(&mut self, _screen: &mut dyn Screen) {}
    /// Input ended (what is said about it).
    fn input_ended(&mut self) {}
    /// When the last engine answer the player asked for is due, if one is
    /// awaited (leaving waits for it, bounded).
    fn answer_due(&self) -> Option<Instant> {
        None
    }
    /// The player leaves the mode: the last words (and what is kept).
    fn leave(&mut self, now: u64);
    /// Leaving, something could not be kept (the program then ends with
    /// a failure).
    fn unsaved(&self) -> bool {
        false
    }
    /// Whether "Goodbye." is said when voxchess ends with this mode, the
    /// last one left (the session says it once; going back a level says
    /// where the player is instead).
    fn says_goodbye(&self) -> bool {
        false
    }
    /// A mode to enter on top of this one (taken once).
    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        None
    }
    /// A mode to take this one's place (taken once): set up, a position
    /// becomes its review.
    fn becomes(&mut self) -> Option<Box<dyn Mode>> {
        None
    }

    /// The mode entered on top of this one was left; this one goes on.
    fn back(&mut self, _now: u64) {}
    /// Whether this mode goes on while others are on top of it (the
    /// lobby): its clock runs, and the news the modes above do not take
    /// reaches it; what it says then is a notice, unless it enters a
    /// mode (a tournament's game), which ends the modes above. A mode
    /// that does not go on waits, and news for it is dropped.
    fn goes_on_below(&self) -> bool {
        false
    }
}

/// The Braille display's news: the display gone or back is said; a key
/// goes to the screen, and what it asks of the mode to the mode.
fn braille(mode: &mut dyn Mode, news: BrailleNews, screen: &mut dyn Screen, voice: &mut dyn Voice, now: u64) {
    let said = mode.narrator().braille_news(&news);
    let key = screen.braille(news);
    if let Some(line) = said {
        show_and_say(screen, voice, &[line]);
    }
    if let Some(key) = key {
        voice.player_acts();
        mode.key(key, now);
    }
}

/// The mode's output, its speech with any notation said in words.
fn heard_output(mode: &mut dyn Mode) -> Vec<Line> {
    let lines = mode.take_output();
    mode.narrator().speakable(lines)
}

/// The output since the last flush, shown and said; the prompt when
/// anything was shown (or when `force_prompt`).
fn flush(mode: &mut dyn Mode, screen: &mut dyn Screen, voice: &mut dyn Voice, force_prompt: bool, now: u64) {
    flush_with(mode, screen, voice, force_prompt, now, Vec::new());
}

/// [`flush`], with `after` said after the mode's own lines (before its
/// prompt).
fn flush_with(
    mode: &mut dyn Mode,
    screen: &mut dyn Screen,
    voice: &mut dyn Voice,
    force_prompt: bool,
    now: u64,
    after: Vec<Line>,
) {
    if mode.take_silence() && !voice.silence() && !mode.busy() {
        // The player asked to stop and nothing was going on: said so.
        let line = Line::info(mode.narrator().fixed(Fixed::NothingToStop));
        show_and_say(screen, voice, &[line]);
    }
    let mut lines = heard_output(mode);
    // The setup's notes in the language's words too (no Latin letters in
    // Russian or Korean speech: "voxchess models install ru" said so).
    lines.extend(mode.narrator().speakable(after));
    show_and_say(screen, voice, &lines);
    if !lines.is_empty() || force_prompt {
        screen.prompt(&mode.prompt());
    }
    if screen.wants_glance()
        && let Some(glance) = mode.glance(now)
    {
        screen.glance(Some(&glance));
    }
}

/// How a session ended.
pub(crate) struct SessionEnd {
    /// The last lines, for the caller to give.
    pub(crate) lines: Vec<Line>,
    /// Something could not be kept when the player left.
    pub(crate) unsaved: bool,
}

/// What the loop keeps besides the modes.
struct Loop<'a> {
    time: &'a Monotonic,
    inbox: &'a Receiver<Msg>,
    /// Input ended: the modes end once their work is done.
    input_ended: bool,
    /// A signal, or the channel closed: everything ends now.
    quit: bool,
    /// What came while a mode was leaving and was not its own: given to
    /// the mode below, first (a game's end, a line typed meanwhile).
    held: std::collections::VecDeque<Msg>,
}

impl Loop<'_> {
    /// The next message, or None when the mode's wake-up came first.
    fn next(&mut self, mode: &mut dyn Mode, screen: &dyn Screen, below: Option<u64>) -> Option<Option<Msg>> {
        if let Some(held) = self.held.pop_front() {
            return Some(Some(held));
        }
        let now = self.time.now_ms();
        // A clock shown on a Braille display is shown anew each second.
        let second = screen.shows_clock().then(|| now - now % 1000 + 1000);
        let wake = [mode.next_wake(), second, below].into_iter().flatten().min();
        let got = match wake {
            Some(due) => match self.inbox.recv_timeout(Duration::from_millis(due.saturating_sub(now))) {
                Ok(m) => Ok(Some(m)),
                Err(RecvTimeoutError::Timeout) => Ok(None),
                Err(RecvTimeoutError::Disconnected) => Err(()),
            },
            None => self.inbox.recv().map(Some).map_err(|_| ()),
        };
        got.map_err(|()| self.quit = true).ok()
    }

    /// One message for the top mode; what it does not take is given back.
    fn handle(
        &mut self,
        mode: &mut dyn Mode,
        msg: Msg,
        screen: &mut dyn Screen,
        voice: &mut dyn Voice,
        now: u64,
    ) -> Option<Msg> {
        // Something the player starts cuts a long readout short.
        if matches!(msg, Msg::Typed(_) | Msg::Heard(_) | Msg::Key(_)) {
            voice.player_acts();
        }
        match msg {
            Msg::Typed(text) => mode.line(&text, Channel::Typed, now),
            Msg::Heard(alternatives) => {
                let best = alternatives.first().map_or(String::new(), |(t, _)| t.clone());
                screen.show(&[Line::info(mode.narrator().heard(&best))]);
                mode.heard(&alternatives, now);
            }
            Msg::Key(BoardKey::Silence) => {
                voice.silence();
            }
            Msg::Key(BoardKey::Stop) => {
                voice.silence();
                mode.key(BoardKey::Stop, now);
            }
            Msg::Key(k) => mode.key(k, now),
            // A request awaited is news the player waits on: shown and
            // said. A helper's notice (speech, the microphone) is shown.
            Msg::Notice(n @ Notice::Asking(_)) => {
                let words = mode.narrator();
                show_and_say(screen, voice, &words.speakable(vec![Line::info(words.notice(&n))]));
            }
            Msg::Notice(n) => screen.show(&[Line::info(mode.narrator().notice(&n))]),
            Msg::Braille(news) => braille(mode, news, screen, voice, now),
            Msg::Eof => {
                // Input ended: what runs in the background is finished
                // first (a scripted review waits for its analysis).
                self.input_ended = true;
                mode.input_ended();
            }
            Msg::Quit => self.quit = true,
            other => return mode.message(other, now),
        }
        None
    }

    /// Leaves the top mode: answers the player asked for are given first
    /// (not on a signal), but an engine is waited for at most a second
    /// past its time.
    fn leave(&mut self, mode: &mut dyn Mode, screen: &mut dyn Screen, voice: &mut dyn Voice) {
        mode.settle(self.time.now_ms());
        flush(mode, screen, voice, false, self.time.now_ms());
        while !self.quit
            && let Some(due) = mode.answer_due()
        {
            let left = due.saturating_duration_since(Instant::now());
            match self.inbox.recv_timeout(left) {
                Ok(Msg::Quit) => self.quit = true,
                // The end of input is kept for the mode below.
                Ok(Msg::Eof) => self.input_ended = true,
                Ok(msg @ (Msg::Analysis(_) | Msg::Puzzles(_))) => {
                    let _ = mode.message(msg, self.time.now_ms());
                    mode.settle(self.time.now_ms());
                    flush(mode, screen, voice, false, self.time.now_ms());
                }
                // Not the leaving mode's: kept for the mode below.
                Ok(msg) => self.held.push_back(msg),
                Err(_) => break,
            }
        }
        mode.leave(self.time.now_ms());
        mode.settle(self.time.now_ms());
        screen.glance(None);
    }
}

/// The lines of a mode below the top: notices, unless it enters a mode
/// (then its words lead into it as they are).
fn from_below(lines: Vec<Line>, entering: bool) -> Vec<Line> {
    if entering {
        return lines;
    }
    lines.into_iter().map(|l| Line { urgency: super::output::Urgency::Notice, ..l }).collect()
}

/// Runs `first` and the modes it enters until the player leaves the
/// first (`quit`) or input ends (after the work the end of input waits
/// for), or a signal comes. Returns the last lines, said on leaving (the
/// game kept, or goodbye), for the caller to give. What the top mode does
/// not take goes to the nearest mode below that goes on
/// ([`Mode::goes_on_below`]), whose clock runs too; a mode it enters
/// ends the modes above it.
pub(crate) fn run_session(
    first: Box<dyn Mode>,
    time: &Monotonic,
    inbox: &Receiver<Msg>,
    screen: &mut dyn Screen,
    voice: &mut dyn Voice,
    notes: Vec<Line>,
) -> SessionEnd {
    // What is missing (no voice model, no display) comes after the first
    // greeting: never before the game's own words.
    let mut notes = Some(notes).filter(|n| !n.is_empty());
    let mut stack = vec![first];
    let mut looped = Loop { time, inbox, input_ended: false, quit: false, held: Default::default() };
    let mut unsaved = false;
    let mut entered = true;
    let mut pending: Option<Box<dyn Mode>> = None;
    while !stack.is_empty() {
        let last = stack.len() == 1;
        let depth = stack.len();
        let (lower, top) = stack.split_at_mut(depth - 1);
        let mode = top[0].as_mut();
        // The nearest mode below that goes on (the lobby under a game or
        // while watching), and when it wants the loop.
        let below_at = lower.iter().rposition(|m| m.goes_on_below());
        let below_wake = below_at.and_then(|i| lower[i].next_wake());
        if entered {
            mode.greet(time.now_ms());
            mode.settle(time.now_ms());
        }
        // A mode entered on top: what this one was reading out is cut (a
        // game's greeting never waits behind the lobby's standings), what
        // it said leading into it is shown, without its prompt, and the
        // new one greets.
        if let Some(next) = pending.take().or_else(|| mode.enter()) {
            voice.player_acts();
            let lines = heard_output(mode);
            show_and_say(screen, voice, &lines);
            stack.push(next);
            entered = true;
            continue;
        }
        if std::mem::take(&mut entered) {
            flush_with(mode, screen, voice, true, time.now_ms(), notes.take().unwrap_or_default());
        }
        // Input ended: what came while a mode left is given first.
        let ending = looped.quit || (looped.input_ended && looped.held.is_empty() && !mode.busy());
        if !ending {
            let Some(msg) = looped.next(mode, screen, below_wake) else { continue };
            let now = time.now_ms();
            let left = match msg {
                Some(msg) => looped.handle(mode, msg, screen, voice, now),
                None => {
                    if mode.next_wake().is_some_and(|d| d <= now) {
                        mode.timer(now);
                    }
                    None
                }
            };
            let below_due = below_wake.is_some_and(|d| d <= now);
            if let Some(i) = below_at
                && (left.is_some() || below_due)
            {
                let below = lower[i].as_mut();
                if let Some(m) = left {
                    // Not its own either: no mode takes it.
                    let _ = below.message(m, now);
                }
                if below_due {
                    below.timer(now);
                }
                below.settle(now);
                let next = below.enter();
                let lines = from_below(heard_output(below), next.is_some());
                show_and_say(screen, voice, &lines);
                if let Some(next) = next {
                    // The modes above it end; the one it enters is next.
                    while stack.len() > i + 1 {
                        let Some(mut up) = stack.pop() else { break };
                        looped.leave(up.as_mut(), screen, voice);
                        unsaved |= up.unsaved();
                        let lines = heard_output(up.as_mut());
                        show_and_say(screen, voice, &lines);
                    }
                    pending = Some(next);
                    continue;
                }
                if !lines.is_empty() {
                    screen.prompt(&mode.prompt());
                }
            }
            mode.braille_views(screen);
            mode.settle(now);
            pending = mode.enter();
            if pending.is_some() {
                continue;
            }
            if let Some(next) = mode.becomes() {
                let lines = heard_output(mode);
                show_and_say(screen, voice, &lines);
                top[0] = next;
                entered = true;
                continue;
            }
            if !mode.wants_quit() && !looped.quit {
                flush(mode, screen, voice, false, now);
                continue;
            }
        }
        looped.leave(mode, screen, voice);
        unsaved |= mode.unsaved();
        if last {
            break;
        }
        let lines = heard_output(mode);
        show_and_say(screen, voice, &lines);
        stack.pop();
        if let Some(below) = stack.last_mut()
            && !looped.quit
            && !looped.input_ended
        {
            below.back(time.now_ms());
            flush(below.as_mut(), screen, voice, true, time.now_ms());
        }
    }
    let mut lines = Vec::new();
    if let Some(m) = stack.last_mut() {
        lines = heard_output(m.as_mut());
        if m.says_goodbye() {
            lines.push(Line::info(m.narrator().fixed(Fixed::Goodbye)));
        }
    }
    SessionEnd { lines, unsaved }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::LobbyNews;
    use crate::speech::{Lexicon, SpeechLang, Style};
    use crate::ui::output::Urgency;
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::sync::mpsc::channel;

    type Log = Rc<RefCell<Vec<String>>>;

    /// A mode that writes down what the loop asks of it: it takes the
    /// lobby's news when `lobby`, goes on below when `goes_on`, enters
    /// the mode made by `on_line` for a line ("play"), enters a fresh
    /// game for lobby news when `pairs`, and leaves on "quit".
    struct Fake {
        name: &'static str,
        log: Log,
        lobby: bool,
        goes_on: bool,
        pairs: bool,
        quit: bool,
        out: Vec<Line>,
        next: Option<Box<dyn Mode>>,
        on_line: Option<Box<dyn Fn() -> Box<dyn Mode>>>,
        shell: Shell,
        /// An answer the player asked for is due then (leaving waits).
        due: Option<Instant>,
    }

    fn fake(name: &'static str, log: &Log) -> Fake {
        Fake {
            name,
            log: log.clone(),
            lobby: false,
            goes_on: false,
            pairs: false,
            quit: false,
            out: Vec::new(),
            next: None,
            on_line: None,
            shell: Shell::new(&crate::config::Settings::default(), crate::rules::Color::White),
            due: None,
        }
    }

    impl Fake {
        fn note(&self, what: &str) {
            self.log.borrow_mut().push(format!("{} {what}", self.name));
        }
    }

    impl Mode for Fake {
        fn greet(&mut self, _now: u64) {
            self.note("greets");
        }
        fn line(&mut self, text: &str, _channel: Channel, _now: u64) {
            self.note(&format!("reads {text}"));
            if text == "quit" {
                self.quit = true;
            } else if let Some(make) = &self.on_line {
                self.next = Some(make());
            }
        }
        fn message(&mut self, msg: Msg, _now: u64) -> Option<Msg> {
            match msg {
                Msg::Lobby(_) if self.lobby => {
                    self.note("hears the lobby");
                    self.out.push(Line::new(format!("{} news", self.name), Urgency::Urgent));
                    if self.pairs {
                        let log = self.log.clone();
                        self.next = Some(Box::new(fake("pairing", &log)));
                    }
                    None
                }
                other => Some(other),
            }
        }
        fn shell(&mut self) -> &mut Shell {
            &mut self.shell
        }
        fn wants_quit(&mut self) -> bool {
            self.quit
        }
        fn take_output(&mut self) -> Vec<Line> {
            std::mem::take(&mut self.out)
        }
        fn prompt(&mut self) -> String {
            format!("{}>", self.name)
        }
        fn narrator(&mut self) -> Narrator {
            Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief)
        }
        fn leave(&mut self, _now: u64) {
            self.note("leaves");
        }
        fn enter(&mut self) -> Option<Box<dyn Mode>> {
            self.next.take()
        }
        fn back(&mut self, _now: u64) {
            self.note("is back");
        }
        fn goes_on_below(&self) -> bool {
            self.goes_on
        }
        fn answer_due(&self) -> Option<Instant> {
            self.due
        }
    }

    /// What was shown: each line's text and urgency, and the prompts.
    #[derive(Default)]
    struct Shown(Vec<(String, Option<Urgency>)>);

    impl Screen for Shown {
        fn show(&mut self, lines: &[Line]) {
            self.0.extend(lines.iter().map(|l| (l.text.clone(), Some(l.urgency))));
        }
        fn prompt(&mut self, prompt: &str) {
            self.0.push((prompt.to_string(), None));
        }
    }

    /// Runs `first` on `msgs` (then the end of input); what each mode
    /// was asked, and what was shown.
    fn run(first: Fake, msgs: Vec<Msg>) -> Shown {
        let (tx, rx) = channel();
        for m in msgs {
            tx.send(m).expect("send");
        }
        tx.send(Msg::Eof).expect("send");
        let mut shown = Shown::default();
        let time = Monotonic::new();
        run_session(Box::new(first), &time, &rx, &mut shown, &mut crate::ui::sink::Mute, Vec::new());
        shown
    }

    fn lobby_news() -> Msg {
        Msg::Lobby(LobbyNews::Declined)
    }

    /// A lobby that enters a game for "play".
    fn lobby(log: &Log, pairs: bool) -> Fake {
        let game_log = log.clone();
        Fake {
            lobby: true,
            goes_on: true,
            pairs,
            on_line: Some(Box::new(move || Box::new(fake("game", &game_log)))),
            ..fake("lobby", log)
        }
    }

    #[test]
    fn news_the_top_does_not_take_reaches_the_lobby_below_as_a_notice() {
        let log = Log::default();
        let shown = run(lobby(&log, false), vec![Msg::Typed("play".into()), lobby_news(), Msg::Typed("e4".into())]);
        let log = log.borrow().join("; ");
        assert!(log.contains("game greets; lobby hears the lobby; game reads e4"), "{log}");
        let said = shown.0.iter().find(|(t, _)| t == "lobby news").expect("said");
        assert_eq!(said.1, Some(Urgency::Notice));
        // The game's prompt is shown again after it.
        let at = shown.0.iter().position(|(t, _)| t == "lobby news").expect("said");
        assert_eq!(shown.0.get(at + 1), Some(&("game>".to_string(), None)));
    }

    #[test]
    fn a_mode_pushed_and_popped_gives_the_one_below_back() {
        let log = Log::default();
        run(lobby(&log, false), vec![Msg::Typed("play".into()), Msg::Typed("quit".into()), lobby_news()]);
        let log = log.borrow().join("; ");
        assert!(
            log.contains(
                "lobby reads play; game greets; game reads quit; game leaves; lobby is back; lobby hears the lobby"
            ),
            "{log}"
        );
    }

    #[test]
    fn a_pairing_from_under_a_puzzle_ends_the_modes_above_and_is_entered() {
        let log = Log::default();
        let puzzle_log = log.clone();
        let mut first = lobby(&log, true);
        let game_log = log.clone();
        first.on_line = Some(Box::new(move || {
            let puzzle_log = puzzle_log.clone();
            Box::new(Fake {
                on_line: Some(Box::new(move || Box::new(fake("puzzle", &puzzle_log)))),
                ..fake("game", &game_log)
            })
        }));
        let msgs =
            vec![Msg::Typed("play".into()), Msg::Typed("practise".into()), lobby_news(), Msg::Typed("e4".into())];
        let shown = run(first, msgs);
        let log = log.borrow().join("; ");
        assert!(
            log.contains(
                "puzzle greets; lobby hears the lobby; puzzle leaves; game leaves; pairing greets; pairing reads e4"
            ),
            "{log}"
        );
        // Its words lead into the game as they are.
        assert!(shown.0.contains(&("lobby news".to_string(), Some(Urgency::Urgent))));
    }

    #[test]
    fn a_mode_below_that_does_not_go_on_waits() {
        let log = Log::default();
        let mut first = lobby(&log, false);
        first.goes_on = false;
        run(first, vec![Msg::Typed("play".into()), lobby_news(), Msg::Typed("quit".into()), lobby_news()]);
        let log = log.borrow().join("; ");
        assert!(
            log.contains("game greets; game reads quit; game leaves; lobby is back; lobby hears the lobby"),
            "{log}"
        );
        assert_eq!(log.matches("hears the lobby").count(), 1, "{log}");
    }

    /// Issue 65, item 9: what comes while the top mode leaves (it waits
    /// for an answer due) is not lost: the lobby's news (a game's end, for
    /// `review last`) and a line typed meanwhile reach the mode below, in
    /// order, before the end of input ends it.
    #[test]
    fn what_comes_while_a_mode_leaves_reaches_the_mode_below() {
        let log = Log::default();
        let mut first = lobby(&log, false);
        let game_log = log.clone();
        first.on_line = Some(Box::new(move || {
            Box::new(Fake { due: Some(Instant::now() + Duration::from_millis(300)), ..fake("game", &game_log) })
        }));
        run(first, vec![Msg::Typed("play".into()), Msg::Typed("quit".into()), lobby_news(), Msg::Typed("help".into())]);
        let log = log.borrow().join("; ");
        assert!(log.contains("game reads quit; game leaves; lobby hears the lobby; lobby reads help"), "{log}");
    }
}
