//! Board questions answered about a view: the position in view (the live
//! one, one looked back at, or a review's), the moves that led to it, and
//! the clock.

use super::Narrator;
use crate::clock::ChessClock;
use crate::rules::{Color, File, Move, Position, Rank, Role, Square};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_board::{
    say_attackers, say_defenders, say_file, say_legal_moves, say_pieces_by_kind, say_pieces_of, say_rank, say_square,
    say_to_move,
};
use crate::speech::say_move::color_name;
use crate::speech::{Command, say_duration};
use crate::ui::output::{Line, Urgency, WIDTH};

/// What a board question is asked about: a position in view (the live
/// one, or one looked back at), the moves that led to it, and the clock.
pub(crate) struct View<'a> {
    /// Positions from the start to the one in view (never empty).
    pub(crate) positions: &'a [Position],
    /// The moves between them (one fewer).
    pub(crate) moves: &'a [Move],
    /// The clock, if the game has one.
    pub(crate) clock: Option<&'a ChessClock>,
    /// The player's colour (None: two people here).
    pub(crate) me: Option<Color>,
    /// The board is read from Black's side.
    pub(crate) flipped: bool,
    /// The time now (ms).
    pub(crate) now: u64,
    /// White's and Black's players, when known (a game).
    pub(crate) players: Option<&'a [crate::game::Player; 2]>,
}

impl View<'_> {
    pub(crate) fn pos(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a view has a position"))
    }
}

impl Narrator {
    /// The answer to a board question about the view, as lines (a long
    /// one is a readout: the next command cuts its speech); None for
    /// commands that are not questions (they change something).
    pub(crate) fn query(&self, c: &Command, v: &View) -> Option<Vec<Line>> {
        let spoken = self.query_lines(c, v)?;
        Some(self.with_written(spoken, |n| n.query_lines(c, v).unwrap_or_default()))
    }

    fn query_lines(&self, c: &Command, v: &View) -> Option<Vec<Line>> {
        if *c == Command::Board {
            return Some(self.board_lines(v.pos(), v.flipped));
        }
        let long = matches!(
            c,
            Command::Pieces
                | Command::SidePieces(_)
                | Command::Help
                | Command::Score
                | Command::LastMoves(_)
                | Command::Fen
        );
        let urgency = if long { Urgency::Readout } else { Urgency::Info };
        // Lists of squares and pieces repeat their head on each row.
        let list = matches!(
            c,
            Command::Pieces
                | Command::PiecesOf { .. }
                | Command::SidePieces(_)
                | Command::Hanging
                | Command::ScanFrom(_)
                | Command::Pawns
                | Command::ScanFile(_)
                | Command::ScanRank(_)
                | Command::Attackers(_)
                | Command::Defenders(_)
                | Command::LegalMoves(_)
        );
        Some(self.query_words(c, v)?.into_iter().map(|t| Line { list, ..Line::new(t, urgency) }).collect())
    }

