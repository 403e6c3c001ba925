//! The player's finished games reviewed above the lobby: `review N` (of
//! the games `my games` listed, the others a chapter away) and `review
//! last` (the game that ended last in this session).

use super::Lobby;
use crate::ui::output::Urgency;
use crate::ui::session::Mode;

impl Lobby {
    /// `review N`: game N of the player's games listed, reviewed above
    /// the lobby (the others a chapter away).
    pub(super) fn review(&mut self, n: usize) {
        // Saved copies are named by the game's id on lichess.
        let site = n.checked_sub(1).and_then(|i| self.my_games.get(i)).and_then(|g| g.tag("Site"));
        let stem = site.and_then(|s| s.rsplit('/').next()).filter(|s| crate::online::is_id(s)).unwrap_or("lichess");
        let effects = crate::ui::effects::Effects::new(self.tx.clone(), self.words, &self.settings);
        let games = self.my_games.clone();
        match crate::ui::modes::review::ReviewMode::of_games(&self.settings, games, n, stem, effects) {
            Some(mode) => self.next = Some(Box::new(mode)),
            None => {
                let text = self.words.my_game_missing(n);
                self.say(text, Urgency::Info);
            }
        }
    }

    /// `review last`: the game that ended last in this session,
    /// reviewed above the lobby.
    pub(super) fn review_last(&mut self) {
        let Some((game, stem)) = self.last_game.clone() else {
            let text = self.words.no_last_game();
            return self.say(text, Urgency::Info);
        };
        let effects = crate::ui::effects::Effects::new(self.tx.clone(), self.words, &self.settings);
        self.next = crate::ui::modes::review::ReviewMode::of_games(&self.settings, vec![game], 1, &stem, effects)
            .map(|m| Box::new(m) as Box<dyn Mode>);
    }
}
