//! A Braille display through BRLTTY's client API (BrlAPI), spoken on its
//! socket directly: no libbrlapi to load, so no library whose exception
//! handler could abort the program, and nothing missing when it is not
//! installed. What is used of protocol 8 (BRLTTY's
//! Programs/brlapi_protocol.h): the version and authorization handshake,
//! the display size, tty mode, writing text, and key packets.
//!
//! [`connect`] finds the server as libbrlapi does (`BRLAPI_HOST`, then
//! the local sockets; `BRLAPI_AUTH` for the key file), enters tty mode
//! (the window path, the controlling virtual console, or, without a
//! console, the root of the tty tree) and gives a [`Display`] to write to
//! and a [`Keys`] to read its keys from, each on its own thread.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::time::Duration;

/// The protocol version spoken (BRLTTY 6.x).
const PROTOCOL_VERSION: u32 = 8;
/// The largest packet the protocol allows.
const MAX_PACKET: usize = 4096;
/// The first TCP port: display N listens on 4101 + N.
const BASE_PORT: u16 = 4101;

const PACKET_VERSION: u32 = b'v' as u32;
const PACKET_AUTH: u32 = b'a' as u32;
const PACKET_DISPLAY_SIZE: u32 = b's' as u32;
const PACKET_ENTER_TTY: u32 = b't' as u32;
const PACKET_KEY: u32 = b'k' as u32;
const PACKET_WRITE: u32 = b'w' as u32;
const PACKET_ACK: u32 = b'A' as u32;
const PACKET_ERROR: u32 = b'e' as u32;
const PACKET_EXCEPTION: u32 = b'E' as u32;

const AUTH_NONE: u32 = b'N' as u32;
const AUTH_KEY: u32 = b'K' as u32;

const WRITE_REGION: u32 = 0x02;
const WRITE_TEXT: u32 = 0x04;
const WRITE_CURSOR: u32 = 0x20;
const WRITE_CHARSET: u32 = 0x40;

/// Why no display could be used.
#[derive(Debug, thiserror::Error)]
pub enum BrailleError {
    /// No BrlAPI server answers where it was looked for.
    #[error("no BrlAPI server answers ({0})")]
    NoServer(String),
    /// The server speaks another protocol, or sent something malformed.
    #[error("the BrlAPI server's answer cannot be read: {0}")]
    Protocol(String),
    /// The server refused the key or the connection.
    #[error("the BrlAPI server refused the connection: {0}")]
    Refused(String),
    /// The connection ended.
    #[error("the Braille display went away: {0}")]
    Gone(String),
    /// The server says the display has more cells than any real one.
    #[error("a display of {cells} by {lines} cells is larger than any real one")]
    TooLarge {
        /// Cells in a line.
        cells: u32,
        /// Lines.
        lines: u32,
    },
}

/// The most cells a display may have in all (the largest real ones:
/// 80 cells in a line, or 40 by 9): a server saying more is refused.
pub const MAX_CELLS: u32 = 400;

/// A key of the display, as the program uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A routing key: the cell under it, from 0.
    Route(usize),
    /// Line up.
    LineUp,
    /// Line down.
    LineDown,
    /// The first line.
    Top,
    /// The last line.
    Bottom,
    /// Pan left (the previous window of a long line).
    PanLeft,
    /// Pan right.
    PanRight,
    /// Home: back where things happen.
    Home,
    /// The display-mode key: the next view.
    NextView,
}

/// A BrlAPI key code as a [`Key`] (commands only; others are not ours).
pub fn key_of(code: u64) -> Option<Key> {
    const TYPE_MASK: u64 = 0xE000_0000;
    const TYPE_CMD: u64 = 0x2000_0000;
    const BLOCK_MASK: u64 = 0x1FFF_0000;
    const ARG_MASK: u64 = 0xFFFF;
    if code & TYPE_MASK != TYPE_CMD {
        return None;
    }
    let arg = (code & ARG_MASK) as usize;
    match (code & BLOCK_MASK) >> 16 {
        // The routing keys.
        1 => Some(Key::Route(arg)),
        0 => match arg {
            1 | 3 => Some(Key::LineUp),
            2 | 4 => Some(Key::LineDown),
            9 | 11 => Some(Key::Top),
            10 | 12 => Some(Key::Bottom),
            21 | 23 | 25 => Some(Key::PanLeft),
            22 | 24 | 26 => Some(Key::PanRight),
            29 | 31 => Some(Key::Home),
            33 => Some(Key::NextView),
            _ => None,
        },
        _ => None,
    }
}

