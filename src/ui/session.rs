//! The session: one loop runs a game (and, once it has ended, its study
//! beside it) or a review. It takes typed lines, what the recognizer
//! heard, keys, the opponent's acts and the analysis's news from one
//! channel, wakes for the clock when it is due (no polling), has the
//! effects layer do the work asked for, and hands every line to the
//! screen and the voice.
//!
//! May use: play, review, effects and everything below them.

use super::effects::Effects;
use super::input::{AnalysisNews, BoardKey, BrailleNews, Msg};
use super::output::{Glance, Line, Urgency};
use super::play::Play;
use super::review::Review;
use super::shell::Front;
use super::sink::{Screen, Voice, show_and_say};
use crate::clock::{Monotonic, TimeSource};
use crate::speech::{Channel, Command, Intent};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// What a session runs.
pub(crate) enum Stage {
    /// A game; once it has ended, its study beside it.
    Play(Box<Play>, Option<Box<Review>>),
    /// A review of a game from a file.
    Review(Box<Review>),
}

/// Has `effects` do the work `front` asked for, and reports back, until
/// nothing more is asked.
fn drain(front: &mut dyn Front, effects: &mut Effects, now: u64) {
    loop {
        let asked = front.shell().take_effects();
        if asked.is_empty() {
            return;
        }
        for effect in asked {
            if let Some(report) = effects.perform(effect) {
                front.report(report, now);
            }
        }
    }
}

impl Stage {
    /// The front that takes commands now: the study once a game has
    /// ended, else the game or the review.
    fn commands(&mut self) -> &mut dyn Front {
        match self {
            Stage::Play(_, Some(study)) => study.as_mut(),
            Stage::Play(play, None) => play.as_mut(),
            Stage::Review(review) => review.as_mut(),
        }
    }

    /// Every front, for output and work.
    fn fronts(&mut self) -> Vec<&mut dyn Front> {
        match self {
            Stage::Play(play, study) => {
                let mut all: Vec<&mut dyn Front> = vec![play.as_mut()];
                if let Some(s) = study {
                    all.push(s.as_mut());
                }
                all
            }
            Stage::Review(review) => vec![review.as_mut()],
        }
    }

    /// Does the work asked for; a game that has just ended becomes a study.
    fn settle(&mut self, effects: &mut Effects, now: u64) {
        for front in self.fronts() {
            drain(front, effects, now);
        }
        if let Stage::Play(play, study) = self
            && let Some((game, stem)) = play.take_study()
        {
            let settings = play.settings().clone();
            *study = Some(Box::new(Review::after_game(game, &settings, &stem)));
        }
    }

    fn greet(&mut self, now: u64) {
        match self {
            Stage::Play(play, _) => play.greet(now),
            Stage::Review(review) => review.greet(now),
        }
    }

    /// A line typed or said: after a game, a command goes to its study
    /// and anything else to the game (which says it is over), as does
    /// `time` (the game's final times); the line is resolved once.
    fn line(&mut self, text: &str, channel: Channel, now: u64) {
        match self {
            Stage::Play(play, Some(study)) => {
                let Some(words) = study.shell().typed(text) else { return };
                match study.resolve(&words, channel) {
                    Intent::Command(c) if c != Command::Time => study.carry_out(Intent::Command(c), channel, now),
                    other => play.carry_out(other, channel, now),
                }
            }
            _ => self.commands().handle_line(text, channel, now),
        }
    }

