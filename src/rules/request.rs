//! A requested move, as the player named it (whatever the notation or the
//! language), matched against the legal moves; and, when no legal move fits,
//! the one typed reason why, as an arbiter would give it. The reason knows
//! no words: `Display` gives an English line for errors of the notation
//! layer, and the speech layer says it in every language of play.

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::CastleSide;
use super::color::Color;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::role::Role;
use super::square::{File, Rank, Square};
use std::fmt;

/// What the player asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveRequest {
    /// Castling; `None` when the side was not said ("castle").
    Castle(Option<CastleSide>),
    /// A move of a piece to a square (or a capture without a square).
    Piece(PieceRequest),
}

/// A move of a piece, with everything the player said about it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PieceRequest {
    /// The kind of piece; `None` when any piece may move ("g1 f3", "takes").
    pub role: Option<Role>,
    /// The from-file, when said.
    pub file: Option<File>,
    /// The from-rank, when said.
    pub rank: Option<Rank>,
    /// The target square; `None` only for captures said without a square.
    pub to: Option<Square>,
    /// A capture was said.
    pub capture: bool,
    /// The captured piece, when said ("takes the bishop").
    pub captured: Option<Role>,
    /// The new piece of a promotion, when said.
    pub promotion: Option<Role>,
    /// "en passant" was said.
    pub en_passant: bool,
}

impl PieceRequest {
    /// The from-square, when both file and rank were said.
    pub fn from_square(&self) -> Option<Square> {
        Some(Square::from_coords(self.file?, self.rank?))
    }
}

/// How a request fits one legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fit {
    /// It does not.
    No,
    /// Exactly.
    Yes,
    /// A promotion whose new piece was not said.
    NeedsPromotion,
}

impl MoveRequest {
    /// How the request fits a legal move of `pos`.
    pub fn fit(&self, pos: &Position, m: &Move) -> Fit {
        match self {
            MoveRequest::Castle(side) => {
                let fits = m.is_castle() && side.is_none_or(|s| m.is_short_castle() == (s == CastleSide::King));
                if fits { Fit::Yes } else { Fit::No }
            }
            MoveRequest::Piece(r) => {
                // The king's own two steps ("e1g1", "Kg1") are castling too.
                if m.is_castle() && (r.role.is_some_and(|role| role != Role::King) || r.capture || r.en_passant) {
                    return Fit::No;
                }
                let role = pos.moving_role(m);
                // A pawn named only by its target square moves straight
                // ahead; a capture needs its file or a capture said ("exd5").
                let pawn_takes = role == Some(Role::Pawn) && m.from.file() != m.to.file();
                let capture_said = r.file.is_some() || r.capture || r.en_passant;
                let fits = r.role.is_none_or(|want| role == Some(want))
                    && (!pawn_takes || capture_said)
                    && r.to.is_none_or(|to| m.to == to)
                    && r.file.is_none_or(|f| m.from.file() == f)
                    && r.rank.is_none_or(|rk| m.from.rank() == rk)
                    && (!r.capture || pos.is_capture(m))
                    && r.captured.is_none_or(|c| pos.captured_role(m) == Some(c))
                    && (!r.en_passant || m.is_en_passant())
                    && (r.to.is_some() || r.capture || r.en_passant);
                if !fits {
                    return Fit::No;
                }
                match (m.promotion(), r.promotion) {
                    (Some(a), Some(b)) if a == b => Fit::Yes,
                    (Some(_), None) => Fit::NeedsPromotion,
                    (None, None) => Fit::Yes,
                    _ => Fit::No,
                }
            }
        }
    }

    /// The legal moves that fit exactly, and those that fit but for the
    /// promotion piece.
    pub fn candidates(&self, pos: &Position) -> (Vec<Move>, Vec<Move>) {
        let mut exact = Vec::new();
        let mut promotions = Vec::new();
        for m in pos.legal_moves().iter() {
            match self.fit(pos, m) {
                Fit::Yes => exact.push(*m),
                Fit::NeedsPromotion => promotions.push(*m),
                Fit::No => {}
            }
        }
        (exact, promotions)
    }
}

