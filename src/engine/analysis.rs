//! Asking an engine about a position: how it stands, the best lines, the
//! threat. Stockfish (or any UCI engine) at full strength answers; the
//! built-in engine answers when there is none, and says it is weaker.
//! What a UCI engine writes is read defensively: an `info` line that does
//! not parse is skipped, a line of moves stops at its first illegal move.

use super::EngineError;
use crate::notation::{NotationLang, read_move};
use crate::rules::{Color, Move, Position};
use std::time::Duration;

/// How a position stands, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// In hundredths of a pawn; above zero White is better.
    Centipawns(i32),
    /// Mate in this many moves: above zero White mates, below zero Black;
    /// zero: the side to move is checkmated.
    Mate(i32),
}

impl Score {
    /// A score given from the side to move's view, turned to White's.
    pub(crate) fn for_white(self, turn: Color) -> Score {
        if turn == Color::White {
            return self;
        }
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

/// One line the engine found: its score and its moves, the first one to
/// play now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// How the position stands after these moves are played well.
    pub score: Score,
    /// The moves, legal one after another from the position asked about.
    pub moves: Vec<Move>,
}

/// Who answered: the strength is said with a weaker engine's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Analyst {
    /// A UCI engine at full strength.
    Full,
    /// The built-in engine (no UCI engine could be started).
    Builtin,
}

/// How long an engine looks at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// About this long (a question during a game).
    Time(Duration),
    /// To this depth in half-moves: the same strength on any machine (the
    /// analysis of a whole game).
    Depth(u32),
}

/// Something that can look at a position.
pub(crate) trait Analyse: Send {
    /// The best `lines` lines in `pos`, best first, searched to `limit`.
    fn analyse(&mut self, pos: &Position, lines: usize, limit: Limit) -> Result<Vec<Line>, EngineError>;
    /// Who answers.
    fn analyst(&self) -> Analyst;
}

/// One parsed `info` line: which line (multipv, from 1), its score from the
/// side to move's view, its moves as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Info {
    pub(crate) multipv: usize,
    pub(crate) score: Score,
    pub(crate) pv: Vec<String>,
}

/// Reads a UCI `info` line with a score and a line of moves; `None` for
/// any other line (a bound, a line without moves, words that are not UCI).
pub(crate) fn parse_info(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let (mut multipv, mut score, mut pv) = (1, None, Vec::new());
    while let Some(w) = words.next() {
        match w {
            "multipv" => multipv = words.next()?.parse().ok().filter(|n| (1..=64).contains(n))?,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                score = match kind {
                    "cp" => Some(Score::Centipawns(value.clamp(-100_000, 100_000))),
                    "mate" => Some(Score::Mate(value.clamp(-500, 500))),
                    _ => return None,
                };
            }
            // A score that is only a bound is not an answer yet.
            "lowerbound" | "upperbound" => return None,
            "pv" => {
                pv = words.by_ref().take(64).map(|m| m.chars().take(8).collect()).collect();
                break;
            }
            _ => {}
        }
    }
    if pv.is_empty() {
        return None;
    }
    Some(Info { multipv, score: score?, pv })
}

/// The moves of a line as written by the engine, legal one after another;
/// the line stops at the first move that is not.
pub(crate) fn line_moves(pos: &Position, pv: &[String]) -> Vec<Move> {
    let mut at = *pos;
    let mut out = Vec::new();
    for m in pv {
        let Ok(mv) = read_move(&at, m, NotationLang::English) else { break };
        at.play_unchecked(&mv);
        out.push(mv);
    }
    out
}

/// The position with the other side to move, to ask what it threatens;
/// `None` when the side to move is in check (the threat is the check) or
/// the other side would have no move.
pub(crate) fn passed(pos: &Position) -> Option<Position> {
    if pos.is_check() {
        return None;
    }
    let other = pos.with_turn(!pos.turn());
    (!other.legal_moves().is_empty()).then_some(other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn info_lines() {
        let i = parse_info("info depth 20 seldepth 25 multipv 2 score cp -35 nodes 1 pv e7e5 g1f3").unwrap();
        assert_eq!(i, Info { multipv: 2, score: Score::Centipawns(-35), pv: vec!["e7e5".into(), "g1f3".into()] });
        let m = parse_info("info depth 5 score mate 2 pv d1h5").unwrap();
        assert_eq!(m.score, Score::Mate(2));
        assert_eq!(parse_info("info depth 5 score cp 10 lowerbound pv e2e4"), None);
        assert_eq!(parse_info("info string hello"), None);
        assert_eq!(parse_info("info depth 3 score cp x pv e2e4"), None);
        assert_eq!(parse_info("bestmove e2e4"), None);
        assert_eq!(Score::Mate(2).for_white(Color::Black), Score::Mate(-2));
    }

    #[test]
    fn a_line_stops_at_its_first_illegal_move() {
        let start = Position::start();
        let pv: Vec<String> = ["e2e4", "e7e5", "e1e3", "g1f3"].iter().map(|s| s.to_string()).collect();
        assert_eq!(line_moves(&start, &pv).len(), 2);
    }

    #[test]
    fn the_threat_is_asked_with_the_other_side_to_move() {
        let start = Position::start();
        assert_eq!(passed(&start).map(|p| p.turn()), Some(Color::Black));
        let check = Position::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 1").unwrap();
        assert!(passed(&Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap()).is_none());
        assert!(passed(&check).is_some());
    }

    proptest! {
        #[test]
        fn any_engine_line_is_read_without_panicking(line in ".{0,200}") {
            let _ = parse_info(&line);
        }

        #[test]
        fn any_words_after_info_are_read_without_panicking(
            words in proptest::collection::vec("(depth|multipv|score|cp|mate|pv|lowerbound|-?[0-9]{1,12}|[a-h][1-8][a-h][1-8][qrbn]?|x)", 0..20)
        ) {
            let line = format!("info {}", words.join(" "));
            if let Some(i) = parse_info(&line) {
                prop_assert!(!i.pv.is_empty());
                let _ = line_moves(&Position::start(), &i.pv);
            }
        }
    }
}
