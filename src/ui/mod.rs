//! Front ends: what the player reads, hears and types, in layers. A
//! module imports only modules of a lower layer ([`LAYERS`]; the test
//! below reads the sources and fails on any import upward, sideways or
//! in a circle).
//!
//! | layer | modules | owns |
//! | --- | --- | --- |
//! | 0 | `output`, `input`, `effect` | shared types: lines and urgency, the output filter and rows; input messages, keys, input clean-up; requests for work and their reports |
//! | 1 | `sink` | where lines go: the screen and voice traits, show-and-say |
//! | 2 | `words`, `walk` | word-making, pure: events, board answers, engine answers, file results, questions, study sentences; the board walk |
//! | 3 | `shell` | what play and review share: say, repeat, flip, help, prompt, key map, silence, quit, voice switch; the `Front` trait |
//! | 4 | `play`, `review` | the game, look-back and seats; the tree cursor and the analysis's state |
//! | 5 | `effects` | files, the engine, the analysis thread and the opponent, run on request; a failed opponent replaced |
//! | 6 | `session` | the loop over a stack of modes (the `Mode` trait): the channel, the clock's wake-ups, entering and leaving a mode |
//! | 7 | `modes`, `plain`, `edited`, `terminal`, `clock_app`, `braille` | the board's modes (a game and its study, a review); the screens |
//! | 8 | `app`, `clock_keys` | the wiring |
//! | 9 | `lobby` | playing on lichess: logging in, the lobby and its commands, a game with the server's player as the opponent |
//!
//! Online play plugs in below as one more `game::Opponent` (its acts come
//! through the session's channel); a Braille display as one more screen.

pub mod app;
pub(crate) mod braille;
pub mod clock_app;
pub mod clock_keys;
pub(crate) mod edited;
pub(crate) mod effect;
pub(crate) mod effects;
pub(crate) mod input;
pub mod lobby;
pub(crate) mod lookups;
pub(crate) mod modes;
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
    ("sink", 1),
    ("words", 2),
    ("walk", 2),
    ("shell", 3),
    ("play", 4),
    ("review", 4),
    ("lookups", 4),
    ("effects", 5),
    ("session", 6),
    ("modes", 7),
    ("plain", 7),
    ("edited", 7),
    ("terminal", 7),
    ("clock_app", 7),
    ("braille", 7),
    ("app", 8),
    ("clock_keys", 8),
    ("lobby", 9),
];

#[cfg(test)]
mod tests {
    use super::LAYERS;
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

    /// Each module of src/ui (a file, or a folder with its files) and its sources.
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
                let files = std::fs::read_dir(&path).expect("folder").map(|e| (e.expect("file").path(), false));
                out.push((name, files.collect()));
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
                let text = std::fs::read_to_string(&file).expect("source");
                // Tests may reach anything.
                let text = text.split("#[cfg(test)]").next().unwrap_or_default();
                for used in imports(text, top_level) {
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

    /// Sentences are made in one place: above the words layer, no module
    /// fills a template, renders words, or picks a sentence of the
    /// language data by name (it names a `words::Fixed` sentence or calls
    /// a `Narrator` method instead).
    #[test]
    fn only_the_words_layer_makes_sentences() {
        let words = layer("words").expect("words");
        let mut problems = Vec::new();
        for (name, files) in modules() {
            if layer(&name).is_none_or(|l| l <= words) || name == "clock_app" || name == "clock_keys" {
                continue;
            }
            for (file, _) in files {
                let text = std::fs::read_to_string(&file).expect("source");
                let text = text.split("#[cfg(test)]").next().unwrap_or_default();
                for maker in sentence_makers(text) {
                    problems.push(format!("{} makes a sentence: {maker}", file.display()));
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
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
