//! Word-making, pure: every sentence the front end says is made here from
//! typed values (the game's events, board questions about a view, engine
//! answers, file results, questions and refusals, study sentences, the
//! greeting and the prompt), in the session's language and style, from
//! the language data. Nothing here does I/O or keeps state.
//!
//! Each line is made twice: once in the written form for the row (moves
//! in notation with the language's piece letters, squares as "e4") and
//! once in words for speech ("конь эф три"); both come in one `Line`.
//!
//! May use: the output types (`ui::output`), effect types (`ui::effect`),
//! and every layer below the front end.

mod board;
mod braille;
mod broadcast;
#[cfg(test)]
mod counted;
mod drill;
mod engine;
mod events;
mod files;
mod fixed;
mod lookup;
mod models;
mod online;
mod pgn;
mod play;
mod puzzle;
mod setup;
mod start;
mod study;
mod tournament;
mod watch;

pub(crate) use board::View;
pub(crate) use braille::{StatusFacts, glance_board};
pub(crate) use files::{KeptFile, file_name};
pub(crate) use fixed::Fixed;
pub(crate) use online::Items;
pub(crate) use puzzle::{LinkSaid, PracticeSaid, StreakSaid};
pub(crate) use setup::SetupSaid;

use crate::rules::{Move, Position};
use crate::speech::say_move::{color_name, move_body};
use crate::speech::{Lexicon, Style};
use crate::ui::output::Line;

/// Makes the sentences of one session: its language and style.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Narrator {
    /// The words of this pass: spoken, or written (see [`Narrator::both`]).
    pub(crate) lex: &'static Lexicon,
    /// The written form of the session's language, for rows.
    written: &'static Lexicon,
    pub(crate) style: Style,
}

impl Narrator {
    /// A narrator for a language and style.
    pub(crate) fn new(lex: &'static Lexicon, style: Style) -> Narrator {
        Narrator { lex, written: Lexicon::written(lex.lang), style }
    }

    /// This narrator with the written words.
    fn writing(&self) -> Narrator {
        Narrator { lex: self.written, ..*self }
    }

    /// Lines made in both forms: the rows from the written pass, the
    /// speech from the spoken one (a line's own spoken words, such as a
    /// board rank in words, are kept).
    fn both(&self, make: impl Fn(&Narrator) -> Vec<Line>) -> Vec<Line> {
        self.with_written(make(self), make)
    }

    /// Lines as they are to be heard: notation left in a sentence (a
    /// square, a move, castling) said in words; the rows stay as they are.
    pub(crate) fn speakable(&self, lines: Vec<Line>) -> Vec<Line> {
        lines
            .into_iter()
            .map(|mut l| {
                // Notation in words, then Latin words and letters in the
                // language's own (Russian, Korean).
                let said = crate::speech::say_latin(self.lex, &crate::speech::say_notation(self.lex, l.speech()));
                // A row that lists a move as notation and as words ("Nf3,
                // knight f3") says it once.
                let said = once_each(&said);
                if said != l.speech() {
                    l.spoken = Some(said);
                }
                l
            })
            .collect()
    }

    /// The `spoken` lines with their written rows, made by `make`.
    fn with_written(&self, spoken: Vec<Line>, make: impl Fn(&Narrator) -> Vec<Line>) -> Vec<Line> {
        if self.lex.written {
            return spoken;
        }
        let written = make(&self.writing());
        if written.len() != spoken.len() {
            return spoken;
        }
        written.into_iter().zip(spoken).map(|(w, s)| joined(w, s)).collect()
    }

    /// One sentence made in both forms, as a line of information.
    fn both_one(&self, make: impl Fn(&Narrator) -> String) -> Line {
        let spoken = Line::info(make(self));
        if self.lex.written {
            return spoken;
        }
        joined(Line::info(make(&self.writing())), spoken)
    }

    /// Sentences made in both forms, a line of information each.
    fn both_many(&self, make: impl Fn(&Narrator) -> Vec<String>) -> Vec<Line> {
        self.both(|n| make(n).into_iter().map(Line::info).collect())
    }

    /// A move with its side: "White: knight f3" in words, "White: Nf3"
    /// written; the full style names the side only once ("White: knight
    /// from g1 to f3").
    fn side_move(&self, before: &Position, mv: &Move) -> String {
        format!("{}: {}", color_name(self.lex, before.turn()), move_body(self.lex, before, mv, self.style))
    }

