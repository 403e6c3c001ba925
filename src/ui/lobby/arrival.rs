//! Which game that lichess says has started is entered: the one decision
//! that keeps the player out of games they did not ask for. lichess says
//! `gameStart` for the games the player's own actions start (a challenge
//! accepted or sent, lichess's AI, a seek), for a tournament's pairings,
//! and for every game in progress each time the event stream opens. Only
//! the first two are entered as they start; a real-time game already
//! running (its clock runs) is said and then joined, when the player is
//! in no other game; anything else (a correspondence game, a game while
//! the player is in another) is said and listed, and `games` and its
//! number join it.

use crate::online::InProgress;
use crate::online::lobby::Origin;

/// What the lobby does with a game that lichess says has started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arrival {
    /// The player's own action started it, or it is their tournament's
    /// pairing: entered now.
    Enter,
    /// A real-time game of theirs is running and they are in no other:
    /// said ("Your game against X is running: joining it."), then entered.
    JoinRunning,
    /// Said and listed, never entered.
    Announce,
    /// Already known (listed or said before): nothing.
    Known,
}

/// What the player has asked for that starts a game.
#[derive(Clone, Debug, Default)]
pub(super) struct Asked {
    /// Challenges accepted or sent, and lichess's AI games: their ids
    /// (a challenge's id is its game's).
    ids: Vec<String>,
    /// Challenges to lichess's AI sent and not yet answered (its game may
    /// start before the answer names it).
    ai: usize,
    /// The players challenged and the challenge not yet answered (its
    /// game may start before the answer names it).
    challenged: Vec<String>,
    /// The games entered as asked: an id named after its game started is
    /// asked for no more.
    started: Vec<String>,
}

/// The most games remembered as started.
const STARTED_KEPT: usize = 64;

impl Asked {
    /// The player accepted or sent the challenge `id`.
    pub(super) fn game(&mut self, id: &str) {
        if !self.started.iter().chain(&self.ids).any(|x| x == id) {
            self.ids.push(id.to_string());
        }
    }

    /// A challenge to lichess's AI is sent.
    pub(super) fn ai_sent(&mut self) {
        self.ai += 1;
    }

    /// lichess answered a challenge to its AI (with the game's id when it
    /// took it).
    pub(super) fn ai_answered(&mut self, id: Option<&str>) {
        self.ai = self.ai.saturating_sub(1);
        if let Some(id) = id {
            self.game(id);
        }
    }

    /// A challenge to `user` is sent.
    pub(super) fn challenge_sent(&mut self, user: &str) {
        self.challenged.push(user.to_string());
    }

    /// lichess answered a challenge to `user` (with its id when it took
    /// it).
    pub(super) fn challenge_answered(&mut self, user: &str, id: Option<&str>) {
        if let Some(k) = self.challenged.iter().position(|u| u == user) {
            self.challenged.remove(k);
        }
        if let Some(id) = id {
            self.game(id);
        }
    }

    /// A challenge to the player of `game` is on its way.
    fn challenging(&self, game: &InProgress) -> bool {
        game.origin == Origin::Friend && self.challenged.iter().any(|u| u.eq_ignore_ascii_case(&game.opponent.name))
    }

    /// The game started and is entered: asked for no more.
    fn taken(&mut self, game: &InProgress) {
        self.ids.retain(|x| *x != game.id);
        if self.started.len() >= STARTED_KEPT {
            self.started.remove(0);
        }
        self.started.push(game.id.clone());
    }
}

/// Where the player is, for deciding.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place<'a> {
    /// A seek of theirs is open.
    pub(super) seeking: bool,
    /// The tournament they joined.
    pub(super) tournament: Option<&'a str>,
    /// The game is among those listed or said already.
    pub(super) known: bool,
    /// They are in a game, or joining one.
    pub(super) in_game: bool,
}

