//! Problems found before a session starts (the command line, the
//! settings file), and why a session could not start or go on, in the
//! session's language.

use super::{Fixed, Narrator};
use crate::config::StartProblem;
use crate::speech::lexicon::fill;
use crate::ui::failure::SessionError;

impl Narrator {
    /// A problem before the session, as one sentence.
    pub(crate) fn start_problem(&self, p: &StartProblem) -> String {
        let w = &self.lex.client.start;
        // What the player gave is echoed cut: a long bad input is never
        // said whole.
        let cut = |v: &String| crate::filter::echoed(v);
        let text = |t: &str, v: &String| fill(t, &[("text", cut(v))]);
        match p {
            StartProblem::TimeControl(v) => text(&w.bad_time, v),
            StartProblem::Level(v) => text(&w.bad_level, v),
            StartProblem::LowTime(v) => text(&w.bad_low_time, v),
            StartProblem::InsecureServer(v) => text(&w.insecure_server, v),
            StartProblem::Fen { text: v, part, .. } => {
                fill(&w.bad_fen, &[("text", cut(v)), ("part", self.fen_part(*part))])
            }
            StartProblem::SpeechNumber { name, value } => {
                fill(&w.bad_number, &[("name", (*name).to_string()), ("text", cut(value))])
            }
            StartProblem::PushToTalk(v) => text(&w.bad_key, v),
            StartProblem::ConfigFile { path, .. } => fill(&w.config_file, &[("path", path.clone())]),
            StartProblem::ConfigSetting { path, key, .. } => {
                fill(&w.config_setting, &[("path", path.clone()), ("key", key.clone())])
            }
            StartProblem::UnknownArg(arg) => fill(&w.unknown_arg, &[("arg", cut(arg))]),
            StartProblem::BadValue { arg, value, values } if values.is_empty() => {
                fill(&w.bad_value, &[("arg", arg.clone()), ("value", cut(value))])
            }
            StartProblem::BadValue { arg, value, values } => {
                fill(&w.bad_value_of, &[("arg", arg.clone()), ("value", cut(value)), ("values", values.join(", "))])
            }
            StartProblem::MissingValue(arg) => fill(&w.missing_value, &[("arg", cut(arg))]),
            StartProblem::CannotRead { path, .. } => fill(&w.cannot_read, &[("path", path.clone())]),
            StartProblem::NoGame(path) => fill(&w.no_game_in_file, &[("path", path.clone())]),
            StartProblem::CannotWriteOutput(_) => w.cannot_write_output.clone(),
            StartProblem::PerftTooDeep { depth, max } => {
                fill(&w.perft_too_deep, &[("depth", depth.to_string()), ("max", max.to_string())])
            }
            StartProblem::BadGames { path, error } => fill(
                &w.bad_games,
                &[
                    ("path", path.clone()),
                    ("place", self.pgn_place(error, true)),
                    ("problem", self.pgn_problem(&error.problem)),
                ],
            ),
            StartProblem::BadMoves(error) => fill(
                &w.bad_moves,
                &[("place", self.pgn_place(error, false)), ("problem", self.pgn_problem(&error.problem))],
            ),
            StartProblem::CannotReadMove(v) => text(&w.cannot_read_move, v),
            StartProblem::NoVoiceModel(code) => fill(&w.no_voice_model, &[("code", code.clone())]),
            StartProblem::ClockControl(e) => text(&w.bad_time, &e.text),
            StartProblem::Schedule(e) => text(&w.bad_schedule, &e.text),
            StartProblem::MissingArg(arg) => fill(&w.missing_arg, &[("arg", cut(arg))]),
            StartProblem::MissingPart(part) => {
                let what = match part {
                    crate::config::ArgPart::TimeControl => &w.part_time_control,
                    crate::config::ArgPart::Text => &w.part_text,
                    crate::config::ArgPart::Move => &w.part_move,
                    crate::config::ArgPart::File => &w.part_file,
                };
                fill(&w.missing_part, &[("what", what.clone())])
            }
            StartProblem::CommandLine(_) => w.bad_command_line.clone(),
            StartProblem::BadVoiceModel(code) => self.bad_model(code),
            StartProblem::Wav { path, .. } => fill(&w.cannot_read, &[("path", path.clone())]),
            StartProblem::VoiceLibrary => self.lex.client.voice_no_library.clone(),
            StartProblem::SpeechNotFinished => w.speech_not_finished.clone(),
            StartProblem::SpeechNotBuilt => w.speech_not_built.clone(),
            StartProblem::SpeechUnavailable => w.speech_unavailable.clone(),
            StartProblem::SpeechNoAnswer => w.speech_no_answer.clone(),
        }
    }

    /// `voxchess config`: where the settings file is, and whether it is
    /// there.
    pub(crate) fn settings_file(&self, path: &std::path::Path, exists: bool) -> String {
        let w = &self.lex.client.start;
        let template = if exists { &w.settings_file } else { &w.settings_file_missing };
        fill(template, &[("path", path.display().to_string())])
    }

