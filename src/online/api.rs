//! The Board API over HTTP: short calls with a 15 s limit, and streams
//! read line by line (ndjson, with lichess's empty keep-alive lines) that
//! count as dead after 20 s without a byte. The token goes only in the
//! Authorization header: never in a URL, a line, an error or a log.

use super::model::{Account, ErrorBody};
use crate::files::bounded::Deadline;
use std::io::{BufReader, Read};
use std::time::Duration;

/// Why a call to lichess failed, typed so the words layer says it in the
/// player's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// 401: the token is refused (or missing).
    #[error("lichess refused the token")]
    Unauthorized,
    /// 403: the token lacks the board:play scope.
    #[error("the token lacks the board:play scope")]
    MissingScope,
    /// 404.
    #[error("not found")]
    NotFound,
    /// 429: wait a full minute.
    #[error("too many requests: wait a minute")]
    RateLimited,
    /// Not sent: the server answered 429 less than a minute ago; this
    /// many seconds are left to wait.
    #[error("too many requests: {0} s left to wait")]
    Quiet(u64),
    /// 400, with lichess's reason.
    #[error("refused: {0}")]
    Refused(String),
    /// Any other answer.
    #[error("lichess answered {0}")]
    Server(u16),
    /// No answer: the network, or a stream silent for too long.
    #[error("no connection")]
    Network,
    /// An answer that is not lichess's API (a web page, a proxy's page).
    #[error("the answer is not lichess's API")]
    NotTheApi,
    /// An answer larger than voxchess reads.
    #[error("the answer is too large")]
    TooLarge,
    /// An answer cut off before its end.
    #[error("the answer was cut off")]
    Cut,
}

impl ApiError {
    /// How long to wait before asking that server again, when it asked
    /// for a pause (a 429, now or less than a minute ago).
    pub fn wait(&self) -> Option<Duration> {
        match self {
            ApiError::RateLimited => Some(QUIET_AFTER_429),
            ApiError::Quiet(secs) => Some(Duration::from_secs(*secs)),
            _ => None,
        }
    }
}

/// Which requests a client makes: whether lichess's quiet minute after a
/// 429 holds them back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lane {
    /// Lists, look-ups, the lobby's calls: they wait out the minute.
    Waits,
    /// A game's moves and requests, its stream, joining it, and the event
    /// stream that says a game has started: never held back (a move held
    /// for a minute loses the game on time); a 429 they meet themselves
    /// is said at once by their callers.
    Game,
}

/// A client for one lichess server and one token.
#[derive(Clone)]
pub struct Client {
    base: String,
    token: String,
    calls: ureq::Agent,
    streams: ureq::Agent,
    lane: Lane,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the token.
        write!(f, "Client({})", self.base)
    }
}

/// How long a stream may be silent (lichess sends a keep-alive every
/// 6-7 s) before it counts as dead.
pub(crate) const STREAM_SILENCE: Duration = Duration::from_secs(20);

/// An agent whose reads wait at most `per_read`, whose calls take at
/// most `total`, and which keeps at most `idle` connections for the next
/// request.
fn agent(per_read: Option<Duration>, total: Option<Duration>, idle: usize) -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(10)))
        .timeout_per_read(per_read)
        .timeout_global(total)
        .max_idle_connections(idle)
        .build()
        .into()
}

/// The error an HTTP status stands for (None for success).
fn status_error(status: u16, body: &str) -> Option<ApiError> {
    Some(match status {
        200..=299 => return None,
        400 => {
            let reason = serde_json::from_str::<ErrorBody>(body).map(|b| b.error).unwrap_or_default();
            ApiError::Refused(super::plain_text(&reason).chars().take(200).collect())
        }
        401 => ApiError::Unauthorized,
        403 => ApiError::MissingScope,
        404 => ApiError::NotFound,
        429 => ApiError::RateLimited,
        other => ApiError::Server(other),
    })
}

/// How long a server that answered 429 is left alone: lichess's rule is
/// a full minute before any request to it.
pub(crate) const QUIET_AFTER_429: Duration = Duration::from_secs(60);

/// Until when each server (by its address) is left alone, after a 429:
/// one decision for every request of the process, whichever client or
/// thread makes it.
fn quiet_until() -> &'static std::sync::Mutex<std::collections::BTreeMap<String, std::time::Instant>> {
    static QUIET: std::sync::OnceLock<std::sync::Mutex<std::collections::BTreeMap<String, std::time::Instant>>> =
        std::sync::OnceLock::new();
    QUIET.get_or_init(Default::default)
}

