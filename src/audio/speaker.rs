//! Speech out through speech-dispatcher, the speech server the Orca
//! screen reader uses (its client library: dispatcher.rs). One thread owns
//! the connection and takes commands over a channel. The library's callbacks
//! run on speech-dispatcher's thread while the crate holds its locks, so
//! they only record the event here (and tell the speech thread) and never
//! call back into it.
//!
//! The speech thread keeps its own queue and hands speech-dispatcher one
//! utterance at a time, so the policy is ours, not "newest wins":
//! essential news (moves, results, questions, answers, save results) is
//! spoken to its end, in order; urgent news goes first and may cut a long
//! readout (the board, help) or a clock call, never essential news; a
//! clock call not yet begun is replaced by a newer one; the player's stop
//! cuts what is being said and drops the readouts and clock calls waiting.

use super::dispatcher::{Dispatcher, Heard};
use crate::speech::Urgency;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Voice settings, from the user's settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpeechSettings {
    /// Rate from -1.0 (slowest) to 1.0 (fastest); None keeps the server's.
    pub rate: Option<f32>,
    /// Pitch from -1.0 to 1.0.
    pub pitch: Option<f32>,
    /// Volume from -1.0 to 1.0.
    pub volume: Option<f32>,
    /// A voice name (as speech-dispatcher lists it).
    pub voice: Option<String>,
    /// A language code ("en", "ru", "de"): the first voice of that language.
    pub language: Option<String>,
}

/// Speech could not be started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeakerError {
    /// speech-dispatcher refused or is not installed.
    #[error("speech-dispatcher cannot be reached ({0}); going on with text only")]
    Unavailable(String),
    /// speech-dispatcher did not answer in time.
    #[error("speech-dispatcher did not answer within {0} ms; going on with text only")]
    Timeout(u64),
}

/// What the callbacks record.
#[derive(Debug, Default)]
struct Progress {
    speaking: bool,
    begun: u64,
    ended: u64,
    stopped: u64,
    last_begin: Option<Instant>,
    last_end: Option<Instant>,
    /// When a text was last handed to speech, before speech-dispatcher
    /// says it began: the listening gate closes from here.
    last_queued: Option<Instant>,
    /// Texts waiting in the speech thread's queue or being spoken.
    backlog: usize,
}

/// How long a queued text counts as speaking before speech-dispatcher
/// reports it began (it may never: no audio output).
const QUEUED_SPEAKS_FOR: Duration = Duration::from_millis(2000);

/// How long a text counts as speaking after it began with no end reported
/// (an end event lost, speech-dispatcher's module gone): longer than
/// anything voxchess says at once, so the microphone is not deaf forever.
const BEGUN_SPEAKS_FOR: Duration = Duration::from_secs(60);

impl Progress {
    /// Whether speech counts as going on at `now`, for the listening gate:
    /// a text queued and not yet begun (for a while), or one begun and not
    /// yet ended (for a while).
    fn speaking_at(&self, now: Instant) -> bool {
        let since = |t: Instant| now.saturating_duration_since(t);
        let waiting =
            self.last_queued.is_some_and(|q| since(q) < QUEUED_SPEAKS_FOR && self.last_begin.is_none_or(|b| b < q));
        let begun = self.speaking && self.last_begin.is_none_or(|b| since(b) < BEGUN_SPEAKS_FOR);
        begun || waiting
    }
}

#[derive(Debug, Default)]
struct Shared {
    progress: Mutex<Progress>,
    changed: Condvar,
}

impl Shared {
    fn record(&self, f: impl FnOnce(&mut Progress)) {
        if let Ok(mut p) = self.progress.lock() {
            f(&mut p);
            self.changed.notify_all();
        }
    }
}

/// What a report from speech-dispatcher changes.
fn record_heard(p: &mut Progress, heard: Heard) {
    let now = Some(Instant::now());
    match heard {
        Heard::Begun(_) => {
            p.speaking = true;
            p.begun += 1;
            p.last_begin = now;
        }
        Heard::Ended(_) => {
            p.speaking = false;
            p.ended += 1;
            p.last_end = now;
        }
        Heard::Cut(_) => {
            p.speaking = false;
            p.stopped += 1;
            p.last_end = now;
        }
    }
}

enum Command {
    Say(String, Urgency),
    Repeat,
    Stop,
    /// The player started something new: a readout being said is cut.
    CutReadout,
    /// An utterance ended or was cut (from the callbacks).
    Done(u64),
    Settings(SpeechSettings),
    Quit,
}

