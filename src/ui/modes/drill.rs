//! Board-sight drills as a mode of the session: a round of ten
//! questions (a square's colour, a knight's route, a shared diagonal,
//! the squares a piece attacks, what stood on a square),
//! each answered by voice or keyboard and said right or wrong with the
//! answer; the round's score and time, and the best round of each drill
//! kept in the data folder.
//!
//! May use: `io`, the session, and everything below them.

use crate::config::Settings;
use crate::rules::Color;
use crate::speech::{Channel, Command};
use crate::study::drill::{Drill, DrillKind, DrillResult};
use crate::ui::session::Mode;
use crate::ui::shell::Shell;
use std::path::PathBuf;

/// A drill.
pub(crate) struct DrillMode {
    shell: Shell,
    drill: Drill,
    /// The best rounds: a drill's key, right, asked, a line each.
    record: PathBuf,
    /// The language's word for another round.
    again_word: String,
}

/// `voxchess drill`: a round of `kind` from `now`; the best rounds kept
/// in the data folder.
pub(crate) fn opened(settings: &Settings, kind: DrillKind, now: u64) -> Box<dyn Mode> {
    let record = crate::config::data_dir().join("drills.txt");
    Box::new(DrillMode::new(settings, kind, record, now))
}

impl DrillMode {
    /// A round of `kind`; the best rounds kept in `record`.
    pub(crate) fn new(settings: &Settings, kind: DrillKind, record: PathBuf, now: u64) -> DrillMode {
        let shell = Shell::new(settings, Color::White);
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64);
        // The language's own word for another round (the game's command
        // "forward" says it too).
        let again_word = shell.words.drill_again_word();
        DrillMode { again_word, drill: Drill::new(kind, seed, now), shell, record }
    }

    fn ask(&mut self) {
        let lines = self.shell.words.drill_question(self.drill.question());
        self.shell.say_lines(lines);
    }

    /// The best round of this drill, after this one: kept if better.
    fn keep(&mut self, right: u32, asked: u32) {
        let key = self.drill.kind().key();
        // Bests that cannot be read are never written over: kept aside
        // (a new file begun), or left as they are; said either way.
        let found = crate::files::read_kept(&self.record, 1 << 20, |t| {
            t.lines().all(|l| matches!(l.split_whitespace().collect::<Vec<_>>().as_slice(), [_, r, a] if r.parse::<u32>().is_ok() && a.parse::<u32>().is_ok()))
        });
        if let Some(line) = self.shell.words.kept_damaged(crate::ui::words::KeptFile::DrillBests, &found) {
            self.shell.say_lines(vec![line]);
        }
        let kept = found.text();
        let mut best = (right, asked);
        let mut others = String::new();
        for line in kept.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                [k, r, a] if *k == key => {
                    if let (Ok(r), Ok(a)) = (r.parse::<u32>(), a.parse::<u32>())
                        && r > best.0
                    {
                        best = (r, a);
                    }
                }
                [_, _, _] => others.push_str(&format!("{line}\n")),
                _ => {}
            }
        }
        let lines = self.shell.words.drill_best(best.0, best.1);
        self.shell.say_lines(lines);
        let text = format!("{others}{key} {} {}\n", best.0, best.1);
        if !found.writable() {
            return;
        }
        if let Err(e) = crate::files::write_atomic(&self.record, &text) {
            let line = self.shell.words.drill_not_kept(crate::files::WriteProblem::of(&e));
            self.shell.say_lines(vec![line]);
        }
    }
}

impl Mode for DrillMode {
    fn shell(&mut self) -> &mut crate::ui::shell::Shell {
        &mut self.shell
    }

    fn greet(&mut self, _now: u64) {
        let start = self.shell.words.drill_start(self.drill.kind());
        self.shell.say_lines(vec![start]);
        self.ask();
    }

    fn line(&mut self, text: &str, _channel: Channel, now: u64) {
        let Some(text) = self.shell.typed(text) else { return };
        let said = text.trim().to_lowercase();
        // The game's commands, read from the language data as typed values.
        let command = crate::speech::command::parse_command(self.shell.lex, &said).and_then(Result::ok);
        if command == Some(Command::Quit) {
            return self.shell.quit();
        }
        if command == Some(Command::Help) && !self.drill.is_over() {
            let lines = self.shell.words.drill_help(self.drill.question());
            return self.shell.say_lines(lines);
        }
        // Where the player is: the drill, then its question (or what
        // comes after a round).
        if command == Some(Command::WhereAmI) {
            let start = self.shell.words.drill_start(self.drill.kind());
            self.shell.say_lines(vec![start]);
            if self.drill.is_over() {
                let line = self.shell.words.drill_again();
                return self.shell.say_lines(vec![line]);
            }
            return self.ask();
        }
        if command == Some(Command::Repeat) {
            // The question again (a memory drill's position with it), or
            // what comes after a round.
            if self.drill.is_over() {
                let line = self.shell.words.drill_again();
                return self.shell.say_lines(vec![line]);
            }
            return self.ask();
        }
        if self.drill.is_over() {
            if said == self.again_word || command == Some(Command::LookForward) {
                self.drill = Drill::new(self.drill.kind(), now ^ 0x9E37_79B9, now);
                return self.greet(now);
            }
            let line = self.shell.words.drill_again();
            return self.shell.say_lines(vec![line]);
        }
        let Some(reply) = self.shell.words.drill_answer(self.drill.question(), &text) else {
            let line = self.shell.words.drill_unclear(self.drill.question());
            return self.shell.say_lines(vec![line]);
        };
        for r in self.drill.answer(reply, now) {
            let line = self.shell.words.drill_result(r);
            self.shell.say_lines(vec![line]);
            if let DrillResult::Done { right, asked, .. } = r {
                self.keep(right, asked);
            }
        }
        if !self.drill.is_over() {
            self.ask();
        }
    }

    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let clean = crate::ui::input::clean_heard(alternatives);
        if let Some((best, _)) = clean.first() {
            let best = best.clone();
            self.line(&best, Channel::Heard, now);
        }
    }

    fn prompt(&mut self) -> String {
        ">".into()
    }

    fn leave(&mut self, _now: u64) {}

    fn says_goodbye(&self) -> bool {
        true
    }
}