/// The largest answer read (lichess's are far smaller).
const MAX_ANSWER: u64 = 1 << 20;

/// A response body read whole: one over [`MAX_ANSWER`], cut off, or not
/// text is an error of its own, never taken as empty.
fn body_text(resp: ureq::http::Response<ureq::Body>) -> (u16, Result<String, ApiError>) {
    let status = resp.status().as_u16();
    let mut bytes = Vec::new();
    let text = match resp.into_body().into_reader().take(MAX_ANSWER + 1).read_to_end(&mut bytes) {
        Err(_) => Err(ApiError::Cut),
        Ok(_) if bytes.len() as u64 > MAX_ANSWER => Err(ApiError::TooLarge),
        Ok(_) => String::from_utf8(bytes).map_err(|_| ApiError::NotTheApi),
    };
    (status, text)
}

/// The lines of a stream, as they come; an empty line is a keep-alive.
pub struct Lines {
    reader: BufReader<Deadline<Box<dyn Read + Send>>>,
    /// The stream ended as a stream ends (the server closed it), not by
    /// a failed read or a deadline.
    closed: bool,
}

impl Lines {
    fn of(reader: Box<dyn Read + Send>) -> Lines {
        Lines { reader: BufReader::new(Deadline::new(reader)), closed: false }
    }

    /// After the last line: whether the server closed the stream (rather
    /// than the connection failing or going silent).
    pub fn closed_by_server(&self) -> bool {
        self.closed
    }

    /// The next line (without its end); None when the stream ended, or
    /// when no whole line (a keep-alive counts) came within
    /// [`STREAM_SILENCE`]: a line dripped a byte at a time is dead too.
    /// A line is at most 64 KiB.
    pub fn next_line(&mut self) -> Option<String> {
        self.next_line_by(std::time::Instant::now() + STREAM_SILENCE)
    }

    /// [`Self::next_line`], given up at `deadline` at the latest.
    pub fn next_line_by(&mut self, deadline: std::time::Instant) -> Option<String> {
        self.reader.get_mut().until = Some(deadline.min(std::time::Instant::now() + STREAM_SILENCE));
        let line = match crate::files::bounded::read_line_or_error(&mut self.reader, 64 * 1024) {
            Ok(Some(line)) => line,
            Ok(None) => {
                self.closed = true;
                return None;
            }
            Err(_) => return None,
        };
        if self.reader.get_ref().until.is_some_and(|t| std::time::Instant::now() >= t) && !line.ends_with(b"\n") {
            return None;
        }
        Some(String::from_utf8_lossy(&line).trim_end_matches(['\n', '\r']).to_string())
    }
}

impl Client {
    /// A client of `base` (https://lichess.org, or a local server) with a token.
    pub fn new(base: &str, token: &str) -> Client {
        Client {
            base: base.trim_end_matches('/').to_string(),
            token: token.trim().to_string(),
            calls: agent(Some(Duration::from_secs(15)), Some(Duration::from_secs(30)), 10),
            // A stream's connection is never used again: the server ends
            // a stream by closing it, and a request sent on one it was
            // closing would fail though the server is there.
            streams: agent(Some(STREAM_SILENCE), None, 0),
            lane: Lane::Waits,
        }
    }

    /// The same client for a game: its moves, requests and stream, joining
    /// it, and the lobby's event stream go at once even in the minute
    /// after a 429 (a 429 they meet still keeps the others waiting).
    pub fn for_game(&self) -> Client {
        Client { lane: Lane::Game, ..self.clone() }
    }

    /// The server's address.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// How long this server is still to be left alone after its 429
    /// (None: requests may go).
    pub fn quiet_left(&self) -> Option<Duration> {
        let now = std::time::Instant::now();
        let quiet = quiet_until().lock().ok()?;
        quiet.get(&self.base).filter(|until| **until > now).map(|until| until.duration_since(now))
    }

    /// A request may go to this server: not while it is to be left alone,
    /// unless it is a game's.
    fn may_ask(&self) -> Result<(), ApiError> {
        if self.lane == Lane::Game {
            return Ok(());
        }
        match self.quiet_left() {
            Some(left) => Err(ApiError::Quiet(left.as_secs().max(1))),
            None => Ok(()),
        }
    }

