//! Board-sight drills: the colour of a square, the fewest knight moves
//! between two squares, whether two squares share a diagonal, the squares
//! a piece attacks on an empty board, and what stood on a square of a
//! position read once. A
//! deterministic core: the questions come from a seed, the answers and
//! the time come in as arguments, the results go out as typed values.

use crate::rules::attacks;
use crate::rules::{Bitboard, Board, Color, Piece, Position, Role, Square};

/// Which drill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillKind {
    /// The colour of a square.
    Colours,
    /// The fewest knight moves from one square to another.
    Knight,
    /// Whether two squares share a diagonal.
    Diagonals,
    /// The squares a piece attacks on an empty board.
    Attacks,
    /// What stood on a square of a position read once.
    Memory,
}

// Its name on the command line and in the record: `DrillKind::key`.
crate::names::named_enum!(DrillKind, UnknownDrill, "drill", key, {
    Colours => "colours",
    Knight => "knight",
    Diagonals => "diagonals",
    Attacks => "attacks",
    Memory => "memory",
});

/// A question of a drill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillQuestion {
    /// What colour is this square?
    Colour(Square),
    /// How many knight moves from the first to the second?
    Knight(Square, Square),
    /// Do these share a diagonal?
    Diagonal(Square, Square),
    /// Which squares does this piece attack on an empty board?
    Attacks(Role, Square),
    /// After the position is read once: what stands on this square?
    Memory(Placement, Square),
}

/// A few pieces on the board: the position of a memory question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement(Board);

impl Placement {
    /// What stands on `s`.
    pub fn at(&self, s: Square) -> Option<Piece> {
        self.0.piece_at(s)
    }

    /// As a position (White to move), for reading it out.
    pub fn position(&self) -> Option<Position> {
        Position::from_fen(&format!("{} w - - 0 1", self.0.fen_field())).ok()
    }
}

/// An answer, as read from what the player said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillReply {
    /// A colour: light (White) or dark (Black).
    Colour(Color),
    /// A number.
    Number(u32),
    /// Yes or no.
    YesNo(bool),
    /// Squares (in any order).
    Squares(Bitboard),
    /// A piece, or an empty square.
    Piece(Option<Piece>),
}

/// a1.
const FIRST: Square = match Square::new(0) {
    Some(s) => s,
    None => unreachable!(),
};

/// How many questions a round has.
pub const ROUND: u32 = 10;

