//! The modes a player enters, one module each with its start (from the
//! settings to a running mode: `game::start`, `review::start`,
//! `drill::start`, `puzzle::start`) and its commands: a game (with its
//! study once it has ended), a review, a puzzle, a drill, watching TV
//! (`watch`) and a broadcast (`broadcast`). Each is a
//! [`crate::ui::session::Mode`]; a game and a review are made of fronts
//! (the game's and the study's `Front`s) and the effects that do their
//! work. What those share is here: doing the work a front asked for, the
//! engine's answers, and output gathered from every front.
//!
//! May use: the session's screen and voice (`io`), the session, and
//! everything below them.

pub(crate) mod broadcast;
pub(crate) mod drill;
pub(crate) mod game;
pub(crate) mod opening;
pub(crate) mod puzzle;
pub(crate) mod review;
pub(crate) mod setup;
pub(crate) mod watch;

use crate::ui::effect::Report;
use crate::ui::effects::Effects;
use crate::ui::input::AnalysisNews;
use crate::ui::output::{Line, Urgency};
use crate::ui::shell::Front;
use crate::ui::sink::Screen;

/// The one place a session's first mode is built (`now`: the session's
/// time); `app::run` opens the screen and voice it runs on.
pub(crate) fn start(
    opening: opening::Opening,
    host: opening::Host,
    now: u64,
) -> Result<opening::Started, crate::ui::failure::SessionError> {
    use opening::{Opening, Started};
    match opening {
        Opening::Game { settings, setup } => Ok(game::opened(settings, *setup, host, now)),
        Opening::Review { settings, games, number, stem, notes } => {
            let mode = review::opened(&settings, games, (number, &stem), host)?;
            Ok(Started { mode, notes })
        }
        Opening::Drill { settings, kind } => {
            Ok(Started { mode: drill::opened(&settings, kind, now), notes: Vec::new() })
        }
        Opening::Puzzles { settings, wanted, given, undone } => {
            let files = puzzle::PuzzleFiles::in_data_folder();
            let mut mode = puzzle::PuzzleMode::new(&settings, files, wanted, given, None);
            mode.import_undone(undone);
            Ok(Started { mode: Box::new(mode), notes: Vec::new() })
        }
        Opening::Streak { settings, wanted, undone } => {
            let mut mode = puzzle::PuzzleMode::streak(&settings, puzzle::PuzzleFiles::in_data_folder(), wanted);
            mode.import_undone(undone);
            Ok(Started { mode: Box::new(mode), notes: Vec::new() })
        }
        Opening::LichessPuzzles { settings, client, asked, given } => {
            let mode = puzzle::lichess_mode(&settings, client, host.tx, asked, given)?;
            Ok(Started { mode: Box::new(mode), notes: Vec::new() })
        }
        Opening::Asked(request) => Ok(Started { mode: open(request, host), notes: Vec::new() }),
    }
}

/// The one place a mode is built at another's request.
pub(crate) fn open(request: opening::Request, host: opening::Host) -> Box<dyn crate::ui::session::Mode> {
    use opening::Request;
    match request {
        Request::Setup { settings, board } => {
            Box::new(setup::SetupMode::new(&settings, board, host.tx, host.listening))
        }
        Request::PositionReview { settings, position, stem } => {
            let game = crate::notation::pgn::PgnGame::new(position);
            let review = crate::ui::review::Review::new(game, &settings, 1, 1, stem);
            let words = crate::ui::words::Narrator::new(crate::speech::Lexicon::get(settings.lang), settings.style);
            let effects = Effects::new(host.tx, words, &settings);
            Box::new(review::ReviewMode::new(review, effects).listening(host.listening))
        }
    }
}

/// Has `effects` do the work `front` asked for, and reports back, until
/// nothing more is asked.
fn drain(front: &mut dyn Front, effects: &mut Effects, now: u64) {
    loop {
        let asked = front.shell().take_effects();
        if asked.is_empty() {
            return;
        }
        for effect in asked {
            if let Some(report) = effects.perform(effect) {
                front.report(report, now);
            }
        }
    }
}

/// Who an analysis report is for.
enum ForWhom {
    /// The study or the review (evaluations, the end of an analysis).
    Study,
    /// The front that takes commands now (an engine's answer).
    Commands,
}

/// The analysis's news as a report, and who it is for.
fn analysis(news: AnalysisNews, effects: &mut Effects) -> Option<(ForWhom, Report)> {
    match news {
        AnalysisNews::Evaluated(i, result) => Some((ForWhom::Study, Report::Evaluated(i, result))),
        AnalysisNews::Ended(analyst) => {
            effects.analyst_back(analyst);
            Some((ForWhom::Study, Report::AnalysisEnded))
        }
        AnalysisNews::Answered { who, lines, engine } => {
            effects.answered(who, lines, engine).map(|r| (ForWhom::Commands, r))
        }
    }
}

