//! lichess's puzzles: the daily puzzle (GET /api/puzzle/daily, no login),
//! and with the token (scopes puzzle:read and puzzle:write) a batch by
//! theme and difficulty, the results posted back in one request (they
//! count on the player's lichess puzzle rating), the dashboard, and the
//! puzzles of a theme to replay. Each is read into a [`Puzzle`] of the
//! library's form: the game's PGN played to `initialPly` gives the
//! position before the opponent's move, and that move with the solution
//! is the line (checked as any row is). Never used to enumerate puzzles:
//! a batch is at most [`MAX_BATCH`], and one request is made at a time.

use super::api::{ApiError, Client};
use crate::notation::NotationLang;
use crate::notation::read_movetext;
use crate::rules::Position;
use crate::study::puzzle::Puzzle;

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct PuzzleAndGame {
    game: PuzzleGame,
    puzzle: PuzzleInfo,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct PuzzleGame {
    id: String,
    pgn: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct PuzzleInfo {
    id: String,
    /// Read as any number: one out of lichess's range drops its puzzle
    /// alone.
    rating: i64,
    solution: Vec<String>,
    themes: Vec<String>,
    initial_ply: usize,
}

/// How hard a puzzle is asked for, relative to the player's rating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Difficulty {
    /// Much easier.
    Easiest,
    /// Easier.
    Easier,
    /// Near the player's rating.
    #[default]
    Normal,
    /// Harder.
    Harder,
    /// Much harder.
    Hardest,
}

impl Difficulty {
    /// All of them, easiest first.
    pub const ALL: [Difficulty; 5] =
        [Difficulty::Easiest, Difficulty::Easier, Difficulty::Normal, Difficulty::Harder, Difficulty::Hardest];

    /// lichess's key.
    pub fn key(self) -> &'static str {
        match self {
            Difficulty::Easiest => "easiest",
            Difficulty::Easier => "easier",
            Difficulty::Normal => "normal",
            Difficulty::Harder => "harder",
            Difficulty::Hardest => "hardest",
        }
    }

    /// From lichess's key.
    pub fn parse(text: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.key().eq_ignore_ascii_case(text.trim()))
    }
}

/// The most puzzles asked for at once (lichess allows 50).
pub const MAX_BATCH: u32 = 15;

/// Whether `angle` has the form of a theme or opening key ("fork",
/// "mateIn2", "Sicilian_Defense", "mix").
pub fn is_angle(angle: &str) -> bool {
    (1..=60).contains(&angle.len()) && angle.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Batch {
    /// Each read on its own: one that is not a puzzle drops alone.
    puzzles: Vec<serde_json::Value>,
    glicko: Option<Glicko>,
    rounds: Vec<Round>,
}

#[derive(serde::Deserialize, Default, Clone, Copy)]
#[serde(default)]
struct Glicko {
    rating: f64,
}

#[derive(serde::Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct Round {
    id: String,
    win: bool,
    rating_diff: i32,
}

/// A result of a puzzle, to post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The puzzle's id.
    pub id: String,
    /// Solved with no mistake.
    pub win: bool,
}

/// What posting results gave back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Posted {
    /// The player's puzzle rating now, if said.
    pub rating: Option<f64>,
    /// The sum of the rating changes of the rounds counted.
    pub change: i32,
    /// How many results were counted.
    pub counted: usize,
    /// The next batch.
    pub puzzles: Vec<Puzzle>,
    /// Puzzles of it that could not be read (each dropped alone).
    pub dropped: usize,
}

/// The puzzles of a batch reply that replay (the others are dropped);
/// at most [`MAX_BATCH`].
/// With them, how many could not be read.
fn puzzles_of(batch: &Batch, base: &str) -> (Vec<Puzzle>, usize) {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut dropped = 0;
    for value in batch.puzzles.iter().take(MAX_BATCH as usize) {
        let read = serde_json::from_value::<PuzzleAndGame>(value.clone()).ok().and_then(|r| of_reply(&r, base));
        // An id given twice in a batch is played (and posted) once.
        match read {
            Some(p) if !puzzles.iter().any(|q| q.id == p.id) => puzzles.push(p),
            Some(_) => {}
            None => dropped += 1,
        }
    }
    (puzzles, dropped)
}

/// A batch of puzzles of `angle` (a theme key, or "mix") at
/// `difficulty`: GET /api/puzzle/batch/{angle} (puzzle:read).
pub fn batch(client: &Client, angle: &str, difficulty: Difficulty) -> Result<(Vec<Puzzle>, usize), ApiError> {
    let path =
        format!("/api/puzzle/batch/{}?nb={MAX_BATCH}&difficulty={}", super::path_segment(angle), difficulty.key());
    let reply: Batch = client.get_json(&path)?;
    Ok(puzzles_of(&reply, client.base()))
}

