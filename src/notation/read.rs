//! Reading one written move against a position: SAN in any notation language,
//! long notation (e2-e4, Фе1–а5), UCI (e7e8q), castling in every spelling,
//! with capture signs, check marks, e.p. and annotations.
//!
//! The text is first read in every way it could be meant; the readings are
//! then matched against the legal moves. Exactly one matching move is
//! played; two or more give an ambiguity error listing them, never a guess.

use super::chars::{file_of, is_capture, is_castle_o, is_dash, latinize, rank_of};
use super::lang::NotationLang;
use super::san::{SanOptions, write_san};
use crate::rules::{
    CastleSide, File, IllegalReason, Move, MoveRequest, PieceRequest, Position, Rank, Role, Square, diagnose,
};

/// Why a written move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadMoveError {
    /// Nothing but spaces or marks.
    #[error("the move is empty")]
    Empty,
    /// The text is not written like a move.
    #[error("'{text}' is not a move; write it like e4, Nf3, exd5, O-O, e8=Q or e2-e4")]
    Unreadable {
        /// The text as given.
        text: String,
    },
    /// No legal move fits.
    #[error("'{text}' is not possible: {reason}")]
    Illegal {
        /// The text as given.
        text: String,
        /// Why.
        reason: IllegalReason,
        /// What the text asked for.
        request: MoveRequest,
    },
    /// A capital piece letter stands where a file or square belongs ("B4":
    /// B is the bishop).
    #[error("'{text}': a capital letter there is a piece, not a file; write the square in small letters, like b4")]
    PieceLetterAsFile {
        /// The text as given.
        text: String,
    },
    /// Several legal moves fit.
    #[error("'{text}' could mean {}; write which", candidates.join(" or "))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The candidates in English SAN.
        candidates: Vec<String>,
        /// The candidate moves, in the same order.
        moves: Vec<Move>,
    },
    /// A pawn reaches the last rank but the new piece is not named (3.7e).
    #[error("'{text}': the pawn promotes on {square}; add the new piece, like {square}=Q")]
    PromotionNeeded {
        /// The text as given.
        text: String,
        /// The pawn's square.
        from: Square,
        /// The promotion square.
        square: Square,
    },
}

/// Marks after a move: check, e.p., annotations, a draw offer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveMarks {
    /// "+" was written.
    pub check: bool,
    /// "#" or "++" was written.
    pub mate: bool,
    /// "e.p." was written.
    pub en_passant: bool,
    /// An annotation as a PGN NAG: ! = 1, ? = 2, !! = 3, ?? = 4, !? = 5, ?! = 6.
    pub nag: Option<u8>,
    /// "(=)" or "=": a draw offer (C.13, D.13).
    pub draw_offer: bool,
}

/// What the piece part of a reading says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Who {
    Pawn,
    Piece(Role),
    /// Long notation without a letter: whatever stands on the from-square.
    Any,
}

#[derive(Clone, Debug)]
enum Reading {
    Castle(CastleSide),
    Move {
        who: Who,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
        /// Letters whose case does not fit what they were read as.
        penalty: u8,
        /// The move starts with a capital piece letter read as that piece.
        capital_piece: bool,
        /// A capital piece letter was read as a file ("B4", German "dD5").
        capital_file: bool,
    },
}

impl Reading {
    /// What the reading asks for, as a request of the rules core.
    fn request(&self) -> MoveRequest {
        match *self {
            Reading::Castle(side) => MoveRequest::Castle(Some(side)),
            Reading::Move { who, file, rank, to, capture, promotion, .. } => MoveRequest::Piece(PieceRequest {
                role: match who {
                    Who::Pawn => Some(Role::Pawn),
                    Who::Piece(r) => Some(r),
                    Who::Any => None,
                },
                file,
                rank,
                to: Some(to),
                capture,
                captured: None,
                promotion,
                en_passant: false,
            }),
        }
    }
}

