//! Front ends: what the player reads, hears and types, in layers. A
//! module imports only modules of a lower layer ([`LAYERS`]; the test
//! below reads the sources and fails on any import upward, sideways or
//! in a circle).
//!
//! | layer | modules | owns |
//! | --- | --- | --- |
//! | 0 | `output`, `input`, `effect`, `failure`, `feed` | shared types: lines and urgency, the output filter and rows; input messages, keys, input clean-up; requests for work and their reports; why a session could not start (`SessionError`); a feed's news waiting for the session, one wake-up at a time |
//! | 1 | `sink`, `asking` | where lines go: the screen and voice traits, show-and-say; a server asked on a thread of its own, said to be asked when its answer takes more than a moment |
//! | 2 | `words`, `walk` | word-making, pure: events, board answers, engine answers, file results, questions, study sentences; the board walk |
//! | 3 | `shell` | what play and review share: say, repeat, flip, help, prompt, key map, silence, quit, voice switch; the `Front` trait |
//! | 4 | `play`, `review` | the game, look-back and seats; the tree cursor and the analysis's state |
//! | 5 | `effects` | files, the engine, the analysis thread and the opponent, run on request; a failed opponent replaced |
//! | 6 | `session` | the loop over a stack of modes (the `Mode` trait): the channel, the clock's wake-ups, entering and leaving a mode |
//! | 7 | `plain`, `edited`, `terminal`, `clock_app`, `braille` | the screens |
//! | 8 | `io`, `clock_keys` | a session's screen, voice and listening opened from the settings; the clock's keys |
//! | 9 | `modes` | the modes, each with its start (from settings to a running mode) and its commands: a game and its study, a review, a puzzle, a drill, watching |
//! | 10 | `lobby` | playing on lichess: logging in, the lobby and its commands, a game with the server's player as the opponent |
//! | 11 | `app` | the entry: unfinished games, the data lock, a start's failure worded |
//!
//! Online play plugs in below as one more `game::Opponent` (its acts come
//! through the session's channel); a Braille display as one more screen.

pub mod app;
pub(crate) mod asking;
pub(crate) mod braille;
pub mod clock_app;
pub mod clock_keys;
pub(crate) mod edited;
pub(crate) mod effect;
pub(crate) mod effects;
pub mod failure;
pub(crate) mod feed;
pub(crate) mod input;
pub(crate) mod io;
pub mod lobby;
pub(crate) mod lookups;
pub(crate) mod modes;
pub(crate) mod notices;
pub mod output;
pub(crate) mod plain;
pub(crate) mod play;
pub(crate) mod review;
pub(crate) mod session;
pub(crate) mod shell;
pub mod sink;
pub(crate) mod terminal;
pub(crate) mod walk;
pub(crate) mod words;

/// Each front-end module and its layer: a module may import only modules
/// of a lower layer (checked by the tests below).
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) const LAYERS: &[(&str, u8)] = &[
    ("output", 0),
    ("input", 0),
    ("effect", 0),
    ("failure", 0),
    ("feed", 0),
    ("sink", 1),
    ("asking", 1),
    ("notices", 1),
    ("words", 2),
    ("walk", 2),
    ("shell", 3),
    ("play", 4),
    ("review", 4),
    ("lookups", 4),
    ("effects", 5),
    ("session", 6),
    ("plain", 7),
    ("edited", 7),
    ("terminal", 7),
    ("clock_app", 7),
    ("braille", 7),
    ("io", 8),
    ("clock_keys", 8),
    ("modes", 9),
    ("lobby", 10),
    ("app", 11),
];

#[cfg(test)]
mod tests {
    use super::LAYERS;
    use crate::layers::files_under;
    use std::path::{Path, PathBuf};

    fn layer(name: &str) -> Option<u8> {
        LAYERS.iter().find(|(n, _)| *n == name).map(|(_, l)| *l)
    }