/// The fewest knight moves from `a` to `b`.
pub fn knight_distance(a: Square, b: Square) -> u32 {
    let mut dist = [u32::MAX; 64];
    let mut queue = std::collections::VecDeque::from([a]);
    dist[a.index()] = 0;
    while let Some(s) = queue.pop_front() {
        if s == b {
            return dist[s.index()];
        }
        let (f, r) = (s.file().index() as i32, s.rank().index() as i32);
        for (df, dr) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
            let (nf, nr) = (f + df, r + dr);
            if (0..8).contains(&nf) && (0..8).contains(&nr) {
                let Some(n) = Square::new((nr * 8 + nf) as u32) else { continue };
                if dist[n.index()] == u32::MAX {
                    dist[n.index()] = dist[s.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
    }
    dist[b.index()]
}

/// The squares a `role` on `s` attacks on an empty board.
pub fn attacked(role: Role, s: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight(s),
        Role::Bishop => attacks::bishop(s, Bitboard::EMPTY),
        Role::Rook => attacks::rook(s, Bitboard::EMPTY),
        Role::Queen => attacks::queen(s, Bitboard::EMPTY),
        Role::King => attacks::king(s),
        Role::Pawn => attacks::pawn(Color::White, s),
    }
}

impl DrillQuestion {
    /// The right answer.
    pub fn answer(self) -> DrillReply {
        match self {
            // a1 is dark: a square is dark when its file and rank have the same parity.
            DrillQuestion::Colour(s) => {
                let dark = (s.file().index() + s.rank().index()).is_multiple_of(2);
                DrillReply::Colour(if dark { Color::Black } else { Color::White })
            }
            DrillQuestion::Knight(a, b) => DrillReply::Number(knight_distance(a, b)),
            DrillQuestion::Diagonal(a, b) => {
                let (df, dr) =
                    (a.file().index().abs_diff(b.file().index()), a.rank().index().abs_diff(b.rank().index()));
                DrillReply::YesNo(df == dr)
            }
            DrillQuestion::Attacks(role, s) => DrillReply::Squares(attacked(role, s)),
            DrillQuestion::Memory(placed, s) => DrillReply::Piece(placed.at(s)),
        }
    }
}

/// What an answer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillResult {
    /// Right.
    Right,
    /// Wrong: the right answer.
    Wrong(DrillReply),
    /// The round is over: right of asked, in this long (ms).
    Done {
        /// Right answers.
        right: u32,
        /// Questions asked.
        asked: u32,
        /// Time taken.
        ms: u64,
    },
}

/// A round of a drill.
#[derive(Clone, Debug)]
pub struct Drill {
    kind: DrillKind,
    seed: u64,
    asked: u32,
    right: u32,
    started: u64,
    question: DrillQuestion,
}

impl Drill {
    /// A round of `kind` from `seed`, begun at `now` (ms).
    pub fn new(kind: DrillKind, seed: u64, now: u64) -> Drill {
        let mut d =
            Drill { kind, seed: seed | 1, asked: 0, right: 0, started: now, question: DrillQuestion::Colour(FIRST) };
        d.question = d.make();
        d
    }

    /// Which drill.
    pub fn kind(&self) -> DrillKind {
        self.kind
    }

    /// The question asked now.
    pub fn question(&self) -> DrillQuestion {
        self.question
    }

    fn square(&mut self) -> Square {
        // xorshift64*
        self.seed ^= self.seed >> 12;
        self.seed ^= self.seed << 25;
        self.seed ^= self.seed >> 27;
        Square::new((self.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 58) as u32).unwrap_or(FIRST)
    }

    fn make(&mut self) -> DrillQuestion {
        let a = self.square();
        let mut b = self.square();
        while b == a {
            b = self.square();
        }
        match self.kind {
            DrillKind::Colours => DrillQuestion::Colour(a),
            DrillKind::Knight => DrillQuestion::Knight(a, b),
            DrillKind::Diagonals => DrillQuestion::Diagonal(a, b),
            // A knight, a king or a bishop: lists short enough to say.
            DrillKind::Attacks => {
                let role = [Role::Knight, Role::King, Role::Bishop][(self.next() % 3) as usize];
                DrillQuestion::Attacks(role, a)
            }
            DrillKind::Memory => self.memory(),
        }
    }

    fn next(&mut self) -> u64 {
        self.square().index() as u64
    }

    /// Two kings and three more pieces (no pawns), a legal position;
    /// asked about an occupied square or an empty one, half each.
    fn memory(&mut self) -> DrillQuestion {
        const OTHERS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        for _ in 0..1000 {
            let mut placed = Board::empty();
            let mut squares = Vec::new();
            let mut put = |d: &mut Drill, piece: Piece| loop {
                let s = d.square();
                if placed.piece_at(s).is_none() {
                    placed.put(s, piece);
                    squares.push(s);
                    return;
                }
            };
            put(self, Piece { color: Color::White, role: Role::King });
            put(self, Piece { color: Color::Black, role: Role::King });
            for i in 0..3 {
                let color = if i % 2 == 0 { Color::White } else { Color::Black };
                let role = OTHERS[(self.next() % 4) as usize];
                put(self, Piece { color, role });
            }
            let placement = Placement(placed);
            if placement.position().is_none() {
                continue;
            }
            let asked = if self.next().is_multiple_of(2) {
                squares[(self.next() % squares.len() as u64) as usize]
            } else {
                let mut s = self.square();
                while placement.at(s).is_some() {
                    s = self.square();
                }
                s
            };
            return DrillQuestion::Memory(placement, asked);
        }
        DrillQuestion::Colour(FIRST)
    }

    /// The player's answer at `now`: right or wrong, then the next
    /// question, or the round's end after [`ROUND`] questions.
    pub fn answer(&mut self, reply: DrillReply, now: u64) -> Vec<DrillResult> {
        let correct = self.question.answer();
        self.asked += 1;
        let mut out = vec![if reply == correct {
            self.right += 1;
            DrillResult::Right
        } else {
            DrillResult::Wrong(correct)
        }];
        if self.asked >= ROUND {
            out.push(DrillResult::Done { right: self.right, asked: self.asked, ms: now.saturating_sub(self.started) });
        } else {
            self.question = self.make();
        }
        out
    }

    /// Whether the round is over.
    pub fn is_over(&self) -> bool {
        self.asked >= ROUND
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    #[test]
    fn answers_are_those_of_the_board() {
        assert_eq!(DrillQuestion::Colour(sq("a1")).answer(), DrillReply::Colour(Color::Black));
        assert_eq!(DrillQuestion::Colour(sq("h1")).answer(), DrillReply::Colour(Color::White));
        assert_eq!(DrillQuestion::Colour(sq("e4")).answer(), DrillReply::Colour(Color::White));
        assert_eq!(knight_distance(sq("g1"), sq("f3")), 1);
        assert_eq!(knight_distance(sq("a1"), sq("b2")), 4);
        assert_eq!(knight_distance(sq("a1"), sq("h8")), 6);
        assert_eq!(DrillQuestion::Diagonal(sq("c1"), sq("h6")).answer(), DrillReply::YesNo(true));
        assert_eq!(DrillQuestion::Diagonal(sq("c1"), sq("h7")).answer(), DrillReply::YesNo(false));
        let mut g1 = Bitboard::EMPTY;
        [sq("e2"), sq("f3"), sq("h3")].into_iter().for_each(|s| g1.add(s));
        assert_eq!(DrillQuestion::Attacks(Role::Knight, sq("g1")).answer(), DrillReply::Squares(g1));
        assert_eq!(attacked(Role::King, sq("a1")).count(), 3);
        assert_eq!(attacked(Role::Bishop, sq("d4")).count(), 13);
    }

    #[test]
    fn memory_positions_are_legal_and_asked_about_both_kinds_of_square() {
        let mut d = Drill::new(DrillKind::Memory, 9, 0);
        let (mut full, mut empty) = (0, 0);
        for _ in 0..40 {
            let DrillQuestion::Memory(placed, s) = d.question() else { panic!("a memory question") };
            let pos = placed.position().expect("legal");
            assert_eq!(pos.piece_at(s), placed.at(s));
            if placed.at(s).is_some() {
                full += 1
            } else {
                empty += 1
            }
            d.question = d.make();
        }
        assert!(full > 5 && empty > 5, "{full} {empty}");
    }

    #[test]
    fn a_round_has_ten_questions() {
        let mut d = Drill::new(DrillKind::Knight, 42, 0);
        for i in 0..ROUND {
            let right = d.question().answer();
            let out = d.answer(right, u64::from(i) * 1000);
            assert_eq!(out[0], DrillResult::Right);
        }
        assert!(d.is_over());
    }
}
