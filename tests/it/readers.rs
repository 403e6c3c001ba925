//! Every reader of outside data, property-tested with a fixed number of
//! cases (failures are kept in `readers.proptest-regressions` and run
//! first): a save, the settings file, a typed line, a time control, a
//! call schedule. None panics; what each accepts holds what it promises.
//! The PGN, FEN and move readers are in `properties.rs`, spoken phrases in
//! `speech_in.rs`, an engine's lines in `engine::analysis`, lichess's
//! lines in `online::model`, BrlAPI packets in `braille`, and a model
//! archive in `audio::models`.

use proptest::prelude::*;
use voxchess::clock::{Controls, Schedule};
use voxchess::config::Settings;
use voxchess::game::SavedGame;
use voxchess::rules::Position;
use voxchess::speech::{Channel, Intent, Resolver, SpeechLang};

/// A position reached by playing the chosen moves (each index taken
/// modulo the number of legal moves) from the start, and the moves.
fn game_from(choices: &[u16]) -> (Position, Vec<String>) {
    let mut pos = Position::start();
    let mut moves = Vec::new();
    for c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[*c as usize % legal.len()];
        moves.push(m.uci());
        pos.play_unchecked(&m);
    }
    (pos, moves)
}

/// A TOML string of any text (quotes and backslashes escaped).
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n"))
}

/// Values a stranger might write for a setting.
fn setting_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "-?[0-9]{1,12}(\\.[0-9]{0,4})?",
        Just("nan".to_string()),
        Just("inf".to_string()),
        Just("-inf".to_string()),
        Just("true".to_string()),
        ".{0,20}".prop_map(|s| quoted(&s)),
        "[a-z0-9+/ ]{0,12}".prop_map(|s| quoted(&s)),
        Just("[1, \"x\"]".to_string()),
        Just("{ a = 1 }".to_string()),
    ]
}

