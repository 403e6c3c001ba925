//! Watching a game as a mode (lichess TV, a player's game, a broadcast's
//! boards: each a [`Source`]): the game is a
//! review that grows as its moves come (said as they come; the cursor
//! follows the last move unless the player is looking back), so every
//! board question, looking back, the engine, the explorer and the
//! tablebase work on it; a new game featured is a new review. Nothing is
//! posted; leaving stops the feed.
//!
//! May use: `io`, the session, and everything below them.

use super::review::ReviewMode;
use crate::config::Settings;
use crate::online::tv::{TvNews, Watched};
use crate::speech::Channel;
use crate::ui::effects::Effects;
use crate::ui::feed::Feed;
use crate::ui::input::{BoardKey, Msg};
use crate::ui::output::{Glance, Urgency};
use crate::ui::review::Review;
use crate::ui::session::Mode;
use crate::ui::shell::Front;
use crate::ui::sink::Screen;
use crate::ui::words::Narrator;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What is watched, for [`Watching`]: its feed's news applied to the
/// review, and the lines it answers itself.
pub(crate) trait Source {
    /// Said before the review's greeting.
    fn greet(&mut self, _inner: &mut ReviewMode, _now: u64) {}

    /// A line the source answers itself (true), before the review does.
    fn line(&mut self, _inner: &mut ReviewMode, _text: &str, _now: u64) -> bool {
        false
    }

    /// A message: the source's own news applied; any other given back.
    fn message(&mut self, inner: &mut ReviewMode, msg: Msg, now: u64) -> Option<Msg>;

    /// The player leaves: the feed stops.
    fn stop(&mut self);
}

/// A game watched as it is played (lichess TV, a player's game, a
/// broadcast's board): a review and what feeds it.
pub(crate) struct Watching<S: Source> {
    inner: ReviewMode,
    source: S,
}

/// Says a line on the review's shell.
pub(crate) fn say(inner: &mut ReviewMode, text: String, urgency: Urgency) {
    inner.review().shell().say(text, urgency);
}

impl<S: Source> Watching<S> {
    /// Watching with `source` feeding `inner`.
    pub(crate) fn with(inner: ReviewMode, source: S) -> Watching<S> {
        Watching { inner, source }
    }
}

/// A game featured: White's and Black's players, its position, the
/// clocks (ms) when given.
pub(crate) type Featured = ([crate::game::Account; 2], crate::rules::Position, Option<[u64; 2]>);

/// Watching lichess TV or a player's game.
pub(crate) type WatchMode = Watching<Tv>;

/// lichess TV's feed, or a player's game's stream.
pub(crate) struct Tv {
    what: Watched,
    /// The id of the game watched.
    id: String,
    settings: Settings,
    /// Set when the player leaves: the feed stops.
    stop: Arc<AtomicBool>,
    /// The feed's news, taken a batch at a time.
    feed: Feed<TvNews>,
    /// The session's channel, to wake the mode again while news waits.
    tx: std::sync::mpsc::Sender<Msg>,
}

impl WatchMode {
    /// Watching `what` from the game the feed featured first; the
    /// feed's thread stops when `stop` is set.
    pub(crate) fn new(
        settings: &Settings,
        (what, id): (Watched, String),
        featured: Featured,
        effects: Effects,
        (stop, feed): (Arc<AtomicBool>, Feed<TvNews>),
        now: u64,
    ) -> WatchMode {
        let review = Tv::review_of(settings, &what, featured, now);
        let tx = effects.sender();
        Watching::with(ReviewMode::new(review, effects), Tv { what, id, settings: settings.clone(), stop, feed, tx })
    }
}

impl Tv {
    /// The review of a game featured.
    fn review_of(settings: &Settings, what: &Watched, (players, position, clocks): Featured, now: u64) -> Review {
        let words = Narrator::new(crate::speech::Lexicon::get(settings.lang), settings.style);
        let header = words.featured(what, &players, &position);
        Review::watching(settings, header, position, clocks, now)
    }

    /// One item of the feed's news, applied to the review.
    fn news(&mut self, inner: &mut ReviewMode, news: TvNews, now: u64) {
        match news {
            // The same game again (the feed opened anew): where it is now.
            TvNews::Featured { id, position, clocks, .. } if id == self.id => {
                inner.review().caught_up(position, clocks.unwrap_or_default(), now);
            }
            TvNews::Featured { id, players, position, clocks } => {
                self.id = id;
                let review = Self::review_of(&self.settings, &self.what, (players, position, clocks), now);
                inner.replace(review);
                inner.greet(now);
            }
            TvNews::Moved { mv, clocks } => inner.review().watched(mv, clocks, now),
            TvNews::Jumped { position, clocks } => inner.review().jumped(position, clocks, now),
            TvNews::History { start, moves } => inner.review().history(start, &moves),
            TvNews::Connection { up } => {
                let text = inner.narrator().watch_connection(up);
                say(inner, text, Urgency::Urgent);
            }
            TvNews::Failed(e) => {
                let text = inner.narrator().online_error(&e);
                say(inner, text, Urgency::Urgent);
            }
            TvNews::Ended { winner, draw } => {
                inner.review().ended();
                let text = inner.narrator().watched_over(winner, draw);
                say(inner, text, Urgency::Move);
            }
            // Only the lobby asks who plays.
            TvNews::NotPlaying { .. } => {}
        }
    }
}

impl Source for Tv {
    /// A batch of the feed's news at a time: a line typed or a signal
    /// that came meanwhile is taken before the next batch.
    fn message(&mut self, inner: &mut ReviewMode, msg: Msg, now: u64) -> Option<Msg> {
        let Msg::Watch(id) = msg else { return Some(msg) };
        if id != self.feed.id() {
            return Some(msg);
        }
        let (feed, tx) = (self.feed.clone(), self.tx.clone());
        feed.drain(|news| self.news(inner, news, now), || drop(tx.send(Msg::Watch(id))));
        None
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<S: Source> Mode for Watching<S> {
    fn shell(&mut self) -> &mut crate::ui::shell::Shell {
        self.inner.shell()
    }

    fn greet(&mut self, now: u64) {
        self.source.greet(&mut self.inner, now);
        self.inner.greet(now);
    }

    fn line(&mut self, text: &str, channel: Channel, now: u64) {
        if !self.source.line(&mut self.inner, text, now) {
            self.inner.line(text, channel, now);
        }
    }

    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let first = alternatives.first().map(|(t, _)| t.as_str()).unwrap_or_default();
        if !self.source.line(&mut self.inner, first, now) {
            self.inner.heard(alternatives, now);
        }
    }

    fn key(&mut self, key: BoardKey, now: u64) {
        self.inner.key(key, now);
    }

    fn message(&mut self, msg: Msg, now: u64) -> Option<Msg> {
        let msg = self.source.message(&mut self.inner, msg, now)?;
        self.inner.message(msg, now)
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

    fn prompt(&mut self) -> String {
        self.inner.prompt()
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
        self.source.stop();
        self.inner.leave(now);
    }

    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        self.inner.enter()
    }
}
