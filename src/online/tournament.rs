//! lichess's tournaments for a board player: the Arena and Swiss
//! tournaments of standard chess one can join now or soon, those of the
//! player's teams first (GET /api/team/of/{name}, then each team's
//! /api/team/{id}/arena and /api/team/{id}/swiss), then lichess's arenas
//! (GET /api/tournament); joining (an arena: POST
//! /api/tournament/{id}/join with `pairMeAsap`, since a board is not on
//! the tournament's page, asked again after each game to be paired
//! again; a Swiss: POST /api/swiss/{id}/join), withdrawing or pausing
//! (.../withdraw), the standings (.../results: the top and the player's
//! place) and a Swiss's round (GET /api/swiss/{id}). A tournament's
//! games start as any game: `gameStart` on the event stream. The token
//! needs the tournament:write scope.

use super::api::{ApiError, Client};
use serde::Deserialize;

/// A tournament one can join.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Its id.
    pub id: String,
    /// Its name (cleaned, 60 characters at most).
    pub name: String,
    /// The clock: minutes and increment (seconds).
    pub control: (u64, u64),
    /// How many have joined (None: a number out of lichess's range).
    pub players: Option<u64>,
    /// Seconds until it starts; None once it has started.
    pub starts_in: Option<u64>,
    /// Arena or Swiss.
    pub kind: Kind,
    /// The team it is of (its name), if it is a team's.
    pub team: Option<String>,
}