/// Splits the marks off the end of a move and drops all spaces.
pub(crate) fn split_marks(text: &str) -> (Vec<char>, MoveMarks) {
    let mut chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut marks = MoveMarks::default();
    loop {
        let latin: String = chars.iter().map(|c| latinize(*c)).collect();
        let before_digit = |n: usize| chars.len() > n && chars[chars.len() - n - 1].is_ascii_digit();
        let strip = if latin.ends_with("(=)") {
            marks.draw_offer = true;
            3
        } else if let Some((n, nag)) = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)]
            .iter()
            .find(|(s, _)| latin.ends_with(s))
            .map(|(s, nag)| (s.len(), *nag))
        {
            marks.nag = Some(nag);
            n
        } else if latin.ends_with("++") {
            marks.mate = true;
            2
        } else if latin.ends_with('#') || latin.ends_with('‡') {
            marks.mate = true;
            1
        } else if latin.ends_with('+') || latin.ends_with('†') {
            marks.check = true;
            1
        } else if let Some(n) = ["e.p.", "e.p", "ep.", "ep"].iter().find(|s| latin.ends_with(*s)).map(|s| s.len())
            && before_digit(n)
        {
            marks.en_passant = true;
            n
        } else if latin.ends_with('=') && chars.len() > 1 && !is_promotion_intro(&chars) {
            marks.draw_offer = true;
            1
        } else if latin.ends_with('.') && chars.len() > 1 {
            // A full stop closing a game text ("Кf2++.").
            1
        } else {
            break;
        };
        chars.truncate(chars.len() - strip);
    }
    (chars, marks)
}

/// "d8=" (a promotion sign with the piece missing) as opposed to "Nf3=" (a draw offer).
fn is_promotion_intro(chars: &[char]) -> bool {
    let n = chars.len();
    n >= 3
        && matches!(chars[n - 2], '1' | '8')
        && file_of(chars[n - 3]).is_some()
        && !chars[..n - 3].iter().any(|c| c.is_alphabetic() && file_of(*c).is_none() && !is_capture(*c))
}

fn castle_reading(chars: &[char]) -> Option<CastleSide> {
    if chars.is_empty() || !chars.iter().all(|c| is_castle_o(*c) || is_dash(*c)) {
        return None;
    }
    // O-O, O-O-O, OO, OOO: no leading, trailing or doubled dash.
    let dashes_ok = !is_dash(chars[0])
        && !is_dash(chars[chars.len() - 1])
        && !chars.windows(2).any(|w| is_dash(w[0]) && is_dash(w[1]));
    if !dashes_ok {
        return None;
    }
    match chars.iter().filter(|c| is_castle_o(**c)).count() {
        2 => Some(CastleSide::King),
        3 => Some(CastleSide::Queen),
        _ => None,
    }
}

/// The possible promotion suffixes: (piece, chars left for the body, exact case).
fn promotion_options(rest: &[char], lang: NotationLang) -> Vec<(Option<Role>, usize, bool)> {
    let mut out = vec![(None, rest.len(), true)];
    let n = rest.len();
    let add_letter_at = |start: usize, end: usize, out: &mut Vec<(Option<Role>, usize, bool)>| {
        for (role, len, exact) in lang.pieces_at(&rest[start..end]) {
            if start + len == end && role != Role::King && role != Role::Pawn {
                let mut body = start;
                if body > 0 && matches!(rest[body - 1], '=' | '/') {
                    body -= 1;
                }
                out.push((Some(role), body, exact));
            }
        }
    };
    if n >= 3 && rest[n - 1] == ')' {
        if let Some(open) = rest.iter().rposition(|c| *c == '(') {
            add_letter_at(open + 1, n - 1, &mut out);
            // the body ends before '('
            for o in out.iter_mut().skip(1) {
                if o.1 == open + 1 {
                    o.1 = open;
                }
            }
        }
    } else {
        for len in 1..=2.min(n) {
            add_letter_at(n - len, n, &mut out);
        }
        // UCI's lowercase English letters (e7e8q) in every language, in
        // UCI's own case: exact, even where the language writes "Q".
        if let Some(role) = rest.last().filter(|c| c.is_ascii_lowercase()).and_then(|c| Role::from_char(*c))
            && Role::PROMOTIONS.contains(&role)
        {
            out.retain(|(r, len, _)| !(*r == Some(role) && *len == n - 1));
            out.push((Some(role), n - 1, true));
        }
    }
    out
}

