//! The layers of voxchess, checked: each top-level module of src and the
//! modules it may import ([`TOP`], lowest first), and no circle between
//! the modules of one folder anywhere in src (two files or folders side by
//! side that use each other). The tests read the sources; each check is
//! shown finding a planted case. docs/architecture.md has the same table.

/// Each top-level module and what it may import. A module may always use
/// itself; `main` (the program) and `lib` may use all.
pub(crate) const TOP: &[(&str, &[&str])] = &[
    // The ground floor: no other module of voxchess.
    ("layers", &[]),
    ("filter", &[]),
    ("names", &[]),
    ("platform", &[]),
    ("files", &[]),
    ("braille", &[]),
    // Chess and its notation.
    ("rules", &["filter"]),
    ("notation", &["filter", "names", "rules"]),
    // Words of the languages, the clock, the engine.
    ("speech", &["filter", "names", "notation", "rules"]),
    ("clock", &["rules", "speech"]),
    ("engine", &["files", "notation", "rules"]),
    ("config", &["files", "filter", "clock", "notation", "rules", "speech"]),
    ("audio", &["files", "rules", "speech"]),
    // A game, a study of one, lichess.
    ("study", &["files", "engine", "names", "notation", "rules"]),
    ("game", &["files", "filter", "clock", "config", "engine", "notation", "rules", "speech"]),
    ("online", &["files", "filter", "config", "game", "notation", "rules", "study"]),
    ("cli", &["clock", "config", "notation", "online", "rules", "speech", "study"]),
    // The session and its fronts, and the commands that start them.
    (
        "ui",
        &[
            "files", "filter", "platform", "braille", "rules", "notation", "speech", "clock", "engine", "config",
            "audio", "study", "game", "online",
        ],
    ),
    (
        "commands",
        &[
            "files", "filter", "platform", "braille", "rules", "notation", "speech", "clock", "engine", "config",
            "audio", "study", "game", "online", "cli", "ui",
        ],
    ),
];

/// The fronts beneath the session: the only files of src/ui that may
/// name a terminal, a device or the operating system. The rest of src/ui
/// is the session core (the loop, the shell, the modes, the words).
pub(crate) const FRONTS: &[&str] = &["ui/io.rs", "ui/terminal.rs", "ui/edited.rs", "ui/clock_keys.rs"];

/// What the session core never names.
pub(crate) const DEVICE_CODE: &[&str] =
    &["crossterm", "libc", "speech_dispatcher", "cpal", "brlapi", "vosk", "std::os::unix", "std::os::windows"];

