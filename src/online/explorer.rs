//! lichess's opening explorer (GET /masters and GET /lichess on its own
//! host, explorer.lichess.org; a token is required since 2026): the
//! games played from a position, its most played moves with how they
//! scored, and the opening's name. Everything the server says is checked
//! as a stranger's: a move that is not legal here is dropped, names are
//! cleaned and cut, counts are numbers or nothing.

use super::api::{ApiError, Client};
use super::path_segment;
use crate::rules::{Move, Position};
use serde::Deserialize;

/// How many moves are asked for (lichess's default is 12; a listener
/// wants the few most played).
pub const MOVES_ASKED: usize = 8;

/// Which database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Database {
    /// Over-the-board games of masters (GET /masters).
    Masters,
    /// Rated games played on lichess (GET /lichess), with the settings'
    /// filters.
    Lichess,
}

/// The lichess database's filters, from the settings file: speeds
/// (bullet, blitz, rapid, classical, correspondence, ultraBullet) and
/// rating groups (0, 1000, 1200, ..., 2500). Empty means all.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filters {
    /// Speeds, as lichess names them.
    pub speeds: Vec<String>,
    /// Rating groups, each the lower end of its group.
    pub ratings: Vec<u16>,
}

pub use crate::config::{EXPLORER_RATINGS as RATING_GROUPS, EXPLORER_SPEEDS as SPEEDS};

pub use crate::study::openings::Opening;

/// One move of the explorer's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExploredMove {
    /// The move (legal in the position asked about).
    pub mv: Move,
    /// Games won by White, drawn, won by Black after it.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Games won by Black.
    pub black: u64,
}

impl ExploredMove {
    /// Games played with this move.
    pub fn games(&self) -> u64 {
        self.white.saturating_add(self.draws).saturating_add(self.black)
    }
}

/// The explorer's answer about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explored {
    /// The opening, when lichess names the position.
    pub opening: Option<Opening>,
    /// Games from the position: won by White, drawn, won by Black.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Games won by Black.
    pub black: u64,
    /// The most played moves, most played first.
    pub moves: Vec<ExploredMove>,
}

