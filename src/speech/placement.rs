//! Setting up a position, said or typed: pieces placed by words ("white
//! king g1", "чёрные пешки a7 b7 c7", "백 킹 g1") or by letters (the
//! notation's letters, capitals White's: "Kg1", "ph7", "Крg1"), squares
//! emptied, the side to move, castling and en passant, and `done`. The
//! phrases are the language data's (`[study.setup.orders]`); what the
//! words ask for is the typed [`SetupOrder`].

use super::hear::{Heard, hear, words_of};
use super::lexicon::{Lexicon, Meaning};
use crate::notation::NotationLang;
use crate::rules::{CastleSide, CastlingRights, Color, File, Piece, Rank, Role, Square};

use super::sentences::SetupWord;

/// What the player asks of the board being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupOrder {
    /// Pieces put on squares, in the order said.
    Place(Vec<(Piece, Square)>),
    /// A piece put on the square chosen before (a routing key).
    PlaceHere(Piece),
    /// Squares emptied.
    Remove(Vec<Square>),
    /// The board emptied.
    Clear,
    /// The initial position.
    Start,
    /// The side to move.
    Turn(Color),
    /// The castling rights, whole.
    Castling(CastlingRights),
    /// The en passant square, or none.
    EnPassant(Option<Square>),
    /// Check the position and, if it is right, review it.
    Done,
}

/// An order that lacks what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece without its side.
    #[error("say the side too, like white king g1")]
    NeedsColour,
    /// A side without a piece.
    #[error("say the piece too, like white king g1")]
    NeedsPiece,
    /// `remove` or `en passant` without a square.
    #[error("say a square, like e4")]
    NeedsSquare,
    /// Castling rights that cannot be read.
    #[error("say castling with K, Q, k, q, or none")]
    Castling,
}

/// The order a typed or heard line gives, if it is one of the setup's:
/// None for a line that is not (a board question, a command, a square).
pub fn parse_setup(lex: &Lexicon, text: &str) -> Option<Result<SetupOrder, SetupError>> {
    if let Some(placed) = by_letters(lex.lang.notation(), text) {
        return Some(Ok(SetupOrder::Place(placed)));
    }
    let words = words_of(text);
    let orders = &lex.study.setup.orders;
    let at_start = (1..=words.len().min(4)).rev().find_map(|len| {
        let phrase = words[..len].join(" ");
        orders.get(&phrase).map(|w| (*w, len))
    });
    if let Some((word, len)) = at_start {
        let rest = words[len..].join(" ");
        let heard = hear(lex, &rest);
        let rest_word = |w: SetupWord| !words[len..].is_empty() && orders.get(&words[len..].join(" ")) == Some(&w);
        return Some(match word {
            SetupWord::Remove => {
                let squares = squares_of(&heard);
                if squares.is_empty() { Err(SetupError::NeedsSquare) } else { Ok(SetupOrder::Remove(squares)) }
            }
            SetupWord::Clear => Ok(SetupOrder::Clear),
            SetupWord::Start => Ok(SetupOrder::Start),
            SetupWord::WhiteToMove => Ok(SetupOrder::Turn(Color::White)),
            SetupWord::BlackToMove => Ok(SetupOrder::Turn(Color::Black)),
            SetupWord::Done => Ok(SetupOrder::Done),
            SetupWord::EnPassant if rest_word(SetupWord::None) => Ok(SetupOrder::EnPassant(None)),
            SetupWord::EnPassant => match squares_of(&heard).as_slice() {
                [square] => Ok(SetupOrder::EnPassant(Some(*square))),
                _ => Err(SetupError::NeedsSquare),
            },
            SetupWord::Castling if rest_word(SetupWord::None) => Ok(SetupOrder::Castling(CastlingRights::NONE)),
            SetupWord::Castling => castling(lex, text, len, &heard).map(SetupOrder::Castling),
            SetupWord::None | SetupWord::Both => return None,
        });
    }
    by_words(&hear(lex, text))
}

/// A line that is one square alone ("e4", "에이 사"): what stands there.
pub fn lone_square(lex: &Lexicon, text: &str) -> Option<Square> {
    match squares_of(&hear(lex, text))[..] {
        [square] => Some(square),
        _ => None,
    }
}

