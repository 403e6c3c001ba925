//! `voxchess online`: logging in and out, and the lobby.

use super::{Outcome, Start, err_rows, out_rows, plain_terminal, prompt_rows};
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
    let said = match a.action {
        Some(OnlineAction::Logout) => {
            out_rows(&lobby::logout(&settings));
            return Ok(ExitCode::SUCCESS);
        }
        Some(OnlineAction::Login) => {
            use std::io::IsTerminal;
            let stdin = std::io::stdin();
            // Asked for (over a pipe too: a screen reader reads it), and
            // in a terminal the token not echoed.
            prompt_rows(&lobby::token_prompt(&settings));
            let hidden = stdin.is_terminal().then(lobby::hide_input);
            // The Enter typed after the hidden token was not echoed: the
            // line ends before anything else is said.
            let line_open = std::cell::Cell::new(hidden.is_some());
            let asking = |text: &str| {
                if line_open.replace(false) {
                    err_line!();
                }
                out_rows(text);
            };
            let said = lobby::login(&settings, &server, &mut stdin.lock(), asking);
            if line_open.get() {
                err_line!();
            }
            said.map(|line| out_rows(&line))
        }
        None => {
            let plain = settings.plain || plain_terminal();
            lobby::run_online(settings, &server, plain, out_rows)
        }
    };
    // A failure online in rows of at most 40 cells, as every failure.
    Ok(match said {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            err_rows(&crate::ui::app::session_error_words(settings_lang, &e));
            ExitCode::FAILURE
        }
    })
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
