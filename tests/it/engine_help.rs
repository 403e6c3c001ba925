//! Asking the engine during a game, with the real Stockfish from Debian:
//! the best move in mate-in-one and mate-in-two positions is a mating
//! move and the evaluation says mate in N; the words are the session's
//! language; a game without engine help refuses every question.

use std::time::Duration;
use voxchess::rules::{Move, Position};
use voxchess::speech::{Lexicon, SpeechLang, Style, say_move};

/// Plays a plain session with `lines` typed, in a fresh data folder;
/// returns what was printed, rows joined by spaces.
fn session(name: &str, args: &[&str], lines: &[&str]) -> String {
    let dir = crate::common::scratch_root().join(format!("voxchess-engine-help-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut child = crate::common::voxchess(&dir)
        .args(["play", "--plain", "--opponent", "human", "--no-speech", "--no-voice"])
        .args(args)
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut child, lines, Duration::from_secs(60));
    let _ = std::fs::remove_dir_all(&dir);
    out
}

fn stockfish() {
    assert!(
        std::path::Path::new("/usr/games/stockfish").exists(),
        "Stockfish is installed by setup.sh (Debian's stockfish package)"
    );
}

/// The moves after which the side to move is checkmated at once, or, for
/// `depth` 2, every reply allows such a move.
fn mates(pos: &Position, depth: u32) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            let replies = next.legal_moves();
            if replies.is_empty() {
                return next.is_check();
            }
            depth > 1
                && replies.iter().all(|r| {
                    let mut after = next;
                    after.play_unchecked(r);
                    !mates(&after, 1).is_empty()
                })
        })
        .collect()
}

#[test]
fn the_engine_finds_mate_in_one_and_in_two() {
    stockfish();
    // Rows name moves in notation.
    let en = Lexicon::written(SpeechLang::English);
    for (fen, n) in [("k7/8/1K6/8/8/8/8/7R w - - 0 1", 1), ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 2)] {
        let pos = Position::from_fen(fen).expect("fen");
        let out = session(&format!("mate{n}"), &["--fen", fen], &["best", "eval", "quit"]);
        let moves = if n == 1 { "1 move" } else { "2 moves" };
        assert!(out.contains(&format!("White mates in {moves}.")), "{out}");
        let mating: Vec<String> = mates(&pos, n).iter().map(|m| say_move(en, &pos, m, Style::Brief)).collect();
        assert!(!mating.is_empty());
        assert!(
            mating.iter().any(|w| out.contains(&format!("Best move: {w}."))),
            "the best move is not one of the mating moves {mating:?}:\n{out}"
        );
    }
}

#[test]
fn the_engine_answers_in_the_session_language() {
    stockfish();
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    let ru = session("ru", &["--lang", "ru", "--fen", fen], &["оценка", "лучший ход", "топ 2", "выход"]);
    assert!(ru.contains("Белые ставят мат в 2 хода."), "{ru}");
    assert!(ru.contains("Лучший ход: Кр"), "{ru}");
    assert!(ru.contains("1: Кр") && ru.contains("2: "), "{ru}");
    for word in ["mate", "White", "Best", "move"] {
        assert!(!ru.contains(word), "English in a Russian session ({word}): {ru}");
    }
    let de = session("de", &["--lang", "de"], &["e4", "Bewertung", "Drohung", "beenden"]);
    assert!(
        ["Die Stellung ist ausgeglichen.", "steht etwas besser.", "besser."].iter().any(|s| de.contains(s)),
        "{de}"
    );
    assert!(de.contains("droht"), "{de}");
    // After 1. e4 e5 2. Qh5 Nc6 3. Bc4, Black to move, White threatens Qxf7 mate.
    let threat = session("threat", &[], &["e4", "e5", "Qh5", "Nc6", "Bc4", "threat", "quit"]);
    assert!(threat.contains("White threatens Qxf7#."), "{threat}");
    // In check, the threat is the check.
    let check = session("check", &["--fen", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"], &["threat", "quit"]);
    assert!(check.contains("It is check: the threat is the check itself."), "{check}");
}

#[test]
fn a_game_without_engine_help_refuses_every_question() {
    let out = session("off", &["--no-engine-help"], &["eval", "best move", "threat", "top 3", "quit"]);
    assert_eq!(out.matches("Engine help is off in this game.").count(), 4, "{out}");
    assert!(!out.contains("Best move"), "{out}");
}

/// Looking back during a game: board questions read the position in view,
/// nothing is taken back, a move said meanwhile is not played and brings the
/// view back to the live position.
#[test]
fn looking_back_reads_earlier_positions_and_takes_nothing_back() {
    let out = session(
        "look",
        &[],
        &[
            "e4",
            "e5",
            "Nf3",
            "back",
            "fen",
            "what is on f3",
            "Nc6",
            "Nc6",
            "back",
            "back",
            "back",
            "back",
            "back",
            "where am i",
            "live",
            "fen",
            "quit",
        ],
    );
    assert!(out.contains("Looking back at move 1. Black played e5."), "{out}");
    // The FEN in rows of whole fields.
    assert!(out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/ RNBQKBNR w KQkq - 0 2"), "{out}");
    assert!(out.contains("f3: empty") || out.contains("f3 empty"), "{out}");
    // The move said while looking back is not played; the view is live again.
    assert!(out.contains("You were looking back: this is the live position again. Say your move again."), "{out}");
    assert!(out.contains("Looking back at the start position."), "{out}");
    assert!(out.contains("This is the start: there is no earlier position."), "{out}");
    assert!(out.contains("Back to the live position."), "{out}");
    assert!(out.contains("Black: Nc6"), "{out}");
    assert!(out.contains("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/ PPPP1PPP/RNBQKB1R w KQkq - 2 3"), "{out}");
    let ru = session("look-ru", &["--lang", "ru"], &["e4", "d5", "назад", "где я", "вперёд", "выход"]);
    assert!(ru.contains("Просмотр, ход 1. Белые — e4."), "{ru}");
    assert!(ru.contains("Возврат к текущей позиции."), "{ru}");
    let ko = session("look-ko", &["--lang", "ko"], &["e4", "d5", "뒤로", "지금 어디", "현재", "종료"]);
    assert!(ko.matches("1수 돌아보기. 백 — e4.").count() == 2, "{ko}");
    assert!(ko.contains("지금 국면으로 돌아왔습니다."), "{ko}");
}

/// An answer that comes once the player has moved on says which position
/// it is about; one about the position in view does not.
#[test]
fn an_answer_about_a_position_left_says_which_it_is() {
    stockfish();
    let out = session("earlier", &[], &["best move", "e4", "eval", "quit"]);
    let about = out.find("For the position at move 1, White to move:").unwrap_or_else(|| panic!("{out}"));
    let best = out.find("Best move: ").unwrap_or_else(|| panic!("{out}"));
    assert!(about < best && out.find("White: e4").is_some_and(|e4| e4 < about), "{out}");
    assert_eq!(out.matches("For the position at").count(), 1, "the eval is about the position in view:\n{out}");
    let ru = session("earlier-ru", &["--lang", "ru"], &["лучший ход", "e4", "выход"]);
    assert!(ru.contains("Для позиции на 1-м ходу, ход белых:"), "{ru}");
    let de = session("earlier-de", &["--lang", "de"], &["bester Zug", "e4", "beenden"]);
    assert!(de.contains("Für die Stellung im 1. Zug, Weiß am Zug:"), "{de}");
    let ko = session("earlier-ko", &["--lang", "ko"], &["최선의 수", "e4", "종료"]);
    assert!(ko.contains("1수 백의 차례 국면에 대한 답:"), "{ko}");
}
