//! Words in: the resolver, commands, answers and explanations.

use proptest::prelude::*;
use voxchess::notation::{SanOptions, read_movetext, write_san};
use voxchess::rules::{Color, File, Position, Rank, Role, Square};
use voxchess::speech::benchmark::{positions, run};
use voxchess::speech::vocabulary::{vocabulary, vocabulary_json};
use voxchess::speech::{
    Answer, Channel, Command, Confirm, GameCommand, Intent, Resolver, SpeechLang, Style, say_question, say_refusal,
};

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

/// The SAN of a resolved move, "?choices" for a question, "!reason" for a
/// refusal; typed input.
fn resolve(lang: SpeechLang, pos: &Position, text: &str) -> String {
    resolve_on(lang, pos, text, Channel::Typed)
}

/// The same for a recognizer's transcript.
fn heard(lang: SpeechLang, pos: &Position, text: &str) -> String {
    resolve_on(lang, pos, text, Channel::Heard)
}

fn resolve_on(lang: SpeechLang, pos: &Position, text: &str, channel: Channel) -> String {
    let r = Resolver::new(lang);
    let san = |m| write_san(pos, &m, &SanOptions::default());
    match r.resolve(pos, text, channel) {
        Intent::Move(m) => san(m),
        Intent::Ask(q) => format!("?{}", q.choices.into_iter().map(san).collect::<Vec<_>>().join(" ")),
        Intent::Refuse(why) => format!("!{}", say_refusal(r.lexicon(), &why)),
        other => format!("{other:?}"),
    }
}

use SpeechLang::{English, German, Russian};

#[test]
fn full_and_partial_forms() {
    let start = Position::start();
    for text in ["knight f3", "Knight F3", "g1 f3", "g1 to f3", "um the knight to f3", "Nf3"] {
        assert_eq!(resolve(English, &start, text), "Nf3", "{text}");
        assert_eq!(heard(English, &start, text), "Nf3", "{text}");
    }
    // Homophones of the same meaning are understood when heard, not typed.
    for text in ["night f three", "horse f3"] {
        assert_eq!(heard(English, &start, text), "Nf3", "{text}");
        assert!(resolve(English, &start, text).starts_with("!I did not understand"), "{text}");
    }
    assert_eq!(resolve(English, &start, "knight foxtrot three"), "Nf3");
    assert_eq!(resolve(English, &start, "knight Felix three"), "Nf3");
    assert_eq!(resolve(English, &start, "e4"), "e4");
    assert_eq!(resolve(English, &start, "pawn e four"), "e4");
    assert_eq!(resolve(English, &start, "echo vier"), "e4", "German numbers in every language");
    assert_eq!(resolve(German, &start, "Springer Felix drei"), "Nf3");
    assert_eq!(resolve(Russian, &start, "конь эф три"), "Nf3");
    assert_eq!(resolve(Russian, &start, "конь Феликс три"), "Nf3");
    assert_eq!(resolve(Russian, &start, "пешка е четыре"), "e4");
    // Heard "e four" could be "b four" or "d four" misheard: confirmed
    // first. "e for" is two mishearings away from "b four".
    assert_eq!(heard(English, &start, "pawn e four"), "?e4");
    assert_eq!(heard(English, &start, "e for"), "e4");
    // "f3" is the pawn, as in SAN, even when only a knight can go there.
    let p = fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(resolve(English, &p, "f3"), "!White has no pawn.");
    assert_eq!(heard(English, &p, "f3"), "?Nf3");
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
    // The castle said, never the other one.
    let short_only = fen("r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1");
    for channel in [Channel::Typed, Channel::Heard] {
        assert_eq!(
            resolve_on(English, &short_only, "long castle", channel),
            "!You cannot castle long: that rook has moved."
        );
        assert_eq!(resolve_on(English, &short_only, "O-O-O", channel), "!You cannot castle long: that rook has moved.");
    }
}

#[test]
fn promotion_needs_its_piece() {
    let p = fen("8/3P4/8/8/8/8/8/4K2k w - - 0 1");
    assert_eq!(resolve(English, &p, "d8 queen"), "d8=Q");
    assert_eq!(resolve(English, &p, "d8 promotes to knight"), "d8=N");
    assert_eq!(resolve(Russian, &p, "дэ восемь превращается в коня"), "d8=N");
    let r = Resolver::new(English);
    let t = Channel::Typed;
    let Intent::Ask(q) = r.resolve(&p, "d8", t) else { panic!("a promotion question") };
    assert_eq!(say_question(r.lexicon(), r.style, &q), "Promote to queen, rook, bishop, knight? Say the piece.");
    assert_eq!(r.resolve_answer(&p, &q, "rook", t), Intent::Move(q.choices[1]));
    assert_eq!(r.resolve_answer(&p, &q, "four", t), Intent::Move(q.choices[3]));
    assert_eq!(r.resolve_answer(&p, &q, "cancel", t), Intent::Answer(Answer::Cancel));
    let Intent::Ask(q) = r.resolve(&p, "d8", t) else { panic!("a promotion question") };
    assert_eq!(q.choices.len(), 4);
}

