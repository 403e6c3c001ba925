//! Mating material: whether a side can still checkmate (FIDE 6.9/6.10) and
//! dead positions (5.2b, 9.6).

use super::bitboard::Bitboard;
use super::color::Color;
use super::position::Position;
use super::role::Role;

impl Position {
    /// Whether `side` could checkmate by some series of legal moves, with the
    /// opponent's help if need be. Used when a flag falls (6.10): if the side
    /// whose flag did not fall cannot mate, the game is drawn.
    ///
    /// This follows the material rule of online servers: it is exact for
    /// every material balance except locked pawn structures, which it
    /// treats as mating chances.
    pub fn can_mate(&self, side: Color) -> bool {
        let b = &self.board;
        let ours = b.by_color(side);
        let theirs = b.by_color(!side);
        if (ours & (b.by_role(Role::Pawn) | b.rooks_and_queens())).any() {
            return true;
        }
        let knights = ours & b.by_role(Role::Knight);
        if knights.any() {
            // A lone knight mates only when the opponent has pieces to block
            // its own king's flight squares (pawns, knights, bishops or rooks).
            let only_one_knight = ours.count() <= 2;
            let helpers = theirs & !b.by_role(Role::King) & !b.by_role(Role::Queen);
            return !(only_one_knight && helpers.is_empty());
        }
        let bishops = ours & b.by_role(Role::Bishop);
        if bishops.any() {
            let all_bishops = b.by_role(Role::Bishop);
            let one_colour = (all_bishops & Bitboard::DARK).is_empty() || (all_bishops & Bitboard::LIGHT).is_empty();
            let blockers = b.by_role(Role::Pawn) | b.by_role(Role::Knight);
            return !(one_colour && blockers.is_empty());
        }
        false
    }

    /// A dead position (5.2b): neither side can checkmate by any series of
    /// legal moves. At least K v K, K+B v K, K+N v K and K+B v K+B with
    /// bishops on squares of one colour.
    pub fn is_dead_position(&self) -> bool {
        !self.can_mate(Color::White) && !self.can_mate(Color::Black)
    }
}
