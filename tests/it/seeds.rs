//! The example games of the notation appendices (kept in tests/data, as
//! the rules texts write them) read as the texts say: Appendix C's ends in
//! checkmate; Appendix D's has a typo that must be reported at its move.

use voxchess::notation::{NotationLang, read_movetext};
use voxchess::rules::{Color, Outcome, Position, WinReason};

/// A file of tests/data without its comment lines.
fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.starts_with('#')).collect::<Vec<_>>().join("\n")
}

#[test]
fn appendix_c_game_in_russian_notation_ends_in_checkmate() {
    let game = data("appendix_c_game_ru.txt");
    assert!(game.contains("14. Фxd5+Сd7") && game.ends_with("Кf2++."), "{game}");
    let moves = read_movetext(&Position::start(), &game, NotationLang::Russian).expect("the game reads");
    assert_eq!(moves.len(), 36);
    let mut pos = Position::start();
    for m in &moves {
        pos = pos.play(m).expect("legal");
    }
    assert!(pos.is_checkmate());
    assert_eq!(pos.outcome(), Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }));
}

#[test]
fn appendix_d_game_reports_its_typo_at_move_6() {
    let game = data("appendix_d_game.txt");
    assert!(game.contains("6. e x d6 d5 6. e x d6 e.p."), "{game}");
    let err = read_movetext(&Position::start(), &game, NotationLang::English).expect_err("the typo is an error");
    let e = &err.0;
    assert_eq!(e.at_move, Some((6, Color::Black)));
    assert_eq!(e.token.as_deref(), Some("d5"));
    let text = err.to_string();
    assert!(text.contains("move 6, Black, 'd5'"), "{text}");
}

#[test]
fn appendix_d_game_without_the_typo_reads_to_the_end() {
    let game = data("appendix_d_game.txt").replace("6. e x d6 d5 6. e x d6 e.p.", "6. e x d6 e.p.");
    let moves = read_movetext(&Position::start(), &game, NotationLang::English).expect("reads");
    // 10 full moves and White's 11th (Kb1), then a draw offer "(=)".
    assert_eq!(moves.len(), 21);
    let sans: Vec<String> = {
        let mut pos = Position::start();
        moves
            .iter()
            .map(|m| {
                let s = voxchess::notation::write_san(&pos, m, &Default::default());
                pos.play_unchecked(m);
                s
            })
            .collect()
    };
    assert_eq!(sans[10], "exd6");
    assert_eq!(sans[14], "Qe3+");
    assert_eq!(sans[16..], ["Nbd2", "O-O", "O-O-O", "Re8", "Kb1"]);
}

#[test]
fn position_description_of_003() {
    let text = data("start_position_description_ru.txt");
    let white_line = text.lines().find(|l| l.starts_with("Белые:")).expect("003 has the description");
    // 003 writes some letters with Latin lookalikes (Cc1, а); ours uses Cyrillic letters throughout.
    let ours = voxchess::notation::describe_side(&Position::start(), Color::White, NotationLang::Russian);
    let norm = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                'а' => 'a',
                'с' => 'c',
                'C' => 'С',
                _ => c,
            })
            .filter(|c| *c != '.')
            .collect::<String>()
    };
    assert_eq!(norm(&ours), norm(white_line.trim_end()));
}
