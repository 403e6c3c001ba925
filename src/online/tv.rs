//! Watching lichess TV (GET /api/tv/feed, /api/tv/{channel}/feed; no
//! login, nothing posted): the feed's lines read against the position
//! being watched and turned into typed [`TvNews`]: a game featured, a
//! move played (checked legal, and checked to lead to the position the
//! server names), a position jumped to when moves were missed, the
//! connection lost and back. Nothing above this module sees the feed's
//! JSON.

use super::api::{ApiError, Client, Lines};
use crate::game::Account;
use crate::rules::{Move, Position};
use serde::Deserialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// lichess TV's channels of standard chess (the variants' are not
/// watched: voxchess plays standard chess), as the API names them; the
/// first is the top-rated game, the plain feed.
pub const CHANNELS: [&str; 8] = ["best", "bullet", "blitz", "rapid", "classical", "ultraBullet", "bot", "computer"];

/// The channel a word names (any case), as the API names it.
pub fn channel(word: &str) -> Option<&'static str> {
    CHANNELS.iter().copied().find(|c| c.eq_ignore_ascii_case(word.trim()))
}

/// What the feed says, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TvNews {
    /// A game is featured (first, and whenever the channel changes game).
    Featured {
        /// The game's id.
        id: String,
        /// White's and Black's players.
        players: [Account; 2],
        /// Its position now.
        position: Position,
        /// White's and Black's clocks (ms), when given.
        clocks: Option<[u64; 2]>,
    },
    /// A move of the featured game, legal in the position before it.
    Moved {
        /// The move.
        mv: Move,
        /// White's and Black's clocks after it (ms).
        clocks: [u64; 2],
    },
    /// The position changed by more than one move (moves were missed):
    /// watching goes on from it.
    Jumped {
        /// The position now.
        position: Position,
        /// White's and Black's clocks (ms).
        clocks: [u64; 2],
    },
    /// The feed was lost or is back.
    Connection {
        /// Back (true) or lost (false).
        up: bool,
    },
    /// The feed could not be opened: why (a channel that does not exist,
    /// too many requests, no connection).
    Failed(ApiError),
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct User {
    name: String,
    title: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FeedPlayer {
    color: String,
    user: User,
    rating: Option<u32>,
    seconds: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FeedData {
    id: String,
    players: Vec<FeedPlayer>,
    fen: String,
    lm: String,
    wc: Option<u64>,
    bc: Option<u64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FeedLine {
    t: String,
    d: FeedData,
}

/// The most seconds a clock may show (a day): a larger number is none.
const MAX_CLOCK_SECONDS: u64 = 86_400;

/// A player as the feed names them (no name: the words layer says the
/// side instead).
fn account(p: Option<&FeedPlayer>) -> Account {
    let Some(p) = p else {
        return Account { name: String::new(), rating: None, title: None };
    };
    let name: String = super::plain_text(&p.user.name).chars().take(30).collect();
    let title = p.user.title.as_deref().map(|t| super::plain_text(t).chars().take(4).collect::<String>());
    Account {
        name: name.trim().to_string(),
        rating: p.rating.filter(|r| *r <= 4000),
        title: title.filter(|t| !t.trim().is_empty()),
    }
}

fn clock_ms(seconds: Option<u64>) -> Option<u64> {
    seconds.filter(|s| *s <= MAX_CLOCK_SECONDS).map(|s| s * 1000)
}

/// The feed of one watcher: the position being watched, against which
/// each line is read.
#[derive(Debug, Default)]
pub struct Feed {
    position: Option<Position>,
}

impl Feed {
    /// A line of the feed, read; None for a keep-alive, a line that is not
    /// the feed's (unknown types, broken JSON, an illegal position) or a
    /// move before any game.
    pub fn read(&mut self, line: &str) -> Option<TvNews> {
        let line: FeedLine = serde_json::from_str(line).ok()?;
        let d = line.d;
        match line.t.as_str() {
            "featured" => {
                let position = Position::from_fen(&d.fen).ok()?;
                let id: String = d.id.chars().take(12).collect();
                if !super::is_id(&id) {
                    return None;
                }
                let of = |c: &str| d.players.iter().find(|p| p.color == c);
                let players = [account(of("white")), account(of("black"))];
                let clocks =
                    clock_ms(of("white").and_then(|p| p.seconds)).zip(clock_ms(of("black").and_then(|p| p.seconds)));
                self.position = Some(position);
                Some(TvNews::Featured { id, players, position, clocks: clocks.map(|(w, b)| [w, b]) })
            }
            "fen" => {
                let before = self.position?;
                let after = Position::from_fen(&d.fen).ok()?;
                let clocks = [clock_ms(d.wc).unwrap_or(0), clock_ms(d.bc).unwrap_or(0)];
                let played = super::opponent::server_move(&before, &d.lm)
                    .and_then(|mv| before.play(&mv).ok().map(|p| (mv, p)))
                    .filter(|(_, p)| same_position(p, &after));
                match played {
                    Some((mv, p)) => {
                        self.position = Some(p);
                        Some(TvNews::Moved { mv, clocks })
                    }
                    // The same position again (a clock line): nothing new.
                    None if same_position(&before, &after) => None,
                    None => {
                        self.position = Some(after);
                        Some(TvNews::Jumped { position: after, clocks })
                    }
                }
            }
            _ => None,
        }
    }
}

/// The same pieces on the same squares, the same side to move (the
/// feed's FEN may not carry the move counters).
fn same_position(a: &Position, b: &Position) -> bool {
    a.board_fen() == b.board_fen() && a.turn() == b.turn()
}

/// The feed's path: the top-rated game's, or a channel's.
pub fn feed_path(channel: &str) -> String {
    if channel == CHANNELS[0] {
        "/api/tv/feed".into()
    } else {
        format!("/api/tv/{}/feed", super::path_segment(channel))
    }
}

/// How long to wait before opening the feed again after `attempt` failed
/// tries: 1 s doubling to 30 s; a minute after a 429.
fn pause(attempt: u32, limited: bool) -> Duration {
    if limited {
        return Duration::from_secs(60);
    }
    Duration::from_secs((1u64 << attempt.min(5)).min(30))
}

/// Follows the feed of `channel` on a thread of its own until `stop` is
/// set, each line read and sent as [`TvNews`] through `news`. A feed that
/// drops is opened again with growing pauses; the loss is said once and
/// its end once. A feed that cannot be opened at first (a channel that
/// does not exist, a server that is not lichess) is one `Failed`, and the
/// thread ends. No token is sent: TV needs none.
pub fn watch(server: &str, channel: &'static str, news: impl Fn(TvNews) + Send + 'static, stop: Arc<AtomicBool>) {
    let client = Client::new(server, "");
    let _ = std::thread::Builder::new().name("lichess-tv".into()).spawn(move || {
        let stopped = || stop.load(Ordering::Relaxed);
        let mut feed = Feed::default();
        let (mut attempt, mut lost, mut ever) = (0u32, false, false);
        while !stopped() {
            match client.stream(&feed_path(channel)) {
                Ok(lines) => {
                    attempt = 0;
                    if std::mem::take(&mut lost) {
                        news(TvNews::Connection { up: true });
                    }
                    ever |= follow(lines, &mut feed, &news, &stopped);
                    if stopped() {
                        return;
                    }
                    if !std::mem::replace(&mut lost, true) {
                        news(TvNews::Connection { up: false });
                    }
                    sleep_unless(&stopped, pause(attempt, false));
                }
                Err(e) if !ever => return news(TvNews::Failed(e)),
                Err(e) => {
                    if !std::mem::replace(&mut lost, true) {
                        news(TvNews::Connection { up: false });
                    }
                    attempt += 1;
                    sleep_unless(&stopped, pause(attempt, e == ApiError::RateLimited));
                }
            }
        }
    });
}

/// Reads the feed's lines until it ends; whether it gave anything.
fn follow(mut lines: Lines, feed: &mut Feed, news: &impl Fn(TvNews), stopped: &impl Fn() -> bool) -> bool {
    let mut gave = false;
    while let Some(line) = lines.next_line() {
        if stopped() {
            return gave;
        }
        gave = true;
        if let Some(n) = feed.read(&line) {
            news(n);
        }
    }
    gave
}

/// Sleeps `d`, waking early when watching stops.
fn sleep_unless(stopped: &impl Fn() -> bool, d: Duration) {
    let end = std::time::Instant::now() + d;
    while !stopped() && std::time::Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const FEATURED: &str = r#"{"t":"featured","d":{"id":"3hkEI6VI","orientation":"white","players":[{"color":"white","user":{"name":"TheMarsisback2015","id":"themarsisback2015"},"rating":3180,"seconds":30},{"color":"black","user":{"name":"Kurse-Aura1","title":"GM","id":"kurse-aura1"},"rating":2969,"seconds":30}],"fen":"3r1rk1/pp2p1b1/4P2p/3NP1p1/4qp2/5Q2/PP4K1/3R3R b - - 5 31"}}"#;

    /// The spec's examples: a game featured, then its next move.
    #[test]
    fn the_specs_examples_are_read() {
        let mut feed = Feed::default();
        let Some(TvNews::Featured { id, players, clocks, .. }) = feed.read(FEATURED) else { panic!("featured") };
        assert_eq!(id, "3hkEI6VI");
        assert_eq!(players[1].name, "Kurse-Aura1");
        assert_eq!(players[1].title.as_deref(), Some("GM"));
        assert_eq!(clocks, Some([30_000, 30_000]));
        let mv = r#"{"t":"fen","d":{"fen":"3r1rk1/pp2p1b1/4P2p/3Nq1p1/5p2/5Q2/PP4K1/3R3R w - - 0 32","lm":"e4e5","wc":9,"bc":16}}"#;
        let Some(TvNews::Moved { mv, clocks }) = feed.read(mv) else { panic!("moved") };
        assert_eq!(mv.uci(), "e4e5");
        assert_eq!(clocks, [9_000, 16_000]);
    }

    /// A move that does not lead to the position named is a jump; an
    /// illegal one too; the same position again is nothing new; a move
    /// before any game is nothing.
    #[test]
    fn moves_are_checked_against_the_position() {
        let mut feed = Feed::default();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let line = |fen: &str, lm: &str| format!(r#"{{"t":"fen","d":{{"fen":"{fen}","lm":"{lm}","wc":60,"bc":60}}}}"#);
        assert_eq!(feed.read(&line(start, "e2e4")), None);
        let featured = FEATURED.replace("3r1rk1/pp2p1b1/4P2p/3NP1p1/4qp2/5Q2/PP4K1/3R3R b - - 5 31", start);
        assert!(matches!(feed.read(&featured), Some(TvNews::Featured { .. })));
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert!(matches!(feed.read(&line(e4, "d2d4")), Some(TvNews::Jumped { .. })));
        assert_eq!(feed.read(&line(e4, "e2e4")), None, "the same position again");
        let e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert!(matches!(feed.read(&line(e5, "e7e5")), Some(TvNews::Moved { .. })));
        assert_eq!(feed.read("{\"t\":\"fen\",\"d\":{\"fen\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"lm\":\"a1a2\"}}"), None);
        assert_eq!(feed.read(""), None);
    }

    #[test]
    fn channels_and_paths() {
        assert_eq!(channel("Rapid"), Some("rapid"));
        assert_eq!(channel("ultrabullet"), Some("ultraBullet"));
        assert_eq!(channel("atomic"), None);
        assert_eq!(feed_path("best"), "/api/tv/feed");
        assert_eq!(feed_path("blitz"), "/api/tv/blitz/feed");
    }

    proptest! {
        /// Any line is read or left, never a panic; a name is clean.
        #[test]
        fn any_line_is_read_or_left(text in ".{0,300}", name in "\\PC{0,60}") {
            let mut feed = Feed::default();
            let _ = feed.read(&text);
            let featured = FEATURED.replace("Kurse-Aura1", &name.replace(['"', '\\'], ""));
            if let Some(TvNews::Featured { players, .. }) = feed.read(&featured) {
                prop_assert!(players.iter().all(|p| !p.name.chars().any(char::is_control) && p.name.chars().count() <= 30));
            }
            let _ = feed.read(&text);
        }
    }
}
