//! Words out: moves in every language and style, times with plural forms,
//! events, and the board in words.

use voxchess::notation::{NotationLang, read_move};
use voxchess::rules::{Color, DrawClaim, DrawReason, Outcome, Position, Role, Square, WinReason};
use voxchess::speech::grammar::render;
use voxchess::speech::say_board::{
    say_attackers, say_defenders, say_file, say_legal_moves, say_pieces_of, say_position, say_rank, say_square,
};
use voxchess::speech::say_event::{say_claimable, say_outcome};
use voxchess::speech::{Lexicon, SpeechLang, Style, say_duration, say_move};

use SpeechLang::{English, German, Russian};

fn said(lang: SpeechLang, style: Style, fen: &str, mv: &str) -> String {
    let pos = Position::from_fen(fen).expect("fen");
    let m = read_move(&pos, mv, NotationLang::English).expect("move");
    say_move(Lexicon::get(lang), &pos, &m, style)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const EP: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const MATE_PROMO: &str = "k7/4P3/1K6/8/8/8/8/8 w - - 0 1";
const CHECK_CAPTURE: &str = "8/8/8/6k1/8/5p2/8/4K1N1 w - - 0 1";

#[test]
fn english_brief() {
    assert_eq!(said(English, Style::Brief, START, "Nf3"), "knight f3");
    assert_eq!(said(English, Style::Brief, START, "e4"), "e4");
    assert_eq!(said(English, Style::Brief, EP, "exd6"), "e takes d6 en passant");
    assert_eq!(said(English, Style::Brief, CASTLE, "O-O"), "short castle");
    assert_eq!(said(English, Style::Brief, CASTLE, "O-O-O"), "long castle");
    assert_eq!(said(English, Style::Brief, MATE_PROMO, "e8=Q"), "e8 promotes to queen, checkmate");
    assert_eq!(said(English, Style::Brief, MATE_PROMO, "e8=N"), "e8 promotes to knight");
    assert_eq!(said(English, Style::Brief, CHECK_CAPTURE, "Nxf3+"), "knight takes f3, check");
    // Disambiguation as SAN does it: the file first.
    assert_eq!(said(English, Style::Brief, "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "Rad1"), "rook a d1");
    assert_eq!(said(English, Style::Brief, "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1", "Nge2"), "knight g e2");
}

#[test]
fn english_full() {
    assert_eq!(said(English, Style::Full, CHECK_CAPTURE, "Nxf3+"), "White knight from g1 to f3, takes pawn, check");
    assert_eq!(said(English, Style::Full, EP, "exd6"), "White pawn from e5 to d6, takes pawn, en passant");
    assert_eq!(said(English, Style::Full, CASTLE, "O-O"), "White castles short");
    assert_eq!(
        said(English, Style::Full, MATE_PROMO, "e8=Q"),
        "White pawn from e7 to e8, promotes to queen, checkmate"
    );
}

#[test]
fn fide_and_nato_styles() {
    assert_eq!(said(German, Style::Fide, START, "Nf3"), "Springer Felix drei");
    assert_eq!(said(German, Style::Fide, CASTLE, "O-O"), "kurze Rochade");
    assert_eq!(said(German, Style::Fide, CASTLE, "O-O-O"), "lange Rochade");
    assert_eq!(said(German, Style::Fide, MATE_PROMO, "e8=Q"), "Eva acht wird Dame, Matt");
    assert_eq!(said(German, Style::Fide, EP, "exd6"), "Eva schlägt David sechs en passant");
    assert_eq!(said(English, Style::Fide, START, "Nf3"), "knight Felix three");
    assert_eq!(said(English, Style::Nato, START, "Nf3"), "knight foxtrot three");
    assert_eq!(said(English, Style::Nato, START, "e4"), "echo four");
}

#[test]
fn russian() {
    assert_eq!(said(Russian, Style::Brief, START, "Nf3"), "конь эф три");
    assert_eq!(said(Russian, Style::Brief, EP, "exd6"), "пешка е бьёт дэ шесть, взятие на проходе");
    assert_eq!(said(Russian, Style::Brief, CASTLE, "O-O"), "короткая рокировка");
    assert_eq!(said(Russian, Style::Brief, CASTLE, "O-O-O"), "длинная рокировка");
    assert_eq!(said(Russian, Style::Brief, CHECK_CAPTURE, "Nxf3+"), "конь бьёт эф три, шах");
    assert_eq!(said(Russian, Style::Brief, MATE_PROMO, "e8=Q"), "е восемь превращается в ферзя, мат");
    assert_eq!(said(Russian, Style::Full, CHECK_CAPTURE, "Nxf3+"), "Белые: конь с жэ один на эф три, бьёт пешку, шах");
    assert_eq!(said(Russian, Style::Fide, START, "Nf3"), "конь Феликс три");
}

#[test]
fn times_with_plurals() {
    let en = Lexicon::get(English);
    assert_eq!(say_duration(en, 252_000), "4 minutes 12 seconds");
    assert_eq!(say_duration(en, 60_000), "1 minute");
    assert_eq!(say_duration(en, 61_000), "1 minute 1 second");
    assert_eq!(say_duration(en, 9_500), "9.5 seconds");
    assert_eq!(say_duration(en, 9_999), "9.9 seconds", "never rounded up");
    assert_eq!(say_duration(en, 9_000), "9 seconds");
    assert_eq!(say_duration(en, 42_700), "42 seconds");
    assert_eq!(say_duration(en, 0), "0 seconds");
    assert_eq!(say_duration(en, 5_400_000), "1 hour 30 minutes");
    assert_eq!(say_duration(en, 7_200_000), "2 hours");
    let ru = Lexicon::get(Russian);
    assert_eq!(say_duration(ru, 60_000), "1 минута");
    assert_eq!(say_duration(ru, 120_000), "2 минуты");
    assert_eq!(say_duration(ru, 300_000), "5 минут");
    assert_eq!(say_duration(ru, 660_000), "11 минут");
    assert_eq!(say_duration(ru, 1_260_000), "21 минута");
    assert_eq!(say_duration(ru, 1_320_000), "22 минуты");
    assert_eq!(say_duration(ru, 21_000), "21 секунда");
    assert_eq!(say_duration(ru, 14_000), "14 секунд");
    assert_eq!(say_duration(ru, 9_500), "9,5 секунды");
    assert_eq!(say_duration(ru, 3_661_000), "1 час 1 минута");
    let de = Lexicon::get(German);
    assert_eq!(say_duration(de, 61_000), "1 Minute 1 Sekunde");
    assert_eq!(say_duration(de, 9_500), "9,5 Sekunden");
    // Korean writes the unit against the number.
    let ko = Lexicon::get(SpeechLang::Korean);
    assert_eq!(say_duration(ko, 252_000), "4분 12초");
    assert_eq!(say_duration(ko, 9_500), "9.5초");
    assert_eq!(say_duration(ko, 5_400_000), "1시간 30분");
}

#[test]
fn events() {
    let en = Lexicon::get(English);
    let mate = Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate };
    assert_eq!(say_outcome(en, &mate), "Checkmate. Black wins.");
    assert_eq!(say_outcome(en, &Outcome::Draw(DrawReason::Stalemate)), "Draw by stalemate.");
    assert_eq!(say_claimable(en, DrawClaim::ThreefoldRepetition), "You may claim a draw by threefold repetition.");
    let flag = Outcome::Win { winner: Color::White, reason: WinReason::FlagFall };
    assert_eq!(say_outcome(en, &flag), "Black's flag fell. White wins.");
    let ru = Lexicon::get(Russian);
    assert_eq!(say_outcome(ru, &mate), "Мат. Чёрные выигрывают.");
    assert_eq!(say_outcome(ru, &Outcome::Draw(DrawReason::Stalemate)), "Ничья: пат.");
}

#[test]
fn board_in_words() {
    let en = Lexicon::get(English);
    let pos = Position::start();
    let lines = say_position(en, &pos);
    assert_eq!(
        lines[0],
        "White: king e1, queen d1, rooks a1, h1, bishops c1, f1, knights b1, g1, pawns a2, b2, c2, d2, e2, f2, g2, h2"
    );
    assert_eq!(lines[2], "White to move.");
    assert_eq!(say_pieces_of(en, &pos, Color::White, Role::Knight), "White knights: b1, g1");
    assert_eq!(say_pieces_of(en, &pos, Color::Black, Role::Queen), "Black queens: d8");
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(say_square(en, &pos, sq("e4")), "e4: empty");
    assert_eq!(say_square(en, &pos, sq("e2")), "e2: white pawn");
    assert_eq!(
        say_file(en, &pos, sq("e1").file()),
        "File e: e1 white king, e2 white pawn, e3 to e6 empty, e7 black pawn, e8 black king"
    );
    assert!(say_rank(en, &pos, sq("a4").rank()).starts_with("Rank 4: a4 to h4 empty"));
    assert_eq!(say_legal_moves(en, &pos, sq("g1")), "Knight g1: f3, h3");
    let p = Position::from_fen("4k3/8/5n2/8/4P3/3P4/8/4K3 w - - 0 1").unwrap();
    assert_eq!(say_attackers(en, &p, sq("e4")), "e4 attacked by: black knight f6");
    assert_eq!(say_defenders(en, &p, sq("e4")), "e4 defended by: white pawn d3");
    let ru = Lexicon::get(Russian);
    assert_eq!(say_pieces_of(ru, &pos, Color::White, Role::Knight), "Белые кони: бэ один, жэ один");
}

#[test]
fn every_language_has_every_client_sentence() {
    // Every language has every sentence: the typed lexicon fails to load otherwise.
    for lang in [English, Russian, German] {
        let l = Lexicon::load(lang).expect("the language data loads");
        for line in l.client.help.clone() {
            assert!(line.chars().count() <= 40, "{lang} help line too long: {line}");
        }
    }
    let ru = Lexicon::get(Russian);
    let moves = voxchess::speech::grammar::Arg::Text("е четыре (белые)");
    assert_eq!(
        render(&ru.client.taken_back, &[("moves", moves), ("side", ru.side(Color::White))]),
        "Возвращено: е четыре (белые). Ход белых."
    );
    assert_eq!(render(&ru.client.board_from, &[("side", ru.side(Color::Black))]), "Доска со стороны чёрных.");
    assert_eq!(render(&ru.client.you_play, &[("side", ru.side(Color::Black))]), "Вы играете чёрными.");
    let de = Lexicon::get(German);
    assert_eq!(
        render(
            &de.client.taken_back,
            &[("moves", voxchess::speech::grammar::Arg::Text("e5 von Schwarz")), ("side", de.side(Color::Black))]
        ),
        "Zurückgenommen: e5 von Schwarz. Schwarz ist am Zug."
    );
}

/// Colours agree with the piece: gender in Russian, adjective endings in German.
#[test]
fn pieces_with_colours_agree() {
    use voxchess::rules::Piece;
    use voxchess::speech::say_board::{piece_words, say_to_move};
    let piece = |lang, color, role| piece_words(Lexicon::get(lang), Piece { color, role });
    assert_eq!(piece(Russian, Color::White, Role::King), "белый король");
    assert_eq!(piece(Russian, Color::White, Role::Pawn), "белая пешка");
    assert_eq!(piece(Russian, Color::Black, Role::Rook), "чёрная ладья");
    assert_eq!(piece(German, Color::White, Role::Knight), "weißer Springer");
    assert_eq!(piece(German, Color::Black, Role::Queen), "schwarze Dame");
    assert_eq!(piece(English, Color::White, Role::King), "white king");
    assert_eq!(say_to_move(Lexicon::get(Russian), Color::White), "Ход белых.");
    assert_eq!(say_to_move(Lexicon::get(German), Color::Black), "Schwarz ist am Zug.");
    let pos = Position::start();
    assert_eq!(say_pieces_of(Lexicon::get(German), &pos, Color::White, Role::Knight), "Weiße Springer: b eins, g eins");
}

/// `moves of` works for either side's piece: White's knight on f3 while
/// Black is to move.
#[test]
fn moves_of_a_piece_of_the_side_not_to_move() {
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1").expect("fen");
    let f3 = Square::parse("f3").expect("f3");
    let said = say_legal_moves(Lexicon::get(English), &pos, f3);
    for sq in ["e5", "g5", "d4", "h4", "g1"] {
        assert!(said.contains(sq), "{said}");
    }
}