/// The mode of the mistakes a review asked to practise, if it did.
fn practice(review: &mut crate::ui::review::Review, effects: &Effects) -> Option<Box<dyn crate::ui::session::Mode>> {
    let practice = review.take_practice()?;
    let settings = review.settings().clone();
    let files = puzzle::PuzzleFiles::in_data_folder();
    Some(Box::new(puzzle::PuzzleMode::practice(&settings, files, practice, effects.sender())))
}

/// Whether any of the fronts asks for silence.
fn take_silence(fronts: Vec<&mut dyn Front>) -> bool {
    fronts.into_iter().fold(false, |any, f| f.shell().take_silence() | any)
}

/// The lines of every front since the last call.
fn take_output(fronts: Vec<&mut dyn Front>) -> Vec<Line> {
    fronts.into_iter().flat_map(|f| f.shell().take_output()).collect()
}

/// A Braille view asked for by any front: shown, or the player told
/// there is no display.
fn braille_views(fronts: Vec<&mut dyn Front>, screen: &mut dyn Screen) {
    for front in fronts {
        let shell = front.shell();
        if let Some(view) = shell.take_braille_view() {
            let line =
                if screen.braille_view(view) { shell.words.braille_view(view) } else { shell.words.braille_none() };
            shell.say(line, Urgency::Info);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    fn sources(dir: &Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).expect("folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&path).expect("source"));
            }
        }
    }

    /// What a name in the guide must be in the code: a file, a function,
    /// a type, or a type's function or variant. None: not a name.
    fn missing(name: &str, root: &Path, code: &str) -> Option<String> {
        // Declared by that exact name ("struct Drill", not "struct DrillMode").
        let is_type = |t: &str| {
            ["struct ", "enum ", "trait "].iter().any(|k| {
                let head = format!("{k}{t}");
                code.match_indices(&head).any(|(i, _)| {
                    code[i + head.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric() && c != '_')
                })
            })
        };
        let is_fn = |f: &str| code.contains(&format!("fn {f}("));
        if name.contains('/') || name.ends_with(".rs") || name.ends_with(".toml") {
            let places: [PathBuf; 4] = [
                root.join(name),
                root.join("src").join(name),
                root.join("src/ui").join(name),
                root.join("src/speech/data").join(name),
            ];
            return (!places.iter().any(|p| p.exists())).then(|| format!("no file {name}"));
        }
        let ident: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        if ident.is_empty() || ident.len() < name.len() && !name[ident.len()..].starts_with('(') {
            return None;
        }
        let parts: Vec<&str> = ident.split("::").filter(|p| !p.is_empty()).collect();
        let last = *parts.last()?;
        let capital = |s: &str| s.chars().next().is_some_and(char::is_uppercase);
        let ok = match parts.as_slice() {
            [one] if capital(one) => is_type(one),
            [one] => is_fn(one),
            [.., owner, _] if capital(last) => {
                code.contains(*owner)
                    && (code.contains(&format!("    {last}")) || code.contains(&format!("const {last}")))
            }
            [.., owner, _] if capital(owner) => is_type(owner) && is_fn(last),
            [..] => is_fn(last),
        };
        (!ok).then(|| format!("no {name} in the code"))
    }

    /// docs/architecture.md's "Adding a mode" walks through the drill:
    /// every file and name it gives exists (so the guide cannot name a
    /// type the code no longer has), and the drill is there to read.
    #[test]
    fn the_adding_a_mode_guide_names_real_code() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("architecture.md");
        let start = doc.find("## Adding a mode").expect("the guide");
        let guide = &doc[start..];
        let guide = &guide[..guide[3..].find("\n## ").map_or(guide.len(), |e| e + 3)];
        let mut code = String::new();
        sources(&root.join("src"), &mut code);
        let names: Vec<&str> = guide.split('`').skip(1).step_by(2).collect();
        assert!(names.len() > 30 && names.contains(&"src/ui/modes/drill.rs"), "{names:?}");
        let problems: Vec<String> = names.iter().filter_map(|n| missing(n, root, &code)).collect();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        // The checker finds a name the code does not have.
        assert!(missing("DrillNews", root, &code).is_some() && missing("Narrator::drill_news", root, &code).is_some());
        assert!(missing("src/ui/modes/nothing.rs", root, &code).is_some());
    }
}