/// Placements written in letters, every token a piece's letters and a
/// square ("Kg1 Ra1 ph7"); None when any token is not one.
fn by_letters(notation: NotationLang, text: &str) -> Option<Vec<(Piece, Square)>> {
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
    if tokens.is_empty() {
        return None;
    }
    tokens.iter().map(|t| letters_token(notation, t)).collect()
}

/// One piece's letters and a square: "Kg1", "ph7", "Крg1", "пe5".
fn letters_token(notation: NotationLang, token: &str) -> Option<(Piece, Square)> {
    let chars: Vec<char> = token.chars().collect();
    let n = chars.len();
    if n < 3 {
        return None;
    }
    let file = match chars[n - 2].to_ascii_lowercase() {
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        c => c,
    };
    let square = Square::from_coords(File::from_char(file)?, Rank::from_char(chars[n - 1])?);
    let letters: String = chars[..n - 2].iter().collect();
    let pawn = |c: &str| {
        let russian = notation == NotationLang::Russian && matches!(c, "п" | "П");
        (russian || matches!(c, "p" | "P")).then(|| (Role::Pawn, c.chars().all(char::is_uppercase)))
    };
    let (role, capital) = notation
        .piece_named(&letters)
        .or_else(|| NotationLang::English.piece_named(&letters))
        .or_else(|| pawn(&letters))?;
    let color = if capital { Color::White } else { Color::Black };
    Some((Piece { color, role }, square))
}

/// The squares said, each a file and then a rank ("a7 b7", "에이 칠").
fn squares_of(heard: &[Heard]) -> Vec<Square> {
    let mut out = Vec::new();
    let mut file = None;
    for h in heard {
        let exact = |m: fn(&Meaning) -> bool| h.senses.iter().filter(|s| s.cost == 0.0).map(|s| s.meaning).find(m);
        if let Some(f) = file
            && let Some(Meaning::Rank(r)) = exact(|m| matches!(m, Meaning::Rank(_)))
        {
            out.push(Square::from_coords(f, r));
            file = None;
            continue;
        }
        match exact(|m| matches!(m, Meaning::File(_))) {
            Some(Meaning::File(f)) => file = Some(f),
            _ if is_filler(h) => {}
            _ => return Vec::new(),
        }
    }
    if file.is_some() { Vec::new() } else { out }
}

fn is_filler(h: &Heard) -> bool {
    h.senses.iter().any(|s| s.meaning == Meaning::Filler)
}

/// Pieces placed in words: a side, a piece, its squares, and again
/// ("white king g1 black king g8"); a side and a piece alone is a piece
/// for the square chosen before. None when the line does not start with
/// a side or a piece.
fn by_words(heard: &[Heard]) -> Option<Result<SetupOrder, SetupError>> {
    let meaning =
        |h: &Heard, m: fn(&Meaning) -> bool| h.senses.iter().filter(|s| s.cost == 0.0).map(|s| s.meaning).find(m);
    let colour_of = |h: &Heard| match meaning(h, |m| matches!(m, Meaning::Color(_))) {
        Some(Meaning::Color(c)) => Some(c),
        _ => None,
    };
    let role_of = |h: &Heard| match meaning(h, |m| matches!(m, Meaning::Piece(_))) {
        Some(Meaning::Piece(r)) => Some(r),
        _ => None,
    };
    let first = heard.iter().find(|h| !is_filler(h))?;
    colour_of(first).or(role_of(first).map(|_| Color::White))?;
    let (mut color, mut role) = (None, None);
    let mut placed = Vec::new();
    let mut i = 0;
    while i < heard.len() {
        let h = &heard[i];
        if let Some(c) = colour_of(h) {
            color = Some(c);
            role = None;
        } else if let Some(r) = role_of(h) {
            role = Some(r);
        } else if meaning(h, |m| matches!(m, Meaning::File(_))).is_some() {
            let Some(next) = heard.get(i + 1) else { return Some(Err(SetupError::NeedsSquare)) };
            let [square] = squares_of(&[h.clone(), next.clone()])[..] else {
                return Some(Err(SetupError::NeedsSquare));
            };
            let Some(color) = color else { return Some(Err(SetupError::NeedsColour)) };
            let Some(role) = role else { return Some(Err(SetupError::NeedsPiece)) };
            placed.push((Piece { color, role }, square));
            i += 2;
            continue;
        } else if !is_filler(h) {
            return None;
        }
        i += 1;
    }
    let result = match (color, role, placed.is_empty()) {
        (_, _, false) => Ok(SetupOrder::Place(placed)),
        (Some(color), Some(role), true) => Ok(SetupOrder::PlaceHere(Piece { color, role })),
        (None, _, true) => Err(SetupError::NeedsColour),
        (Some(_), None, true) => Err(SetupError::NeedsPiece),
    };
    Some(result)
}

