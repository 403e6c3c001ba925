//! The lobby on lichess: its event stream (challenges, games that start,
//! challenges withdrawn or declined) read into typed [`LobbyNews`] on a
//! thread of its own, and the lobby's calls: the games in progress,
//! answering and sending challenges, lichess's AI, a seek. The news of
//! the lobby's other jobs (tournaments, broadcasts) is theirs, carried
//! in [`LobbyNews`].

use super::api::{ApiError, Client};
use super::follow::{HELD, pause};
use super::model::{EventLine, Playing};
use crate::rules::Color;
use std::sync::Arc;
use std::time::Duration;

/// What happens in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyNews {
    /// A challenge to the player.
    Challenge {
        /// The challenge's id.
        id: String,
        /// Who challenges.
        from: String,
        /// Their rating.
        rating: Option<u32>,
        /// Minutes and seconds of increment; None for correspondence.
        control: Option<(u64, u64)>,
        /// Rated.
        rated: bool,
        /// The player's colour (None: by lot).
        color: Option<Color>,
    },
    /// A challenge was withdrawn.
    ChallengeGone {
        /// Its id.
        id: String,
    },
    /// The player's challenge was declined.
    Declined,
    /// A game starts, or is in progress (lichess says so of each game
    /// in progress when the event stream opens).
    GameStart(InProgress),
    /// The lobby's connection was lost, or is back.
    Connection {
        /// Back.
        up: bool,
    },
    /// The server refused the token or its scope (the lobby cannot go
    /// on), or a call the player made failed.
    Failed(ApiError),
    /// The server answered the player's challenge.
    ChallengeAnswered {
        /// The player challenged.
        user: String,
        /// When taken, its id (the game's, once accepted) if it has
        /// lichess's form.
        sent: Result<Option<String>, ApiError>,
    },
    /// A rematch asked for after a game (by the game's study): to send.
    Rematch(Rematch),
    /// A game played above the lobby ended: its record and file stem,
    /// for `review last`.
    Ended(Box<(crate::notation::pgn::PgnGame, String)>),
    /// lichess's AI took the player's challenge: the game's id.
    AiGame(Option<String>),
    /// The game the player asked to join could not be joined.
    NotJoined(ApiError),
    /// What a tournament call brought.
    Tournament(super::tournament::TournamentNews),
    /// What a broadcast call brought.
    Broadcast(super::broadcast::BroadcastNews),
    /// The player's last games, newest first.
    MyGames(super::export::ReadGames),
    /// A call the player made went through, and what follows comes as
    /// news of its own (an accepted challenge: the game's start).
    Done,
    /// The games in progress, as the server lists them, and why they
    /// were asked for.
    Games {
        /// The games.
        games: Vec<InProgress>,
        /// Why they were asked for.
        why: Listing,
    },
    /// The game the player joins is connected: it waits where the
    /// joining call left it.
    Connected,
}

/// How fast a time control is, as lichess counts it (limit + 40 ×
/// increment, in seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekSpeed {
    /// Bullet, blitz: boards may not seek these.
    TooFast,
    /// Rapid or classical.
    Allowed,
}

/// The speed of `minutes` + `increment` seconds.
pub fn speed_of(minutes: u64, increment: u64) -> SeekSpeed {
    if minutes * 60 + 40 * increment < 480 { SeekSpeed::TooFast } else { SeekSpeed::Allowed }
}

/// Why the games in progress were asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The lobby opened: a single real-time game is joined at once.
    Greeting,
    /// The player asked (`games`).
    Asked,
    /// The lobby looks now and then whether a correspondence opponent
    /// has moved.
    Check,
    /// The player quits the lobby: a game still running is named first.
    Leaving,
}

/// How a game came to be, as lichess says (its `source`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Origin {
    /// A seek or a pool of the lobby.
    Lobby,
    /// A challenge between two players.
    Friend,
    /// A challenge to lichess's AI.
    Ai,
    /// An arena's or a Swiss tournament's pairing.
    Tournament,
    /// Anything else, or not said.
    #[default]
    Other,
}