/// A handle to the speech thread.
pub struct Speaker {
    commands: Sender<Command>,
    shared: Arc<Shared>,
}

/// Counts of speech events so far, for tests and measurements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SpeechCounts {
    /// Utterances begun.
    pub begun: u64,
    /// Utterances finished.
    pub ended: u64,
    /// Utterances cut short.
    pub stopped: u64,
}

/// Rate, pitch, volume, then the language and a named voice (which
/// wins over the language): nothing here lists the voices.
fn apply(sd: &Dispatcher, settings: &SpeechSettings) {
    sd.set_voice(settings.rate, settings.pitch, settings.volume);
    if let Some(lang) = &settings.language {
        sd.set_language(lang);
    }
    if let Some(name) = &settings.voice {
        sd.set_named_voice(name);
    }
}

/// How long an utterance may take before its end counts as lost (no
/// audio output: speech-dispatcher never reports it): generous for the
/// slowest rate.
fn longest(text: &str) -> Duration {
    Duration::from_millis(3_000 + 150 * text.chars().count() as u64)
}

/// Texts joined into one utterance, each ending as a sentence.
fn join(texts: &[String]) -> String {
    let ended = |t: &str| t.trim_end().ends_with(['.', '?', '!', ':', ';']);
    let mut out = String::new();
    for t in texts {
        if !out.is_empty() {
            if !ended(&out) {
                out.push('.');
            }
            out.push(' ');
        }
        out.push_str(t.trim());
    }
    out
}

/// The speech thread's queue and the utterance being spoken.
#[derive(Default)]
struct Queue {
    waiting: VecDeque<(String, Urgency)>,
    /// The utterance speech-dispatcher has: its id, what it is, and when
    /// its end counts as lost.
    speaking: Option<(Option<u64>, Urgency, Instant)>,
    /// A greeting being said for the first time: said again if news cuts it.
    greeting: Option<String>,
    /// Greetings cut and waiting to be said again (once).
    again: Vec<String>,
}

impl Queue {
    /// Where an item goes that waits behind every item `ahead` takes.
    fn after(&self, ahead: impl Fn(Urgency) -> bool) -> usize {
        self.waiting.iter().rposition(|(_, k)| ahead(*k)).map_or(0, |i| i + 1)
    }

    /// Takes `text` in by the policy; true when what is being said should
    /// be cut for it. Essential items keep their order among themselves
    /// and go ahead of readouts and clock calls waiting; news goes ahead
    /// of a greeting and cuts it, and the greeting cut is said after it.
    fn add(&mut self, text: String, p: Urgency) -> bool {
        let current = self.speaking.map(|(_, kind, _)| kind);
        let after_essentials = self.after(Urgency::essential);
        match p {
            Urgency::Urgent | Urgency::Countdown => {
                if p == Urgency::Countdown {
                    // The newest second only.
                    self.drop_kind(Urgency::Countdown);
                }
                self.drop_kind(Urgency::Clock);
                self.drop_kind(Urgency::Countdown);
                self.news((text, p), matches!(current, Some(Urgency::Readout | Urgency::Clock | Urgency::Notice)))
            }
            Urgency::Clock => {
                // A newer call replaces one that has not begun.
                self.drop_kind(Urgency::Clock);
                self.waiting.push_back((text, p));
                false
            }
            Urgency::Move => self.news((text, p), matches!(current, Some(Urgency::Readout | Urgency::Notice))),
            Urgency::Info | Urgency::Greeting => {
                self.waiting.insert(after_essentials, (text, p));
                false
            }
            Urgency::Readout => {
                self.waiting.push_back((text, p));
                false
            }
            Urgency::Live => {
                self.drop_kind(Urgency::Live);
                self.waiting.insert(after_essentials, (text, p));
                matches!(current, Some(Urgency::Readout | Urgency::Notice))
            }
            Urgency::Notice => {
                // After the essential items, ahead of readouts and calls.
                let after = self.after(|k| k.essential() || k == p);
                self.waiting.insert(after, (text, p));
                false
            }
        }
    }

