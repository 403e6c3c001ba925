//! How a game ends, and why.

use super::color::Color;
use std::fmt;

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's king is checkmated (5.1a).
    Checkmate,
    /// The loser resigned (5.1b).
    Resignation,
    /// The loser's flag fell and the winner can still mate (6.9).
    FlagFall,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check (5.2a).
    Stalemate,
    /// Neither side can checkmate (5.2b).
    DeadPosition,
    /// The players agreed (5.2c).
    Agreement,
    /// Claimed: the same position three times (9.2).
    ThreefoldRepetition,
    /// Claimed: 50 moves by each side without a capture or pawn move (9.3).
    FiftyMoves,
    /// Automatic: the same position five times (9.6a).
    FivefoldRepetition,
    /// Automatic: 75 moves by each side without a capture or pawn move (9.6b).
    SeventyFiveMoves,
    /// A flag fell but the opponent cannot checkmate (6.9, 6.10).
    FlagFallNoMatingMaterial,
    /// Both flags fell (10.3, 14.8).
    BothFlagsFell,
}

/// The end of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Drawn.
    Draw(DrawReason),
}

impl Outcome {
    /// The PGN result: "1-0", "0-1" or "1/2-1/2".
    pub fn result(&self) -> &'static str {
        match self {
            Outcome::Win { winner: Color::White, .. } => "1-0",
            Outcome::Win { winner: Color::Black, .. } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::DeadPosition => "dead position, no checkmate is possible",
            DrawReason::Agreement => "agreement",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::FiftyMoves => "the 50-move rule",
            DrawReason::FivefoldRepetition => "fivefold repetition",
            DrawReason::SeventyFiveMoves => "the 75-move rule",
            DrawReason::FlagFallNoMatingMaterial => "flag fall, but the opponent cannot checkmate",
            DrawReason::BothFlagsFell => "both flags fell",
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Resignation => "resignation",
                    WinReason::FlagFall => "flag fall",
                };
                write!(f, "{winner} wins by {why}, {}", self.result())
            }
            Outcome::Draw(reason) => write!(f, "Draw by {reason}, 1/2-1/2"),
        }
    }
}
