//! Why nothing legal fits what was said, as an arbiter would put it: "No
//! knight can reach f4", "The bishop on c1 is blocked by the pawn on d2",
//! "That move leaves your king in check from the bishop on b5", "It is
//! Black's move".

use super::hear::Heard;
use super::lang::Style;
use super::lexicon::{Lexicon, Meaning, fill};
use super::say_move::square_words;
use crate::rules::{Bitboard, Color, File, Move, MoveKind, Position, Role, Square, attacks};

/// What the words seem to ask for.
struct Guess {
    role: Option<Role>,
    to: Option<Square>,
    castle: bool,
    takes: bool,
}

fn cheapest(h: &Heard) -> impl Iterator<Item = Meaning> + '_ {
    let min = h.senses.iter().map(|s| s.cost).fold(f32::INFINITY, f32::min);
    h.senses.iter().filter(move |s| s.cost <= min).map(|s| s.meaning)
}

fn guess(heard: &[Heard]) -> Guess {
    let mut g = Guess { role: None, to: None, castle: false, takes: false };
    let mut file: Option<File> = None;
    for h in heard {
        for meaning in cheapest(h) {
            match meaning {
                Meaning::Piece(r) if g.role.is_none() => g.role = Some(r),
                Meaning::File(f) => file = Some(f),
                Meaning::Rank(r) => {
                    if let Some(f) = file.take() {
                        g.to = Some(Square::from_coords(f, r));
                    }
                }
                Meaning::Castle | Meaning::Short | Meaning::Long => g.castle = true,
                Meaning::Takes => g.takes = true,
                _ => {}
            }
        }
    }
    g
}

/// Squares a piece could reach on an empty board (pawns: pushes and captures).
fn geometry(role: Role, color: Color, from: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight(from),
        Role::King => attacks::king(from),
        Role::Bishop => attacks::bishop(from, Bitboard::EMPTY),
        Role::Rook => attacks::rook(from, Bitboard::EMPTY),
        Role::Queen => attacks::queen(from, Bitboard::EMPTY),
        Role::Pawn => {
            let one = if color == Color::White { from.index() + 8 } else { from.index().wrapping_sub(8) };
            let mut b = attacks::pawn(color, from);
            if let Some(sq) = Square::new(one as u32) {
                b.add(sq);
                let start = if color == Color::White { 1 } else { 6 };
                if from.rank().index() == start {
                    let two = if color == Color::White { from.index() + 16 } else { from.index() - 16 };
                    b.add(Square::new(two as u32).unwrap_or(sq));
                }
            }
            b
        }
    }
}

/// The refusal for words that fit no legal move.
pub fn explain_refusal(lex: &Lexicon, pos: &Position, heard: &[Heard]) -> String {
    let e = &lex.explain;
    let text: String = heard.iter().map(|h| h.text.as_str()).collect::<Vec<_>>().join(" ");
    let sq = |s: Square| square_words(lex, s, Style::Brief);
    let name = |r: Role| lex.piece(r, 0).to_string();
    let g = guess(heard);
    let us = pos.turn();
    let not_your_turn = || match us {
        Color::White => e.white_to_move.clone(),
        Color::Black => e.black_to_move.clone(),
    };
    if g.castle {
        return e.cannot_castle.clone();
    }
    let Some(to) = g.to else {
        if g.takes && !pos.legal_moves().iter().any(|m| pos.is_capture(m)) {
            return e.no_captures.clone();
        }
        return fill(&e.not_understood, &[("text", text)]);
    };
    // Would the other side have such a move? Then it is not our turn.
    let other = pos.with_turn(!us);
    if other.legal_moves().iter().any(|m| m.to == to && g.role.is_none_or(|r| other.moving_role(m) == Some(r))) {
        return not_your_turn();
    }
    let board = pos.board();
    let role = g.role.unwrap_or(Role::Pawn);
    let ours = board.pieces(us, role);
    if ours.is_empty() {
        return fill(&e.no_piece, &[("piece", name(role))]);
    }
    if let Some(p) = pos.piece_at(to).filter(|p| p.color == us) {
        return fill(&e.own_piece, &[("blocker", name(p.role)), ("square", sq(to))]);
    }
    let occupied = board.occupied();
    let mut blocked: Option<String> = None;
    let mut no_capture = false;
    for from in ours {
        if !geometry(role, us, from).contains(to) {
            continue;
        }
        if role == Role::Pawn
            && from.file() != to.file()
            && board.color_at(to).is_none()
            && pos.legal_ep_square() != Some(to)
        {
            no_capture = true;
            continue;
        }
        let between = attacks::between(from, to) & occupied;
        let pawn_push_blocked = role == Role::Pawn && from.file() == to.file() && occupied.contains(to);
        if let Some(b) = between.first().or(if pawn_push_blocked { Some(to) } else { None }) {
            // The blocker nearest to the moving piece.
            let nearest = between.into_iter().min_by_key(|s| s.index().abs_diff(from.index())).unwrap_or(b);
            let blocker = board.role_at(nearest).map_or(String::new(), name);
            blocked.get_or_insert(fill(
                &e.blocked,
                &[("piece", name(role)), ("from", sq(from)), ("blocker", blocker), ("at", sq(nearest))],
            ));
            continue;
        }
        // Reachable, so the king must be the reason.
        let mut after = *pos;
        after.play_unchecked(&Move { from, to, kind: MoveKind::Normal });
        if let Some(king) = after.board().king_of(us)
            && let Some(attacker) = after.attackers_to(king, !us, after.board().occupied()).first()
        {
            let who = after.board().role_at(attacker).map_or(String::new(), name);
            let template = if pos.is_check() { &e.in_check } else { &e.leaves_check };
            return fill(template, &[("blocker", who), ("at", sq(attacker))]);
        }
    }
    if let Some(b) = blocked {
        return b;
    }
    if no_capture {
        return fill(&e.nothing_to_capture, &[("square", sq(to))]);
    }
    if g.role.is_none() && heard.len() > 2 {
        return fill(&e.no_fit, &[("text", text)]);
    }
    fill(&e.cannot_reach, &[("piece", name(role)), ("square", sq(to))])
}