/// Castling rights: FEN's letters as typed ("K Q k q", "KQkq"), or a
/// side and the ways in words ("white short black both").
fn castling(lex: &Lexicon, text: &str, skip: usize, heard: &[Heard]) -> Result<CastlingRights, SetupError> {
    let typed: String = text.split_whitespace().skip(skip).collect();
    let mut rights = CastlingRights::NONE;
    if !typed.is_empty() && typed.chars().all(|c| matches!(c, 'K' | 'Q' | 'k' | 'q')) {
        for c in typed.chars() {
            let color = if c.is_uppercase() { Color::White } else { Color::Black };
            let side = if c.eq_ignore_ascii_case(&'k') { CastleSide::King } else { CastleSide::Queen };
            rights.add(color, side);
        }
        return Ok(rights);
    }
    let orders = &lex.study.setup.orders;
    let mut color = None;
    let mut any = false;
    for h in heard {
        let exact = |m: Meaning| h.senses.iter().any(|s| s.cost == 0.0 && s.meaning == m);
        let sides: &[CastleSide] = if exact(Meaning::Short) {
            &[CastleSide::King]
        } else if exact(Meaning::Long) {
            &[CastleSide::Queen]
        } else if orders.get(&h.text) == Some(&SetupWord::Both) {
            &CastleSide::ALL
        } else if let Some(c) = Color::ALL.into_iter().find(|c| exact(Meaning::Color(*c))) {
            color = Some(c);
            continue;
        } else if is_filler(h) || exact(Meaning::Castle) {
            continue;
        } else {
            return Err(SetupError::Castling);
        };
        let Some(c) = color else { return Err(SetupError::Castling) };
        for side in sides {
            rights.add(c, *side);
        }
        any = true;
    }
    if any { Ok(rights) } else { Err(SetupError::Castling) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::SpeechLang;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    fn p(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    fn order(lang: SpeechLang, text: &str) -> Option<Result<SetupOrder, SetupError>> {
        parse_setup(Lexicon::get(lang), text)
    }

    fn placed(lang: SpeechLang, text: &str) -> Vec<(Piece, Square)> {
        match order(lang, text) {
            Some(Ok(SetupOrder::Place(v))) => v,
            other => panic!("{lang:?} {text}: {other:?}"),
        }
    }

    #[test]
    fn pieces_are_placed_by_words_in_every_language() {
        use Color::{Black, White};
        use SpeechLang::*;
        let king = vec![(p(White, Role::King), sq("g1"))];
        assert_eq!(placed(English, "white king g1"), king);
        assert_eq!(placed(Russian, "белый король g1"), king);
        assert_eq!(placed(German, "weißer König g1"), king);
        assert_eq!(placed(Korean, "백 킹 g1"), king);
        assert_eq!(placed(Russian, "чёрная ладья h8"), vec![(p(Black, Role::Rook), sq("h8"))]);
        let pawns =
            vec![(p(Black, Role::Pawn), sq("a7")), (p(Black, Role::Pawn), sq("b7")), (p(Black, Role::Pawn), sq("c7"))];
        assert_eq!(placed(English, "black pawns a7 b7 c7"), pawns);
        assert_eq!(placed(Russian, "чёрные пешки a7 b7 c7"), pawns);
        assert_eq!(placed(German, "schwarze Bauern a7 b7 c7"), pawns);
        assert_eq!(
            placed(English, "white king g1 black king g8"),
            vec![(p(White, Role::King), sq("g1")), (p(Black, Role::King), sq("g8"))]
        );
        assert_eq!(order(English, "white king"), Some(Ok(SetupOrder::PlaceHere(p(White, Role::King)))));
        assert_eq!(order(English, "king g1"), Some(Err(SetupError::NeedsColour)));
        assert_eq!(order(English, "white g1"), Some(Err(SetupError::NeedsPiece)));
    }

    #[test]
    fn pieces_are_placed_by_the_notations_letters() {
        use Color::{Black, White};
        use SpeechLang::*;
        assert_eq!(placed(English, "Kg1"), vec![(p(White, Role::King), sq("g1"))]);
        assert_eq!(
            placed(English, "Ra1 ph7"),
            vec![(p(White, Role::Rook), sq("a1")), (p(Black, Role::Pawn), sq("h7"))]
        );
        assert_eq!(placed(Russian, "Крg1"), vec![(p(White, Role::King), sq("g1"))]);
        assert_eq!(placed(Russian, "Фd1"), vec![(p(White, Role::Queen), sq("d1"))]);
        assert_eq!(
            placed(Russian, "крg8 кf6"),
            vec![(p(Black, Role::King), sq("g8")), (p(Black, Role::Knight), sq("f6"))]
        );
        assert_eq!(placed(Russian, "пe5"), vec![(p(Black, Role::Pawn), sq("e5"))]);
        assert_eq!(
            placed(German, "Dd1 Bb2"),
            vec![(p(White, Role::Queen), sq("d1")), (p(White, Role::Pawn), sq("b2"))]
        );
        // A square alone is a question, not a placement.
        assert_eq!(order(English, "e4"), None);
        assert_eq!(order(English, "board"), None);
    }

    /// The recognizer listens for the setup's words too (a side's
    /// adjective forms, the order phrases).
    #[test]
    fn the_setups_words_are_in_the_recognizers_vocabulary() {
        let ko = crate::speech::vocabulary::vocabulary(SpeechLang::Korean);
        for w in ["완료", "비우기", "시작 위치", "제거", "흑 차례", "백", "킹"] {
            assert!(ko.iter().any(|v| v == w), "{w}");
        }
        let ru = crate::speech::vocabulary::vocabulary(SpeechLang::Russian);
        for w in ["готово", "белый", "чёрная", "убрать", "начальная позиция"] {
            assert!(ru.iter().any(|v| v == w), "{w}");
        }
    }

    #[test]
    fn the_other_orders_in_every_language() {
        use SpeechLang::*;
        assert_eq!(order(English, "remove e4"), Some(Ok(SetupOrder::Remove(vec![sq("e4")]))));
        assert_eq!(order(Russian, "убрать e4 d4"), Some(Ok(SetupOrder::Remove(vec![sq("e4"), sq("d4")]))));
        assert_eq!(order(English, "remove"), Some(Err(SetupError::NeedsSquare)));
        assert_eq!(order(English, "black to move"), Some(Ok(SetupOrder::Turn(Color::Black))));
        assert_eq!(order(Russian, "ход чёрных"), Some(Ok(SetupOrder::Turn(Color::Black))));
        assert_eq!(order(German, "Schwarz am Zug"), Some(Ok(SetupOrder::Turn(Color::Black))));
        assert_eq!(order(Korean, "흑 차례"), Some(Ok(SetupOrder::Turn(Color::Black))));
        assert_eq!(order(English, "castling K Q k q"), Some(Ok(SetupOrder::Castling(CastlingRights::ALL))));
        assert_eq!(order(English, "castling KQkq"), Some(Ok(SetupOrder::Castling(CastlingRights::ALL))));
        assert_eq!(order(English, "castling none"), Some(Ok(SetupOrder::Castling(CastlingRights::NONE))));
        let mut white_short = CastlingRights::NONE;
        white_short.add(Color::White, CastleSide::King);
        assert_eq!(order(English, "castling white short"), Some(Ok(SetupOrder::Castling(white_short))));
        assert_eq!(order(Russian, "рокировка белые короткая"), Some(Ok(SetupOrder::Castling(white_short))));
        assert_eq!(order(English, "castling maybe"), Some(Err(SetupError::Castling)));
        assert_eq!(order(English, "en passant d6"), Some(Ok(SetupOrder::EnPassant(Some(sq("d6"))))));
        assert_eq!(order(English, "en passant none"), Some(Ok(SetupOrder::EnPassant(None))));
        for (lang, done, clear, start) in [
            (English, "done", "clear", "start position"),
            (Russian, "готово", "очистить", "начальная позиция"),
            (German, "fertig", "leeren", "Grundstellung"),
            (Korean, "완료", "비우기", "시작 위치"),
        ] {
            assert_eq!(order(lang, done), Some(Ok(SetupOrder::Done)), "{lang:?}");
            assert_eq!(order(lang, clear), Some(Ok(SetupOrder::Clear)), "{lang:?}");
            assert_eq!(order(lang, start), Some(Ok(SetupOrder::Start)), "{lang:?}");
        }
    }
}