    /// The front-end modules a source file names: `super::x` in a file of
    /// src/ui itself, `crate::ui::x` anywhere (a folder's own
    /// submodules, `super::` inside it, are its own business).
    fn imports(text: &str, top_level: bool) -> Vec<String> {
        let mut found = Vec::new();
        let mut prefixes = vec!["crate::ui::"];
        if top_level {
            prefixes.push("super::");
        }
        for prefix in prefixes {
            let mut rest = text;
            while let Some(i) = rest.find(prefix) {
                rest = &rest[i + prefix.len()..];
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    found.push(name);
                }
            }
        }
        found
    }

    /// Each module of src/ui (a file, or a folder with its files at any
    /// depth) and its sources (true: a file of src/ui itself).
    fn modules() -> Vec<(String, Vec<(PathBuf, bool)>)> {
        let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&ui).expect("src/ui") {
            let path = entry.expect("entry").path();
            let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            if name == "mod" {
                continue;
            }
            if path.is_dir() {
                out.push((name, files_under(&path).into_iter().map(|f| (f, false)).collect()));
            } else {
                out.push((name, vec![(path, true)]));
            }
        }
        out
    }

    /// Every module has a layer and imports only from layers below its
    /// own: no import upward, none between modules of one layer, so no
    /// circle.
    #[test]
    fn every_module_imports_only_layers_below_it() {
        let mut problems = Vec::new();
        let modules = modules();
        assert!(modules.len() >= LAYERS.len(), "{modules:?}");
        for (name, files) in modules {
            let Some(own) = layer(&name) else {
                problems.push(format!("{name} has no layer in ui::LAYERS"));
                continue;
            };
            for (file, top_level) in files {
                // Tests may reach anything; a comment may name anything.
                let code = code_of(&std::fs::read_to_string(&file).expect("source"));
                for used in imports(&code, top_level) {
                    match layer(&used) {
                        Some(l) if l < own => {}
                        Some(l) => problems.push(format!("{} (layer {own}) uses {used} (layer {l})", file.display())),
                        None if used == name => {}
                        None => {}
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// The checker itself: an import upward or sideways is found.
    #[test]
    fn the_layer_check_finds_an_import_upward() {
        let found = imports("use super::session::Stage;\nlet x = crate::ui::words::Narrator::new;", true);
        assert_eq!(found, ["words", "session"]);
        assert!(layer("session") > layer("play") && layer("play") == layer("review"));
    }

    /// What in a source makes or picks a sentence itself: filling a
    /// template, rendering words, saying a refusal, or reading a sentence
    /// of the language data by its field name.
    fn sentence_makers(text: &str) -> Vec<&'static str> {
        const MAKERS: &[&str] = &[
            "fill(",
            "render(",
            "say_refusal(",
            "say_question(",
            "lex.client",
            "lex.study",
            "lex.engine",
            "lex.clock",
            "lex.out",
            "lex.board",
            "client.online.",
        ];
        MAKERS.iter().copied().filter(|m| text.contains(m)).collect()
    }

    /// A source without its tests and its comments (a comment may quote
    /// a sentence).
    fn code_of(text: &str) -> String {
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
    }

    /// The fixed sentences of a source: a string literal of two words or
    /// more (letters, a space, letters), which only the language data may
    /// hold. A panic's message (`expect`, `unreachable!`) and an
    /// attribute are no sentence the player meets.
    fn fixed_sentences(code: &str) -> Vec<String> {
        let mut found = Vec::new();
        for line in code.lines() {
            let mut rest = line;
            let mut before = String::new();
            while let Some(start) = rest.find('"') {
                before.push_str(&rest[..start]);
                let after = &rest[start + 1..];
                let mut end = None;
                let mut escaped = false;
                for (i, c) in after.char_indices() {
                    match c {
                        '\\' if !escaped => escaped = true,
                        '"' if !escaped => {
                            end = Some(i);
                            break;
                        }
                        _ => escaped = false,
                    }
                }
                let Some(end) = end else { break };
                let literal = &after[..end];
                let exempt = ["expect(", "unreachable!(", "#["].iter().any(|m| before.contains(m));
                if !exempt && two_words(literal) {
                    found.push(literal.to_string());
                }
                before.push_str(&rest[start..start + 1 + end + 1]);
                rest = &after[end + 1..];
            }
        }
        found
    }

    /// Two words of Latin letters, two or more each, one space between.
    fn two_words(text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let word_at = |i: usize, step: isize| {
            let at =
                |k: isize| usize::try_from(k).ok().and_then(|k| chars.get(k)).is_some_and(|c| c.is_ascii_alphabetic());
            let i = i as isize;
            at(i + step) && at(i + 2 * step)
        };
        (0..chars.len()).any(|i| chars[i] == ' ' && word_at(i, -1) && word_at(i, 1))
    }

    /// The sources above the words layer: src/ui's modules and src/commands.
    fn sources_above_words() -> Vec<PathBuf> {
        let words = layer("words").expect("words");
        let mut files = Vec::new();
        for (name, sources) in modules() {
            if layer(&name).is_none_or(|l| l > words) {
                files.extend(sources.into_iter().map(|(f, _)| f));
            }
        }
        files.extend(files_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/commands")));
        files
    }

    /// Sentences are made in one place: above the words layer (every
    /// module of src/ui, and src/commands), no file fills a template,
    /// renders words, picks a sentence of the language data by name (it
    /// names a `words::Fixed` sentence or calls a `Narrator` method
    /// instead) or holds a fixed sentence of its own.
    #[test]
    fn only_the_words_layer_makes_sentences() {
        let mut problems = Vec::new();
        let files = sources_above_words();
        assert!(files.iter().any(|f| f.ends_with("commands/text.rs")) && files.len() > 30, "{files:?}");
        for file in files {
            let code = code_of(&std::fs::read_to_string(&file).expect("source"));
            for maker in sentence_makers(&code) {
                problems.push(format!("{} makes a sentence: {maker}", file.display()));
            }
            for sentence in fixed_sentences(&code) {
                problems.push(format!("{} holds a fixed sentence: \"{sentence}\"", file.display()));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// The checker itself: a planted English sentence is found, in an
    /// error and in an output line; a panic's message, a comment, a
    /// command word and a placeholder are not.
    #[test]
    fn the_sentence_check_finds_a_planted_sentence() {
        let planted = "bail!(\"perft depth {} is too deep\", d);\nout_line!(\"Settings file: {}\", p);";
        assert_eq!(fixed_sentences(&code_of(planted)), ["perft depth {} is too deep", "Settings file: {}"]);
        let escaped = "let s = format!(\"\\\"{x}\\\" cannot be read\");";
        assert_eq!(fixed_sentences(escaped), ["\\\"{x}\\\" cannot be read"]);
        let fine = "// says \"no game found\"\nlet m = x.expect(\"a move is there\");\nif w == \"quit\" {}\nlet f = \"{a} {b}\";";
        assert!(fixed_sentences(&code_of(fine)).is_empty());
        assert!(fixed_sentences(&code_of("#[cfg(test)]\nlet x = \"a planted sentence\";")).is_empty());
    }

    /// The checker itself: a sentence picked by its field name, a
    /// template filled and a refusal said outside the words layer are
    /// found; naming a fixed sentence is not a finding.
    #[test]
    fn the_sentence_check_finds_a_planted_pick() {
        let planted = "let text = self.shell.lex.client.back_to_live.clone();";
        assert_eq!(sentence_makers(planted), ["lex.client"]);
        let online = "say(words.lex.client.online.back_in_lobby.clone())";
        assert_eq!(sentence_makers(online), ["lex.client", "client.online."]);
        assert_eq!(sentence_makers("fill(&o.chat_line, &args)"), ["fill("]);
        assert_eq!(sentence_makers("crate::speech::say_refusal(lex, &why)"), ["say_refusal("]);
        assert!(sentence_makers("self.shell.words.fixed(Fixed::BackToLive)").is_empty());
    }
}
