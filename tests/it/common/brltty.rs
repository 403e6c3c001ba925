//! The real BRLTTY (Debian's, with its Virtual braille driver) and the
//! test as its Braille display: BRLTTY connects to a display server the
//! test runs on 127.0.0.1, and offers BrlAPI on TCP port 4101+N, where
//! voxchess connects (`BRLAPI_HOST=127.0.0.1:N`, `BRLAPI_AUTH=none`).
//!
//! The display says it has 40 cells; BRLTTY sends `Visual "..."` (the
//! text) and `Braille "..."` (the dots) each time they change; the test
//! sends keys as BRLTTY's command names (`Route 7`, `LnDn`, `DispMd`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The table BRLTTY is told to use, and where its definitions are.
pub const TABLE: &str = "en-nabcc";
const TABLE_FILE: &str = "/etc/brltty/Text/en-nabcc.ttb";

/// A running BRLTTY and the display the test plays.
pub struct Brltty {
    child: Child,
    /// The BrlAPI display number (TCP port 4101+N).
    pub number: u16,
    conn: TcpStream,
    lines: Receiver<String>,
    /// The last text and dots BRLTTY sent.
    pub visual: String,
    pub dots: String,
    _dir: PathBuf,
}

/// A BrlAPI display number whose port is free now.
fn free_number() -> u16 {
    static NEXT: std::sync::atomic::AtomicU16 = std::sync::atomic::AtomicU16::new(0);
    let base = 40 + (std::process::id() % 300) as u16 * 20;
    loop {
        let n = base + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 20;
        if TcpListener::bind(("127.0.0.1", 4101 + n)).is_ok() {
            return n;
        }
    }
}

/// Whether BrlAPI display `number` sends its version packet.
fn answers(number: u16) -> bool {
    use std::io::Read;
    let Ok(mut c) = TcpStream::connect(("127.0.0.1", 4101 + number)) else { return false };
    let _ = c.set_read_timeout(Some(Duration::from_secs(1)));
    let mut version = [0u8; 12];
    c.read_exact(&mut version).is_ok()
}

impl Brltty {
    /// Starts BRLTTY with a fresh display number.
    pub fn start(dir: &Path) -> Brltty {
        Brltty::start_as(dir, free_number())
    }

    /// Starts BRLTTY offering BrlAPI as display `number`.
    pub fn start_as(dir: &Path, number: u16) -> Brltty {
        let work = dir.join(format!("brltty-{number}-{}", Instant::now().elapsed().as_nanos()));
        std::fs::create_dir_all(&work).expect("brltty folder");
        let server = TcpListener::bind("127.0.0.1:0").expect("display server");
        let port = server.local_addr().expect("port").port();
        let child = Command::new("brltty")
            .args(["-n", "-q", "-b", "vr", "-d", &format!("client:127.0.0.1:{port}"), "-s", "no", "-x", "no"])
            .args(["-A", &format!("auth=none,host=127.0.0.1:{number}"), "-f", "/dev/null", "-t", TABLE])
            .arg("-P")
            .arg(work.join("pid"))
            .arg("-W")
            .arg(&work)
            .arg("-U")
            .arg(&work)
            .arg("-F")
            .arg(&work)
            .arg("-L")
            .arg(work.join("log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("brltty (installed by setup.sh)");
        server.set_nonblocking(true).expect("nonblocking");
        let start = Instant::now();
        let conn = loop {
            match server.accept() {
                Ok((c, _)) => break c,
                Err(_) if start.elapsed() < Duration::from_secs(20) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => panic!("BRLTTY did not connect to the display: {e}"),
            }
        };
        conn.set_nonblocking(false).expect("blocking");
        let (tx, lines) = channel();
        let reader = BufReader::new(conn.try_clone().expect("clone"));
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut b = Brltty { child, number, conn, lines, visual: String::new(), dots: String::new(), _dir: work };
        b.send("cells 40");
        // BrlAPI answers (its first packet, the version) once BRLTTY has
        // the display.
        let start = Instant::now();
        while !answers(number) {
            assert!(start.elapsed() < Duration::from_secs(20), "BRLTTY offers no BrlAPI");
            std::thread::sleep(Duration::from_millis(50));
        }
        b
    }

    /// The environment voxchess needs to find this BRLTTY.
    pub fn env(&self) -> [(&'static str, String); 2] {
        [("BRLAPI_HOST", format!("127.0.0.1:{}", self.number)), ("BRLAPI_AUTH", "none".into())]
    }

    /// Sends a key (a BRLTTY command name, with its number). The Virtual
    /// driver takes one line for each time its socket becomes readable
    /// (a second line in the same read waits for the next), so keys go
    /// one at a time, a moment apart, as fingers press them.
    pub fn send(&mut self, line: &str) {
        std::thread::sleep(Duration::from_millis(120));
        writeln!(self.conn, "{line}").expect("key to BRLTTY");
    }

    /// Reads what BRLTTY sent until the display's text, without the
    /// blanks that fill it, satisfies `wanted` (at most 20 s).
    pub fn wait(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            if wanted(self.visual.trim_end()) {
                return self.visual.trim_end().to_string();
            }
            let left = Duration::from_secs(20).saturating_sub(start.elapsed());
            assert!(!left.is_zero(), "the display never showed {what}; last: {:?}", self.visual);
            if let Ok(line) = self.lines.recv_timeout(left.min(Duration::from_millis(200))) {
                self.take(&line);
            }
        }
    }

    /// Keeps what a line from BRLTTY says: the text (only backslash and
    /// quote escaped) or the dots.
    fn take(&mut self, line: &str) {
        if let Some(text) = line.strip_prefix("Visual \"").and_then(|l| l.strip_suffix('"')) {
            self.visual = text.replace("\\\"", "\"").replace("\\\\", "\\");
        } else if let Some(dots) = line.strip_prefix("Braille \"").and_then(|l| l.strip_suffix('"')) {
            self.dots = dots.to_string();
        }
    }

    /// Waits for the text `text` (the start of the display).
    pub fn wait_text(&mut self, text: &str) -> String {
        self.wait(text, |v| v.starts_with(text))
    }

    /// Reads what came for a moment, and gives the display's text.
    pub fn settle(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(400);
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if let Ok(line) = self.lines.recv_timeout(left) {
                self.take(&line);
            }
        }
        self.visual.trim_end().to_string()
    }

    /// Stops BRLTTY as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The dots of each character of the table in use, as its file defines
/// them ("char \X61 (1       )"): digits of the raised dots.
pub fn table_dots() -> std::collections::HashMap<char, String> {
    let text = std::fs::read_to_string(TABLE_FILE).expect("BRLTTY's text table");
    let mut dots = std::collections::HashMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("char \\X") else { continue };
        let Some((hex, rest)) = rest.split_once(' ') else { continue };
        let Some(pattern) = rest.strip_prefix('(').and_then(|r| r.split_once(')')).map(|(p, _)| p) else { continue };
        let Some(c) = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) else { continue };
        let raised: String = pattern.chars().filter(char::is_ascii_digit).collect();
        dots.insert(c, if raised.is_empty() { " ".to_string() } else { raised });
    }
    dots
}

/// The dots BRLTTY should send for `text` (40 cells, blanks after it).
pub fn dots_of(text: &str, table: &std::collections::HashMap<char, String>) -> String {
    let mut cells: Vec<String> = text.chars().map(|c| table.get(&c).cloned().unwrap_or_else(|| "?".into())).collect();
    cells.resize(40, " ".to_string());
    cells.join("|")
}