    /// What a status says, a 429 remembered for the server.
    fn heard(&self, status: u16, text: &str) -> Option<ApiError> {
        let error = status_error(status, text);
        if error == Some(ApiError::RateLimited)
            && let Ok(mut quiet) = quiet_until().lock()
        {
            quiet.insert(self.base.clone(), std::time::Instant::now() + QUIET_AFTER_429);
        }
        error
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn auth(&self) -> String {
        format!("Bearer {}", self.token)
    }

    /// GET a JSON document.
    /// Without a token (what needs no login), no Authorization is sent.
    /// An answer that is not the form wanted is [`ApiError::NotTheApi`],
    /// never taken as empty.
    pub(crate) fn get_json<T: serde::de::DeserializeOwned + Default>(&self, path: &str) -> Result<T, ApiError> {
        serde_json::from_str(&self.get_text(path)?).map_err(|_| ApiError::NotTheApi)
    }

    /// The body of an answer, or the error its status (or its body)
    /// stands for.
    fn answer(&self, resp: ureq::http::Response<ureq::Body>) -> Result<String, ApiError> {
        let (status, text) = body_text(resp);
        if let Some(e) = self.heard(status, text.as_deref().unwrap_or("")) {
            return Err(e);
        }
        text
    }

    /// GET a body (the error its status stands for otherwise).
    pub(crate) fn get_text(&self, path: &str) -> Result<String, ApiError> {
        self.may_ask()?;
        let mut req = self.calls.get(&self.url(path));
        if !self.token.is_empty() {
            req = req.header("Authorization", &self.auth());
        }
        let resp = req.call().map_err(|_| ApiError::Network)?;
        self.answer(resp)
    }

    /// GET a JSON document that must be the form wanted (a web page or
    /// a proxy's answer is [`ApiError::NotTheApi`]); no Authorization
    /// without a token.
    pub(crate) fn get_api_json<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, ApiError> {
        serde_json::from_str(&self.get_text(path)?).map_err(|_| ApiError::NotTheApi)
    }

    /// POST a form; the answer's body.
    pub(crate) fn post(&self, path: &str, form: &[(&str, &str)]) -> Result<String, ApiError> {
        self.may_ask()?;
        let req = self.calls.post(&self.url(path)).header("Authorization", &self.auth());
        let resp = req.send_form(form.iter().copied()).map_err(|_| ApiError::Network)?;
        self.answer(resp)
    }

    /// POST a JSON document; the answer read as JSON (an answer that
    /// is not the form wanted: [`ApiError::NotTheApi`]).
    pub(crate) fn post_json<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        body: &serde_json::Value,
    ) -> Result<T, ApiError> {
        self.may_ask()?;
        let req = self
            .calls
            .post(&self.url(path))
            .header("Authorization", &self.auth())
            .header("Content-Type", "application/json");
        let resp = req.send(body.to_string()).map_err(|_| ApiError::Network)?;
        serde_json::from_str(&self.answer(resp)?).map_err(|_| ApiError::NotTheApi)
    }

    /// Opens a stream (GET); its lines follow.
    /// Without a token (what needs no login: TV), no Authorization is sent.
    pub(crate) fn stream(&self, path: &str) -> Result<Lines, ApiError> {
        self.may_ask()?;
        let mut req = self.streams.get(&self.url(path));
        if !self.token.is_empty() {
            req = req.header("Authorization", &self.auth());
        }
        let resp = req.call().map_err(|_| ApiError::Network)?;
        self.lines_of(resp)
    }

    /// Opens a stream with a POST form (a seek: open while it lasts).
    pub(crate) fn post_stream(&self, path: &str, form: &[(&str, &str)]) -> Result<Lines, ApiError> {
        self.may_ask()?;
        let req = self.streams.post(&self.url(path)).header("Authorization", &self.auth());
        let resp = req.send_form(form.iter().copied()).map_err(|_| ApiError::Network)?;
        self.lines_of(resp)
    }

    /// A stream's lines, or the error its status stands for (a 429
    /// remembered).
    fn lines_of(&self, resp: ureq::http::Response<ureq::Body>) -> Result<Lines, ApiError> {
        let status = resp.status().as_u16();
        if status != 200 {
            let (status, text) = body_text(resp);
            return Err(self.heard(status, text.as_deref().unwrap_or("")).unwrap_or(ApiError::Server(status)));
        }
        let reader: Box<dyn Read + Send> = Box::new(resp.into_body().into_reader());
        Ok(Lines::of(reader))
    }