/// Why castling is not possible (3.8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastleBlock {
    /// The king has left its square.
    KingMoved,
    /// The rook has left its square.
    RookMoved,
    /// The rook is no longer on the board: an enemy piece stands on its
    /// square (it was taken there), or no rook of the side is left.
    RookGone,
    /// Both stand at home, but one of them has moved before.
    MovedBefore,
    /// The king is in check (3.8.2.2).
    InCheck {
        /// A piece giving check.
        by: Role,
        /// Where it stands.
        at: Square,
    },
    /// A piece stands between the king and the rook.
    Occupied {
        /// What stands there.
        role: Role,
        /// Its square.
        at: Square,
    },
    /// The king would cross an attacked square.
    Crosses {
        /// The square crossed.
        square: Square,
        /// An attacker.
        by: Role,
        /// Where it stands.
        at: Square,
    },
    /// The king would arrive on an attacked square.
    Arrives {
        /// The square.
        square: Square,
        /// An attacker.
        by: Role,
        /// Where it stands.
        at: Square,
    },
}

/// Why no legal move fits a request.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The move fits the other side: it is `side`'s move.
    NotYourTurn {
        /// The side to move.
        side: Color,
    },
    /// The side has no piece of that kind.
    NoSuchPiece {
        /// The kind.
        role: Role,
        /// The side.
        color: Color,
    },
    /// No piece of that kind can get to the square.
    CannotReach {
        /// The kind.
        role: Role,
        /// The side to move.
        color: Color,
        /// The square.
        to: Square,
        /// The opponent has such a move (the player may think it is their turn).
        theirs: bool,
    },
    /// The piece named by its square cannot get to the square.
    PieceCannotReach {
        /// The kind.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The square.
        to: Square,
    },
    /// The way is blocked.
    Blocked {
        /// The moving piece.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Where it would go.
        to: Square,
        /// What stands in the way.
        by: Role,
        /// The colour of what stands in the way.
        by_color: Color,
        /// Where.
        at: Square,
    },
    /// One's own piece stands on the square.
    OwnPiece {
        /// The square.
        at: Square,
        /// The piece there.
        role: Role,
    },
    /// The piece is pinned: moving it leaves the king in check.
    LeavesKingInCheck {
        /// The moving piece.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The piece that would give check.
        by: Role,
        /// Where it stands.
        at: Square,
    },
    /// The king is in check and the move does not stop it.
    StaysInCheck {
        /// A checking piece.
        by: Role,
        /// Where it stands.
        at: Square,
    },
    /// The king would move into check.
    KingIntoCheck {
        /// The square.
        to: Square,
        /// An attacker of that square.
        by: Role,
        /// Where it stands.
        at: Square,
    },
    /// A capture was said, but nothing of the opponent's stands there.
    NothingToCapture {
        /// The square.
        to: Square,
    },
    /// A capture of a named piece that is not there.
    NotThere {
        /// The piece said.
        role: Role,
        /// The square.
        at: Square,
    },
    /// No capture at all is possible (of that piece, if named).
    NoCapture {
        /// The capturing piece, when named.
        role: Option<Role>,
        /// The side to move.
        color: Color,
    },
    /// There is no piece on the from-square.
    EmptySquare {
        /// The square.
        at: Square,
    },
    /// The piece on the from-square is the opponent's.
    NotYourPiece {
        /// The square.
        at: Square,
        /// The piece.
        role: Role,
        /// Its colour.
        color: Color,
    },
    /// The piece on the from-square is of another kind.
    WrongPiece {
        /// The square.
        at: Square,
        /// The kind said.
        said: Role,
        /// The kind standing there.
        found: Role,
    },
    /// A promotion was said where the move is no promotion.
    NoPromotion {
        /// The square.
        to: Square,
    },
    /// En passant was said where no such capture is possible.
    NoEnPassant,
    /// Castling is not possible.
    CannotCastle {
        /// Which castling; `None` when the side was not said.
        side: Option<CastleSide>,
        /// Why.
        why: CastleBlock,
    },
    /// Anything else (no legal move fits the request).
    NoSuchMove,
}

