//! Problems found before a session starts (the command line, the
//! settings file), in the session's language.

use super::Narrator;
use crate::config::StartProblem;
use crate::speech::lexicon::fill;

impl Narrator {
    /// A problem before the session, as one sentence.
    pub(crate) fn start_problem(&self, p: &StartProblem) -> String {
        let w = &self.lex.client.start;
        let text = |t: &str, v: &String| fill(t, &[("text", v.clone())]);
        match p {
            StartProblem::TimeControl(v) => text(&w.bad_time, v),
            StartProblem::Level(v) => text(&w.bad_level, v),
            StartProblem::LowTime(v) => text(&w.bad_low_time, v),
            StartProblem::InsecureServer(v) => text(&w.insecure_server, v),
            StartProblem::Fen { text: v, part, .. } => {
                let part = w.fen_parts.get(*part).or(w.fen_parts.first()).cloned().unwrap_or_default();
                fill(&w.bad_fen, &[("text", v.clone()), ("part", part)])
            }
            StartProblem::SpeechNumber { name, value } => {
                fill(&w.bad_number, &[("name", (*name).to_string()), ("text", value.clone())])
            }
            StartProblem::PushToTalk(v) => text(&w.bad_key, v),
            StartProblem::ConfigFile { path, .. } => fill(&w.config_file, &[("path", path.clone())]),
            StartProblem::ConfigSetting { path, key, .. } => {
                fill(&w.config_setting, &[("path", path.clone()), ("key", key.clone())])
            }
            StartProblem::UnknownArg(arg) => fill(&w.unknown_arg, &[("arg", arg.clone())]),
            StartProblem::BadValue { arg, value, values } if values.is_empty() => {
                fill(&w.bad_value, &[("arg", arg.clone()), ("value", value.clone())])
            }
            StartProblem::BadValue { arg, value, values } => {
                fill(&w.bad_value_of, &[("arg", arg.clone()), ("value", value.clone()), ("values", values.join(", "))])
            }
            StartProblem::MissingValue(arg) => fill(&w.missing_value, &[("arg", arg.clone())]),
            StartProblem::CannotRead { path, .. } => fill(&w.cannot_read, &[("path", path.clone())]),
            StartProblem::NoGame(path) => fill(&w.no_game_in_file, &[("path", path.clone())]),
            StartProblem::CannotWriteOutput(_) => w.cannot_write_output.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::StartProblem;
    use crate::speech::{Lexicon, SpeechLang, Style};
    use crate::ui::words::Narrator;

    /// Every problem before a session in every language: no English words
    /// in the others, the value given named.
    #[test]
    fn start_problems_in_every_language() {
        let problems = [
            StartProblem::TimeControl("5+x".into()),
            StartProblem::Level("30".into()),
            StartProblem::LowTime("9000".into()),
            StartProblem::InsecureServer("http://example.org".into()),
            StartProblem::Fen { text: "xx".into(), part: 0, reason: String::new() },
            StartProblem::SpeechNumber { name: "rate", value: "3".into() },
            StartProblem::PushToTalk("space".into()),
            StartProblem::ConfigFile { path: "/c.toml".into(), reason: String::new() },
            StartProblem::ConfigSetting { path: "/c.toml".into(), key: "colour".into(), reason: String::new() },
            StartProblem::UnknownArg("--bogus".into()),
            StartProblem::BadValue { arg: "--color".into(), value: "purple".into(), values: vec!["white".into()] },
            StartProblem::BadValue { arg: "--style".into(), value: "x".into(), values: vec![] },
            StartProblem::MissingValue("--time".into()),
            StartProblem::CannotRead { path: "/g.pgn".into(), reason: String::new() },
            StartProblem::NoGame("/g.pgn".into()),
            StartProblem::CannotWriteOutput("No space left on device (os error 28)".into()),
        ];
        for lang in SpeechLang::ALL {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            for p in &problems {
                let said = n.start_problem(p);
                assert!(!said.is_empty() && !said.contains('{'), "{lang}: {said}");
                if lang != SpeechLang::English {
                    for w in ["cannot", "level", "setting", "option", "value", "file", "needs", "read"] {
                        assert!(!said.contains(w), "{lang}: {said}");
                    }
                }
            }
            let ru = Narrator::new(Lexicon::get(SpeechLang::Russian), Style::Brief);
            assert_eq!(
                ru.start_problem(&problems[0]),
                "Контроль времени «5+x» не прочитан. Примеры: 15+10, 5 d3, 40/90+30, 3+2 | 5+0."
            );
        }
    }
}
