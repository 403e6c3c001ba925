//! Words in: the resolver, commands, answers and explanations.

use proptest::prelude::*;
use voxchess::notation::{SanOptions, read_movetext, write_san};
use voxchess::rules::{Color, File, Position, Rank, Role, Square};
use voxchess::speech::benchmark::{positions, run};
use voxchess::speech::vocabulary::{vocabulary, vocabulary_json};
use voxchess::speech::{Answer, Command, Confirm, Intent, Resolver, SpeechLang, Style};

fn after(moves: &str) -> Position {
    let mut pos = Position::start();
    for m in read_movetext(&Position::start(), moves, voxchess::notation::NotationLang::English).expect("moves") {
        pos.play_unchecked(&m);
    }
    pos
}

fn fen(f: &str) -> Position {
    Position::from_fen(f).expect("fen")
}

/// The SAN of a resolved move, "?choices" for a question, "!reason" for a refusal.
fn resolve(lang: SpeechLang, pos: &Position, text: &str) -> String {
    let r = Resolver::new(lang);
    let san = |m| write_san(pos, &m, &SanOptions::default());
    match r.resolve(pos, text) {
        Intent::Move(m) => san(m),
        Intent::Ask(q) => format!("?{}", q.choices.into_iter().map(san).collect::<Vec<_>>().join(" ")),
        Intent::Refuse(why) => format!("!{why}"),
        other => format!("{other:?}"),
    }
}

use SpeechLang::{English, German, Russian};

#[test]
fn full_and_partial_forms() {
    let start = Position::start();
    for text in
        ["knight f3", "night f three", "Knight F3", "g1 f3", "g1 to f3", "um the knight to f3", "Nf3", "horse f3"]
    {
        assert_eq!(resolve(English, &start, text), "Nf3", "{text}");
    }
    assert_eq!(resolve(English, &start, "knight foxtrot three"), "Nf3");
    assert_eq!(resolve(English, &start, "knight Felix three"), "Nf3");
    assert_eq!(resolve(English, &start, "e4"), "e4");
    assert_eq!(resolve(English, &start, "pawn e four"), "e4");
    assert_eq!(resolve(English, &start, "e for"), "e4");
    assert_eq!(resolve(English, &start, "echo vier"), "e4", "German numbers in every language");
    assert_eq!(resolve(German, &start, "Springer Felix drei"), "Nf3");
    assert_eq!(resolve(Russian, &start, "конь эф три"), "Nf3");
    assert_eq!(resolve(Russian, &start, "конь Феликс три"), "Nf3");
    assert_eq!(resolve(Russian, &start, "пешка е четыре"), "e4");
    // "f3" when only one piece can go there.
    let p = fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(resolve(English, &p, "f3"), "Nf3");
}

#[test]
fn captures_en_passant_and_castling() {
    let p = after("1. e4 d5");
    assert_eq!(resolve(English, &p, "pawn takes"), "exd5");
    assert_eq!(resolve(English, &p, "takes"), "exd5");
    assert_eq!(resolve(English, &p, "e takes d5"), "exd5");
    assert_eq!(resolve(Russian, &p, "пешка е бьёт дэ пять"), "exd5");
    let ep = after("1. e4 d5 2. e5 f5");
    assert_eq!(resolve(English, &ep, "en passant"), "exf6");
    assert_eq!(resolve(English, &ep, "e takes f6 en passant"), "exf6");
    assert_eq!(resolve(Russian, &ep, "взятие на проходе"), "exf6");
    let c = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(resolve(English, &c, "short castle"), "O-O");
    assert_eq!(resolve(English, &c, "castle king side"), "O-O");
    assert_eq!(resolve(English, &c, "long castle"), "O-O-O");
    assert_eq!(resolve(English, &c, "queen side castle"), "O-O-O");
    assert_eq!(resolve(English, &c, "castle"), "?O-O O-O-O");
    assert_eq!(resolve(Russian, &c, "короткая рокировка"), "O-O");
    assert_eq!(resolve(German, &c, "Lange Rochade"), "O-O-O");
    let one = fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(resolve(English, &one, "castle"), "O-O");
}

#[test]
fn promotion_needs_its_piece() {
    let p = fen("8/3P4/8/8/8/8/8/4K2k w - - 0 1");
    assert_eq!(resolve(English, &p, "d8 queen"), "d8=Q");
    assert_eq!(resolve(English, &p, "d8 promotes to knight"), "d8=N");
    assert_eq!(resolve(Russian, &p, "дэ восемь превращается в коня"), "d8=N");
    let r = Resolver::new(English);
    let Intent::Ask(q) = r.resolve(&p, "d8") else { panic!("a promotion question") };
    assert_eq!(q.prompt, "queen, rook, bishop, knight?");
    assert_eq!(r.resolve_answer(&p, &q, "rook"), Intent::Move(q.choices[1]));
    assert_eq!(r.resolve_answer(&p, &q, "four"), Intent::Move(q.choices[3]));
    assert_eq!(r.resolve_answer(&p, &q, "cancel"), Intent::Answer(Answer::Cancel));
}