/// Squares a piece of that kind could reach from `from` on an empty board
/// (pawns: pushes, double steps from the start rank, and captures).
fn geometry(role: Role, color: Color, from: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight(from),
        Role::King => attacks::king(from),
        Role::Bishop => attacks::bishop(from, Bitboard::EMPTY),
        Role::Rook => attacks::rook(from, Bitboard::EMPTY),
        Role::Queen => attacks::queen(from, Bitboard::EMPTY),
        Role::Pawn => {
            let mut b = attacks::pawn(color, from);
            let step: i32 = if color == Color::White { 8 } else { -8 };
            let start = if color == Color::White { 1 } else { 6 };
            let at = |n: i32| u32::try_from(from.index() as i32 + n * step).ok().and_then(Square::new);
            if let Some(one) = at(1) {
                b.add(one);
                if from.rank().index() == start
                    && let Some(two) = at(2)
                {
                    b.add(two);
                }
            }
            b
        }
    }
}

/// The first attacker of `sq` by `by` with the given occupancy, as (role, square).
fn attacker(pos: &Position, sq: Square, by: Color, occupied: Bitboard) -> Option<(Role, Square)> {
    let at = pos.attackers_to(sq, by, occupied).first()?;
    Some((pos.board().role_at(at)?, at))
}

/// Why castling on `side` is not possible now.
pub fn castle_block(pos: &Position, side: CastleSide) -> CastleBlock {
    let us = pos.turn();
    let board = pos.board();
    let king = CastleSide::king_from(us);
    let rook = side.rook_from(us);
    if !pos.castling().has(us, side) {
        let home = |sq: Square, role: Role| board.piece_at(sq).is_some_and(|p| p.color == us && p.role == role);
        return if !home(king, Role::King) {
            CastleBlock::KingMoved
        } else if !home(rook, Role::Rook) {
            let taken_there = board.color_at(rook) == Some(!us);
            if taken_there || board.pieces(us, Role::Rook).count() == 0 {
                CastleBlock::RookGone
            } else {
                CastleBlock::RookMoved
            }
        } else {
            CastleBlock::MovedBefore
        };
    }
    let occupied = board.occupied();
    if let Some((by, at)) = attacker(pos, king, !us, occupied) {
        return CastleBlock::InCheck { by, at };
    }
    if let Some(at) = (attacks::between(king, rook) & occupied).first() {
        return CastleBlock::Occupied { role: board.role_at(at).unwrap_or(Role::Pawn), at };
    }
    let king_to = side.king_to(us);
    for square in attacks::between(king, king_to) {
        if let Some((by, at)) = attacker(pos, square, !us, occupied) {
            return CastleBlock::Crosses { square, by, at };
        }
    }
    match attacker(pos, king_to, !us, occupied) {
        Some((by, at)) => CastleBlock::Arrives { square: king_to, by, at },
        // Not reached in standard chess: castling would then be legal.
        None => CastleBlock::MovedBefore,
    }
}

/// Why no legal move fits `request` in `pos`. Call it only when none does.
pub fn diagnose(pos: &Position, request: &MoveRequest) -> IllegalReason {
    match request {
        MoveRequest::Castle(side) => {
            let s = side.unwrap_or(if pos.castling().has(pos.turn(), CastleSide::King) {
                CastleSide::King
            } else {
                CastleSide::Queen
            });
            IllegalReason::CannotCastle { side: *side, why: castle_block(pos, s) }
        }
        MoveRequest::Piece(r) => diagnose_piece(pos, r),
    }
}

fn other_side_fits(pos: &Position, request: &MoveRequest) -> bool {
    let other = pos.with_turn(!pos.turn());
    other.legal_moves().iter().any(|m| request.fit(&other, m) != Fit::No)
}