    /// Which part of a FEN to check (`config::fen_part`), in words.
    pub(crate) fn fen_part(&self, part: usize) -> String {
        let parts = &self.lex.client.start.fen_parts;
        parts.get(part).or(parts.first()).cloned().unwrap_or_default()
    }

    /// Why a session could not start or go on, as one sentence.
    pub(crate) fn session_error(&self, e: &SessionError) -> String {
        let w = &self.lex.client.start;
        match e {
            SessionError::NotLoggedIn => self.fixed(Fixed::NotLoggedIn),
            SessionError::TokenRefused => self.fixed(Fixed::TokenRefused),
            SessionError::TokenNotSaved => self.fixed(Fixed::TokenNotSaved),
            SessionError::NoSuchGame { number, total } => {
                fill(&w.no_such_game, &[("number", number.to_string()), ("total", total.to_string())])
            }
            SessionError::NotALink(text) => fill(&w.not_a_link, &[("text", crate::filter::clean(text))]),
            SessionError::PrivateStudy => w.private_study.clone(),
            SessionError::NothingReadable { variants, unreadable } => {
                self.left_out(*variants, *unreadable, super::Items::Games).join(" ")
            }
            SessionError::Online(e) => self.online_error(e),
            SessionError::Puzzles(e) => self.puzzle_online_error(e),
            SessionError::Locked(e) => self.lock_problem(e),
            SessionError::NotWritten(problem) => self.puzzles_not_imported(*problem),
            SessionError::SaveLeft(problem) => {
                fill(&w.save_left, &[("reason", super::files::problem_words(self.lex, *problem))])
            }
            SessionError::SaveUnreadable(path) => fill(&w.cannot_read, &[("path", path.clone())]),
            SessionError::Terminal(_) => w.terminal.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::StartProblem;
    use crate::speech::{Lexicon, SpeechLang, Style};
    use crate::ui::failure::SessionError;
    use crate::ui::words::Narrator;

    fn session_errors() -> Vec<SessionError> {
        use crate::game::{LockError, WriteProblem};
        use crate::online::ApiError;
        vec![
            SessionError::NotLoggedIn,
            SessionError::TokenRefused,
            SessionError::TokenNotSaved,
            SessionError::NoSuchGame { number: 3, total: 2 },
            SessionError::NotALink("https://example.com/x".into()),
            SessionError::PrivateStudy,
            SessionError::NothingReadable { variants: 2, unreadable: 1 },
            SessionError::Online(ApiError::Network),
            SessionError::Puzzles(ApiError::MissingScope),
            SessionError::Locked(LockError::Busy("/d".into())),
            SessionError::NotWritten(WriteProblem::DiskFull),
            SessionError::SaveLeft(WriteProblem::DiskFull),
            SessionError::SaveLeft(WriteProblem::Other),
            SessionError::SaveUnreadable("/d/save.toml".into()),
            SessionError::Terminal(std::io::Error::other("gone")),
        ]
    }

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
            StartProblem::PerftTooDeep { depth: 40, max: 15 },
            StartProblem::BadGames {
                path: "/g.pgn".into(),
                error: Box::new(
                    crate::notation::pgn::read_pgn("1. e4 e5 2. Ke3", crate::notation::NotationLang::English, None)
                        .expect_err("illegal"),
                ),
            },
            StartProblem::BadMoves(Box::new(
                crate::notation::pgn::read_pgn("1. e4 {", crate::notation::NotationLang::English, None)
                    .expect_err("comment"),
            )),
            StartProblem::CannotReadMove("zz9".into()),
            StartProblem::NoVoiceModel("de".into()),
            StartProblem::ClockControl("5+x".parse::<crate::clock::Controls>().expect_err("bad")),
            StartProblem::Schedule("zz".parse::<crate::clock::Schedule>().expect_err("bad")),
            StartProblem::MissingArg("--wav".into()),
            StartProblem::MissingPart(crate::config::ArgPart::TimeControl),
            StartProblem::CommandLine("error: the argument '--plain' cannot be used with '--no-speech'".into()),
            StartProblem::BadVoiceModel("ko".into()),
            StartProblem::VoiceLibrary,
            StartProblem::Wav { path: "/x.wav".into(), reason: "no RIFF tag found".into() },
            StartProblem::SpeechNotFinished,
            StartProblem::SpeechNotBuilt,
            StartProblem::SpeechUnavailable,
            StartProblem::SpeechNoAnswer,
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
            for e in session_errors() {
                let said = n.session_error(&e);
                assert!(!said.is_empty() && !said.contains('{'), "{lang}: {said}");
                if lang != SpeechLang::English {
                    for w in ["cannot", "the ", " is ", "not ", "game", "refused", "saved", "log in", "folder"] {
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