fn readings(chars: &[char], lang: NotationLang) -> Vec<Reading> {
    let mut out = Vec::new();
    if let Some(side) = castle_reading(chars) {
        out.push(Reading::Castle(side));
        return out;
    }
    let mut prefixes: Vec<(Option<Role>, usize, bool)> = vec![(None, 0, true)];
    prefixes.extend(lang.pieces_at(chars).into_iter().map(|(r, n, e)| (Some(r), n, e)));
    for (role, n, piece_exact) in prefixes {
        let capital_piece = role.is_some() && piece_exact && chars[0].is_uppercase();
        let rest = &chars[n..];
        for (promotion, body_len, promo_exact) in promotion_options(rest, lang) {
            let body = &rest[..body_len];
            if body.len() < 2 {
                continue;
            }
            let len = body.len();
            let (Some((to_file, to_exact)), Some(to_rank)) = (file_of(body[len - 2]), rank_of(body[len - 1])) else {
                continue;
            };
            let to = Square::from_coords(to_file, to_rank);
            let mut pre = &body[..len - 2];
            let mut capture = false;
            if let Some(&last) = pre.last() {
                if is_capture(last) {
                    capture = true;
                    pre = &pre[..pre.len() - 1];
                } else if is_dash(last) {
                    pre = &pre[..pre.len() - 1];
                }
            }
            let mut penalty = u8::from(!piece_exact) + u8::from(!to_exact) + u8::from(!promo_exact);
            let piece_letter = |c: char| c.is_uppercase() && lang.pieces_at(&[c]).iter().any(|(_, n, e)| *n == 1 && *e);
            let mut capital_file = piece_letter(body[len - 2]);
            let (file, rank) = match pre {
                [] => (None, None),
                [c] => match (file_of(*c), rank_of(*c)) {
                    (Some((f, exact)), _) => {
                        penalty += u8::from(!exact);
                        capital_file |= piece_letter(*c);
                        (Some(f), None)
                    }
                    (None, Some(r)) => (None, Some(r)),
                    _ => continue,
                },
                [a, b] => match (file_of(*a), rank_of(*b)) {
                    (Some((f, exact)), Some(r)) => {
                        penalty += u8::from(!exact);
                        capital_file |= piece_letter(*a);
                        (Some(f), Some(r))
                    }
                    _ => continue,
                },
                _ => continue,
            };
            let who = match (role, file, rank) {
                (Some(Role::Pawn), _, _) => Who::Pawn,
                (Some(r), _, _) => Who::Piece(r),
                (None, Some(_), Some(_)) => Who::Any,
                (None, None, Some(_)) => continue,
                (None, _, None) => Who::Pawn,
            };
            if promotion.is_some() && matches!(who, Who::Piece(_)) {
                continue;
            }
            out.push(Reading::Move { who, file, rank, to, capture, promotion, penalty, capital_piece, capital_file });
        }
    }
    out
}

/// Reads a written move and returns the one legal move it means.
pub fn read_move(pos: &Position, text: &str, lang: NotationLang) -> Result<Move, ReadMoveError> {
    read_move_with_marks(pos, text, lang).map(|(m, _)| m)
}

/// Like [`read_move`], also returning the marks written after the move.
pub fn read_move_with_marks(
    pos: &Position,
    text: &str,
    lang: NotationLang,
) -> Result<(Move, MoveMarks), ReadMoveError> {
    resolve(pos, text, lang, false)
}

/// Reads a move from a game text (PGN), where SAN's case rules hold:
/// a lowercase letter is a file, so "bxc4" is always a pawn.
pub(crate) fn read_move_in_text(
    pos: &Position,
    text: &str,
    lang: NotationLang,
) -> Result<(Move, MoveMarks), ReadMoveError> {
    resolve(pos, text, lang, true)
}