    /// A move without its side, in this pass's form.
    fn a_move(&self, before: &Position, mv: &Move) -> String {
        move_body(self.lex, before, mv, self.style)
    }
}

/// The written line with the spoken one's words.
fn joined(written: Line, spoken: Line) -> Line {
    let list = written.list;
    Line { list, ..Line::written(written.text, spoken.spoken.unwrap_or(spoken.text), spoken.urgency) }
}

/// `text` with an item of a comma-separated list that repeats the one
/// before it said once ("e4, knight f3, knight f3" is "e4, knight f3").
fn once_each(text: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for item in text.split(", ") {
        let bare = |s: &str| s.trim_end_matches(['.', ',', ';']).to_string();
        if out.last().is_some_and(|last| bare(last) == bare(item)) {
            // The repeat may end the sentence: its end is kept.
            if let Some(last) = out.last_mut()
                && item.len() > last.len()
            {
                *last = item;
            }
            continue;
        }
        out.push(item);
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Event;
    use crate::rules::Position;
    use crate::speech::SpeechLang;

    fn moved(fen: &str, uci: &str) -> Event {
        let before = Position::from_fen(fen).expect("fen");
        let mv = *before.legal_moves().iter().find(|m| m.uci() == uci).expect("legal");
        Event::Moved { before, mv }
    }

    /// Issue 65, item 12: the help's "Nf3, knight f3" is said once.
    #[test]
    fn a_move_listed_as_notation_and_words_is_said_once() {
        let words = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        let first = words.speakable(vec![Line::info(words.lex.client.help[0].clone())]);
        let said = first[0].speech();
        assert_eq!(said.matches("knight f3").count(), 1, "{said}");
        assert_eq!(super::once_each("e4, knight f3, knight f3."), "e4, knight f3.");
        assert_eq!(super::once_each("a, b, a"), "a, b, a");
    }

    /// Rows in notation with the session's piece letters, speech in words,
    /// in every language and style; the full style names the side once.
    #[test]
    fn rows_in_notation_and_speech_in_words() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let cases = [
            (SpeechLang::English, Style::Brief, "White: Nf3", "White: knight f3"),
            (SpeechLang::Russian, Style::Brief, "Белые: Кf3", "Белые: конь эф три"),
            (SpeechLang::German, Style::Brief, "Weiß: Sf3", "Weiß: Springer f drei"),
            (SpeechLang::Korean, Style::Brief, "백: Nf3", "백: 나이트 에프 삼"),
            (SpeechLang::English, Style::Full, "White: Ng1-f3", "White: knight from g1 to f3"),
            (SpeechLang::Russian, Style::Full, "Белые: Кg1-f3", "Белые: конь с жэ один на эф три"),
        ];
        for (lang, style, row, words) in cases {
            let n = Narrator::new(Lexicon::get(lang), style);
            let lines = n.lines(&moved(start, "g1f3"));
            assert_eq!(lines.len(), 1, "{lang}");
            assert_eq!(lines[0].text, row, "{lang} {style:?}");
            assert_eq!(lines[0].speech(), words, "{lang} {style:?}");
        }
    }

    /// Every count and its noun agree, with the numbers where the
    /// languages' forms change (1, 2, 5, 11, 21, 22, 25).
    #[test]
    fn counts_agree_with_their_nouns() {
        use crate::study::library::Imported;
        const NUMBERS: [u64; 7] = [1, 2, 5, 11, 21, 22, 25];
        // The form each number takes: Russian one, few, many; German and
        // English one or more.
        let ru = |n: u64| {
            ["задача", "задачи", "задач", "задач", "задача", "задачи", "задач"]
                [NUMBERS.iter().position(|k| *k == n).unwrap_or(0)]
        };
        let ru_row = |n: u64| {
            ["строка", "строки", "строк", "строк", "строка", "строки", "строк"]
                [NUMBERS.iter().position(|k| *k == n).unwrap_or(0)]
        };
        let ru_challenge = |n: u64| {
            ["вызов", "вызова", "вызовов", "вызовов", "вызов", "вызова", "вызовов"]
                [NUMBERS.iter().position(|k| *k == n).unwrap_or(0)]
        };
        let ru_second = |n: u64| {
            ["секунда", "секунды", "секунд", "секунд", "секунда", "секунды", "секунд"]
                [NUMBERS.iter().position(|k| *k == n).unwrap_or(0)]
        };
        for n in NUMBERS {
            let say = |lang| Narrator::new(Lexicon::get(lang), Style::Brief);
            let imported = |lang| say(lang).puzzles_imported(Imported { puzzles: n, skipped: n, duplicates: 0 });
            let challenges = |lang| say(lang).challenges_in(n as usize);
            let leaving = |lang| say(lang).puzzle_online(&puzzle::LinkSaid::Leaving(n)).text;
            let one = n == 1;
            let en = [
                (imported(SpeechLang::English), format!("{n} {}", if one { "puzzle" } else { "puzzles" })),
                (imported(SpeechLang::English), format!("{n} {}", if one { "row" } else { "rows" })),
                (challenges(SpeechLang::English), format!("{n} {}", if one { "challenge" } else { "challenges" })),
                (leaving(SpeechLang::English), format!("{n} {}", if one { "second" } else { "seconds" })),
            ];
            let de = [
                (imported(SpeechLang::German), format!("{n} {}", if one { "Aufgabe " } else { "Aufgaben " })),
                (imported(SpeechLang::German), format!("{n} {}", if one { "Zeile " } else { "Zeilen " })),
                (
                    challenges(SpeechLang::German),
                    format!("{n} {}", if one { "Herausforderung:" } else { "Herausforderungen:" }),
                ),
                (leaving(SpeechLang::German), format!("{n} {}", if one { "Sekunde." } else { "Sekunden." })),
            ];
            let russian = [
                (imported(SpeechLang::Russian), format!("{n} {},", ru(n))),
                (imported(SpeechLang::Russian), format!("{n} {}.", ru_row(n))),
                (challenges(SpeechLang::Russian), format!("{n} {}:", ru_challenge(n))),
                (leaving(SpeechLang::Russian), format!("{n} {}.", ru_second(n))),
            ];
            for (said, form) in en.into_iter().chain(de).chain(russian) {
                assert!(said.contains(&form), "{n}: {form:?} in {said:?}");
            }
        }
    }

    /// No sentence of any language puts a noun of its own after a number
    /// it is given: the noun could not agree ("{n} Aufgaben" says "1
    /// Aufgaben"). A counted noun comes with its number, from the forms.
    /// No Latin letters in Russian or Korean speech: every sentence
    /// voxchess says in such a session, its placeholders filled with
    /// Cyrillic words, is
    /// heard with squares, moves, files, keys, commands and the names of
    /// lichess and voxchess in Russian words. Left out: what is typed or
    /// understood (input words), what is only printed (problems before a
    /// session, `voxchess models`, the login's question).
    #[test]
    fn russian_and_korean_speech_has_no_latin_letters() {
        no_latin_letters_in_speech(SpeechLang::Russian, include_str!("../../speech/data/ru.toml"));
        no_latin_letters_in_speech(SpeechLang::Korean, include_str!("../../speech/data/ko.toml"));
    }

    fn no_latin_letters_in_speech(lang: SpeechLang, text: &str) {
        let n = Narrator::new(Lexicon::get(lang), crate::speech::Style::Brief);
        let data: toml::Table = toml::from_str(text).expect("language data");
        let unsaid =
            [".in", ".commands", ".latin", ".code", ".brief_square", ".grammar", ".client.start", ".client.models"];
        let mut bad = Vec::new();
        let mut walk = vec![(String::new(), toml::Value::Table(data))];
        while let Some((path, value)) = walk.pop() {
            if unsaid.iter().any(|u| path.starts_with(u))
                || path.ends_with("words")
                || path.ends_with(".token_prompt")
                || path.contains(".orders")
                || path.contains("commands")
            {
                continue;
            }
            match value {
                toml::Value::Table(t) => walk.extend(t.into_iter().map(|(k, v)| (format!("{path}.{k}"), v))),
                toml::Value::Array(a) => walk.extend(a.into_iter().map(|v| (path.clone(), v))),
                toml::Value::String(text) => {
                    let mut filled = String::new();
                    let mut rest = text.as_str();
                    while let Some((before, after)) = rest.split_once('{') {
                        filled.push_str(before);
                        rest = after.split_once('}').map_or("", |(_, r)| r);
                        filled.push_str("Анна");
                    }
                    filled.push_str(rest);
                    let said = n.speakable(vec![Line::info(filled)]).remove(0);
                    if said.speech().chars().any(|c| c.is_ascii_alphabetic()) {
                        bad.push(format!("{path}: {}", said.speech()));
                    }
                }
                _ => {}
            }
        }
        assert!(bad.is_empty(), "Latin letters in {lang} speech:\n{}", bad.join("\n"));
    }

    /// The forms of nouns said with a count, outside `time` and `counts`.
    const COUNTED: [&str; 17] = [
        "day",
        "correspondence_games",
        "arenas",
        "arena_players",
        "points",
        "pawn",
        "move",
        "moves",
        "variation",
        "chapter",
        "inaccuracy",
        "mistake",
        "blunder",
        "games",
        "broadcasts",
        "boards",
        "players",
    ];

    /// Sentences whose noun after a placeholder agrees already: the
    /// number is never one (moves that came together, moves that fit, the
    /// PGN reader's limit), or the placeholder has its own noun ("21
    /// процент партий").
    const AGREED: [&str; 4] =
        [".study.broadcast.caught_up", ".explain.too_many", ".client.pgn.too_long", ".study.lookup.row"];

    #[test]
    fn no_sentence_counts_with_a_fixed_noun() {
        let files = [
            ("en", include_str!("../../speech/data/en.toml")),
            ("ru", include_str!("../../speech/data/ru.toml")),
            ("de", include_str!("../../speech/data/de.toml")),
        ];
        for (lang, text) in files {
            let data: toml::Table = toml::from_str(text).expect("language data");
            let mut nouns: Vec<String> = Vec::new();
            for table in ["time", "counts"] {
                for forms in data[table].as_table().expect("table").values() {
                    if let Some(forms) = forms.as_array() {
                        nouns.extend(forms.iter().filter_map(|f| f.as_str()).map(str::to_lowercase));
                    }
                }
            }
            // The nouns counted elsewhere: every noun a count is made with.
            let mut tables = vec![toml::Value::Table(data.clone())];
            while let Some(value) = tables.pop() {
                let toml::Value::Table(t) = value else { continue };
                for (key, v) in t {
                    match v {
                        toml::Value::Array(forms) if COUNTED.contains(&key.as_str()) && forms.len() == 3 => {
                            nouns.extend(forms.iter().filter_map(|f| f.as_str()).map(str::to_lowercase));
                        }
                        toml::Value::Table(_) if key != "pieces" => tables.push(v),
                        _ => {}
                    }
                }
            }
            let mut bad = Vec::new();
            let mut walk = vec![(String::new(), toml::Value::Table(data.clone()))];
            while let Some((path, value)) = walk.pop() {
                match value {
                    toml::Value::Table(t) if path != ".time" && path != ".counts" => {
                        walk.extend(t.into_iter().map(|(k, v)| (format!("{path}.{k}"), v)));
                    }
                    // A noun's forms with their number ("{n} Aufgabe") are
                    // how a count is said, not a sentence.
                    toml::Value::Array(a) if a.iter().all(|v| v.as_str().is_some_and(|s| s.contains("{n}"))) => {}
                    toml::Value::Array(a) => walk.extend(a.into_iter().map(|v| (path.clone(), v))),
                    toml::Value::String(_) if AGREED.contains(&path.as_str()) => {}
                    toml::Value::String(s) => {
                        for (i, _) in s.match_indices("} ") {
                            // A word's form ("{side.poss} move") is no number.
                            let name = s[..i].rsplit('{').next().unwrap_or_default();
                            let word: String = s[i + 2..].chars().take_while(|c| c.is_alphabetic()).collect();
                            if !name.contains(['.', '@', '|', ':']) && nouns.contains(&word.to_lowercase()) {
                                bad.push(format!("{lang}{path}: {s}"));
                            }
                        }
                    }
                    _ => {}
                }
            }
            assert!(bad.is_empty(), "a number before a fixed noun:\n{}", bad.join("\n"));
        }
    }
}