    /// News: after the essential items waiting, in order (a greeting
    /// waiting is short and goes first: who plays before the first move).
    /// A greeting being said is cut: it is said again right after the
    /// news, and the rest of the greeting waiting follows it. True when
    /// what is being said should be cut (`cut`, or a greeting).
    fn news(&mut self, item: (String, Urgency), cut: bool) -> bool {
        let greeting_cut = self.speaking.is_some_and(|(_, k, _)| k == Urgency::Greeting);
        let mut behind = VecDeque::new();
        if greeting_cut {
            behind.extend(self.waiting.iter().filter(|(_, k)| *k == Urgency::Greeting).cloned());
            self.drop_kind(Urgency::Greeting);
            if let Some(text) = self.greeting.take() {
                self.again.push(text.clone());
                behind.push_front((text, Urgency::Greeting));
            }
        }
        let at = self.after(Urgency::essential);
        self.waiting.insert(at, item);
        for (i, g) in behind.into_iter().enumerate() {
            self.waiting.insert(at + 1 + i, g);
        }
        cut || greeting_cut
    }

    fn drop_kind(&mut self, kind: Urgency) {
        self.waiting.retain(|(_, k)| *k != kind);
    }

    /// The player stopped: what waits and is not essential goes; true
    /// when what is being said should be cut.
    fn stop(&mut self, only_readouts: bool) -> bool {
        self.drop_kind(Urgency::Readout);
        if only_readouts {
            return matches!(self.speaking, Some((_, Urgency::Readout, _)));
        }
        self.drop_kind(Urgency::Clock);
        self.drop_kind(Urgency::Countdown);
        self.drop_kind(Urgency::Notice);
        // What the player stopped is not said again.
        self.greeting = None;
        self.speaking.is_some()
    }

    /// The next utterance: an item, with the essential items right after
    /// an essential one joined to it (greetings only with greetings, so
    /// a greeting said again never repeats other news).
    fn next(&mut self) -> Option<(String, Urgency)> {
        self.greeting = None;
        let (first, kind) = self.waiting.pop_front()?;
        if !kind.essential() {
            return Some((first, kind));
        }
        let greeting = kind == Urgency::Greeting;
        let again = greeting && self.again.iter().position(|t| *t == first).map(|i| self.again.remove(i)).is_some();
        let mut texts = vec![first];
        while let Some((_, k)) = self.waiting.front()
            && k.essential()
            && (*k == Urgency::Greeting) == greeting
            && texts.len() < 4
        {
            if let Some((t, _)) = self.waiting.pop_front() {
                texts.push(t);
            }
        }
        let text = join(&texts);
        if greeting && !again {
            self.greeting = Some(text.clone());
        }
        Some((text, kind))
    }

    fn backlog(&self) -> usize {
        self.waiting.len() + usize::from(self.speaking.is_some())
    }
}

