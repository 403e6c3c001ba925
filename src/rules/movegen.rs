//! Legal move generation: pins and checks are handled while generating, so
//! every generated move is legal (no make-and-test).

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::CastleSide;
use super::color::Color;
use super::moves::{Move, MoveKind, MoveList};
use super::position::Position;
use super::role::Role;
use super::square::Square;

const RANK_1: Bitboard = Bitboard(0xFF);
const RANK_8: Bitboard = Bitboard(0xFF << 56);
const NOT_FILE_A: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_FILE_H: Bitboard = Bitboard(!0x8080_8080_8080_8080);

#[inline]
fn push_all(moves: &mut MoveList, from: Square, targets: Bitboard) {
    for to in targets {
        moves.push(Move { from, to, kind: MoveKind::Normal });
    }
}

#[inline]
fn push_pawn(moves: &mut MoveList, from: Square, to: Square, promotes: bool) {
    if promotes {
        for r in Role::PROMOTIONS {
            moves.push(Move { from, to, kind: MoveKind::Promotion(r) });
        }
    } else {
        moves.push(Move { from, to, kind: MoveKind::Normal });
    }
}

impl Position {
    /// Our pieces that are pinned to our king.
    #[inline]
    fn pinned(&self, king: Square) -> Bitboard {
        let b = &self.board;
        let them = b.by_color(!self.turn);
        let snipers = ((attacks::rook(king, Bitboard::EMPTY) & b.rooks_and_queens())
            | (attacks::bishop(king, Bitboard::EMPTY) & b.bishops_and_queens()))
            & them;
        let occ = b.occupied();
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let between = attacks::between(king, s) & occ;
            if !between.more_than_one() {
                pinned |= between;
            }
        }
        pinned & b.by_color(self.turn)
    }

    pub(crate) fn gen_legal(&self, moves: &mut MoveList) {
        let us = self.turn;
        let king = self.our_king();
        let ours = self.board.by_color(us);
        let checkers = self.checkers();
        self.gen_king(king, moves);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.single() {
            Some(c) => attacks::between(king, c) | Bitboard::from_square(c),
            None => {
                self.gen_castling(king, moves);
                !ours
            }
        };
        let pinned = self.pinned(king);
        self.gen_pieces(king, target, pinned, moves);
        self.gen_pawns(king, target, pinned, moves);
        if let Some(ep) = self.ep_square {
            self.gen_en_passant(ep, moves);
        }
    }

    #[inline]
    fn gen_king(&self, king: Square, moves: &mut MoveList) {
        let them = !self.turn;
        let occ_without_king = self.board.occupied() ^ Bitboard::from_square(king);
        for to in attacks::king(king) & !self.board.by_color(self.turn) {
            if self.attackers_to(to, them, occ_without_king).is_empty() {
                moves.push(Move { from: king, to, kind: MoveKind::Normal });
            }
        }
    }

    fn gen_castling(&self, king: Square, moves: &mut MoveList) {
        let us = self.turn;
        if !self.castling.any_for(us) {
            return;
        }
        let occ = self.board.occupied();
        for side in CastleSide::ALL {
            if !self.castling.has(us, side) {
                continue;
            }
            let rook = side.rook_from(us);
            let king_to = side.king_to(us);
            if (attacks::between(king, rook) & occ).any() {
                continue;
            }
            // The king is not in check here; the squares it crosses and reaches must be safe.
            let path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
            if path.any_square(|sq| self.attackers_to(sq, !us, occ).any()) {
                continue;
            }
            moves.push(Move { from: king, to: king_to, kind: MoveKind::Castle });
        }
    }

    #[inline]
    fn gen_pieces(&self, king: Square, target: Bitboard, pinned: Bitboard, moves: &mut MoveList) {
        let b = &self.board;
        let ours = b.by_color(self.turn);
        let occ = b.occupied();
        for from in b.by_role(Role::Knight) & ours & !pinned {
            push_all(moves, from, attacks::knight(from) & target);
        }
        for from in b.bishops_and_queens() & ours {
            let mut t = attacks::bishop(from, occ) & target;
            if pinned.contains(from) {
                t &= attacks::line(king, from);
            }
            push_all(moves, from, t);
        }
        for from in b.rooks_and_queens() & ours {
            let mut t = attacks::rook(from, occ) & target;
            if pinned.contains(from) {
                t &= attacks::line(king, from);
            }
            push_all(moves, from, t);
        }
    }

    #[inline]
    fn gen_pawns(&self, king: Square, target: Bitboard, pinned: Bitboard, moves: &mut MoveList) {
        let b = &self.board;
        let us = self.turn;
        let pawns = b.pieces(us, Role::Pawn);
        let them = b.by_color(!us);
        let empty = !b.occupied();
        let free = pawns & !pinned;
        let (fwd, last_rank, third_rank): (i32, Bitboard, Bitboard) = match us {
            Color::White => (8, RANK_8, Bitboard(0xFF << 16)),
            Color::Black => (-8, RANK_1, Bitboard(0xFF << 40)),
        };
        let up = |bb: Bitboard| {
            if us == Color::White { bb.shift_up(1) } else { bb.shift_down(1) }
        };

        // Unpinned pawns, set-wise.
        let single = up(free) & empty;
        let double = up(single & third_rank) & empty & target;
        for to in single & target {
            push_pawn(moves, to.offset(-fwd), to, last_rank.contains(to));
        }
        for to in double {
            moves.push(Move { from: to.offset(-2 * fwd), to, kind: MoveKind::Normal });
        }
        let left = up(free & NOT_FILE_A);
        let left = Bitboard(left.0 >> 1) & them & target;
        for to in left {
            push_pawn(moves, to.offset(-fwd + 1), to, last_rank.contains(to));
        }
        let right = up(free & NOT_FILE_H);
        let right = Bitboard(right.0 << 1) & them & target;
        for to in right {
            push_pawn(moves, to.offset(-fwd - 1), to, last_rank.contains(to));
        }

        // Pinned pawns, one by one, along the pin line.
        for from in pawns & pinned {
            let line = attacks::line(king, from);
            let mut t = attacks::pawn(us, from) & them;
            let one = from.offset(fwd);
            if empty.contains(one) {
                t.add(one);
                if third_rank.contains(one) {
                    let two = one.offset(fwd);
                    if empty.contains(two) {
                        t.add(two);
                    }
                }
            }
            for to in t & line & target {
                push_pawn(moves, from, to, last_rank.contains(to));
            }
        }
    }

    /// En passant captures onto `ep`, each checked by replaying it on the board.
    pub(crate) fn gen_en_passant(&self, ep: Square, moves: &mut MoveList) {
        let us = self.turn;
        let b = &self.board;
        let captured = ep.offset(if us == Color::White { -8 } else { 8 });
        let king = self.our_king();
        for from in attacks::pawn(!us, ep) & b.pieces(us, Role::Pawn) {
            let occ = (b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                | Bitboard::from_square(ep);
            let their = b.by_color(!us) & !Bitboard::from_square(captured);
            let attacked = (attacks::rook(king, occ) & b.rooks_and_queens() & their).any()
                || (attacks::bishop(king, occ) & b.bishops_and_queens() & their).any()
                || (attacks::knight(king) & b.by_role(Role::Knight) & their).any()
                || (attacks::pawn(us, king) & b.by_role(Role::Pawn) & their).any();
            if !attacked {
                moves.push(Move { from, to: ep, kind: MoveKind::EnPassant });
            }
        }
    }
}

impl Bitboard {
    /// Whether any square of the set satisfies the test.
    #[inline]
    pub fn any_square(self, mut test: impl FnMut(Square) -> bool) -> bool {
        let mut squares = self;
        squares.find(|sq| test(*sq)).is_some()
    }
}
