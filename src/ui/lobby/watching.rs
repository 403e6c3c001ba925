//! Watching from the lobby: a TV channel's or a player's game, its feed
//! opened (no token sent) and its first game watched above the lobby.

use super::Lobby;
use crate::online::tv::{TvNews, Watched};
use crate::ui::effects::Effects;
use crate::ui::input::Msg;
use crate::ui::modes::watch::WatchMode;
use crate::ui::output::Urgency;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

impl Lobby {
    /// Opens the feed of what is to be watched (no token sent); its first
    /// game enters the watching mode.
    pub(super) fn watch(&mut self, what: Watched) {
        if let Some((_, stop)) = self.tuning.take() {
            stop.store(true, Ordering::Relaxed);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let tx = self.tx.clone();
        crate::online::tv::watch(
            self.client.base(),
            what.clone(),
            move |news| {
                let _ = tx.send(Msg::Watch(Box::new(news)));
            },
            stop.clone(),
        );
        if let Watched::Channel(channel) = what {
            let text = self.words.watch_opening(channel);
            self.say(text, Urgency::Info);
        }
        self.tuning = Some((what, stop));
    }

    /// The feed being opened said something: its first game is watched;
    /// a feed that could not be opened is said. (News of a feed left
    /// behind is not the lobby's.)
    pub(super) fn tv(&mut self, news: TvNews, now: u64) {
        match news {
            TvNews::Featured { id, players, position, clocks } => {
                let Some((what, stop)) = self.tuning.take() else { return };
                let effects = Effects::new(self.tx.clone(), self.words, &self.settings);
                let featured = (players, position, clocks);
                let mode = WatchMode::new(&self.settings, (what, id), featured, effects, stop, now);
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
