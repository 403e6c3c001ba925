//! Writing moves in Standard Algebraic Notation, with the minimal
//! disambiguation of C.10/D.10: the file first, then the rank, then both.

use super::lang::NotationLang;
use crate::rules::{Move, MoveKind, Position, Role};

/// How to write SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SanOptions {
    /// Piece letters of this language.
    pub lang: NotationLang,
    /// Add "+" for check and "#" for mate.
    pub check_marks: bool,
    /// Add " e.p." after an en passant capture.
    pub ep_suffix: bool,
}

impl Default for SanOptions {
    fn default() -> Self {
        SanOptions { lang: NotationLang::English, check_marks: true, ep_suffix: false }
    }
}

impl SanOptions {
    /// Options for a language with check marks and no e.p. suffix.
    pub fn lang(lang: NotationLang) -> SanOptions {
        SanOptions { lang, ..SanOptions::default() }
    }
}

/// The SAN of a legal move in `pos`, e.g. "Nbd2", "exd6", "e8=Q+", "O-O#".
/// English uses O-O and e8=Q (as PGN does); other languages 0-0 and e8Q (C.12).
pub fn write_san(pos: &Position, m: &Move, opts: &SanOptions) -> String {
    let mut s = san_body(pos, m, opts);
    if opts.check_marks {
        let mut next = *pos;
        next.play_unchecked(m);
        if next.is_check() {
            s.push(if next.legal_moves().is_empty() { '#' } else { '+' });
        }
    }
    s
}

/// The long notation of a legal move in `pos` (C.13): the piece letter,
/// the square it leaves, "-" or "x", the square it reaches, then the
/// promotion and the check mark as in SAN: "Ng1-f3", "e5xd6", "e7-e8=Q+";
/// castling as in SAN.
pub fn write_long(pos: &Position, m: &Move, opts: &SanOptions) -> String {
    if m.is_castle() {
        return write_san(pos, m, opts);
    }
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    let sep = if pos.is_capture(m) { 'x' } else { '-' };
    let mut s = format!("{}{}{sep}{}", opts.lang.piece_letter(role), m.from, m.to);
    if let MoveKind::Promotion(r) = m.kind {
        if opts.lang == NotationLang::English {
            s.push('=');
        }
        s.push_str(opts.lang.piece_letter(r));
    }
    if opts.check_marks {
        let mut next = *pos;
        next.play_unchecked(m);
        if next.is_check() {
            s.push(if next.legal_moves().is_empty() { '#' } else { '+' });
        }
    }
    s
}

fn san_body(pos: &Position, m: &Move, opts: &SanOptions) -> String {
    let english = opts.lang == NotationLang::English;
    if m.is_castle() {
        let o = if english { "O" } else { "0" };
        return if m.is_short_castle() { format!("{o}-{o}") } else { format!("{o}-{o}-{o}") };
    }
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    let mut s = String::new();
    if role == Role::Pawn {
        if capture {
            s.push(m.from.file().char());
            s.push('x');
        }
        s.push_str(&m.to.to_string());
        if let MoveKind::Promotion(r) = m.kind {
            if english {
                s.push('=');
            }
            s.push_str(opts.lang.piece_letter(r));
        }
        if m.is_en_passant() && opts.ep_suffix {
            s.push_str(" e.p.");
        }
        return s;
    }
    s.push_str(opts.lang.piece_letter(role));
    let rivals: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|o| o.to == m.to && o.from != m.from && pos.moving_role(o) == Some(role))
        .collect();
    if !rivals.is_empty() {
        if rivals.iter().all(|o| o.from.file() != m.from.file()) {
            s.push(m.from.file().char());
        } else if rivals.iter().all(|o| o.from.rank() != m.from.rank()) {
            s.push(m.from.rank().char());
        } else {
            s.push_str(&m.from.to_string());
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
    s
}
