//! A command line that cannot be read: help and the version as clap
//! writes them; a wrong option or value in the session's language.

use super::Start;
use crate::config::StartProblem;
use std::process::ExitCode;

/// Says what is wrong with the command line (English keeps clap's own
/// message, with its usage line), or prints help or the version.
pub fn command_line_error(start: &Start, e: clap::Error) -> ExitCode {
    use crate::speech::SpeechLang;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        _ => String::new(),
    };
    // "--time <TIME>": the option's name.
    // What the player typed is echoed cut: a long bad argument is never
    // said whole.
    let context = |k: ContextKind| crate::filter::echoed(&context(k));
    let arg = context(ContextKind::InvalidArg).split_whitespace().next().unwrap_or_default().to_string();
    let value = context(ContextKind::InvalidValue);
    let problem = match e.kind() {
        ErrorKind::UnknownArgument => StartProblem::UnknownArg(arg),
        ErrorKind::InvalidSubcommand => StartProblem::UnknownArg(context(ContextKind::InvalidSubcommand)),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation if value.is_empty() => StartProblem::MissingValue(arg),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => match arg.as_str() {
            "--time" => StartProblem::TimeControl(value),
            "--level" => StartProblem::Level(value),
            "--low-time" => StartProblem::LowTime(value),
            _ => {
                let values = match e.get(ContextKind::ValidValue) {
                    Some(ContextValue::Strings(v)) => v.clone(),
                    // The languages are read by voxchess, not by clap.
                    _ if arg == "--lang" => SpeechLang::ALL.iter().map(|l| l.code().to_string()).collect(),
                    _ => Vec::new(),
                };
                StartProblem::BadValue { arg, value, values }
            }
        },
        ErrorKind::MissingRequiredArgument => missing(&context(ContextKind::InvalidArg)),
        // Help and the version as clap writes them.
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            e.exit()
        }
        // Anything else: one sentence of ours (clap's own in English).
        _ => {
            let first = e.to_string().lines().next().unwrap_or_default().to_string();
            StartProblem::CommandLine(first.trim_start_matches("error: ").to_string())
        }
    };
    // In every language (English too) one sentence of our own, in rows
    // of at most 40 cells; clap's own pages only for --help and --version.
    start.say_problem(&problem);
    ExitCode::from(2)
}

/// What a required argument left out is: an option by its name, a part
/// of the command line by what it is ("<CONTROL>..." the time control).
fn missing(arg: &str) -> StartProblem {
    use crate::config::ArgPart;
    let first = arg.split([',', ' ']).next().unwrap_or_default();
    if first.starts_with("--") {
        return StartProblem::MissingArg(first.to_string());
    }
    match first.trim_matches(['<', '>', '.']) {
        "CONTROL" => StartProblem::MissingPart(ArgPart::TimeControl),
        "TEXT" => StartProblem::MissingPart(ArgPart::Text),
        "MV" => StartProblem::MissingPart(ArgPart::Move),
        "FILE" => StartProblem::MissingPart(ArgPart::File),
        _ => StartProblem::CommandLine(arg.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::missing;
    use crate::config::{ArgPart, StartProblem};

    #[test]
    fn a_missing_argument_is_named_by_what_it_is() {
        assert_eq!(missing("<CONTROL>..."), StartProblem::MissingPart(ArgPart::TimeControl));
        assert_eq!(missing("--wav <WAV>"), StartProblem::MissingArg("--wav".into()));
        assert_eq!(missing("<FILE>"), StartProblem::MissingPart(ArgPart::File));
        assert!(matches!(missing("<ODD>"), StartProblem::CommandLine(_)));
    }
}
