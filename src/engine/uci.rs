//! A UCI engine in a child process: handshake, options, position and go,
//! bestmove, with a deadline on every answer that output does not extend.
//! What the engine writes is read in bounded pieces (a line of at most
//! `MAX_LINE_BYTES`, at most `QUEUE_LINES` lines waiting), so an engine
//! that floods its output costs a bounded amount of memory; the engine runs
//! in its own process group, which is ended with it (its children too), and
//! carries a mark that ends its helpers and outlives a kill of voxchess
//! ([`super::reaper`]).

use super::{Engine, EngineError, clamp_level};
use crate::notation::read_move;
use crate::rules::{History, Move};
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// The longest line of engine output kept (the rest is skipped unread
/// into memory): UCI lines are short; a long `info` line is a few KiB.
const MAX_LINE_BYTES: usize = 16 * 1024;

/// Lines read ahead of the game; when they are not taken, the reader (and
/// then the engine, on a full pipe) waits.
const QUEUE_LINES: usize = 256;

/// A running UCI engine.
pub(crate) struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    level: u8,
    /// The mark its processes carry (see [`super::reaper`]).
    mark: String,
}

/// Where Debian puts Stockfish, and names to look for on PATH.
pub(crate) fn find_engine() -> Option<PathBuf> {
    let candidates = ["stockfish", "/usr/games/stockfish", "/usr/bin/stockfish"];
    for c in candidates {
        let p = Path::new(c);
        if p.is_absolute() {
            if p.exists() {
                return Some(p.to_path_buf());
            }
        } else if let Some(paths) = std::env::var_os("PATH") {
            // Only absolute folders: an empty or relative entry would mean
            // the current folder, where anyone may have put a "stockfish".
            for dir in std::env::split_paths(&paths).filter(|d| d.is_absolute()) {
                let full = dir.join(c);
                if full.is_file() {
                    return Some(full);
                }
            }
        }
    }
    None
}

impl UciEngine {
    /// Starts the engine, does the UCI handshake and sets its strength (1-20).
    pub(crate) fn start(path: &Path, level: u8) -> Result<UciEngine, EngineError> {
        let shown = path.display().to_string();
        let mut command = Command::new(path);
        // SAFETY: between fork and exec only async-signal-safe calls are
        // made: the engine starts with no signal blocked (voxchess blocks
        // SIGTERM, SIGHUP and SIGINT for its own signal thread).
        unsafe {
            command.pre_exec(|| {
                let mut none: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut none);
                libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
                Ok(())
            });
        }
        let mark = super::reaper::mark(&mut command);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            // Its own process group, ended with it (children included).
            .process_group(0)
            .spawn()
            .map_err(|e| EngineError::Spawn(shown.clone(), e.to_string()))?;
        let stdin = child.stdin.take().ok_or_else(|| EngineError::Spawn(shown.clone(), "no input pipe".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| EngineError::Spawn(shown.clone(), "no output pipe".into()))?;
        let (tx, lines) = sync_channel(QUEUE_LINES);
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(buf) = crate::files::bounded::read_line_limited(&mut out, MAX_LINE_BYTES) {
                let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine { child, stdin, lines, name: "UCI engine".into(), level: clamp_level(level), mark };
        engine.send("uci")?;
        let mut name = None;
        engine.wait_for("uciok", Duration::from_secs(10), |l| {
            if let Some(n) = l.strip_prefix("id name ") {
                name = Some(n.trim().chars().take(80).collect());
            }
        })?;
        if let Some(n) = name {
            engine.name = n;
        }
        let skill = (u32::from(engine.level) - 1) * 20 / 19;
        engine.send(&format!("setoption name Skill Level value {skill}"))?;
        engine.send("setoption name Threads value 1")?;
        engine.send("isready")?;
        engine.wait_for("readyok", Duration::from_secs(10), |_| {})?;
        engine.send("ucinewgame")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|e| EngineError::Broken(e.to_string()))
    }

