//! lichess's endgame tablebase (GET /standard?fen=... on its own host,
//! tablebase.lichess.org; no login): the result of a position of up to
//! seven pieces with best play, its distance, and the result of each
//! move. The server's answer is checked as a stranger's: a move that is
//! not legal here is dropped, distances are bounded numbers.

use super::api::{ApiError, Client};
use super::path_segment;
use crate::rules::{Move, Position};
use serde::Deserialize;

/// The most pieces (kings included) the tablebase knows.
pub const MAX_PIECES: u32 = 7;

/// A result with best play, from the point of view of the side to move
/// (for a move: of the side that makes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A win (`win`, and `syzygy-win`/`maybe-win`, whose 50-move
    /// status only is uncertain).
    Win,
    /// A win the fifty-move rule turns into a draw (`cursed-win`).
    CursedWin,
    /// A draw.
    Draw,
    /// A loss the fifty-move rule turns into a draw (`blessed-loss`).
    BlessedLoss,
    /// A loss.
    Loss,
    /// Not known to the tablebase.
    Unknown,
}

impl Outcome {
    fn of(category: &str) -> Outcome {
        match category {
            "win" | "syzygy-win" | "maybe-win" => Outcome::Win,
            "cursed-win" => Outcome::CursedWin,
            "draw" => Outcome::Draw,
            "blessed-loss" => Outcome::BlessedLoss,
            "loss" | "syzygy-loss" | "maybe-loss" => Outcome::Loss,
            _ => Outcome::Unknown,
        }
    }

    /// The same result seen from the other side.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::CursedWin => Outcome::BlessedLoss,
            Outcome::BlessedLoss => Outcome::CursedWin,
            Outcome::Loss => Outcome::Win,
            other => other,
        }
    }
}

/// One move and where it leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbedMove {
    /// The move (legal here).
    pub mv: Move,
    /// Its result for the side that makes it.
    pub outcome: Outcome,
    /// Moves (full moves) to mate after it, when known.
    pub mate_in: Option<u32>,
    /// Whether it mates.
    pub checkmate: bool,
}

/// The tablebase's answer about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probed {
    /// The result for the side to move.
    pub outcome: Outcome,
    /// Moves (full moves) to mate with best play, when known (up to six
    /// pieces).
    pub mate_in: Option<u32>,
    /// Moves to the next capture or pawn move (from DTZ), when no mate
    /// distance is known.
    pub zeroing_in: Option<u32>,
    /// The side to move is mated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// The moves, best first.
    pub moves: Vec<ProbedMove>,
}

/// Why the tablebase was not asked or could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProbeError {
    /// More pieces than the tablebase knows.
    #[error("the tablebase knows positions of up to 7 pieces; this one has {0}")]
    TooManyPieces(u32),
    /// The server did not answer.
    #[error("the tablebase could not answer: {0}")]
    Api(#[from] ApiError),
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct MoveJson {
    uci: String,
    category: String,
    dtm: Option<i64>,
    checkmate: bool,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ProbeJson {
    category: String,
    dtz: Option<i64>,
    dtm: Option<i64>,
    checkmate: bool,
    stalemate: bool,
    moves: Vec<MoveJson>,
}

/// Plies as full moves (rounded up), when the number is sane (a DTM or
/// DTZ is never above a few thousand plies).
fn full_moves(plies: Option<i64>) -> Option<u32> {
    let p = plies?.unsigned_abs();
    (1..=10_000).contains(&p).then(|| u32::try_from(p.div_ceil(2)).unwrap_or(0))
}

/// The path and query of a question about `pos`.
pub fn request_path(pos: &Position) -> String {
    format!("/standard?fen={}", path_segment(&pos.to_fen()))
}

/// The pieces on the board, kings included.
pub fn pieces(pos: &Position) -> u32 {
    pos.board().occupied().count()
}

fn read(json: ProbeJson, pos: &Position) -> Probed {
    let mut moves = Vec::new();
    for m in json.moves {
        let Some(mv) = super::model::server_move(pos, &m.uci) else { continue };
        if moves.iter().any(|seen: &ProbedMove| seen.mv == mv) {
            continue;
        }
        // The server writes a move's category for the side to move after it.
        let outcome = Outcome::of(&m.category).flipped();
        // Its distance counts the plies after it: one more with it.
        let checkmate = m.checkmate && pos.play(&mv).is_ok_and(|after| after.is_checkmate());
        let mate_in = if checkmate { Some(1) } else { full_moves(m.dtm.map(|d| d.saturating_abs().saturating_add(1))) };
        moves.push(ProbedMove { mv, outcome, mate_in, checkmate });
    }
    let mate_in = full_moves(json.dtm);
    Probed {
        outcome: Outcome::of(&json.category),
        mate_in,
        zeroing_in: if mate_in.is_some() { None } else { full_moves(json.dtz) },
        checkmate: json.checkmate && pos.is_checkmate(),
        stalemate: json.stalemate && pos.is_stalemate(),
        moves,
    }
}

/// Asks the tablebase at `client`'s server about `pos` (sent only when
/// it has at most [`MAX_PIECES`] pieces).
pub fn probe(client: &Client, pos: &Position) -> Result<Probed, ProbeError> {
    let n = pieces(pos);
    if n > MAX_PIECES {
        return Err(ProbeError::TooManyPieces(n));
    }
    let json: ProbeJson = client.get_api_json(&request_path(pos))?;
    Ok(read(json, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_answer_is_read_from_the_side_to_move() {
        let pos = Position::from_fen("4k3/6KP/8/8/8/8/7p/8 w - - 0 1").unwrap();
        let text = r#"{"category":"win","dtz":1,"dtm":17,"checkmate":true,"moves":[
            {"uci":"h7h8q","category":"loss","dtm":-16,"checkmate":false},
            {"uci":"a1a2","category":"draw"},
            {"uci":"g7g6","category":"draw","dtm":null}]}"#;
        let p = read(serde_json::from_str(text).unwrap(), &pos);
        assert_eq!(p.outcome, Outcome::Win);
        assert_eq!(p.mate_in, Some(9));
        assert_eq!(p.zeroing_in, None);
        // The server's word that the side to move is mated is checked.
        assert!(!p.checkmate);
        let moves: Vec<(String, Outcome, Option<u32>)> =
            p.moves.iter().map(|m| (m.mv.uci(), m.outcome, m.mate_in)).collect();
        assert_eq!(moves, [("h7h8q".into(), Outcome::Win, Some(9)), ("g7g6".into(), Outcome::Draw, None)]);
    }

    #[test]
    fn too_many_pieces_are_not_sent() {
        let client = Client::new("http://127.0.0.1:9", "");
        assert_eq!(probe(&client, &Position::start()), Err(ProbeError::TooManyPieces(32)));
        assert!(request_path(&Position::start()).starts_with("/standard?fen=rnbqkbnr%2Fpppppppp%2F8"));
    }

    proptest! {
        #[test]
        fn any_answer_is_read_or_refused(text in ".{0,300}") {
            if let Ok(json) = serde_json::from_str::<ProbeJson>(&text) {
                let _ = read(json, &Position::start());
            }
        }
    }
}
