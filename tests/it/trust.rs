//! Trust: voxchess plays only the move the player said. Everything else is
//! a question naming moves, or a refusal with the arbiter's reason in the
//! player's language. Typed and heard input, every language of play.

use proptest::prelude::*;
use voxchess::notation::{NotationLang, ReadMoveError, SanOptions, read_move, read_movetext, write_san};
use voxchess::rules::{CastleSide, File, IllegalReason, Move, Position, Rank, Role, Square};
use voxchess::speech::benchmark::positions;
use voxchess::speech::{Channel, Intent, Lexicon, Refusal, Resolver, SpeechLang, Style, say_move, say_refusal};

const CHANNELS: [Channel; 2] = [Channel::Typed, Channel::Heard];

fn after(moves: &str) -> Position {
    let line = read_movetext(&Position::start(), moves, NotationLang::English).expect("moves");
    let mut pos = Position::start();
    for m in &line {
        pos.play_unchecked(m);
    }
    pos
}

fn fen(f: &str) -> Position {
    Position::from_fen(f).expect("fen")
}

/// The refusal sentence for typed input, or what came back instead.
fn refusal(lang: SpeechLang, pos: &Position, text: &str) -> String {
    let r = Resolver::new(lang);
    match r.resolve(pos, text, Channel::Typed) {
        Intent::Refuse(why) => say_refusal(r.lexicon(), &why),
        other => format!("not refused: {other:?}"),
    }
}