    /// Reads lines until one starts with `word` and returns it; every line
    /// before it goes to `each` and is dropped. The deadline is fixed when
    /// the wait starts: output, however much, does not extend it.
    fn wait_for(&mut self, word: &str, timeout: Duration, mut each: impl FnMut(&str)) -> Result<String, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(EngineError::Timeout(timeout.as_secs()));
            }
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    each(&line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(EngineError::Timeout(timeout.as_secs())),
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Broken("it exited".into())),
            }
        }
    }

    /// How long the engine thinks at this level (weaker levels think less).
    fn movetime(&self, think: Duration) -> Duration {
        let scale = f64::from(self.level) / 20.0;
        Duration::from_secs_f64((think.as_secs_f64() * scale).max(0.05))
    }
}

impl Engine for UciEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn best_move(&mut self, history: &History, think: Duration) -> Result<Move, EngineError> {
        let pos = history.current();
        if pos.legal_moves().is_empty() {
            return Err(EngineError::NoMove);
        }
        let moves: Vec<String> = history.moves().iter().map(|m| m.uci()).collect();
        let start = history.start().to_fen();
        let line = if moves.is_empty() {
            format!("position fen {start}")
        } else {
            format!("position fen {start} moves {}", moves.join(" "))
        };
        self.send(&line)?;
        let movetime = self.movetime(think);
        let depth = if self.level < 10 { format!(" depth {}", u32::from(self.level).max(1)) } else { String::new() };
        self.send(&format!("go movetime {}{depth}", movetime.as_millis()))?;
        let line = self.wait_for("bestmove", movetime + Duration::from_secs(10), |_| {})?;
        let best =
            line.split_whitespace().nth(1).ok_or_else(|| EngineError::Broken("bestmove without a move".into()))?;
        read_move(pos, best, crate::notation::NotationLang::English)
            .map_err(|_| EngineError::IllegalMove(best.to_string()))
    }
}

impl super::analysis::Analyse for UciEngine {
    fn analyse(
        &mut self,
        pos: &crate::rules::Position,
        lines: usize,
        limit: super::analysis::Limit,
    ) -> Result<Vec<super::analysis::Line>, EngineError> {
        use super::analysis::{Limit, Line, line_moves, parse_info};
        if pos.legal_moves().is_empty() {
            return Err(EngineError::NoMove);
        }
        let lines = lines.clamp(1, 8);
        self.send(&format!("setoption name MultiPV value {lines}"))?;
        self.send(&format!("position fen {}", pos.to_fen()))?;
        // A search to a depth is given a minute before the engine counts
        // as not answering.
        let wait = match limit {
            Limit::Time(think) => {
                self.send(&format!("go movetime {}", think.as_millis().max(10)))?;
                think + Duration::from_secs(10)
            }
            Limit::Depth(depth) => {
                self.send(&format!("go depth {}", depth.clamp(1, 40)))?;
                Duration::from_secs(60)
            }
        };
        let mut found: Vec<Option<Line>> = vec![None; lines];
        self.wait_for("bestmove", wait, |l| {
            if let Some(info) = parse_info(l)
                && info.multipv <= lines
            {
                let moves = line_moves(pos, &info.pv);
                if !moves.is_empty() {
                    found[info.multipv - 1] = Some(Line { score: info.score.for_white(pos.turn()), moves });
                }
            }
        })?;
        let found: Vec<Line> = found.into_iter().flatten().collect();
        if found.is_empty() { Err(EngineError::Broken("no line of moves".into())) } else { Ok(found) }
    }

    fn analyst(&self) -> super::analysis::Analyst {
        super::analysis::Analyst::Full
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        // The whole group: an engine's helpers end with it.
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group,
            // which `process_group(0)` made the engine's own.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // And its helpers that left the group (`setsid`).
        super::reaper::end_marked(&self.mark);
    }
}
