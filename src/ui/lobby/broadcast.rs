//! The lobby's broadcasts: `broadcast` lists those live now, `broadcast
//! 2` follows the second's current round, `broadcast 2 5` its round 5.
//! The round is opened on a thread of its own (the tournament's rounds,
//! then the round's games), then entered as the broadcast mode, whose
//! stream runs until the player leaves it.

use super::Lobby;
use crate::online::broadcast::{self, BroadcastNews, OpenError};
use crate::online::{Client, LobbyNews};
use crate::ui::effects::Effects;
use crate::ui::input::Msg;
use crate::ui::modes::broadcast::BroadcastMode;
use crate::ui::output::{Line, Urgency};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl Lobby {
    /// The broadcasts live now (no number), or broadcast `n`'s round
    /// opened (the list is asked for first when there is none yet).
    pub(super) fn broadcast(&mut self, n: Option<usize>, round: Option<usize>) {
        // Broadcasts need no login: nothing of the player's is sent.
        let server = self.client.base().to_string();
        let Some(n) = n else {
            return self.call(move |_| match broadcast::top(&Client::new(&server, "")) {
                Ok(list) => LobbyNews::Broadcast(BroadcastNews::List(list)),
                Err(e) => LobbyNews::Failed(e),
            });
        };
        if !self.broadcasts.is_empty() && !(1..=self.broadcasts.len()).contains(&n) {
            let text = self.words.no_such_broadcast(n);
            return self.say(text, Urgency::Info);
        }
        let text = self.words.broadcast_opening();
        self.say(text, Urgency::Info);
        let known = self.broadcasts.clone();
        // "Opening the broadcast." was said: no second word while it opens.
        self.call_unasked(move |_| Self::open_round(&server, known, n, round));
    }

    /// Broadcast `n`'s round (the list asked for first when none is known).
    fn open_round(server: &str, known: Vec<broadcast::Listed>, n: usize, round: Option<usize>) -> LobbyNews {
        let client = Client::new(server, "");
        let list = if known.is_empty() {
            match broadcast::top(&client) {
                Ok(list) => list,
                Err(e) => return LobbyNews::Failed(e),
            }
        } else {
            known
        };
        let Some(chosen) = n.checked_sub(1).and_then(|i| list.get(i)) else {
            return LobbyNews::Broadcast(BroadcastNews::NoBroadcast(n));
        };
        match broadcast::open(&client, chosen, round) {
            Ok(r) => LobbyNews::Broadcast(BroadcastNews::Opened(Box::new(r), list)),
            Err(OpenError::NoRound { asked, count }) => LobbyNews::Broadcast(BroadcastNews::NoRound { asked, count }),
            Err(OpenError::Api(e)) => LobbyNews::Failed(e),
        }
    }

    /// What the broadcast calls brought: the list said, or the round
    /// entered (its stream started).
    pub(super) fn broadcast_news(&mut self, news: BroadcastNews, now: u64) {
        match news {
            BroadcastNews::List(list) => {
                let lines = self.words.broadcasts(&list, epoch_ms());
                self.broadcasts = list;
                self.readout(lines.into_iter().map(|t| Line::new(t, Urgency::Readout)));
            }
            BroadcastNews::NoBroadcast(n) => {
                let text = self.words.no_such_broadcast(n);
                self.say(text, Urgency::Info);
            }
            BroadcastNews::NoRound { asked, count } => {
                let text = self.words.no_round(asked, count);
                self.say(text, Urgency::Info);
            }
            BroadcastNews::Opened(round, list) => {
                self.broadcasts = list;
                let stop = Arc::new(AtomicBool::new(false));
                let tx = self.tx.clone();
                // The round's news waits in a bounded feed, one wake-up in
                // the session's channel at a time.
                let feed: crate::ui::feed::Feed<broadcast::RoundNews> = crate::ui::feed::Feed::new();
                let (put, stopped) = (feed.clone(), stop.clone());
                broadcast::follow_round(
                    self.client.base(),
                    &round.id,
                    move |news| {
                        let id = put.id();
                        put.put(news, &stopped, || {
                            let _ = tx.send(Msg::Broadcast(id));
                        });
                    },
                    stop.clone(),
                );
                let effects = Effects::new(self.tx.clone(), self.words, &self.settings);
                self.next = Some(Box::new(BroadcastMode::new(
                    &self.settings,
                    (self.client.base(), *round),
                    effects,
                    (stop, feed),
                    now,
                )));
            }
        }
    }
}

/// The time now, in ms since the epoch (when a round starts is said from it).
fn epoch_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}
