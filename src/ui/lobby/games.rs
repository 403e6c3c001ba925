//! The lobby's games in progress: listed when the lobby opens, when
//! asked and every 30 s while there are correspondence games; what
//! lichess says has started decided by [`super::arrival`] (entered,
//! joined with a word first, or said and listed).

use super::arrival::{Arrival, Place, arrival};
use super::command::{LobbyCommand, lobby_command};
use super::{CHECK_EVERY_MS, Lobby};
use crate::online::lobby::playing;
use crate::online::{InProgress, Listing, LobbyNews};
use crate::ui::output::Urgency;
use crate::ui::words::Fixed;
use std::sync::atomic::Ordering;

impl Lobby {
    /// The games in progress, as listed. Asked for: said. When the lobby
    /// opened: the correspondence games where it is the player's move
    /// counted, every game listed when there are several, a single
    /// real-time game said and joined (its clock runs), several listed
    /// for the player to choose; the games lichess said had started
    /// meanwhile are then decided. Looked at again: a correspondence
    /// opponent who has moved since is said, and a game new since is
    /// said and listed (never entered). While there are correspondence
    /// games, they are looked at every 30 s.
    pub(super) fn games_listed(&mut self, mut games: Vec<InProgress>, why: Listing, now: u64) {
        if why == Listing::Leaving {
            return self.leaving(games);
        }
        if why == Listing::Check {
            // The numbers the player heard stay: the games keep their order,
            // ended ones go, new ones come last.
            let mut kept: Vec<InProgress> =
                self.games.iter().filter_map(|old| games.iter().find(|g| g.id == old.id).cloned()).collect();
            kept.extend(games.drain(..).filter(|g| !self.games.iter().any(|old| old.id == g.id)));
            games = kept;
        }
        let before = std::mem::replace(&mut self.games, games);
        let correspondence = self.games.iter().filter(|g| g.correspondence).count();
        self.check_due = (correspondence > 0).then_some(now + CHECK_EVERY_MS);
        match why {
            Listing::Check => {
                let mut said = Vec::new();
                for (i, g) in self.games.iter().enumerate() {
                    match before.iter().find(|b| b.id == g.id) {
                        Some(b) if g.correspondence && g.my_turn && !b.my_turn => {
                            said.push(self.words.correspondence_moved(&g.opponent));
                        }
                        Some(_) => {}
                        None if self.in_game.as_deref() == Some(g.id.as_str()) => {}
                        None => said.push(self.words.game_announced(i + 1, g)),
                    }
                }
                for text in said {
                    self.say(text, Urgency::Urgent);
                }
            }
            Listing::Leaving => {}
            Listing::Asked if self.games.is_empty() => self.fixed(Fixed::NoGames),
            Listing::Asked => self.list(),
            Listing::Greeting => {
                self.listed = true;
                let mine = self.games.iter().filter(|g| g.correspondence && g.my_turn).count();
                if mine > 0 {
                    let text = self.words.correspondence_turns(mine);
                    self.say(text, Urgency::Info);
                }
                let live: Vec<InProgress> = self.games.iter().filter(|g| !g.correspondence).cloned().collect();
                match live.as_slice() {
                    [one] if self.in_game.is_none() => {
                        if self.games.len() > 1 {
                            self.list();
                        }
                        self.join_running(one);
                    }
                    [_, _, ..] => {
                        self.fixed(Fixed::PickGame);
                        self.list();
                    }
                    _ => self.list(),
                }
                for game in std::mem::take(&mut self.early) {
                    self.game_started(game);
                }
            }
        }
    }

    /// lichess says a game has started (or is in progress): entered when
    /// the player's own action or their tournament started it, joined
    /// with a word first when it is a real-time game of theirs running
    /// while they are in no other, else said and listed; never entered
    /// unasked ([`arrival`]).
    pub(super) fn game_started(&mut self, game: InProgress) {
        let place = Place {
            seeking: self.seeking.is_some(),
            tournament: self.tournaments.joined_id(),
            known: self.games.iter().any(|g| g.id == game.id),
            in_game: self.in_game.is_some(),
        };
        match arrival(&game, &mut self.asked, place) {
            Arrival::Enter => {
                self.tournaments.game_started();
                if let Some(c) = self.seeking.take() {
                    c.store(true, Ordering::Relaxed);
                }
                let id = game.id.clone();
                self.remember(game);
                self.join(&id);
            }
            // Until the games in progress are listed, the rest waits.
            _ if !self.listed => self.early.push(game),
            Arrival::Known => {}
            Arrival::JoinRunning => {
                self.remember(game.clone());
                self.join_running(&game);
            }
            Arrival::Announce => {
                let item = self.games.len() + 1;
                let text = self.words.game_announced(item, &game);
                self.remember(game);
                self.say(text, Urgency::Urgent);
            }
        }
    }

