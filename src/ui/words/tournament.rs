//! lichess's tournaments in words: the list one can join (arenas and
//! Swiss, a team's named with it), joining and leaving, a Swiss's round,
//! bye and end, and the standings with the player's place and an
//! arena's time left.

use super::Narrator;
use crate::online::tournament::{Kind, Standing, SwissRound, Tournament};
use crate::speech::lexicon::fill;
use crate::speech::say_time::{say_duration, unit};

impl Narrator {
    /// The tournaments one can join, a line each after the head.
    pub(crate) fn tournaments(&self, list: &[Tournament]) -> Vec<String> {
        let o = &self.lex.client.online;
        if list.is_empty() {
            return vec![o.no_arenas.clone()];
        }
        let n = list.len() as u64;
        let mut out = vec![fill(&o.tournaments_head, &[("n", n.to_string()), ("count", unit(self.lex, &o.arenas, n))])];
        for (i, t) in list.iter().enumerate() {
            let when = match t.starts_in {
                None => o.arena_started.clone(),
                Some(s) => fill(&o.arena_starts, &[("time", crate::speech::say_duration_after(self.lex, s * 1000))]),
            };
            let name = match &t.team {
                Some(team) => fill(&o.team_name, &[("name", t.name.clone()), ("team", team.clone())]),
                None => t.name.clone(),
            };
            let mut pairs = vec![
                ("n", (i + 1).to_string()),
                ("name", name),
                ("control", self.control_words(t.control.0, t.control.1)),
                ("when", when),
                (
                    "players",
                    t.players.map_or_else(|| o.players_unknown.clone(), |n| unit(self.lex, &o.arena_players, n)),
                ),
            ];
            let template = match t.kind {
                Kind::Arena { minutes } => {
                    pairs.push(("minutes", crate::speech::say_duration(self.lex, minutes.saturating_mul(60_000))));
                    &o.arena_item
                }
                Kind::Swiss { rounds, .. } => {
                    pairs.push(("rounds", unit(self.lex, &self.lex.counts.round, rounds)));
                    &o.swiss_item
                }
            };
            out.push(fill(template, &pairs));
        }
        out
    }

    /// The player joined `t`: how its games start.
    pub(crate) fn tournament_joined(&self, t: &Tournament) -> String {
        let o = &self.lex.client.online;
        let template = match t.kind {
            Kind::Arena { .. } => &o.arena_joined,
            Kind::Swiss { .. } => &o.swiss_joined,
        };
        fill(template, &[("name", t.name.clone())])
    }

    /// Where a Swiss stands: its round, and when the next begins.
    pub(crate) fn swiss_round(&self, r: &SwissRound) -> String {
        let o = &self.lex.client.online;
        // Before the first round, only when it begins.
        let mut parts = Vec::new();
        if r.round > 0 {
            parts.push(fill(&o.swiss_round, &[("round", r.round.to_string()), ("rounds", r.rounds.to_string())]));
        }
        if let Some(s) = r.next_in.filter(|_| r.ongoing == 0) {
            parts.push(fill(&o.swiss_next, &[("time", crate::speech::say_duration_after(self.lex, s * 1000))]));
        }
        parts.join(" ")
    }

    /// A Swiss round without a game for the player.
    pub(crate) fn swiss_bye(&self, r: &SwissRound) -> String {
        fill(&self.lex.client.online.swiss_bye, &[("round", r.round.to_string()), ("rounds", r.rounds.to_string())])
    }

    /// The Swiss is over.
    pub(crate) fn swiss_over(&self) -> String {
        self.lex.client.online.swiss_over.clone()
    }

    /// Points, in halves: "3 points", "2.5 points".
    pub(super) fn points(&self, halves: u64) -> String {
        let o = &self.lex.client.online;
        if halves.is_multiple_of(2) {
            unit(self.lex, &o.points, halves / 2)
        } else {
            fill(&o.half_points, &[("n", (halves / 2).to_string())])
        }
    }

    /// No arena of that number in the list.
    pub(crate) fn no_such_arena(&self, n: usize) -> String {
        fill(&self.lex.client.online.no_such_arena, &[("n", n.to_string())])
    }

    /// The player left the arena, or paused in it.
    pub(crate) fn arena_left(&self) -> String {
        self.lex.client.online.arena_left.clone()
    }

    /// Leaving the lobby while in a tournament: it is left first.
    pub(crate) fn arena_leaving(&self) -> String {
        self.lex.client.online.arena_leaving.clone()
    }

    /// The player is in no arena.
    pub(crate) fn not_in_arena(&self) -> String {
        self.lex.client.online.not_in_arena.clone()
    }

    /// The token lacks the tournament:write scope.
    pub(crate) fn tournament_scope(&self) -> String {
        self.lex.client.online.tournament_scope.clone()
    }

    /// The top of the standings (`top`) and the player's place.
    pub(crate) fn standing(&self, s: &Standing, top: bool) -> Vec<String> {
        let o = &self.lex.client.online;
        let points = |n: u64| self.points(n);
        let mut out = Vec::new();
        if top {
            for p in &s.top {
                out.push(fill(
                    &o.standing_row,
                    &[("rank", p.rank.to_string()), ("name", p.name.clone()), ("score", points(p.halves))],
                ));
            }
        }
        out.push(match &s.me {
            Some(me) => fill(
                &o.my_place,
                &[("rank", me.rank.to_string()), ("players", s.players.to_string()), ("score", points(me.halves))],
            ),
            None => o.not_ranked.clone(),
        });
        if let Some(left) = s.seconds_left.filter(|l| *l > 0) {
            out.push(fill(&o.time_left, &[("time", say_duration(self.lex, left * 1000))]));
        }
        out
    }
}