/// One case per reason: a position, the input in en, ru and de, and the
/// exact sentence in each language.
struct Case {
    pos: Position,
    input: [&'static str; 3],
    said: [&'static str; 3],
}

fn case(pos: Position, input: [&'static str; 3], said: [&'static str; 3]) -> Case {
    Case { pos, input, said }
}

#[test]
fn every_reason_in_every_language_as_an_arbiter_says_it() {
    let start = Position::start();
    let e4e5 = after("1. e4 e5");
    let e4d5 = after("1. e4 d5");
    let pin = after("1. d4 e6 2. Nc3 Bb4");
    let check = after("1. e4 f5 2. Qh5+");
    let cases = [
        case(
            start,
            ["black knight f6", "чёрные конь эф шесть", "Schwarz Springer f6"],
            ["It is White's move.", "Сейчас ход белых.", "Weiß ist am Zug."],
        ),
        case(
            fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            ["Qd4", "Фd4", "Dd4"],
            ["White has no queen.", "У белых нет ферзя.", "Weiß hat keine Dame."],
        ),
        case(
            fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            ["Nd4", "Кd4", "Sd4"],
            ["White has no knight.", "У белых нет коня.", "Weiß hat keinen Springer."],
        ),
        case(
            start,
            ["Nf4", "Кf4", "Sf4"],
            [
                "No white knight can reach f4.",
                "Ни один белый конь не может пойти на f4.",
                "Kein weißer Springer kann f4 erreichen.",
            ],
        ),
        case(
            start,
            ["e5", "e5", "e5"],
            [
                "No white pawn can reach e5; it is White's move.",
                "Ни одна белая пешка не может пойти на e5; сейчас ход белых.",
                "Kein weißer Bauer kann e5 erreichen; Weiß ist am Zug.",
            ],
        ),
        case(
            start,
            ["b1-b3", "b1-b3", "b1-b3"],
            [
                "The knight on b1 cannot reach b3.",
                "Конь b1 не может пойти на b3.",
                "Der Springer auf b1 kann b3 nicht erreichen.",
            ],
        ),
        case(
            start,
            ["Bc4", "Сc4", "Lc4"],
            [
                "The bishop on f1 is blocked by the pawn on e2.",
                "Слон f1 не может пойти на c4: мешает пешка e2.",
                "Der Läufer auf f1 kann nicht nach c4: Der Bauer auf e2 steht im Weg.",
            ],
        ),
        case(
            start,
            ["Qd3", "Фd3", "Dd3"],
            [
                "The queen on d1 is blocked by the pawn on d2.",
                "Ферзь d1 не может пойти на d3: мешает пешка d2.",
                "Die Dame auf d1 kann nicht nach d3: Der Bauer auf d2 steht im Weg.",
            ],
        ),
        case(
            start,
            ["Qd2", "Фd2", "Dd2"],
            ["Your own pawn stands on d2.", "На d2 стоит ваша пешка.", "Auf d2 steht Ihr eigener Bauer."],
        ),
        case(
            pin,
            ["Nd5", "Кd5", "Sd5"],
            [
                "The knight on c3 is pinned: moving it leaves your king in check from the bishop on b4.",
                "Конь c3 связан: после этого хода вашему королю будет шах от слона b4.",
                "Der Springer auf c3 ist gefesselt: Ihr König stünde im Schach durch den Läufer auf b4.",
            ],
        ),
        case(
            check,
            ["f4", "f4", "f4"],
            [
                "Your king is in check from the queen on h5; that move does not stop it.",
                "Вашему королю шах от ферзя h5; этот ход от шаха не защищает.",
                "Ihr König steht im Schach durch die Dame auf h5; dieser Zug hebt das Schach nicht auf.",
            ],
        ),
        case(
            check,
            ["Kf7", "Крf7", "Kf7"],
            [
                "Your king cannot go to f7: the queen on h5 attacks it.",
                "Король не может пойти на f7: это поле бьёт ферзь h5.",
                "Ihr König kann nicht nach f7: Die Dame auf h5 greift das Feld an.",
            ],
        ),
        case(
            start,
            ["Nxf3", "Кxf3", "Sxf3"],
            ["There is nothing to capture on f3.", "На f3 нечего бить.", "Auf f3 ist nichts zu schlagen."],
        ),
        case(
            e4d5,
            ["pawn takes knight d5", "пешка бьёт коня дэ пять", "Bauer schlägt Springer d5"],
            ["There is no knight to capture on d5.", "На d5 нет коня.", "Auf d5 steht kein Springer."],
        ),
        case(
            start,
            ["takes", "бьёт", "schlägt"],
            ["No capture is possible now.", "Сейчас взятий нет.", "Jetzt kann nichts geschlagen werden."],
        ),
        case(
            start,
            ["knight takes", "конь бьёт", "Springer schlägt"],
            [
                "No white knight can capture now.",
                "Ни один белый конь сейчас ничего не может взять.",
                "Kein weißer Springer kann jetzt etwas schlagen.",
            ],
        ),
        case(
            start,
            ["e3-e4", "e3-e4", "e3-e4"],
            ["There is no piece on e3.", "На e3 нет фигуры.", "Auf e3 steht keine Figur."],
        ),
        case(
            start,
            ["e7-e5", "e7-e5", "e7-e5"],
            ["The pawn on e7 is black.", "На e7 стоит чёрная пешка.", "Auf e7 steht ein schwarzer Bauer."],
        ),
        case(
            start,
            ["Nc1-d2", "Кc1-d2", "Sc1-d2"],
            [
                "The piece on c1 is a bishop, not a knight.",
                "На c1 стоит слон, а не конь.",
                "Auf c1 steht ein Läufer, kein Springer.",
            ],
        ),
        case(
            start,
            ["e4=Q", "e4=Ф", "e4=D"],
            [
                "A pawn promotes only on the last rank.",
                "Пешка превращается только на последней горизонтали.",
                "Ein Bauer wird nur auf der letzten Reihe umgewandelt.",
            ],
        ),
        case(
            start,
            ["en passant", "взятие на проходе", "en passant"],
            [
                "No capture en passant is possible now.",
                "Взятие на проходе сейчас невозможно.",
                "Schlagen en passant ist jetzt nicht möglich.",
            ],
        ),
        case(
            e4e5,
            ["takes e5", "бьёт е пять", "schlägt e5"],
            ["No legal move fits that.", "Такого хода нет.", "Kein regelgemäßer Zug passt dazu."],
        ),
        case(
            fen("r3k2r/8/8/8/8/8/8/R4K1R w kq - 0 1"),
            ["O-O", "O-O", "O-O"],
            [
                "You cannot castle short: your king has moved.",
                "Короткая рокировка невозможна: король уже ходил.",
                "Kurze Rochade ist nicht möglich: Ihr König hat schon gezogen.",
            ],
        ),
        case(
            fen("r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1"),
            ["short castle", "короткая рокировка", "kurze Rochade"],
            [
                "You cannot castle short: that rook has moved.",
                "Короткая рокировка невозможна: эта ладья уже ходила.",
                "Kurze Rochade ist nicht möglich: dieser Turm hat schon gezogen.",
            ],
        ),
        case(
            fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"),
            ["O-O", "O-O", "O-O"],
            [
                "You cannot castle short: your king or that rook has moved before.",
                "Короткая рокировка невозможна: король или эта ладья уже ходили.",
                "Kurze Rochade ist nicht möglich: König oder Turm haben schon gezogen.",
            ],
        ),
        case(
            fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"),
            ["O-O-O", "O-O-O", "O-O-O"],
            [
                "You cannot castle long: your king is in check from the rook on e2.",
                "Длинная рокировка невозможна: вашему королю шах от ладьи e2.",
                "Lange Rochade ist nicht möglich: Ihr König steht im Schach durch den Turm auf e2.",
            ],
        ),
        case(
            start,
            ["O-O", "O-O", "O-O"],
            [
                "You cannot castle short: the bishop on f1 stands between your king and the rook.",
                "Короткая рокировка невозможна: между королём и ладьёй стоит слон f1.",
                "Kurze Rochade ist nicht möglich: zwischen König und Turm steht der Läufer auf f1.",
            ],
        ),
        case(
            fen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"),
            ["O-O", "O-O", "O-O"],
            [
                "You cannot castle short: your king would cross f1, which the rook on f2 attacks.",
                "Короткая рокировка невозможна: король прошёл бы через поле f1, которое бьёт ладья f2.",
                "Kurze Rochade ist nicht möglich: der König müsste über das Feld f1 ziehen, das der Turm auf f2 angreift.",
            ],
        ),
        case(
            fen("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1"),
            ["castle king side", "рокировка короткая", "Rochade kurz"],
            [
                "You cannot castle short: your king would land on g1, which the rook on g2 attacks.",
                "Короткая рокировка невозможна: король встал бы на поле g1, которое бьёт ладья g2.",
                "Kurze Rochade ist nicht möglich: der König käme auf das Feld g1, das der Turm auf g2 angreift.",
            ],
        ),
    ];
    for c in &cases {
        for (i, lang) in [SpeechLang::English, SpeechLang::Russian, SpeechLang::German].into_iter().enumerate() {
            assert_eq!(refusal(lang, &c.pos, c.input[i]), c.said[i], "{lang}: '{}' in {}", c.input[i], c.pos.to_fen());
        }
    }
}

#[test]
fn the_issue_examples_are_refused_not_played() {
    let r = Resolver::new(SpeechLang::English);
    let e4e5 = after("1. e4 e5");
    for text in ["queen d5", "bishop f3", "bishop f5"] {
        for channel in CHANNELS {
            assert!(!matches!(r.resolve(&e4e5, text, channel), Intent::Move(_)), "{text} {channel:?}");
        }
        assert!(matches!(r.resolve(&e4e5, text, Channel::Typed), Intent::Refuse(_)), "{text}");
    }
    let bd2 = after("1. d4 d5 2. Bd2 Nf6");
    assert!(matches!(r.resolve(&bd2, "a5", Channel::Typed), Intent::Refuse(_)));
    let start = Position::start();
    for text in ["Bb5", "Ba5"] {
        assert!(matches!(r.resolve(&start, text, Channel::Typed), Intent::Refuse(_)), "{text}");
    }
    let ru = Resolver::new(SpeechLang::Russian);
    assert_eq!(
        ru.resolve(&start, "Сc4", Channel::Typed),
        Intent::Refuse(Refusal::Illegal(IllegalReason::Blocked {
            role: Role::Bishop,
            from: sq("f1"),
            to: sq("c4"),
            by: Role::Pawn,
            by_color: voxchess::rules::Color::White,
            at: sq("e2"),
        }))
    );
    // As Black, "e4" is a black pawn's move: refused, not a rook move.
    let black = fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert!(matches!(r.resolve(&black, "e4", Channel::Typed), Intent::Refuse(_)));
    assert!(!matches!(r.resolve(&black, "e4", Channel::Heard), Intent::Move(_)));
}

fn sq(s: &str) -> Square {
    Square::parse(s).expect("square")
}

/// Every way voxchess writes or says a move, in a language of play.
fn forms(lang: SpeechLang, pos: &Position, m: &Move) -> Vec<String> {
    let lex = Lexicon::get(lang);
    let mut out = vec![
        write_san(pos, m, &SanOptions { lang: lang.notation(), ..SanOptions::default() }),
        m.uci(),
        format!("{}-{}", m.from, m.to),
    ];
    if m.is_castle() || m.promotion().is_some() {
        out.pop();
    }
    out.extend(Style::ALL.iter().map(|st| say_move(lex, pos, m, *st)));
    out
}

/// Whether the intent is this move, or a question whose only choice it is.
fn is_or_asks(intent: &Intent, m: Move) -> bool {
    match intent {
        Intent::Move(got) => *got == m,
        Intent::Ask(q) => q.choices == vec![m],
        _ => false,
    }
}

/// The words for "a piece of this kind to this square" in a language.
fn piece_words(lang: SpeechLang, role: Role, to: Square) -> String {
    let lex = Lexicon::get(lang);
    format!("{} {}", lex.piece(role, 0), to)
}

fn letters(lang: SpeechLang, role: Role, to: Square) -> String {
    format!("{}{}", lang.notation().piece_letter(role), to)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Every legal move's SAN, long form, UCI and words resolve to exactly
    /// that move: typed, played; heard, played or confirmed.
    #[test]
    fn every_form_of_every_move_resolves_to_it(seed in 1u64..1_000_000) {
        let pos = positions(1, seed).remove(0);
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            for m in pos.legal_moves() {
                for text in forms(lang, &pos, &m) {
                    let typed = r.resolve(&pos, &text, Channel::Typed);
                    // Lower case without capitals is read both ways; where a
                    // piece letter is also a file ("bxc4", German "dxe5") it asks.
                    let lower_ok = !text.chars().any(char::is_uppercase)
                        && matches!(&typed, Intent::Ask(q) if q.choices.contains(&m));
                    prop_assert!(typed == Intent::Move(m) || lower_ok, "typed '{}' in {} ({}): {:?}", text, pos.to_fen(), lang, typed);
                    let heard = r.resolve(&pos, &text, Channel::Heard);
                    let lower_ok = !text.chars().any(char::is_uppercase)
                        && matches!(&heard, Intent::Ask(q) if q.choices.contains(&m));
                    prop_assert!(is_or_asks(&heard, m) || lower_ok, "heard '{}' in {} ({}): {:?}", text, pos.to_fen(), lang, heard);
                }
            }
        }
        // French and Dutch notation reads to the same moves.
        for lang in [NotationLang::French, NotationLang::Dutch] {
            for m in pos.legal_moves() {
                let san = write_san(&pos, &m, &SanOptions { lang, ..SanOptions::default() });
                // Lower case without capitals may also name a piece ("fxe6":
                // the fou); then it asks, listing the move.
                match read_move(&pos, &san, lang) {
                    Ok(got) => prop_assert_eq!(got, m, "{} in {}", san, pos.to_fen()),
                    Err(ReadMoveError::Ambiguous { moves, .. }) => prop_assert!(moves.contains(&m), "{} in {}", san, pos.to_fen()),
                    Err(e) => prop_assert!(false, "{} in {}: {}", san, pos.to_fen(), e),
                }
            }
        }
    }

    /// A piece kind and a square no piece of that kind can legally reach:
    /// the letters and the words are never played.
    #[test]
    fn a_piece_is_never_played_where_it_cannot_go(seed in 1u64..1_000_000) {
        let pos = positions(1, seed).remove(0);
        let legal = pos.legal_moves();
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            for role in Role::ALL {
                for to in Square::all() {
                    // (The king's two steps of castling count as the king's move.)
                    if legal.iter().any(|m| m.to == to && pos.moving_role(m) == Some(role)) {
                        continue;
                    }
                    let mut texts = vec![piece_words(lang, role, to)];
                    if role != Role::Pawn {
                        texts.push(letters(lang, role, to));
                    } else {
                        texts.push(to.to_string());
                    }
                    for text in texts {
                        let typed = r.resolve(&pos, &text, Channel::Typed);
                        prop_assert!(matches!(typed, Intent::Refuse(_)), "typed '{}' in {} ({}): {:?}", text, pos.to_fen(), lang, typed);
                        let heard = r.resolve(&pos, &text, Channel::Heard);
                        prop_assert!(!matches!(heard, Intent::Move(_)), "heard '{}' in {} ({}): {:?}", text, pos.to_fen(), lang, heard);
                    }
                }
            }
        }
    }