/// A game in progress, as lichess lists it (or says it has started).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InProgress {
    /// The game's id.
    pub id: String,
    /// The opponent (lichess's AI by its level).
    pub opponent: crate::game::Account,
    /// The player's colour.
    pub color: Color,
    /// The player is to move.
    pub my_turn: bool,
    /// A correspondence game (days per move).
    pub correspondence: bool,
    /// The time the player has left (ms), when lichess gives it.
    pub left_ms: Option<u64>,
    /// How the game came to be.
    pub origin: Origin,
    /// The tournament (arena or Swiss) whose pairing it is.
    pub tournament: Option<String>,
}

/// The most seconds a game in progress may have left (a year): a larger
/// number is none.
const MAX_SECONDS_LEFT: u64 = 366 * 86_400;

/// A game as lichess describes it (in the games in progress and in a
/// `gameStart`); one without a game id of lichess's form is none.
fn in_progress(g: super::model::GameEventInfo) -> Option<InProgress> {
    let id = if g.game_id.is_empty() { g.id } else { g.game_id };
    if !super::is_id(&id) {
        return None;
    }
    let opponent = match g.opponent.ai {
        Some(level) => super::model::ai_account(level, None, None),
        None => super::model::server_account(&g.opponent.username, None, None),
    };
    let origin = match g.source.as_str() {
        "lobby" | "pool" => Origin::Lobby,
        "friend" => Origin::Friend,
        "ai" => Origin::Ai,
        "arena" | "swiss" => Origin::Tournament,
        _ if g.opponent.ai.is_some() => Origin::Ai,
        _ => Origin::Other,
    };
    let tournament = g.tournament_id.or(g.swiss_id).filter(|t| super::is_id(t));
    Some(InProgress {
        id,
        opponent,
        color: if g.color == "black" { Color::Black } else { Color::White },
        my_turn: g.is_my_turn,
        correspondence: g.speed == "correspondence",
        left_ms: g.seconds_left.filter(|s| *s <= MAX_SECONDS_LEFT).map(|s| s * 1000),
        origin,
        tournament,
    })
}

/// The games in progress (as many as lichess lists: 50).
pub fn playing(client: &Client) -> Result<Vec<InProgress>, ApiError> {
    let p: Playing = client.get_json("/api/account/playing?nb=50")?;
    Ok(p.now_playing.into_iter().filter_map(in_progress).collect())
}

/// Follows the lobby's event stream in a thread of its own; `me` is the
/// player's id (their own challenges are not announced). It says when a
/// game starts, so it is a game's request: never held back by the quiet
/// minute after another request's 429.
pub fn lobby_stream(client: Client, me: String, tell: Arc<dyn Fn(LobbyNews) + Send + Sync>) {
    let client = client.for_game();
    let _ = std::thread::Builder::new().name("lichess-events".into()).spawn(move || {
        let (mut attempt, mut lost) = (0, false);
        loop {
            match client.stream("/api/stream/event") {
                Ok(mut lines) => {
                    let (opened, mut delivered) = (std::time::Instant::now(), false);
                    while let Some(line) = lines.next_line() {
                        delivered = true;
                        // Back once something comes again (a keep-alive counts).
                        if std::mem::take(&mut lost) {
                            tell(LobbyNews::Connection { up: true });
                        }
                        if let Some(news) = lobby_news(&line, &me) {
                            tell(news);
                        }
                    }
                    if opened.elapsed() >= HELD {
                        attempt = 0;
                    }
                    // A stream the server closed after giving something is
                    // no outage until it cannot be opened again.
                    if (!lines.closed_by_server() || !delivered) && !std::mem::replace(&mut lost, true) {
                        tell(LobbyNews::Connection { up: false });
                    }
                }
                Err(e @ (ApiError::Unauthorized | ApiError::MissingScope)) => return tell(LobbyNews::Failed(e)),
                Err(e) if e.wait().is_some() => std::thread::sleep(e.wait().unwrap_or(Duration::from_secs(60))),
                Err(_) => {
                    if !std::mem::replace(&mut lost, true) {
                        tell(LobbyNews::Connection { up: false });
                    }
                }
            }
            std::thread::sleep(pause(attempt));
            attempt += 1;
        }
    });
}

