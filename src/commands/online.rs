//! `voxchess online`: logging in and out, and the lobby.

use super::{Outcome, Start, err_rows, plain_terminal, prompt_rows};
use crate::cli::{OnlineAction, OnlineArgs, SessionWords};
use crate::ui::lobby;
use std::process::ExitCode;

/// Logs in (the token read from standard input, hidden in a terminal),
/// logs out, or opens the lobby.
pub fn online(start: &Start, a: OnlineArgs) -> Outcome {
    let mut settings = start.settings();
    SessionWords { lang: a.lang, style: a.style }.apply(&mut settings);
    a.output.apply(&mut settings);
    let server = server_of(a.server.clone(), &settings)?;
    let settings_lang = settings.lang;
    // What is said before a session (or with none) is heard as well as
    // shown: the question, "Asking lichess…", the result (a session has
    // its own voice: none is kept open beside it).
    let voice = settings.clone();
    let aloud = || super::sound::Aloud::start(&voice);
    let said = match a.action {
        Some(OnlineAction::Logout) => {
            let aloud = aloud();
            aloud.rows(&lobby::logout(&settings));
            aloud.finish();
            return Ok(ExitCode::SUCCESS);
        }
        Some(OnlineAction::Login) => {
            use std::io::IsTerminal;
            let aloud = aloud();
            let stdin = std::io::stdin();
            // In a terminal the token is not echoed: hidden before the
            // question is said, so nothing pasted meanwhile is shown.
            let hidden = stdin.is_terminal().then(lobby::hide_input);
            // Asked for (over a pipe too: a screen reader reads it).
            let question = lobby::token_prompt(&settings);
            prompt_rows(&question);
            aloud.say(&question);
            // The Enter typed after the hidden token was not echoed: the
            // line ends before anything else is said.
            let line_open = std::cell::Cell::new(hidden.is_some());
            // Once the token is typed, the question is answered: cut.
            let asking = |text: &str| {
                if line_open.replace(false) {
                    err_line!();
                }
                aloud.cut();
                aloud.rows(text);
            };
            let said = lobby::login(&settings, &server, &mut stdin.lock(), asking);
            if line_open.get() {
                err_line!();
            }
            aloud.cut();
            let said = said.map(|line| aloud.rows(&line));
            aloud.finish();
            said
        }
        None => {
            let plain = settings.plain || plain_terminal();
            // "Asking lichess…" is said to its end before the session's
            // own voice starts.
            let account = lobby::connect(&settings, &server, |text: &str| {
                let aloud = aloud();
                aloud.rows(text);
                aloud.finish();
            });
            account.and_then(|account| {
                let open = |host, _now| {
                    let mode = lobby::opened(&settings, account, host);
                    Ok(crate::ui::modes::opening::Started { mode, notes: Vec::new() })
                };
                crate::ui::app::run_with(&settings, plain, open).map(|_| ())
            })
        }
    };
    // A failure online in rows of at most 40 cells, as every failure.
    let code = match said {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let text = crate::ui::app::session_error_words(settings_lang, &e);
            err_rows(&text);
            let aloud = aloud();
            aloud.say(&text);
            aloud.finish();
            ExitCode::FAILURE
        }
    };
    Ok(code)
}

/// The lichess server to use: `--server`, the settings' one, or
/// lichess.org; one that is not https is refused unless it is this
/// computer (the token would go in the clear).
pub(crate) fn server_of(asked: Option<String>, settings: &crate::config::Settings) -> Result<String, anyhow::Error> {
    // Asked, or the settings', or the one the kept token was given for.
    let server = asked
        .or(settings.server.clone())
        .or_else(crate::online::token::load_server)
        .unwrap_or_else(|| "https://lichess.org".into());
    crate::config::secure_server(&server, "--server")?;
    Ok(server)
}