fn diagnose_piece(pos: &Position, r: &PieceRequest) -> IllegalReason {
    let us = pos.turn();
    let board = pos.board();
    // A from-square that was said names the piece.
    if let Some(from) = r.from_square() {
        match board.piece_at(from) {
            None => return IllegalReason::EmptySquare { at: from },
            Some(p) if p.color != us => {
                return IllegalReason::NotYourPiece { at: from, role: p.role, color: p.color };
            }
            Some(p) if r.role.is_some_and(|want| want != p.role) => {
                return IllegalReason::WrongPiece { at: from, said: r.role.unwrap_or(p.role), found: p.role };
            }
            Some(_) => {}
        }
    }
    let request = MoveRequest::Piece(*r);
    let Some(to) = r.to else {
        if r.en_passant {
            return IllegalReason::NoEnPassant;
        }
        return IllegalReason::NoCapture { role: r.role, color: us };
    };
    let ours = board.by_color(us);
    let mut movers = match r.role {
        Some(role) => board.pieces(us, role),
        None => ours,
    };
    if let Some(f) = r.file {
        movers &= Bitboard::file(f);
    }
    if let Some(rk) = r.rank {
        movers &= Bitboard::rank(rk);
    }
    if let Some(role) = r.role
        && board.pieces(us, role).is_empty()
    {
        return IllegalReason::NoSuchPiece { role, color: us };
    }
    if let Some(p) = board.piece_at(to).filter(|p| p.color == us) {
        // "Your own piece stands there" only for a piece that could go there.
        if Iterator::any(&mut movers.into_iter(), |from| {
            let role = board.role_at(from).unwrap_or(Role::Pawn);
            geometry(role, us, from).contains(to)
        }) {
            return IllegalReason::OwnPiece { at: to, role: p.role };
        }
    }
    if r.capture && board.color_at(to).is_none() && pos.legal_ep_square() != Some(to) {
        return IllegalReason::NothingToCapture { to };
    }
    let occupied = board.occupied();
    let legal = pos.legal_moves();
    let mut blocked = None;
    let mut nothing_to_capture = false;
    let mut wrong_capture = None;
    for from in movers {
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        if from == to || !geometry(role, us, from).contains(to) {
            continue;
        }
        let target = board.piece_at(to);
        let pawn_diagonal = role == Role::Pawn && from.file() != to.file();
        let capture_said = r.capture || r.file.is_some() || r.en_passant;
        if role == Role::Pawn && ((pawn_diagonal && !capture_said) || (!pawn_diagonal && r.capture)) {
            // A pawn never takes straight ahead, and a capture is said with
            // its file or a capture sign.
            continue;
        }
        if pawn_diagonal && target.is_none() && pos.legal_ep_square() != Some(to) {
            nothing_to_capture = true;
            continue;
        }
        let between = attacks::between(from, to) & occupied;
        let pawn_push_blocked = role == Role::Pawn && !pawn_diagonal && occupied.contains(to);
        if let Some(at) =
            between.into_iter().min_by_key(|s| s.index().abs_diff(from.index())).or(pawn_push_blocked.then_some(to))
        {
            if let Some(p) = board.piece_at(at) {
                blocked.get_or_insert(IllegalReason::Blocked { role, from, to, by: p.role, by_color: p.color, at });
            }
            continue;
        }
        // The piece can get there: the legal moves from here say what is wrong.
        let here: Vec<&Move> = legal.iter().filter(|m| m.from == from && m.to == to).collect();
        if let Some(m) = here.first() {
            if r.capture && !pos.is_capture(m) {
                nothing_to_capture = true;
            } else if let Some(c) = r.captured.filter(|c| pos.captured_role(m) != Some(*c)) {
                wrong_capture = Some(IllegalReason::NotThere { role: c, at: to });
            } else if r.promotion.is_some() && m.promotion().is_none() {
                return IllegalReason::NoPromotion { to };
            } else if r.en_passant && !m.is_en_passant() {
                return IllegalReason::NoEnPassant;
            }
            continue;
        }
        // Reachable, so the king must be the reason.
        let mut after = *pos;
        let kind = if pos.legal_ep_square() == Some(to) && role == Role::Pawn {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        };
        after.play_unchecked(&Move { from, to, kind });
        let king = if role == Role::King { to } else { board.king_of(us).unwrap_or(to) };
        if let Some((by, at)) = attacker(&after, king, !us, after.board().occupied()) {
            return if role == Role::King {
                IllegalReason::KingIntoCheck { to, by, at }
            } else if pos.is_check() {
                match attacker(pos, king, !us, occupied) {
                    Some((by, at)) => IllegalReason::StaysInCheck { by, at },
                    None => IllegalReason::StaysInCheck { by, at },
                }
            } else {
                IllegalReason::LeavesKingInCheck { role, from, by, at }
            };
        }
    }
    if let Some(b) = blocked {
        return b;
    }
    if let Some(w) = wrong_capture {
        return w;
    }
    if nothing_to_capture {
        return IllegalReason::NothingToCapture { to };
    }
    let theirs = other_side_fits(pos, &request);
    if let Some(from) = r.from_square()
        && let Some(role) = board.role_at(from)
    {
        return IllegalReason::PieceCannotReach { role, from, to };
    }
    match r.role {
        Some(role) => IllegalReason::CannotReach { role, color: us, to, theirs },
        None if theirs => IllegalReason::NotYourTurn { side: us },
        None => IllegalReason::NoSuchMove,
    }
}