    /// An illegal castle is refused with its reason, never offered as the
    /// other castle; an ambiguous SAN asks with exactly the candidates.
    #[test]
    fn castles_and_ambiguous_san(seed in 1u64..1_000_000) {
        let pos = positions(1, seed).remove(0);
        let legal = pos.legal_moves();
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            let lex = Lexicon::get(lang);
            for side in CastleSide::ALL {
                let short = side == CastleSide::King;
                if legal.iter().any(|m| m.is_castle() && m.is_short_castle() == short) {
                    continue;
                }
                let words = if short { &lex.out.short_castle } else { &lex.out.long_castle };
                for text in [if short { "O-O" } else { "O-O-O" }, words.as_str()] {
                    for channel in CHANNELS {
                        let got = r.resolve(&pos, text, channel);
                        let refused = matches!(
                            &got,
                            Intent::Refuse(Refusal::Illegal(IllegalReason::CannotCastle { side: Some(s), .. })) if *s == side
                        );
                        prop_assert!(refused, "'{}' in {} ({}): {:?}", text, pos.to_fen(), lang, got);
                    }
                }
            }
            for m in &legal {
                let Some(role) = pos.moving_role(m).filter(|r| *r != Role::Pawn && !m.is_castle()) else { continue };
                let mut same: Vec<Move> = legal
                    .iter()
                    .filter(|o| o.to == m.to && pos.moving_role(o) == Some(role) && o.promotion().is_none())
                    .copied()
                    .collect();
                if same.len() < 2 {
                    continue;
                }
                let text = letters(lang, role, m.to);
                for channel in CHANNELS {
                    let Intent::Ask(q) = r.resolve(&pos, &text, channel) else {
                        prop_assert!(false, "'{}' in {} did not ask", text, pos.to_fen());
                        continue;
                    };
                    let mut asked = q.choices.clone();
                    asked.sort_by_key(|x| (x.from.index(), x.to.index()));
                    same.sort_by_key(|x| (x.from.index(), x.to.index()));
                    prop_assert_eq!(&asked, &same, "'{}' in {}", text, pos.to_fen());
                }
            }
        }
    }
}

