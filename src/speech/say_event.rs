//! Game events in words: results and their reasons, claimable draws, flag fall.

use super::lexicon::Lexicon;
use super::say_move::color_name;
use crate::rules::{Color, DrawClaim, DrawReason, Outcome, WinReason};

/// The name of a draw's reason.
pub fn say_draw_reason(lex: &Lexicon, reason: DrawReason) -> &str {
    let o = &lex.out;
    match reason {
        DrawReason::Stalemate => &o.stalemate,
        DrawReason::DeadPosition => &o.dead_position,
        DrawReason::Agreement => &o.agreement,
        DrawReason::ThreefoldRepetition => &o.threefold,
        DrawReason::FiftyMoves => &o.fifty_moves,
        DrawReason::FivefoldRepetition => &o.fivefold,
        DrawReason::SeventyFiveMoves => &o.seventy_five_moves,
        DrawReason::FlagFallNoMatingMaterial => &o.flag_fall_no_material,
        DrawReason::BothFlagsFell => &o.both_flags,
    }
}

/// The end of a game: "Checkmate. Black wins." / "Draw by stalemate."
pub fn say_outcome(lex: &Lexicon, outcome: &Outcome) -> String {
    let o = &lex.out;
    match outcome {
        Outcome::Win { winner, reason } => {
            let wins = if *winner == Color::White { &o.white_wins } else { &o.black_wins };
            let why = match reason {
                WinReason::Checkmate => o.checkmate.clone(),
                WinReason::Resignation => o.resignation.clone(),
                // Whose flag fell, once: "Black's flag fell. White wins."
                WinReason::FlagFall => {
                    super::lexicon::fill(&lex.clock.flag, &[("side", color_name(lex, !*winner).to_string())])
                }
            };
            format!("{}. {wins}.", super::grammar::capitalise(&why))
        }
        Outcome::Draw(reason) => format!("{} {} {}.", o.draw, o.by, say_draw_reason(lex, *reason)).replace(" :", ":"),
    }
}

/// "You may claim a draw by threefold repetition."
pub fn say_claimable(lex: &Lexicon, claim: DrawClaim) -> String {
    let reason = say_draw_reason(lex, claim.into());
    format!("{} {reason}.", lex.out.may_claim)
}