fn castle_name(side: Option<CastleSide>) -> &'static str {
    match side {
        Some(CastleSide::King) => " short",
        Some(CastleSide::Queen) => " long",
        None => "",
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalReason::*;
        let name = |c: Color| c.name().to_lowercase();
        match *self {
            NotYourTurn { side } => write!(f, "it is {side}'s move"),
            NoSuchPiece { role, color } => write!(f, "{color} has no {}", role.name()),
            CannotReach { role, color, to, theirs } => {
                write!(f, "no {} {} can reach {to}", name(color), role.name())?;
                if theirs { write!(f, "; it is {color}'s move") } else { Ok(()) }
            }
            PieceCannotReach { role, from, to } => write!(f, "the {} on {from} cannot reach {to}", role.name()),
            Blocked { role, from, by, at, .. } => {
                write!(f, "the {} on {from} is blocked by the {} on {at}", role.name(), by.name())
            }
            OwnPiece { at, role } => write!(f, "your own {} stands on {at}", role.name()),
            LeavesKingInCheck { role, from, by, at } => write!(
                f,
                "the {} on {from} is pinned: the move leaves the king in check from the {} on {at}",
                role.name(),
                by.name()
            ),
            StaysInCheck { by, at } => {
                write!(f, "the king is in check from the {} on {at}, and the move does not stop it", by.name())
            }
            KingIntoCheck { to, by, at } => {
                write!(f, "the king cannot go to {to}: the {} on {at} attacks it", by.name())
            }
            NothingToCapture { to } => write!(f, "there is nothing to capture on {to}"),
            NotThere { role, at } => write!(f, "there is no {} to capture on {at}", role.name()),
            NoCapture { role: Some(role), color } => write!(f, "no {} {} can capture now", name(color), role.name()),
            NoCapture { role: None, .. } => write!(f, "no capture is possible now"),
            EmptySquare { at } => write!(f, "there is no piece on {at}"),
            NotYourPiece { at, role, color } => write!(f, "the {} on {at} is {}", role.name(), name(color)),
            WrongPiece { at, said, found } => {
                write!(f, "the piece on {at} is a {}, not a {}", found.name(), said.name())
            }
            NoPromotion { to } => write!(f, "a pawn promotes only on the last rank, not on {to}"),
            NoEnPassant => write!(f, "no capture en passant is possible"),
            CannotCastle { side, why } => {
                write!(f, "castling{} is not possible: ", castle_name(side))?;
                match why {
                    CastleBlock::KingMoved => write!(f, "the king has moved"),
                    CastleBlock::RookMoved => write!(f, "the rook has moved"),
                    CastleBlock::RookGone => write!(f, "the rook is no longer on the board"),
                    CastleBlock::MovedBefore => write!(f, "the king or the rook has moved"),
                    CastleBlock::InCheck { by, at } => write!(f, "the king is in check from the {} on {at}", by.name()),
                    CastleBlock::Occupied { role, at } => {
                        write!(f, "the {} on {at} stands between the king and the rook", role.name())
                    }
                    CastleBlock::Crosses { square, by, at } => {
                        write!(f, "the king would cross {square}, which the {} on {at} attacks", by.name())
                    }
                    CastleBlock::Arrives { square, by, at } => {
                        write!(f, "the king would arrive on {square}, which the {} on {at} attacks", by.name())
                    }
                }
            }
            NoSuchMove => write!(f, "no legal move fits"),
        }
    }
}
