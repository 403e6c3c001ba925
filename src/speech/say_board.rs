//! The board in words: the whole position, pieces of one kind, a file or
//! rank scan, one square, attackers and defenders, a piece's legal moves.

use super::grammar::{Arg, render};
use super::lang::Style;
use super::lexicon::Lexicon;
use super::say_move::{color_name, square_words};
use crate::notation::describe::squares_of;
use crate::rules::{Bitboard, Color, File, Piece, Position, Rank, Role, Square};

fn sq(lex: &Lexicon, s: Square) -> String {
    square_words(lex, s, Style::Brief)
}

/// A piece with its colour, in agreement: "white pawn", «белая пешка», "weißer Bauer".
pub fn piece_words(lex: &Lexicon, p: Piece) -> String {
    render(&lex.board.piece, &[("side", lex.side(p.color)), ("piece", lex.piece_word(p.role))])
}

/// Whose move: "White to move.", «Ход белых.», "Weiß ist am Zug."
pub fn say_to_move(lex: &Lexicon, color: Color) -> String {
    render(&lex.board.to_move, &[("side", lex.side(color))])
}

/// One side in words: "White: king e1, queen d1, rooks a1, h1, ..., pawns a2, b2".
pub fn say_side(lex: &Lexicon, pos: &Position, color: Color) -> String {
    let mut groups = Vec::new();
    for role in Role::DESCRIPTION_ORDER {
        let squares = squares_of(pos, color, role);
        if squares.is_empty() {
            continue;
        }
        let form = usize::from(squares.len() > 1);
        let list: Vec<String> = squares.iter().map(|s| sq(lex, *s)).collect();
        groups.push(format!("{} {}", lex.piece(role, form), list.join(", ")));
    }
    format!("{}: {}", color_name(lex, color), groups.join(", "))
}

/// The whole position: White's pieces, then Black's, then who is to move.
pub fn say_position(lex: &Lexicon, pos: &Position) -> Vec<String> {
    vec![say_side(lex, pos, Color::White), say_side(lex, pos, Color::Black), say_to_move(lex, pos.turn())]
}

/// Every piece, one kind of one side to a line, so that each line is whole
/// on a Braille row: "White king: e1", "White rooks: a1, h1", ..., then
/// who is to move.
pub fn say_pieces_by_kind(lex: &Lexicon, pos: &Position) -> Vec<String> {
    let mut lines: Vec<String> = Color::ALL.iter().flat_map(|c| say_side_pieces(lex, pos, *c)).collect();
    lines.push(say_to_move(lex, pos.turn()));
    lines
}

/// One side's pieces, kind by kind: "White king: e1", "White rooks: a1, h1".
pub fn say_side_pieces(lex: &Lexicon, pos: &Position, color: Color) -> Vec<String> {
    let mut lines = Vec::new();
    for role in Role::DESCRIPTION_ORDER {
        let squares = squares_of(pos, color, role);
        match squares.as_slice() {
            [] => {}
            [one] => {
                let piece = super::grammar::capitalise(&piece_words(lex, Piece { color, role }));
                lines.push(format!("{piece}: {}", sq(lex, *one)));
            }
            _ => lines.push(say_pieces_of(lex, pos, color, role)),
        }
    }
    lines
}

/// Pieces of one kind: "White knights: b1, g1".
pub fn say_pieces_of(lex: &Lexicon, pos: &Position, color: Color, role: Role) -> String {
    let squares = squares_of(pos, color, role);
    let list = if squares.is_empty() {
        lex.out.none.clone()
    } else {
        squares.iter().map(|s| sq(lex, *s)).collect::<Vec<_>>().join(", ")
    };
    render(
        &lex.board.pieces_of,
        &[("side", lex.side(color)), ("piece", lex.piece_word(role)), ("list", Arg::Text(&list))],
    )
}

/// What stands on a square: "e4: white pawn" or "e4: empty".
pub fn say_square(lex: &Lexicon, pos: &Position, s: Square) -> String {
    match pos.piece_at(s) {
        Some(p) => format!("{}: {}", sq(lex, s), piece_words(lex, p)),
        None => format!("{}: {}", sq(lex, s), lex.out.empty),
    }
}