fn lobby_news(line: &str, me: &str) -> Option<LobbyNews> {
    if line.trim().is_empty() {
        return None;
    }
    Some(match serde_json::from_str::<EventLine>(line).ok()? {
        EventLine::Challenge { challenge: c } => {
            if c.challenger.id.eq_ignore_ascii_case(me) || c.direction.as_deref() == Some("out") || !super::is_id(&c.id)
            {
                return None;
            }
            let tc = &c.time_control;
            let control = match (tc.limit, tc.increment) {
                (Some(l), inc) if tc.kind != "correspondence" => Some((l / 60, inc.unwrap_or(0))),
                _ => None,
            };
            let color = match c.color.as_str() {
                "white" => Some(Color::Black),
                "black" => Some(Color::White),
                _ => None,
            };
            let from = if c.challenger.name.is_empty() { c.challenger.id } else { c.challenger.name };
            LobbyNews::Challenge {
                id: c.id,
                from: super::plain_text(&from).chars().take(30).collect(),
                rating: c.challenger.rating.filter(|r| *r <= 4000),
                control,
                rated: c.rated,
                color,
            }
        }
        EventLine::ChallengeCanceled { challenge } => LobbyNews::ChallengeGone { id: challenge.id },
        EventLine::ChallengeDeclined {} => LobbyNews::Declined,
        EventLine::GameStart { game } => LobbyNews::GameStart(in_progress(game)?),
        _ => return None,
    })
}

/// Accepts or declines a challenge: a game's request (the challenger
/// waits), never held back by the quiet minute after a 429.
pub fn answer_challenge(client: &Client, id: &str, accept: bool) -> Result<(), ApiError> {
    let what = if accept { "accept" } else { "decline" };
    client.for_game().post(&format!("/api/challenge/{}/{what}", super::path_segment(id)), &[]).map(|_| ())
}

/// The id a challenge's answer names, when it has lichess's form.
#[derive(Default, serde::Deserialize)]
#[serde(default)]
struct Created {
    id: String,
}

fn created_id(body: &str) -> Option<String> {
    serde_json::from_str::<Created>(body).ok().map(|c| c.id).filter(|id| super::is_id(id))
}

/// A user's name as it may go into a path: lichess's letters only.
fn user_name(user: &str) -> String {
    user.chars().filter(|c| c.is_ascii_alphanumeric() || "_-".contains(*c)).collect()
}

/// Challenges a player with a clock of `limit` seconds and `inc`
/// (`color`: the player's, None by lot); the challenge's id (the game's,
/// once accepted), when lichess gives one. A rematch is one too.
pub fn challenge(
    client: &Client,
    user: &str,
    limit: u64,
    inc: u64,
    color: Option<Color>,
) -> Result<Option<String>, ApiError> {
    let (limit, inc) = (limit.to_string(), inc.to_string());
    let color = color_word(color);
    let user = user_name(user);
    let form = [("clock.limit", limit.as_str()), ("clock.increment", inc.as_str()), ("color", color)];
    client.post(&format!("/api/challenge/{user}"), &form).map(|body| created_id(&body))
}

/// A rematch: the same opponent, the same clock, the colours swapped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    /// The opponent's name on lichess.
    pub user: String,
    /// The clock's start (seconds) and increment (seconds).
    pub limit: u64,
    /// The increment (seconds).
    pub increment: u64,
    /// The player's colour in the rematch.
    pub color: Color,
}

/// The rematch of a game played on lichess (its Site a game's address,
/// its TimeControl a clock, the opponent named), the player having
/// played `me`; None for any other game.
pub fn rematch_of(game: &crate::notation::pgn::PgnGame, me: Color) -> Option<Rematch> {
    let site = game.known_tag("Site")?;
    let id = site.rsplit('/').next()?;
    if !(site.starts_with("http://") || site.starts_with("https://")) || !super::is_id(id) {
        return None;
    }
    let control = game.known_tag("TimeControl")?;
    let (limit, increment) = control.split_once('+').unwrap_or((control, "0"));
    let (limit, increment) = (limit.parse::<u64>().ok()?, increment.parse::<u64>().ok()?);
    let user = game.known_tag(if me == Color::White { "Black" } else { "White" })?;
    let user = user_name(user);
    (!user.is_empty() && limit > 0).then(|| Rematch { user, limit, increment, color: !me })
}

