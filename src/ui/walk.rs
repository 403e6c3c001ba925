//! The board walk, shared by a game and a review: a cursor on
//! the board, moved by keys, that says what stands where in the position
//! in view.

use super::input::BoardKey;
use crate::rules::{Color, File, Position, Rank, Square};
use crate::speech::Lexicon;
use crate::speech::say_board::{say_file, say_legal_moves, say_square};

/// The cursor and the side the board is read from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walker {
    pub(crate) cursor: Square,
    /// The board is read from Black's side.
    pub(crate) flipped: bool,
}

impl Walker {
    /// The cursor on e2, the board from `side`'s side.
    pub(crate) fn new(side: Color) -> Walker {
        Walker { cursor: Square::from_coords(File::ALL[4], Rank::ALL[1]), flipped: side == Color::Black }
    }

    /// What a walking key says about `pos`; `own` is the side whose
    /// pieces are jumped to first. None for keys that are not the walk's.
    pub(crate) fn key(&mut self, lex: &Lexicon, pos: &Position, own: Color, key: BoardKey) -> Option<String> {
        Some(match key {
            BoardKey::Walk(df, dr) => self.walk(lex, pos, df, dr),
            BoardKey::Ray(df, dr) => self.ray(lex, pos, df, dr),
            BoardKey::Jump(role) => self.jump(lex, pos, own, role),
            BoardKey::Moves => say_legal_moves(lex, pos, self.cursor),
            BoardKey::File => say_file(lex, pos, self.cursor.file()),
            BoardKey::Select => crate::speech::say_board::say_square(lex, pos, self.cursor),
            _ => return None,
        })
    }

    /// Moves the cursor and says what stands there (past the edge: said,
    /// and the cursor stays).
    fn walk(&mut self, lex: &Lexicon, pos: &Position, df: i32, dr: i32) -> String {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let (f, r) = (self.cursor.file().index() as i32 + df, self.cursor.rank().index() as i32 + dr);
        match square(f, r) {
            Some(s) => {
                self.cursor = s;
                say_square(lex, pos, s)
            }
            None => lex.client.edge.clone(),
        }
    }

    /// The squares from the cursor in one direction, up to and including
    /// the first piece ("e3 empty, e4 empty, e5 black pawn").
    fn ray(&self, lex: &Lexicon, pos: &Position, df: i32, dr: i32) -> String {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let mut parts = Vec::new();
        let (mut f, mut r) = (self.cursor.file().index() as i32, self.cursor.rank().index() as i32);
        loop {
            f += df;
            r += dr;
            let Some(sq) = square(f, r) else { break };
            parts.push(say_square(lex, pos, sq).replacen(':', "", 1));
            if pos.piece_at(sq).is_some() {
                break;
            }
        }
        if parts.is_empty() { lex.client.edge.clone() } else { parts.join(", ") }
    }

    /// The next piece of a kind, `own` side's first.
    fn jump(&mut self, lex: &Lexicon, pos: &Position, own: Color, role: crate::rules::Role) -> String {
        let mut squares: Vec<Square> = Square::all().filter(|s| pos.board().role_at(*s) == Some(role)).collect();
        squares.sort_by_key(|s| (pos.board().color_at(*s) != Some(own), s.index()));
        let at = squares.iter().position(|s| *s == self.cursor);
        let next = match at {
            Some(i) => squares.get(i + 1).or(squares.first()).copied(),
            None => squares.first().copied(),
        };
        match next {
            Some(s) => {
                self.cursor = s;
                say_square(lex, pos, s)
            }
            None => format!("{}: {}", lex.piece(role, 1), lex.out.none),
        }
    }
}

fn square(f: i32, r: i32) -> Option<Square> {
    if !(0..8).contains(&f) || !(0..8).contains(&r) {
        return None;
    }
    Some(Square::from_coords(File::new(f as u32)?, Rank::new(r as u32)?))
}