/// The socket to the server.
enum Stream {
    Tcp(TcpStream),
    Unix(UnixStream),
}

impl Stream {
    fn try_clone(&self) -> std::io::Result<Stream> {
        Ok(match self {
            Stream::Tcp(s) => Stream::Tcp(s.try_clone()?),
            Stream::Unix(s) => Stream::Unix(s.try_clone()?),
        })
    }

    fn set_timeouts(&self, read: Option<Duration>, write: Option<Duration>) -> std::io::Result<()> {
        match self {
            Stream::Tcp(s) => {
                s.set_read_timeout(read)?;
                s.set_write_timeout(write)
            }
            Stream::Unix(s) => {
                s.set_read_timeout(read)?;
                s.set_write_timeout(write)
            }
        }
    }

    fn shutdown(&self) {
        let _ = match self {
            Stream::Tcp(s) => s.shutdown(std::net::Shutdown::Both),
            Stream::Unix(s) => s.shutdown(std::net::Shutdown::Both),
        };
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.read(buf),
            Stream::Unix(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.write(buf),
            Stream::Unix(s) => s.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Tcp(s) => s.flush(),
            Stream::Unix(s) => s.flush(),
        }
    }
}

fn gone(e: std::io::Error) -> BrailleError {
    BrailleError::Gone(e.to_string())
}

/// Writes one packet.
fn write_packet(out: &mut impl Write, kind: u32, body: &[u8]) -> Result<(), BrailleError> {
    let mut packet = Vec::with_capacity(8 + body.len());
    packet.extend_from_slice(&(body.len() as u32).to_be_bytes());
    packet.extend_from_slice(&kind.to_be_bytes());
    packet.extend_from_slice(body);
    out.write_all(&packet).and_then(|()| out.flush()).map_err(gone)
}

/// Reads one packet: its type and body (at most [`MAX_PACKET`] bytes;
/// a larger one is a protocol error, never an allocation).
fn read_packet(input: &mut impl Read) -> Result<(u32, Vec<u8>), BrailleError> {
    let mut header = [0u8; 8];
    input.read_exact(&mut header).map_err(gone)?;
    let size = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
    let kind = u32::from_be_bytes([header[4], header[5], header[6], header[7]]);
    if size > MAX_PACKET {
        return Err(BrailleError::Protocol(format!("a packet of {size} bytes")));
    }
    let mut body = vec![0u8; size];
    input.read_exact(&mut body).map_err(gone)?;
    Ok((kind, body))
}

fn u32_at(body: &[u8], i: usize) -> Option<u32> {
    body.get(i * 4..i * 4 + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

/// What an error or exception packet says.
fn server_error(body: &[u8]) -> String {
    match u32_at(body, 0) {
        Some(code) => format!("BrlAPI error {code}"),
        None => "BrlAPI error".to_string(),
    }
}

/// Reads packets until one of `kind` (an error packet instead is refused;
/// keys and other news before it are skipped).
fn expect(input: &mut impl Read, kind: u32) -> Result<Vec<u8>, BrailleError> {
    loop {
        let (k, body) = read_packet(input)?;
        if k == kind {
            return Ok(body);
        }
        if k == PACKET_ERROR || k == PACKET_EXCEPTION {
            return Err(BrailleError::Refused(server_error(&body)));
        }
    }
}

/// Where the server is: `BRLAPI_HOST` as libbrlapi reads it ("host:N"
/// is TCP port 4101+N, ":N" or nothing the local socket N).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A TCP host and port.
    Tcp(String, u16),
    /// A local socket of this display number.
    Local(String),
}

/// `BRLAPI_HOST`'s value read as libbrlapi's `brlapi_expandHost` does.
pub fn place_of(host: Option<&str>) -> Place {
    let number = |s: &str| s.parse::<u16>().ok().filter(|n| *n <= u16::MAX - BASE_PORT);
    match host.map(str::trim) {
        None | Some("") => Place::Local("0".into()),
        Some(h) => match h.rfind(':') {
            Some(0) => Place::Local(h[1..].to_string()),
            Some(i) => Place::Tcp(h[..i].to_string(), BASE_PORT + number(&h[i + 1..]).unwrap_or(0)),
            None => Place::Tcp(h.to_string(), BASE_PORT),
        },
    }
}

/// The local sockets tried, in libbrlapi's order: the session's server,
/// the system's, and the older place.
fn local_paths(number: &str) -> Vec<std::path::PathBuf> {
    let mut dirs = Vec::new();
    if let Some(run) = std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        dirs.push(std::path::PathBuf::from(run).join("brltty"));
    }
    dirs.push("/run/brltty/BrlAPI".into());
    dirs.push("/var/lib/BrlAPI".into());
    dirs.into_iter().map(|d| d.join(number)).collect()
}