#[test]
fn typed_notation_errors_name_the_reason() {
    let pos = Position::start();
    let err = read_move(&pos, "Bc4", NotationLang::English).expect_err("illegal");
    assert!(matches!(err, ReadMoveError::Illegal { .. }));
    assert_eq!(err.to_string(), "'Bc4' is not possible: the bishop on f1 is blocked by the pawn on e2");
    let _ = (File::from_char('a'), Rank::from_char('1'));
}

/// True reasons: long castling after the rook was taken says the rook is
/// gone (not that it moved), in every language.
#[test]
fn castling_without_the_rook_says_it_is_gone() {
    // A black bishop took the rook on a1; the king never moved.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/b3K2R w Kkq - 0 1").expect("fen");
    for (lang, words) in [
        (SpeechLang::English, "no longer on the board"),
        (SpeechLang::Russian, "больше нет на доске"),
        (SpeechLang::German, "nicht mehr auf dem Brett"),
        (SpeechLang::Korean, "판에 없습니다"),
    ] {
        let said = refusal(lang, &pos, "O-O-O");
        assert!(said.contains(words), "{lang:?}: {said}");
    }
    // A rook that left its square and still stands elsewhere has moved.
    let moved = Position::from_fen("r3k2r/8/8/8/8/8/R7/4K2R w Kkq - 0 1").expect("fen");
    assert!(refusal(SpeechLang::English, &moved, "O-O-O").contains("has moved"));
}
