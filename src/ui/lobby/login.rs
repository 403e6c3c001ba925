//! `voxchess online login` and `logout`: the token read (hidden in a
//! terminal), checked with the server and kept with the server's
//! address; the words that ask for it.
//!
//! May use every front-end module below the lobby.

use crate::config::Settings;
use crate::online::{ApiError, Client, token};
use crate::speech::Lexicon;
use crate::ui::failure::SessionError;
use crate::ui::words::{Fixed, Narrator};

/// `voxchess online login`: reads a token (one line of `input`), checks
/// it with the server, keeps it; says the result. The token is never
/// shown. `asking` is given "Asking lichess…" when the check takes more
/// than a moment.
pub fn login(
    settings: &Settings,
    server: &str,
    input: &mut impl std::io::BufRead,
    asking: impl FnOnce(&str),
) -> Result<String, SessionError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let line = crate::files::bounded::read_line_limited(input, 4096).unwrap_or_default();
    let token = token::checked(&String::from_utf8_lossy(&line)).ok_or(SessionError::TokenRefused)?;
    let client = Client::new(server, &token);
    let (name, scopes) = crate::ui::asking::waited(|| checked_token(&client), || asking(&words.asking_lichess()))?;
    token::save(&token).map_err(|_| SessionError::TokenNotSaved)?;
    // The server is kept with it: later commands need no --server.
    token::save_server(server).map_err(|_| SessionError::TokenNotSaved)?;
    // Tournaments need tournament:write: a token without it is said at
    // once (its scopes unknown: nothing said).
    if scopes.is_some_and(|s| !s.iter().any(|x| x == "tournament:write")) {
        return Ok(format!("{} {}", words.logged_in(&name), words.no_tournament_scope()));
    }
    Ok(words.logged_in(&name))
}

/// The token asked about: the account's name, its scopes when lichess
/// says them; refused when it cannot play on the board API.
fn checked_token(client: &Client) -> Result<(String, Option<Vec<String>>), SessionError> {
    let name = client.account().map_err(SessionError::Online)?;
    // The scope is checked on a board endpoint: the event stream.
    match client.stream("/api/stream/event") {
        Ok(_) => {}
        Err(e @ (ApiError::MissingScope | ApiError::Unauthorized)) => return Err(SessionError::Online(e)),
        Err(_) => {}
    }
    Ok((name, client.scopes().ok().flatten()))
}

/// While the token is typed in a terminal: no echo (restored when the
/// guard goes).
pub fn hide_input() -> crate::ui::edited::TermGuard {
    crate::ui::edited::hidden_input()
}

/// `voxchess online logout`.
pub fn logout(settings: &Settings) -> String {
    token::forget();
    Narrator::new(Lexicon::get(settings.lang), settings.style).fixed(Fixed::LoggedOut)
}

/// The words that ask for the token.
pub fn token_prompt(settings: &Settings) -> String {
    Narrator::new(Lexicon::get(settings.lang), settings.style).fixed(Fixed::TokenPrompt)
}