#[test]
fn asks_when_unsure_with_numbered_choices() {
    // The knight b1 and the bishop c1 can both go to d2; "d2" is a pawn.
    let p = fen("4k3/8/8/8/8/8/8/1NB4K w - - 0 1");
    let r = Resolver::new(English);
    let (t, h) = (Channel::Typed, Channel::Heard);
    assert_eq!(resolve(English, &p, "d2"), "!White has no pawn.");
    let Intent::Ask(q) = r.resolve(&p, "d2", h) else { panic!("expected a question") };
    assert_eq!(
        say_question(r.lexicon(), r.style, &q),
        "White has no pawn. 1: knight d2, 2: bishop d2? Say the number."
    );
    assert_eq!(r.resolve_answer(&p, &q, "two", h), Intent::Move(q.choices[1]));
    assert_eq!(r.resolve_answer(&p, &q, "one", h), Intent::Move(q.choices[0]));
    assert_eq!(r.resolve_answer(&p, &q, "bishop", h), Intent::Move(q.choices[1]));
    assert_eq!(r.resolve_answer(&p, &q, "no", h), Intent::Answer(Answer::Cancel));
    // Two knights: ambiguous SAN and words ask with exactly the candidates.
    let two = fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    for channel in [t, h] {
        for text in ["Nd2", "knight d2"] {
            assert_eq!(resolve_on(English, &two, text, channel), "?Nbd2 Nfd2", "{text}");
        }
    }
    // A homophone is fine ("see" for c); a dearer sound-alike is asked about.
    assert_eq!(r.resolve(&Position::start(), "knight see three", h), r.resolve(&Position::start(), "Nc3", t));
    let Intent::Ask(q) = r.resolve(&Position::start(), "knight sea free", h) else { panic!("question") };
    assert_eq!(say_question(r.lexicon(), r.style, &q), "Knight c3? Say yes or no.");
    assert_eq!(q.choices.len(), 1);
    assert_eq!(r.resolve_answer(&Position::start(), &q, "yes", h), Intent::Move(q.choices[0]));
    // Confirmation settings: always asks even for an exact move; never
    // plays exact moves at once, but still asks about sound-alikes.
    let mut always = Resolver::new(English);
    always.confirm = Confirm::Always;
    assert!(matches!(always.resolve(&Position::start(), "knight f3", t), Intent::Ask(_)));
    let mut never = Resolver::new(English);
    never.confirm = Confirm::Never;
    assert!(matches!(never.resolve(&Position::start(), "knight sea free", h), Intent::Ask(_)));
    assert!(matches!(never.resolve(&Position::start(), "e four", h), Intent::Move(_)));
}

#[test]
fn refusals_explain_like_an_arbiter() {
    let start = Position::start();
    assert_eq!(resolve(English, &start, "knight f4"), "!No white knight can reach f4.");
    assert_eq!(resolve(English, &start, "bishop c4"), "!The bishop on f1 is blocked by the pawn on e2.");
    assert_eq!(resolve(English, &start, "e5"), "!No white pawn can reach e5; it is White's move.");
    assert_eq!(resolve(English, &start, "takes"), "!No capture is possible now.");
    assert_eq!(
        resolve(English, &start, "castle"),
        "!You cannot castle: the bishop on f1 stands between your king and the rook."
    );
    let pinned = after("1. e4 d5 2. Bb5+ c6 3. Nf3");
    assert_eq!(
        resolve(English, &pinned, "pawn c5"),
        "!The pawn on c6 is pinned: moving it leaves your king in check from the bishop on b5."
    );
    let no_queen = fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(resolve(English, &no_queen, "queen d4"), "!White has no queen.");
    assert!(resolve(English, &start, "banana split").starts_with("!I did not understand"));
    assert_eq!(resolve(Russian, &start, "конь эф четыре"), "!Ни один белый конь не может пойти на f4.");
    assert_eq!(resolve(Russian, &start, "е пять"), "!Ни одна белая пешка не может пойти на e5; сейчас ход белых.");
}