/// The Rust files under a folder, at any depth, in order (the layer
/// checks of src and of src/ui read them).
pub(crate) fn files_under(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(folder).expect("folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::{DEVICE_CODE, FRONTS, TOP, files_under};
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// A source without its tests and its comments.
    fn code_of(text: &str) -> String {
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        text.lines()
            .map(|l| match l.find("//") {
                // A comment ends the line (a "//" inside a string is rare
                // in this code and only hides a path from the check).
                Some(i) => &l[..i],
                None => l,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn ident(s: &str) -> (&str, &str) {
        let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
        (&s[..end], &s[end..])
    }

    /// The paths named in `group`'s text from its start ("a::b::{c, d::e}, f"):
    /// each as its segments, with `prefix` before them; the rest after it.
    fn paths_in<'a>(mut s: &'a str, prefix: &[String], out: &mut Vec<Vec<String>>) -> &'a str {
        loop {
            s = s.trim_start();
            let mut path = prefix.to_vec();
            loop {
                if let Some(rest) = s.strip_prefix('{') {
                    s = paths_in(rest, &path, out);
                    s = s.trim_start().strip_prefix('}').unwrap_or(s);
                    path.clear();
                    break;
                }
                let (name, rest) = ident(s);
                if name.is_empty() {
                    break;
                }
                path.push(name.to_string());
                s = rest;
                match s.strip_prefix("::") {
                    Some(rest) => s = rest,
                    None => break,
                }
            }
            if path.len() > prefix.len() {
                out.push(path);
            }
            s = s.trim_start();
            match s.strip_prefix(',') {
                Some(rest) => s = rest,
                None => return s,
            }
        }
    }

    /// The module a file is (["ui", "modes", "review"] for
    /// src/ui/modes/review.rs; a folder's mod.rs is the folder).
    fn module_of(src: &Path, file: &Path) -> Vec<String> {
        let rel = file.strip_prefix(src).expect("in src").with_extension("");
        let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
            parts.clear();
        }
        parts
    }

    /// Every path of the crate a source names, made absolute from
    /// `module` (the module the source is): `crate::a::b`, `super::a`,
    /// `self::a`, in a `use` group or in the code.
    fn paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
        let mut out = Vec::new();
        let bytes = code.as_bytes();
        let mut i = 0;
        while i < code.len() {
            let boundary =
                i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_' || bytes[i - 1] == b':');
            let rest = &code[i..];
            let start = ["crate::", "super::", "self::"].iter().find(|p| rest.starts_with(**p));
            let Some(start) = start.filter(|_| boundary) else {
                i += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            };
            let mut base: Vec<String> = if *start == "crate::" { Vec::new() } else { module.to_vec() };
            let mut s = &rest[start.len()..];
            if *start == "super::" {
                base.pop();
                while let Some(r) = s.strip_prefix("super::") {
                    base.pop();
                    s = r;
                }
            }
            let after = paths_in(s, &base, &mut out);
            // On past what was read (a slice of `code`), never back.
            i = (code.len() - after.len()).max(i + start.len());
        }
        out
    }

    /// What breaks the table: a top-level module using one it may not.
    fn upward(module: &[String], used: &[Vec<String>], modules: &BTreeSet<String>) -> Vec<String> {
        let Some(own) = module.first() else { return Vec::new() };
        let allowed = TOP.iter().find(|(n, _)| n == own).map(|(_, a)| *a);
        let mut wrong = Vec::new();
        for path in used {
            let Some(first) = path.first().filter(|f| *f != own && modules.contains(*f)) else { continue };
            match allowed {
                Some(a) if a.contains(&first.as_str()) => {}
                Some(_) => wrong.push(format!("{own} uses {first}")),
                None => wrong.push(format!("{own} has no row in layers::TOP")),
            }
        }
        wrong
    }

    /// The edges between side-by-side modules a file's paths make: (the
    /// folder, from, to), `exists` telling which paths are modules.
    fn sideways(
        module: &[String],
        used: &[Vec<String>],
        exists: &dyn Fn(&[String]) -> bool,
    ) -> Vec<(Vec<String>, String, String)> {
        let mut edges = Vec::new();
        for path in used {
            let k = module.iter().zip(path).take_while(|(a, b)| a == b).count();
            if k < module.len() && k < path.len() && exists(&path[..=k]) {
                edges.push((module[..k].to_vec(), module[k].clone(), path[k].clone()));
            }
        }
        edges
    }

    /// The circles of a graph: each one found once, as its modules.
    fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
        // Strongly connected parts (Tarjan), those of more than one node.
        struct Walk<'a> {
            edges: &'a BTreeMap<String, BTreeSet<String>>,
            index: BTreeMap<String, usize>,
            low: BTreeMap<String, usize>,
            stack: Vec<String>,
            on: BTreeSet<String>,
            found: Vec<Vec<String>>,
        }
        fn visit(w: &mut Walk, v: &str) {
            let n = w.index.len();
            w.index.insert(v.to_string(), n);
            w.low.insert(v.to_string(), n);
            w.stack.push(v.to_string());
            w.on.insert(v.to_string());
            let next: Vec<String> = w.edges.get(v).map(|s| s.iter().cloned().collect()).unwrap_or_default();
            for u in next {
                if !w.index.contains_key(&u) {
                    visit(w, &u);
                    let l = w.low[&u].min(w.low[v]);
                    w.low.insert(v.to_string(), l);
                } else if w.on.contains(&u) {
                    let l = w.index[&u].min(w.low[v]);
                    w.low.insert(v.to_string(), l);
                }
            }
            if w.low[v] == w.index[v] {
                let mut part = Vec::new();
                while let Some(u) = w.stack.pop() {
                    w.on.remove(&u);
                    let done = u == v;
                    part.push(u);
                    if done {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    w.found.push(part);
                }
            }
        }
        let mut w = Walk {
            edges,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on: BTreeSet::new(),
            found: Vec::new(),
        };
        for v in edges.keys() {
            if !w.index.contains_key(v) {
                visit(&mut w, v);
            }
        }
        w.found
    }

    #[test]
    fn every_module_imports_only_what_the_table_allows_and_nothing_in_a_circle() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let files = files_under(&src);
        let exists = |m: &[String]| {
            let p = m.iter().fold(src.clone(), |p, s| p.join(s));
            p.is_dir() || p.with_extension("rs").is_file()
        };
        let tops: BTreeSet<String> = files.iter().filter_map(|f| module_of(&src, f).first().cloned()).collect();
        let mut problems = BTreeSet::new();
        let mut graphs: BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for file in &files {
            let module = module_of(&src, file);
            let code = code_of(&std::fs::read_to_string(file).expect("source"));
            let used = paths(&code, &module);
            for p in upward(&module, &used, &tops) {
                problems.insert(format!("{}: {p}", file.display()));
            }
            for (folder, from, to) in sideways(&module, &used, &exists) {
                graphs.entry(folder).or_default().entry(from).or_default().insert(to);
            }
        }
        for top in &tops {
            if !TOP.iter().any(|(n, _)| n == top) {
                problems.insert(format!("{top} has no row in layers::TOP"));
            }
        }
        for (folder, edges) in &graphs {
            for circle in circles(edges) {
                problems.insert(format!("a circle in src/{}: {}", folder.join("/"), circle.join(", ")));
            }
        }
        assert!(problems.is_empty(), "{}", problems.into_iter().collect::<Vec<_>>().join("\n"));
    }

    /// The device and system code a source names (`crossterm::…`,
    /// `libc::…`, `std::os::unix::…`).
    fn device_code(code: &str) -> Vec<&'static str> {
        DEVICE_CODE
            .iter()
            .filter(|name| {
                code.match_indices(&format!("{name}::")).any(|(i, _)| {
                    let before = code[..i].chars().next_back();
                    before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'))
                })
            })
            .copied()
            .collect()
    }

    /// The session core (src/ui but its fronts) names no terminal, device
    /// or operating system.
    #[test]
    fn the_session_core_names_no_terminal_device_or_system() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut problems = Vec::new();
        for file in files_under(&src.join("ui")) {
            let rel = file.strip_prefix(&src).expect("in src").to_string_lossy().to_string();
            if FRONTS.contains(&rel.as_str()) {
                continue;
            }
            let code = code_of(&std::fs::read_to_string(&file).expect("source"));
            for name in device_code(&code) {
                problems.push(format!("{rel} names {name}"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        let planted = "fn raw() { crossterm::terminal::enable_raw_mode(); }\nuse std::os::unix::fs::MetadataExt;";
        assert_eq!(device_code(&code_of(planted)), ["crossterm", "std::os::unix"]);
        assert!(device_code(&code_of("my_libc::x(); // libc::getuid()")).is_empty());
    }

    /// The table is in order: a module may use only rows above its own.
    #[test]
    fn the_table_lists_each_module_below_what_uses_it() {
        for (i, (name, allowed)) in TOP.iter().enumerate() {
            for a in *allowed {
                let at = TOP.iter().position(|(n, _)| n == a);
                assert!(at.is_some_and(|at| at < i), "{name} may use {a}, which is not above it");
            }
        }
    }

    /// The checks themselves: paths in every form are read; a planted
    /// import upward and a planted circle are found.
    #[test]
    fn the_checks_find_a_planted_import_upward_and_a_circle() {
        let module: Vec<String> = ["speech", "lexicon"].map(String::from).to_vec();
        let code = "use super::{say_latin::X, grammar};\nuse crate::{rules::{A, B}, ui::session};\nlet x = crate::game::Game::new;\nuse self::inner::Y;";
        let found: Vec<String> = paths(&code_of(code), &module).iter().map(|p| p.join("::")).collect();
        assert_eq!(
            found,
            [
                "speech::say_latin::X",
                "speech::grammar",
                "rules::A",
                "rules::B",
                "ui::session",
                "game::Game::new",
                "speech::lexicon::inner::Y"
            ]
        );
        let tops: BTreeSet<String> = TOP.iter().map(|(n, _)| n.to_string()).collect();
        let used = paths(&code_of(code), &module);
        assert_eq!(upward(&module, &used, &tops), ["speech uses ui", "speech uses game"]);
        // In a comment or a test: not an import.
        assert!(paths(&code_of("// crate::ui::x\n#[cfg(test)]\nuse crate::ui::y;"), &module).is_empty());
        // A circle: lexicon uses say_latin, say_latin uses lexicon.
        let modules = ["speech::lexicon", "speech::say_latin", "speech::grammar"];
        let exists = |m: &[String]| m.len() < 2 || modules.contains(&m.join("::").as_str());
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let back: Vec<String> = ["speech", "say_latin"].map(String::from).to_vec();
        let sources = [(module.clone(), code.to_string()), (back.clone(), "use super::lexicon::Lexicon;".to_string())];
        for (m, code) in sources {
            for (folder, from, to) in sideways(&m, &paths(&code, &m), &exists) {
                if folder == ["speech"] {
                    edges.entry(from).or_default().insert(to);
                }
            }
        }
        assert_eq!(circles(&edges), [["lexicon", "say_latin"]]);
    }
}
