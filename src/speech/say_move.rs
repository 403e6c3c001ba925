//! Moves in words, by language and style, in a fixed order (who, what,
//! from, to, capture, promotion, check) so the ear learns where to listen.

use super::grammar::{Arg, render, with_particle};
use super::lang::Style;
use super::lexicon::Lexicon;
use super::sentences::FullMoveWords;
use crate::notation::{SanOptions, write_long, write_san};
use crate::rules::{Color, Move, MoveKind, Position, Role, Square};

const FILE_LETTERS: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
const RANK_DIGITS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];

/// A file's spoken name in a style (its letter in the written form).
pub(crate) fn file_name(lex: &Lexicon, file: crate::rules::File, style: Style) -> &str {
    let i = file.index();
    if lex.written {
        return FILE_LETTERS[i];
    }
    match style {
        Style::Fide => &lex.squares.fide[i],
        Style::Nato => &lex.squares.nato[i],
        Style::Brief | Style::Full => &lex.squares.files[i],
    }
}

/// A rank's spoken name (its digit in the written form).
pub(crate) fn rank_name(lex: &Lexicon, rank: crate::rules::Rank) -> &str {
    if lex.written { RANK_DIGITS[rank.index()] } else { &lex.squares.ranks[rank.index()] }
}

/// A square in words: "f3" when written, and where the language says
/// squares compactly in the brief style, otherwise file and rank as words
/// ("эф три", "Felix drei").
pub(crate) fn square_words(lex: &Lexicon, sq: Square, style: Style) -> String {
    if lex.written || (lex.compact_squares && matches!(style, Style::Brief | Style::Full)) {
        return sq.to_string();
    }
    format!("{} {}", file_name(lex, sq.file(), style), rank_name(lex, sq.rank()))
}

/// The colour's name ("White").
pub(crate) fn color_name(lex: &Lexicon, color: Color) -> &str {
    match color {
        Color::White => &lex.out.white,
        Color::Black => &lex.out.black,
    }
}

/// The disambiguation SAN needs, in words: a file, a rank, or a square.
fn disambiguation(lex: &Lexicon, pos: &Position, m: &Move, style: Style) -> Option<String> {
    let san = write_san(pos, m, &SanOptions { check_marks: false, ..SanOptions::default() });
    // SAN of a piece move: letter, optional disambiguation, optional x, square.
    let body: Vec<char> = san.chars().skip(1).filter(|c| *c != 'x').collect();
    let extra = body.len().checked_sub(2)?;
    match extra {
        1 if body[0].is_ascii_digit() => Some(rank_name(lex, m.from.rank()).to_string()),
        1 => Some(file_name(lex, m.from.file(), style).to_string()),
        2 => Some(square_words(lex, m.from, style)),
        _ => None,
    }
}

/// The words for a legal move in `pos`; the full style names the side
/// too ("White knight from g1 to f3"). In the written form, the move in
/// notation with the language's piece letters: SAN, or long notation in
/// the full style ("Кf3", "Кg1-f3").
pub fn say_move(lex: &Lexicon, pos: &Position, m: &Move, style: Style) -> String {
    let body = move_body(lex, pos, m, style);
    if style != Style::Full || lex.written {
        return body;
    }
    let sep = if lex.lang == super::SpeechLang::English { " " } else { ": " };
    format!("{}{sep}{body}", color_name(lex, pos.turn()))
}

/// A move without its side in any style: "knight f3", "knight from g1 to
/// f3, check", or in the written form "Nf3", "Ng1-f3+".
pub(crate) fn move_body(lex: &Lexicon, pos: &Position, m: &Move, style: Style) -> String {
    if lex.written {
        let opts = SanOptions::lang(lex.lang.notation());
        return if style == Style::Full { write_long(pos, m, &opts) } else { write_san(pos, m, &opts) };
    }
    let mut after = *pos;
    after.play_unchecked(m);
    let suffix = if after.is_checkmate() {
        Some(&lex.out.checkmate)
    } else if after.is_check() {
        Some(&lex.out.check)
    } else {
        None
    };
    let mut text = match style {
        Style::Full => full(lex, pos, m),
        _ => brief(lex, pos, m, style),
    };
    if let Some(s) = suffix {
        text.push_str(", ");
        text.push_str(s);
    }
    text
}