/// Posts `solved` in one request (POST /api/puzzle/batch/{angle},
/// puzzle:write), asking for the next batch of `nb` with it (0: none).
pub fn solve(
    client: &Client,
    angle: &str,
    difficulty: Difficulty,
    solved: &[Solved],
    nb: u32,
) -> Result<Posted, ApiError> {
    let solutions: Vec<serde_json::Value> =
        solved.iter().map(|s| serde_json::json!({ "id": s.id, "win": s.win, "rated": true })).collect();
    let path = format!(
        "/api/puzzle/batch/{}?nb={}&difficulty={}",
        super::path_segment(angle),
        nb.min(MAX_BATCH),
        difficulty.key()
    );
    let reply: Batch = client.post_json(&path, &serde_json::json!({ "solutions": solutions }))?;
    let counted: Vec<&Round> = reply.rounds.iter().filter(|r| solved.iter().any(|s| s.id == r.id)).collect();
    let (puzzles, dropped) = puzzles_of(&reply, client.base());
    Ok(Posted {
        rating: reply.glicko.map(|g| g.rating).filter(|r| r.is_finite() && (0.0..=4000.0).contains(r)),
        change: counted.iter().map(|r| r.rating_diff.clamp(-1000, 1000)).sum(),
        counted: counted.len(),
        puzzles,
        dropped,
    })
}

#[derive(serde::Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct Performance {
    nb: u32,
    first_wins: u32,
    performance: i32,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct ThemeEntry {
    results: Performance,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct DashboardReply {
    days: u32,
    global: Option<Performance>,
    themes: std::collections::BTreeMap<String, ThemeEntry>,
}

/// A theme's results on the dashboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeResults {
    /// lichess's theme key.
    pub key: String,
    /// Puzzles played.
    pub played: u32,
    /// Solved at the first try.
    pub won: u32,
    /// The performance rating.
    pub performance: i32,
}

/// The player's puzzle dashboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dashboard {
    /// Over how many days.
    pub days: u32,
    /// All puzzles.
    pub global: Option<ThemeResults>,
    /// The themes played, weakest first (lowest performance).
    pub themes: Vec<ThemeResults>,
}

/// The dashboard of the last `days` (GET /api/puzzle/dashboard/{days},
/// puzzle:read).
pub fn dashboard(client: &Client, days: u32) -> Result<Dashboard, ApiError> {
    let asked = days.clamp(1, 365);
    let reply: DashboardReply = client.get_json(&format!("/api/puzzle/dashboard/{asked}"))?;
    let Some(global) = reply.global.filter(sane) else { return Err(ApiError::NotTheApi) };
    // The days are the ones asked when lichess's are out of its range.
    let days = if (1..=365).contains(&reply.days) { reply.days } else { asked };
    let results = |key: &str, p: &Performance| ThemeResults {
        key: key.to_string(),
        played: p.nb,
        won: p.first_wins.min(p.nb),
        performance: p.performance.clamp(0, 4000),
    };
    let mut themes: Vec<ThemeResults> = reply
        .themes
        .iter()
        .filter(|(k, t)| is_angle(k) && sane(&t.results))
        .take(200)
        .map(|(k, t)| results(k, &t.results))
        .collect();
    themes.sort_by_key(|t| (t.performance, std::cmp::Reverse(t.played)));
    Ok(Dashboard { days, global: Some(results("mix", &global)), themes })
}

