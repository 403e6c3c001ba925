//! Why a move is not possible, in the player's language: the rules core's
//! typed [`IllegalReason`] said with the sentences of the language data, as
//! an arbiter would ("The bishop on f1 is blocked by the pawn on e2",
//! «Слон f1 не может пойти на c4: мешает пешка e2.»). No prose is written
//! here: every word comes from the data files.

use super::grammar::{Arg, render};
use super::lexicon::Lexicon;
use crate::rules::{CastleBlock, CastleSide, Color, IllegalReason, Role, Square};

/// The sentence for a reason.
pub(crate) fn say_reason(lex: &Lexicon, reason: &IllegalReason) -> String {
    let r = &lex.reasons;
    let piece = |role: Role| Arg::Word(lex.grammar.pieces.of(role));
    let side = |color: Color| Arg::Word(lex.grammar.sides.of(color));
    let sq = |s: Square| s.to_string();
    use IllegalReason::*;
    match *reason {
        NotYourTurn { side: s } => render(&r.not_your_turn, &[("side", side(s))]),
        NoSuchPiece { role, color } => render(&r.no_such_piece, &[("side", side(color)), ("piece", piece(role))]),
        CannotReach { role, color, to, theirs } => render(
            if theirs { &r.cannot_reach_theirs } else { &r.cannot_reach },
            &[("side", side(color)), ("piece", piece(role)), ("to", Arg::Text(&sq(to)))],
        ),
        PieceCannotReach { role, from, to } => render(
            &r.piece_cannot_reach,
            &[("piece", piece(role)), ("from", Arg::Text(&sq(from))), ("to", Arg::Text(&sq(to)))],
        ),
        Blocked { role, from, to, by, at, .. } => render(
            &r.blocked,
            &[
                ("piece", piece(role)),
                ("from", Arg::Text(&sq(from))),
                ("to", Arg::Text(&sq(to))),
                ("by", piece(by)),
                ("at", Arg::Text(&sq(at))),
            ],
        ),
        OwnPiece { at, role } => render(&r.own_piece, &[("piece", piece(role)), ("at", Arg::Text(&sq(at)))]),
        LeavesKingInCheck { role, from, by, at } => render(
            &r.leaves_king_in_check,
            &[("piece", piece(role)), ("from", Arg::Text(&sq(from))), ("by", piece(by)), ("at", Arg::Text(&sq(at)))],
        ),
        StaysInCheck { by, at } => render(&r.stays_in_check, &[("by", piece(by)), ("at", Arg::Text(&sq(at)))]),
        KingIntoCheck { to, by, at } => {
            render(&r.king_into_check, &[("to", Arg::Text(&sq(to))), ("by", piece(by)), ("at", Arg::Text(&sq(at)))])
        }
        NothingToCapture { to } => render(&r.nothing_to_capture, &[("to", Arg::Text(&sq(to)))]),
        NotThere { role, at } => render(&r.not_there, &[("piece", piece(role)), ("at", Arg::Text(&sq(at)))]),
        NoCapture { role: None, .. } => r.no_capture.clone(),
        NoCapture { role: Some(role), color } => {
            render(&r.no_capture_by, &[("piece", piece(role)), ("side", side(color))])
        }
        EmptySquare { at } => render(&r.empty_square, &[("at", Arg::Text(&sq(at)))]),
        NotYourPiece { at, role, color } => {
            render(&r.not_your_piece, &[("at", Arg::Text(&sq(at))), ("piece", piece(role)), ("side", side(color))])
        }
        WrongPiece { at, said, found } => {
            render(&r.wrong_piece, &[("at", Arg::Text(&sq(at))), ("said", piece(said)), ("found", piece(found))])
        }
        NoPromotion { .. } => r.no_promotion.clone(),
        NoEnPassant => r.no_en_passant.clone(),
        NoSuchMove => r.no_such_move.clone(),
        CannotCastle { side: s, why } => {
            let prefix = match s {
                Some(CastleSide::King) => &r.castle_short,
                Some(CastleSide::Queen) => &r.castle_long,
                None => &r.castle_any,
            };
            let why = castle_why(lex, why);
            render(&r.castle, &[("prefix", Arg::Text(prefix)), ("why", Arg::Text(&why))])
        }
    }
}

fn castle_why(lex: &Lexicon, why: CastleBlock) -> String {
    let r = &lex.reasons;
    let piece = |role: Role| Arg::Word(lex.grammar.pieces.of(role));
    let sq = |s: Square| s.to_string();
    match why {
        CastleBlock::KingMoved => r.castle_king_moved.clone(),
        CastleBlock::RookMoved => r.castle_rook_moved.clone(),
        CastleBlock::RookGone => r.castle_rook_gone.clone(),
        CastleBlock::MovedBefore => r.castle_moved_before.clone(),
        CastleBlock::InCheck { by, at } => render(&r.castle_in_check, &[("by", piece(by)), ("at", Arg::Text(&sq(at)))]),
        CastleBlock::Occupied { role, at } => {
            render(&r.castle_occupied, &[("piece", piece(role)), ("at", Arg::Text(&sq(at)))])
        }
        CastleBlock::Crosses { square, by, at } => render(
            &r.castle_crosses,
            &[("square", Arg::Text(&sq(square))), ("by", piece(by)), ("at", Arg::Text(&sq(at)))],
        ),
        CastleBlock::Arrives { square, by, at } => render(
            &r.castle_arrives,
            &[("square", Arg::Text(&sq(square))), ("by", piece(by)), ("at", Arg::Text(&sq(at)))],
        ),
    }
}
