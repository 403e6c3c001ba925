//! Following lichess broadcasts (over-the-board events relayed live):
//! the current top broadcasts (GET /api/broadcast/top), a tournament's
//! rounds (GET /api/broadcast/{id}), a round's games as they stand (GET
//! /api/broadcast/round/{id}.pgn), then its stream (GET
//! /api/stream/broadcast/round/{id}.pgn), which sends every game first,
//! then a game's whole PGN again each time it changes. The PGN is read by
//! the one reader of PGN into typed [`Board`]s; nothing above this
//! module sees the server's JSON or PGN. No token is sent: public
//! broadcasts need none, and nothing is posted.

use super::api::{ApiError, Client};
use super::follow::{Read, follow};
use crate::game::Account;
use crate::notation::NotationLang;
use crate::notation::pgn::{PgnGame, PgnNode, pgn_games};
use crate::rules::Color;
use serde::Deserialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A broadcast lichess lists now, with its current round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The tournament's id.
    pub tour_id: String,
    /// The tournament's name.
    pub tour: String,
    /// The current round's id.
    pub round_id: String,
    /// The current round's name.
    pub round: String,
    /// The round is being played now.
    pub ongoing: bool,
    /// When the round starts (ms since the epoch), if it has not.
    pub starts_at: Option<u64>,
}

/// A round opened: its games as they stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The tournament's name.
    pub tour: String,
    /// The tournament's id (its players and standings are asked by it).
    pub tour_id: String,
    /// The round's id.
    pub id: String,
    /// The round's name.
    pub name: String,
    /// Its number among the tournament's rounds (from 1), and how many
    /// there are.
    pub number: usize,
    /// How many rounds the tournament has.
    pub count: usize,
    /// Its games, in the server's order (the boards).
    pub boards: Vec<Board>,
    /// Games of the round that could not be read (each left alone, the
    /// others kept).
    pub unread: usize,
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// What names the game across updates (its id in the game's URL, or
    /// its players).
    pub key: String,
    /// White's and Black's players.
    pub players: [Account; 2],
    /// Its moves (the main line only; comments and variations left out).
    pub game: PgnGame,
    /// White's and Black's clocks (ms) after their last moves, when the
    /// PGN gives them.
    pub clocks: Option<[u64; 2]>,
    /// The result, once the game is over: the winner, or None for a draw.
    pub result: Option<Option<Color>>,
}

/// Why a round could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The server's answer.
    #[error("{0}")]
    Api(#[from] ApiError),
    /// There is no round of that number.
    #[error("there is no round {asked}; the tournament has {count}")]
    NoRound {
        /// The number asked for.
        asked: usize,
        /// How many rounds there are.
        count: usize,
    },
}

/// What the round's stream says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundNews {
    /// A game as it stands now (sent again whenever it changes).
    Board(Box<Board>),
    /// The stream was lost, or is back.
    Connection {
        /// Back.
        up: bool,
    },
    /// The stream could not be opened.
    Failed(ApiError),
    /// The event's players, asked for (`standings`: as its standings).
    Players {
        /// Asked as the standings.
        standings: bool,
        /// The players, or why not.
        players: Result<Vec<EventPlayer>, ApiError>,
    },
}

/// A player of a broadcast's event, as lichess lists them (GET
/// /broadcast/{id}/players): what the spec's `BroadcastPlayerEntry` gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventPlayer {
    /// The name (cleaned, at most 60 characters).
    pub name: String,
    /// FIDE's title (GM, IM, WFM...), when given.
    pub title: Option<String>,
    /// The rating, when given.
    pub rating: Option<u32>,
    /// The federation (three letters), when given.
    pub fed: Option<String>,
    /// The points scored, in halves (2.5 points: 5).
    pub halves: Option<u32>,
    /// The games played.
    pub played: Option<u32>,
    /// The place in the standings, when lichess has one.
    pub rank: Option<u32>,
}

/// The most players of an event kept.
pub const MAX_PLAYERS: usize = 1000;