    /// The token's scopes (POST /api/token/test, the token in the body:
    /// to this server only, as every call sends it); None when the answer
    /// does not say.
    pub fn scopes(&self) -> Result<Option<Vec<String>>, ApiError> {
        self.may_ask()?;
        let resp = self
            .calls
            .post(&self.url("/api/token/test"))
            .header("Content-Type", "text/plain")
            .send(self.token.as_str())
            .map_err(|_| ApiError::Network)?;
        let text = self.answer(resp)?;
        let answer: serde_json::Value = serde_json::from_str(&text).map_err(|_| ApiError::NotTheApi)?;
        Ok(answer
            .get(&self.token)
            .and_then(|t| t.get("scopes"))
            .and_then(|s| s.as_str())
            .map(|s| s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect()))
    }

    /// Who the token belongs to (GET /api/account).
    /// The account's name; an answer that is not the API's JSON with a
    /// name (a web page answering 200) is no login.
    pub fn account(&self) -> Result<String, ApiError> {
        let a: Account = self.get_json("/api/account")?;
        let name = if a.username.is_empty() { a.id } else { a.username };
        let name: String = super::plain_text(&name).chars().take(40).collect();
        if name.trim().is_empty() {
            return Err(ApiError::NotTheApi);
        }
        Ok(name)
    }
}

/// Reads the lines of any reader as a stream would (for tests of the
/// readers of stream lines).
#[cfg(test)]
pub(crate) fn lines_of(text: &'static str) -> Lines {
    Lines::of(Box::new(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_typed_errors() {
        assert_eq!(status_error(200, ""), None);
        assert_eq!(status_error(401, "{\"error\":\"No such token\"}"), Some(ApiError::Unauthorized));
        assert_eq!(status_error(403, ""), Some(ApiError::MissingScope));
        assert_eq!(status_error(429, ""), Some(ApiError::RateLimited));
        assert_eq!(
            status_error(400, "{\"error\":\"Piece on d8 cannot move to f7\"}"),
            Some(ApiError::Refused("Piece on d8 cannot move to f7".into()))
        );
        assert_eq!(status_error(400, "\u{1b}[2J not json"), Some(ApiError::Refused(String::new())));
        let mut l = lines_of("{\"a\":1}\n\n{\"b\":2}");
        assert_eq!(l.next_line().as_deref(), Some("{\"a\":1}"));
        assert_eq!(l.next_line().as_deref(), Some(""));
        assert_eq!(l.next_line().as_deref(), Some("{\"b\":2}"));
        assert_eq!(l.next_line(), None);
    }

    /// A server on 127.0.0.1 that answers each request with `reply`.
    fn serve(reply: Vec<u8>) -> String {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut stream = stream;
                let mut head = [0u8; 4096];
                let _ = std::io::Read::read(&mut stream, &mut head);
                let _ = std::io::Write::write_all(&mut stream, &reply);
            }
        });
        url
    }

    /// Issue 50, item 10: an answer over 1 MiB, or cut before its end, is
    /// an error of its own, never read as empty.
    #[test]
    fn a_huge_or_cut_answer_is_no_empty_answer() {
        let body = format!("{{\"nowPlaying\":[],\"pad\":\"{}\"}}", "x".repeat((1 << 20) + 10));
        let huge = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        let client = Client::new(&serve(huge.into_bytes()), "t");
        let got: Result<serde_json::Value, ApiError> = client.get_json("/api/account/playing?nb=50");
        assert_eq!(got.err(), Some(ApiError::TooLarge));
        let cut = "HTTP/1.1 200 OK\r\nContent-Length: 500\r\nConnection: close\r\n\r\n{\"nowPlaying\":[";
        let client = Client::new(&serve(cut.as_bytes().to_vec()), "t");
        let got: Result<serde_json::Value, ApiError> = client.get_json("/api/account/playing?nb=50");
        assert_eq!(got.err(), Some(ApiError::Cut));
        let page = "HTTP/1.1 200 OK\r\nContent-Length: 15\r\nConnection: close\r\n\r\n<html>hi</html>";
        let client = Client::new(&serve(page.as_bytes().to_vec()), "t");
        let got: Result<serde_json::Value, ApiError> = client.get_json("/api/account/playing?nb=50");
        assert_eq!(got.err(), Some(ApiError::NotTheApi));
    }
}