    /// A game is among the games in progress (numbered last when new).
    fn remember(&mut self, game: InProgress) {
        if self.games.iter().any(|g| g.id == game.id) {
            return;
        }
        if game.correspondence && self.check_due.is_none() {
            // Looked at with the others from the next check on.
            self.check_due = Some(0);
        }
        self.games.push(game);
    }

    /// A real-time game of the player's is running: said, then joined.
    fn join_running(&mut self, game: &InProgress) {
        let text = self.words.game_running(&game.opponent);
        self.say(text, Urgency::Urgent);
        let id = game.id.clone();
        self.join(&id);
    }

    /// `quit`: with games in progress, lichess is asked for them first
    /// (the list known stands in when it cannot answer), so a game still
    /// running is never left unsaid.
    pub(super) fn quitting(&mut self) {
        self.quitting = true;
        if self.games.is_empty() {
            return self.leave();
        }
        let known = self.games.clone();
        self.call(move |client| LobbyNews::Games { games: playing(client).unwrap_or(known), why: Listing::Leaving });
    }

    /// The games in progress as the player quits: each real-time game
    /// running is named (whose move, the clock) and the player asked
    /// whether to leave it; without one, the lobby is left.
    fn leaving(&mut self, games: Vec<InProgress>) {
        if !self.say_running(&games) {
            return self.leave_games(&games);
        }
        let ask = self.words.fixed(Fixed::QuitAnyway);
        self.say(ask, Urgency::Urgent);
        self.quit_asked = Some(games);
    }

    /// A line read while the player is asked whether to quit with a game
    /// running: yes (or `quit` again) leaves, no stays; anything else is
    /// no answer (and is read as itself). Whether it was the answer.
    pub(super) fn quit_answered(&mut self, text: &str) -> bool {
        use crate::speech::{Answer, Channel, Intent};
        let Some(games) = self.quit_asked.take() else { return false };
        let resolver = crate::speech::Resolver::new(self.settings.lang);
        match resolver.resolve(&crate::rules::Position::start(), text, Channel::Typed) {
            Intent::Answer(Answer::Yes) => self.leave_games(&games),
            Intent::Answer(Answer::No | Answer::Cancel) => {
                self.quitting = false;
                self.fixed(Fixed::StayInLobby);
            }
            _ if lobby_command(self.words.lex, text) == LobbyCommand::Quit => self.leave_games(&games),
            _ => {
                self.quitting = false;
                return false;
            }
        }
        true
    }

    /// Each real-time game of `games` named as running; whether any is.
    fn say_running(&mut self, games: &[InProgress]) -> bool {
        let running: Vec<String> =
            games.iter().filter(|g| !g.correspondence).map(|g| self.words.running_on_quit(g)).collect();
        let any = !running.is_empty();
        for text in running {
            self.say(text, Urgency::Urgent);
        }
        any
    }

    /// The correspondence games of `games` said to go on.
    fn say_correspondence(&mut self, games: &[InProgress]) {
        let correspondence: Vec<&InProgress> = games.iter().filter(|g| g.correspondence).collect();
        if let Some(text) = self.words.correspondence_on_quit(&correspondence) {
            self.say(text, Urgency::Info);
        }
    }

    /// The lobby is left with `games` in progress: the correspondence
    /// games are said to go on, and the lobby is left.
    fn leave_games(&mut self, games: &[InProgress]) {
        self.say_correspondence(games);
        self.leave();
    }

    /// Input ended: nothing can be asked any more; every game in progress
    /// known is named as going on.
    pub(super) fn games_left_at_end(&mut self) {
        let games = self.games.clone();
        self.say_running(&games);
        self.say_correspondence(&games);
    }
}