    /// What the recognizer heard, in the same way.
    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        match self {
            Stage::Play(play, Some(study)) => {
                let clean = super::input::clean_heard(alternatives);
                match study.resolve_heard(&clean, now) {
                    Intent::Command(c) if c != Command::Time => {
                        study.carry_out(Intent::Command(c), Channel::Heard, now)
                    }
                    other => play.carry_out(other, Channel::Heard, now),
                }
            }
            _ => self.commands().handle_heard(alternatives, now),
        }
    }

    fn play(&mut self) -> Option<&mut Play> {
        match self {
            Stage::Play(play, _) => Some(play.as_mut()),
            Stage::Review(_) => None,
        }
    }

    fn review(&mut self) -> Option<&mut Review> {
        match self {
            Stage::Play(_, study) => study.as_deref_mut(),
            Stage::Review(review) => Some(review.as_mut()),
        }
    }

    fn next_wake(&mut self) -> Option<u64> {
        self.fronts().iter().filter_map(|f| f.next_wake()).min()
    }

    fn busy(&mut self) -> bool {
        self.fronts().iter().any(|f| f.busy())
    }

    fn wants_quit(&mut self) -> bool {
        self.fronts().iter().any(|f| f.shell_ref().wants_quit())
    }

    fn take_silence(&mut self) -> bool {
        self.fronts().into_iter().fold(false, |any, f| f.shell().take_silence() | any)
    }

    fn take_output(&mut self) -> Vec<Line> {
        self.fronts().into_iter().flat_map(|f| f.shell().take_output()).collect()
    }

    fn prompt(&mut self) -> String {
        match self {
            Stage::Play(play, _) => play.prompt(),
            Stage::Review(review) => review.prompt(),
        }
    }

    /// The language of the session's words.
    fn narrator(&mut self) -> super::words::Narrator {
        self.commands().shell().words
    }

    /// What the Braille display shows: the game, or its study once it
    /// has ended (with the game's status line, its result and clocks,
    /// while the study stands at the end).
    fn glance(&mut self, now: u64) -> Glance {
        match self {
            Stage::Play(play, None) => play.glance(now),
            Stage::Play(play, Some(study)) => {
                let mut g = study.glance(now);
                if g.at == g.moves.len() {
                    g.status = play.status_line(now);
                }
                g
            }
            Stage::Review(review) => review.glance(now),
        }
    }

    /// A Braille view asked for: shown, or the player told there is no
    /// display.
    fn braille_views(&mut self, screen: &mut dyn Screen) {
        for front in self.fronts() {
            let shell = front.shell();
            if let Some(view) = shell.take_braille_view() {
                let line =
                    if screen.braille_view(view) { shell.words.braille_view(view) } else { shell.words.braille_none() };
                shell.say(line, Urgency::Info);
            }
        }
    }
}

/// The Braille display's news: the display gone or back is said; a key
/// goes to the screen, and what it asks of the front to the front.
fn braille(stage: &mut Stage, news: BrailleNews, screen: &mut dyn Screen, voice: &mut dyn Voice, now: u64) {
    let said = stage.narrator().braille_news(&news);
    let key = screen.braille(news);
    if let Some(line) = said {
        let urgency = line.urgency;
        stage.commands().shell().say(line, urgency);
    }
    if let Some(key) = key {
        voice.player_acts();
        stage.commands().key(key, now);
    }
}

/// The output since the last flush, shown and said; the prompt when
/// anything was shown (or when `force_prompt`).
fn flush(stage: &mut Stage, screen: &mut dyn Screen, voice: &mut dyn Voice, force_prompt: bool, now: u64) {
    if stage.take_silence() {
        voice.silence();
    }
    let lines = stage.take_output();
    show_and_say(screen, voice, &lines);
    if !lines.is_empty() || force_prompt {
        screen.prompt(&stage.prompt());
    }
    if screen.wants_glance() {
        screen.glance(Some(&stage.glance(now)));
    }
}

/// How a session ended.
pub(crate) struct SessionEnd {
    /// The last lines, for the caller to give.
    pub(crate) lines: Vec<Line>,
    /// The whole program ends (input ended, a signal), not only this session.
    pub(crate) end_all: bool,
    /// The game could not be kept when the player left.
    pub(crate) unsaved: bool,
}

/// An answer from the engine, for the front that takes commands now.
fn answered(
    stage: &mut Stage,
    effects: &mut Effects,
    who: crate::engine::analysis::Analyst,
    lines: Result<Vec<crate::engine::analysis::Line>, crate::game::OpponentFailure>,
    engine: Option<Box<dyn crate::engine::analysis::Analyse>>,
    now: u64,
) {
    if let Some(report) = effects.answered(who, lines, engine) {
        stage.commands().report(report, now);
    }
}

