//! lichess's puzzles: the daily puzzle (GET /api/puzzle/daily, no login),
//! read into a [`Puzzle`] of the library's form: the game's PGN played
//! to `initialPly` gives the position before the opponent's move, and
//! that move with the solution is the line (checked as any row is).

use super::api::{ApiError, Client};
use crate::notation::NotationLang;
use crate::notation::movetext::read_movetext;
use crate::rules::Position;
use crate::study::puzzle::Puzzle;

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct PuzzleAndGame {
    game: PuzzleGame,
    puzzle: PuzzleInfo,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct PuzzleGame {
    id: String,
    pgn: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct PuzzleInfo {
    id: String,
    rating: u32,
    solution: Vec<String>,
    themes: Vec<String>,
    initial_ply: usize,
}

/// The most plies of a game read for its puzzle.
const MAX_PLIES: usize = 1000;

/// The daily puzzle of the server at `client`'s address.
pub fn daily(client: &Client) -> Result<Puzzle, ApiError> {
    let reply: PuzzleAndGame = client.get_json("/api/puzzle/daily")?;
    of_reply(&reply, client.base()).ok_or(ApiError::NotTheApi)
}

/// The puzzle a reply gives, if it is one (its line replays).
fn of_reply(reply: &PuzzleAndGame, base: &str) -> Option<Puzzle> {
    let moves = read_movetext(&Position::start(), &reply.game.pgn, NotationLang::English).ok()?;
    let plies = reply.puzzle.initial_ply.checked_add(1)?;
    if moves.len() < plies || plies > MAX_PLIES || reply.puzzle.solution.len() > 40 {
        return None;
    }
    let mut start = Position::start();
    for m in &moves[..plies - 1] {
        start.play_unchecked(m);
    }
    let line: Vec<String> =
        std::iter::once(moves[plies - 1].uci()).chain(reply.puzzle.solution.iter().cloned()).collect();
    let id: String = reply.puzzle.id.chars().filter(char::is_ascii_alphanumeric).take(12).collect();
    let game: String = reply.game.id.chars().filter(char::is_ascii_alphanumeric).take(12).collect();
    let themes: Vec<String> = reply.puzzle.themes.iter().take(20).cloned().collect();
    let row = format!(
        "{id},{},{},{},0,0,0,{},{base}/{game},",
        start.to_fen(),
        line.join(" "),
        reply.puzzle.rating.min(4000),
        themes.join(" ")
    );
    Puzzle::from_csv(&row).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of lichess's OpenAPI spec (puzzles-getDailyPuzzle).
    #[test]
    fn the_specs_daily_puzzle_is_read() {
        let reply = PuzzleAndGame {
            game: PuzzleGame {
                id: "bcZBqQrZ".into(),
                pgn: "g3 e5 Bg2 d5 d3 Nc6 c4 Be6 Nc3 Nf6 Nf3 Qd7 Bg5 Be7 cxd5 Nxd5 Bxe7 Qxe7 O-O O-O-O Qc2 g5 Nxd5 Bxd5 e4 Be6 a3 f5 Rac1 Nd4 Nxd4 Rxd4 exf5 Bxf5 Rfd1 Rhd8 Qb3 c6 Rc3 h5 Rdc1 R8d6 Qg8+ Rd8 Qb3 R8d6 a4 Rxd3 Rxd3 Rxd3 Qc4 e4 a5 a6 Re1 Qe5 Bxe4 Bxe4".into(),
            },
            puzzle: PuzzleInfo {
                id: "IFy4T".into(),
                rating: 1869,
                solution: vec!["c4d3".into(), "e4d3".into(), "e1e5".into()],
                themes: vec!["endgame".into(), "crushing".into(), "short".into()],
                initial_ply: 57,
            },
        };
        let p = of_reply(&reply, "https://lichess.org").expect("a puzzle");
        assert_eq!(p.line[0].uci(), "f5e4");
        assert_eq!(p.line.len(), 4);
        assert_eq!(p.side(), crate::rules::Color::White);
        let mut after = p.start;
        after.play_unchecked(&p.line[0]);
        assert_eq!(after.to_fen(), "2k5/1p6/p1p5/P3q1pp/2Q1b3/3r2P1/1P3P1P/4R1K1 w - - 0 30");
        let broken = PuzzleAndGame { puzzle: PuzzleInfo { initial_ply: 500, ..reply.puzzle }, ..reply };
        assert!(of_reply(&broken, "x").is_none());
    }
}
