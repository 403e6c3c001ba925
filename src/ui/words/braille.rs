//! What a Braille display shows: the status line, the board a rank a
//! line, the moves as items; and the sentences of the display (a piece
//! in hand, the display gone and back). The display's text is always
//! written chess: moves in the session's notation, squares as "e4".

use super::Narrator;
use crate::notation::{SanOptions, write_san};
use crate::rules::{Color, File, Move, Piece, Position, Rank, Role, Square};
use crate::speech::BrailleView;
use crate::speech::lexicon::fill;
use crate::speech::say_board::piece_words;
use crate::speech::say_move::square_words;
use crate::ui::input::BrailleNews;
use crate::ui::output::{GlanceRank, Line, Urgency};

/// What the status line says.
pub(crate) struct StatusFacts {
    /// The last move and the position it was played in.
    pub(crate) last: Option<(Position, Move)>,
    /// Whose move it is.
    pub(crate) turn: Color,
    /// The result, once the game is over ("1-0").
    pub(crate) result: Option<&'static str>,
    /// White's and Black's time (ms), when there is a clock.
    pub(crate) clocks: Option<(u64, u64)>,
    /// The piece in the player's hand and its square.
    pub(crate) holding: Option<(Piece, Square)>,
}

/// A time as a clock shows it: "4:58", "1:02:03".
pub(crate) fn clock_digits(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

/// The board's ranks from the top as the player sees it (White's side,
/// or Black's when `flipped`), each square with the letter of what stands
/// on it (capitals White, small letters Black, "-" empty).
pub(crate) fn glance_board(pos: &Position, flipped: bool) -> Vec<GlanceRank> {
    let ranks: Vec<Rank> = if flipped { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
    let files: Vec<File> = if flipped { File::ALL.iter().rev().copied().collect() } else { File::ALL.to_vec() };
    ranks
        .iter()
        .map(|r| GlanceRank {
            label: r.char(),
            squares: files
                .iter()
                .map(|f| {
                    let sq = Square::from_coords(*f, *r);
                    (sq, pos.piece_at(sq).map_or('-', |p| p.fen_char()))
                })
                .collect(),
        })
        .collect()
}

impl Narrator {
    /// A move in the written notation with its number: "12. Кf3", "12... Кc6".
    fn numbered(&self, before: &Position, mv: &Move) -> String {
        let san = write_san(before, mv, &SanOptions::lang(self.lex.lang.notation()));
        let dots = if before.turn() == Color::White { "." } else { "..." };
        format!("{}{dots} {san}", before.fullmoves())
    }

    /// A piece and its square, written: "Кg1", "e2" for a pawn.
    fn piece_on(&self, piece: Piece, sq: Square) -> String {
        let letter = match piece.role {
            Role::Pawn => "",
            role => self.lex.lang.notation().piece_letter(role),
        };
        format!("{letter}{sq}")
    }

    /// The status line, written: "12. Кf3; ход чёрных; Б 4:58, Ч 5:00".
    pub(crate) fn glance_status(&self, f: &StatusFacts) -> String {
        let b = &self.written.client.braille;
        let w = self.writing();
        let last = f.last.as_ref().map_or_else(|| b.no_move.clone(), |(pos, mv)| w.numbered(pos, mv));
        let turn = match (f.result, f.turn) {
            (Some(result), _) => result.to_string(),
            (None, Color::White) => b.white_to_move.clone(),
            (None, Color::Black) => b.black_to_move.clone(),
        };
        let clocks = f.clocks.map_or_else(String::new, |(white, black)| {
            fill(&b.clocks, &[("white", clock_digits(white)), ("black", clock_digits(black))])
        });
        let holding = f.holding.map(|(piece, sq)| fill(&b.holding, &[("piece", w.piece_on(piece, sq))]));
        let line = |last: &str, turn: &str| {
            let status = fill(&b.status, &[("last", last.into()), ("turn", turn.into()), ("clocks", clocks.clone())]);
            let mut status =
                status.trim_start_matches([' ', ';']).replace("; ;", ";").trim_end_matches([' ', ';']).to_string();
            if let Some(h) = &holding {
                status.push_str("; ");
                status.push_str(h);
            }
            status
        };
        // One row of a display: when all does not fit, the side to move
        // goes first when the last move says it, then the last move; the
        // clocks and the piece in hand are never cut.
        let side_known = f.last.is_some() && f.result.is_none();
        let candidates = [
            line(&last, &turn),
            if side_known { line(&last, "") } else { line("", &turn) },
            line("", &turn),
            line("", ""),
        ];
        let fits = |s: &&String| crate::ui::output::cells(s) <= crate::ui::output::WIDTH;
        candidates.iter().find(fits).unwrap_or(&candidates[3]).clone()
    }

    /// The moves as items in the written notation (the same in either
    /// pass): "1. e4", "e5", "2. Кf3"; a game started with Black to move
    /// begins "1... e5". The score and the Braille moves view are made of
    /// them.
    pub(crate) fn move_items(&self, positions: &[Position], moves: &[Move]) -> Vec<String> {
        let opts = SanOptions::lang(self.lex.lang.notation());
        moves
            .iter()
            .zip(positions)
            .enumerate()
            .map(
                |(i, (mv, pos))| {
                    if pos.turn() == Color::White || i == 0 {
                        self.numbered(pos, mv)
                    } else {
                        write_san(pos, mv, &opts)
                    }
                },
            )
            .collect()
    }

    /// A piece picked up by a routing key.
    pub(crate) fn in_hand(&self, piece: Piece, sq: Square) -> Line {
        self.piece_sentence(|b| &b.in_hand, piece, sq)
    }

    /// The piece put back on its square.
    pub(crate) fn put_back(&self, piece: Piece, sq: Square) -> Line {
        self.piece_sentence(|b| &b.put_back, piece, sq)
    }

    fn piece_sentence(
        &self,
        template: fn(&crate::speech::sentences::BrailleWords) -> &String,
        piece: Piece,
        sq: Square,
    ) -> Line {
        self.both_one(|n| {
            let args = [("piece", piece_words(n.lex, piece)), ("square", square_words(n.lex, sq, n.style))];
            fill(template(&n.lex.client.braille), &args)
        })
    }

    /// The display gone (said urgently) or connected; nothing for a key.
    pub(crate) fn braille_news(&self, news: &BrailleNews) -> Option<Line> {
        let b = &self.lex.client.braille;
        match news {
            BrailleNews::Lost => Some(Line::new(b.lost.clone(), Urgency::Urgent)),
            BrailleNews::Back(_) => Some(Line::info(b.back.clone())),
            BrailleNews::TooLarge(cells) => {
                Some(Line::new(fill(&b.too_large, &[("cells", cells.to_string())]), Urgency::Urgent))
            }
            BrailleNews::KeysDropped => Some(Line::new(b.keys_dropped.clone(), Urgency::Urgent)),
            BrailleNews::Key(..) => None,
        }
    }

    /// A view asked for, with no display.
    pub(crate) fn braille_none(&self) -> Line {
        Line::info(self.lex.client.braille.none.clone())
    }

    /// The view now shown.
    pub(crate) fn braille_view(&self, view: BrailleView) -> Line {
        let b = &self.lex.client.braille;
        let i = match view {
            BrailleView::Status => 0,
            BrailleView::Board => 1,
            BrailleView::Moves => 2,
        };
        let name = b.views.get(i).cloned().unwrap_or_default();
        Line::info(fill(&b.view, &[("view", name)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::{Lexicon, SpeechLang, Style};

    fn after(uci: &[&str]) -> (Vec<Position>, Vec<Move>) {
        let mut pos = Position::start();
        let (mut positions, mut moves) = (vec![pos], Vec::new());
        for u in uci {
            let mv = *pos.legal_moves().iter().find(|m| m.uci() == *u).expect("legal");
            pos.play_unchecked(&mv);
            positions.push(pos);
            moves.push(mv);
        }
        (positions, moves)
    }

    /// The status line is written chess in the session's language.
    #[test]
    fn the_status_line_is_written_in_the_sessions_language() {
        let (positions, moves) = after(&["e2e4", "g8f6"]);
        let facts = |lang| {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            n.glance_status(&StatusFacts {
                last: Some((positions[1], moves[1])),
                turn: Color::White,
                result: None,
                clocks: Some((298_000, 300_000)),
                holding: None,
            })
        };
        assert_eq!(facts(SpeechLang::English), "1... Nf6; White to move; W 4:58, B 5:00");
        assert_eq!(facts(SpeechLang::Russian), "1... Кf6; ход белых; Б 4:58, Ч 5:00");
        assert_eq!(facts(SpeechLang::German), "1... Sf6; Weiß am Zug; W 4:58, S 5:00");
        let n = Narrator::new(Lexicon::get(SpeechLang::Russian), Style::Full);
        let moves_written = n.move_items(&positions, &moves);
        assert_eq!(moves_written, ["1. e4", "Кf6"]);
    }

    /// The status line fits one 40-cell row with clocks over 10 minutes
    /// and over an hour: what the last move says goes first, never a clock.
    #[test]
    fn the_status_line_fits_a_row_whatever_the_clocks() {
        let (positions, moves) = after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5"]);
        let status = |lang, clocks, holding| {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            n.glance_status(&StatusFacts {
                last: Some((positions[7], moves[7])),
                turn: Color::White,
                result: None,
                clocks: Some(clocks),
                holding,
            })
        };
        let ten = (603_000, 600_000);
        let hour = (3_723_000, 5_400_000);
        assert_eq!(status(SpeechLang::English, ten, None), "4... d5; White to move; W 10:03, B 10:00");
        assert_eq!(status(SpeechLang::English, hour, None), "4... d5; W 1:02:03, B 1:30:00");
        assert_eq!(status(SpeechLang::Russian, hour, None), "4... d5; ход белых; Б 1:02:03, Ч 1:30:00");
        let knight = Some((Piece { color: Color::White, role: Role::Knight }, Square::parse("g5").expect("g5")));
        assert_eq!(status(SpeechLang::English, hour, knight), "W 1:02:03, B 1:30:00; holding Ng5");
        for lang in SpeechLang::ALL {
            for clocks in [ten, hour, (36_000_000, 35_999_000)] {
                for holding in [None, knight] {
                    let s = status(lang, clocks, holding);
                    assert!(crate::ui::output::cells(&s) <= 40, "{lang}: {s:?}");
                }
            }
        }
    }

    #[test]
    fn the_board_is_seen_from_the_players_side() {
        let board = glance_board(&Position::start(), false);
        assert_eq!(board[0].label, '8');
        assert_eq!(board[0].squares.iter().map(|(_, c)| *c).collect::<String>(), "rnbqkbnr");
        let flipped = glance_board(&Position::start(), true);
        assert_eq!(flipped[0].label, '1');
        assert_eq!(flipped[0].squares[0].0.to_string(), "h1");
    }

    #[test]
    fn clock_digits_as_a_clock_shows_them() {
        assert_eq!(clock_digits(298_999), "4:58");
        assert_eq!(clock_digits(3_723_000), "1:02:03");
        assert_eq!(clock_digits(0), "0:00");
    }
}