/// Challenges lichess's AI at a level; the game's id, when lichess gives
/// one.
pub fn challenge_ai(
    client: &Client,
    level: u8,
    minutes: u64,
    inc: u64,
    color: Option<Color>,
) -> Result<Option<String>, ApiError> {
    let (limit, inc, level) = ((minutes * 60).to_string(), inc.to_string(), level.to_string());
    let form = [
        ("level", level.as_str()),
        ("clock.limit", limit.as_str()),
        ("clock.increment", inc.as_str()),
        ("color", color_word(color)),
    ];
    client.post("/api/challenge/ai", &form).map(|body| created_id(&body))
}

fn color_word(color: Option<Color>) -> &'static str {
    match color {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "random",
    }
}

/// A seek, open until `cancel` is set or a game starts (the request stays
/// open while it lasts; closing it cancels the seek).
pub fn seek(
    client: &Client,
    minutes: u64,
    inc: u64,
    rated: bool,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<(), ApiError> {
    let (time, inc) = (minutes.to_string(), inc.to_string());
    let rated = if rated { "true" } else { "false" };
    let form = [("time", time.as_str()), ("increment", inc.as_str()), ("rated", rated)];
    // A seek whose request did not get through is sent once more (a
    // seek is cancelled when its request closes, so two never stand).
    let mut lines = match client.post_stream("/api/board/seek", &form) {
        Err(ApiError::Network) if !cancel.load(std::sync::atomic::Ordering::Relaxed) => {
            std::thread::sleep(Duration::from_secs(1));
            client.post_stream("/api/board/seek", &form)?
        }
        other => other?,
    };
    while lines.next_line().is_some() {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// A rematch is of a game played on lichess: its address, its clock
    /// (with or without an increment) and the opponent; the colours swap.
    #[test]
    fn a_rematch_is_read_from_a_lichess_games_record() {
        let read = |pgn: &str| {
            crate::notation::pgn::read_pgn(pgn, crate::notation::NotationLang::English, None).expect("pgn").remove(0)
        };
        let game = read(
            "[Site \"https://lichess.org/abcdEFGH\"]\n[White \"Player\"]\n[Black \"Anna\"]\n[TimeControl \"900\"]\n\n1. e4 *",
        );
        let r = super::rematch_of(&game, Color::White).expect("a rematch");
        assert_eq!((r.user.as_str(), r.limit, r.increment, r.color), ("Anna", 900, 0, Color::Black));
        let game = read(
            "[Site \"https://lichess.org/abcdEFGH\"]\n[White \"Bo b\"]\n[Black \"Player\"]\n[TimeControl \"180+2\"]\n\n1. e4 *",
        );
        let r = super::rematch_of(&game, Color::Black).expect("a rematch");
        assert_eq!((r.user.as_str(), r.limit, r.increment, r.color), ("Bob", 180, 2, Color::White));
        for not in [
            "[Site \"voxchess\"]\n[White \"A\"]\n[Black \"B\"]\n[TimeControl \"900\"]\n\n*",
            "[Site \"https://lichess.org/abcdEFGH\"]\n[White \"A\"]\n[Black \"B\"]\n[TimeControl \"-\"]\n\n*",
        ] {
            assert_eq!(super::rematch_of(&read(not), Color::White), None, "{not}");
        }
    }

    use super::*;

    #[test]
    fn lobby_lines_and_speeds() {
        let line = r#"{"type":"challenge","challenge":{"id":"chall001","challenger":{"id":"anna","name":"Anna","rating":1500},"rated":false,"timeControl":{"type":"clock","limit":900,"increment":10},"color":"white"}}"#;
        assert_eq!(
            lobby_news(line, "me"),
            Some(LobbyNews::Challenge {
                id: "chall001".into(),
                from: "Anna".into(),
                rating: Some(1500),
                control: Some((15, 10)),
                rated: false,
                color: Some(Color::Black)
            })
        );
        assert_eq!(speed_of(3, 2), SeekSpeed::TooFast);
        assert_eq!(speed_of(10, 0), SeekSpeed::Allowed);
        assert_eq!(pause(0), Duration::from_secs(1));
        assert_eq!(pause(9), Duration::from_secs(30));
    }
}