#[derive(Deserialize)]
struct RawPlayer {
    name: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    rating: Option<u32>,
    #[serde(default)]
    fed: Option<String>,
    #[serde(default)]
    score: Option<f64>,
    #[serde(default)]
    played: Option<u32>,
    #[serde(default)]
    rank: Option<u32>,
}

/// The players of broadcast tournament `tour_id` (no token sent); an
/// entry not of the spec's form is left out, a score not a number of
/// half points is none.
pub fn players(client: &Client, tour_id: &str) -> Result<Vec<EventPlayer>, ApiError> {
    if !is_broadcast_id(tour_id) {
        return Err(ApiError::NotTheApi);
    }
    let all: Vec<serde_json::Value> = client.get_api_json(&format!("/broadcast/{tour_id}/players"))?;
    Ok(all
        .into_iter()
        .filter_map(|v| serde_json::from_value::<RawPlayer>(v).ok())
        .filter_map(event_player)
        .take(MAX_PLAYERS)
        .collect())
}

/// A player as kept: named, its title, federation and score sane.
fn event_player(raw: RawPlayer) -> Option<EventPlayer> {
    let name = name_of(&raw.name);
    let short_code = |t: Option<String>, max: usize| {
        t.filter(|t| !t.is_empty() && t.len() <= max && t.bytes().all(|b| b.is_ascii_alphabetic()))
    };
    let halves = raw.score.filter(|s| s.is_finite() && *s >= 0.0 && *s <= 10_000.0 && (s * 2.0).fract() == 0.0);
    (!name.is_empty()).then(|| EventPlayer {
        name,
        title: short_code(raw.title, 4),
        rating: raw.rating.filter(|r| *r <= 4000),
        fed: short_code(raw.fed, 3),
        halves: halves.map(|s| (s * 2.0) as u32),
        played: raw.played.filter(|p| *p <= 10_000),
        rank: raw.rank.filter(|r| *r >= 1),
    })
}