/// What is done with `game`, which lichess says has started; a game
/// entered as asked for is asked for no more.
pub(super) fn arrival(game: &InProgress, asked: &mut Asked, place: Place<'_>) -> Arrival {
    let own = asked.ids.contains(&game.id)
        || (asked.ai > 0 && game.origin == Origin::Ai && !place.known)
        || (asked.challenging(game) && !place.known)
        || (place.seeking && game.origin == Origin::Lobby && !place.known);
    let pairing = place.tournament.is_some_and(|t| game.tournament.as_deref() == Some(t)) && !place.known;
    if own || pairing {
        asked.taken(game);
        return Arrival::Enter;
    }
    if place.known {
        return Arrival::Known;
    }
    if game.correspondence || place.in_game {
        return Arrival::Announce;
    }
    Arrival::JoinRunning
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    fn game(id: &str, origin: Origin, correspondence: bool) -> InProgress {
        InProgress {
            id: id.into(),
            opponent: crate::game::Account { name: "Anna".into(), ..Default::default() },
            color: Color::White,
            my_turn: true,
            correspondence,
            left_ms: None,
            origin,
            tournament: None,
        }
    }

    const IDLE: Place<'static> = Place { seeking: false, tournament: None, known: false, in_game: false };

    #[test]
    fn a_correspondence_game_is_never_entered_unasked() {
        let mut asked = Asked::default();
        let corr = game("corr0001", Origin::Friend, true);
        assert_eq!(arrival(&corr, &mut asked, IDLE), Arrival::Announce);
        assert_eq!(arrival(&corr, &mut asked, Place { known: true, ..IDLE }), Arrival::Known);
        // Not while seeking either: a seek's game is new and of the lobby.
        assert_eq!(arrival(&corr, &mut asked, Place { seeking: true, ..IDLE }), Arrival::Announce);
        // Accepted by the player: entered.
        asked.game("corr0001");
        assert_eq!(arrival(&corr, &mut asked, Place { known: true, ..IDLE }), Arrival::Enter);
        // Once: the same game said again (the stream opened again) is known.
        assert_eq!(arrival(&corr, &mut asked, Place { known: true, ..IDLE }), Arrival::Known);
    }

    #[test]
    fn a_running_game_is_joined_only_when_the_player_is_in_none() {
        let mut asked = Asked::default();
        let live = game("live0001", Origin::Lobby, false);
        assert_eq!(arrival(&live, &mut asked, IDLE), Arrival::JoinRunning);
        assert_eq!(arrival(&live, &mut asked, Place { in_game: true, ..IDLE }), Arrival::Announce);
        assert_eq!(arrival(&live, &mut asked, Place { known: true, ..IDLE }), Arrival::Known);
        // A seek's game is the player's own.
        assert_eq!(arrival(&live, &mut asked, Place { seeking: true, in_game: true, ..IDLE }), Arrival::Enter);
    }

    #[test]
    fn pairings_and_the_ai_are_entered() {
        let mut asked = Asked::default();
        let mut pairing = game("pair0001", Origin::Tournament, false);
        pairing.tournament = Some("arena001".into());
        let joined = Place { tournament: Some("arena001"), ..IDLE };
        assert_eq!(arrival(&pairing, &mut asked, joined), Arrival::Enter);
        // Another tournament's game is not this one's pairing.
        let other = Place { tournament: Some("arena002"), in_game: true, ..IDLE };
        assert_eq!(arrival(&pairing, &mut asked, other), Arrival::Announce);
        let ai = game("aigame01", Origin::Ai, false);
        assert_eq!(arrival(&ai, &mut asked, Place { in_game: true, ..IDLE }), Arrival::Announce);
        asked.ai_sent();
        assert_eq!(arrival(&ai, &mut asked, Place { in_game: true, ..IDLE }), Arrival::Enter);
        // The answer after the start changes nothing more: the game said
        // again when the stream opens again is known.
        asked.ai_answered(Some("aigame01"));
        assert_eq!(arrival(&ai, &mut asked, Place { known: true, ..IDLE }), Arrival::Known);
        // The answer before the start: its id is the player's.
        let second = game("aigame02", Origin::Ai, false);
        asked.ai_sent();
        asked.ai_answered(Some("aigame02"));
        assert_eq!(arrival(&second, &mut asked, Place { in_game: true, ..IDLE }), Arrival::Enter);
    }

    #[test]
    fn a_challenge_accepted_before_lichess_answers_is_entered() {
        let mut asked = Asked::default();
        let accepted = game("chal0001", Origin::Friend, false);
        // Another player's challenge, or a challenge from Anna the player
        // did not send, is not asked for.
        asked.challenge_sent("Boris");
        assert_eq!(arrival(&accepted, &mut asked, Place { in_game: true, ..IDLE }), Arrival::Announce);
        asked.challenge_sent("anna");
        let known = Place { known: true, ..IDLE };
        assert_eq!(arrival(&accepted, &mut asked, known), Arrival::Known);
        assert_eq!(arrival(&accepted, &mut asked, IDLE), Arrival::Enter);
        // The answer after the start asks for it no more.
        asked.challenge_answered("anna", Some("chal0001"));
        assert_eq!(arrival(&accepted, &mut asked, known), Arrival::Known);
        // A refused challenge leaves nothing asked for.
        asked.challenge_answered("Boris", None);
        let later = game("chal0002", Origin::Friend, false);
        assert_eq!(arrival(&later, &mut asked, Place { in_game: true, ..IDLE }), Arrival::Announce);
    }
}