fn open(place: &Place, timeout: Duration) -> Result<Stream, BrailleError> {
    match place {
        Place::Tcp(host, port) => {
            let addrs = (host.as_str(), *port).to_socket_addrs().map_err(|e| BrailleError::NoServer(e.to_string()))?;
            let mut last = format!("{host}:{port}");
            for a in addrs {
                match TcpStream::connect_timeout(&a, timeout) {
                    Ok(s) => {
                        let _ = s.set_nodelay(true);
                        return Ok(Stream::Tcp(s));
                    }
                    Err(e) => last = format!("{a}: {e}"),
                }
            }
            Err(BrailleError::NoServer(last))
        }
        Place::Local(number) => {
            let mut last = String::from("no local socket");
            for path in local_paths(number) {
                match UnixStream::connect(&path) {
                    Ok(s) => return Ok(Stream::Unix(s)),
                    Err(e) => last = format!("{}: {e}", path.display()),
                }
            }
            Err(BrailleError::NoServer(last))
        }
    }
}

/// The key files `BRLAPI_AUTH` names ("none", "keyfile:PATH", a path;
/// several joined by "+"), else BRLTTY's default key file.
fn key_files(auth: Option<&str>) -> Vec<std::path::PathBuf> {
    let auth = auth.unwrap_or("keyfile:/etc/brlapi.key");
    auth.split('+')
        .filter_map(|part| match part.split_once(':') {
            Some(("keyfile", path)) => Some(path.into()),
            Some(_) => None,
            None if part.starts_with('/') => Some(part.into()),
            None => None,
        })
        .collect()
}

/// Reads a key file: at most what fits a packet.
fn read_key(path: &std::path::Path) -> Option<Vec<u8>> {
    let file = std::fs::File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut key = Vec::new();
    file.take((MAX_PACKET - 4) as u64).read_to_end(&mut key).ok()?;
    Some(key)
}

/// The handshake: versions, then the first authorization the server
/// offers that can be given.
fn handshake(stream: &mut (impl Read + Write), auth: Option<&str>) -> Result<(), BrailleError> {
    let body = expect(stream, PACKET_VERSION)?;
    let version = u32_at(&body, 0).ok_or_else(|| BrailleError::Protocol("no version".into()))?;
    if version < PROTOCOL_VERSION {
        return Err(BrailleError::Protocol(format!("protocol version {version}")));
    }
    write_packet(stream, PACKET_VERSION, &PROTOCOL_VERSION.to_be_bytes())?;
    let offered = expect(stream, PACKET_AUTH)?;
    let kinds: Vec<u32> = (0..offered.len() / 4).filter_map(|i| u32_at(&offered, i)).collect();
    for kind in kinds {
        match kind {
            AUTH_NONE => return Ok(()),
            AUTH_KEY => {
                for path in key_files(auth) {
                    let Some(key) = read_key(&path) else { continue };
                    let mut body = AUTH_KEY.to_be_bytes().to_vec();
                    body.extend_from_slice(&key);
                    write_packet(stream, PACKET_AUTH, &body)?;
                    return expect(stream, PACKET_ACK).map(|_| ());
                }
            }
            _ => {}
        }
    }
    Err(BrailleError::Refused("no authorization this client can give".into()))
}

