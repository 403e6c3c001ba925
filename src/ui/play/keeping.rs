//! Keeping a game: the autosave as it goes (and at least every few
//! seconds while a clock runs), the score as PGN, and the end of the
//! game kept with its result before its score is written.

use super::{Play, SAVE_EVERY_MS};
use crate::config::Settings;
use crate::game::{Player, SavedGame, game_record};
use crate::notation::pgn::PgnGame;
use crate::ui::effect::{Effect, Saving};

impl Play {
    /// The game as it stands, for the autosave (with the clock as of `now`).
    pub(super) fn saved_game(&self, now: u64) -> SavedGame {
        SavedGame {
            // The engine by name only: a save never names a program to run.
            settings: Settings { engine: None, ..self.settings.clone() },
            me: self.game.me().map_or("both".into(), |c| c.name().to_lowercase()),
            start_fen: self.game.history().start().to_fen(),
            moves: self.game.history().moves().iter().map(|m| m.uci()).collect(),
            clock: self.game.clock().map(|c| c.snapshot(now)),
            date: self.date.clone(),
            engine_name: self.game.players().iter().find_map(|p| match p {
                Player::Engine(n) => Some(n.clone()),
                Player::Human(_) | Player::Online(_) => None,
            }),
            // Over: the score goes with it, so the next start writes the
            // score instead of offering to continue a game that ended.
            score: self.game.is_over().then(|| self.pgn()),
            move_clocks: self
                .game
                .move_clocks()
                .iter()
                .map(|t| t.map_or(-1, |ms| ms.min(i64::MAX as u64) as i64))
                .collect(),
        }
    }

    pub(super) fn autosave(&mut self, now: u64) {
        self.last_save = now;
        // A game on a server is kept there; it is joined again online.
        if self.site.is_some() {
            return;
        }
        let saved = Box::new(self.saved_game(now));
        self.shell.request(Effect::Keep(saved, Saving::Game));
    }

    /// The game as PGN.
    pub(super) fn pgn(&self) -> String {
        let [white, black] = self.game.players();
        let outcome = self.game.outcome();
        let mut record = game_record(
            self.game.history(),
            white,
            black,
            outcome.as_ref(),
            self.game.controls(),
            &self.date,
            self.game.move_clocks(),
        );
        if let Some(event) = &self.event {
            record.set_tag("Event", &event.replace('"', ""));
        }
        if let Some(url) = &self.site {
            record.set_tag("Site", &url.replace('"', ""));
        }
        crate::notation::pgn::write_pgn(&record)
    }

    /// The start of the names of the game's saved files.
    pub(super) fn stem(&self) -> String {
        self.date.replace('.', "-")
    }

    pub(super) fn write_score(&mut self, what: Saving) {
        let (stem, pgn) = (self.stem(), self.pgn());
        self.shell.request(Effect::WriteScore { stem, pgn, what });
    }

    /// The game is over: it is kept with its result for the next start,
    /// then its score is written and synced; only then is the autosave
    /// removed (see [`Front::report`]). The game can then be studied.
    pub(super) fn finished(&mut self, now: u64) {
        if self.site.is_none() {
            let saved = Box::new(self.saved_game(now));
            self.shell.request(Effect::Keep(saved, Saving::Finished));
        }
        self.write_score(Saving::ScoreAtEnd);
        self.study = self.study_of();
    }

    pub(super) fn study_of(&self) -> Option<(PgnGame, String)> {
        let read = crate::notation::pgn::read_pgn(&self.pgn(), crate::notation::NotationLang::English, None);
        read.ok().and_then(|g| g.into_iter().next()).map(|g| (g, self.stem()))
    }

    /// While a clock runs, the game is saved at least every
    /// `SAVE_EVERY_MS`, so a crash gives back at most that much time.
    pub(super) fn periodic_save_due(&self) -> Option<u64> {
        let running = self.game.clock().is_some_and(|c| c.running.is_some() && !c.paused);
        (running && !self.game.is_over()).then_some(self.last_save + SAVE_EVERY_MS)
    }
}
