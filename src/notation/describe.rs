//! The written description of a position (003): for each side, kings, queen,
//! rooks, bishops, knights, pawns; pieces of one kind by file then rank, the
//! letter not repeated; White first.
//! "White: Ke1, Qd1, Ra1, h1, Bc1, f1, Nb1, g1, pawns a2, b2, ..."

use super::lang::NotationLang;
use crate::rules::{Color, Position, Role, Square};

/// Side names and the pawn word of a language.
fn words(lang: NotationLang, color: Color) -> (&'static str, &'static str) {
    let white = color == Color::White;
    match lang {
        NotationLang::English => (if white { "White" } else { "Black" }, "pawns"),
        NotationLang::Russian => (if white { "Белые" } else { "Черные" }, "пп."),
        NotationLang::German => (if white { "Weiß" } else { "Schwarz" }, "Bauern"),
        NotationLang::French => (if white { "Blancs" } else { "Noirs" }, "pions"),
        NotationLang::Dutch => (if white { "Wit" } else { "Zwart" }, "pionnen"),
    }
}

/// Squares of a colour's pieces of a role, ordered by file then rank.
pub(crate) fn squares_of(pos: &Position, color: Color, role: Role) -> Vec<Square> {
    let mut sqs: Vec<Square> = pos.board().pieces(color, role).collect();
    sqs.sort_by_key(|s| (s.file(), s.rank()));
    sqs
}

/// One side's line: "White: Ke1, Qd1, Ra1, h1, ...".
pub fn describe_side(pos: &Position, color: Color, lang: NotationLang) -> String {
    let (side, pawns) = words(lang, color);
    let mut items: Vec<String> = Vec::new();
    for role in Role::DESCRIPTION_ORDER {
        for (i, sq) in squares_of(pos, color, role).iter().enumerate() {
            let prefix = match (role, i) {
                (Role::Pawn, 0) => format!("{pawns} "),
                (_, 0) => lang.piece_letter(role).to_string(),
                _ => String::new(),
            };
            items.push(format!("{prefix}{sq}"));
        }
    }
    format!("{side}: {}", items.join(", "))
}

/// The whole description: White's line, then Black's.
pub fn describe_position(pos: &Position, lang: NotationLang) -> String {
    format!("{}\n{}", describe_side(pos, Color::White, lang), describe_side(pos, Color::Black, lang))
}