/// The tty path to ask for: `WINDOWPATH` (or `XDG_VTNR` under a
/// graphical session), else the virtual console we run on (`CONTROLVT`,
/// or standard input's /dev/ttyN); empty (the root) when none is known,
/// as under a pipe or tmux.
fn tty_path() -> Vec<u32> {
    let numbers = |s: &str| -> Option<Vec<u32>> { s.split(':').map(|n| n.trim().parse().ok()).collect() };
    let graphical = std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    let window =
        std::env::var("WINDOWPATH").ok().or_else(|| graphical.then(|| std::env::var("XDG_VTNR").ok()).flatten());
    if let Some(path) = window.as_deref().and_then(numbers) {
        return path;
    }
    if let Some(vt) = std::env::var("CONTROLVT").ok().and_then(|v| v.trim().parse().ok()) {
        return vec![vt];
    }
    let tty = std::fs::read_link("/proc/self/fd/0").ok();
    let vt =
        tty.as_deref().and_then(|p| p.to_str()).and_then(|p| p.strip_prefix("/dev/tty")).and_then(|n| n.parse().ok());
    vt.map_or_else(Vec::new, |n| vec![n])
}

fn enter_tty(stream: &mut (impl Read + Write), path: &[u32]) -> Result<(), BrailleError> {
    let mut body = (path.len() as u32).to_be_bytes().to_vec();
    for n in path {
        body.extend_from_slice(&n.to_be_bytes());
    }
    // No driver name: the display's keys come as BRLTTY's commands.
    body.push(0);
    write_packet(stream, PACKET_ENTER_TTY, &body)?;
    expect(stream, PACKET_ACK).map(|_| ())
}

/// A display to write to.
pub struct Display {
    stream: Stream,
    /// Cells in a line.
    pub cells: usize,
    /// Lines.
    pub lines: usize,
}

/// The display's keys, read on their own thread.
pub struct Keys {
    stream: Stream,
}

/// Connects to the display the environment names (`BRLAPI_HOST`,
/// `BRLAPI_AUTH`) and takes it over in tty mode.
pub fn connect(timeout: Duration) -> Result<(Display, Keys), BrailleError> {
    let host = std::env::var("BRLAPI_HOST").ok();
    let auth = std::env::var("BRLAPI_AUTH").ok();
    connect_to(&place_of(host.as_deref()), auth.as_deref(), timeout)
}

/// The socket, read with a deadline for the whole handshake: a server
/// that sends other packets first, or drips its answers, is given up at
/// the deadline.
struct Timed<'a> {
    stream: &'a mut Stream,
    until: std::time::Instant,
}

impl Read for Timed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            return Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the handshake took too long"));
        }
        self.stream.set_timeouts(Some(left), Some(left))?;
        self.stream.read(buf)
    }
}

impl Write for Timed<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.stream.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.stream.flush()
    }
}

/// Connects to the server at `place` with `auth` (as `BRLAPI_AUTH`):
/// the connection and the whole handshake within `timeout`.
pub fn connect_to(place: &Place, auth: Option<&str>, timeout: Duration) -> Result<(Display, Keys), BrailleError> {
    let until = std::time::Instant::now() + timeout;
    let mut stream = open(place, timeout)?;
    stream.set_timeouts(Some(timeout), Some(timeout)).map_err(gone)?;
    let mut timed = Timed { stream: &mut stream, until };
    handshake(&mut timed, auth)?;
    write_packet(&mut timed, PACKET_DISPLAY_SIZE, &[])?;
    let size = expect(&mut timed, PACKET_DISPLAY_SIZE)?;
    let (cells, lines) = match (u32_at(&size, 0), u32_at(&size, 1)) {
        (Some(x), Some(y)) if x >= 1 && y >= 1 && u64::from(x) * u64::from(y) > u64::from(MAX_CELLS) => {
            return Err(BrailleError::TooLarge { cells: x, lines: y });
        }
        (Some(x), Some(y)) if x >= 1 && y >= 1 => (x as usize, y as usize),
        _ => return Err(BrailleError::Protocol("no display size".into())),
    };
    // The console we run on; when it cannot be had, the root of the tree.
    let path = tty_path();
    if enter_tty(&mut timed, &path).is_err() {
        if path.is_empty() {
            return Err(BrailleError::Refused("tty mode".into()));
        }
        enter_tty(&mut timed, &[])?;
    }
    // Keys are waited for without end; a write waits a second at most.
    stream.set_timeouts(None, Some(Duration::from_secs(1))).map_err(gone)?;
    let keys = Keys { stream: stream.try_clone().map_err(gone)? };
    Ok((Display { stream, cells, lines }, keys))
}

