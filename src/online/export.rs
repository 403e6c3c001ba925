//! lichess's games and studies by the links a player copies from the
//! browser: a game (`https://lichess.org/ID`, 8 letters, or the 12 of a
//! player's view, maybe with `/black`), a study (`/study/ID`) or one of
//! its chapters (`/study/ID/CHAPTER`). Only the ids are taken from the
//! link; the request goes to the server the settings name (tests: their
//! own), never to the link's host.

use super::api::{ApiError, Client};
use super::{is_id, path_segment};

/// What a link names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// A game, by its 8-character id.
    Game(String),
    /// A study, and maybe one of its chapters.
    Study {
        /// The study's id.
        id: String,
        /// A chapter's id.
        chapter: Option<String>,
    },
}

impl Link {
    /// The name of saved copies: the id.
    pub fn stem(&self) -> String {
        match self {
            Link::Game(id) | Link::Study { id, .. } => id.clone(),
        }
    }
}

/// Whether `text` is meant as a link (rather than a file's name).
pub fn looks_like_link(text: &str) -> bool {
    let t = text.trim().to_ascii_lowercase();
    t.starts_with("http://")
        || t.starts_with("https://")
        || t.starts_with("lichess.org/")
        || t.starts_with("www.lichess.org/")
}

/// The game or study a lichess link names; None when it names neither.
pub fn link_of(text: &str) -> Option<Link> {
    let t = text.trim();
    let rest = t.split_once("://").map_or(t, |(scheme, rest)| {
        if scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http") { rest } else { "" }
    });
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.to_ascii_lowercase();
    if host != "lichess.org" && host != "www.lichess.org" {
        return None;
    }
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let study_id = |p: &str| (p.len() == 8 && is_id(p)).then(|| p.to_string());
    match parts.as_slice() {
        ["study", id] => Some(Link::Study { id: study_id(id)?, chapter: None }),
        ["study", id, chapter] => Some(Link::Study { id: study_id(id)?, chapter: Some(study_id(chapter)?) }),
        [id] | [id, "white" | "black"] if (id.len() == 8 || id.len() == 12) && is_id(id) => {
            Some(Link::Game(id[..8].to_string()))
        }
        _ => None,
    }
}

/// The PGN of what `link` names, from `server`: a game from the game
/// export (no token); a study's chapters from the study export, first
/// without the token (a public study), then with it when there is one
/// and the study was refused or not found (a private one needs the
/// study:read scope).
pub fn fetch(server: &str, token: Option<&str>, link: &Link) -> Result<String, ApiError> {
    let public = Client::new(server, "");
    match link {
        Link::Game(id) => public.get_text(&format!("/game/export/{}", path_segment(id))),
        Link::Study { id, chapter } => {
            let path = match chapter {
                Some(c) => format!("/api/study/{}/{}.pgn", path_segment(id), path_segment(c)),
                None => format!("/api/study/{}.pgn", path_segment(id)),
            };
            match public.get_text(&path) {
                Err(ApiError::NotFound | ApiError::Unauthorized | ApiError::MissingScope)
                    if let Some(token) = token.filter(|t| !t.is_empty()) =>
                {
                    Client::new(server, token).get_text(&path)
                }
                other => other,
            }
        }
    }
}

/// How many of the player's games `user_games` asks for.
pub const MY_GAMES: usize = 20;

/// The last games of `user` (newest first), with their clocks and
/// openings, as PGN, from the game export (the client's token lets
/// lichess add the player's own private games).
pub fn user_games(client: &Client, user: &str) -> Result<Vec<crate::notation::pgn::PgnGame>, ApiError> {
    let path = format!("/api/games/user/{}?max={MY_GAMES}&clocks=true&opening=true", path_segment(user));
    let text = client.get_text(&path)?;
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let games = crate::notation::pgn::read_pgn(&text, crate::notation::NotationLang::English, None)
        .map_err(|_| ApiError::NotTheApi)?;
    Ok(games.into_iter().take(MY_GAMES).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_read_as_players_copy_them() {
        let game = |id: &str| Some(Link::Game(id.to_string()));
        assert_eq!(link_of("https://lichess.org/q7ZvsdUF"), game("q7ZvsdUF"));
        assert_eq!(link_of("https://lichess.org/q7ZvsdUFabcd"), game("q7ZvsdUF"));
        assert_eq!(link_of("lichess.org/q7ZvsdUF/black#12"), game("q7ZvsdUF"));
        assert_eq!(
            link_of("https://lichess.org/study/abcdEFGH"),
            Some(Link::Study { id: "abcdEFGH".into(), chapter: None })
        );
        assert_eq!(
            link_of("https://www.lichess.org/study/abcdEFGH/12345678?x=1"),
            Some(Link::Study { id: "abcdEFGH".into(), chapter: Some("12345678".into()) })
        );
        assert_eq!(link_of("https://example.com/q7ZvsdUF"), None);
        assert_eq!(link_of("https://lichess.org/study/short"), None);
        assert_eq!(link_of("https://lichess.org/@/someone"), None);
        assert_eq!(link_of("ftp://lichess.org/q7ZvsdUF"), None);
        assert!(looks_like_link("https://lichess.org/x") && !looks_like_link("games/game.pgn"));
    }

    proptest::proptest! {
        /// Any text is a link or none, without panicking, and a link's
        /// ids are always lichess's form.
        #[test]
        fn any_text_is_a_link_or_none(s in "\\PC{0,60}") {
            for text in [s.clone(), format!("https://lichess.org/{s}"), format!("https://lichess.org/study/{s}")] {
                match link_of(&text) {
                    Some(Link::Game(id)) => proptest::prop_assert!(is_id(&id)),
                    Some(Link::Study { id, chapter }) => {
                        proptest::prop_assert!(is_id(&id));
                        proptest::prop_assert!(chapter.is_none_or(|c| is_id(&c)));
                    }
                    None => {}
                }
            }
        }
    }
}