#[test]
fn asks_when_unsure_with_numbered_choices() {
    // The knight b1 and the bishop c1 can both go to d2.
    let p = fen("4k3/8/8/8/8/8/8/1NB4K w - - 0 1");
    let r = Resolver::new(English);
    let Intent::Ask(q) = r.resolve(&p, "d2") else { panic!("expected a question") };
    assert_eq!(q.prompt, "1: knight d2, 2: bishop d2?");
    assert_eq!(r.resolve_answer(&p, &q, "two"), Intent::Move(q.choices[1]));
    assert_eq!(r.resolve_answer(&p, &q, "one"), Intent::Move(q.choices[0]));
    assert_eq!(r.resolve_answer(&p, &q, "bishop"), Intent::Move(q.choices[1]));
    assert_eq!(r.resolve_answer(&p, &q, "no"), Intent::Answer(Answer::Cancel));
    // A homophone is fine ("see" for c); several sound-alikes together are asked about.
    assert_eq!(r.resolve(&Position::start(), "knight see three"), r.resolve(&Position::start(), "Nc3"));
    let Intent::Ask(q) = r.resolve(&Position::start(), "knight sea free") else { panic!("question") };
    assert_eq!(q.prompt, "knight c3?");
    assert_eq!(q.choices.len(), 1);
    assert_eq!(r.resolve_answer(&Position::start(), &q, "yes"), Intent::Move(q.choices[0]));
    // Confirmation settings.
    let mut always = Resolver::new(English);
    always.confirm = Confirm::Always;
    assert!(matches!(always.resolve(&Position::start(), "knight f3"), Intent::Ask(_)));
    let mut never = Resolver::new(English);
    never.confirm = Confirm::Never;
    assert!(matches!(never.resolve(&Position::start(), "knight sea free"), Intent::Move(_)));
}

#[test]
fn refusals_explain_like_an_arbiter() {
    let start = Position::start();
    assert_eq!(resolve(English, &start, "knight f4"), "!No knight can reach f4.");
    assert_eq!(resolve(English, &start, "bishop c4"), "!The bishop on f1 is blocked by the pawn on e2.");
    assert_eq!(resolve(English, &start, "e5"), "!It is White's move.");
    assert_eq!(resolve(English, &start, "takes"), "!No capture is possible now.");
    assert_eq!(resolve(English, &start, "castle"), "!You cannot castle now.");
    let pinned = after("1. e4 d5 2. Bb5+ c6 3. Nf3");
    assert_eq!(resolve(English, &pinned, "pawn c5"), "!That move leaves your king in check from the bishop on b5.");
    let no_queen = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(resolve(English, &no_queen, "queen d4"), "!You have no queen.");
    assert!(resolve(English, &start, "banana split").starts_with("!I did not understand"));
    assert_eq!(resolve(Russian, &start, "конь эф четыре"), "!Ни одна фигура (конь) не может пойти на эф четыре.");
    assert_eq!(resolve(Russian, &start, "е пять"), "!Сейчас ход белых.");
}