impl Display {
    /// Shows `text` on the display's first line: cut or filled with
    /// blanks to its cells, control characters as blanks, no cursor.
    pub fn write(&mut self, text: &str) -> Result<(), BrailleError> {
        let size = self.cells * self.lines;
        let mut shown: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(self.cells).collect();
        let count = shown.chars().count();
        shown.extend(std::iter::repeat_n(' ', size - count));
        let flags = WRITE_REGION | WRITE_TEXT | WRITE_CURSOR | WRITE_CHARSET;
        let mut body = flags.to_be_bytes().to_vec();
        body.extend_from_slice(&1u32.to_be_bytes());
        body.extend_from_slice(&(size as u32).to_be_bytes());
        body.extend_from_slice(&(shown.len() as u32).to_be_bytes());
        body.extend_from_slice(shown.as_bytes());
        // Cursor 0: none.
        body.extend_from_slice(&0u32.to_be_bytes());
        body.push(5);
        body.extend_from_slice(b"UTF-8");
        if body.len() > MAX_PACKET {
            return Err(BrailleError::Protocol("a line too long for one packet".into()));
        }
        write_packet(&mut self.stream, PACKET_WRITE, &body)
    }

    /// Leaves the display to BRLTTY.
    pub fn close(&self) {
        self.stream.shutdown();
    }
}

impl Keys {
    /// The next key (other packets are skipped); an error when the
    /// display goes away.
    pub fn read(&mut self) -> Result<Key, BrailleError> {
        loop {
            let (kind, body) = read_packet(&mut self.stream)?;
            if kind == PACKET_KEY
                && let (Some(hi), Some(lo)) = (u32_at(&body, 0), u32_at(&body, 1))
                && let Some(key) = key_of((u64::from(hi) << 32) | u64::from(lo))
            {
                return Ok(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brlapi_host_is_read_as_libbrlapi_reads_it() {
        assert_eq!(place_of(None), Place::Local("0".into()));
        assert_eq!(place_of(Some(":1")), Place::Local("1".into()));
        assert_eq!(place_of(Some("127.0.0.1:7")), Place::Tcp("127.0.0.1".into(), 4108));
        assert_eq!(place_of(Some("braille.local")), Place::Tcp("braille.local".into(), 4101));
        assert_eq!(place_of(Some("host:x")), Place::Tcp("host".into(), 4101));
    }

    #[test]
    fn key_codes_become_keys() {
        assert_eq!(key_of(0x2001_0005), Some(Key::Route(5)));
        assert_eq!(key_of(0x2000_0001), Some(Key::LineUp));
        assert_eq!(key_of(0x2000_0002), Some(Key::LineDown));
        assert_eq!(key_of(0x2000_0018), Some(Key::PanRight));
        // A typed character is not a command.
        assert_eq!(key_of(0x0000_0061), None);
    }

    #[test]
    fn a_key_file_is_named_as_libbrlapi_names_it() {
        assert_eq!(key_files(Some("none")), Vec::<std::path::PathBuf>::new());
        assert_eq!(key_files(Some("keyfile:/k+polkit")), vec![std::path::PathBuf::from("/k")]);
        assert_eq!(key_files(None), vec![std::path::PathBuf::from("/etc/brlapi.key")]);
    }

    proptest::proptest! {
        /// Any bytes from the server: a packet or an error, never a panic
        /// or a large allocation.
        #[test]
        fn any_bytes_from_the_server_are_read_safely(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64)) {
            let mut input = &bytes[..];
            while let Ok((_, body)) = read_packet(&mut input) {
                proptest::prop_assert!(body.len() <= MAX_PACKET);
            }
        }
    }
}
