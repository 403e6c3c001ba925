//! Setting up a position piece by piece (`voxchess setup`, and `setup`
//! in a review), typed in English, Russian and Korean: pieces placed by
//! words and by letters, each placement the Laws refuse refused as made
//! with its reason, each problem of the whole position said by `done`,
//! and a legal position reviewed on the analysis board (a move tried,
//! saved as a PGN file with the position's FEN).

use std::path::{Path, PathBuf};
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("voxchess-setup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs voxchess with `args` in `dir` in plain mode, types `lines`;
/// returns what was printed, its rows joined by single spaces (a
/// sentence wrapped over rows reads whole).
fn run(dir: &Path, args: &[&str], lines: &[&str]) -> String {
    let mut child = crate::common::voxchess(dir)
        .args(args)
        .args(["--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut child, lines, Duration::from_secs(120));
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each needle in order.
fn in_order(out: &str, needles: &[&str]) {
    let mut at = 0;
    for n in needles {
        match out[at..].find(n) {
            Some(i) => at += i + n.len(),
            None => panic!("{n:?} not found (in order) after {at} in:\n{out}"),
        }
    }
}

/// The games saved in the data folder.
fn saved(dir: &Path) -> Vec<String> {
    let games = dir.join("data/voxchess/games");
    let mut files: Vec<_> =
        std::fs::read_dir(games).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    files.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
}

/// English: words and letters; a second king, a pawn on the last rank
/// and a ninth pawn refused; `done` names every problem (no king, the
/// side not to move in check, castling without its rook, an impossible
/// en passant square); then the position is reviewed, a move tried and
/// saved with its FEN.
#[test]
fn a_position_is_set_up_in_english_and_reviewed() {
    let dir = scratch("en");
    let lines = [
        "white king g1",
        "Ke1",
        "black pawns a7 b7 c7 d7 e7 f7 g7 h7",
        "black pawn a6",
        "ph8",
        "remove h7",
        "done",
        "kg8",
        "Ra8",
        "castling K Q k q",
        "en passant d6",
        "done",
        "black to move",
        "castling none",
        "en passant none",
        "remove a8",
        "Rd1",
        "pieces",
        "fen",
        "done",
        "Kh8",
        "save",
        "quit",
    ];
    let out = run(&dir, &["setup"], &lines);
    in_order(
        &out,
        &[
            "Setting up a position.",
            "The board is empty.",
            "White king g1.",
            "White has a king already, on g1: remove it first.",
            "Black pawn a7. Black pawn b7.",
            "Black pawn h7.",
            "Black has 8 pawns already.",
            "No pawn may stand on h8: pawns never stand on the first or last rank.",
            "h7 emptied (was: black pawn).",
            "Not a legal position yet: Black has no king.",
            "Black king g8.",
            "White rook a8.",
            "Castling: White both ways, Black both ways.",
            "En passant on d6.",
            "Not a legal position yet:",
            "Black is in check, but White is to move.",
            "White cannot castle short: the king or the king's rook is not on its square.",
            "Black cannot castle long: the king or the queen's rook is not on its square.",
            "En passant on d6 is impossible: no pawn has just passed over it with a double step.",
            "Black to move.",
            "Neither side may castle.",
            "No en passant square.",
            "a8 emptied (was: white rook).",
            "White rook d1.",
            "3R2K1",
            "The position is legal.",
            "Black: Kh8.",
        ],
    );
    let games = saved(&dir);
    assert_eq!(games.len(), 1, "{out}");
    assert!(games[0].contains("[FEN \"6k1/ppppppp1/8/8/8/8/8/3R2K1 b - - 0 1\"]"), "{}", games[0]);
    let read = voxchess::notation::pgn::read_pgn(&games[0], voxchess::notation::NotationLang::English, None)
        .expect("the saved game reads back");
    let uci: Vec<String> = read[0].moves.iter().map(|n| n.mv.uci()).collect();
    assert_eq!(uci, ["g8h8"]);
}

/// Russian: the seed's letters (Кр, Ф, п) and words with their genders;
/// every refusal and problem in Russian, with no English word.
#[test]
fn a_position_is_set_up_in_russian() {
    let dir = scratch("ru");
    let lines = [
        "белый король g1",
        "чёрная ладья h8",
        "Крe1",
        "Фd1",
        "белая пешка e8",
        "пe5",
        "кр e8",
        "ход белых",
        "рокировка K Q k q",
        "на проходе d6",
        "готово",
        "крe8",
        "убрать h8",
        "рокировка нет",
        "на проходе нет",
        "готово",
        "выход",
    ];
    let out = run(&dir, &["setup", "--lang", "ru"], &lines);
    in_order(
        &out,
        &[
            "Расстановка позиции.",
            "Доска пуста.",
            "Белый король g1.",
            "Чёрная ладья h8.",
            "У белых уже есть король, на g1: сначала уберите его.",
            "Белый ферзь d1.",
            "Пешка не может стоять на e8: пешки не стоят на первой и последней горизонтали.",
            "Чёрная пешка e5.",
            "Не понято: кр e8.",
            "Ход белых.",
            "Рокировка: белые — обе, чёрные — обе.",
            "Взятие на проходе на d6.",
            "Позиция пока невозможна: У чёрных нет короля.",
            "Белые не могут сделать короткую рокировку:",
            "Взятие на проходе на d6 невозможно:",
            "Чёрный король e8.",
            "h8: поле пусто (было: чёрная ладья).",
            "Рокировки нет ни у кого.",
            "Взятия на проходе нет.",
            "Позиция возможна.",
        ],
    );
    for english in ["White", "Black", "king", "done", "Setup"] {
        assert!(!out.contains(english), "English {english:?} in a Russian session:\n{out}");
    }
}

/// Korean: a pawn on the first rank and a second king refused; `done`
/// says the king missing, castling without king and rook, an impossible
/// en passant square, and the side not to move in check.
#[test]
fn a_position_is_set_up_in_korean() {
    let dir = scratch("ko");
    let lines = [
        "백 킹 g1",
        "흑 폰 a1",
        "백 킹 e1",
        "흑 퀸 g2",
        "캐슬링 K Q k q",
        "앙파상 d6",
        "완료",
        "흑 킹 g8",
        "흑 차례",
        "캐슬링 없음",
        "앙파상 없음",
        "완료",
        "백 차례",
        "완료",
        "종료",
    ];
    let out = run(&dir, &["setup", "--lang", "ko"], &lines);
    in_order(
        &out,
        &[
            "국면 만들기입니다.",
            "보드가 비어 있습니다.",
            "g1.",
            "a1에는 폰을 놓을 수 없습니다.",
            "킹이 이미 g1에 있습니다.",
            "g2.",
            "아직 가능한 국면이 아닙니다:",
            "킹이 없습니다.",
            "킹사이드 캐슬링 불가",
            "d6 앙파상 불가",
            "g8.",
            "양쪽 모두 캐슬링 없음.",
            "앙파상 칸 없음.",
            "체크 상태인데 흑 차례입니다.",
            "가능한 국면입니다.",
        ],
    );
}

/// `--fen` starts from a position; `clear` and `start position` set the
/// board; a FEN that cannot be read is refused before anything starts.
#[test]
fn setup_starts_from_a_fen_and_is_cleared_and_reset() {
    let dir = scratch("fen");
    let out = run(
        &dir,
        &["setup", "--fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"],
        &["e2", "clear", "e1", "start position", "fen", "done", "quit"],
    );
    in_order(
        &out,
        &[
            "White to move.",
            "e2: white pawn",
            "The board is cleared.",
            "e1: empty",
            "The initial position is set up.",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/",
            "The position is legal.",
        ],
    );
    let bad = crate::common::voxchess(&dir)
        .args(["setup", "--fen", "8/8/8 w", "--plain", "--no-speech", "--no-voice"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("voxchess runs");
    let (out, err) = (String::from_utf8_lossy(&bad.stdout), String::from_utf8_lossy(&bad.stderr));
    assert!(!bad.status.success(), "{out}");
    assert!(err.split_whitespace().collect::<Vec<_>>().join(" ").contains("cannot read the FEN"), "{err}");
    assert!(!out.contains("Setting up"), "{out}");
}

/// `setup` in a review starts from the position in view; leaving the
/// set-up position's review comes back to the review it came from.
#[test]
fn setup_in_a_review_starts_from_the_position_in_view_and_comes_back() {
    let dir = scratch("review");
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 *\n").expect("pgn");
    let lines = ["next", "setup", "e4", "remove e4", "white to move", "done", "fen", "quit", "where am i", "quit"];
    let out = run(&dir, &["review", pgn.to_str().expect("path")], &lines);
    in_order(
        &out,
        &[
            "1. White: e4.",
            "Setting up a position.",
            "Black to move.",
            "e4: white pawn",
            "e4 emptied (was: white pawn).",
            "White to move.",
            "The position is legal.",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/",
            "1. White: e4.",
        ],
    );
}

/// Issue 65, item 14: `where am i` while setting up names the mode and
/// the board's state (empty, or whose move it is), never refused.
#[test]
fn where_am_i_while_setting_up_names_the_mode() {
    let dir = scratch("where");
    let out = run(&dir, &["setup"], &["clear", "where am i", "white king e1", "black king e8", "where am i", "quit"]);
    in_order(
        &out,
        &[
            "You are setting up a position; say done when it is ready.",
            "The board is empty.",
            "You are setting up a position; say done when it is ready.",
            "White to move.",
        ],
    );
    assert!(!out.contains("That works once the position is done"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
