//! The player on the other side of a lichess game, as an
//! [`Opponent`]: the game's stream becomes typed acts (moves with the
//! server's clock times, offers and answers, leaving and returning, chat,
//! the end as the server states it); what the player does is posted. When
//! the stream drops it is opened again (one at a time) with growing
//! pauses, and the moves missed meanwhile come as acts. The lobby's news
//! is `super::lobby`'s.

use super::api::{ApiError, Client, Lines};
use super::follow::{HELD, pause};
use super::model::{GameFull, GameLine, GameState, server_account, server_move};
use crate::game::{Account, Acts, Ending, Failure, GameSetup, News, Opponent, OpponentAct, Player, Terms};
use crate::rules::{Color, DrawReason, History, Move, Outcome, Position, WinReason};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The longest wait before victory may be claimed that is believed (a
/// day): a longer one from the server is said without a time.
const MAX_CLAIM_SECONDS: u64 = 86_400;

/// The most time a clock may show (ms): a correspondence game gives at
/// most 14 days a move; more from the server is no time at all.
const MAX_CLOCK_MS: u64 = 30 * 24 * 3600 * 1000;

/// How long a game's stream may take to give the game (its first line).
pub const FIRST_LINE: Duration = Duration::from_secs(15);

/// A lichess game as the stream's first line gives it: no lichess type
/// in it.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    /// The game's id.
    pub id: String,
    /// The player's id on the server.
    pub me_id: String,
    /// The game to play here: both accounts (lichess's AI by its level),
    /// the player's colour, the moves so far, the time control, the
    /// game's address, the server's terms.
    pub setup: GameSetup,
    /// The time control as voxchess writes it ("15+10").
    pub control_text: Option<String>,
    /// White's and Black's time left now (ms).
    pub clocks: Option<[u64; 2]>,
    /// Rated.
    pub rated: bool,
}

fn account_of(p: &super::model::GamePlayer) -> Account {
    match (p.ai_level, p.name.is_empty()) {
        (Some(level), _) => super::model::ai_account(level, p.rating, p.title.as_deref()),
        (None, true) => server_account(&p.id, p.rating, p.title.as_deref()),
        (None, false) => server_account(&p.name, p.rating, p.title.as_deref()),
    }
}

fn control_text(clock: &super::model::GameClock) -> String {
    let (secs, inc) = (clock.initial / 1000, clock.increment / 1000);
    if secs % 60 == 0 { format!("{}+{inc}", secs / 60) } else { format!("{}:{:02}+{inc}", secs / 60, secs % 60) }
}

/// The game as the stream's first line gives it.
fn game_of(full: &GameFull, id: &str, me_id: &str, base: &str) -> OnlineGame {
    let start = if full.initial_fen.is_empty() || full.initial_fen == "startpos" {
        Position::start()
    } else {
        Position::from_fen(&full.initial_fen).unwrap_or_else(|_| Position::start())
    };
    let mut pos = start;
    let mut moves = Vec::new();
    for uci in full.state.moves.split_whitespace() {
        let Some(m) = server_move(&pos, uci) else { break };
        pos.play_unchecked(&m);
        moves.push(m);
    }
    let me = if full.black.id.eq_ignore_ascii_case(me_id) { Color::Black } else { Color::White };
    let [white, black] = [account_of(&full.white), account_of(&full.black)].map(Player::Online);
    let (own, theirs) = if me == Color::White { (white, black) } else { (black, white) };
    // An arena's game with a clock may go berserk (lichess refuses it
    // where the arena does not allow it, and says so).
    let arena = full.tournament_id.as_deref().is_some_and(super::is_id) && full.clock.is_some();
    let terms = Terms { berserk: arena, ..Terms::SERVER };
    let mut setup = GameSetup::new(start, moves).against(me, own, theirs, terms);
    setup.controls = full.clock.as_ref().and_then(|c| control_text(c).parse().ok());
    setup.site = Some(format!("{base}/{id}"));
    // As lichess names it in its own scores: "Rated Rapid game".
    let speed: String = full.speed.chars().filter(char::is_ascii_alphabetic).take(20).collect();
    let mut speed_chars = speed.chars();
    let speed = speed_chars.next().map_or(String::new(), |c| c.to_ascii_uppercase().to_string() + speed_chars.as_str());
    let kind = if full.rated { "Rated" } else { "Casual" };
    setup.event = Some(if speed.is_empty() { format!("{kind} game") } else { format!("{kind} {speed} game") });
    OnlineGame {
        id: id.to_string(),
        me_id: me_id.to_string(),
        setup,
        control_text: full.clock.as_ref().map(control_text),
        clocks: full
            .clock
            .as_ref()
            .map(|_| [full.state.wtime, full.state.btime])
            .filter(|c| c.iter().all(|t| *t <= MAX_CLOCK_MS)),
        rated: full.rated,
    }
}

