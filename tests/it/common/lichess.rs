//! A lichess Board API server for tests, on 127.0.0.1, written from
//! lichess's OpenAPI spec (lichess-org/api, doc/specs): the JSON field
//! names, chunked ndjson streams with keep-alive newlines, and the 400,
//! 401, 403, 404 and 429 bodies. Its opponent plays a script of moves; a
//! test can make it offer a draw or a takeback, leave, chat, cut the
//! streams, refuse the next move, or challenge the player.

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// lichess's daily puzzle as its OpenAPI spec's example gives it.
pub const DAILY: &str = r#"{"game":{"id":"bcZBqQrZ","perf":{"key":"rapid","name":"Rapid"},"rated":true,"players":[{"name":"StourKwn","id":"stourkwn","color":"white","rating":1898},{"name":"Jaraxis","id":"jaraxis","color":"black","rating":1837}],"pgn":"g3 e5 Bg2 d5 d3 Nc6 c4 Be6 Nc3 Nf6 Nf3 Qd7 Bg5 Be7 cxd5 Nxd5 Bxe7 Qxe7 O-O O-O-O Qc2 g5 Nxd5 Bxd5 e4 Be6 a3 f5 Rac1 Nd4 Nxd4 Rxd4 exf5 Bxf5 Rfd1 Rhd8 Qb3 c6 Rc3 h5 Rdc1 R8d6 Qg8+ Rd8 Qb3 R8d6 a4 Rxd3 Rxd3 Rxd3 Qc4 e4 a5 a6 Re1 Qe5 Bxe4 Bxe4","clock":"10+0"},"puzzle":{"id":"IFy4T","rating":1869,"plays":42035,"solution":["c4d3","e4d3","e1e5"],"themes":["endgame","crushing","short"],"fen":"2k5/1p6/p1p5/P3q1pp/2Q1b3/3r2P1/1P3P1P/4R1K1 w - - 0 1","lastMove":"f5e4","initialPly":57}}"#;

/// A mate in one from a game (the player is White: Qxf7#), in the form
/// of the spec's PuzzleAndGame.
pub const MATE: &str = r#"{"game":{"id":"mateGame","perf":{"key":"blitz","name":"Blitz"},"rated":true,"players":[{"name":"A","id":"a","color":"white","rating":1500},{"name":"B","id":"b","color":"black","rating":1500}],"pgn":"e4 e5 Bc4 Nc6 Qh5 Nf6","clock":"3+0"},"puzzle":{"id":"mate1","rating":1200,"plays":10,"solution":["h5f7"],"themes":["mateIn1","opening","short"],"initialPly":5}}"#;

/// The dashboard of the spec's example.
pub const DASHBOARD: &str = r#"{"days":30,"global":{"nb":11,"firstWins":5,"replayWins":0,"puzzleRatingAvg":1454,"performance":1409},"themes":{"middlegame":{"theme":"Middlegame","results":{"nb":8,"firstWins":4,"replayWins":0,"puzzleRatingAvg":1455,"performance":1455}},"fork":{"theme":"Fork","results":{"nb":3,"firstWins":0,"replayWins":0,"puzzleRatingAvg":1248,"performance":748}},"pin":{"theme":"Pin","results":{"nb":1,"firstWins":0,"replayWins":0,"puzzleRatingAvg":1632,"performance":1132}},"mate":{"theme":"Checkmate","results":{"nb":2,"firstWins":1,"replayWins":0,"puzzleRatingAvg":1558,"performance":1558}}}}"#;

/// The token the server knows, and one without the board:play scope.
pub const TOKEN: &str = "lip_TestToken123";
pub const NO_SCOPE_TOKEN: &str = "lip_NoScope456";
/// A token with board:play but not tournament:write.
pub const BOARD_ONLY_TOKEN: &str = "lip_BoardOnly789";

#[derive(Default)]
pub struct Game {
    pub id: String,
    /// The player's colour: "white" or "black".
    pub me: String,
    pub opponent: String,
    pub moves: Vec<String>,
    pub wtime: u64,
    pub btime: u64,
    pub inc: u64,
    pub status: String,
    pub winner: Option<String>,
    pub wdraw: bool,
    pub bdraw: bool,
    pub wtakeback: bool,
    pub btakeback: bool,
    /// The opponent's replies, in order.
    pub script: VecDeque<String>,
    /// The opponent accepts the player's draw offers and takebacks.
    pub agreeable: bool,
    /// When each line was handed to the game's streams.
    pub sent_at: Vec<(String, std::time::Instant)>,
    /// A correspondence game (3 days a move, no clock).
    pub correspondence: bool,
    /// How the game came to be (the spec's `source`: "friend", "ai",
    /// "lobby", "arena", "swiss").
    pub source: String,
    /// The arena or Swiss tournament whose pairing it is.
    pub tournament: Option<String>,
    streams: Vec<Sender<String>>,
}

impl Game {
    fn state(&self) -> String {
        let winner = self.winner.as_ref().map_or(String::new(), |w| format!(",\"winner\":\"{w}\""));
        format!(
            "{{\"type\":\"gameState\",\"moves\":\"{}\",\"wtime\":{},\"btime\":{},\"winc\":{},\"binc\":{},\"status\":\"{}\"{winner},\"wdraw\":{},\"bdraw\":{},\"wtakeback\":{},\"btakeback\":{}}}",
            self.moves.join(" "),
            self.wtime,
            self.btime,
            self.inc,
            self.inc,
            self.status,
            self.wdraw,
            self.bdraw,
            self.wtakeback,
            self.btakeback
        )
    }

    fn full(&self) -> String {
        let (w, b) = if self.me == "white" {
            ("{\"id\":\"player\",\"name\":\"Player\",\"rating\":1500}".to_string(), self.other())
        } else {
            (self.other(), "{\"id\":\"player\",\"name\":\"Player\",\"rating\":1500}".to_string())
        };
        // An arena's game names its arena (the spec's GameFullEvent).
        let arena = match (&self.tournament, self.source.as_str()) {
            (Some(t), "arena") => format!("\"tournamentId\":\"{t}\","),
            _ => String::new(),
        };
        format!(
            "{{\"type\":\"gameFull\",\"id\":\"{}\",\"variant\":{{\"key\":\"standard\"}},{},\"rated\":false,\"createdAt\":1,\"white\":{w},\"black\":{b},\"initialFen\":\"startpos\",{}{arena}\"state\":{},\"someNewField\":1}}",
            self.id,
            if self.correspondence {
                "\"speed\":\"correspondence\",\"perf\":{\"name\":\"Correspondence\"},\"daysPerTurn\":3"
            } else {
                "\"speed\":\"rapid\",\"perf\":{\"name\":\"Rapid\"}"
            },
            if self.correspondence {
                String::new()
            } else {
                format!("\"clock\":{{\"initial\":900000,\"increment\":{}}},", self.inc)
            },
            self.state()
        )
    }