/// Runs a game or a review until the player quits or input ends (after
/// the work the end of input waits for). Returns the last lines, said on
/// leaving (the game kept, or goodbye), for the caller to give, and
/// whether the whole program should end (input ended, or a signal or
/// Ctrl-C) rather than only this session (`quit` typed or said).
pub(crate) fn run_session(
    mut stage: Stage,
    mut effects: Effects,
    time: &Monotonic,
    inbox: &Receiver<Msg>,
    screen: &mut dyn Screen,
    voice: &mut dyn Voice,
) -> SessionEnd {
    stage.greet(time.now_ms());
    stage.settle(&mut effects, time.now_ms());
    flush(&mut stage, screen, voice, true, time.now_ms());
    let mut input_ended = false;
    let mut quit = false;
    loop {
        if input_ended && !stage.busy() {
            break;
        }
        let now = time.now_ms();
        // A clock shown on a Braille display is shown anew each second.
        let due = stage.next_wake();
        let second = screen.shows_clock().then(|| now - now % 1000 + 1000);
        let wake = [due, second].into_iter().flatten().min();
        let msg = match wake {
            Some(due) => match inbox.recv_timeout(Duration::from_millis(due.saturating_sub(now))) {
                Ok(m) => Some(m),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => {
                    quit = true;
                    break;
                }
            },
            None => match inbox.recv() {
                Ok(m) => Some(m),
                Err(_) => {
                    quit = true;
                    break;
                }
            },
        };
        let now = time.now_ms();
        // Something the player starts cuts a long readout short.
        if matches!(msg, Some(Msg::Typed(_) | Msg::Heard(_) | Msg::Key(_))) {
            voice.player_acts();
        }
        match msg {
            None if due.is_some_and(|d| d <= now) => stage.fronts().into_iter().for_each(|f| f.on_timer(now)),
            None => {}
            Some(Msg::Typed(text)) => stage.line(&text, Channel::Typed, now),
            Some(Msg::Heard(alternatives)) => {
                let best = alternatives.first().map_or(String::new(), |(t, _)| t.clone());
                screen.show(&[Line::info(stage.narrator().heard(&best))]);
                stage.heard(&alternatives, now);
            }
            Some(Msg::Key(BoardKey::Silence)) => voice.silence(),
            Some(Msg::Key(BoardKey::Stop)) => {
                voice.silence();
                stage.commands().key(BoardKey::Stop, now);
            }
            Some(Msg::Key(k)) => stage.commands().key(k, now),
            Some(Msg::Notice(n)) => screen.show(&[Line::info(stage.narrator().notice(&n))]),
            Some(Msg::Braille(news)) => braille(&mut stage, news, screen, voice, now),
            // The lobby's news waits while a game is played.
            Some(Msg::Lobby(_)) => {}
            Some(Msg::Opponent(act)) => {
                if let Some(play) = stage.play() {
                    play.opponent(act, now);
                }
            }
            Some(Msg::Analysis(AnalysisNews::Evaluated(i, result))) => {
                if let Some(review) = stage.review() {
                    review.report(super::effect::Report::Evaluated(i, result), now);
                }
            }
            Some(Msg::Analysis(AnalysisNews::Ended(analyst))) => {
                effects.analyst_back(analyst);
                if let Some(review) = stage.review() {
                    review.report(super::effect::Report::AnalysisEnded, now);
                }
            }
            Some(Msg::Analysis(AnalysisNews::Answered { who, lines, engine })) => {
                answered(&mut stage, &mut effects, who, lines, engine, now);
            }
            Some(Msg::Eof) => {
                // Input ended: what runs in the background is finished
                // first (a scripted review waits for its analysis).
                input_ended = true;
                match stage.play() {
                    Some(play) => play.handle_eof(),
                    None => stage.commands().handle_eof(),
                }
            }
            Some(Msg::Quit) => {
                quit = true;
                break;
            }
        }
        stage.braille_views(screen);
        stage.settle(&mut effects, now);
        if stage.wants_quit() {
            break;
        }
        flush(&mut stage, screen, voice, false, now);
    }
    stage.settle(&mut effects, time.now_ms());
    flush(&mut stage, screen, voice, false, time.now_ms());
    // Answers the player asked for are given before leaving (not on a
    // signal), but an engine is waited for at most a second past its time.
    while !quit && let Some(due) = effects.answer_due() {
        let left = due.saturating_duration_since(std::time::Instant::now());
        match inbox.recv_timeout(left) {
            Ok(Msg::Analysis(AnalysisNews::Answered { who, lines, engine })) => {
                answered(&mut stage, &mut effects, who, lines, engine, time.now_ms());
                stage.settle(&mut effects, time.now_ms());
                flush(&mut stage, screen, voice, false, time.now_ms());
            }
            Ok(Msg::Quit) => quit = true,
            // The end of input is kept for whoever reads on (the lobby).
            Ok(Msg::Eof) => input_ended = true,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    if let Some(play) = stage.play() {
        play.leave(time.now_ms());
    } else {
        stage.commands().leave(time.now_ms());
    }
    stage.settle(&mut effects, time.now_ms());
    screen.glance(None);
    let unsaved = stage.play().is_some_and(|p| p.unsaved());
    SessionEnd { lines: stage.take_output(), end_all: quit || input_ended, unsaved }
}