#[test]
fn commands_in_english_and_russian() {
    let start = Position::start();
    let r = Resolver::new(English);
    let cmd = |text: &str| match r.resolve(&start, text) {
        Intent::Command(c) => c,
        other => panic!("{text}: {other:?}"),
    };
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(cmd("board"), Command::Board);
    assert_eq!(cmd("pieces"), Command::Pieces);
    assert_eq!(cmd("knights"), Command::PiecesOf { color: None, role: Role::Knight });
    assert_eq!(cmd("black knights"), Command::PiecesOf { color: Some(Color::Black), role: Role::Knight });
    assert_eq!(cmd("where are the bishops"), Command::PiecesOf { color: None, role: Role::Bishop });
    assert_eq!(cmd("scan file e"), Command::ScanFile(File::from_char('e').unwrap()));
    assert_eq!(cmd("scan rank 4"), Command::ScanRank(Rank::from_char('4').unwrap()));
    assert_eq!(cmd("what is on e4"), Command::Square(sq("e4")));
    assert_eq!(cmd("who attacks e4"), Command::Attackers(sq("e4")));
    assert_eq!(cmd("defenders of d5"), Command::Defenders(sq("d5")));
    assert_eq!(cmd("moves of g1"), Command::LegalMoves(sq("g1")));
    assert_eq!(cmd("last move"), Command::LastMove);
    assert_eq!(cmd("last 3 moves"), Command::LastMoves(3));
    assert_eq!(cmd("score"), Command::Score);
    assert_eq!(cmd("repeat"), Command::Repeat);
    assert_eq!(cmd("time"), Command::Time);
    assert_eq!(cmd("take back"), Command::Takeback);
    assert_eq!(cmd("offer draw"), Command::OfferDraw);
    assert_eq!(cmd("claim draw"), Command::ClaimDraw);
    assert_eq!(cmd("accept"), Command::Accept);
    assert_eq!(cmd("decline"), Command::Decline);
    assert_eq!(cmd("resign"), Command::Resign);
    assert_eq!(cmd("help"), Command::Help);
    assert_eq!(cmd("stop listening"), Command::StopListening);
    assert_eq!(cmd("stop"), Command::Silence);
    assert_eq!(cmd("listen"), Command::StartListening);
    assert!(matches!(r.resolve(&start, "what is on"), Intent::Refuse(_)));
    let ru = Resolver::new(Russian);
    let cmd = |text: &str| match ru.resolve(&start, text) {
        Intent::Command(c) => c,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(cmd("доска"), Command::Board);
    assert_eq!(cmd("кони"), Command::PiecesOf { color: None, role: Role::Knight });
    assert_eq!(cmd("вертикаль е"), Command::ScanFile(File::from_char('e').unwrap()));
    assert_eq!(cmd("горизонталь 4"), Command::ScanRank(Rank::from_char('4').unwrap()));
    assert_eq!(cmd("что на е4"), Command::Square(sq("e4")));
    assert_eq!(cmd("кто атакует дэ пять"), Command::Attackers(sq("d5")));
    assert_eq!(cmd("последние 3 хода"), Command::LastMoves(3));
    assert_eq!(cmd("время"), Command::Time);
    assert_eq!(cmd("предлагаю ничью"), Command::OfferDraw);
    assert_eq!(cmd("сдаюсь"), Command::Resign);
    assert_eq!(cmd("помощь"), Command::Help);
}

#[test]
fn answers() {
    let r = Resolver::new(English);
    let start = Position::start();
    assert_eq!(r.resolve(&start, "yes"), Intent::Answer(Answer::Yes));
    assert_eq!(r.resolve(&start, "no"), Intent::Answer(Answer::No));
    assert_eq!(r.resolve(&start, "cancel"), Intent::Answer(Answer::Cancel));
    assert_eq!(r.resolve(&start, "two"), Intent::Answer(Answer::Number(2)));
    assert_eq!(Resolver::new(Russian).resolve(&start, "да"), Intent::Answer(Answer::Yes));
}

#[test]
fn vocabulary_is_closed_and_small() {
    for lang in SpeechLang::ALL {
        let v = vocabulary(lang);
        assert!(v.len() > 50 && v.len() < 600, "{lang}: {} phrases", v.len());
        assert!(v.iter().all(|w| !w.is_empty() && w.chars().all(|c| !c.is_ascii_digit())));
    }
    assert!(vocabulary(English).contains(&"knight".to_string()));
    assert!(vocabulary(Russian).contains(&"конь".to_string()));
    let json = vocabulary_json(English, true);
    assert!(json.starts_with("[\"") && json.ends_with("\"[unk]\"]"));
}

/// The benchmark's promise on a small sample: every cleanly said move is
/// played, in every language and style.
#[test]
fn clean_phrases_always_resolve() {
    let sample = positions(12, 7);
    for lang in SpeechLang::ALL {
        for style in Style::ALL {
            let row = run(lang, style, &sample, 3);
            assert_eq!(row.clean.correct, row.clean.total(), "{lang} {style}: {:?}", row.clean_misses);
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_words_never_panic(s in ".{0,60}", n in 0u16..400) {
        let pos = positions(1, u64::from(n) + 1).remove(0);
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            let intent = r.resolve(&pos, &s);
            if let Intent::Ask(q) = &intent {
                let _ = r.resolve_answer(&pos, q, &s);
            }
        }
    }

    #[test]
    fn vocabulary_words_never_panic(words in prop::collection::vec(0usize..400, 0..8), n in 0u16..400) {
        let pos = positions(1, u64::from(n) + 1).remove(0);
        for lang in SpeechLang::ALL {
            let v = vocabulary(lang);
            let text: Vec<&str> = words.iter().map(|i| v[i % v.len()].as_str()).collect();
            let _ = Resolver::new(lang).resolve(&pos, &text.join(" "));
        }
    }
}