    fn other(&self) -> String {
        format!("{{\"id\":\"{0}\",\"name\":\"{1}\",\"rating\":1600}}", self.opponent.to_lowercase(), self.opponent)
    }

    fn my_turn(&self) -> bool {
        self.moves.len().is_multiple_of(2) == (self.me == "white")
    }

    /// A game just started, 15 minutes each, with no moves and no script.
    fn started(id: &str, me: &str, opponent: &str, source: &str, correspondence: bool) -> Game {
        Game {
            id: id.into(),
            me: me.into(),
            opponent: opponent.into(),
            wtime: 900_000,
            btime: 900_000,
            status: "started".into(),
            correspondence,
            source: source.into(),
            ..Game::default()
        }
    }

    /// The game as the event stream's `gameStart` and the games in
    /// progress describe it (the spec's GameEventInfo).
    fn info(&self) -> String {
        let (speed, left) = if self.correspondence { ("correspondence", 3 * 86_400 + 7200) } else { ("rapid", 900) };
        let tournament = match (&self.tournament, self.source.as_str()) {
            (Some(t), "swiss") => format!(",\"swissId\":\"{t}\""),
            (Some(t), _) => format!(",\"tournamentId\":\"{t}\""),
            (None, _) => String::new(),
        };
        let ai = if self.source == "ai" { ",\"ai\":3" } else { "" };
        format!(
            "{{\"gameId\":\"{}\",\"fullId\":\"{}xxxx\",\"color\":\"{}\",\"isMyTurn\":{},\"speed\":\"{speed}\",\"secondsLeft\":{left},\"source\":\"{}\",\"hasMoved\":{},\"opponent\":{{\"id\":\"{}\",\"username\":\"{}\",\"rating\":1600{ai}}}{tournament}}}",
            self.id,
            self.id,
            self.me,
            self.my_turn(),
            self.source,
            !self.moves.is_empty(),
            self.opponent.to_lowercase(),
            self.opponent,
        )
    }

    /// The event stream's line for the game.
    fn start_line(&self) -> String {
        format!("{{\"type\":\"gameStart\",\"game\":{}}}", self.info())
    }

    /// Sends a line to the game's streams.
    pub fn send(&mut self, line: &str) {
        self.sent_at.push((line.to_string(), std::time::Instant::now()));
        self.streams.retain(|s| s.send(line.to_string()).is_ok());
    }

    fn changed(&mut self) {
        let state = self.state();
        self.send(&state);
    }
}

/// How a hostile server's game streams behave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StreamMode {
    /// As lichess does.
    #[default]
    Normal,
    /// Keep-alive newlines only, every half second, never the game.
    KeepAlivesOnly,
    /// The game's first line, one byte a second.
    Drip,
    /// Opened and ended at once, with nothing in it.
    OpenAndClose,
}

/// The server's state.
#[derive(Default)]
pub struct State {
    pub games: HashMap<String, Game>,
    events: Vec<Sender<String>>,
    /// Events sent while no event stream was open, for the next one.
    unsent_events: Vec<String>,
    /// Every request: method, path, body (the Authorization header is
    /// never recorded: tests look for the token everywhere else).
    pub requests: Vec<(String, String, String)>,
    /// When each request's path arrived.
    pub arrived: Vec<(String, std::time::Instant)>,
    /// The next move post is refused with this reason.
    pub refuse_next: Option<String>,
    /// Every request but a move (resign, draw, takeback, abort, claim)
    /// is answered with this status and an error body, and changes nothing.
    pub refuse_requests: Option<u16>,
    /// A game the player's challenge starts (the script for it).
    pub next_game_script: Vec<String>,
    /// How many game streams were opened.
    pub game_streams: usize,
    /// How the game streams behave.
    pub game_stream_mode: StreamMode,
    /// Game streams cannot be opened (answered 503): an outage.
    pub streams_down: bool,
    /// The puzzles a batch gives (PuzzleAndGame JSON each).
    pub puzzles: Vec<String>,
    /// The player's lichess puzzle rating less 1500 (changed by results posted).
    pub puzzle_rating: i32,
    /// The ids of the puzzle results lichess counted (answered 200), in
    /// the order they came.
    pub puzzles_counted: Vec<String>,
    /// Puzzle requests are answered 429.
    pub puzzles_limited: bool,
    /// Requests whose path starts with one of these are answered 429.
    pub limited_paths: Vec<String>,
    /// Requests whose path starts with one of these wait while it is
    /// here (at most a minute): an answer that is slow for as long as a
    /// test wants, with no timing to race.
    pub held_paths: Vec<String>,
    /// Results posted are answered this much later (ms): a request under
    /// way while the player goes on.
    pub post_delay_ms: u64,
    /// The player's challenges are accepted (else declined): the game
    /// starts, its id "rematch1", the player's colour as asked.
    pub accept_challenges: bool,
    /// The ids the replay of a theme gives.
    pub replay: Vec<String>,
    /// The explorer's and the tablebase's answers, by "masters FEN",
    /// "lichess FEN" or "standard FEN"; a position not here has no games
    /// (the explorer) or is not found (the tablebase).
    pub lookups: HashMap<String, String>,
    /// Each explorer or tablebase question: its path and query, and
    /// whether a token came with it.
    pub looked: Vec<(String, bool)>,
    /// The explorer and the tablebase answer 429.
    pub lookups_limited: bool,
    /// What a TV feed opened gives first (ndjson lines of the spec's
    /// TvFeed); later lines go to every open feed with `tv_send`.
    pub tv_first: Vec<String>,
    tv_streams: Vec<Sender<String>>,
    /// How many TV feeds were opened.
    pub tv_opened: usize,
    /// What GET /api/tournament answers (the spec's ArenaTournaments).
    pub arenas: String,
    /// The standings GET /api/tournament/{id}/results gives, a line each.
    pub results: Vec<String>,
    /// The games players play now, by lowercase name (what
    /// /api/users/status tells with withGameIds); a game's stream
    /// (/api/stream/game/{id}) gives `tv_first` and `tv_send` as TV does.
    pub playing_ids: HashMap<String, String>,
    /// What GET /api/team/of/{name} answers (the spec's teams).
    pub teams: String,
    /// A team's arenas and Swiss tournaments (ndjson), by the team's id.
    pub team_arenas: HashMap<String, String>,
    pub team_swiss: HashMap<String, String>,
    /// What GET /api/swiss/{id} answers, by id (the spec's SwissTournament).
    pub swiss: HashMap<String, String>,
    /// What GET /api/tournament/{id} answers (an arena's time left).
    pub arena_full: String,
    /// What GET /api/broadcast/top answers (the spec's BroadcastTop).
    pub broadcast_top: String,
    /// What GET /api/broadcast/{id} answers, by the tournament's id.
    pub broadcast_tours: HashMap<String, String>,
    /// Each round's games as PGN, by the round's id: the export gives
    /// them, and the round's stream sends them first; later games go to
    /// every open round stream with `broadcast_send`.
    pub round_pgn: HashMap<String, String>,
    round_streams: Vec<Sender<String>>,
    /// What GET /broadcast/{id}/players answers, by the tournament's id.
    pub broadcast_players: HashMap<String, String>,
    /// The broadcasts' paths asked for, and whether a token came with each.
    pub broadcast_asked: Vec<(String, bool)>,
    /// The broadcasts' endpoints answer 429.
    pub broadcasts_limited: bool,
    /// What the export of the player's games gives, when not the usual
    /// two games (`MY_GAMES`).
    pub user_games: Option<String>,
    counter: u32,
}

