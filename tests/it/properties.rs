//! Property tests: SAN written in any language reads back to the same move;
//! the readers never panic on arbitrary input.

use proptest::prelude::*;
use voxchess::notation::pgn::read_pgn;
use voxchess::notation::{NotationLang, ReadMoveError, SanOptions, read_move, read_movetext, write_san};
use voxchess::rules::Position;

/// A position reached by playing the chosen moves (each index taken modulo
/// the number of legal moves) from the start.
fn position_from(choices: &[u16]) -> Position {
    let mut pos = Position::start();
    for c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[*c as usize % moves.len()]);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn san_round_trip_in_every_language(choices in prop::collection::vec(any::<u16>(), 0..160), ep in any::<bool>()) {
        let pos = position_from(&choices);
        for lang in NotationLang::ALL {
            let opts = SanOptions { lang, check_marks: true, ep_suffix: ep };
            for m in pos.legal_moves() {
                let san = write_san(&pos, &m, &opts);
                // In a game text, case rules hold: always the same move.
                let read = read_movetext(&pos, &san, lang);
                prop_assert_eq!(read.as_ref().map(|v| v.first().copied()), Ok(Some(m)), "{} in {} ({})", san, pos.to_fen(), lang);
                // Typed freely: the same move, or a question that lists it; never another move.
                match read_move(&pos, &san, lang) {
                    Ok(got) => prop_assert_eq!(got, m, "{} in {}", san, pos.to_fen()),
                    Err(ReadMoveError::Ambiguous { candidates, .. }) => {
                        let english = write_san(&pos, &m, &SanOptions::default());
                        prop_assert!(candidates.contains(&english), "{} not among {:?}", english, candidates);
                    }
                    Err(e) => prop_assert!(false, "{} in {}: {}", san, pos.to_fen(), e),
                }
                // UCI always reads back.
                prop_assert_eq!(read_move(&pos, &m.uci(), lang).ok(), Some(m), "{} in {} ({}): {:?}", m.uci(), pos.to_fen(), lang, read_move(&pos, &m.uci(), lang));
            }
        }
    }

    #[test]
    fn fen_reader_never_panics(s in ".{0,120}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fen_like_strings_never_panic(
        placement in "[1-9pnbrqkPNBRQK/]{0,70}",
        turn in "[wbx]",
        castle in "[KQkq-]{1,5}",
        ep in "(-|[a-h][1-8]|[a-z][0-9]{1,2})",
        half in "[0-9]{1,6}",
        full in "[0-9]{1,6}",
    ) {
        let fen = format!("{placement} {turn} {castle} {ep} {half} {full}");
        if let Ok(pos) = Position::from_fen(&fen) {
            prop_assert_eq!(Position::from_fen(&pos.to_fen()).ok(), Some(pos));
        }
    }

    #[test]
    fn move_reader_never_panics(choices in prop::collection::vec(any::<u16>(), 0..60), s in ".{0,40}") {
        let pos = position_from(&choices);
        for lang in NotationLang::ALL {
            let _ = read_move(&pos, &s, lang);
        }
    }

    #[test]
    fn move_like_strings_never_panic(s in "[KQRBNPkqrbnpa-hA-H1-8xх:=()+#!?. 0Oo\\-–КрФЛСфлсаеп]{0,14}") {
        let pos = position_from(&[7, 3, 11, 5, 9, 1]);
        for lang in NotationLang::ALL {
            let _ = read_move(&pos, &s, lang);
        }
    }

    #[test]
    fn pgn_reader_never_panics(s in ".{0,300}") {
        let _ = read_pgn(&s, NotationLang::English, None);
    }

    #[test]
    fn pgn_like_text_never_panics(s in "(\\[[A-Za-z]{1,5} \"[^\"]{0,8}\"\\]\n|[0-9]{1,2}\\.{1,3} |[KQRBNa-h1-8x=+#O-]{1,6} |\\{[^}]{0,8}\\} |\\( |\\) |\\$[0-9]{1,3} |1-0 |\\* |; [a-z ]{0,5}\n|%[a-z]{0,4}\n){0,40}") {
        let _ = read_pgn(&s, NotationLang::English, None);
        let _ = read_pgn(&s, NotationLang::Russian, None);
    }
}