    /// The board as rows to read, and in words to hear: the key and the
    /// file letters are not said; each rank is said with its pieces'
    /// colours in words and its empty squares counted in runs.
    fn board_lines(&self, pos: &Position, flipped: bool) -> Vec<Line> {
        let rows = self.board(pos, flipped);
        let ranks: Vec<Rank> = if flipped { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
        let last = rows.len().saturating_sub(1);
        rows.into_iter()
            .enumerate()
            .map(|(i, row)| {
                let spoken = match i.checked_sub(2).and_then(|k| ranks.get(k)).filter(|_| i < last) {
                    Some(r) => say_rank(self.lex, pos, *r),
                    None => String::new(),
                };
                Line { spoken: Some(spoken), ..Line::new(row, Urgency::Readout) }
            })
            .collect()
    }

    /// The words of a board question's answer, one line each.
    fn query_words(&self, c: &Command, v: &View) -> Option<Vec<String>> {
        let lex = self.lex;
        let pos = v.pos();
        Some(match c {
            Command::Pieces => say_pieces_by_kind(lex, pos),
            Command::PiecesOf { color, role } => {
                let color = color.or(v.me).unwrap_or(pos.turn());
                vec![say_pieces_of(lex, pos, color, *role)]
            }
            Command::ScanFile(f) => vec![say_file(lex, pos, *f)],
            Command::ScanRank(r) => vec![say_rank(lex, pos, *r)],
            Command::Square(s) => vec![say_square(lex, pos, *s)],
            Command::Attackers(s) => vec![say_attackers(lex, pos, *s)],
            Command::Defenders(s) => vec![say_defenders(lex, pos, *s)],
            Command::LegalMoves(s) => vec![say_legal_moves(lex, pos, *s)],
            Command::LastMove => self.last_moves(v, 1),
            Command::LastMoves(n) => self.last_moves(v, *n as usize),
            Command::Score => self.score(v),
            Command::Time => self.times(v),
            Command::Material => vec![self.material(pos)],
            Command::WhoseMove => vec![say_to_move(lex, pos.turn())],
            Command::Hanging => vec![crate::speech::say_board::say_hanging(lex, pos)],
            Command::ScanFrom(s) => crate::speech::say_board::say_scan_from(lex, pos, *s),
            Command::Pawns => crate::speech::say_board::say_pawns(lex, pos),
            Command::SidePieces(color) => crate::speech::say_board::say_side_pieces(lex, pos, *color),
            Command::Opponent => match (v.players, v.me) {
                (Some(players), Some(me)) => {
                    let name = self.player_name(&players[(!me).index()]);
                    vec![crate::speech::lexicon::fill(&lex.board.opponent, &[("name", name)])]
                }
                (Some(players), None) => vec![self.players_line(players)],
                (None, _) => vec![say_to_move(lex, pos.turn())],
            },
            Command::Status => {
                let mut lines: Vec<String> = v.players.map(|p| self.players_line(p)).into_iter().collect();
                lines.push(say_to_move(lex, pos.turn()));
                if v.clock.is_some() {
                    lines.extend(self.times(v));
                }
                lines
            }
            Command::Fen => fen_rows(&pos.to_fen()),
            Command::Help => lex.client.help.clone(),
            _ => return None,
        })
    }

    /// The board as text, from White's side or Black's, with file letters
    /// above and below and rank numbers at both ends.
    fn board(&self, pos: &Position, flipped: bool) -> Vec<String> {
        let ranks: Vec<Rank> = if flipped { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
        let files: Vec<File> = if flipped { File::ALL.iter().rev().copied().collect() } else { File::ALL.to_vec() };
        let letters: Vec<String> = files.iter().map(|f| f.char().to_string()).collect();
        let header = format!("  {}", letters.join(" "));
        let mut lines = vec![self.lex.board.legend.clone(), header.clone()];
        lines.extend(ranks.iter().map(|r| {
            let cells: Vec<String> = files
                .iter()
                .map(|f| pos.piece_at(Square::from_coords(*f, *r)).map_or("-".into(), |p| p.fen_char().to_string()))
                .collect();
            format!("{} {} {}", r.char(), cells.join(" "), r.char())
        }));
        lines.push(header);
        lines
    }

    /// The last `n` moves in the announcement style, one per line
    /// ("White: knight f3"); the last one alone as "Last move: ...".
    fn last_moves(&self, v: &View, n: usize) -> Vec<String> {
        let lex = self.lex;
        let (moves, positions) = (v.moves, v.positions);
        if moves.is_empty() {
            return vec![lex.client.no_moves_yet.clone()];
        }
        let words = |i: usize| self.a_move(&positions[i], &moves[i]);
        if n == 1 {
            let i = moves.len() - 1;
            let words = words(i);
            let args = [("side", lex.side(positions[i].turn())), ("words", Arg::Text(&words))];
            return vec![render(&lex.client.last_move, &args)];
        }
        (moves.len().saturating_sub(n)..moves.len()).map(|i| self.side_move(&positions[i], &moves[i])).collect()
    }

    /// The whole score in the notation of the session's language, as many
    /// whole moves to a line as fit ("1. e4 e5 2. Кf3 Кc6").
    fn score(&self, v: &View) -> Vec<String> {
        let (moves, positions) = (v.moves, v.positions);
        if moves.is_empty() {
            return vec![self.lex.client.no_moves_yet.clone()];
        }
        // A whole move (White's and Black's) is one item: never split.
        let mut pairs: Vec<String> = Vec::new();
        for item in self.move_items(positions, moves) {
            match pairs.last_mut() {
                Some(last) if !item.starts_with(|c: char| c.is_ascii_digit()) && last.matches(' ').count() == 1 => {
                    last.push(' ');
                    last.push_str(&item);
                }
                _ => pairs.push(item),
            }
        }
        let mut line = String::new();
        let mut lines = Vec::new();
        for item in pairs {
            if !line.is_empty() && line.chars().count() + item.chars().count() + 1 > WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        lines.push(line);
        lines
    }

    /// Both clocks, one line each.
    fn times(&self, v: &View) -> Vec<String> {
        let lex = self.lex;
        let Some(c) = v.clock else {
            return vec![lex.client.no_clock.clone()];
        };
        Color::ALL
            .iter()
            .map(|col| format!("{}: {}", color_name(lex, *col), say_duration(lex, c.remaining(*col, v.now))))
            .collect()
    }

    /// The material count (pawn 1, knight and bishop 3, rook 5, queen 9).
    fn material(&self, pos: &Position) -> String {
        let worth = |c: Color| -> i32 {
            [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
                .iter()
                .map(|(r, v)| pos.board().pieces(c, *r).count() as i32 * v)
                .sum()
        };
        let (w, b) = (worth(Color::White), worth(Color::Black));
        let c = &self.lex.client;
        let template = match w.cmp(&b) {
            std::cmp::Ordering::Equal => &c.material_equal,
            std::cmp::Ordering::Greater => &c.material_white,
            std::cmp::Ordering::Less => &c.material_black,
        };
        fill(template, &[("white", w.to_string()), ("black", b.to_string()), ("diff", (w - b).abs().to_string())])
    }
}

/// A FEN in rows of whole fields: the placement split after whole ranks
/// ("rnbqkbnr/pppppppp/8/8/", "4P3/8/PPPP1PPP/RNBQKBNR"), then the other
/// fields together ("b KQkq e3 0 1").
fn fen_rows(fen: &str) -> Vec<String> {
    let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut rows = crate::ui::output::slashed(placement, WIDTH);
    if !rest.is_empty() {
        rows.push(rest.to_string());
    }
    rows
}

#[cfg(test)]
mod fen_tests {
    #[test]
    fn a_fen_is_split_at_its_fields() {
        let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
        assert_eq!(super::fen_rows(fen), ["rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/", "PPPP1PPP/RNBQKB1R", "b KQkq - 1 2"]);
    }
}