fn serve(sd: Dispatcher, commands: Receiver<Command>, shared: Arc<Shared>) {
    let mut last: Option<String> = None;
    let mut queue = Queue::default();
    loop {
        let command = match queue.speaking {
            Some((_, _, lost_at)) => match commands.recv_timeout(lost_at.saturating_duration_since(Instant::now())) {
                Ok(c) => Some(c),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match commands.recv() {
                Ok(c) => Some(c),
                Err(_) => break,
            },
        };
        match command {
            // The end was never reported: it counts as ended.
            None => queue.speaking = None,
            Some(Command::Say(text, priority)) => {
                if priority.essential() || priority == Urgency::Live {
                    last = Some(text.clone());
                }
                if queue.add(text, priority) {
                    sd.stop();
                    queue.speaking = None;
                }
            }
            Some(Command::Repeat) => {
                if let Some(text) = last.clone() {
                    queue.add(text, Urgency::Move);
                }
            }
            Some(Command::Stop) => {
                if queue.stop(false) {
                    sd.stop();
                    queue.speaking = None;
                }
            }
            Some(Command::CutReadout) => {
                if queue.stop(true) {
                    sd.stop();
                    queue.speaking = None;
                }
            }
            Some(Command::Done(id)) => {
                if queue.speaking.is_some_and(|(current, _, _)| current.is_none_or(|c| c == id)) {
                    queue.speaking = None;
                }
            }
            Some(Command::Settings(s)) => apply(&sd, &s),
            Some(Command::Quit) => break,
        }
        if queue.speaking.is_none()
            && let Some((text, kind)) = queue.next()
        {
            let lost_at = Instant::now() + longest(&text);
            queue.speaking = sd.speak(&text).map(|id| (Some(id), kind, lost_at));
        }
        let backlog = queue.backlog();
        shared.record(|p| p.backlog = backlog);
    }
}

impl Speaker {
    /// Connects to speech-dispatcher (it starts itself on first use) within
    /// `timeout`, and applies the settings.
    pub fn start(settings: SpeechSettings, timeout: Duration) -> Result<Speaker, SpeakerError> {
        let (speaker, ready) = Speaker::spawn(settings)?;
        match ready.recv_timeout(timeout) {
            Ok(Ok(())) => Ok(speaker),
            Ok(Err(e)) => Err(SpeakerError::Unavailable(e)),
            Err(_) => Err(SpeakerError::Timeout(timeout.as_millis() as u64)),
        }
    }

    /// Connects in the background: the speaker comes back at once and keeps
    /// what it is asked to say until speech-dispatcher answers, so nothing
    /// waits for it. `told` hears how it went: `Ok` when speech joins;
    /// the error when it cannot, or `Timeout` when it has not answered
    /// within `timeout` (then `Ok` follows if it joins later).
    pub fn connect(
        settings: SpeechSettings,
        timeout: Duration,
        told: impl Fn(Result<(), SpeakerError>) + Send + 'static,
    ) -> Result<Speaker, SpeakerError> {
        let (speaker, ready) = Speaker::spawn(settings)?;
        std::thread::Builder::new()
            .name("speech-connect".into())
            .spawn(move || match ready.recv_timeout(timeout) {
                Ok(Ok(())) => told(Ok(())),
                Ok(Err(e)) => told(Err(SpeakerError::Unavailable(e))),
                Err(RecvTimeoutError::Disconnected) => told(Err(SpeakerError::Unavailable("no answer".into()))),
                Err(RecvTimeoutError::Timeout) => {
                    told(Err(SpeakerError::Timeout(timeout.as_millis() as u64)));
                    if let Ok(Ok(())) = ready.recv() {
                        told(Ok(()));
                    }
                }
            })
            .map_err(|e| SpeakerError::Unavailable(e.to_string()))?;
        Ok(speaker)
    }

    /// Starts the speech thread; it reports on `ready` once connected (or
    /// why not). What is said before that waits in its queue.
    fn spawn(settings: SpeechSettings) -> Result<(Speaker, Receiver<Result<(), String>>), SpeakerError> {
        let shared = Arc::new(Shared::default());
        let (commands, receiver) = channel();
        let done = commands.clone();
        let (ready_tx, ready_rx) = channel::<Result<(), String>>();
        let thread_shared = shared.clone();
        // The settings go first in the queue, before anything to say.
        if settings != SpeechSettings::default() {
            let _ = commands.send(Command::Settings(settings));
        }
        std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || {
                // speech-dispatcher starts itself on first use; a daemon that
                // is just shutting down after idling can refuse once.
                let sd = match Dispatcher::open().or_else(|_| {
                    std::thread::sleep(Duration::from_millis(700));
                    Dispatcher::open()
                }) {
                    Ok(t) => t,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let shared = thread_shared.clone();
                sd.on_heard(move |heard| {
                    shared.record(|p| record_heard(p, heard));
                    if let Heard::Ended(id) | Heard::Cut(id) = heard {
                        let _ = done.send(Command::Done(id));
                    }
                });
                let _ = ready_tx.send(Ok(()));
                serve(sd, receiver, thread_shared);
            })
            .map_err(|e| SpeakerError::Unavailable(e.to_string()))?;
        Ok((Speaker { commands, shared }, ready_rx))
    }

    /// Marks that a text was handed to speech (the listening gate closes).
    fn queued(&self) {
        self.shared.record(|p| p.last_queued = Some(Instant::now()));
    }

    /// Says a text with a priority.
    pub fn say(&self, text: &str, priority: Urgency) {
        self.queued();
        let _ = self.commands.send(Command::Say(text.to_string(), priority));
    }

    /// Says the last announcement again.
    pub fn repeat(&self) {
        self.queued();
        let _ = self.commands.send(Command::Repeat);
    }

    /// Cuts speech short ("stop" or a key): what is being said, and the
    /// readouts and clock calls waiting (essential news waiting stays).
    pub fn stop(&self) {
        let _ = self.commands.send(Command::Stop);
    }

    /// The player started something new: a long readout being said (the
    /// board, help) is cut, and those waiting are dropped.
    pub fn cut_readout(&self) {
        let _ = self.commands.send(Command::CutReadout);
    }

    /// Waits, at most `timeout`, until everything handed to speech has
    /// been said (leaving: the last sentence is heard to its end).
    pub fn finish(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let Ok(mut p) = self.shared.progress.lock() else { return false };
        // What was just handed over may not be counted yet.
        let settle = Instant::now() + Duration::from_millis(100);
        loop {
            let now = Instant::now();
            if p.backlog == 0 && !p.speaking && now >= settle {
                return true;
            }
            if now >= deadline {
                return false;
            }
            let wait = if now < settle { settle - now } else { deadline - now };
            match self.shared.changed.wait_timeout(p, wait.min(Duration::from_millis(50))) {
                Ok((guard, _)) => p = guard,
                Err(_) => return false,
            }
        }
    }

    /// Changes rate, pitch, volume, voice or language.
    pub fn configure(&self, settings: SpeechSettings) {
        let _ = self.commands.send(Command::Settings(settings));
    }

    /// Whether an utterance is being spoken now.
    /// Whether anything is being said, waits to be said, or was said or
    /// handed over within the last 1.5 s (a readout the same input just
    /// cut counts: its end may not be reported yet).
    pub fn is_busy(&self) -> bool {
        let recent = |t: Option<Instant>| t.is_some_and(|t| t.elapsed() < Duration::from_millis(1500));
        self.shared
            .progress
            .lock()
            .map(|p| p.speaking || p.backlog > 0 || recent(p.last_end) || recent(p.last_queued))
            .unwrap_or(false)
    }

    /// Whether an utterance is being spoken now.
    pub fn is_speaking(&self) -> bool {
        self.shared.progress.lock().map(|p| p.speaking).unwrap_or(false)
    }

    /// When the last utterance ended or was cut, if any.
    pub fn last_end(&self) -> Option<Instant> {
        self.shared.progress.lock().ok().and_then(|p| p.last_end)
    }

    /// When the last utterance began, if any.
    pub fn last_begin(&self) -> Option<Instant> {
        self.shared.progress.lock().ok().and_then(|p| p.last_begin)
    }

    /// A reader of (speaking, last end) for the listening gate, usable from
    /// another thread. A text handed to speech counts as spoken from then
    /// (measured live: the start of voxchess's own words, before
    /// speech-dispatcher reported it began, was heard as "일").
    pub fn progress_reader(&self) -> impl Fn() -> (bool, Option<Instant>) + Send + use<> {
        let shared = self.shared.clone();
        move || shared.progress.lock().map(|p| (p.speaking_at(Instant::now()), p.last_end)).unwrap_or((false, None))
    }

    /// Counts of begun, ended and stopped utterances.
    pub fn counts(&self) -> SpeechCounts {
        self.shared
            .progress
            .lock()
            .map(|p| SpeechCounts { begun: p.begun, ended: p.ended, stopped: p.stopped })
            .unwrap_or_default()
    }

    /// Waits until `test` holds for the counts, at most `timeout` (speech-dispatcher
    /// never reports the end when it has no audio output, so every wait ends).
    pub fn wait_for(&self, timeout: Duration, test: impl Fn(SpeechCounts) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        let Ok(mut p) = self.shared.progress.lock() else { return false };
        loop {
            let counts = SpeechCounts { begun: p.begun, ended: p.ended, stopped: p.stopped };
            if test(counts) {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            match self.shared.changed.wait_timeout(p, deadline - now) {
                Ok((guard, _)) => p = guard,
                Err(_) => return false,
            }
        }
    }

    /// Waits until every utterance begun so far has ended or been cut, at most `timeout`.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        self.wait_for(timeout, |c| c.begun <= c.ended + c.stopped)
    }
}

impl Drop for Speaker {
    fn drop(&mut self) {
        let _ = self.commands.send(Command::Quit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(q: &mut Queue) -> Vec<(String, Urgency)> {
        std::iter::from_fn(|| q.next()).collect()
    }

    #[test]
    fn essential_news_keeps_its_order_and_goes_before_readouts() {
        let mut q = Queue::default();
        q.add("rank 8".into(), Urgency::Readout);
        q.add("rank 7".into(), Urgency::Readout);
        q.add("Black: queen h4, checkmate".into(), Urgency::Move);
        q.add("Game over: Checkmate.".into(), Urgency::Urgent);
        q.add("Black: 4 minutes".into(), Urgency::Clock);
        q.add("Black: 3 minutes".into(), Urgency::Clock);
        assert_eq!(
            texts(&mut q),
            [
                ("Black: queen h4, checkmate. Game over: Checkmate.".to_string(), Urgency::Move),
                ("rank 8".to_string(), Urgency::Readout),
                ("rank 7".to_string(), Urgency::Readout),
                ("Black: 3 minutes".to_string(), Urgency::Clock),
            ]
        );
    }

    /// A countdown from 20: each second replaces the one not yet begun
    /// (never a stale number), goes ahead of a readout and cuts it; the
    /// game's end drops what is left of it.
    #[test]
    fn a_countdown_says_only_the_newest_second() {
        let mut q = Queue::default();
        q.add("rank 8".into(), Urgency::Readout);
        q.speaking = Some((None, Urgency::Readout, Instant::now()));
        assert!(q.add("20".into(), Urgency::Countdown), "a readout is cut");
        assert!(q.add("19".into(), Urgency::Countdown));
        assert_eq!(texts(&mut q), [("19".to_string(), Urgency::Countdown), ("rank 8".to_string(), Urgency::Readout)]);
        q.speaking = Some((None, Urgency::Move, Instant::now()));
        assert!(!q.add("18".into(), Urgency::Countdown), "a move is never cut");
        q.add("Game over: White lost on time.".into(), Urgency::Urgent);
        assert_eq!(texts(&mut q), [("Game over: White lost on time.".to_string(), Urgency::Urgent)]);
    }

    #[test]
    fn what_cuts_what() {
        let speaking = |kind| Queue { speaking: Some((None, kind, Instant::now())), ..Queue::default() };
        assert!(speaking(Urgency::Readout).add("x".into(), Urgency::Urgent));
        assert!(speaking(Urgency::Clock).add("x".into(), Urgency::Urgent));
        assert!(speaking(Urgency::Readout).add("x".into(), Urgency::Move));
        for essential in [Urgency::Info, Urgency::Move, Urgency::Urgent] {
            for news in [Urgency::Info, Urgency::Move, Urgency::Urgent, Urgency::Readout, Urgency::Clock] {
                assert!(!speaking(essential).add("x".into(), news), "{news:?} never cuts {essential:?}");
            }
        }
        // The player's stop cuts what is said and drops what is not essential.
        let mut q = speaking(Urgency::Move);
        q.add("a".into(), Urgency::Readout);
        q.add("b".into(), Urgency::Info);
        q.add("c".into(), Urgency::Clock);
        assert!(q.stop(false));
        assert_eq!(texts(&mut q), [("b".to_string(), Urgency::Info)]);
        // Starting something new cuts only a readout.
        assert!(!speaking(Urgency::Move).stop(true));
        // A watched game's moves: the newest waiting replaces the older;
        // essential items go first; a readout is cut.
        let mut q = speaking(Urgency::Live);
        q.add("1. e4".into(), Urgency::Live);
        q.add("1... e5".into(), Urgency::Live);
        q.add("Your move.".into(), Urgency::Info);
        assert_eq!(texts(&mut q), [("Your move.".to_string(), Urgency::Info), ("1... e5".to_string(), Urgency::Live)]);
        assert!(speaking(Urgency::Readout).add("x".into(), Urgency::Live));
        assert!(!speaking(Urgency::Move).add("x".into(), Urgency::Live));
        assert!(speaking(Urgency::Readout).stop(true));
    }

    /// A game's greeting being said: the opponent's first move cuts it,
    /// and what was cut is said again once, right after the move, the
    /// rest of the greeting after it; a greeting not begun is short and
    /// keeps its place.
    #[test]
    fn news_cuts_a_greeting_which_is_said_again_once_after_it() {
        let mut q = Queue::default();
        q.add("Now in the game against Anna.".into(), Urgency::Greeting);
        q.add("15 minutes + 10 seconds.".into(), Urgency::Readout);
        q.add("You play Black.".into(), Urgency::Greeting);
        q.add("Type help.".into(), Urgency::Readout);
        assert_eq!(q.next(), Some(("Now in the game against Anna. You play Black.".into(), Urgency::Greeting)));
        q.speaking = Some((None, Urgency::Greeting, Instant::now()));
        q.add("Your move.".into(), Urgency::Info);
        assert!(q.add("White: e4".into(), Urgency::Move), "the greeting is cut");
        assert_eq!(q.next(), Some(("Your move. White: e4".into(), Urgency::Info)));
        assert_eq!(q.next(), Some(("Now in the game against Anna. You play Black.".into(), Urgency::Greeting)));
        // The rest of a greeting waiting goes behind the news with it.
        let mut r = Queue::default();
        r.add("Now in the game against Anna.".into(), Urgency::Greeting);
        assert!(r.next().is_some());
        r.speaking = Some((None, Urgency::Greeting, Instant::now()));
        r.add("You play Black.".into(), Urgency::Greeting);
        assert!(r.add("White: e4".into(), Urgency::Move));
        assert_eq!(
            texts(&mut r),
            [
                ("White: e4".to_string(), Urgency::Move),
                ("Now in the game against Anna. You play Black.".to_string(), Urgency::Greeting),
            ]
        );
        q.speaking = Some((None, Urgency::Greeting, Instant::now()));
        assert!(q.add("Black: 10 seconds".into(), Urgency::Countdown), "cut again");
        assert_eq!(
            texts(&mut q),
            [
                ("Black: 10 seconds".to_string(), Urgency::Countdown),
                ("15 minutes + 10 seconds.".to_string(), Urgency::Readout),
                ("Type help.".to_string(), Urgency::Readout),
            ],
            "a greeting is said again once only"
        );
        // A greeting waiting is said first: who plays before the first
        // move.
        let mut q = Queue::default();
        q.add("Anna against you.".into(), Urgency::Greeting);
        q.add("You play Black.".into(), Urgency::Greeting);
        q.add("White: e4".into(), Urgency::Move);
        assert_eq!(
            texts(&mut q),
            [
                ("Anna against you. You play Black.".to_string(), Urgency::Greeting),
                ("White: e4".to_string(), Urgency::Move),
            ]
        );
        // Information and notices wait behind it; the player's stop ends it.
        let mut q = Queue::default();
        q.add("Anna against you.".into(), Urgency::Greeting);
        q.add("3 chat lines.".into(), Urgency::Notice);
        q.add("Draw offered.".into(), Urgency::Info);
        assert_eq!(q.next(), Some(("Anna against you.".to_string(), Urgency::Greeting)));
        q.speaking = Some((None, Urgency::Greeting, Instant::now()));
        assert!(!q.add("Clock".into(), Urgency::Clock));
        assert!(!q.add("More".into(), Urgency::Notice));
        assert!(q.stop(false));
        q.speaking = None;
        assert!(!q.add("White: e4".into(), Urgency::Move));
        assert_eq!(
            texts(&mut q),
            [("Draw offered. White: e4".to_string(), Urgency::Info)],
            "a greeting stopped is not said again"
        );
    }

    /// `now` and moments before it, without waiting: an `Instant` moved
    /// back (none when the machine has been up for less).
    fn before(now: Instant, ms: u64) -> Option<Instant> {
        now.checked_sub(Duration::from_millis(ms))
    }

    #[test]
    fn speech_begun_and_not_ended_closes_the_gate_for_a_while_only() {
        let now = Instant::now();
        let Some(long_ago) = before(now, 61_000) else { return };
        let speaking = Progress { speaking: true, last_begin: before(now, 5_000), ..Progress::default() };
        assert!(speaking.speaking_at(now));
        let lost_end = Progress { speaking: true, last_begin: Some(long_ago), ..Progress::default() };
        assert!(!lost_end.speaking_at(now), "an end event lost does not leave the microphone deaf");
        let ended = Progress { speaking: false, last_begin: before(now, 5_000), ..Progress::default() };
        assert!(!ended.speaking_at(now));
    }

    #[test]
    fn a_queued_text_counts_as_speaking_until_it_begins_or_for_a_while() {
        let now = Instant::now();
        let queued = Progress { last_queued: before(now, 100), ..Progress::default() };
        assert!(queued.speaking_at(now), "queued, not yet begun");
        let never_begun = Progress { last_queued: before(now, 3_000), ..Progress::default() };
        assert!(!never_begun.speaking_at(now), "no audio output: it never begins");
        let begun_after =
            Progress { last_queued: before(now, 300), last_begin: before(now, 200), ..Progress::default() };
        assert!(!begun_after.speaking_at(now), "it began, and then ended or the callbacks say so");
    }
}