/// Opens a game's stream and reads its first line: the game as it
/// stands, and the stream to go on with. A game's request: never held
/// back by the quiet minute after another request's 429.
pub fn connect(client: &Client, id: &str, me_id: &str) -> Result<(OnlineGame, Lines), ApiError> {
    first_line(client, id, me_id, open(client, id)?)
}

/// Opens game `id`'s stream.
fn open(client: &Client, id: &str) -> Result<Lines, ApiError> {
    if !super::is_id(id) {
        return Err(ApiError::NotFound);
    }
    client.for_game().stream(&format!("/api/board/game/stream/{id}"))
}

/// The game from an open stream's first line, within [`FIRST_LINE`].
fn first_line(client: &Client, id: &str, me_id: &str, mut lines: Lines) -> Result<(OnlineGame, Lines), ApiError> {
    let deadline = std::time::Instant::now() + FIRST_LINE;
    loop {
        // Keep-alives alone, or a line dripped slowly, are no game.
        if std::time::Instant::now() >= deadline {
            return Err(ApiError::Network);
        }
        let line = lines.next_line_by(deadline).ok_or(ApiError::Network)?;
        if line.trim().is_empty() {
            continue;
        }
        if let Ok(GameLine::GameFull(full)) = serde_json::from_str::<GameLine>(&line) {
            return Ok((game_of(&full, id, me_id, client.base()), lines));
        }
    }
}

/// The pauses before each new try at opening a game's stream that could
/// not be opened for a reason that may pass (no connection, a server's
/// error, its 429).
const JOIN_PAUSES: [Duration; 3] = [Duration::from_secs(1), Duration::from_secs(2), Duration::from_secs(4)];

/// Joins game `id` ([`connect`]): a stream that could not be opened for a
/// reason that may pass is tried again after the pauses of
/// [`JOIN_PAUSES`]; the last failure when it could not be joined (said by
/// the caller). A stream that opened and gave no game within
/// [`FIRST_LINE`] is not tried again (the player hears it at once).
pub fn join(client: &Client, id: &str, me_id: &str) -> Result<(OnlineGame, Lines), ApiError> {
    let mut pauses = JOIN_PAUSES.iter();
    let lines = loop {
        match open(client, id) {
            Ok(lines) => break lines,
            Err(e @ (ApiError::NotFound | ApiError::Unauthorized | ApiError::MissingScope | ApiError::Refused(_))) => {
                return Err(e);
            }
            Err(e) => match pauses.next() {
                Some(pause) => std::thread::sleep(*pause),
                None => return Err(e),
            },
        }
    };
    first_line(client, id, me_id, lines)
}

/// What the stream thread and the poster share.
#[derive(Default)]
struct Shared {
    /// The moves both sides agree on (UCI, as the server writes them).
    known: Vec<String>,
    /// The positions of those moves, for reading the next one.
    history: Option<History>,
    connected: bool,
    over: bool,
    /// The offers as last seen on the server: (mine, theirs).
    draw: (bool, bool),
    takeback: (bool, bool),
}

/// The remote player of a lichess game.
pub struct OnlineOpponent {
    name: String,
    /// The game's terms: the server's, with berserk in an arena.
    terms: Terms,
    posts: Sender<News>,
    /// The player's moves, posted one after another on a thread of their
    /// own: never behind another request of the game.
    moves: Sender<News>,
    /// Set when the game is left: the stream is closed at its next line
    /// (a keep-alive comes every few seconds) and never opened again.
    left: Arc<std::sync::atomic::AtomicBool>,
    /// What the player did and is not posted yet.
    in_flight: Arc<std::sync::atomic::AtomicUsize>,
}

/// How long lichess may take to answer the player's move before the
/// player hears that it has not taken it yet.
const MOVE_ANSWER_MOMENT: Duration = Duration::from_millis(1500);