const SETTING_KEYS: &[&str] = &[
    "color",
    "opponent",
    "engine",
    "level",
    "time",
    "lang",
    "style",
    "confirm",
    "plain",
    "speech",
    "voice",
    "push_to_talk",
    "rate",
    "pitch",
    "volume",
    "voice_name",
    "announce_own_time",
    "schedule",
    "engine_help",
    "server",
    "braille",
    "braille_spaced",
    "unknown_key",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any text is a save or damage, never a panic.
    #[test]
    fn any_text_is_a_save_or_damage(s in "(?s).{0,400}") {
        let _ = SavedGame::read(&s);
    }

    /// A save a stranger wrote: whatever is accepted replays, names a
    /// plain date and side, and its score (if any) is its own game.
    #[test]
    fn an_accepted_save_holds_what_a_save_promises(
        choices in prop::collection::vec(any::<u16>(), 0..40),
        junk_moves in prop::collection::vec("[a-h1-8qrbnx]{0,5}", 0..3),
        me in "(white|black|both|[a-z]{0,6})",
        date in "([0-9]{4}\\.[0-9]{2}\\.[0-9]{2}|[0-9./a-z]{0,14}|/tmp/planted)",
        engine in proptest::option::of(".{0,30}"),
        score in proptest::option::of(prop_oneof![Just(0u8), Just(1), Just(2)]),
        setting in proptest::option::of((0..SETTING_KEYS.len(), setting_value())),
    ) {
        let (_, mut moves) = game_from(&choices);
        moves.extend(junk_moves);
        let list: Vec<String> = moves.iter().map(|m| quoted(m)).collect();
        let mut text = format!(
            "me = {}\nstart_fen = {}\nmoves = [{}]\ndate = {}\n",
            quoted(&me),
            quoted(&Position::start().to_fen()),
            list.join(", "),
            quoted(&date)
        );
        if let Some(name) = &engine {
            text.push_str(&format!("engine_name = {}\n", quoted(name)));
        }
        match score {
            // The game's own score, as voxchess writes it.
            Some(0) => {
                let sans = voxchess::notation::read_movetext(&Position::start(), &moves.join(" "), voxchess::notation::NotationLang::English);
                if let Ok(ms) = sans {
                    let mut pos = Position::start();
                    let mut words = Vec::new();
                    for (i, m) in ms.iter().enumerate() {
                        if i % 2 == 0 { words.push(format!("{}.", i / 2 + 1)); }
                        words.push(voxchess::notation::write_san(&pos, m, &voxchess::notation::SanOptions::default()));
                        pos.play_unchecked(m);
                    }
                    words.push("1-0".into());
                    text.push_str(&format!("score = {}\n", quoted(&format!("[Result \"1-0\"]\n\n{}\n", words.join(" ")))));
                }
            }
            // Another game.
            Some(1) => text.push_str("score = \"[Result \\\"0-1\\\"]\\n\\n1. d4 d5 0-1\\n\"\n"),
            Some(_) => text.push_str("score = \"\\u001b[2J\"\n"),
            None => {}
        }
        text.push_str("\n[settings]\n");
        if let Some((k, v)) = &setting {
            text.push_str(&format!("{} = {v}\n", SETTING_KEYS[*k]));
        }
        if let Ok(saved) = SavedGame::read(&text) {
            prop_assert!(matches!(saved.me.as_str(), "white" | "black" | "both"), "{}", text);
            prop_assert!(saved.date.chars().all(|c| c.is_ascii_digit() || c == '.') && !saved.date.is_empty(), "{}", text);
            prop_assert!(saved.history().is_ok(), "{}", text);
            prop_assert!(saved.to_pgn().is_ok(), "{}", text);
            if let Some(name) = &saved.engine_name {
                prop_assert!(!name.chars().any(char::is_control), "{}", text);
            }
            let score = saved.finished_score();
            prop_assert!(score.is_ok(), "{}", text);
            if let Ok(Some(pgn)) = score {
                let games = voxchess::notation::pgn::read_pgn(&pgn, voxchess::notation::NotationLang::English, None).expect("pgn");
                let own: Vec<String> = games[0].mainline().iter().map(|m| m.uci()).collect();
                prop_assert_eq!(own, saved.moves.clone());
            }
        }
    }

    /// A save voxchess wrote reads back as it was.
    #[test]
    fn a_written_save_reads_back(choices in prop::collection::vec(any::<u16>(), 0..80), me in 0usize..3, name in proptest::option::of("[A-Za-z0-9 .]{1,20}")) {
        let (_, moves) = game_from(&choices);
        let saved = SavedGame {
            settings: Settings::default(),
            me: ["white", "black", "both"][me].into(),
            start_fen: Position::start().to_fen(),
            moves,
            clock: None,
            date: "2026.12.01".into(),
            engine_name: name,
            score: None,
            move_clocks: vec![-1, 180_000],
        };
        let text = toml::to_string(&saved).expect("toml");
        prop_assert_eq!(SavedGame::read(&text), Ok(saved));
    }

    /// Any settings file gives settings and a line per problem; never a
    /// panic, never a value outside its range.
    #[test]
    fn any_settings_file_gives_settings_and_problems(
        lines in prop::collection::vec((0..SETTING_KEYS.len(), setting_value()), 0..8),
        junk in "(?s).{0,80}",
    ) {
        let mut text: String = lines.iter().map(|(k, v)| format!("{} = {v}\n", SETTING_KEYS[*k])).collect();
        let (settings, _) = Settings::parse(&text, "config.toml");
        prop_assert!((1..=20).contains(&settings.level), "{}", text);
        for v in [settings.rate, settings.pitch, settings.volume].into_iter().flatten() {
            prop_assert!(v.is_finite() && (-1.0..=1.0).contains(&v), "{}", text);
        }
        text.push_str(&junk);
        let (_, problems) = Settings::parse(&text, "config.toml");
        for p in problems {
            let p: voxchess::config::StartProblem = p.into();
            for lang in SpeechLang::ALL {
                let words = voxchess::ui::app::start_problem_words(lang, &p);
                prop_assert!(!words.is_empty());
            }
        }
    }

    /// Any typed line, in any language, in any position: a move played is
    /// legal there, a question offers only legal moves; never a panic.
    #[test]
    fn any_typed_line_is_a_legal_move_or_no_move(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        s in prop_oneof![".{0,40}", "[KQRBNPa-h1-8xX=+#O0 -]{0,10}", "[a-zа-яäöüß가-힣 0-9]{0,24}"],
    ) {
        let (pos, _) = game_from(&choices);
        let legal = pos.legal_moves();
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            for channel in [Channel::Typed, Channel::Heard] {
                match r.resolve(&pos, &s, channel) {
                    Intent::Move(m) => prop_assert!(legal.contains(&m), "{:?} {:?} {}: {}", lang, channel, s, m.uci()),
                    Intent::Ask(q) => prop_assert!(q.choices.iter().all(|m| legal.contains(m)), "{:?} {}", lang, s),
                    _ => {}
                }
            }
        }
    }

    /// Any line read as a setup order, in any language: never a panic;
    /// every placement is a square and a piece, applied to a board being
    /// set up it is placed or refused with a reason, and the board is
    /// never one the Laws forbid as placed (two kings of a side, a pawn on
    /// the first or last rank).
    #[test]
    fn any_setup_line_places_only_what_the_laws_allow(
        lines in prop::collection::vec(
            prop_oneof![".{0,30}", "[KQRBNPkqrbnpКрФЛСКп]{1,2}[a-h][1-8]", "(white|black|белый|чёрная|백|흑) (king|pawn|король|пешка|킹|폰) [a-h][1-8]"],
            0..20,
        ),
    ) {
        let mut board = voxchess::rules::Arrangement::empty();
        for lang in SpeechLang::ALL {
            let lex = voxchess::speech::Lexicon::get(lang);
            for line in &lines {
                if let Some(Ok(voxchess::speech::SetupOrder::Place(placed))) = voxchess::speech::parse_setup(lex, line) {
                    for (piece, square) in placed {
                        let _ = board.place(square, piece);
                    }
                }
            }
        }
        let b = board.board();
        for color in voxchess::rules::Color::ALL {
            prop_assert!(b.pieces(color, voxchess::rules::Role::King).count() <= 1);
            prop_assert!(b.pieces(color, voxchess::rules::Role::Pawn).count() <= 8);
        }
        let edges = voxchess::rules::Bitboard::rank(voxchess::rules::Rank::ALL[0])
            | voxchess::rules::Bitboard::rank(voxchess::rules::Rank::ALL[7]);
        prop_assert!((b.by_role(voxchess::rules::Role::Pawn) & edges).is_empty());
    }

    /// Any time control or call schedule is read or refused; one read is
    /// written back the same way.
    #[test]
    fn any_time_control_is_read_or_refused(s in prop_oneof![".{0,30}", "[0-9+/:;,. a-z]{0,20}"]) {
        if let Ok(c) = s.parse::<Controls>() {
            let again = c.to_string().parse::<Controls>();
            prop_assert_eq!(again.as_ref().ok(), Some(&c), "{} -> {}", s, c);
        }
        let _ = s.parse::<Schedule>();
    }
}
