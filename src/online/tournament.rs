//! lichess's Arena tournaments for a board player: the arenas of
//! standard chess one can join now or soon (GET /api/tournament), joining
//! (POST /api/tournament/{id}/join with `pairMeAsap`, since a board is not
//! on the tournament's page; asked again after each game, to be paired
//! again), withdrawing or pausing (POST .../withdraw), and the standings
//! (GET /api/tournament/{id}/results: the top and the player's place).
//! A tournament's games start as any game: `gameStart` on the event
//! stream. The token needs the tournament:write scope.

use super::api::{ApiError, Client};
use serde::Deserialize;

/// An arena one can join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    /// Its id.
    pub id: String,
    /// Its name (cleaned, 60 characters at most).
    pub name: String,
    /// The clock: minutes and increment (seconds).
    pub control: (u64, u64),
    /// How long it lasts (minutes).
    pub minutes: u64,
    /// How many have joined.
    pub players: u64,
    /// Seconds until it starts; None once it has started.
    pub starts_in: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ClockJson {
    limit: u64,
    increment: u64,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct VariantJson {
    key: String,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct ArenaJson {
    id: String,
    full_name: String,
    clock: ClockJson,
    minutes: u64,
    nb_players: u64,
    variant: VariantJson,
    seconds_to_start: Option<u64>,
    status: u32,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ArenasJson {
    created: Vec<ArenaJson>,
    started: Vec<ArenaJson>,
}

/// The most arenas said.
pub const MAX_ARENAS: usize = 10;

/// The arenas of standard chess that have started or start soon: started
/// first, then the soonest; at most [`MAX_ARENAS`].
pub fn arenas(client: &Client) -> Result<Vec<Arena>, ApiError> {
    Ok(read(client.get_api_json("/api/tournament")?))
}

fn read(json: ArenasJson) -> Vec<Arena> {
    let mut out: Vec<Arena> = json
        .started
        .into_iter()
        .chain(json.created)
        .filter(|a| a.variant.key == "standard" && super::is_id(&a.id) && a.status <= 20)
        .map(|a| Arena {
            name: super::plain_text(&a.full_name).chars().take(60).collect(),
            id: a.id,
            control: (a.clock.limit / 60, a.clock.increment.min(180)),
            minutes: a.minutes.min(24 * 60),
            players: a.nb_players,
            starts_in: if a.status == 20 { None } else { a.seconds_to_start.map(|s| s.min(7 * 86_400)) },
        })
        .filter(|a| !a.name.trim().is_empty())
        .collect();
    out.sort_by_key(|a| a.starts_in.map_or(0, |s| s + 1));
    out.truncate(MAX_ARENAS);
    out
}

/// Joins arena `id` (again, after a game: to be paired at once).
pub fn join(client: &Client, id: &str) -> Result<(), ApiError> {
    client.post(&format!("/api/tournament/{}/join", super::path_segment(id)), &[("pairMeAsap", "true")]).map(|_| ())
}

/// Leaves arena `id` (before it starts), or pauses in it (once started).
pub fn withdraw(client: &Client, id: &str) -> Result<(), ApiError> {
    client.post(&format!("/api/tournament/{}/withdraw", super::path_segment(id)), &[]).map(|_| ())
}

/// A place in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The rank (1 is first).
    pub rank: u64,
    /// The player's name.
    pub name: String,
    /// The points.
    pub score: u64,
}

/// The standings: the top, and the player's place if they are in it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Standing {
    /// The first places (at most [`TOP`]).
    pub top: Vec<Place>,
    /// The player's place.
    pub me: Option<Place>,
    /// How many players are ranked (of those read).
    pub players: u64,
}

/// How many places of the top are said.
pub const TOP: usize = 5;
/// The most players read to find the player's place.
const MAX_RESULTS: usize = 1000;

#[derive(Deserialize, Default)]
#[serde(default)]
struct ResultJson {
    rank: u64,
    score: u64,
    username: String,
}

/// The standings of arena `id`, with `me`'s place.
pub fn standing(client: &Client, id: &str, me: &str) -> Result<Standing, ApiError> {
    let path = format!("/api/tournament/{}/results?nb={MAX_RESULTS}", super::path_segment(id));
    let text = client.get_text(&path)?;
    let mut s = Standing::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(MAX_RESULTS) {
        let Ok(r) = serde_json::from_str::<ResultJson>(line) else { continue };
        let place =
            Place { rank: r.rank, name: super::plain_text(&r.username).chars().take(30).collect(), score: r.score };
        s.players += 1;
        if place.name.eq_ignore_ascii_case(me) {
            s.me = Some(place.clone());
        }
        if s.top.len() < TOP {
            s.top.push(place);
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specs_arenas_are_read() {
        let text = r#"{"created":[{"id":"PbhgCwu0","fullName":"≤2000 Rapid Arena","clock":{"limit":480,"increment":2},"minutes":57,"nbPlayers":26,"variant":{"key":"standard"},"secondsToStart":253,"status":10},
            {"id":"uKmhwTRP","fullName":"Hourly Antichess Arena","clock":{"limit":180,"increment":2},"minutes":57,"nbPlayers":2,"variant":{"key":"antichess"},"secondsToStart":255,"status":10}],
            "started":[{"id":"v7uBZPdA","fullName":"Hourly SuperBlitz Arena\u001b[2J","clock":{"limit":180,"increment":0},"minutes":57,"nbPlayers":7,"variant":{"key":"standard"},"status":20}],"finished":[]}"#;
        let arenas = read(serde_json::from_str(text).unwrap());
        // The variant's arena is left out; the started one comes first.
        let ids: Vec<&str> = arenas.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["v7uBZPdA", "PbhgCwu0"]);
        assert_eq!(arenas[0].name, "Hourly SuperBlitz Arena [2J");
        assert_eq!((arenas[0].control, arenas[0].starts_in), ((3, 0), None));
        assert_eq!((arenas[1].control, arenas[1].starts_in, arenas[1].players), ((8, 2), Some(253), 26));
    }
}