/// How long leaving a game waits for what the player did to be posted.
const POST_ON_LEAVING: Duration = Duration::from_secs(1);

impl Drop for OnlineOpponent {
    /// Leaving: what the player did is posted first (a move said as
    /// played is a move sent), waited for at most [`POST_ON_LEAVING`].
    fn drop(&mut self) {
        use std::sync::atomic::Ordering::Relaxed;
        self.left.store(true, Relaxed);
        let deadline = std::time::Instant::now() + POST_ON_LEAVING;
        while self.in_flight.load(Relaxed) > 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl OnlineOpponent {
    /// Plays `game` against the player on the server: `lines` is its open
    /// stream (after the first line), `acts` the session's channel.
    pub fn start(client: Client, game: &OnlineGame, lines: Lines, acts: Acts) -> OnlineOpponent {
        let mut history = History::new(game.setup.start);
        for m in &game.setup.moves {
            let _ = history.push(*m);
        }
        let shared = Arc::new(Mutex::new(Shared {
            known: game.setup.moves.iter().map(Move::uci).collect(),
            history: Some(history),
            connected: true,
            ..Shared::default()
        }));
        if let Some(c) = game.clocks {
            acts(OpponentAct::Clocks(c));
        }
        let client = client.for_game();
        let me = game.setup.me.unwrap_or(Color::White);
        let left = Arc::new(std::sync::atomic::AtomicBool::new(false));
        {
            let (client, shared, acts, id) = (client.clone(), shared.clone(), acts.clone(), game.id.clone());
            let (me_id, left) = (game.me_id.clone(), left.clone());
            let _ = std::thread::Builder::new()
                .name("lichess-game".into())
                .spawn(move || follow(&client, &id, (me, &me_id), lines, &shared, &acts, &left));
        }
        let in_flight = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        // Two posters: the moves, and everything else (a request that
        // hangs, a berserk or a chat line, never holds a move back).
        let poster = |name: &str| {
            let (tx, inbox) = channel::<News>();
            let (client, id, shared, acts, in_flight) =
                (client.clone(), game.id.clone(), shared.clone(), acts.clone(), in_flight.clone());
            let _ = std::thread::Builder::new().name(name.into()).spawn(move || {
                for news in inbox {
                    post(&client, &id, news, &shared, &acts);
                    in_flight.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
                }
            });
            tx
        };
        let (moves, posts) = (poster("lichess-moves"), poster("lichess-post"));
        let name = game.setup.players[(!me).index()].name().to_string();
        OnlineOpponent { name, terms: game.setup.terms, posts, moves, left, in_flight }
    }
}

impl Opponent for OnlineOpponent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn terms(&self) -> Terms {
        self.terms
    }

    fn hear(&mut self, _history: &History, news: News) {
        if matches!(news, News::YourMove { .. }) {
            return;
        }
        self.in_flight.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let poster = if matches!(news, News::Played(_)) { &self.moves } else { &self.posts };
        if poster.send(news).is_err() {
            self.in_flight.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// Posts what the player did.
fn post(client: &Client, id: &str, news: News, shared: &Mutex<Shared>, acts: &Acts) {
    let base = format!("/api/board/game/{}", super::path_segment(id));
    let yes = |b: bool| if b { "yes" } else { "no" };
    let path = match &news {
        News::Played(m) => {
            let uci = m.uci();
            {
                let Ok(mut s) = shared.lock() else { return };
                if !s.connected {
                    drop(s);
                    return acts(OpponentAct::NotSent { why: Failure::NoConnection });
                }
                s.known.push(uci.clone());
                if let Some(h) = &mut s.history {
                    let _ = h.push(*m);
                }
            }
            format!("{base}/move/{uci}")
        }
        News::DrawOffered => format!("{base}/draw/yes"),
        News::DrawAnswered { accept } => format!("{base}/draw/{}", yes(*accept)),
        News::TakebackProposed => format!("{base}/takeback/yes"),
        News::TakebackAnswered { accept } => format!("{base}/takeback/{}", yes(*accept)),
        News::Resigned => format!("{base}/resign"),
        News::ClaimVictory => format!("{base}/claim-victory"),
        // lichess takes a draw offer in a position that can be claimed as
        // the claim.
        News::ClaimDraw => format!("{base}/draw/yes"),
        News::Abort => format!("{base}/abort"),
        News::Berserk => format!("{base}/berserk"),
        News::GiveTime => format!("/api/round/{}/add-time/15", super::path_segment(id)),
        News::Chat(_) => format!("{base}/chat"),
        News::YourMove { .. } => return,
    };
    let form: Vec<(&str, &str)> = match &news {
        News::Chat(text) => vec![("room", "player"), ("text", text.as_str())],
        _ => Vec::new(),
    };
    // A move lichess has not answered within a moment is said to be
    // waiting: never only shown as played while lichess does not have it.
    let answered = match &news {
        News::Played(m) => {
            let (done, waiting) = channel::<()>();
            let (acts, mv) = (acts.clone(), *m);
            let _ = std::thread::Builder::new().name("lichess-move-wait".into()).spawn(move || {
                if waiting.recv_timeout(MOVE_ANSWER_MOMENT) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                    acts(OpponentAct::Unanswered(mv));
                }
            });
            Some(done)
        }
        _ => None,
    };
    // Sent once, at once: a 429 or a failure is said now, never waited
    // out behind the player's clock.
    let posted = client.post(&path, &form);
    drop(answered);
    let e = match posted {
        Err(e) => e,
        // What lichess's stream shows only as a clock is said as taken.
        Ok(_) if matches!(news, News::GiveTime | News::Berserk) => return acts(OpponentAct::Taken(news)),
        Ok(_) => return,
    };
    let failure = match e {
        ApiError::Refused(reason) => Failure::Refused(reason),
        ApiError::Network => Failure::NoConnection,
        ApiError::RateLimited | ApiError::Quiet(_) => Failure::AskedToWait,
        _ => Failure::ServerError,
    };
    let News::Played(_) = news else {
        // Nothing changes until the stream says so: the failure is said.
        return acts(OpponentAct::RequestFailed { request: news, failure });
    };
    // Not played on the server: the position is the one before it.
    if let Ok(mut s) = shared.lock() {
        s.known.pop();
        if let Some(h) = &mut s.history {
            h.pop();
        }
    }
    match failure {
        Failure::Refused(reason) => {
            acts(OpponentAct::Refused { reason });
            acts(OpponentAct::TakeBack { plies: 1 });
        }
        why => acts(OpponentAct::NotSent { why }),
    }
}

/// Follows the game's stream, opening it again when it drops, with
/// pauses that grow until a stream holds ([`HELD`]). The loss is said
/// once per outage (when the stream failed or gave nothing, or could not
/// be opened again), and its end once, when a line comes again; a stream
/// the server closes after giving something, and that opens again at
/// once, is no outage. Two quick
/// closes of streams that had given the game mean another window took it
/// over (lichess ends the older stream of a game): said once, and left
/// to that window.
fn follow(
    client: &Client,
    id: &str,
    (me, me_id): (Color, &str),
    mut lines: Lines,
    shared: &Mutex<Shared>,
    acts: &Acts,
    left: &std::sync::atomic::AtomicBool,
) {
    let gone = || left.load(std::sync::atomic::Ordering::Relaxed);
    let (mut attempt, mut said_lost, mut taken_over) = (0, false, 0);
    loop {
        let opened = std::time::Instant::now();
        let mut delivered = false;
        while let Some(line) = lines.next_line() {
            if gone() {
                return;
            }
            // Anything, a keep-alive too, shows the stream works.
            delivered = true;
            if std::mem::take(&mut said_lost) {
                acts(OpponentAct::Connection { up: true });
            }
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<GameLine>(&line) {
                Ok(GameLine::GameState(state)) => on_state(&state, me, shared, acts),
                Ok(GameLine::GameFull(full)) => on_state(&full.state, me, shared, acts),
                Ok(GameLine::ChatLine(chat)) => {
                    // The players' room only, and not the player's own lines.
                    let from = super::plain_text(&chat.username).chars().take(30).collect::<String>();
                    if chat.room != "spectator" && !from.eq_ignore_ascii_case(me_id) {
                        let text = super::plain_text(&chat.text).chars().take(140).collect();
                        acts(OpponentAct::Chat { from, text });
                    }
                }
                Ok(GameLine::OpponentGone(g)) if g.gone => acts(OpponentAct::Left {
                    claim_in: g.claim_win_in_seconds.filter(|s| *s <= MAX_CLAIM_SECONDS).map(|s| s * 1000),
                }),
                Ok(GameLine::OpponentGone(_)) => acts(OpponentAct::Returned),
                _ => {}
            }
            if shared.lock().map_or(true, |s| s.over) {
                return;
            }
        }
        if gone() || shared.lock().map_or(true, |s| s.over) {
            return;
        }
        if let Ok(mut s) = shared.lock() {
            s.connected = false;
        }
        let held = opened.elapsed() >= HELD;
        if held {
            attempt = 0;
        }
        taken_over = if !held && delivered && lines.closed_by_server() { taken_over + 1 } else { 0 };
        if taken_over >= 2 {
            return acts(OpponentAct::OpenedElsewhere);
        }
        // A stream that failed, or gave nothing, is an outage now.
        if (!lines.closed_by_server() || !delivered) && !std::mem::replace(&mut said_lost, true) {
            acts(OpponentAct::Connection { up: false });
        }
        lines = loop {
            std::thread::sleep(pause(attempt));
            attempt += 1;
            if gone() {
                return;
            }
            match client.stream(&format!("/api/board/game/stream/{}", super::path_segment(id))) {
                Ok(l) => break l,
                Err(e) if e.wait().is_some() => std::thread::sleep(e.wait().unwrap_or(Duration::from_secs(60))),
                Err(ApiError::NotFound | ApiError::Unauthorized | ApiError::MissingScope) => return,
                Err(_) => {
                    if !std::mem::replace(&mut said_lost, true) {
                        acts(OpponentAct::Connection { up: false });
                    }
                }
            }
        };
        if let Ok(mut s) = shared.lock() {
            s.connected = true;
        }
    }
}

/// A game state from the server: moves the player has not heard, offers,
/// the clocks, the end.
fn on_state(state: &GameState, me: Color, shared: &Mutex<Shared>, acts: &Acts) {
    let Ok(mut s) = shared.lock() else { return };
    let server: Vec<String> = state.moves.split_whitespace().map(str::to_string).collect();
    // Times no clock can show are unknown: ours goes on as it was.
    let clocks = [state.wtime, state.btime];
    let clocks = clocks.iter().all(|t| *t <= MAX_CLOCK_MS).then_some(clocks);
    let mut moved = false;
    if server.len() < s.known.len() && s.known.starts_with(&server) {
        let plies = s.known.len() - server.len();
        s.known.truncate(server.len());
        if let Some(h) = &mut s.history {
            for _ in 0..plies {
                h.pop();
            }
        }
        acts(OpponentAct::TakeBack { plies });
        moved = true;
    } else if server.starts_with(&s.known) {
        let from = s.known.len();
        for uci in server[from..].iter().cloned() {
            let Some(h) = &mut s.history else { break };
            let pos = *h.current();
            let Some(mv) = server_move(&pos, &uci) else { break };
            if pos.turn() == me {
                // A move of the player's side made elsewhere cannot be
                // told to this game; it stops here.
                break;
            }
            let _ = h.push(mv);
            s.known.push(uci);
            acts(OpponentAct::Move { mv, clocks });
            moved = true;
        }
    }
    if !moved && let Some(clocks) = clocks {
        acts(OpponentAct::Clocks(clocks));
    }
    let started = matches!(state.status.as_str(), "started" | "created" | "");
    let (mine_draw, theirs_draw) =
        if me == Color::White { (state.wdraw, state.bdraw) } else { (state.bdraw, state.wdraw) };
    let (mine_back, theirs_back) =
        if me == Color::White { (state.wtakeback, state.btakeback) } else { (state.btakeback, state.wtakeback) };
    if started {
        if theirs_draw && !s.draw.1 {
            acts(OpponentAct::OfferDraw);
        }
        if s.draw.0 && !mine_draw {
            acts(OpponentAct::AnswerDraw { accept: false });
        }
        if theirs_back && !s.takeback.1 {
            acts(OpponentAct::ProposeTakeback);
        }
        if s.takeback.0 && !mine_back && !moved {
            acts(OpponentAct::DeclineTakeback);
        }
    }
    s.draw = (mine_draw, theirs_draw);
    s.takeback = (mine_back, theirs_back);
    if !started && !s.over {
        s.over = true;
        acts(OpponentAct::Ended(ending(state)));
    }
}

/// The end of a game as the server states it.
fn ending(state: &GameState) -> Ending {
    let winner = match state.winner.as_deref() {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    };
    let win = |reason| winner.map_or(Ending::Aborted, |w| Ending::Result(Outcome::Win { winner: w, reason }));
    match state.status.as_str() {
        "mate" => win(WinReason::Checkmate),
        "resign" | "timeout" | "cheat" => win(WinReason::Resignation),
        "outoftime" => match winner {
            Some(_) => win(WinReason::FlagFall),
            None => Ending::Result(Outcome::Draw(DrawReason::FlagFallNoMatingMaterial)),
        },
        "stalemate" => Ending::Result(Outcome::Draw(DrawReason::Stalemate)),
        "draw" => Ending::Result(Outcome::Draw(DrawReason::Agreement)),
        "insufficientMaterialClaim" => Ending::Result(Outcome::Draw(DrawReason::DeadPosition)),
        _ => match winner {
            Some(_) => win(WinReason::Resignation),
            None => Ending::Aborted,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorder() -> (Acts, Arc<Mutex<Vec<OpponentAct>>>) {
        let got = Arc::new(Mutex::new(Vec::new()));
        let sink = got.clone();
        (Arc::new(move |a| sink.lock().unwrap().push(a)), got)
    }

    fn shared_after(moves: &[&str]) -> Mutex<Shared> {
        let mut h = History::new(Position::start());
        for uci in moves {
            let m = server_move(h.current(), uci).expect("legal");
            let _ = h.push(m);
        }
        Mutex::new(Shared {
            known: moves.iter().map(|s| s.to_string()).collect(),
            history: Some(h),
            connected: true,
            ..Shared::default()
        })
    }

    fn state(moves: &str, status: &str) -> GameState {
        GameState { moves: moves.into(), wtime: 60_000, btime: 50_000, status: status.into(), ..GameState::default() }
    }

    /// The server's states become acts: the opponent's moves (several
    /// missed at once too) with the clocks, a takeback, offers both ways,
    /// the end as stated, each once.
    #[test]
    fn states_become_acts() {
        let (acts, got) = recorder();
        let s = shared_after(&["e2e4"]);
        on_state(&state("e2e4 e7e5 g1f3 b8c6", "started"), Color::White, &s, &acts);
        // g1f3 is the player's (White's) own, made elsewhere: it stops there.
        let got_now = got.lock().unwrap().clone();
        assert!(
            matches!(got_now.as_slice(), [OpponentAct::Move { clocks: Some([60_000, 50_000]), .. }]),
            "{got_now:?}"
        );
        got.lock().unwrap().clear();
        let s = shared_after(&["e2e4", "e7e5"]);
        on_state(&state("e2e4", "started"), Color::White, &s, &acts);
        assert_eq!(got.lock().unwrap().as_slice(), [OpponentAct::TakeBack { plies: 1 }]);
        got.lock().unwrap().clear();
        let offer = GameState { bdraw: true, ..state("e2e4", "started") };
        on_state(&offer, Color::White, &s, &acts);
        on_state(&offer, Color::White, &s, &acts);
        let draws = got.lock().unwrap().iter().filter(|a| **a == OpponentAct::OfferDraw).count();
        assert_eq!(draws, 1, "an offer is said once");
        got.lock().unwrap().clear();
        on_state(&GameState { winner: Some("black".into()), ..state("e2e4", "resign") }, Color::White, &s, &acts);
        on_state(&GameState { winner: Some("black".into()), ..state("e2e4", "resign") }, Color::White, &s, &acts);
        let ends: Vec<_> = got.lock().unwrap().iter().filter(|a| matches!(a, OpponentAct::Ended(_))).cloned().collect();
        assert_eq!(
            ends,
            [OpponentAct::Ended(Ending::Result(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation }))]
        );
    }

    /// Absurd numbers from the server are unknown: no clock set from a
    /// time no clock can show.
    #[test]
    fn absurd_times_are_unknown() {
        let (acts, got) = recorder();
        let s = shared_after(&["e2e4"]);
        let absurd = GameState { wtime: u64::MAX / 2, ..state("e2e4 e7e5", "started") };
        on_state(&absurd, Color::White, &s, &acts);
        assert!(matches!(got.lock().unwrap().as_slice(), [OpponentAct::Move { clocks: None, .. }]));
    }
}
