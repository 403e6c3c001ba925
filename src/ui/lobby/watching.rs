//! Watching from the lobby: a TV channel's or a player's game, its feed
//! opened (no token sent) and its first game watched above the lobby.

use super::Lobby;
use crate::online::tv::{TvNews, Watched};
use crate::ui::effects::Effects;
use crate::ui::feed::Feed;
use crate::ui::input::Msg;
use crate::ui::modes::watch::WatchMode;
use crate::ui::output::Urgency;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

impl Lobby {
    /// Opens the feed of what is to be watched (no token sent); its first
    /// game enters the watching mode.
    pub(super) fn watch(&mut self, what: Watched) {
        if let Some((_, stop, _)) = self.tuning.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let tx = self.tx.clone();
        let feed: Feed<TvNews> = Feed::new();
        let (put, stopped) = (feed.clone(), stop.clone());
        crate::online::tv::watch(
            self.client.base(),
            what.clone(),
            move |news| {
                let id = put.id();
                put.put(news, &stopped, || {
                    let _ = tx.send(Msg::Watch(id));
                });
            },
            stop.clone(),
        );
        // Said at once, so the wait for the first game is never silent.
        let text = match &what {
            Watched::Channel(channel) => self.words.watch_opening(channel),
            Watched::Player(name) => self.words.watch_player_opening(name),
        };
        self.say(text, Urgency::Info);
        self.tuning = Some((what, stop, feed));
    }

    /// The feed being opened has news (`id` names it): taken one at a
    /// time until its first game is watched (the rest is the watching
    /// mode's); a feed left behind is not the lobby's.
    pub(super) fn tv_woken(&mut self, id: u64, now: u64) {
        let Some(feed) = self.tuning.as_ref().map(|(_, _, f)| f.clone()).filter(|f| f.id() == id) else { return };
        let (items, more) = feed.take_up_to(1);
        for news in items {
            self.tv(news, now);
        }
        if more {
            let _ = self.tx.send(Msg::Watch(id));
        }
    }

    /// The feed being opened said something: its first game is watched;
    /// a feed that could not be opened is said. (News of a feed left
    /// behind is not the lobby's.)
    pub(super) fn tv(&mut self, news: TvNews, now: u64) {
        match news {
            TvNews::Featured { id, players, position, clocks } => {
                let Some((what, stop, feed)) = self.tuning.take() else { return };
                let effects = Effects::new(self.tx.clone(), self.words, &self.settings);
                let featured = (players, position, clocks);
                let mode = WatchMode::new(&self.settings, (what, id), featured, effects, (stop, feed), now);
                self.next = Some(Box::new(mode));
            }
            TvNews::Failed(e) if self.tuning.is_some() => {
                self.tuning = None;
                let text = self.words.online_error(&e);
                self.say(text, Urgency::Urgent);
            }
            TvNews::NotPlaying { name } if self.tuning.is_some() => {
                self.tuning = None;
                let text = self.words.not_playing(&name);
                self.say(text, Urgency::Info);
            }
            _ => {}
        }
    }
}