/// Reads a move; with `case_strict` the letters' case always decides
/// between readings, otherwise only when the text has capitals. Either way a
/// capital piece letter at the start is that piece, never a file.
fn resolve(
    pos: &Position,
    text: &str,
    lang: NotationLang,
    case_strict: bool,
) -> Result<(Move, MoveMarks), ReadMoveError> {
    let (chars, marks) = split_marks(text);
    if chars.is_empty() {
        return Err(ReadMoveError::Empty);
    }
    let mut readings = readings(&chars, lang);
    let text = shown(text);
    if readings.is_empty() {
        return Err(ReadMoveError::Unreadable { text });
    }
    let case_counts = case_strict || chars.iter().any(|c| c.is_uppercase() && !is_castle_o(*c));
    // A capital piece letter is that piece: never a file.
    let capital = |r: &Reading| matches!(r, Reading::Move { capital_piece: true, .. });
    if case_counts {
        if readings.iter().any(capital) {
            readings.retain(capital);
        }
        readings.retain(|r| !matches!(r, Reading::Move { capital_file: true, .. }));
        if readings.is_empty() {
            return Err(ReadMoveError::PieceLetterAsFile { text });
        }
    }
    let penalty_of = |r: &Reading| match r {
        Reading::Move { penalty, .. } if case_counts => *penalty,
        _ => 0,
    };
    // A from-square and a to-square ("b8a6") name the move outright: such a
    // reading wins over one that takes a lowercase letter for a piece.
    let is_long = |r: &Reading| matches!(r, Reading::Move { who: Who::Any, penalty: 0, .. });
    let fits_some = |r: &Reading| !r.request().candidates(pos).0.is_empty();
    if readings.iter().any(|r| is_long(r) && fits_some(r)) {
        readings.retain(is_long);
    }
    let mut exact: Vec<(u8, Move)> = Vec::new();
    let mut promos: Vec<(u8, Move)> = Vec::new();
    for r in &readings {
        let (yes, needs) = r.request().candidates(pos);
        exact.extend(yes.into_iter().map(|m| (penalty_of(r), m)));
        promos.extend(needs.into_iter().map(|m| (penalty_of(r), m)));
    }
    let best = |fits: &[(u8, Move)]| -> Vec<Move> {
        let min = fits.iter().map(|(p, _)| *p).min();
        let mut out: Vec<Move> = Vec::new();
        for (p, m) in fits {
            if Some(*p) == min && !out.contains(m) {
                out.push(*m);
            }
        }
        out
    };
    let yes = best(&exact);
    let opts = SanOptions::default();
    match yes.len() {
        1 => return Ok((yes[0], marks)),
        0 => {}
        _ => {
            return Err(ReadMoveError::Ambiguous {
                text,
                candidates: yes.iter().map(|m| write_san(pos, m, &opts)).collect(),
                moves: yes,
            });
        }
    }
    let promos = best(&promos);
    if let Some(m) = promos.first() {
        if promos.iter().all(|p| p.from == m.from) {
            return Err(ReadMoveError::PromotionNeeded { text, from: m.from, square: m.to });
        }
        let queens: Vec<Move> = promos.into_iter().filter(|p| p.promotion() == Some(Role::Queen)).collect();
        return Err(ReadMoveError::Ambiguous {
            text,
            candidates: queens.iter().map(|m| write_san(pos, m, &opts)).collect(),
            moves: queens,
        });
    }
    // The reading the letters' case favours is the one explained.
    let first = readings.iter().min_by_key(|r| penalty_of(r)).unwrap_or(&readings[0]);
    let request = first.request();
    Err(ReadMoveError::Illegal { text, reason: diagnose(pos, &request), request })
}

/// The text as it is quoted back in an error: trimmed, at most 24 characters.
fn shown(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= 24 {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(21).collect::<String>())
    }
}

/// Whether the text reads as a complete move in some way (ignoring legality).
pub(crate) fn looks_like_move(text: &str, lang: NotationLang) -> bool {
    let (chars, _) = split_marks(text);
    !chars.is_empty() && !readings(&chars, lang).is_empty()
}
