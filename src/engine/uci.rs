//! A UCI engine in a child process: handshake, options, position and go,
//! bestmove, with a timeout on every answer.

use super::{Engine, EngineError, clamp_level};
use crate::notation::read_move;
use crate::rules::{History, Move};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running UCI engine.
pub(crate) struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    level: u8,
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
            for dir in std::env::split_paths(&paths) {
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
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn(shown.clone(), e.to_string()))?;
        let stdin = child.stdin.take().ok_or_else(|| EngineError::Spawn(shown.clone(), "no input pipe".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| EngineError::Spawn(shown.clone(), "no output pipe".into()))?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine { child, stdin, lines, name: "UCI engine".into(), level: clamp_level(level) };
        engine.send("uci")?;
        let id = engine.wait_for("uciok", Duration::from_secs(10))?;
        if let Some(n) = id.iter().find_map(|l| l.strip_prefix("id name ")) {
            engine.name = n.trim().to_string();
        }
        let skill = (u32::from(engine.level) - 1) * 20 / 19;
        engine.send(&format!("setoption name Skill Level value {skill}"))?;
        engine.send("setoption name Threads value 1")?;
        engine.send("isready")?;
        engine.wait_for("readyok", Duration::from_secs(10))?;
        engine.send("ucinewgame")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|e| EngineError::Broken(e.to_string()))
    }

    /// Reads lines until one starts with `word`; returns the lines read.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<Vec<String>, EngineError> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
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
        let lines = self.wait_for("bestmove", movetime + Duration::from_secs(10))?;
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .ok_or_else(|| EngineError::Broken("bestmove without a move".into()))?;
        read_move(pos, best, crate::notation::NotationLang::English)
            .map_err(|_| EngineError::IllegalMove(best.to_string()))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