/// How a tournament is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An arena: games one after another for a time.
    Arena {
        /// How long it lasts (minutes).
        minutes: u64,
    },
    /// A Swiss: everyone plays each round.
    Swiss {
        /// The round being played (0 before the first).
        round: u64,
        /// How many rounds.
        rounds: u64,
    },
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

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct SwissJson {
    id: String,
    name: String,
    clock: ClockJson,
    variant: String,
    round: u64,
    nb_rounds: u64,
    nb_players: u64,
    nb_ongoing: u64,
    status: String,
    next_round: Option<NextRoundJson>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NextRoundJson {
    #[serde(rename = "in")]
    seconds: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct TeamJson {
    id: String,
    name: String,
}

/// The most tournaments said.
pub const MAX_TOURNAMENTS: usize = 12;
/// The most teams whose tournaments are looked at.
const MAX_TEAMS: usize = 5;
/// The most tournaments read of a team's list (latest first).
const TEAM_LIST: usize = 20;
/// The longest a time may be (a week), in seconds.
const WEEK: u64 = 7 * 86_400;

/// The tournaments of standard chess that have started or start soon:
/// those of `me`'s teams first, then lichess's arenas; started first,
/// then the soonest; at most [`MAX_TOURNAMENTS`].
pub fn tournaments(client: &Client, me: &str) -> Result<Vec<Tournament>, ApiError> {
    let mut out = Vec::new();
    let teams: Vec<TeamJson> = client.get_api_json(&format!("/api/team/of/{}", super::path_segment(me)))?;
    for team in teams.into_iter().filter(|t| is_team_id(&t.id)).take(MAX_TEAMS) {
        let name: String = super::plain_text(&team.name).chars().take(40).collect();
        let seg = super::path_segment(&team.id);
        let arenas = client.get_text(&format!("/api/team/{seg}/arena?max={TEAM_LIST}"))?;
        let swiss = client.get_text(&format!("/api/team/{seg}/swiss?max={TEAM_LIST}"))?;
        let mut of_team: Vec<Tournament> = ndjson::<ArenaJson>(&arenas).filter_map(arena).collect();
        of_team.extend(ndjson::<SwissJson>(&swiss).filter_map(swiss_of));
        for t in &mut of_team {
            t.team = Some(name.clone());
        }
        out.extend(of_team);
    }
    sorted(&mut out);
    let mut public = read(client.get_api_json("/api/tournament")?);
    public.retain(|t| !out.iter().any(|o| o.id == t.id));
    out.extend(public);
    out.truncate(MAX_TOURNAMENTS);
    Ok(out)
}

/// Started first, then the soonest.
fn sorted(list: &mut [Tournament]) {
    list.sort_by_key(|t| t.starts_in.map_or(0, |s| s + 1));
}

/// Whether `id` has the form of a team's id: 2 to 60 ASCII letters,
/// digits and `-`.
fn is_team_id(id: &str) -> bool {
    (2..=60).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// More players than any tournament on lichess has had.
const MAX_PLAYERS: u64 = 1_000_000;

/// The lines of an ndjson answer read as `T` (lines that are not, left).
fn ndjson<T: serde::de::DeserializeOwned>(text: &str) -> impl Iterator<Item = T> + '_ {
    text.lines().take(1000).filter_map(|l| serde_json::from_str(l).ok())
}

/// An arena of standard chess, created or started.
fn arena(a: ArenaJson) -> Option<Tournament> {
    let name: String = super::plain_text(&a.full_name).chars().take(60).collect();
    (a.variant.key == "standard" && super::is_id(&a.id) && a.status <= 20 && !name.trim().is_empty()).then(|| {
        Tournament {
            name,
            id: a.id,
            control: (a.clock.limit / 60, a.clock.increment.min(180)),
            players: Some(a.nb_players).filter(|n| *n <= MAX_PLAYERS),
            starts_in: if a.status == 20 { None } else { a.seconds_to_start.map(|s| s.min(WEEK)) },
            kind: Kind::Arena { minutes: a.minutes.min(24 * 60) },
            team: None,
        }
    })
}

/// A Swiss of standard chess, created or started.
fn swiss_of(s: SwissJson) -> Option<Tournament> {
    let name: String = super::plain_text(&s.name).chars().take(60).collect();
    let open = s.status == "created" || s.status == "started";
    (s.variant == "standard" && super::is_id(&s.id) && open && !name.trim().is_empty()).then(|| Tournament {
        name,
        id: s.id,
        control: (s.clock.limit / 60, s.clock.increment.min(180)),
        players: Some(s.nb_players).filter(|n| *n <= MAX_PLAYERS),
        starts_in: if s.status == "started" { None } else { s.next_round.and_then(|n| n.seconds).map(|s| s.min(WEEK)) },
        kind: Kind::Swiss { round: s.round.min(1000), rounds: s.nb_rounds.min(1000) },
        team: None,
    })
}

fn read(json: ArenasJson) -> Vec<Tournament> {
    let mut out: Vec<Tournament> = json.started.into_iter().chain(json.created).filter_map(arena).collect();
    sorted(&mut out);
    out
}

/// The path of a tournament's `what` (join, withdraw, results).
fn path(t: &Tournament, what: &str) -> String {
    let seg = super::path_segment(&t.id);
    match t.kind {
        Kind::Arena { .. } => format!("/api/tournament/{seg}/{what}"),
        Kind::Swiss { .. } => format!("/api/swiss/{seg}/{what}"),
    }
}

/// Joins `t` (an arena again, after a game: to be paired at once).
pub fn join(client: &Client, t: &Tournament) -> Result<(), ApiError> {
    let form: &[(&str, &str)] = match t.kind {
        Kind::Arena { .. } => &[("pairMeAsap", "true")],
        Kind::Swiss { .. } => &[],
    };
    client.post(&path(t, "join"), form).map(|_| ())
}

/// Leaves `t` (before it starts), or pauses in it (an arena, once started).
pub fn withdraw(client: &Client, t: &Tournament) -> Result<(), ApiError> {
    client.post(&path(t, "withdraw"), &[]).map(|_| ())
}

/// Where a Swiss stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwissRound {
    /// The round being played, or last played (0 before the first).
    pub round: u64,
    /// How many rounds.
    pub rounds: u64,
    /// Games of the round still being played.
    pub ongoing: u64,
    /// Seconds until the next round, when it is known.
    pub next_in: Option<u64>,
    /// The tournament is over.
    pub finished: bool,
}

/// Where Swiss `id` stands (GET /api/swiss/{id}).
pub fn swiss_round(client: &Client, id: &str) -> Result<SwissRound, ApiError> {
    let s: SwissJson = client.get_api_json(&format!("/api/swiss/{}", super::path_segment(id)))?;
    Ok(SwissRound {
        round: s.round.min(1000),
        rounds: s.nb_rounds.min(1000),
        ongoing: s.nb_ongoing,
        next_in: s.next_round.and_then(|n| n.seconds).map(|s| s.min(WEEK)),
        finished: s.status == "finished",
    })
}

/// A place in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The rank (1 is first).
    pub rank: u64,
    /// The player's name.
    pub name: String,
    /// The points, in halves (a Swiss's draws are half points).
    pub halves: u64,
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
    /// An arena's time left (seconds), when the server says it.
    pub seconds_left: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct ArenaFullJson {
    seconds_to_finish: Option<u64>,
    is_finished: bool,
}

/// How many places of the top are said.
pub const TOP: usize = 5;
/// The most players read to find the player's place.
const MAX_RESULTS: usize = 1000;

/// A line of the results: an arena's `score`, a Swiss's `points`.
#[derive(Deserialize, Default)]
#[serde(default)]
struct ResultJson {
    rank: u64,
    score: u64,
    points: f64,
    username: String,
}

/// The standings of `t`, with `me`'s place.
pub fn standing(client: &Client, t: &Tournament, me: &str) -> Result<Standing, ApiError> {
    let text = client.get_text(&format!("{}?nb={MAX_RESULTS}", path(t, "results")))?;
    let mut s = Standing::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(MAX_RESULTS) {
        let Ok(r) = serde_json::from_str::<ResultJson>(line) else { continue };
        let halves = match t.kind {
            Kind::Arena { .. } => r.score.min(100_000) * 2,
            Kind::Swiss { .. } if r.points.is_finite() => (r.points.clamp(0.0, 1000.0) * 2.0).round() as u64,
            Kind::Swiss { .. } => 0,
        };
        let place = Place { rank: r.rank, name: super::plain_text(&r.username).chars().take(30).collect(), halves };
        s.players += 1;
        if place.name.eq_ignore_ascii_case(me) {
            s.me = Some(place.clone());
        }
        if s.top.len() < TOP {
            s.top.push(place);
        }
    }
    if let Kind::Arena { .. } = t.kind {
        let full: ArenaFullJson = client.get_api_json(&format!("/api/tournament/{}", super::path_segment(&t.id)))?;
        s.seconds_left = if full.is_finished { Some(0) } else { full.seconds_to_finish.map(|x| x.min(WEEK)) };
    }
    Ok(s)
}

/// What a tournament call of the lobby brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentNews {
    /// The tournaments one can join.
    List(Vec<Tournament>),
    /// The player joined the tournament; a Swiss's round with it.
    Joined(Box<Tournament>, Option<SwissRound>),
    /// The player left (or paused in) the tournament.
    Left,
    /// The standings of the player's tournament.
    Standing(Standing),
    /// Where the player's Swiss stands.
    SwissRound(SwissRound),
    /// The token lacks the tournament:write scope.
    Scope,
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
        assert_eq!((arenas[1].control, arenas[1].starts_in, arenas[1].players), ((8, 2), Some(253), Some(26)));
        assert_eq!(arenas[1].kind, Kind::Arena { minutes: 57 });
        // A number past lichess's range is unknown, never said as it is.
        let absurd = text.replace("\"nbPlayers\":26", "\"nbPlayers\":18446744073709551615");
        let arenas = read(serde_json::from_str(&absurd).unwrap());
        assert_eq!(arenas[1].players, None);
    }

    /// The spec's example of a team's Swiss; a finished one and a
    /// variant's are left out.
    #[test]
    fn the_specs_swiss_is_read() {
        let text = r#"{"id":"KmevwnGY","createdBy":"lichess","startsAt":"2026-07-10T23:30:00Z","name":"Rapid Increment","clock":{"limit":420,"increment":2},"variant":"standard","round":0,"nbRounds":7,"nbPlayers":0,"nbOngoing":0,"status":"created","nextRound":{"at":"2026-07-10T23:30:00Z","in":336831},"verdicts":{"list":[],"accepted":true},"rated":true}
{"id":"KmevwnGZ","name":"Done","clock":{"limit":420,"increment":2},"variant":"standard","round":7,"nbRounds":7,"status":"finished"}
{"id":"KmevwnGX","name":"Atomic","clock":{"limit":420,"increment":2},"variant":"atomic","round":1,"nbRounds":7,"status":"started"}"#;
        let read: Vec<Tournament> = ndjson::<SwissJson>(text).filter_map(swiss_of).collect();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].id, "KmevwnGY");
        assert_eq!((read[0].control, read[0].starts_in), ((7, 2), Some(336_831)));
        assert_eq!(read[0].kind, Kind::Swiss { round: 0, rounds: 7 });
        assert_eq!(path(&read[0], "join"), "/api/swiss/KmevwnGY/join");
        assert!(is_team_id("lichess-swiss") && !is_team_id("a/b") && !is_team_id("x"));
    }
}
