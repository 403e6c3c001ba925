//! lichess's arenas in words: the list one can join, joining and
//! leaving, and the standings with the player's place.

use super::Narrator;
use crate::online::tournament::{Arena, Standing};
use crate::speech::lexicon::fill;
use crate::speech::say_time::{say_duration, unit};

impl Narrator {
    /// The arenas one can join, a line each after the head.
    pub(crate) fn arenas(&self, arenas: &[Arena]) -> Vec<String> {
        let o = &self.lex.client.online;
        if arenas.is_empty() {
            return vec![o.no_arenas.clone()];
        }
        let n = arenas.len() as u64;
        let mut out = vec![fill(&o.tournaments_head, &[("n", n.to_string()), ("count", unit(self.lex, &o.arenas, n))])];
        for (i, a) in arenas.iter().enumerate() {
            let when = match a.starts_in {
                None => o.arena_started.clone(),
                Some(s) => fill(&o.arena_starts, &[("time", say_duration(self.lex, s * 1000))]),
            };
            out.push(fill(
                &o.arena_item,
                &[
                    ("n", (i + 1).to_string()),
                    ("name", a.name.clone()),
                    ("control", self.control_words(a.control.0, a.control.1)),
                    ("when", when),
                    ("minutes", a.minutes.to_string()),
                    ("players", unit(self.lex, &o.arena_players, a.players)),
                ],
            ));
        }
        out
    }

    /// No arena of that number in the list.
    pub(crate) fn no_such_arena(&self, n: usize) -> String {
        fill(&self.lex.client.online.no_such_arena, &[("n", n.to_string())])
    }

    /// The player joined arena `name`.
    pub(crate) fn arena_joined(&self, name: &str) -> String {
        fill(&self.lex.client.online.arena_joined, &[("name", name.to_string())])
    }

    /// The player left the arena, or paused in it.
    pub(crate) fn arena_left(&self) -> String {
        self.lex.client.online.arena_left.clone()
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
        let points = |n: u64| unit(self.lex, &o.points, n);
        let mut out = Vec::new();
        if top {
            for p in &s.top {
                out.push(fill(
                    &o.standing_row,
                    &[("rank", p.rank.to_string()), ("name", p.name.clone()), ("score", points(p.score))],
                ));
            }
        }
        out.push(match &s.me {
            Some(me) => fill(
                &o.my_place,
                &[("rank", me.rank.to_string()), ("players", s.players.to_string()), ("score", points(me.score))],
            ),
            None => o.not_ranked.clone(),
        });
        out
    }
}
