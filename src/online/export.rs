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

/// lichess's speeds of standard chess: the games voxchess can play and
/// review (a variant's games are not asked for).
const STANDARD_PERFS: &str = "ultraBullet,bullet,blitz,rapid,classical,correspondence";

/// The games of an export read one at a time: those voxchess cannot
/// read are left out and counted, never the whole list refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadGames {
    /// The games read, in the export's order.
    pub games: Vec<crate::notation::pgn::PgnGame>,
    /// Games of a variant voxchess does not play (Chess960, Crazyhouse…).
    pub variants: usize,
    /// Games that could not be read (an illegal move, too deep, cut).
    pub unreadable: usize,
}

/// Whether a game's `Variant` tag names what voxchess plays: standard
/// chess, from the start or from a position.
fn playable_variant(game: &str) -> bool {
    let variant = game
        .lines()
        .take_while(|l| l.trim_start().starts_with('[') || l.trim().is_empty())
        .find_map(|l| l.trim().strip_prefix("[Variant \"").and_then(|v| v.strip_suffix("\"]")));
    variant.is_none_or(|v| matches!(v.to_ascii_lowercase().as_str(), "standard" | "from position" | "fromposition"))
}

/// The games of an export as PGN texts: each begins where a tag section
/// begins after movetext (or at the start).
fn game_texts(text: &str) -> Vec<&str> {
    let mut starts = vec![0];
    let mut in_tags = true;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let tag = line.trim_start().starts_with('[');
        if tag && !in_tags {
            starts.push(at);
        }
        if !line.trim().is_empty() {
            in_tags = tag;
        }
        at += line.len();
    }
    starts.iter().enumerate().map(|(i, &s)| &text[s..starts.get(i + 1).copied().unwrap_or(text.len())]).collect()
}

/// Reads an export's games one at a time ([`ReadGames`]).
pub fn read_games(text: &str) -> ReadGames {
    let mut read = ReadGames::default();
    for game in game_texts(text).into_iter().filter(|g| !g.trim().is_empty()) {
        if !playable_variant(game) {
            read.variants += 1;
            continue;
        }
        match crate::notation::pgn::read_pgn(game, crate::notation::NotationLang::English, None) {
            Ok(games) => read.games.extend(games),
            Err(_) => read.unreadable += 1,
        }
    }
    read
}

/// The last games of `user` (newest first), with their clocks and
/// openings, as PGN, from the game export (the client's token lets
/// lichess add the player's own private games); standard chess only is
/// asked for, and a game that cannot be read is left out and counted.
pub fn user_games(client: &Client, user: &str) -> Result<ReadGames, ApiError> {
    let path = format!(
        "/api/games/user/{}?max={MY_GAMES}&clocks=true&opening=true&perfType={STANDARD_PERFS}",
        path_segment(user)
    );
    let text = client.get_text(&path)?;
    let mut read = read_games(&text);
    read.games.truncate(MY_GAMES);
    Ok(read)
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

    /// Issue 65, item 7: one game voxchess cannot read, or of a variant
    /// it does not play, is one game left out and counted: the others are
    /// read.
    #[test]
    fn one_bad_game_is_one_game_left_out() {
        let good = "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 2. Nf3 *\n\n";
        let variant = "[Event \"b\"]\n[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n\n";
        let illegal = "[Event \"c\"]\n\n1. e4 e5 2. Ke3 *\n\n";
        let text = format!("{good}{variant}{illegal}{good}");
        let read = read_games(&text);
        assert_eq!(read.games.len(), 2);
        assert_eq!((read.variants, read.unreadable), (1, 1));
        assert_eq!(read_games(""), ReadGames::default());
        // Comments with brackets in the movetext are no new game.
        let commented = "[Event \"d\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } *\n";
        assert_eq!(read_games(commented).games.len(), 1);
    }

    proptest::proptest! {
        /// Any text is read as games or left out, without panicking.
        #[test]
        fn any_export_is_read_or_left_out(s in "\\PC{0,200}") {
            let read = read_games(&s);
            proptest::prop_assert!(read.games.len() + read.variants + read.unreadable <= s.len() + 1);
        }

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