impl State {
    /// A new game with the player as `me`, begun by a challenge.
    pub fn new_game(&mut self, me: &str, opponent: &str, script: &[&str]) -> String {
        self.counter += 1;
        let id = format!("game{:04}", self.counter);
        self.start_game(&id, me, opponent, script, "friend", None, false)
    }

    /// A new game that started as `source` says, of `tournament`'s when
    /// it is a pairing; a correspondence game when `correspondence`. Its
    /// `gameStart` goes to the event streams.
    #[allow(clippy::too_many_arguments)]
    pub fn start_game(
        &mut self,
        id: &str,
        me: &str,
        opponent: &str,
        script: &[&str],
        source: &str,
        tournament: Option<&str>,
        correspondence: bool,
    ) -> String {
        let mut game = Game::started(id, me, opponent, source, correspondence);
        game.script = script.iter().map(|s| s.to_string()).collect();
        game.tournament = tournament.map(str::to_string);
        let start = game.start_line();
        self.games.insert(id.to_string(), game);
        self.events.retain(|s| s.send(start.clone()).is_ok());
        id.to_string()
    }

    /// An arena's (or with `source` "swiss", a Swiss's) pairing.
    pub fn new_pairing(&mut self, tournament: &str, source: &str, opponent: &str, script: &[&str]) -> String {
        self.counter += 1;
        let id = format!("pair{:04}", self.counter);
        self.start_game(&id, "white", opponent, script, source, Some(tournament), false)
    }

    /// A game already in progress (no `gameStart` now: the event stream
    /// says it when it opens).
    pub fn running_game(&mut self, me: &str, opponent: &str, correspondence: bool, source: &str) -> String {
        self.counter += 1;
        let id = format!("runs{:04}", self.counter);
        self.games.insert(id.clone(), Game::started(&id, me, opponent, source, correspondence));
        id
    }

    /// Sends a line to the event streams; with none open yet (the client
    /// opens its own on a thread, a moment after the lobby greets), the
    /// line waits and the next stream opened gives it first, so that no
    /// event is lost by chance.
    pub fn event(&mut self, line: &str) {
        self.events.retain(|s| s.send(line.to_string()).is_ok());
        if self.events.is_empty() {
            self.unsent_events.push(line.to_string());
        }
    }

    /// Ends every game stream (a dropped connection).
    pub fn cut_game_streams(&mut self) {
        for g in self.games.values_mut() {
            g.streams.clear();
        }
    }
}

/// The server.
pub struct Lichess {
    pub url: String,
    pub state: Arc<Mutex<State>>,
}