/// Results within lichess's ranges (at most a million puzzles in a
/// year); others are no answer, and their theme is left out.
fn sane(p: &Performance) -> bool {
    p.nb <= 1_000_000 && p.first_wins <= p.nb && (0..=4000).contains(&p.performance)
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct ReplayReply {
    replay: ReplayIds,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct ReplayIds {
    remaining: Vec<String>,
}

/// The puzzles of `theme` failed in the last `days`, to replay (GET
/// /api/puzzle/replay/{days}/{theme}, then each by id, one request at a
/// time; at most [`MAX_BATCH`]). None to replay: an empty list.
pub fn replay(client: &Client, days: u32, theme: &str) -> Result<Vec<Puzzle>, ApiError> {
    let path = format!("/api/puzzle/replay/{}/{}", days.clamp(1, 365), super::path_segment(theme));
    let reply: ReplayReply = match client.get_json(&path) {
        Err(ApiError::NotFound) => return Ok(Vec::new()),
        other => other?,
    };
    let mut puzzles = Vec::new();
    for id in reply.replay.remaining.iter().filter(|id| is_angle(id) && id.len() <= 12).take(MAX_BATCH as usize) {
        let one: PuzzleAndGame = client.get_json(&format!("/api/puzzle/{id}"))?;
        puzzles.extend(of_reply(&one, client.base()));
    }
    Ok(puzzles)
}

/// What the puzzle mode's requests to lichess came back with.
#[derive(Debug)]
pub enum PuzzleNews {
    /// Results posted (those that went through), what lichess said of
    /// them, and the next batch (or why there is none).
    Answered {
        /// The results lichess took.
        posted: Vec<(String, Solved)>,
        /// What it said of them (None: nothing was posted).
        counted: Option<Posted>,
        /// The next batch, or why not.
        batch: Result<Vec<Puzzle>, ApiError>,
        /// Puzzles lichess gave that could not be read (left out).
        dropped: usize,
    },
    /// The dashboard asked for (the last 30 days), or why not.
    Dashboard(Result<Dashboard, ApiError>),
}

/// The puzzle mode's one request at a time: the results of each theme
/// posted (`angle`'s last, its reply's batch taken when `nb` > 0), then,
/// if puzzles are wanted and none came, a batch asked for.
pub fn post_and_ask(
    client: &Client,
    results: Vec<(String, Vec<Solved>)>,
    angle: &str,
    difficulty: Difficulty,
    nb: u32,
) -> PuzzleNews {
    let mut posted = Vec::new();
    let mut counted: Option<Posted> = None;
    let mut next = None;
    let mut groups = results;
    groups.sort_by_key(|(a, _)| a == angle);
    for (group_angle, solved) in groups {
        let own = group_angle == angle;
        match solve(client, &group_angle, difficulty, &solved, if own { nb } else { 0 }) {
            Ok(p) => {
                posted.extend(solved.into_iter().map(|s| (group_angle.clone(), s)));
                let sum = counted.get_or_insert_with(Posted::default);
                sum.change += p.change;
                sum.counted += p.counted;
                sum.rating = p.rating.or(sum.rating);
                if own {
                    next = Some((p.puzzles, p.dropped));
                }
            }
            Err(e) => return PuzzleNews::Answered { posted, counted, batch: Err(e), dropped: 0 },
        }
    }
    let batch = match next {
        Some((puzzles, dropped)) if !puzzles.is_empty() || nb == 0 => Ok((puzzles, dropped)),
        _ if nb == 0 => Ok((Vec::new(), 0)),
        _ => batch(client, angle, difficulty),
    };
    let dropped = batch.as_ref().map_or(0, |(_, d)| *d);
    PuzzleNews::Answered { posted, counted, batch: batch.map(|(p, _)| p), dropped }
}

/// The most plies of a game read for its puzzle.
const MAX_PLIES: usize = 1000;

/// The daily puzzle of the server at `client`'s address.
pub fn daily(client: &Client) -> Result<Puzzle, ApiError> {
    let reply: PuzzleAndGame = client.get_json("/api/puzzle/daily")?;
    of_reply(&reply, client.base()).ok_or(ApiError::NotTheApi)
}

/// The puzzle a reply gives, if it is one (its line replays).
fn of_reply(reply: &PuzzleAndGame, base: &str) -> Option<Puzzle> {
    let moves = read_movetext(&Position::start(), &reply.game.pgn, NotationLang::English).ok()?;
    let plies = reply.puzzle.initial_ply.checked_add(1)?;
    if moves.len() < plies || plies > MAX_PLIES || reply.puzzle.solution.len() > 40 {
        return None;
    }
    let mut start = Position::start();
    for m in &moves[..plies - 1] {
        start.play_unchecked(m);
    }
    let line: Vec<String> =
        std::iter::once(moves[plies - 1].uci()).chain(reply.puzzle.solution.iter().cloned()).collect();
    // Ids are refused unless they have lichess's form (never cut or
    // filtered into another id); a field with a separator never reaches
    // the row raw: a move that is no UCI refuses the puzzle, a theme that
    // is no key is left out, a game id of another form gives no link.
    let id = &reply.puzzle.id;
    if id.is_empty() || id.len() > 12 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    if !line.iter().all(|m| (4..=5).contains(&m.len()) && m.bytes().all(|b| b.is_ascii_alphanumeric())) {
        return None;
    }
    let rating = u32::try_from(reply.puzzle.rating).ok().filter(|r| *r <= 4000)?;
    let themes: Vec<&str> = reply
        .puzzle
        .themes
        .iter()
        .filter(|t| (1..=40).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_alphanumeric()))
        .take(20)
        .map(String::as_str)
        .collect();
    let url = if super::is_id(&reply.game.id) { format!("{base}/{}", reply.game.id) } else { String::new() };
    let row = format!("{id},{},{},{rating},0,0,0,{},{url},", start.to_fen(), line.join(" "), themes.join(" "));
    Puzzle::from_csv(&row).ok().filter(|p| p.id == *id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of lichess's OpenAPI spec (puzzles-getDailyPuzzle).
    #[test]
    fn the_specs_daily_puzzle_is_read() {
        let reply = PuzzleAndGame {
            game: PuzzleGame {
                id: "bcZBqQrZ".into(),
                pgn: "g3 e5 Bg2 d5 d3 Nc6 c4 Be6 Nc3 Nf6 Nf3 Qd7 Bg5 Be7 cxd5 Nxd5 Bxe7 Qxe7 O-O O-O-O Qc2 g5 Nxd5 Bxd5 e4 Be6 a3 f5 Rac1 Nd4 Nxd4 Rxd4 exf5 Bxf5 Rfd1 Rhd8 Qb3 c6 Rc3 h5 Rdc1 R8d6 Qg8+ Rd8 Qb3 R8d6 a4 Rxd3 Rxd3 Rxd3 Qc4 e4 a5 a6 Re1 Qe5 Bxe4 Bxe4".into(),
            },
            puzzle: PuzzleInfo {
                id: "IFy4T".into(),
                rating: 1869,
                solution: vec!["c4d3".into(), "e4d3".into(), "e1e5".into()],
                themes: vec!["endgame".into(), "crushing".into(), "short".into()],
                initial_ply: 57,
            },
        };
        let p = of_reply(&reply, "https://lichess.org").expect("a puzzle");
        assert_eq!(p.line[0].uci(), "f5e4");
        assert_eq!(p.line.len(), 4);
        assert_eq!(p.side(), crate::rules::Color::White);
        let mut after = p.start;
        after.play_unchecked(&p.line[0]);
        assert_eq!(after.to_fen(), "2k5/1p6/p1p5/P3q1pp/2Q1b3/3r2P1/1P3P1P/4R1K1 w - - 0 30");
        let broken = PuzzleAndGame { puzzle: PuzzleInfo { initial_ply: 500, ..reply.puzzle }, ..reply };
        assert!(of_reply(&broken, "x").is_none());
    }

    /// A hostile batch (issue 50, item 11): ids not of lichess's form
    /// refused (never cut into another id), a theme with a separator left
    /// out of the kept row, a negative rating or a broken puzzle dropped
    /// alone, an id given twice played once.
    #[test]
    fn a_hostile_batch_keeps_only_whole_puzzles() {
        let pgn = "g3 e5 Bg2 d5 d3 Nc6 c4 Be6 Nc3 Nf6 Nf3 Qd7 Bg5 Be7 cxd5 Nxd5 Bxe7 Qxe7 O-O O-O-O Qc2 g5 Nxd5 Bxd5 e4 Be6 a3 f5 Rac1 Nd4 Nxd4 Rxd4 exf5 Bxf5 Rfd1 Rhd8 Qb3 c6 Rc3 h5 Rdc1 R8d6 Qg8+ Rd8 Qb3 R8d6 a4 Rxd3 Rxd3 Rxd3 Qc4 e4 a5 a6 Re1 Qe5 Bxe4 Bxe4";
        let one = |id: &str, game: &str, rating: i64, themes: &[&str]| {
            serde_json::json!({
                "game": { "id": game, "pgn": pgn },
                "puzzle": { "id": id, "rating": rating, "solution": ["c4d3", "e4d3", "e1e5"], "themes": themes, "initialPly": 57 }
            })
        };
        let batch = Batch {
            puzzles: vec![
                one("ab/cd", "bcZBqQrZ", 1869, &["fork"]),
                one("IFy4T", "bcZBqQrZ", -5, &["fork"]),
                serde_json::json!({ "game": 7, "puzzle": "x" }),
                one("IFy4T", "evil,game", 1869, &["fork,https://evil.example", "endgame"]),
                one("IFy4T", "bcZBqQrZ", 1869, &["fork"]),
                one("junk!!!!!!!!!!!!!!", "bcZBqQrZ", 1869, &[]),
                one("Other", "bcZBqQrZ", 1500, &["short"]),
            ],
            ..Batch::default()
        };
        let (puzzles, dropped) = puzzles_of(&batch, "https://lichess.org");
        assert_eq!(dropped, 4, "ab/cd, the negative rating, the broken one, the junk id");
        let ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["IFy4T", "Other"]);
        assert_eq!(puzzles[0].themes, ["endgame"]);
        assert_eq!(puzzles[0].url, None, "a game id of another form gives no link");
        assert!(puzzles[0].to_csv().split(',').count() == 10, "{}", puzzles[0].to_csv());
    }
}
