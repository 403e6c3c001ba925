//! Move words as move requests: every way the words of a line can be
//! read as a request (a side, a piece, squares, a capture, a promotion,
//! en passant, castling), exactly as typed or with homophones as heard.

use super::hear::Heard;
use super::lexicon::Meaning;
use crate::rules::{CastleSide, Color, MoveRequest, PieceRequest, Role, Square};

/// The dearest sound-alike that still counts as the same word ("night" for
/// knight, "see" for c); dearer ones change the meaning.
pub(super) const HOMOPHONE: f32 = 0.35;

/// How strictly words are taken when they are read as a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// Each word as written (typed text).
    Exact,
    /// Exact words and homophones of the same meaning (heard text).
    Homophone,
    /// Each word's likeliest meaning, however dear (only to explain a refusal).
    Likeliest,
}

/// The meanings a word may be read with, given how strictly it is taken.
pub(super) fn senses_for(h: &Heard, reading: Reading) -> Vec<Meaning> {
    let Some(min) = h.senses.iter().map(|s| s.cost).reduce(f32::min) else {
        return Vec::new();
    };
    let limit = match reading {
        Reading::Exact => 0.0,
        Reading::Homophone => HOMOPHONE,
        Reading::Likeliest => f32::INFINITY,
    };
    if min > limit {
        return Vec::new();
    }
    let mut out: Vec<Meaning> = Vec::new();
    for s in h.senses.iter().filter(|s| s.cost <= min) {
        if !out.contains(&s.meaning) {
            out.push(s.meaning);
        }
    }
    out
}

/// The most readings of one line that are tried.
const MAX_READINGS: usize = 64;

/// Every way the words can be read as a move request, with the side named
/// (if any). Empty when some word means nothing a move can say.
pub(super) fn requests(heard: &[Heard], reading: Reading) -> Vec<(MoveRequest, Option<Color>)> {
    let mut seqs: Vec<Vec<Meaning>> = vec![Vec::new()];
    for h in heard {
        let senses = senses_for(h, reading);
        if senses.is_empty() {
            return Vec::new();
        }
        let mut next = Vec::new();
        for seq in &seqs {
            for m in &senses {
                let mut s = seq.clone();
                if *m != Meaning::Filler {
                    s.push(*m);
                }
                next.push(s);
            }
        }
        next.truncate(MAX_READINGS);
        seqs = next;
    }
    let mut out: Vec<(MoveRequest, Option<Color>)> = Vec::new();
    for seq in seqs {
        if let Some(r) = request_of(&seq)
            && !out.contains(&r)
        {
            out.push(r);
        }
    }
    out
}

/// Reads one sequence of meanings as a move request: a side, a piece,
/// squares (from and to), a capture (and what is taken), a promotion, en
/// passant; or castling. None when the sequence is not a move.
fn request_of(seq: &[Meaning]) -> Option<(MoveRequest, Option<Color>)> {
    let (color, rest) = match seq.split_first() {
        Some((Meaning::Color(c), rest)) => (Some(*c), rest),
        _ => (None, seq),
    };
    if rest.is_empty() {
        return None;
    }
    let castle_word = |m: &Meaning| matches!(m, Meaning::Castle | Meaning::Short | Meaning::Long);
    if rest.iter().all(castle_word) && rest.contains(&Meaning::Castle) {
        let side = match (rest.contains(&Meaning::Short), rest.contains(&Meaning::Long)) {
            (true, false) => Some(CastleSide::King),
            (false, true) => Some(CastleSide::Queen),
            (false, false) => None,
            (true, true) => return None,
        };
        return Some((MoveRequest::Castle(side), color));
    }
    let (role, rest) = match rest.split_first() {
        Some((Meaning::Piece(r), rest)) => (Some(*r), rest),
        _ => (None, rest),
    };
    let mut r = PieceRequest::default();
    let mut squares: Vec<Square> = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            Meaning::From if squares.is_empty() && r.file.is_none() && r.rank.is_none() => {}
            // Korean puts "from" after the square: "이 팔에서 이 칠로".
            Meaning::From if squares.len() == 1 && r.file.is_none() && r.rank.is_none() => {}
            // And the captured piece before "takes": "폰을 잡음".
            Meaning::Piece(p) if !squares.is_empty() && !r.capture && rest.get(i + 1) == Some(&Meaning::Takes) => {
                r.capture = true;
                r.captured = Some(p);
                i += 1;
            }
            Meaning::File(f) => match rest.get(i + 1) {
                Some(Meaning::Rank(rank)) => {
                    squares.push(Square::from_coords(f, *rank));
                    i += 1;
                }
                _ if squares.is_empty() && r.file.is_none() && !r.capture => r.file = Some(f),
                _ => return None,
            },
            Meaning::Rank(rank) if squares.is_empty() && r.rank.is_none() && !r.capture => r.rank = Some(rank),
            Meaning::Takes if !r.capture => {
                r.capture = true;
                if let Some(Meaning::Piece(p)) = rest.get(i + 1) {
                    r.captured = Some(*p);
                    i += 1;
                }
            }
            // "퀸으로 승진": the piece first, then the word.
            Meaning::Promote if r.promotion.is_some() && i + 1 == rest.len() => {}
            Meaning::Promote if r.promotion.is_none() => match rest.get(i + 1) {
                Some(Meaning::Piece(p)) => {
                    r.promotion = Some(*p);
                    i += 1;
                }
                _ => return None,
            },
            // A piece after the target square is the promotion ("d8 queen").
            Meaning::Piece(p) if !squares.is_empty() && r.promotion.is_none() => r.promotion = Some(p),
            Meaning::EnPassant if !r.en_passant => r.en_passant = true,
            _ => return None,
        }
        i += 1;
    }
    match squares.as_slice() {
        [] => {}
        [to] => r.to = Some(*to),
        [from, to] if r.file.is_none() && r.rank.is_none() => {
            r.file = Some(from.file());
            r.rank = Some(from.rank());
            r.to = Some(*to);
        }
        _ => return None,
    }
    if r.to.is_none() && !r.capture && !r.en_passant {
        return None;
    }
    r.role = match role {
        Some(role) => Some(role),
        // "g1 f3", "takes", "takes d5": whatever piece can.
        None if squares.len() == 2 || (r.capture && r.file.is_none() && r.rank.is_none() && !r.en_passant) => None,
        // "e4", "e takes d5", "d8 queen", "en passant": a pawn, as in SAN.
        None => Some(Role::Pawn),
    };
    if r.promotion.is_some() && r.role.is_some_and(|p| p != Role::Pawn) {
        return None;
    }
    Some((MoveRequest::Piece(r), color))
}