impl Explored {
    /// Games played from the position.
    pub fn games(&self) -> u64 {
        self.white.saturating_add(self.draws).saturating_add(self.black)
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct OpeningJson {
    eco: String,
    name: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct MoveJson {
    uci: String,
    white: u64,
    draws: u64,
    black: u64,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ExplorerJson {
    opening: Option<OpeningJson>,
    white: u64,
    draws: u64,
    black: u64,
    moves: Vec<MoveJson>,
}

/// The query's value percent-encoded (a FEN's spaces and slashes).
fn query(text: &str) -> String {
    path_segment(text)
}

/// The path and query of a question about `pos` (the FEN sent as it is,
/// encoded; no move list, so nothing else travels).
pub fn request_path(db: Database, pos: &Position, filters: &Filters) -> String {
    let fen = query(&pos.to_fen());
    match db {
        Database::Masters => format!("/masters?fen={fen}&moves={MOVES_ASKED}&topGames=0"),
        Database::Lichess => {
            let mut path = format!("/lichess?variant=standard&fen={fen}&moves={MOVES_ASKED}&topGames=0&recentGames=0");
            let speeds: Vec<&str> = filters.speeds.iter().map(String::as_str).filter(|s| SPEEDS.contains(s)).collect();
            if !speeds.is_empty() {
                path.push_str(&format!("&speeds={}", query(&speeds.join(","))));
            }
            let ratings: Vec<String> =
                filters.ratings.iter().filter(|r| RATING_GROUPS.contains(r)).map(u16::to_string).collect();
            if !ratings.is_empty() {
                path.push_str(&format!("&ratings={}", query(&ratings.join(","))));
            }
            path
        }
    }
}

/// Text from the server as a name: cleaned, at most 120 characters.
fn name_text(text: &str) -> String {
    super::plain_text(text).trim().chars().take(120).collect()
}

/// The server's answer read against the position it is about.
fn read(json: ExplorerJson, pos: &Position) -> Explored {
    let opening = json.opening.and_then(|o| {
        let name = name_text(&o.name);
        let eco: String = o.eco.chars().take(3).collect();
        let eco =
            if eco.len() == 3 && eco.starts_with(|c: char| ('A'..='E').contains(&c)) { eco } else { String::new() };
        (!name.is_empty()).then_some(Opening { eco, name })
    });
    let mut moves: Vec<ExploredMove> = Vec::new();
    for m in json.moves {
        // Counts past any database's are no answer: that move is left.
        if [m.white, m.draws, m.black].iter().any(|n| *n > MAX_GAMES) {
            continue;
        }
        let Some(mv) = super::model::server_move(pos, &m.uci) else { continue };
        if moves.iter().any(|seen| seen.mv == mv) {
            continue;
        }
        moves.push(ExploredMove { mv, white: m.white, draws: m.draws, black: m.black });
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.games()));
    moves.truncate(MOVES_ASKED);
    // The position's totals: lichess's, unless past any database's or
    // fewer than its moves' (then the moves' own).
    let sum = |f: fn(&ExploredMove) -> u64| moves.iter().map(f).fold(0u64, u64::saturating_add);
    let (white, draws, black) = (sum(|m| m.white), sum(|m| m.draws), sum(|m| m.black));
    let told = [json.white, json.draws, json.black];
    let (white, draws, black) = if told.iter().all(|n| *n <= MAX_GAMES)
        && json.white.saturating_add(json.draws).saturating_add(json.black) >= white + draws + black
    {
        (json.white, json.draws, json.black)
    } else {
        (white, draws, black)
    };
    Explored { opening, white, draws, black, moves }
}

/// More games than any database holds (lichess's has some billions).
const MAX_GAMES: u64 = 100_000_000_000;

/// Asks the explorer at `client`'s server about `pos`. An answer that
/// is not the explorer's JSON is [`ApiError::NotTheApi`].
pub fn explore(client: &Client, db: Database, pos: &Position, filters: &Filters) -> Result<Explored, ApiError> {
    let json: ExplorerJson = client.get_api_json(&request_path(db, pos, filters))?;
    Ok(read(json, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_answer_is_read_against_the_position() {
        let text = r#"{"opening":{"eco":"B20","name":"Sicilian Defense\u001b[2J"},"white":10,"draws":5,"black":5,
            "moves":[{"uci":"e7e5","white":1,"draws":1,"black":1},{"uci":"c7c5","white":5,"draws":2,"black":3},
            {"uci":"e2e4","white":9,"draws":9,"black":9},{"uci":"zz","white":1}]}"#;
        let json: ExplorerJson = serde_json::from_str(text).unwrap();
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let e = read(json, &pos);
        assert_eq!(e.opening.as_ref().map(|o| o.name.as_str()), Some("Sicilian Defense [2J"));
        assert_eq!(e.games(), 20);
        // The illegal e2e4 and the broken move are dropped; most played first.
        let moves: Vec<String> = e.moves.iter().map(|m| m.mv.uci()).collect();
        assert_eq!(moves, ["c7c5", "e7e5"]);
        // Absurd counts (issue 50, item 10): the move with them left out,
        // the totals the moves' own, so no share is said as 0 percent.
        let absurd = r#"{"white":18446744073709551615,"draws":0,"black":0,
            "moves":[{"uci":"e7e5","white":1,"draws":1,"black":1},{"uci":"c7c5","white":18446744073709551615,"draws":2,"black":3}]}"#;
        let e = read(serde_json::from_str(absurd).unwrap(), &pos);
        let moves: Vec<String> = e.moves.iter().map(|m| m.mv.uci()).collect();
        assert_eq!(moves, ["e7e5"]);
        assert_eq!(e.games(), 3);
    }

    #[test]
    fn the_request_names_only_known_filters() {
        let f = Filters { speeds: vec!["blitz".into(), "x&y=z".into()], ratings: vec![1600, 1700] };
        let path = request_path(Database::Lichess, &Position::start(), &f);
        assert!(path.starts_with("/lichess?variant=standard&fen=rnbqkbnr%2Fpppppppp%2F8"), "{path}");
        assert!(path.ends_with("&speeds=blitz&ratings=1600"), "{path}");
        assert!(request_path(Database::Masters, &Position::start(), &f).starts_with("/masters?fen="));
    }

    proptest! {
        #[test]
        fn any_answer_is_read_or_refused(text in ".{0,300}") {
            if let Ok(json) = serde_json::from_str::<ExplorerJson>(&text) {
                let _ = read(json, &Position::start());
            }
        }
    }
}