fn brief(lex: &Lexicon, pos: &Position, m: &Move, style: Style) -> String {
    if m.is_castle() {
        return if m.is_short_castle() { lex.out.short_castle.clone() } else { lex.out.long_castle.clone() };
    }
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    let capture = pos.is_capture(m);
    let mut words: Vec<String> = Vec::new();
    if role == Role::Pawn {
        if capture {
            if lex.lang == super::SpeechLang::Russian {
                words.push(lex.piece(Role::Pawn, 0).to_string());
            }
            words.push(file_name(lex, m.from.file(), style).to_string());
            words.push(lex.out.takes.clone());
        }
    } else {
        words.push(lex.piece(role, 0).to_string());
        words.extend(disambiguation(lex, pos, m, style));
        if capture {
            words.push(lex.out.takes.clone());
        }
    }
    words.push(square_words(lex, m.to, style));
    if let MoveKind::Promotion(r) = m.kind {
        words.push(lex.out.promotes_to.clone());
        words.push(lex.piece(r, promotion_form(lex)).to_string());
    }
    let mut text = words.join(" ");
    if m.is_en_passant() {
        text.push_str(if lex.lang == super::SpeechLang::Russian { ", " } else { " " });
        text.push_str(&lex.out.en_passant);
    }
    text
}

/// "백: 나이트 지 일에서 에프 삼으로, 폰을 잡음": the squares carry the
/// particles, chosen by the sound of their last word.
fn full_with_particles(lex: &Lexicon, pos: &Position, m: &Move, role: Role, f: &FullMoveWords) -> String {
    let rieul = |pair: &[String; 2]| pair[0].ends_with("으로");
    let from = with_particle(&square_words(lex, m.from, Style::Full), &f.from_particle, rieul(&f.from_particle));
    let to = with_particle(&square_words(lex, m.to, Style::Full), &f.to_particle, rieul(&f.to_particle));
    let piece = lex.piece_word(role);
    let mut parts = vec![render(&f.moves, &[("piece", piece), ("from", Arg::Text(&from)), ("to", Arg::Text(&to))])];
    if let Some(captured) = pos.captured_role(m) {
        parts.push(render(&f.takes, &[("piece", lex.piece_word(captured))]));
    }
    if m.is_en_passant() {
        parts.push(lex.out.en_passant.clone());
    }
    if let MoveKind::Promotion(r) = m.kind {
        parts.push(render(&f.promotes, &[("piece", lex.piece_word(r))]));
    }
    parts.join(", ")
}

/// Russian says "превращается в ферзя" (accusative); others the plain name.
fn promotion_form(lex: &Lexicon) -> usize {
    if lex.lang == super::SpeechLang::Russian { 2 } else { 0 }
}

fn full(lex: &Lexicon, pos: &Position, m: &Move) -> String {
    let style = Style::Full;
    if m.is_castle() {
        return if m.is_short_castle() { lex.out.castles_short.clone() } else { lex.out.castles_long.clone() };
    }
    let role = pos.moving_role(m).unwrap_or(Role::Pawn);
    if let Some(f) = &lex.out.full_move {
        return full_with_particles(lex, pos, m, role, f);
    }
    let mut text = format!(
        "{} {} {} {} {}",
        lex.piece(role, 0),
        lex.out.from,
        square_words(lex, m.from, style),
        lex.out.to,
        square_words(lex, m.to, style)
    );
    if let Some(captured) = pos.captured_role(m) {
        text.push_str(&format!(", {} {}", lex.out.takes, lex.piece(captured, 2)));
    }
    if m.is_en_passant() {
        text.push_str(&format!(", {}", lex.out.en_passant));
    }
    if let MoveKind::Promotion(r) = m.kind {
        text.push_str(&format!(", {} {}", lex.out.promotes_to, lex.piece(r, promotion_form(lex))));
    }
    text
}
