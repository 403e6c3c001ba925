//! The lobby's tournaments: `tournaments` lists those one can join (the
//! player's teams' first), `join 2` joins, `withdraw` (or `pause`)
//! leaves, `standings` says the top and the player's place. A
//! tournament's games start by themselves (`gameStart`, as any game).
//! Back from a game: an arena pairs the player again and says their
//! place and the time left; a Swiss says their place and its round. While
//! in a Swiss, its round is looked at every 30 s: a new round without a
//! game for the player is a bye, said; its end is said.

use super::Lobby;
use super::command::LobbyCommand;
use crate::online::tournament::{
    Kind, SwissRound, Tournament, TournamentNews, join, standing, swiss_round, tournaments, withdraw,
};
use crate::online::{ApiError, LobbyNews};
use crate::ui::output::{Line, Urgency};

/// How often a Swiss's round is looked at (ms).
const SWISS_EVERY_MS: u64 = 30_000;

/// The tournaments as last listed, and the one joined.
#[derive(Default)]
pub(super) struct Tournaments {
    listed: Vec<Tournament>,
    joined: Option<Tournament>,
    /// The standings were asked for (the top is said too).
    standing_asked: bool,
    /// Where the Swiss stands is to be said (back from a game).
    round_asked: bool,
    /// The player quits the lobby: the tournament is being left first.
    pub(super) leaving: bool,
    /// A Swiss joined: the round last seen, whether a game started since
    /// it was seen, and when to look again (ms).
    round: u64,
    played: bool,
    due: Option<u64>,
}

impl Tournaments {
    /// A game started (a tournament's pairing, or any game).
    pub(super) fn game_started(&mut self) {
        self.played = true;
    }

    /// When the Swiss's round is to be looked at.
    pub(super) fn due(&self) -> Option<u64> {
        self.due
    }

    /// The id of the tournament joined, whose pairings are entered.
    pub(super) fn joined_id(&self) -> Option<&str> {
        self.joined.as_ref().map(|t| t.id.as_str())
    }
}

/// A tournament call's news: a token without the tournament:write scope
/// said as such (the lobby goes on).
fn told(result: Result<TournamentNews, ApiError>) -> LobbyNews {
    match result {
        Ok(news) => LobbyNews::Tournament(news),
        Err(ApiError::MissingScope) => LobbyNews::Tournament(TournamentNews::Scope),
        Err(e) => LobbyNews::Failed(e),
    }
}

impl Lobby {
    /// `quit`: in a tournament, it is left first (lichess would pair the
    /// player on, and their games be lost on time), then the lobby; a
    /// second `quit` leaves at once.
    pub(super) fn leave(&mut self) {
        match self.tournaments.joined.clone() {
            Some(t) if !self.tournaments.leaving => {
                self.tournaments.leaving = true;
                let text = self.words.arena_leaving();
                self.say(text, Urgency::Info);
                self.call(move |client| told(withdraw(client, &t).map(|()| TournamentNews::Left)));
            }
            _ => self.quit = true,
        }
    }

    /// `tournaments`, `join N`, `withdraw`, `standings`.
    pub(super) fn tournament_command(&mut self, cmd: LobbyCommand) {
        let joined = self.tournaments.joined.clone();
        match (cmd, joined) {
            (LobbyCommand::Tournaments, _) => {
                let me = self.me.clone();
                self.call(move |client| told(tournaments(client, &me).map(TournamentNews::List)));
            }
            (LobbyCommand::JoinTournament(n), _) => match n.checked_sub(1).and_then(|k| self.tournaments.listed.get(k))
            {
                Some(t) => {
                    let t = t.clone();
                    self.call(move |client| {
                        told(join(client, &t).and_then(|()| {
                            let round = match t.kind {
                                Kind::Swiss { .. } => Some(swiss_round(client, &t.id)?),
                                Kind::Arena { .. } => None,
                            };
                            Ok(TournamentNews::Joined(Box::new(t), round))
                        }))
                    });
                }
                None => {
                    let text = self.words.no_such_arena(n);
                    self.say(text, Urgency::Info);
                }
            },
            (LobbyCommand::Withdraw | LobbyCommand::Standings, None) => {
                let text = self.words.not_in_arena();
                self.say(text, Urgency::Info);
            }
            (LobbyCommand::Withdraw, Some(t)) => {
                self.call(move |client| told(withdraw(client, &t).map(|()| TournamentNews::Left)));
            }
            (LobbyCommand::Standings, Some(t)) => {
                self.tournaments.standing_asked = true;
                let me = self.me.clone();
                self.call(move |client| told(standing(client, &t, &me).map(TournamentNews::Standing)));
            }
            // The lobby gives only these commands here.
            _ => {}
        }
    }

