//! What a flag fall means for the game (6.10, 10.3, 14.8).

use crate::rules::{Color, DrawReason, Outcome, Position, WinReason};

/// The result when flags have fallen: both fallen is a draw; one fallen
/// loses, unless the opponent cannot checkmate by any series of legal moves
/// (then a draw). Without a position (a game on a real board), the
/// opponent is assumed able to mate; the arbiter decides otherwise.
pub fn outcome_on_time(fallen: &[Color], position: Option<&Position>) -> Option<Outcome> {
    match fallen {
        [] => None,
        [loser] => {
            let winner = !*loser;
            if position.is_some_and(|p| !p.can_mate(winner)) {
                Some(Outcome::Draw(DrawReason::FlagFallNoMatingMaterial))
            } else {
                Some(Outcome::Win { winner, reason: WinReason::FlagFall })
            }
        }
        _ => Some(Outcome::Draw(DrawReason::BothFlagsFell)),
    }
}