/// The standings: the players with a place or a score, by place (else by
/// score, then by name); a player with neither is left out.
pub fn standings(players: &[EventPlayer]) -> Vec<EventPlayer> {
    let mut ranked: Vec<EventPlayer> =
        players.iter().filter(|p| p.rank.is_some() || p.halves.is_some()).cloned().collect();
    ranked.sort_by(|a, b| {
        let place = |p: &EventPlayer| p.rank.unwrap_or(u32::MAX);
        place(a).cmp(&place(b)).then(b.halves.cmp(&a.halves)).then(a.name.cmp(&b.name))
    });
    ranked
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Top {
    active: Vec<WithRound>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct WithRound {
    tour: Named,
    round: RoundInfo,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Named {
    id: String,
    name: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RoundInfo {
    id: String,
    name: String,
    ongoing: bool,
    #[serde(rename = "startsAt")]
    starts_at: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Tour {
    tour: Named,
    rounds: Vec<RoundInfo>,
}

/// Whether `id` has the form of a broadcast's or a round's id: 8 ASCII
/// letters and digits.
fn is_broadcast_id(id: &str) -> bool {
    id.len() == 8 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A name from the server, clean and at most 60 characters.
fn name_of(text: &str) -> String {
    super::plain_text(text).chars().take(60).collect::<String>().trim().to_string()
}

/// The most broadcasts listed.
const MAX_LISTED: usize = 20;

/// The broadcasts lichess shows now (the active ones of the top list).
pub fn top(client: &Client) -> Result<Vec<Listed>, ApiError> {
    let top: Top = client.get_api_json("/api/broadcast/top")?;
    Ok(top
        .active
        .into_iter()
        .filter(|b| is_broadcast_id(&b.tour.id) && is_broadcast_id(&b.round.id))
        .take(MAX_LISTED)
        .map(|b| Listed {
            tour_id: b.tour.id,
            tour: name_of(&b.tour.name),
            round_id: b.round.id,
            round: name_of(&b.round.name),
            ongoing: b.round.ongoing,
            starts_at: b.round.starts_at,
        })
        .collect())
}

/// Opens round `number` (from 1) of a broadcast listed, or its current
/// round: the tournament's rounds, then the round's games as they stand.
pub fn open(client: &Client, listed: &Listed, number: Option<usize>) -> Result<Round, OpenError> {
    let tour: Tour = client.get_api_json(&format!("/api/broadcast/{}", super::path_segment(&listed.tour_id)))?;
    let rounds: Vec<RoundInfo> = tour.rounds.into_iter().filter(|r| is_broadcast_id(&r.id)).take(200).collect();
    let count = rounds.len();
    let index = match number {
        Some(n) => n.checked_sub(1).filter(|i| *i < count).ok_or(OpenError::NoRound { asked: n, count })?,
        None => rounds.iter().position(|r| r.id == listed.round_id).unwrap_or(0),
    };
    let (id, name) = match rounds.get(index) {
        Some(r) => (r.id.clone(), name_of(&r.name)),
        None => (listed.round_id.clone(), listed.round.clone()),
    };
    let text = client.get_text(&format!("/api/broadcast/round/{}.pgn", super::path_segment(&id)))?;
    let mut boards: Vec<Board> = Vec::new();
    // A game at a time: one that cannot be read is left alone.
    let mut reader = RoundReader::default();
    let read: Vec<Board> = text.lines().chain(std::iter::once("")).filter_map(|l| reader.line(l)).collect();
    for board in read {
        match boards.iter().position(|b| b.key == board.key) {
            Some(i) => boards[i] = board,
            None if boards.len() < MAX_BOARDS => boards.push(board),
            None => {}
        }
    }
    let tour_name = if tour.tour.name.is_empty() { listed.tour.clone() } else { name_of(&tour.tour.name) };
    let tour_id = listed.tour_id.clone();
    Ok(Round {
        tour: tour_name,
        tour_id,
        id,
        name,
        number: index + 1,
        count: count.max(1),
        boards,
        unread: reader.unread,
    })
}

/// The most boards of a round followed.
pub const MAX_BOARDS: usize = 400;

/// The games of a PGN text, as boards; a game that cannot be read is
/// left out (the next update of it may be whole).
pub fn boards_of(text: &str) -> Vec<Board> {
    pgn_games(text, NotationLang::English, None).map_while(Result::ok).map(board_of).collect()
}

/// A game read: its players, moves, clocks and result.
fn board_of(game: PgnGame) -> Board {
    let tag = |name: &str| game.tag(name).map(name_of).unwrap_or_default();
    let account = |side: &str| {
        let rating = game.tag(&format!("{side}Elo")).and_then(|r| r.trim().parse().ok());
        super::model::server_account(&tag(side), rating, game.tag(&format!("{side}Title")))
    };
    let players = [account("White"), account("Black")];
    let url_id = |name: &str| {
        game.tag(name).and_then(|u| u.rsplit('/').next()).filter(|id| is_broadcast_id(id)).map(str::to_string)
    };
    let key = url_id("GameURL")
        .or_else(|| url_id("Site"))
        .unwrap_or_else(|| format!("{}|{}", players[0].name, players[1].name));
    let result = match game.result.as_str() {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        "1/2-1/2" => Some(None),
        _ => None,
    };
    let clocks = clocks_of(&game);
    let mut plain = PgnGame::new(game.start);
    plain.tags = game.tags.clone();
    plain.result = game.result.clone();
    plain.moves = game.moves.iter().map(|n| PgnNode::new(n.mv)).collect();
    Board { key, players, game: plain, clocks, result }
}

/// White's and Black's clocks after their last moves (`[%clk h:mm:ss]`
/// in the moves' comments), when both are given.
fn clocks_of(game: &PgnGame) -> Option<[u64; 2]> {
    let mut clocks = [None, None];
    let mut side = game.start.turn();
    for node in &game.moves {
        if let Some(ms) = node.notes().comments.iter().find_map(|c| clock_in(c)) {
            clocks[usize::from(side == Color::Black)] = Some(ms);
        }
        side = !side;
    }
    Some([clocks[0]?, clocks[1]?])
}

/// The time of a `[%clk h:mm:ss]` command in a comment (ms); at most a
/// day.
fn clock_in(comment: &str) -> Option<u64> {
    let rest = &comment[comment.find("[%clk")? + 5..];
    let text = rest[..rest.find(']')?].trim();
    let parts: Vec<&str> = text.split(':').collect();
    let [h, m, s] = parts.as_slice() else { return None };
    let whole = |t: &str| t.parse::<u64>().ok();
    let secs: f64 = s.parse().ok().filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s < 60.0)?;
    let ms = (whole(h)? * 3600 + whole(m)?.min(59) * 60) * 1000 + (secs * 1000.0) as u64;
    (ms <= 86_400_000).then_some(ms)
}

/// The games of a stream of PGN, read a game at a time: a game is whole
/// when its movetext ends with a result (`*` too).
#[derive(Debug, Default)]
pub struct RoundReader {
    pending: String,
    in_moves: bool,
    /// Games that ended and could not be read.
    pub unread: usize,
}

/// The most text one game of a stream may have; more is dropped.
const MAX_GAME_TEXT: usize = 512 * 1024;

impl RoundReader {
    /// A line of the stream: the game it ends, if it ends one.
    pub fn line(&mut self, line: &str) -> Option<Board> {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && self.in_moves {
            // A tag after movetext that never ended: a new game begins.
            self.pending.clear();
            self.in_moves = false;
        }
        if self.pending.len() + line.len() > MAX_GAME_TEXT {
            self.pending.clear();
            self.in_moves = false;
            return None;
        }
        self.pending.push_str(line);
        self.pending.push('\n');
        if trimmed.is_empty() || trimmed.starts_with('[') {
            return None;
        }
        self.in_moves = true;
        let last = trimmed.rsplit(char::is_whitespace).next().unwrap_or_default();
        if !["*", "1-0", "0-1", "1/2-1/2"].contains(&last) {
            return None;
        }
        let text = std::mem::take(&mut self.pending);
        self.in_moves = false;
        let board = boards_of(&text).into_iter().next();
        if board.is_none() {
            self.unread += 1;
        }
        board
    }
}

/// Follows round `id`'s stream on a thread of its own until `stop` is
/// set, each game sent as [`RoundNews::Board`] as it comes (the stream
/// first sends every game as it stands: the reader of the news compares).
pub fn follow_round(server: &str, id: &str, news: impl Fn(RoundNews) + Send + 'static, stop: Arc<AtomicBool>) {
    let client = Client::new(server, "");
    let path = format!("/api/stream/broadcast/round/{}.pgn", super::path_segment(id));
    let _ = std::thread::Builder::new().name("lichess-broadcast".into()).spawn(move || {
        let mut reader = RoundReader::default();
        let read = |line: &str| {
            if let Some(board) = reader.line(line) {
                news(RoundNews::Board(Box::new(board)));
            }
            Read::More
        };
        let connection = |up| news(RoundNews::Connection { up });
        if let Err(e) = follow(&client, &path, read, connection, || stop.load(Ordering::Relaxed)) {
            news(RoundNews::Failed(e));
        }
    });
}

/// What a broadcast call of the lobby brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BroadcastNews {
    /// The broadcasts live now.
    List(Vec<Listed>),
    /// A broadcast's round opened, and the broadcasts it was chosen from.
    Opened(Box<Round>, Vec<Listed>),
    /// No broadcast of that number in the list.
    NoBroadcast(usize),
    /// No round of that number: how many there are.
    NoRound {
        /// The number asked for.
        asked: usize,
        /// How many rounds there are.
        count: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The spec's example of the round's stream.
    const STREAMED: &str = "[Event \"Knight Invitational\"]\n[Site \"https://lichess.org/broadcast/knight-invitational-2/final-round-2/4Yuk2i2H/5rsW2cRb\"]\n[White \"Player 1\"]\n[Black \"Player 2\"]\n[Result \"*\"]\n[WhiteTitle \"GM\"]\n[WhiteElo \"2750\"]\n[GameURL \"https://lichess.org/broadcast/knight-invitational-2/final-round-2/4Yuk2i2H/5rsW2cRb\"]\n\n1. e4 { [%clk 1:40:10] } e5 { [%clk 1:39:58.5] } *\n\n\n[Event \"Knight Invitational\"]\n[White \"Player 3\"]\n[Black \"Player 4\"]\n[Result \"1/2-1/2\"]\n[GameURL \"https://lichess.org/broadcast/knight-invitational-2/final-round-2/4Yuk2i2H/YjQbXprq\"]\n\n1. d4 d5\n2. c4 1/2-1/2\n";

    #[test]
    fn the_specs_round_is_read_a_game_at_a_time() {
        let mut reader = RoundReader::default();
        let boards: Vec<Board> = STREAMED.lines().filter_map(|l| reader.line(l)).collect();
        assert_eq!(boards.len(), 2);
        let (a, b) = (&boards[0], &boards[1]);
        assert_eq!(a.key, "5rsW2cRb");
        assert_eq!(a.players[0].name, "Player 1");
        assert_eq!(a.players[0].title.as_deref(), Some("GM"));
        assert_eq!(a.players[0].rating, Some(2750));
        assert_eq!(a.game.moves.len(), 2);
        assert!(a.game.moves.iter().all(|n| n.notes().comments.is_empty()));
        assert_eq!(a.clocks, Some([6_010_000, 5_998_500]));
        assert_eq!(a.result, None);
        assert_eq!((b.key.as_str(), b.game.moves.len(), b.result), ("YjQbXprq", 3, Some(None)));
        assert_eq!(b.clocks, None);
        assert_eq!(boards_of(STREAMED), boards);
    }

    #[test]
    fn clocks_are_read_with_care() {
        assert_eq!(clock_in("[%clk 0:03:00]"), Some(180_000));
        assert_eq!(clock_in("x [%clk 1:01:27.5] y"), Some(3_687_500));
        assert_eq!(clock_in("[%clk 99:00:00]"), None);
        assert_eq!(clock_in("[%clk 0:00:61]"), None);
        assert_eq!(clock_in("[%clk NaN]"), None);
        assert_eq!(clock_in("[%clk 0:00:inf]"), None);
        assert_eq!(clock_in("no clock"), None);
    }

    /// Issue 50, item 10: a first board with an illegal move is left out
    /// alone; the boards after it are read, and the one left out counted.
    #[test]
    fn a_bad_board_is_left_alone() {
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e5 e4 *\n\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 *\n\n[White \"E\"]\n[Black \"F\"]\n\n1. c4 *\n";
        let mut reader = RoundReader::default();
        let boards: Vec<Board> = text.lines().filter_map(|l| reader.line(l)).collect();
        assert_eq!(boards.len(), 2);
        assert_eq!(reader.unread, 1);
    }

    #[test]
    fn a_game_that_never_ends_is_dropped_at_the_next() {
        let mut reader = RoundReader::default();
        assert_eq!(reader.line("[White \"A\"]"), None);
        assert_eq!(reader.line("1. e4 e5"), None);
        // The next game's tags: the broken one is gone.
        for l in STREAMED.lines().take(10) {
            let _ = reader.line(l);
        }
        assert!(reader.pending.is_empty());
    }

    proptest! {
        /// Any lines are read or left, never a panic; what is read is clean.
        #[test]
        fn any_stream_is_read_or_left(lines in proptest::collection::vec("\\PC{0,80}", 0..40)) {
            let mut reader = RoundReader::default();
            for l in &lines {
                if let Some(b) = reader.line(l) {
                    prop_assert!(b.players.iter().all(|p| !p.name.chars().any(char::is_control)));
                }
            }
            let _ = boards_of(&lines.join("\n"));
        }
    }
}