    /// What the tournament calls brought.
    pub(super) fn tournament_told(&mut self, news: TournamentNews, now: u64) {
        match news {
            TournamentNews::List(list) => {
                let lines = self.words.tournaments(&list);
                self.tournaments.listed = list;
                self.readout(lines.into_iter().map(|t| Line::new(t, Urgency::Readout)));
            }
            TournamentNews::Joined(t, round) => {
                let text = self.words.tournament_joined(&t);
                self.say(text, Urgency::Info);
                if let Some(r) = round {
                    self.tournaments.round = r.round;
                    self.tournaments.due = Some(now + SWISS_EVERY_MS);
                    let text = self.words.swiss_round(&r);
                    self.say(text, Urgency::Info);
                }
                self.tournaments.played = false;
                self.tournaments.joined = Some(*t);
            }
            TournamentNews::Left => {
                self.tournaments.joined = None;
                self.tournaments.due = None;
                let text = self.words.arena_left();
                self.say(text, Urgency::Info);
                if self.tournaments.leaving {
                    self.quit = true;
                }
            }
            TournamentNews::Standing(s) => {
                // After a game, the player's place only; asked, the top too.
                let top = std::mem::take(&mut self.tournaments.standing_asked);
                if !top && (self.in_game.is_some() || self.quitting || self.tournaments.leaving) {
                    // The next pairing came first: its game is the news,
                    // and the place after the last one is stale; or the
                    // player is leaving: it is no news any more.
                    return;
                }
                let lines = self.words.standing(&s, top);
                self.readout(lines.into_iter().map(|t| Line::new(t, Urgency::Readout)));
            }
            TournamentNews::SwissRound(r) => self.swiss_seen(r, now),
            TournamentNews::Scope => {
                let text = self.words.tournament_scope();
                self.say(text, Urgency::Urgent);
            }
        }
    }

    /// A Swiss's round looked at: a new round the player has no game in
    /// is a bye; the end is said, and the tournament left.
    fn swiss_seen(&mut self, r: SwissRound, now: u64) {
        let t = &mut self.tournaments;
        if t.joined.is_none() {
            return;
        }
        if r.finished {
            t.joined = None;
            t.due = None;
            let text = self.words.swiss_over();
            return self.say(text, Urgency::Urgent);
        }
        t.due = Some(now + SWISS_EVERY_MS);
        let asked = std::mem::take(&mut t.round_asked);
        if r.round > t.round {
            t.round = r.round;
            // lichess starts a round's games as it pairs them: a round
            // seen without one is a round without a game for the player.
            if !std::mem::take(&mut t.played) {
                let text = self.words.swiss_bye(&r);
                return self.say(text, Urgency::Urgent);
            }
        }
        // Where the Swiss stands after a game is stale once the next
        // round's game has started.
        if asked && self.in_game.is_none() {
            let text = self.words.swiss_round(&r);
            self.say(text, Urgency::Readout);
        }
    }

    /// The Swiss's round is due to be looked at.
    pub(super) fn tournament_timer(&mut self, now: u64) {
        if self.tournaments.due.is_none_or(|due| now < due) {
            return;
        }
        self.tournaments.due = Some(now + SWISS_EVERY_MS);
        let Some(t) = self.tournaments.joined.clone() else { return };
        self.call_unasked(move |client| match swiss_round(client, &t.id) {
            Ok(r) => LobbyNews::Tournament(TournamentNews::SwissRound(r)),
            // Said only when the player asks.
            Err(_) => LobbyNews::Done,
        });
    }

    /// Back from a game: an arena pairs the player again (lichess pairs
    /// a board only when asked) and says their place and the time left;
    /// a Swiss says their place and where the tournament stands.
    pub(super) fn tournament_back(&mut self, _now: u64) {
        let Some(t) = self.tournaments.joined.clone() else { return };
        let me = self.me.clone();
        match t.kind {
            Kind::Arena { .. } => {
                self.call_unasked(move |client| {
                    told(join(client, &t).and_then(|()| standing(client, &t, &me)).map(TournamentNews::Standing))
                });
            }
            Kind::Swiss { .. } => {
                self.tournaments.round_asked = true;
                self.calls_unasked(move |client| {
                    vec![
                        told(standing(client, &t, &me).map(TournamentNews::Standing)),
                        told(swiss_round(client, &t.id).map(TournamentNews::SwissRound)),
                    ]
                });
            }
        }
    }
}