/// A line of squares in order, runs of empty squares said once.
fn scan(lex: &Lexicon, pos: &Position, squares: &[Square]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < squares.len() {
        let s = squares[i];
        match pos.piece_at(s) {
            Some(p) => {
                parts.push(format!("{} {}", sq(lex, s), piece_words(lex, p)));
                i += 1;
            }
            None => {
                let mut j = i;
                while j + 1 < squares.len() && pos.piece_at(squares[j + 1]).is_none() {
                    j += 1;
                }
                if j == i {
                    parts.push(format!("{} {}", sq(lex, s), lex.out.empty));
                } else {
                    let (from, to) = (sq(lex, s), sq(lex, squares[j]));
                    parts.push(render(&lex.board.empty_run, &[("from", Arg::Text(&from)), ("to", Arg::Text(&to))]));
                }
                i = j + 1;
            }
        }
    }
    parts.join(", ")
}

/// From a square, each of the eight directions up to the first piece
/// (lichess's scan from a square): "north: d5 to d6 empty, d7 black pawn";
/// a direction off the board is left out.
pub fn say_scan_from(lex: &Lexicon, pos: &Position, from: Square) -> Vec<String> {
    const STEPS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    let mut lines = Vec::new();
    for (i, (df, dr)) in STEPS.iter().enumerate() {
        let mut squares = Vec::new();
        let (mut f, mut r) = (from.file().index() as i32 + df, from.rank().index() as i32 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let (Some(file), Some(rank)) = (File::new(f as u32), Rank::new(r as u32)) else { break };
            let s = Square::from_coords(file, rank);
            squares.push(s);
            if pos.piece_at(s).is_some() {
                break;
            }
            f += df;
            r += dr;
        }
        if squares.is_empty() {
            continue;
        }
        let name = lex.board.directions.get(i).cloned().unwrap_or_default();
        lines.push(format!("{}: {}", super::grammar::capitalise(&name), scan(lex, pos, &squares)));
    }
    lines
}

