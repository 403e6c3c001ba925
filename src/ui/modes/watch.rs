//! Watching lichess TV or a player's game as a mode: the game is a
//! review that grows as its moves come (said as they come; the cursor
//! follows the last move unless the player is looking back), so every
//! board question, looking back, the engine, the explorer and the
//! tablebase work on it; a new game featured is a new review. Nothing is
//! posted; leaving stops the feed.
//!
//! May use: the session, and everything below it.

use super::review::ReviewMode;
use crate::config::Settings;
use crate::online::tv::{TvNews, Watched};
use crate::speech::Channel;
use crate::ui::effects::Effects;
use crate::ui::input::{BoardKey, Msg};
use crate::ui::output::{Glance, Line, Urgency};
use crate::ui::review::Review;
use crate::ui::session::Mode;
use crate::ui::shell::Front;
use crate::ui::sink::Screen;
use crate::ui::words::Narrator;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A game featured: White's and Black's players, its position, the
/// clocks (ms) when given.
pub(crate) type Featured = ([crate::game::Account; 2], crate::rules::Position, Option<[u64; 2]>);

/// Watching a channel of lichess TV.
pub(crate) struct WatchMode {
    inner: ReviewMode,
    what: Watched,
    /// The id of the game watched.
    id: String,
    settings: Settings,
    /// Set when the player leaves: the feed stops.
    stop: Arc<AtomicBool>,
}

impl WatchMode {
    /// Watching `channel` from the game the feed featured first; the
    /// feed's thread stops when `stop` is set.
    pub(crate) fn new(
        settings: &Settings,
        (what, id): (Watched, String),
        featured: Featured,
        effects: Effects,
        stop: Arc<AtomicBool>,
        now: u64,
    ) -> WatchMode {
        let review = Self::review_of(settings, &what, featured, now);
        WatchMode { inner: ReviewMode::new(review, effects), what, id, settings: settings.clone(), stop }
    }

    /// The review of a game featured.
    fn review_of(settings: &Settings, what: &Watched, (players, position, clocks): Featured, now: u64) -> Review {
        let words = Narrator::new(crate::speech::Lexicon::get(settings.lang), settings.style);
        let header = words.featured(what, &players, &position);
        Review::watching(settings, header, position, clocks, now)
    }

    fn say(&mut self, text: String, urgency: Urgency) {
        self.inner.review().shell().say(text, urgency);
    }
}

impl Mode for WatchMode {
    fn greet(&mut self, now: u64) {
        self.inner.greet(now);
    }

    fn line(&mut self, text: &str, channel: Channel, now: u64) {
        self.inner.line(text, channel, now);
    }

    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        self.inner.heard(alternatives, now);
    }

    fn key(&mut self, key: BoardKey, now: u64) {
        self.inner.key(key, now);
    }

    fn message(&mut self, msg: Msg, now: u64) {
        let Msg::Watch(news) = msg else { return self.inner.message(msg, now) };
        match *news {
            // The same game again (the feed opened anew): where it is now.
            TvNews::Featured { id, position, clocks, .. } if id == self.id => {
                self.inner.review().caught_up(position, clocks.unwrap_or_default(), now);
            }
            TvNews::Featured { id, players, position, clocks } => {
                self.id = id;
                let review = Self::review_of(&self.settings, &self.what, (players, position, clocks), now);
                self.inner.replace(review);
                self.inner.greet(now);
            }
            TvNews::Moved { mv, clocks } => self.inner.review().watched(mv, clocks, now),
            TvNews::Jumped { position, clocks } => self.inner.review().jumped(position, clocks, now),
            TvNews::Connection { up } => {
                let text = self.inner.narrator().watch_connection(up);
                self.say(text, Urgency::Urgent);
            }
            TvNews::Failed(e) => {
                let text = self.inner.narrator().online_error(&e);
                self.say(text, Urgency::Urgent);
            }
            TvNews::Ended { winner, draw } => {
                let text = self.inner.narrator().watched_over(winner, draw);
                self.say(text, Urgency::Move);
            }
            // Only the lobby asks who plays.
            TvNews::NotPlaying { .. } => {}
        }
    }

    fn next_wake(&mut self) -> Option<u64> {
        self.inner.next_wake()
    }

    fn timer(&mut self, now: u64) {
        self.inner.timer(now);
    }

    fn settle(&mut self, now: u64) {
        self.inner.settle(now);
    }

    fn busy(&mut self) -> bool {
        self.inner.busy()
    }

    fn wants_quit(&mut self) -> bool {
        self.inner.wants_quit()
    }

    fn take_silence(&mut self) -> bool {
        self.inner.take_silence()
    }

    fn take_output(&mut self) -> Vec<Line> {
        self.inner.take_output()
    }

    fn prompt(&mut self) -> String {
        self.inner.prompt()
    }

    fn narrator(&mut self) -> Narrator {
        self.inner.narrator()
    }

    fn glance(&mut self, now: u64) -> Option<Glance> {
        self.inner.glance(now)
    }

    fn braille_views(&mut self, screen: &mut dyn Screen) {
        self.inner.braille_views(screen);
    }

    fn input_ended(&mut self) {
        self.inner.input_ended();
    }

    fn answer_due(&self) -> Option<std::time::Instant> {
        self.inner.answer_due()
    }

    fn leave(&mut self, now: u64) {
        self.stop.store(true, Ordering::Relaxed);
        self.inner.leave(now);
    }

    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        self.inner.enter()
    }
}