#[test]
fn commands_in_english_and_russian() {
    let start = Position::start();
    let r = Resolver::new(English);
    let cmd = |text: &str| match r.resolve(&start, text, Channel::Typed) {
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
    assert_eq!(cmd("take back"), Command::Game(GameCommand::Takeback));
    assert_eq!(cmd("offer draw"), Command::Game(GameCommand::OfferDraw));
    assert_eq!(cmd("claim draw"), Command::Game(GameCommand::ClaimDraw));
    assert_eq!(cmd("accept"), Command::Game(GameCommand::Accept));
    assert_eq!(cmd("decline"), Command::Game(GameCommand::Decline));
    assert_eq!(cmd("resign"), Command::Game(GameCommand::Resign));
    assert_eq!(cmd("help"), Command::Help);
    assert_eq!(cmd("stop listening"), Command::StopListening);
    assert_eq!(cmd("stop"), Command::Silence);
    assert_eq!(cmd("listen"), Command::StartListening);
    assert!(matches!(r.resolve(&start, "what is on", Channel::Typed), Intent::Refuse(_)));
    let ru = Resolver::new(Russian);
    let cmd = |text: &str| match ru.resolve(&start, text, Channel::Typed) {
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
    assert_eq!(cmd("предлагаю ничью"), Command::Game(GameCommand::OfferDraw));
    assert_eq!(cmd("сдаюсь"), Command::Game(GameCommand::Resign));
    assert_eq!(cmd("помощь"), Command::Help);
}

#[test]
fn answers() {
    let r = Resolver::new(English);
    let start = Position::start();
    let t = Channel::Typed;
    assert_eq!(r.resolve(&start, "yes", t), Intent::Answer(Answer::Yes));
    assert_eq!(r.resolve(&start, "no", t), Intent::Answer(Answer::No));
    assert_eq!(r.resolve(&start, "cancel", t), Intent::Answer(Answer::Cancel));
    assert_eq!(r.resolve(&start, "two", t), Intent::Answer(Answer::Number(2)));
    assert_eq!(Resolver::new(Russian).resolve(&start, "да", t), Intent::Answer(Answer::Yes));
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

/// The benchmark's promise on a small sample: every cleanly typed move is
/// played, and nothing is ever played that was not said, on either channel.
#[test]
fn clean_phrases_always_resolve_and_nothing_wrong_is_played() {
    let sample = positions(12, 7);
    for lang in SpeechLang::ALL {
        for style in Style::ALL {
            let typed = run(lang, style, Channel::Typed, &sample, 3);
            assert_eq!(typed.clean.correct, typed.clean.total(), "{lang} {style}: {:?}", typed.clean_misses);
            assert_eq!(typed.corrupted.wrong, 0, "{lang} {style}: {:?}", typed.wrong_examples);
            let heard = run(lang, style, Channel::Heard, &sample, 3);
            assert_eq!(heard.clean.wrong + heard.corrupted.wrong, 0, "{lang} {style}: {:?}", heard.wrong_examples);
            assert_eq!(heard.clean.refused, 0, "{lang} {style}: {:?}", heard.clean_misses);
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_words_never_panic(s in ".{0,60}", n in 0u16..400) {
        let pos = positions(1, u64::from(n) + 1).remove(0);
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            for channel in [Channel::Typed, Channel::Heard] {
                let intent = r.resolve(&pos, &s, channel);
                if let Intent::Ask(q) = &intent {
                    let _ = r.resolve_answer(&pos, q, &s, channel);
                }
            }
        }
    }

    #[test]
    fn vocabulary_words_never_panic(words in prop::collection::vec(0usize..400, 0..8), n in 0u16..400) {
        let pos = positions(1, u64::from(n) + 1).remove(0);
        for lang in SpeechLang::ALL {
            let v = vocabulary(lang);
            let text: Vec<&str> = words.iter().map(|i| v[i % v.len()].as_str()).collect();
            let _ = Resolver::new(lang).resolve(&pos, &text.join(" "), Channel::Heard);
        }
    }
}

fn alternatives(list: &[(&str, f32)]) -> Vec<(String, f32)> {
    list.iter().map(|(t, s)| (t.to_string(), *s)).collect()
}

fn uci_of(intent: &Intent) -> Vec<String> {
    match intent {
        Intent::Move(m) => vec![m.uci()],
        Intent::Ask(q) => q.choices.iter().map(|m| m.uci()).collect(),
        _ => Vec::new(),
    }
}

/// The recognizer's alternatives: the best decides only when no other
/// names a different legal move; a move found only below the best is
/// asked about, never played.
#[test]
fn heard_alternatives_are_weighed_and_doubt_asks() {
    // Korean asks about every heard move by default (its recognizer was
    // measured unreliable); the weighing of alternatives is seen with the
    // confirmation switched off, which it does not depend on.
    let pos = after("e4 e5");
    let asking = Resolver::new(SpeechLang::Korean).resolve_heard(&pos, &alternatives(&[("비숍 씨 사", 150.0)]));
    assert!(matches!(asking, Intent::Ask(_)), "{asking:?}");
    assert_eq!(uci_of(&asking), ["f1c4"]);
    let mut r = Resolver::new(SpeechLang::Korean);
    r.confirm = Confirm::Never;
    // After 1. e4 e5 only the bishop on f1 can reach c4: said alone, it is played.
    let one = r.resolve_heard(&pos, &alternatives(&[("비숍 씨 사", 150.0)]));
    assert!(matches!(one, Intent::Move(_)), "{one:?}");
    assert_eq!(uci_of(&one), ["f1c4"]);
    // Two readings of the same move: no doubt.
    let same = r.resolve_heard(&pos, &alternatives(&[("비숍 씨 사", 150.0), ("비숍 씨 사 체크", 149.0)]));
    assert!(matches!(same, Intent::Move(_)), "{same:?}");
    // Two different legal moves among the alternatives: a question with both.
    let doubt = r.resolve_heard(&pos, &alternatives(&[("비숍 씨 사", 150.0), ("비숍 비 오", 149.5)]));
    assert!(matches!(doubt, Intent::Ask(_)), "{doubt:?}");
    assert_eq!(uci_of(&doubt), ["f1c4", "f1b5"]);
    // An alternative far below the best is not a rival.
    let far = r.resolve_heard(&pos, &alternatives(&[("비숍 씨 사", 150.0), ("비숍 비 오", 100.0)]));
    assert!(matches!(far, Intent::Move(_)), "{far:?}");
    // The best names no move; a lower one does: asked, not played.
    let lower = r.resolve_heard(&pos, &alternatives(&[("비숍 씨 사 삼", 144.6), ("비숍 씨 사", 144.4)]));
    assert!(matches!(lower, Intent::Ask(_)), "{lower:?}");
    assert_eq!(uci_of(&lower), ["f1c4"]);
    let start = Position::start();
    assert!(matches!(r.resolve_heard(&start, &[]), Intent::Refuse(_)));
    assert!(matches!(r.resolve_heard(&start, &alternatives(&[("", 1.0)])), Intent::Refuse(_)));
}

#[test]
fn korean_words_in_and_commands() {
    let start = Position::start();
    let ko = SpeechLang::Korean;
    assert_eq!(resolve(ko, &start, "나이트 에프 삼"), "Nf3");
    assert_eq!(resolve(ko, &start, "이 사"), "e4");
    assert_eq!(resolve(ko, &start, "폰 이 이에서 이 사로"), "e4");
    assert_eq!(resolve(ko, &start, "나이트 지 일에서 에프 삼으로"), "Nf3");
    let r = Resolver::new(ko);
    let t = Channel::Typed;
    assert_eq!(
        r.resolve(&start, "칸 이 사", t),
        Intent::Command(Command::Square(Square::from_coords(File::ALL[4], Rank::ALL[3])))
    );
    assert_eq!(r.resolve(&start, "가로줄 이", t), Intent::Command(Command::ScanRank(Rank::ALL[1])));
    assert_eq!(r.resolve(&start, "세로줄 이", t), Intent::Command(Command::ScanFile(File::ALL[4])));
    assert_eq!(r.resolve(&start, "네", t), Intent::Answer(Answer::Yes));
    assert_eq!(r.resolve(&start, "아니요", t), Intent::Answer(Answer::No));
    assert_eq!(r.resolve(&start, "삼", t), Intent::Answer(Answer::Number(3)));
}

/// A heard answer that is only the move again is not a yes when that move
/// would itself be asked about: measured with real audio, "아니요" was
/// once decoded as the move it answered about.
#[test]
fn a_heard_answer_must_be_an_answer() {
    let pos = Position::start();
    let ko = Resolver::new(SpeechLang::Korean);
    let Intent::Ask(q) = ko.resolve(&pos, "비 사", Channel::Heard) else { panic!("Korean heard moves are asked") };
    assert!(matches!(ko.resolve_answer(&pos, &q, "비 사", Channel::Heard), Intent::Ask(_)));
    assert!(matches!(ko.resolve_answer(&pos, &q, "네", Channel::Heard), Intent::Move(_)));
    assert!(matches!(ko.resolve_answer(&pos, &q, "비 사", Channel::Typed), Intent::Move(_)));
}

#[test]
fn the_recognizer_expects_the_legal_moves_or_the_answers() {
    use voxchess::speech::vocabulary::{Expecting, expected_phrases};
    let start = Position::start();
    let ko = voxchess::speech::Lexicon::get(SpeechLang::Korean);
    let Expecting::Moves(moves) = expected_phrases(ko, &start, None, Style::Brief) else { panic!("moves") };
    assert!(moves.contains(&"나이트 에프 삼".to_string()) && moves.contains(&"이 사".to_string()), "{moves:?}");
    let en = voxchess::speech::Lexicon::get(SpeechLang::English);
    let Expecting::Moves(spoken) = expected_phrases(en, &start, None, Style::Brief) else { panic!("moves") };
    assert!(spoken.contains(&"knight f three".to_string()), "squares said as words: {spoken:?}");
    let choices: Vec<_> = start.legal_moves().iter().take(2).copied().collect();
    let Expecting::Answers(answers) = expected_phrases(ko, &start, Some(&choices), Style::Brief) else {
        panic!("only answers while a question waits")
    };
    for w in ["네", "아니요", "하나", "둘"] {
        assert!(answers.contains(&w.to_string()), "{w}: {answers:?}");
    }
    assert!(!answers.contains(&"셋".to_string()), "only the numbers of the choices: {answers:?}");
    assert!(!answers.contains(&"이".to_string()), "the choices are numbered 하나, 둘: {answers:?}");
    assert!(answers.iter().all(|a| !a.contains(' ')), "no move phrases while a question waits: {answers:?}");
}

/// A close alternative that would itself only be asked about (a sound-alike
/// square) is still a rival: the best is not played over it.
#[test]
fn a_close_alternative_that_would_be_asked_is_a_rival() {
    let pos = after("e4 e5");
    let en = Resolver::new(SpeechLang::English);
    // Alone, "knight f3" is played and "d4" is asked about (b4, c4, e4...).
    assert!(matches!(en.resolve_heard(&pos, &alternatives(&[("knight f3", 150.0)])), Intent::Move(_)));
    assert!(matches!(en.resolve_heard(&pos, &alternatives(&[("d4", 150.0)])), Intent::Ask(_)));
    let both = en.resolve_heard(&pos, &alternatives(&[("knight f3", 150.0), ("d4", 149.0)]));
    assert!(matches!(both, Intent::Ask(_)), "{both:?}");
    assert_eq!(uci_of(&both), ["g1f3", "d2d4"]);
    // Korean asks about every heard move; its question offers the rival too.
    let ko = Resolver::new(SpeechLang::Korean);
    let asked = ko.resolve_heard(&pos, &alternatives(&[("나이트 에프 삼", 150.0), ("비숍 씨 사", 149.0)]));
    assert_eq!(uci_of(&asked), ["g1f3", "f1c4"]);
}

/// An answer that names a piece with squares is a move, not the piece's
/// choice: "bishop g5" never confirms an offered bishop c5.
#[test]
fn a_piece_with_other_squares_does_not_pick_the_offered_move() {
    let pos = after("e4 e5 f4 Qh4+ g3");
    for (lang, said, piece) in
        [(SpeechLang::Korean, "비숍 지 오", "비숍"), (SpeechLang::English, "bishop g5", "bishop")]
    {
        let r = Resolver::new(lang);
        let Intent::Ask(q) = r.resolve(&pos, said, Channel::Heard) else { panic!("{said}: asked") };
        assert_eq!(q.choices.iter().map(|m| m.uci()).collect::<Vec<_>>(), ["f8c5"], "{said}");
        for channel in [Channel::Heard, Channel::Typed] {
            let again = r.resolve_answer(&pos, &q, said, channel);
            assert!(!matches!(again, Intent::Move(_)), "{said} ({channel:?}) played: {again:?}");
        }
        // Typed, the piece alone still picks the one choice with it; heard,
        // a question about one move takes only yes or no (measured live: a
        // spoken 네 heard as "비숍" confirmed bishop c5).
        assert!(matches!(r.resolve_answer(&pos, &q, piece, Channel::Typed), Intent::Move(_)));
        let heard = r.resolve_answer(&pos, &q, piece, Channel::Heard);
        assert!(!matches!(heard, Intent::Move(_)), "{piece} heard confirmed: {heard:?}");
    }
}

/// Korean numbers its choices 하나, 둘, 셋, 넷: a heard Sino-Korean number
/// (also a rank word) does not pick a choice; typed, it still does.
#[test]
fn a_heard_rank_word_is_not_a_choice_number() {
    let pos = Position::start();
    let ko = Resolver::new(SpeechLang::Korean);
    let Intent::Ask(q) = ko.resolve(&pos, "디", Channel::Heard) else { panic!("asked") };
    assert_eq!(q.choices.len(), 2, "{q:?}");
    let prompt = say_question(ko.lexicon(), ko.style, &q);
    assert!(prompt.starts_with("하나: "), "{prompt}");
    assert!(!matches!(ko.resolve_answer(&pos, &q, "사", Channel::Heard), Intent::Move(_)));
    assert!(matches!(ko.resolve_answer(&pos, &q, "둘", Channel::Heard), Intent::Move(_)));
    assert!(matches!(ko.resolve_answer(&pos, &q, "2", Channel::Typed), Intent::Move(_)));
}

/// The review's commands in every language: a move by number and side, a
/// variation by number, and a clear refusal when the number is missing.
#[test]
fn review_commands_are_read_in_every_language() {
    use voxchess::speech::Lexicon;
    let start = Position::start();
    let cases: [(SpeechLang, &str, Command); 14] = [
        (SpeechLang::English, "White's 20th move", Command::GoTo { number: 20, color: Some(Color::White) }),
        (SpeechLang::English, "black's 12th move", Command::GoTo { number: 12, color: Some(Color::Black) }),
        (SpeechLang::English, "go to move 7", Command::GoTo { number: 7, color: None }),
        (SpeechLang::English, "go to move 7 black", Command::GoTo { number: 7, color: Some(Color::Black) }),
        (SpeechLang::English, "variation 2", Command::Variation(2)),
        (SpeechLang::English, "variations", Command::Variations),
        (SpeechLang::English, "next mistake", Command::NextMistake),
        (SpeechLang::Russian, "ход чёрных 12", Command::GoTo { number: 12, color: Some(Color::Black) }),
        (SpeechLang::Russian, "к ходу 20-му", Command::GoTo { number: 20, color: None }),
        (SpeechLang::Russian, "главная линия", Command::MainLine),
        (SpeechLang::German, "gehe zu Zug 20 Schwarz", Command::GoTo { number: 20, color: Some(Color::Black) }),
        (SpeechLang::German, "vorheriger Fehler", Command::PreviousMistake),
        (SpeechLang::Korean, "흑 이동 12", Command::GoTo { number: 12, color: Some(Color::Black) }),
        (SpeechLang::Korean, "분석", Command::Analyse),
    ];
    for (lang, text, want) in cases {
        let got = Resolver::new(lang).resolve(&start, text, Channel::Typed);
        assert_eq!(got, Intent::Command(want), "{lang:?} {text}");
    }
    let r = Resolver::new(SpeechLang::English);
    match r.resolve(&start, "go to move", Channel::Typed) {
        Intent::Refuse(why) => {
            assert!(say_refusal(Lexicon::get(SpeechLang::English), &why).contains("needs a move number"))
        }
        other => panic!("{other:?}"),
    }
}

proptest! {
    #[test]
    fn review_command_words_never_panic(
        head in "(go to|go to move|white's|black's|variation|к ходу|ход белых|gehe zu zug|이동|흑 이동) ",
        rest in ".{0,24}",
    ) {
        let text = format!("{head}{rest}");
        for lang in SpeechLang::ALL {
            let intent = Resolver::new(lang).resolve(&Position::start(), &text, Channel::Typed);
            if let Intent::Command(Command::GoTo { number, .. }) = intent {
                prop_assert!(number.to_string().len() <= 10);
            }
        }
    }
}

/// An utterance ends early when what was heard so far is a whole expected
/// move (audio/endpoint.rs): so no expected phrase may be the beginning of
/// a phrase naming another move, or a pause would cut the move said into
/// a different one.
#[test]
fn no_expected_move_begins_another_move() {
    use voxchess::speech::vocabulary::{Expecting, expected_phrases};
    let mut sample = positions(30, 11);
    sample.push(fen("4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"));
    sample.push(fen("4k3/P7/8/8/8/8/7p/4K3 b - - 0 1"));
    sample.push(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    sample.push(fen("1n4k1/8/8/8/8/8/8/1N1N2K1 w - - 0 1"));
    for lang in SpeechLang::ALL {
        let r = Resolver::new(lang);
        for style in Style::ALL {
            for pos in &sample {
                let Expecting::Moves(phrases) = expected_phrases(r.lexicon(), pos, None, style) else {
                    panic!("moves")
                };
                let named = |p: &str| match r.resolve(pos, p, Channel::Heard) {
                    Intent::Move(m) => Some(m),
                    Intent::Ask(q) => q.choices.first().copied(),
                    _ => None,
                };
                for p in &phrases {
                    let Some(a) = named(p) else { continue };
                    for q in phrases.iter().filter(|q| q.starts_with(&format!("{p} "))) {
                        assert_eq!(
                            named(q).map_or(a, |b| b),
                            a,
                            "{lang} {style}: \"{p}\" begins \"{q}\" in {}",
                            pos.to_fen()
                        );
                    }
                }
            }
        }
    }
}

/// How far a heard text is from a whole phrase decides how much quiet
/// ends the utterance (audio/endpoint.rs): a whole legal move or answer
/// that nothing goes on from soonest; words no phrase begins with, or a
/// move a check word may follow, a little later; the beginning of a
/// phrase latest.
#[test]
fn how_far_a_heard_phrase_is_from_whole() {
    use voxchess::speech::vocabulary::{Expecting, Progress, expected_phrases, vocabulary};
    let ko = voxchess::speech::Lexicon::get(SpeechLang::Korean);
    let vocab = vocabulary(SpeechLang::Korean);
    let start = expected_phrases(ko, &Position::start(), None, Style::Brief);
    let progress = |e: &Expecting, text: &str| e.progress(text, &vocab);
    for whole in ["이 사", "나이트 에프 삼"] {
        assert_eq!(progress(&start, whole), Progress::Whole, "{whole}");
    }
    for part in ["이", "나이트", "나이트 에프", ""] {
        assert_eq!(progress(&start, part), Progress::Open, "{part}: a move begins so");
        assert_eq!(start.at_best(part), Progress::Whole, "{part}: may yet be whole");
    }
    // The partial text lags: its last word may still grow into a move's.
    assert_eq!(start.at_best("나이트 에"), Progress::Whole);
    assert_eq!(progress(&start, "보드"), Progress::Open, "a command begins so");
    assert_eq!(start.at_best("보드"), Progress::Closed, "but no move");
    for closed in ["이 구", "구 이 사", "나이트 에이치 사 음", "보드 돌리기", "뒤로"] {
        assert_eq!(progress(&start, closed), Progress::Closed, "{closed}: no phrase begins so");
        assert_eq!(start.at_best(closed), Progress::Closed, "{closed}");
    }
    // Bb5 gives check: "체크" may follow, so the move alone is closed, not
    // whole; with its check word it is whole.
    let check = expected_phrases(ko, &after("e4 d5"), None, Style::Brief);
    assert_eq!(progress(&check, "비숍 비 오"), Progress::Closed);
    assert_eq!(check.at_best("비숍 비 오"), Progress::Whole, "the check word may be on its way");
    assert_eq!(progress(&check, "비숍 비 오 체크"), Progress::Whole);
    let choices: Vec<_> = Position::start().legal_moves().iter().take(2).copied().collect();
    let answers = expected_phrases(ko, &Position::start(), Some(&choices), Style::Brief);
    assert_eq!(progress(&answers, "네"), Progress::Whole);
    assert_eq!(progress(&answers, "아니요"), Progress::Whole);
    assert_eq!(progress(&answers, "이 사"), Progress::Closed, "a move is no answer");
    assert_eq!(progress(&answers, ""), Progress::Open);
    assert_eq!(answers.at_best("아니"), Progress::Whole, "아니 may grow into 아니요");
    let nothing = Expecting::default();
    for text in ["", "이 사", "구 이 사"] {
        assert_eq!(progress(&nothing, text), Progress::Open, "nothing expected: {text}");
        assert_eq!(nothing.at_best(text), Progress::Open);
    }
}

/// What lichess's blind-mode players type: `p N` (pieces of a kind, the
/// letter's case the colour), `s a` and `s 1` (scans), `c` (the clocks),
/// `l` (the last move), the same in every language.
#[test]
fn lichess_short_commands_in_every_language() {
    let pos = Position::start();
    for lang in [English, Russian, German, SpeechLang::Korean] {
        let r = Resolver::new(lang);
        let cmd = |text: &str| match r.resolve(&pos, text, Channel::Typed) {
            Intent::Command(c) => c,
            other => panic!("{lang:?} {text}: {other:?}"),
        };
        assert_eq!(cmd("p N"), Command::PiecesOf { color: Some(Color::White), role: Role::Knight }, "{lang:?}");
        assert_eq!(cmd("p q"), Command::PiecesOf { color: Some(Color::Black), role: Role::Queen }, "{lang:?}");
        assert_eq!(cmd("s a"), Command::ScanFile(File::ALL[0]), "{lang:?}");
        assert_eq!(cmd("s 1"), Command::ScanRank(Rank::ALL[0]), "{lang:?}");
        assert_eq!(cmd("c"), Command::Time, "{lang:?}");
        assert_eq!(cmd("l"), Command::LastMove, "{lang:?}");
    }
    // The session's own letters too: Russian К is the knight, German S.
    let ru = Resolver::new(Russian);
    assert_eq!(
        ru.resolve(&pos, "p к", Channel::Typed),
        Intent::Command(Command::PiecesOf { color: Some(Color::Black), role: Role::Knight })
    );
    let de = Resolver::new(German);
    assert_eq!(
        de.resolve(&pos, "p S", Channel::Typed),
        Intent::Command(Command::PiecesOf { color: Some(Color::White), role: Role::Knight })
    );
}

/// A question answered as a player types it: a promotion by its piece
/// letter in either case, an ambiguity by the file, rank or square of the
/// piece meant (or by number, as before).
#[test]
fn typed_answers_that_fit_the_question() {
    let t = Channel::Typed;
    let p = fen("8/3P4/8/8/8/8/8/4K2k w - - 0 1");
    for (lang, answers) in [
        (English, [("N", "d8=N"), ("q", "d8=Q"), ("R", "d8=R"), ("b", "d8=B")]),
        (German, [("S", "d8=N"), ("d", "d8=Q"), ("T", "d8=R"), ("L", "d8=B")]),
        (Russian, [("К", "d8=N"), ("ф", "d8=Q"), ("Л", "d8=R"), ("С", "d8=B")]),
    ] {
        let r = Resolver::new(lang);
        let Intent::Ask(q) = r.resolve(&p, "d8", t) else { panic!("{lang:?}: a promotion question") };
        for (answer, san) in answers {
            let Intent::Move(m) = r.resolve_answer(&p, &q, answer, t) else { panic!("{lang:?} {answer}") };
            assert_eq!(write_san(&p, &m, &SanOptions::default()), san, "{lang:?} {answer}");
        }
    }
    // Knights on b1 and f3 can both go to d2.
    let two = fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let r = Resolver::new(English);
    let Intent::Ask(q) = r.resolve(&two, "Nd2", t) else { panic!("asked") };
    let san = |i: Intent| match i {
        Intent::Move(m) => write_san(&two, &m, &SanOptions::default()),
        other => format!("{other:?}"),
    };
    assert_eq!(san(r.resolve_answer(&two, &q, "b", t)), "Nbd2");
    assert_eq!(san(r.resolve_answer(&two, &q, "f", t)), "Nfd2");
    assert_eq!(san(r.resolve_answer(&two, &q, "f3", t)), "Nfd2");
    assert_eq!(san(r.resolve_answer(&two, &q, "3", t)), "Nfd2");
    assert_eq!(san(r.resolve_answer(&two, &q, "2", t)), "Nfd2", "a number is the choice's number");
    assert!(!matches!(r.resolve_answer(&two, &q, "g", t), Intent::Move(_)), "no knight on g");
}

/// Every spelling a recognizer writes for a letter rhymes like the letter:
/// "see four" is asked about where b4, d4, e4 and g4 are legal too, as
/// "e four" is; where no rival is legal, it is played.
#[test]
fn a_letter_spelled_as_a_word_keeps_its_rhymes() {
    let start = Position::start();
    for said in ["see four", "dee four", "bee four", "gee four", "e four"] {
        let got = heard(English, &start, said);
        assert!(got.starts_with('?'), "{said}: asked, not played: {got}");
    }
}

/// German commands as German speakers say them.
#[test]
fn german_commands_as_germans_say_them() {
    let pos = Position::start();
    let de = Resolver::new(German);
    let cmd = |text: &str| de.resolve(&pos, text, Channel::Typed);
    let e5 = Square::parse("e5").expect("e5");
    assert_eq!(cmd("wer greift e5 an"), Intent::Command(Command::Attackers(e5)));
    assert_eq!(cmd("wer verteidigt e5"), Intent::Command(Command::Defenders(e5)));
    assert_eq!(
        cmd("weiße Springer"),
        Intent::Command(Command::PiecesOf { color: Some(Color::White), role: Role::Knight })
    );
    assert_eq!(
        cmd("schwarze Türme"),
        Intent::Command(Command::PiecesOf { color: Some(Color::Black), role: Role::Rook })
    );
}

/// A question about one move is answered by yes or no: a typed letter
/// (the piece's file) does not confirm it.
#[test]
fn a_letter_does_not_confirm_a_single_move() {
    let pos = Position::start();
    let r = Resolver::new(English);
    let Intent::Ask(q) = r.resolve(&pos, "knight sea free", Channel::Heard) else { panic!("asked") };
    assert_eq!(q.choices.len(), 1);
    assert!(!matches!(r.resolve_answer(&pos, &q, "b", Channel::Typed), Intent::Move(_)));
    assert!(matches!(r.resolve_answer(&pos, &q, "yes", Channel::Typed), Intent::Move(_)));
}