impl Lichess {
    pub fn start() -> Lichess {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let state = Arc::new(Mutex::new(State::default()));
        let shared = state.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                // A failed accept (a connection aborted, a moment without
                // descriptors on a loaded machine) is not the server's end.
                let Ok(stream) = stream else {
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                };
                let state = shared.clone();
                std::thread::spawn(move || handle(stream, &state));
            }
        });
        Lichess { url, state }
    }

    /// The state, once `open` says a stream the client opens on its own
    /// thread is there (a test that sent before it was would lose the
    /// line by chance); at most 30 s.
    fn once_open(&self, what: &str, open: impl Fn(&State) -> bool) -> std::sync::MutexGuard<'_, State> {
        let start = std::time::Instant::now();
        loop {
            let s = self.state.lock().unwrap();
            if open(&s) {
                return s;
            }
            drop(s);
            assert!(start.elapsed() < Duration::from_secs(30), "voxchess never opened {what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// A line to every open TV feed (once one is open).
    pub fn tv_send(&self, line: &str) {
        let mut s = self.once_open("a TV feed", |s| !s.tv_streams.is_empty());
        s.tv_streams.retain(|t| t.send(line.to_string()).is_ok());
    }

    /// A game's PGN to every open broadcast round stream (the whole game,
    /// as lichess sends it when it changes), once one is open.
    pub fn broadcast_send(&self, pgn: &str) {
        let mut s = self.once_open("a round's stream", |s| !s.round_streams.is_empty());
        s.round_streams.retain(|t| t.send(pgn.to_string()).is_ok());
    }

    /// Waits until a round's stream is open, so that a cut cuts it
    /// rather than refusing its first request.
    pub fn broadcast_connected(&self) {
        drop(self.once_open("a round's stream", |s| !s.round_streams.is_empty()));
    }

    /// Waits until voxchess has game `id`'s stream open.
    pub fn game_connected(&self, id: &str) {
        drop(self.once_open("the game's stream", |s| s.games.get(id).is_some_and(|g| !g.streams.is_empty())));
    }

    /// Ends every open broadcast round stream.
    pub fn broadcast_cut(&self) {
        self.state.lock().unwrap().round_streams.clear();
    }

    /// Ends every open TV feed.
    pub fn tv_cut(&self) {
        self.state.lock().unwrap().tv_streams.clear();
    }

    /// The opponent plays a move in game `id`.
    /// As on lichess, the opponent moves only on its turn: this waits
    /// until the server has the player's move (a move the client sends
    /// may still be on its way) and fails the test if it never comes.
    pub fn opponent_moves(&self, id: &str, uci: &str) {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            let mut s = self.state.lock().unwrap();
            let Some(g) = s.games.get_mut(id) else { return };
            if !g.my_turn() {
                g.moves.push(uci.into());
                g.changed();
                return;
            }
            let moves = g.moves.join(" ");
            drop(s);
            assert!(
                std::time::Instant::now() < deadline,
                "the opponent's {uci} waited 30 s for the player's move; the server has: {moves}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Changes game `id` and sends its state.
    pub fn change(&self, id: &str, f: impl FnOnce(&mut Game)) {
        let mut s = self.state.lock().unwrap();
        if let Some(g) = s.games.get_mut(id) {
            f(g);
            g.changed();
        }
    }
}

struct Request {
    method: String,
    path: String,
    token: String,
    body: String,
}

fn read_request(stream: &TcpStream) -> Option<Request> {
    let mut reader = BufReader::new(stream);
    let mut first = String::new();
    reader.read_line(&mut first).ok()?;
    let mut parts = first.split_whitespace();
    let (method, path) = (parts.next()?.to_string(), parts.next()?.to_string());
    let (mut token, mut length) = (String::new(), 0usize);
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        match name.to_ascii_lowercase().as_str() {
            "authorization" => token = value.trim().trim_start_matches("Bearer ").to_string(),
            "content-length" => length = value.trim().parse().unwrap_or(0),
            _ => {}
        }
    }
    let mut body = vec![0; length.min(1 << 16)];
    reader.read_exact(&mut body).ok()?;
    Some(Request { method, path, token, body: String::from_utf8_lossy(&body).into_owned() })
}

fn respond(mut stream: &TcpStream, status: u16, body: &str) {
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        _ => "Too Many Requests",
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
}

/// A chunked ndjson stream: lines as they come, a keep-alive newline each
/// second; ends when the sender side goes (or `stop` says so).
fn stream_lines(stream: &TcpStream, first: Vec<String>, lines: Receiver<String>) {
    stream_lines_with(stream, first, lines, true);
}

/// A chunked ndjson stream, with or without keep-alive newlines (lichess
/// promises them on the event stream, not on TV or a game's stream).
fn stream_lines_with(mut stream: &TcpStream, first: Vec<String>, lines: Receiver<String>, keep_alive: bool) {
    let _ =
        write!(stream, "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n");
    let chunk = |mut s: &TcpStream, text: &str| write!(s, "{:x}\r\n{text}\r\n", text.len()).is_ok();
    for l in first {
        if !chunk(stream, &format!("{l}\n")) {
            return;
        }
    }
    loop {
        match lines.recv_timeout(Duration::from_millis(1000)) {
            Ok(l) => {
                if !chunk(stream, &format!("{l}\n")) {
                    return;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if keep_alive && !chunk(stream, "\n") {
                    return;
                }
            }
            Err(_) => {
                let _ = write!(stream, "0\r\n\r\n");
                let _ = stream.flush();
                return;
            }
        }
    }
}

/// A stream that never gives the game: keep-alives only, or its first
/// line a byte a second (until the client goes).
fn stall(mut stream: &TcpStream, first: &str, mode: StreamMode) {
    let _ =
        write!(stream, "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n");
    let mut bytes = first.bytes().cycle();
    loop {
        let (text, pause) = match mode {
            StreamMode::Drip => ((bytes.next().unwrap_or(b'x') as char).to_string(), 1000),
            _ => ("\n".to_string(), 500),
        };
        if write!(stream, "{:x}\r\n{text}\r\n", text.len()).is_err() {
            return;
        }
        std::thread::sleep(Duration::from_millis(pause));
    }
}

fn param<'a>(body: &'a str, name: &str) -> Option<&'a str> {
    body.split('&').find_map(|kv| kv.strip_prefix(&format!("{name}=")))
}

/// The puzzle endpoints of the spec (the token already checked): a
/// batch, results posted (each counted ±10, the batch given again), the
/// dashboard, a theme's replay and a puzzle by id.
fn puzzles(stream: &TcpStream, req: &Request, state: &Mutex<State>) {
    let mut s = state.lock().unwrap();
    if s.puzzles_limited {
        return respond(stream, 429, "{\"error\":\"Too many requests. Try again later.\"}");
    }
    let (path, _query) = req.path.split_once('?').unwrap_or((&req.path, ""));
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let batch = |s: &State| format!("{{\"puzzles\":[{}]}}", s.puzzles.join(","));
    match (req.method.as_str(), &parts[2..]) {
        ("GET", ["batch", _]) => respond(stream, 200, &batch(&s)),
        ("POST", ["batch", _]) => {
            if s.post_delay_ms > 0 {
                let delay = s.post_delay_ms;
                drop(s);
                std::thread::sleep(std::time::Duration::from_millis(delay));
                s = state.lock().unwrap();
            }
            let body: serde_json::Value = serde_json::from_str(&req.body).unwrap_or_default();
            let mut rounds = Vec::new();
            for sol in body["solutions"].as_array().cloned().unwrap_or_default() {
                let win = sol["win"].as_bool().unwrap_or(false);
                let diff = if win { 10 } else { -8 };
                s.puzzle_rating += diff;
                s.puzzles_counted.push(sol["id"].as_str().unwrap_or_default().to_string());
                rounds.push(format!("{{\"id\":{},\"win\":{win},\"ratingDiff\":{diff}}}", sol["id"]));
            }
            let reply = format!(
                "{{\"puzzles\":[{}],\"glicko\":{{\"rating\":{}.5,\"deviation\":80}},\"rounds\":[{}]}}",
                s.puzzles.join(","),
                1500 + s.puzzle_rating,
                rounds.join(",")
            );
            respond(stream, 200, &reply)
        }
        ("GET", ["dashboard", _]) => respond(stream, 200, DASHBOARD),
        ("GET", ["replay", _, theme]) => {
            if s.replay.is_empty() {
                return respond(stream, 404, "{\"error\":\"No puzzles to replay\"}");
            }
            let ids: Vec<String> = s.replay.iter().map(|i| format!("\"{i}\"")).collect();
            let reply = format!(
                "{{\"replay\":{{\"days\":30,\"theme\":\"{theme}\",\"nb\":{},\"remaining\":[{}]}},\"angle\":{{\"key\":\"{theme}\",\"name\":\"x\",\"desc\":\"x\"}}}}",
                ids.len(),
                ids.join(",")
            );
            respond(stream, 200, &reply)
        }
        ("GET", [id]) => match s.puzzles.iter().find(|p| p.contains(&format!("\"id\":\"{id}\""))) {
            Some(p) => respond(stream, 200, p),
            None => respond(stream, 404, "{\"error\":\"Not found\"}"),
        },
        _ => respond(stream, 404, "{\"error\":\"Not found\"}"),
    }
}

/// `%2F` and the like in a query value, decoded.
fn decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The opening explorer (explorer.lichess.org: /masters, /lichess; a
/// token needed) and the tablebase (tablebase.lichess.org: /standard;
/// none), answering from `State::lookups` by the query's FEN.
fn lookups(stream: &TcpStream, req: &Request, state: &Mutex<State>) {
    let mut s = state.lock().unwrap();
    s.looked.push((req.path.clone(), !req.token.is_empty()));
    if s.lookups_limited {
        return respond(stream, 429, "{\"error\":\"Too many requests\"}");
    }
    let (bare, query) = req.path.split_once('?').unwrap_or((&req.path, ""));
    let db = bare.trim_start_matches('/');
    if db != "standard" && req.token != TOKEN {
        return respond(stream, 401, "{\"error\":\"Missing authorization header\"}");
    }
    let fen = query.split('&').find_map(|p| p.strip_prefix("fen=")).map(decoded).unwrap_or_default();
    match s.lookups.get(&format!("{db} {fen}")) {
        Some(answer) => respond(stream, 200, answer),
        None if db == "standard" => respond(stream, 404, "{\"error\":\"Not found\"}"),
        None => {
            respond(stream, 200, "{\"white\":0,\"draws\":0,\"black\":0,\"moves\":[],\"topGames\":[],\"opening\":null}")
        }
    }
}

/// The broadcasts (no login needed): the top list, a tournament, a
/// round's PGN, and its stream; a tournament's players.
fn broadcasts(stream: &TcpStream, req: &Request, bare: &str, state: &Mutex<State>) {
    let mut s = state.lock().unwrap();
    s.broadcast_asked.push((req.path.clone(), !req.token.is_empty()));
    if s.broadcasts_limited {
        drop(s);
        return respond(stream, 429, "{\"error\":\"Too many requests\"}");
    }
    let not_found = "{\"error\":\"Not found\"}";
    if bare == "/api/broadcast/top" {
        let body = s.broadcast_top.clone();
        drop(s);
        return respond(stream, 200, &body);
    }
    if let Some(id) = bare.strip_prefix("/api/stream/broadcast/round/").and_then(|r| r.strip_suffix(".pgn")) {
        let Some(first) = s.round_pgn.get(id).cloned() else {
            drop(s);
            return respond(stream, 404, not_found);
        };
        if s.streams_down {
            drop(s);
            return respond(stream, 503, "{\"error\":\"down\"}");
        }
        let (tx, rx) = channel();
        s.round_streams.push(tx);
        drop(s);
        return stream_lines_with(stream, vec![first], rx, false);
    }
    if let Some(id) = bare.strip_prefix("/api/broadcast/round/").and_then(|r| r.strip_suffix(".pgn")) {
        let body = s.round_pgn.get(id).cloned();
        drop(s);
        return match body {
            Some(pgn) => respond(stream, 200, &pgn),
            None => respond(stream, 404, not_found),
        };
    }
    if let Some(id) = bare.strip_prefix("/broadcast/").and_then(|r| r.strip_suffix("/players")) {
        let body = s.broadcast_players.get(id).cloned();
        drop(s);
        return match body {
            Some(json) => respond(stream, 200, &json),
            None => respond(stream, 404, not_found),
        };
    }
    let tour = bare.trim_start_matches("/api/broadcast/");
    let body = s.broadcast_tours.get(tour).cloned();
    drop(s);
    match body {
        Some(json) => respond(stream, 200, &json),
        None => respond(stream, 404, not_found),
    }
}

/// A public study of two chapters, as lichess's study export writes it.
pub const STUDY: &str = "[Event \"Endgames: Lucena\"]\n[Site \"https://lichess.org/study/abcdEFGH/chap0001\"]\n[Result \"*\"]\n[StudyName \"Endgames\"]\n[ChapterName \"Lucena\"]\n[SetUp \"1\"]\n[FEN \"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1\"]\n\n1. Rd1+ { Cut off the king. } Ke7 2. Rd4 (2. Kc7 Rc2+) 2... Ra1 *\n\n\n[Event \"Endgames: Philidor\"]\n[Site \"https://lichess.org/study/abcdEFGH/chap0002\"]\n[Result \"*\"]\n[StudyName \"Endgames\"]\n[ChapterName \"Philidor\"]\n\n1. e4 e5 *\n";

/// A game as the game export writes it, with clocks.
pub const EXPORTED_GAME: &str = "[Event \"Rated blitz game\"]\n[Site \"https://lichess.org/q7ZvsdUF\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1-0\"]\n[TimeControl \"180+2\"]\n\n1. e4 { [%clk 0:03:01] } e5 { [%clk 0:02:50] } 2. Qh5 { [%clk 0:02:30] } Nc6 { [%clk 0:02:40] } 3. Bc4 { [%clk 0:02:29] } Nf6 { [%clk 0:01:20] } 4. Qxf7# 1-0\n";

/// The player's last games, as the export of a user's games writes them
/// (newest first).
pub const MY_GAMES: &str = "[Event \"Rated blitz game\"]\n[Site \"https://lichess.org/myGame01\"]\n[UTCDate \"2026.11.30\"]\n[White \"Player\"]\n[Black \"Anna\"]\n[Result \"1-0\"]\n[TimeControl \"180+2\"]\n[Opening \"Italian Game\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } 2. Nf3 Nc6 3. Bc4 1-0\n\n[Event \"Casual rapid game\"]\n[Site \"https://lichess.org/myGame02\"]\n[UTCDate \"2026.11.29\"]\n[White \"Boris\"]\n[Black \"Player\"]\n[Result \"1/2-1/2\"]\n[TimeControl \"600+0\"]\n[Opening \"Queen's Pawn Game\"]\n\n1. d4 d5 1/2-1/2\n";

/// The study export and the game export: `abcdEFGH` is public,
/// `privStdy` only with the token, `q7ZvsdUF` a game.
fn exports(stream: &TcpStream, req: &Request, bare: &str, mine: Option<String>) {
    let pgn = |body: &str| {
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/x-chess-pgn\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let mut s = stream;
        let _ = s.write_all(head.as_bytes());
        let _ = s.write_all(body.as_bytes());
    };
    match bare {
        "/api/study/abcdEFGH.pgn" => pgn(STUDY),
        "/api/study/abcdEFGH/chap0002.pgn" => pgn(STUDY.split("\n\n\n").nth(1).unwrap_or_default()),
        "/api/study/privStdy.pgn" if req.token == TOKEN => pgn(STUDY),
        "/game/export/q7ZvsdUF" => pgn(EXPORTED_GAME),
        "/api/games/user/Player" => pgn(mine.as_deref().unwrap_or(MY_GAMES)),
        // A study whose second chapter has an illegal move.
        "/api/study/badcHapt.pgn" => {
            pgn(&format!("{STUDY}\n\n[Event \"Endgames: Broken\"]\n[ChapterName \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n"))
        }
        _ => respond(stream, 404, "{\"error\":\"Not found\"}"),
    }
}

fn handle(stream: TcpStream, state: &Mutex<State>) {
    let Some(req) = read_request(&stream) else { return };
    {
        let mut s = state.lock().unwrap();
        s.arrived.push((req.path.clone(), std::time::Instant::now()));
        s.requests.push((req.method.clone(), req.path.clone(), req.body.clone()));
    }
    let bare = req.path.split('?').next().unwrap_or_default();
    let held = std::time::Instant::now();
    while state.lock().unwrap().held_paths.iter().any(|p| bare.starts_with(p.as_str()))
        && held.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    if state.lock().unwrap().limited_paths.iter().any(|p| bare.starts_with(p.as_str())) {
        return respond(&stream, 429, "{\"error\":\"Too many requests. Try again later.\"}");
    }
    if req.method == "GET" && ["/masters", "/lichess", "/standard"].contains(&bare) {
        return lookups(&stream, &req, state);
    }
    // Who plays now needs no login.
    if req.method == "GET" && bare == "/api/users/status" {
        let s = state.lock().unwrap();
        let query = req.path.split_once('?').map_or("", |(_, q)| q);
        let ids = query.split('&').find_map(|p| p.strip_prefix("ids=")).map(decoded).unwrap_or_default();
        let found: Vec<String> = ids
            .split(',')
            .filter(|id| !id.is_empty())
            .map(|id| {
                let id = id.to_lowercase();
                match s.playing_ids.get(&id) {
                    Some(game) => format!("{{\"id\":\"{id}\",\"name\":\"{id}\",\"online\":true,\"playing\":true,\"playingId\":\"{game}\"}}"),
                    None => format!("{{\"id\":\"{id}\",\"name\":\"{id}\"}}"),
                }
            })
            .collect();
        return respond(&stream, 200, &format!("[{}]", found.join(",")));
    }
    // lichess TV and the stream of any game need no login.
    let game_stream = bare.starts_with("/api/stream/game/");
    if req.method == "GET" && (game_stream || (bare.starts_with("/api/tv/") && bare.ends_with("/feed"))) {
        let known = ["/api/tv/feed", "/api/tv/bullet/feed", "/api/tv/blitz/feed", "/api/tv/rapid/feed"];
        let id = bare.trim_start_matches("/api/stream/game/");
        let playing = state.lock().unwrap().playing_ids.values().any(|g| g == id);
        if !(known.contains(&bare) || (game_stream && playing)) {
            return respond(&stream, 404, "{\"error\":\"Not found\"}");
        }
        if state.lock().unwrap().streams_down {
            return respond(&stream, 503, "{\"error\":\"Service unavailable\"}");
        }
        let (tx, rx) = channel();
        let first = {
            let mut s = state.lock().unwrap();
            s.looked.push((req.path.clone(), !req.token.is_empty()));
            s.tv_opened += 1;
            s.tv_streams.push(tx);
            s.tv_first.clone()
        };
        return stream_lines_with(&stream, first, rx, false);
    }
    if req.method == "GET"
        && (bare.starts_with("/api/broadcast/")
            || bare.starts_with("/api/stream/broadcast/")
            || bare.starts_with("/broadcast/"))
    {
        return broadcasts(&stream, &req, bare, state);
    }
    // Studies and games by their links (tags/studies, tags/games).
    let exported = ["/api/study/", "/game/export/", "/api/games/user/"];
    if req.method == "GET" && exported.iter().any(|p| bare.starts_with(p)) {
        state.lock().unwrap().looked.push((req.path.clone(), !req.token.is_empty()));
        let mine = state.lock().unwrap().user_games.clone();
        return exports(&stream, &req, bare, mine);
    }
    // The daily puzzle needs no login (the spec's example).
    if req.method == "GET" && req.path == "/api/puzzle/daily" {
        return respond(&stream, 200, DAILY);
    }
    // Which scopes a token has (no login: the token is the body).
    if req.method == "POST" && bare == "/api/token/test" {
        let scopes = match req.body.trim() {
            TOKEN => "\"board:play,tournament:write\"",
            BOARD_ONLY_TOKEN => "\"board:play\"",
            NO_SCOPE_TOKEN => "\"\"",
            _ => "null",
        };
        let body = if scopes == "null" {
            format!("{{\"{}\":null}}", req.body.trim())
        } else {
            format!("{{\"{}\":{{\"userId\":\"player\",\"scopes\":{scopes},\"expires\":null}}}}", req.body.trim())
        };
        return respond(&stream, 200, &body);
    }
    let tournament_post = req.path.starts_with("/api/tournament/") || req.path.starts_with("/api/swiss/");
    if req.token == BOARD_ONLY_TOKEN && req.method == "POST" && tournament_post {
        return respond(&stream, 403, "{\"error\":\"Missing scope\"}");
    }
    if ![TOKEN, NO_SCOPE_TOKEN, BOARD_ONLY_TOKEN].contains(&req.token.as_str()) {
        let body = if req.token.is_empty() { "Missing authorization header" } else { "No such token" };
        return respond(&stream, 401, &format!("{{\"error\":\"{body}\"}}"));
    }
    let path: Vec<&str> = req.path.trim_start_matches('/').split('/').collect();
    let board = path.first() == Some(&"api") && path.get(1).is_some_and(|p| *p != "account");
    if req.token == NO_SCOPE_TOKEN && board {
        return respond(&stream, 403, "{\"error\":\"Missing scope\"}");
    }
    let ok = |s: &TcpStream| respond(s, 200, "{\"ok\":true}");
    if path.get(1) == Some(&"puzzle") {
        return puzzles(&stream, &req, state);
    }
    match (req.method.as_str(), path.as_slice()) {
        ("GET", ["api", "account"]) => {
            respond(&stream, 200, "{\"id\":\"player\",\"username\":\"Player\",\"perfs\":{}}")
        }
        ("GET", ["api", "account", playing]) if playing.split('?').next() == Some("playing") => {
            let s = state.lock().unwrap();
            // lichess's default is 9 games; nb asks for up to 50.
            let nb = playing.split_once("nb=").and_then(|(_, n)| n.parse::<usize>().ok()).unwrap_or(9).min(50);
            let mut games: Vec<&Game> = s.games.values().filter(|g| g.status == "started").collect();
            games.sort_by(|a, b| a.id.cmp(&b.id));
            let games: Vec<String> = games.iter().take(nb).map(|g| g.info()).collect();
            respond(&stream, 200, &format!("{{\"nowPlaying\":[{}]}}", games.join(",")));
        }
        ("GET", ["api", "stream", "event"]) => {
            let (tx, rx) = channel();
            // As lichess does: a gameStart for each game in progress
            // when the stream opens.
            let first = {
                let mut s = state.lock().unwrap();
                s.events.push(tx);
                let mut games: Vec<&Game> = s.games.values().filter(|g| g.status == "started").collect();
                games.sort_by(|a, b| a.id.cmp(&b.id));
                let mut first: Vec<String> = games.iter().map(|g| g.start_line()).collect();
                first.append(&mut s.unsent_events);
                first
            };
            stream_lines(&stream, first, rx);
        }
        ("GET", ["api", "board", "game", "stream", id]) => {
            let (tx, rx) = channel();
            let first = {
                let mut s = state.lock().unwrap();
                if s.streams_down {
                    drop(s);
                    return respond(&stream, 503, "{\"error\":\"down\"}");
                }
                s.game_streams += 1;
                let Some(g) = s.games.get_mut(*id) else {
                    drop(s);
                    return respond(&stream, 404, "{\"error\":\"Not found\"}");
                };
                // As lichess does: a new stream of a game ends the old one.
                g.streams.clear();
                g.streams.push(tx);
                (g.full(), s.game_stream_mode)
            };
            let (first, mode) = first;
            match mode {
                StreamMode::Normal => stream_lines(&stream, vec![first], rx),
                StreamMode::KeepAlivesOnly | StreamMode::Drip => stall(&stream, &first, mode),
                StreamMode::OpenAndClose => {
                    let _ = write!(
                        &stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                    );
                }
            }
        }
        ("POST", ["api", "board", "game", id, "move", uci]) => {
            let mut s = state.lock().unwrap();
            if let Some(reason) = s.refuse_next.take() {
                return respond(&stream, 400, &format!("{{\"error\":\"{reason}\"}}"));
            }
            let Some(g) = s.games.get_mut(*id) else { return respond(&stream, 404, "{\"error\":\"Not found\"}") };
            if !g.my_turn() || g.status != "started" {
                return respond(&stream, 400, "{\"error\":\"Not your turn, or game already over\"}");
            }
            g.moves.push(uci.to_string());
            if g.me == "white" {
                g.wtime -= 1000;
            } else {
                g.btime -= 1000;
            }
            g.changed();
            let reply = g.script.pop_front();
            drop(s);
            ok(&stream);
            if let Some(reply) = reply {
                std::thread::sleep(Duration::from_millis(150));
                let mut s = state.lock().unwrap();
                if let Some(g) = s.games.get_mut(*id)
                    && g.status == "started"
                {
                    g.moves.push(reply);
                    if g.me == "white" {
                        g.btime -= 2000;
                    } else {
                        g.wtime -= 2000;
                    }
                    g.changed();
                }
            }
        }
        ("POST", ["api", "board", "game", id, what, answer @ ..]) => {
            let mut s = state.lock().unwrap();
            if let Some(status) = s.refuse_requests {
                return respond(&stream, status, &format!("{{\"error\":\"This game cannot {what} now\"}}"));
            }
            let Some(g) = s.games.get_mut(*id) else { return respond(&stream, 404, "{\"error\":\"Not found\"}") };
            let yes = answer.first().is_some_and(|a| matches!(*a, "yes" | "true" | "1" | "on"));
            let white = g.me == "white";
            match *what {
                "resign" => {
                    g.status = "resign".into();
                    g.winner = Some(if white { "black" } else { "white" }.into());
                }
                "abort" => g.status = "aborted".into(),
                "berserk" => {
                    // Half the clock, before the player's first move.
                    let moved = g.moves.len() >= if white { 1 } else { 2 };
                    if g.tournament.is_none() || g.source != "arena" || moved {
                        return respond(&stream, 400, "{\"error\":\"Cannot berserk\"}");
                    }
                    if white { g.wtime /= 2 } else { g.btime /= 2 }
                }
                "claim-victory" => {
                    g.status = "timeout".into();
                    g.winner = Some(g.me.clone());
                }
                "chat" => {
                    let text = param(&req.body, "text").unwrap_or_default().replace('+', " ");
                    let line = format!(
                        "{{\"type\":\"chatLine\",\"room\":\"player\",\"username\":\"Player\",\"text\":\"{text}\"}}"
                    );
                    g.send(&line);
                    drop(s);
                    return ok(&stream);
                }
                "draw" => {
                    let theirs = if white { g.bdraw } else { g.wdraw };
                    if yes && (theirs || g.agreeable) {
                        g.status = "draw".into();
                        g.wdraw = false;
                        g.bdraw = false;
                    } else if yes {
                        // Offered; the opponent declines after a moment.
                        if white {
                            g.wdraw = true
                        } else {
                            g.bdraw = true
                        }
                        g.changed();
                        drop(s);
                        ok(&stream);
                        std::thread::sleep(Duration::from_millis(300));
                        let mut s = state.lock().unwrap();
                        if let Some(g) = s.games.get_mut(*id) {
                            g.wdraw = false;
                            g.bdraw = false;
                            g.changed();
                        }
                        return;
                    } else {
                        g.wdraw = false;
                        g.bdraw = false;
                    }
                }
                "takeback" => {
                    let theirs = if white { g.btakeback } else { g.wtakeback };
                    if yes && (theirs || g.agreeable) {
                        let plies = if theirs {
                            1
                        } else if g.my_turn() {
                            2
                        } else {
                            1
                        };
                        for _ in 0..plies {
                            g.moves.pop();
                        }
                        g.wtakeback = false;
                        g.btakeback = false;
                    } else if yes {
                        if white {
                            g.wtakeback = true
                        } else {
                            g.btakeback = true
                        }
                        g.changed();
                        g.wtakeback = false;
                        g.btakeback = false;
                    } else {
                        g.wtakeback = false;
                        g.btakeback = false;
                    }
                }
                _ => return respond(&stream, 404, "{\"error\":\"Not found\"}"),
            }
            g.changed();
            drop(s);
            ok(&stream);
        }
        ("POST", ["api", "round", id, "add-time", secs]) => {
            let mut s = state.lock().unwrap();
            let Some(g) = s.games.get_mut(*id) else { return respond(&stream, 404, "{\"error\":\"Not found\"}") };
            let ms = secs.parse::<u64>().unwrap_or(0) * 1000;
            if g.me == "white" {
                g.btime += ms;
            } else {
                g.wtime += ms;
            }
            g.changed();
            drop(s);
            ok(&stream);
        }
        ("POST", ["api", "challenge", "ai"]) => {
            let mut s = state.lock().unwrap();
            let me = param(&req.body, "color").filter(|c| *c != "random").unwrap_or("white").to_string();
            let script = std::mem::take(&mut s.next_game_script);
            let script: Vec<&str> = script.iter().map(String::as_str).collect();
            s.counter += 1;
            let id = format!("game{:04}", s.counter);
            // The game may start before the answer, as on lichess.
            s.start_game(&id, &me, "lichess AI", &script, "ai", None, false);
            respond(&stream, 200, &format!("{{\"id\":\"{id}\",\"status\":{{\"name\":\"started\"}}}}"));
        }
        ("POST", ["api", "challenge", id, "accept"]) => {
            let mut s = state.lock().unwrap();
            let script = std::mem::take(&mut s.next_game_script);
            let script: Vec<&str> = script.iter().map(String::as_str).collect();
            let me = if id.ends_with('b') { "black" } else { "white" };
            // The game's id is the challenge's (and its gameStart may
            // come before accept's answer).
            s.start_game(id, me, "Anna", &script, "friend", None, false);
            drop(s);
            ok(&stream);
        }
        ("POST", ["api", "challenge", _, "decline"]) => ok(&stream),
        ("POST", ["api", "challenge", user]) if state.lock().unwrap().accept_challenges => {
            let me = param(&req.body, "color").filter(|c| *c != "random").unwrap_or("white").to_string();
            respond(
                &stream,
                200,
                &format!(
                    "{{\"id\":\"rematch1\",\"url\":\"x\",\"status\":\"created\",\"challenger\":{{\"id\":\"player\",\"name\":\"Player\"}},\"destUser\":{{\"id\":\"{user}\",\"name\":\"{user}\"}}}}"
                ),
            );
            let mut s = state.lock().unwrap();
            let script = std::mem::take(&mut s.next_game_script);
            let script: Vec<&str> = script.iter().map(String::as_str).collect();
            s.start_game("rematch1", &me, user, &script, "friend", None, false);
        }
        ("POST", ["api", "challenge", user]) => {
            respond(
                &stream,
                200,
                &format!(
                    "{{\"id\":\"chOut001\",\"url\":\"x\",\"status\":\"created\",\"challenger\":{{\"id\":\"player\",\"name\":\"Player\"}},\"destUser\":{{\"id\":\"{user}\",\"name\":\"{user}\"}}}}"
                ),
            );
            let mut s = state.lock().unwrap();
            s.event("{\"type\":\"challengeDeclined\",\"challenge\":{\"id\":\"chOut001\",\"challenger\":{\"id\":\"player\",\"name\":\"Player\"}}}");
        }
        ("GET", ["api", "tournament"]) => {
            let arenas = state.lock().unwrap().arenas.clone();
            respond(
                &stream,
                200,
                if arenas.is_empty() { "{\"created\":[],\"started\":[],\"finished\":[]}" } else { &arenas },
            );
        }
        ("POST", ["api", "tournament" | "swiss", _, "join" | "withdraw"]) => ok(&stream),
        ("GET", ["api", "tournament", _]) => {
            let full = state.lock().unwrap().arena_full.clone();
            respond(&stream, 200, if full.is_empty() { "{}" } else { &full });
        }
        ("GET", ["api", "team", "of", _]) => {
            let teams = state.lock().unwrap().teams.clone();
            respond(&stream, 200, if teams.is_empty() { "[]" } else { &teams });
        }
        ("GET", ["api", "team", team, list]) => {
            let s = state.lock().unwrap();
            let lists = if list.starts_with("swiss") { &s.team_swiss } else { &s.team_arenas };
            let body = lists.get(*team).cloned().unwrap_or_default();
            drop(s);
            respond(&stream, 200, &body);
        }
        ("GET", ["api", "swiss", id]) => {
            let body = state.lock().unwrap().swiss.get(*id).cloned();
            match body {
                Some(b) => respond(&stream, 200, &b),
                None => respond(&stream, 404, "{\"error\":\"Not found\"}"),
            }
        }
        ("GET", ["api", "swiss", _, results]) if results.starts_with("results") => {
            let lines = state.lock().unwrap().results.join("\n");
            respond(&stream, 200, &lines);
        }
        ("GET", ["api", "tournament", _, results]) if results.starts_with("results") => {
            let lines = state.lock().unwrap().results.join("\n");
            respond(&stream, 200, &lines);
        }
        ("POST", ["api", "board", "seek"]) => {
            let _ =
                write!(&stream, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n");
            for _ in 0..2 {
                std::thread::sleep(Duration::from_millis(500));
                if write!(&stream, "1\r\n\n\r\n").is_err() {
                    return;
                }
            }
            let mut s = state.lock().unwrap();
            let script = std::mem::take(&mut s.next_game_script);
            let script: Vec<&str> = script.iter().map(String::as_str).collect();
            s.counter += 1;
            let id = format!("game{:04}", s.counter);
            s.start_game(&id, "black", "Boris", &script, "lobby", None, false);
            drop(s);
            let _ = write!(&stream, "0\r\n\r\n");
        }
        _ => respond(&stream, 404, "{\"error\":\"Not found\"}"),
    }
}

/// A fresh home for voxchess named `name`, logged in with `token` (the
/// token file kept as `online login` keeps it: mode 0600).
pub fn home_logged_in(name: &str, token: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = crate::common::scratch_root().join(format!("voxchess-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = dir.join("config/voxchess");
    std::fs::create_dir_all(&config).expect("config folder");
    std::fs::write(config.join("lichess-token"), format!("{token}\n")).expect("token");
    std::fs::set_permissions(config.join("lichess-token"), std::fs::Permissions::from_mode(0o600)).expect("mode");
    dir
}

/// The lobby of `server` started at `dir` in plain mode, in `lang`; its
/// output collected.
pub fn start_lobby(dir: &std::path::Path, server: &Lichess, lang: &str) -> (std::process::Child, Arc<Mutex<String>>) {
    let mut child = super::voxchess(dir)
        .args(["online", "--server", &server.url, "--plain", "--no-speech", "--no-voice", "--lang", lang])
        .spawn()
        .expect("voxchess starts");
    let out = super::collect(child.stdout.take().expect("stdout"));
    (child, out)
}

/// The lobby of `server` started at `dir` in plain mode, in English, its
/// speech going to `speech` (the SSIP stand-in); its output collected.
pub fn start_lobby_speaking(
    dir: &std::path::Path,
    server: &Lichess,
    speech: &super::ssip::SsipServer,
) -> (std::process::Child, Arc<Mutex<String>>) {
    let mut child = super::voxchess(dir)
        .args(["online", "--server", &server.url, "--plain", "--no-voice", "--lang", "en"])
        .env("SPEECHD_ADDRESS", speech.address())
        .spawn()
        .expect("voxchess starts");
    let out = super::collect(child.stdout.take().expect("stdout"));
    (child, out)
}

/// `voxchess online login` at `url` from `dir`, the token typed.
pub fn login_at(dir: &std::path::Path, url: &str, token: &str, lang: &str) -> std::process::Output {
    login_typed(dir, url, token, lang).wait_with_output().expect("ends")
}

/// `voxchess online login` at `url` from `dir` started, the token typed
/// and the input closed; its output still to be read.
pub fn login_typed(dir: &std::path::Path, url: &str, token: &str, lang: &str) -> std::process::Child {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = super::voxchess(dir)
        .args(["online", "login", "--server", url, "--lang", lang, "--no-speech"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    writeln!(child.stdin.take().expect("stdin"), "{token}").expect("typed");
    child
}