/// Each side's pawns by file, with the doubled, isolated and passed ones
/// named: "White pawns: a2, b2, e4; doubled: ...".
pub fn say_pawns(lex: &Lexicon, pos: &Position) -> Vec<String> {
    let mut lines = Vec::new();
    for color in Color::ALL {
        let mine = squares_of(pos, color, Role::Pawn);
        let theirs = squares_of(pos, !color, Role::Pawn);
        let on_file = |sqs: &[Square], f: i32| sqs.iter().filter(|s| s.file().index() as i32 == f).count();
        let ahead = |s: &Square, t: &Square| match color {
            Color::White => t.rank() > s.rank(),
            Color::Black => t.rank() < s.rank(),
        };
        let mut notes: [Vec<Square>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for s in &mine {
            let f = s.file().index() as i32;
            if on_file(&mine, f) > 1 {
                notes[0].push(*s);
            }
            if on_file(&mine, f - 1) == 0 && on_file(&mine, f + 1) == 0 {
                notes[1].push(*s);
            }
            let blocked = theirs.iter().any(|t| (t.file().index() as i32 - f).abs() <= 1 && ahead(s, t));
            if !blocked {
                notes[2].push(*s);
            }
        }
        let list = |sqs: &[Square]| sqs.iter().map(|s| sq(lex, *s)).collect::<Vec<_>>().join(", ");
        let mut line = say_pieces_of(lex, pos, color, Role::Pawn);
        for (k, named) in notes.iter().enumerate() {
            if !named.is_empty() {
                let note = lex.board.pawn_notes.get(k).cloned().unwrap_or_default();
                line.push_str(&format!("; {note}: {}", list(named)));
            }
        }
        lines.push(line);
    }
    lines
}

/// A file from rank 1 to 8: "File e: e1 white king, e2 white pawn, e3 to e6 empty, ...".
pub fn say_file(lex: &Lexicon, pos: &Position, file: File) -> String {
    let squares: Vec<Square> = Rank::ALL.iter().map(|r| Square::from_coords(file, *r)).collect();
    format!("{} {}: {}", super::grammar::capitalise(&lex.out.file), file.char(), scan(lex, pos, &squares))
}

/// A rank from file a to h.
pub fn say_rank(lex: &Lexicon, pos: &Position, rank: Rank) -> String {
    let squares: Vec<Square> = File::ALL.iter().map(|f| Square::from_coords(*f, rank)).collect();
    format!("{} {}: {}", super::grammar::capitalise(&lex.out.rank), rank.char(), scan(lex, pos, &squares))
}

fn list_pieces(lex: &Lexicon, pos: &Position, set: Bitboard) -> String {
    if set.is_empty() {
        return lex.out.nothing.clone();
    }
    let mut items: Vec<(Piece, Square)> = set.filter_map(|s| pos.piece_at(s).map(|p| (p, s))).collect();
    items.sort_by_key(|(p, s)| (Role::DESCRIPTION_ORDER.iter().position(|x| *x == p.role), s.file(), s.rank()));
    // With their colours: who attacks is said, not left to be guessed.
    items.iter().map(|(p, s)| format!("{} {}", piece_words(lex, *p), sq(lex, *s))).collect::<Vec<_>>().join(", ")
}

/// The side a square belongs to: its piece's colour, or the side to move when empty.
fn owner(pos: &Position, s: Square) -> Color {
    pos.board().color_at(s).unwrap_or(pos.turn())
}

/// Enemy pieces attacking a square: "e4 attacked by: knight f6, bishop b7".
pub fn say_attackers(lex: &Lexicon, pos: &Position, s: Square) -> String {
    let occupied = pos.board().occupied();
    // An empty square belongs to no side: both sides' pieces, with their
    // colours said.
    let by = match pos.piece_at(s) {
        Some(_) => pos.attackers_to(s, !owner(pos, s), occupied),
        None => pos.attackers_to(s, Color::White, occupied) | pos.attackers_to(s, Color::Black, occupied),
    };
    format!("{} {}: {}", sq(lex, s), lex.out.attacked_by, list_pieces(lex, pos, by))
}

/// The pieces attacked and not defended, of both sides (kings aside):
/// "Hanging (attacked, not defended): black knight c6".
pub fn say_hanging(lex: &Lexicon, pos: &Position) -> String {
    let occupied = pos.board().occupied();
    let mut hanging = Bitboard::EMPTY;
    for s in occupied {
        let Some(p) = pos.piece_at(s) else { continue };
        if p.role == Role::King {
            continue;
        }
        let attacked = !pos.attackers_to(s, !p.color, occupied).is_empty();
        let defended = !(pos.attackers_to(s, p.color, occupied) & !Bitboard::from_square(s)).is_empty();
        if attacked && !defended {
            hanging |= Bitboard::from_square(s);
        }
    }
    render(&lex.board.hanging, &[("list", Arg::Text(&list_pieces(lex, pos, hanging)))])
}

/// Own pieces defending a square: "e4 defended by: pawn d3".
pub fn say_defenders(lex: &Lexicon, pos: &Position, s: Square) -> String {
    let by = pos.attackers_to(s, owner(pos, s), pos.board().occupied()) & !Bitboard::from_square(s);
    format!("{} {}: {}", sq(lex, s), lex.out.defended_by, list_pieces(lex, pos, by))
}

/// The legal moves of the piece on a square: "Knight g1: f3, h3".
pub fn say_legal_moves(lex: &Lexicon, pos: &Position, from: Square) -> String {
    let Some(p) = pos.piece_at(from) else {
        return say_square(lex, pos, from);
    };
    // A piece of the side not to move: its moves as if it were its turn.
    let mover = if p.color == pos.turn() { *pos } else { pos.with_turn(p.color) };
    let mut targets: Vec<Square> = Vec::new();
    for m in mover.legal_moves().iter().filter(|m| m.from == from) {
        if !targets.contains(&m.to) {
            targets.push(m.to);
        }
    }
    let list = if targets.is_empty() {
        lex.out.no_moves.clone()
    } else {
        targets.iter().map(|s| sq(lex, *s)).collect::<Vec<_>>().join(", ")
    };
    format!("{} {}: {list}", super::grammar::capitalise(lex.piece(p.role, 0)), sq(lex, from))
}

#[cfg(test)]
mod tests {
    use super::{say_attackers, say_hanging, say_side_pieces};
    use crate::rules::{Color, Position, Square};
    use crate::speech::{Lexicon, SpeechLang};

    /// After 1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. Ng5: the knight on g5 is
    /// attacked by the queen on d8 and nothing of White's defends it.
    const GAME: &str = "r1bqkbnr/ppp2ppp/2np4/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 1 4";

    fn written(lang: SpeechLang) -> &'static Lexicon {
        Lexicon::written(lang)
    }

    #[test]
    fn hanging_pieces_of_both_sides_in_every_language() {
        let pos = Position::from_fen(GAME).expect("fen");
        assert_eq!(say_hanging(written(SpeechLang::English), &pos), "Attacked and undefended: white knight g5");
        assert_eq!(say_hanging(written(SpeechLang::Russian), &pos), "Под боем без защиты: белый конь g5");
        assert_eq!(say_hanging(written(SpeechLang::German), &pos), "Angegriffen und ungedeckt: weißer Springer g5");
        assert_eq!(say_hanging(written(SpeechLang::Korean), &pos), "보호 없이 공격받는 기물: 백 나이트 g5");
        let start = Position::start();
        assert_eq!(say_hanging(written(SpeechLang::English), &start), "Attacked and undefended: nothing");
    }

    #[test]
    fn who_attacks_an_empty_square_counts_both_sides() {
        let pos = Position::from_fen(GAME).expect("fen");
        let e6 = Square::parse("e6").expect("square");
        assert_eq!(
            say_attackers(written(SpeechLang::English), &pos, e6),
            "e6 attacked by: white bishop c4, black bishop c8, white knight g5, black pawn f7"
        );
    }

    #[test]
    fn scan_from_a_square_and_pawns() {
        let pos = Position::from_fen(GAME).expect("fen");
        let lex = written(SpeechLang::English);
        let d4 = Square::parse("d4").expect("square");
        let scan = super::say_scan_from(lex, &pos, d4);
        assert_eq!(scan[0], "North: d5 empty, d6 black pawn");
        assert_eq!(scan.len(), 8);
        let pawns = super::say_pawns(lex, &Position::from_fen("4k3/p7/4p3/8/8/3P4/3P2P1/4K3 w - - 0 1").expect("fen"));
        assert_eq!(pawns[0], "White pawns: d2, d3, g2; doubled: d2, d3; isolated: d2, d3, g2; passed: g2");
        assert_eq!(pawns[1], "Black pawns: a7, e6; isolated: a7, e6; passed: a7");
        let first = |lang| super::say_scan_from(written(lang), &pos, d4).remove(0);
        assert_eq!(first(SpeechLang::Russian), "Север: d5 пусто, d6 чёрная пешка");
        assert_eq!(first(SpeechLang::German), "Norden: d5 leer, d6 schwarzer Bauer");
        assert_eq!(first(SpeechLang::Korean), "북: d5 빈 칸, d6 흑 폰");
        let fen = "4k3/p7/4p3/8/8/3P4/3P2P1/4K3 w - - 0 1";
        let pawns = |lang| super::say_pawns(written(lang), &Position::from_fen(fen).expect("fen")).remove(0);
        assert_eq!(
            pawns(SpeechLang::Russian),
            "Белые пешки: d2, d3, g2; сдвоенные: d2, d3; изолированные: d2, d3, g2; проходные: g2"
        );
        assert_eq!(
            pawns(SpeechLang::German),
            "Weiße Bauern: d2, d3, g2; Doppelbauern: d2, d3; isoliert: d2, d3, g2; Freibauern: g2"
        );
        assert_eq!(pawns(SpeechLang::Korean), "백 폰: d2, d3, g2; 겹폰: d2, d3; 고립폰: d2, d3, g2; 통과폰: g2");
    }

    #[test]
    fn one_sides_pieces() {
        let pos = Position::start();
        let black = say_side_pieces(written(SpeechLang::Russian), &pos, Color::Black);
        assert_eq!(black.first().map(String::as_str), Some("Чёрный король: e8"));
        assert_eq!(black.len(), 6);
    }
}
