//! Watching games on lichess (no login, nothing posted): lichess TV
//! (GET /api/tv/feed, /api/tv/{channel}/feed) or a player's game in
//! progress (GET /api/users/status?withGameIds=true for its id, then GET
//! /api/stream/game/{id}, which lichess delays by 3 moves). The feed's
//! lines are read against the position being watched and turned into
//! typed [`TvNews`]: a game featured, a move played (checked legal, and
//! checked to lead to the position the server names), a position jumped
//! to when moves were missed, a game over, the connection lost and back.
//! Nothing above this module sees the feed's JSON.

use super::api::{ApiError, Client};
use super::follow::{Read, follow};
use crate::game::Account;
use crate::rules::{Move, Position};
use serde::Deserialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// lichess TV's channels of standard chess (the variants' are not
/// watched: voxchess plays standard chess), as the API names them; the
/// first is the top-rated game, the plain feed.
pub const CHANNELS: [&str; 8] = ["best", "bullet", "blitz", "rapid", "classical", "ultraBullet", "bot", "computer"];

/// The channel a word names (any case), as the API names it.
pub fn channel(word: &str) -> Option<&'static str> {
    CHANNELS.iter().copied().find(|c| c.eq_ignore_ascii_case(word.trim()))
}

/// What the feed says, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TvNews {
    /// A game is featured (first, and whenever the channel changes game).
    Featured {
        /// The game's id.
        id: String,
        /// White's and Black's players.
        players: [Account; 2],
        /// Its position now.
        position: Position,
        /// White's and Black's clocks (ms), when given.
        clocks: Option<[u64; 2]>,
    },
    /// A move of the featured game, legal in the position before it.
    Moved {
        /// The move.
        mv: Move,
        /// White's and Black's clocks after it (ms).
        clocks: [u64; 2],
    },
    /// The position changed by more than one move (moves were missed):
    /// watching goes on from it.
    Jumped {
        /// The position now.
        position: Position,
        /// White's and Black's clocks (ms).
        clocks: [u64; 2],
    },
    /// The moves a player's game had before it was watched, from its
    /// start (the game's stream replays them after the game): watching
    /// goes on at the same position, now with them to look back on;
    /// nothing of them is news.
    History {
        /// The game's first position.
        start: Position,
        /// Its moves up to the position featured.
        moves: Vec<Move>,
    },
    /// The game watched ended (a player's game: its stream then ends).
    Ended {
        /// The winner, if any.
        winner: Option<crate::rules::Color>,
        /// Whether it was drawn.
        draw: bool,
    },
    /// The player asked for plays no game now.
    NotPlaying {
        /// The name as typed.
        name: String,
    },
    /// The feed was lost or is back.
    Connection {
        /// Back (true) or lost (false).
        up: bool,
    },
    /// The feed could not be opened: why (a channel that does not exist,
    /// too many requests, no connection).
    Failed(ApiError),
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct User {
    name: String,
    title: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FeedPlayer {
    color: String,
    user: User,
    rating: Option<u32>,
    seconds: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FeedData {
    id: String,
    players: Vec<FeedPlayer>,
    fen: String,
    lm: String,
    wc: Option<u64>,
    bc: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FeedLine {
    t: String,
    d: FeedData,
}

/// A line of a game's stream (`MoveStreamEntry`): the game's description
/// (first, and when it ends) or a move.
#[derive(Deserialize, Default)]
#[serde(default)]
struct GameLine {
    id: String,
    fen: String,
    lm: String,
    wc: Option<u64>,
    bc: Option<u64>,
    players: Option<GamePlayers>,
    status: Option<serde_json::Value>,
    winner: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct GamePlayers {
    white: FeedPlayer,
    black: FeedPlayer,
}

/// A status of a game that has ended, by lichess's name, and whether it
/// is a draw.
fn ended_status(status: &serde_json::Value) -> Option<bool> {
    let name = status.get("name").and_then(|n| n.as_str()).or_else(|| status.as_str())?;
    match name {
        "created" | "started" => None,
        "draw" | "stalemate" => Some(true),
        _ => Some(false),
    }
}

/// A position from the feed's FEN: a full one as it is; one of only the
/// placement and the side to move (a game's stream) with the castling
/// rights its kings and rooks on their squares allow.
fn position_of(fen: &str) -> Option<Position> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 2 {
        return Position::from_fen(fen).ok();
    }
    let bare = Position::from_fen(fen).ok()?;
    let at = |sq: &str| crate::rules::Square::parse(sq).and_then(|s| bare.piece_at(s)).map(|p| p.fen_char());
    let mut rights = String::new();
    for (king, rook, letter, k) in
        [("e1", "h1", 'K', 'K'), ("e1", "a1", 'Q', 'K'), ("e8", "h8", 'k', 'k'), ("e8", "a8", 'q', 'k')]
    {
        let r = if letter.is_ascii_uppercase() { 'R' } else { 'r' };
        if at(king) == Some(k) && at(rook) == Some(r) {
            rights.push(letter);
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    Position::from_fen(&format!("{} {} {rights} - 0 1", fields[0], fields[1])).ok()
}

/// The most seconds a clock may show (a day): a larger number is none.
const MAX_CLOCK_SECONDS: u64 = 86_400;

/// A player as the feed names them (no name: the words layer says the
/// side instead).
fn account(p: Option<&FeedPlayer>) -> Account {
    let Some(p) = p else {
        return Account::default();
    };
    let a = super::model::server_account(&p.user.name, p.rating, p.user.title.as_deref());
    Account { name: a.name.trim().to_string(), ..a }
}

fn clock_ms(seconds: Option<u64>) -> Option<u64> {
    seconds.filter(|s| *s <= MAX_CLOCK_SECONDS).map(|s| s * 1000)
}

/// The feed of one watcher: the position being watched, against which
/// each line is read.
#[derive(Debug, Default)]
pub struct Feed {
    position: Option<Position>,
    /// The game watched has ended (a game's stream: nothing more comes).
    over: bool,
    /// After a game's description: its positions so far, replayed by the
    /// stream, being read until they reach the position described.
    replay: Option<Replay>,
}

/// A game's positions replayed from its start: where the replay began
/// and has got to, and the moves read, until `target` (the position the
/// game's description named) is reached.
#[derive(Debug)]
struct Replay {
    target: Position,
    from: Option<(Position, Position)>,
    moves: Vec<Move>,
}

/// The most moves of a replay kept (a longer one is no game of chess:
/// its lines are read as they come).
const MAX_REPLAYED: usize = 2048;

impl Feed {
    /// A line of the feed, read; None for a keep-alive, a line that is not
    /// the feed's (unknown types, broken JSON, an illegal position) or a
    /// move before any game.
    pub fn read(&mut self, line: &str) -> Option<TvNews> {
        let value: serde_json::Value = serde_json::from_str(line).ok()?;
        if value.get("t").is_none() {
            return self.game_line(serde_json::from_value(value).ok()?);
        }
        let line: FeedLine = serde_json::from_value(value).ok()?;
        let d = line.d;
        match line.t.as_str() {
            "featured" => {
                let position = Position::from_fen(&d.fen).ok()?;
                let id: String = d.id.chars().take(12).collect();
                if !super::is_id(&id) {
                    return None;
                }
                let of = |c: &str| d.players.iter().find(|p| p.color == c);
                let players = [account(of("white")), account(of("black"))];
                let clocks =
                    clock_ms(of("white").and_then(|p| p.seconds)).zip(clock_ms(of("black").and_then(|p| p.seconds)));
                self.position = Some(position);
                Some(TvNews::Featured { id, players, position, clocks: clocks.map(|(w, b)| [w, b]) })
            }
            "fen" => self.moved(&d.fen, &d.lm, d.wc, d.bc),
            _ => None,
        }
    }

    /// A line of a game's stream: its description (the game, or its end)
    /// or a move.
    fn game_line(&mut self, g: GameLine) -> Option<TvNews> {
        if let Some(players) = &g.players {
            if let Some(draw) = g.status.as_ref().and_then(ended_status) {
                let winner = match g.winner.as_deref() {
                    Some("white") => Some(crate::rules::Color::White),
                    Some("black") => Some(crate::rules::Color::Black),
                    _ => None,
                };
                self.over = true;
                return Some(TvNews::Ended { winner, draw });
            }
            let id: String = g.id.chars().take(12).collect();
            let position = position_of(&g.fen)?;
            if !super::is_id(&id) {
                return None;
            }
            self.position = Some(position);
            self.replay = Some(Replay { target: position, from: None, moves: Vec::new() });
            let players = [account(Some(&players.white)), account(Some(&players.black))];
            return Some(TvNews::Featured { id, players, position, clocks: None });
        }
        if let Some(news) = self.replayed(&g.fen, &g.lm) {
            return news;
        }
        self.moved(&g.fen, &g.lm, g.wc, g.bc)
    }

    /// A line read as part of the replay of the game's positions so far:
    /// Some (with the whole replay once it reaches the position described)
    /// when it was; None when it is no replay (a live move), which ends
    /// the replay.
    fn replayed(&mut self, fen: &str, lm: &str) -> Option<Option<TvNews>> {
        let r = self.replay.as_mut()?;
        let Some(after) = position_of(fen) else { return Some(None) };
        let step = r.from.and_then(|(_, at)| {
            let mv = super::model::server_move(&at, lm)?;
            at.play(&mv).ok().filter(|p| same_position(p, &after)).map(|_| mv)
        });
        if same_position(&after, &r.target) {
            let mut r = self.replay.take()?;
            r.moves.extend(step);
            // Only a replay that began at a start, each move leading to
            // the next position, is a history.
            let whole = lm.is_empty() || step.is_some();
            return Some(r.from.filter(|_| whole).map(|(start, _)| TvNews::History { start, moves: r.moves }));
        }
        match (lm.is_empty(), step) {
            // The first position, with no move before it: the replay begins.
            (true, _) => {
                *r = Replay { target: r.target, from: Some((after, after)), moves: Vec::new() };
                Some(None)
            }
            (false, Some(mv)) if r.moves.len() < MAX_REPLAYED => {
                r.moves.push(mv);
                r.from = r.from.map(|(start, _)| (start, after));
                Some(None)
            }
            _ => {
                self.replay = None;
                None
            }
        }
    }

    /// A position the feed names after a move (`lm`, UCI): the move, when
    /// it is legal and leads there; else a jump to it.
    fn moved(&mut self, fen: &str, lm: &str, wc: Option<u64>, bc: Option<u64>) -> Option<TvNews> {
        let before = self.position?;
        let after = position_of(fen)?;
        let clocks = [clock_ms(wc).unwrap_or(0), clock_ms(bc).unwrap_or(0)];
        let played = super::model::server_move(&before, lm)
            .and_then(|mv| before.play(&mv).ok().map(|p| (mv, p)))
            .filter(|(_, p)| same_position(p, &after));
        match played {
            Some((mv, p)) => {
                self.position = Some(p);
                Some(TvNews::Moved { mv, clocks })
            }
            // The same position again (a clock line, the stream's first
            // position): nothing new.
            None if same_position(&before, &after) => None,
            None => {
                self.position = Some(after);
                Some(TvNews::Jumped { position: after, clocks })
            }
        }
    }
}

/// The same pieces on the same squares, the same side to move (the
/// feed's FEN may not carry the move counters).
fn same_position(a: &Position, b: &Position) -> bool {
    a.board_fen() == b.board_fen() && a.turn() == b.turn()
}

/// What is watched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Watched {
    /// A TV channel (the API's name).
    Channel(&'static str),
    /// A player's game in progress, by the player's name.
    Player(String),
}

/// Whether `name` has the form of a lichess user name: 2 to 30 ASCII
/// letters, digits, `_` and `-`.
pub fn is_username(name: &str) -> bool {
    (2..=30).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct UserStatus {
    id: String,
    #[serde(rename = "playingId")]
    playing_id: Option<String>,
}

/// The id of the game `name` plays now (GET /api/users/status with
/// `withGameIds`), if any.
fn playing_id(client: &Client, name: &str) -> Result<Option<String>, ApiError> {
    let path = format!("/api/users/status?ids={}&withGameIds=true", super::path_segment(name));
    let found: Vec<UserStatus> = client.get_api_json(&path)?;
    Ok(found
        .into_iter()
        .find(|u| u.id.eq_ignore_ascii_case(name))
        .and_then(|u| u.playing_id)
        .filter(|id| super::is_id(id)))
}

/// The feed's path: the top-rated game's, or a channel's.
pub fn feed_path(channel: &str) -> String {
    if channel == CHANNELS[0] {
        "/api/tv/feed".into()
    } else {
        format!("/api/tv/{}/feed", super::path_segment(channel))
    }
}

/// Follows what is watched on a thread of its own until `stop` is set,
/// each line read and sent as [`TvNews`] through `news`: a channel's
/// feed, or the stream of the game a player plays now (none: one
/// `NotPlaying`). The feed is kept open by [`super::follow::follow`]; a
/// game's stream ends with the game. A feed that cannot be opened at
/// first (a server that is not lichess, too many streams) is one
/// `Failed`, and the thread ends. No token is sent: watching needs none.
pub fn watch(server: &str, what: Watched, news: impl Fn(TvNews) + Send + 'static, stop: Arc<AtomicBool>) {
    let client = Client::new(server, "");
    let _ = std::thread::Builder::new().name("lichess-tv".into()).spawn(move || {
        let path = match &what {
            Watched::Channel(channel) => feed_path(channel),
            Watched::Player(name) => match playing_id(&client, name) {
                Ok(Some(id)) => format!("/api/stream/game/{id}"),
                Ok(None) => return news(TvNews::NotPlaying { name: name.clone() }),
                Err(e) => return news(TvNews::Failed(e)),
            },
        };
        let mut feed = Feed::default();
        let read = |line: &str| {
            if let Some(n) = feed.read(line) {
                news(n);
            }
            if feed.over { Read::Over } else { Read::More }
        };
        let connection = |up| news(TvNews::Connection { up });
        if let Err(e) = follow(&client, &path, read, connection, || stop.load(Ordering::Relaxed)) {
            news(TvNews::Failed(e));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const FEATURED: &str = r#"{"t":"featured","d":{"id":"3hkEI6VI","orientation":"white","players":[{"color":"white","user":{"name":"TheMarsisback2015","id":"themarsisback2015"},"rating":3180,"seconds":30},{"color":"black","user":{"name":"Kurse-Aura1","title":"GM","id":"kurse-aura1"},"rating":2969,"seconds":30}],"fen":"3r1rk1/pp2p1b1/4P2p/3NP1p1/4qp2/5Q2/PP4K1/3R3R b - - 5 31"}}"#;

    /// The spec's examples: a game featured, then its next move.
    #[test]
    fn the_specs_examples_are_read() {
        let mut feed = Feed::default();
        let Some(TvNews::Featured { id, players, clocks, .. }) = feed.read(FEATURED) else { panic!("featured") };
        assert_eq!(id, "3hkEI6VI");
        assert_eq!(players[1].name, "Kurse-Aura1");
        assert_eq!(players[1].title.as_deref(), Some("GM"));
        assert_eq!(clocks, Some([30_000, 30_000]));
        let mv = r#"{"t":"fen","d":{"fen":"3r1rk1/pp2p1b1/4P2p/3Nq1p1/5p2/5Q2/PP4K1/3R3R w - - 0 32","lm":"e4e5","wc":9,"bc":16}}"#;
        let Some(TvNews::Moved { mv, clocks }) = feed.read(mv) else { panic!("moved") };
        assert_eq!(mv.uci(), "e4e5");
        assert_eq!(clocks, [9_000, 16_000]);
    }

    /// A move that does not lead to the position named is a jump; an
    /// illegal one too; the same position again is nothing new; a move
    /// before any game is nothing.
    #[test]
    fn moves_are_checked_against_the_position() {
        let mut feed = Feed::default();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let line = |fen: &str, lm: &str| format!(r#"{{"t":"fen","d":{{"fen":"{fen}","lm":"{lm}","wc":60,"bc":60}}}}"#);
        assert_eq!(feed.read(&line(start, "e2e4")), None);
        let featured = FEATURED.replace("3r1rk1/pp2p1b1/4P2p/3NP1p1/4qp2/5Q2/PP4K1/3R3R b - - 5 31", start);
        assert!(matches!(feed.read(&featured), Some(TvNews::Featured { .. })));
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert!(matches!(feed.read(&line(e4, "d2d4")), Some(TvNews::Jumped { .. })));
        assert_eq!(feed.read(&line(e4, "e2e4")), None, "the same position again");
        let e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert!(matches!(feed.read(&line(e5, "e7e5")), Some(TvNews::Moved { .. })));
        assert_eq!(feed.read("{\"t\":\"fen\",\"d\":{\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"lm\":\"a1a2\"}}"), None);
        assert_eq!(feed.read(""), None);
    }

    /// A game's stream (the spec's MoveStream example): the game, then
    /// moves whose FEN has only the placement and the side to move;
    /// castling read from a short FEN; the game's end.
    #[test]
    fn a_games_stream_is_read() {
        let mut feed = Feed::default();
        let game = r#"{"id":"LuGQwhBb","variant":{"key":"standard"},"speed":"blitz","initialFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","player":"white","turns":0,"status":{"id":20,"name":"started"},"players":{"white":{"user":{"name":"ARM-777777","title":"GM","id":"arm-777777"},"rating":3120},"black":{"user":{"name":"Flash_Marafon","id":"flash_marafon"},"rating":3015}}}"#;
        let Some(TvNews::Featured { id, players, .. }) = feed.read(game) else { panic!("the game") };
        assert_eq!((id.as_str(), players[0].title.as_deref()), ("LuGQwhBb", Some("GM")));
        assert_eq!(feed.read(r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w","wc":180,"bc":180}"#), None);
        let e3 = r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b","lm":"e2e3","wc":180,"bc":180}"#;
        assert!(matches!(feed.read(e3), Some(TvNews::Moved { .. })));
        let castled = position_of("r3k2r/8/8/8/8/8/8/R3K1R1 w").unwrap();
        assert_eq!(castled.to_fen(), "r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1");
        let end =
            game.replace(r#""name":"started""#, r#""name":"mate""#).replace(r#""turns":0"#, r#""winner":"black""#);
        assert_eq!(feed.read(&end), Some(TvNews::Ended { winner: Some(crate::rules::Color::Black), draw: false }));
        assert!(feed.over);
        assert!(is_username("Flash_Marafon") && !is_username("a") && !is_username("x/y") && !is_username("ab cd"));
    }

    /// A game's stream replays the game's positions after describing it
    /// (as lila's ApiMoveStream does): the replay is one History, never
    /// a jump or moves said as news; the moves after it are news; a
    /// stream that does not replay goes straight on with its moves.
    #[test]
    fn a_games_replayed_positions_are_its_history() {
        let game = |fen: &str| {
            format!(
                r#"{{"id":"LuGQwhBb","fen":"{fen}","turns":2,"status":{{"id":20,"name":"started"}},"players":{{"white":{{"user":{{"name":"A"}}}},"black":{{"user":{{"name":"B"}}}}}}}}"#
            )
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w";
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b";
        let e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w";
        let nf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b";
        let line = |fen: &str, lm: &str| format!(r#"{{"fen":"{fen}","lm":"{lm}","wc":60,"bc":60}}"#);
        for _ in 0..2 {
            // Twice: a stream opened anew replays again, as quietly.
            let mut feed = Feed::default();
            assert!(matches!(feed.read(&game(e5)), Some(TvNews::Featured { .. })));
            assert_eq!(feed.read(&format!(r#"{{"fen":"{start}","wc":60,"bc":60}}"#)), None);
            assert_eq!(feed.read(&line(e4, "e2e4")), None);
            let Some(TvNews::History { start: first, moves }) = feed.read(&line(e5, "e7e5")) else { panic!("history") };
            assert_eq!(first.board_fen(), Position::start().board_fen());
            assert_eq!(moves.iter().map(|m| m.uci()).collect::<Vec<_>>(), ["e2e4", "e7e5"]);
            assert!(matches!(feed.read(&line(nf3, "g1f3")), Some(TvNews::Moved { .. })));
        }
        // No replay: the next line is a move from the position described.
        let mut feed = Feed::default();
        assert!(matches!(feed.read(&game(e5)), Some(TvNews::Featured { .. })));
        assert!(matches!(feed.read(&line(nf3, "g1f3")), Some(TvNews::Moved { .. })));
    }

    #[test]
    fn channels_and_paths() {
        assert_eq!(channel("Rapid"), Some("rapid"));
        assert_eq!(channel("ultrabullet"), Some("ultraBullet"));
        assert_eq!(channel("atomic"), None);
        assert_eq!(feed_path("best"), "/api/tv/feed");
        assert_eq!(feed_path("blitz"), "/api/tv/blitz/feed");
    }

    proptest! {
        /// Any line is read or left, never a panic; a name is clean.
        #[test]
        fn any_line_is_read_or_left(text in ".{0,300}", name in "\\PC{0,60}") {
            let mut feed = Feed::default();
            let _ = feed.read(&text);
            let featured = FEATURED.replace("Kurse-Aura1", &name.replace(['"', '\\'], ""));
            if let Some(TvNews::Featured { players, .. }) = feed.read(&featured) {
                prop_assert!(players.iter().all(|p| !p.name.chars().any(char::is_control) && p.name.chars().count() <= 30));
            }
            let _ = feed.read(&text);
        }
    }
}
