//! A speech server for tests that speaks SSIP, speech-dispatcher's own
//! protocol, to the real client library (libspeechd, through the speech-dispatcher
//! crate): voxchess connects to it with SPEECHD_ADDRESS. Each text is
//! "played" for a time in proportion to its length, with the BEGIN, END
//! and CANCELED events speech-dispatcher sends, so a test knows exactly
//! what was said to its end, what was cut, and what never came.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a text plays: per character, and at least.
const PER_CHAR: Duration = Duration::from_millis(20);
const AT_LEAST: Duration = Duration::from_millis(60);

/// One text given to the server, and what became of it.
#[derive(Clone, Debug)]
pub struct Said {
    pub text: String,
    pub queued: Instant,
    pub begun: Option<Instant>,
    pub ended: Option<Instant>,
    pub cancelled: bool,
    /// When it was cut, if it was.
    pub cut_at: Option<Instant>,
}

/// The server: its socket, and everything said to it.
pub struct SsipServer {
    pub path: PathBuf,
    pub log: Arc<Mutex<Vec<Said>>>,
    /// Every command other than SPEAK, with when it came ("SET SELF
    /// LANGUAGE RU"), upper-cased.
    pub commands: Arc<Mutex<Vec<(String, Instant)>>>,
    pub started: Instant,
    /// How long each character plays.
    pub per_char: Duration,
}

/// How long the voice list takes, as espeak-ng's 13,000 voices take with
/// speech-dispatcher here.
const LISTING_TAKES: Duration = Duration::from_millis(1500);

struct Voice {
    queue: VecDeque<usize>,
    speaking: Option<(usize, Instant)>,
    closed: bool,
}

impl SsipServer {
    /// Listens on a socket in `dir`.
    pub fn start(dir: &Path) -> SsipServer {
        SsipServer::start_at(dir, PER_CHAR)
    }

    /// Plays each text 20 times faster, for tests that only read what was
    /// said.
    pub fn start_fast(dir: &Path) -> SsipServer {
        SsipServer::start_at(dir, PER_CHAR / 20)
    }

    fn start_at(dir: &Path, per_char: Duration) -> SsipServer {
        std::fs::create_dir_all(dir).expect("socket folder");
        let path = dir.join("speechd.sock");
        let _ = std::fs::remove_file(&path);
        let listener = UnixListener::bind(&path).expect("SSIP socket");
        let log = Arc::new(Mutex::new(Vec::new()));
        let commands = Arc::new(Mutex::new(Vec::new()));
        let (shared, seen) = (log.clone(), commands.clone());
        std::thread::spawn(move || {
            for (client, stream) in listener.incoming().enumerate() {
                let Ok(stream) = stream else { return };
                let (log, seen) = (shared.clone(), seen.clone());
                std::thread::spawn(move || serve(stream, client as u32 + 1, log, seen, per_char));
            }
        });
        SsipServer { path, log, commands, started: Instant::now(), per_char }
    }

    /// What began to be heard, in the order it began: the texts joined
    /// with " | ".
    pub fn heard(&self) -> String {
        let mut said: Vec<Said> = self.said().into_iter().filter(|s| s.begun.is_some()).collect();
        said.sort_by_key(|s| s.begun);
        said.iter().map(|s| s.text.as_str()).collect::<Vec<_>>().join(" | ")
    }

    /// When `words` began to be heard: the start of the first text that
    /// holds them and played to them (a text plays in proportion to its
    /// length, so words at its end are heard late).
    pub fn words_heard(&self, words: &str) -> Option<Instant> {
        self.said().iter().find_map(|s| {
            let chars = s.text.char_indices().position(|(i, _)| s.text[i..].starts_with(words))?;
            let begun = s.begun?;
            let at = begun + self.per_char * chars as u32;
            // Cut before the words were reached: never heard.
            s.cut_at.is_none_or(|cut| cut > at).then_some(at)
        })
    }

    /// The address for SPEECHD_ADDRESS.
    pub fn address(&self) -> String {
        format!("unix_socket:{}", self.path.display())
    }

    /// The commands other than SPEAK so far.
    pub fn commands(&self) -> Vec<(String, Instant)> {
        self.commands.lock().unwrap().clone()
    }

    /// Everything said so far.
    pub fn said(&self) -> Vec<Said> {
        self.log.lock().unwrap().clone()
    }
}

fn send(out: &Mutex<UnixStream>, text: &str) {
    let _ = out.lock().unwrap().write_all(text.as_bytes());
}

fn event(out: &Mutex<UnixStream>, code: u32, msg: usize, client: u32, what: &str) {
    send(out, &format!("{code}-{}\r\n{code}-{client}\r\n{code} {what}\r\n", msg + 1));
}

fn serve(
    stream: UnixStream,
    client: u32,
    log: Arc<Mutex<Vec<Said>>>,
    seen: Arc<Mutex<Vec<(String, Instant)>>>,
    per_char: Duration,
) {
    let out = Arc::new(Mutex::new(stream.try_clone().expect("socket")));
    let voice = Arc::new((Mutex::new(Voice { queue: VecDeque::new(), speaking: None, closed: false }), Condvar::new()));
    let player = {
        let (out, voice, log) = (out.clone(), voice.clone(), log.clone());
        std::thread::spawn(move || play(&out, &voice, &log, client, per_char))
    };
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).map_or(true, |n| n == 0) {
            break;
        }
        let command = line.trim_end().to_uppercase();
        if command != "SPEAK" {
            seen.lock().unwrap().push((command.clone(), Instant::now()));
        }
        if command == "SPEAK" {
            send(&out, "230 OK RECEIVING DATA\r\n");
            let mut text = Vec::new();
            loop {
                line.clear();
                if reader.read_line(&mut line).map_or(true, |n| n == 0) {
                    break;
                }
                let l = line.trim_end_matches(['\r', '\n']);
                if l == "." {
                    break;
                }
                text.push(l.strip_prefix("..").map_or(l.to_string(), |rest| format!(".{rest}")));
            }
            let (lock, wake) = &*voice;
            let mut v = lock.lock().unwrap();
            let id = {
                let mut log = log.lock().unwrap();
                log.push(Said {
                    text: text.join("\n"),
                    queued: Instant::now(),
                    begun: None,
                    ended: None,
                    cancelled: false,
                    cut_at: None,
                });
                log.len() - 1
            };
            send(&out, &format!("225-{}\r\n225 OK MESSAGE QUEUED\r\n", id + 1));
            v.queue.push_back(id);
            wake.notify_all();
        } else if command.starts_with("HISTORY GET CLIENT_ID") {
            send(&out, &format!("245-{client}\r\n245 OK CLIENT ID SENT\r\n"));
        } else if command.starts_with("LIST SYNTHESIS_VOICES") {
            // As long and as slow as espeak-ng's list.
            std::thread::sleep(LISTING_TAKES);
            let voices: String = (0..13_000)
                .map(|i| ["en", "ru", "de", "ko"][i % 4])
                .enumerate()
                .map(|(i, l)| format!("249-{l}{i}\t{l}\tnone\r\n"))
                .collect();
            send(&out, &format!("{voices}249 OK VOICE LIST SENT\r\n"));
        } else if command.starts_with("CANCEL") || command.starts_with("STOP") {
            let (lock, wake) = &*voice;
            let mut v = lock.lock().unwrap();
            let mut cut: Vec<usize> = v.speaking.take().map(|(id, _)| id).into_iter().collect();
            cut.extend(v.queue.drain(..));
            for id in cut {
                let mut log = log.lock().unwrap();
                log[id].cancelled = true;
                log[id].cut_at = Some(Instant::now());
                event(&out, 703, id, client, "CANCELED");
            }
            wake.notify_all();
            send(&out, "210 OK CANCELED\r\n");
        } else if command.starts_with("QUIT") {
            send(&out, "231 HAPPY HACKING\r\n");
            break;
        } else {
            send(&out, "200 OK\r\n");
        }
    }
    let (lock, wake) = &*voice;
    lock.lock().unwrap().closed = true;
    wake.notify_all();
    let _ = player.join();
}

/// Plays the queued texts one after another, each for its time.
fn play(
    out: &Mutex<UnixStream>,
    voice: &(Mutex<Voice>, Condvar),
    log: &Mutex<Vec<Said>>,
    client: u32,
    per_char: Duration,
) {
    let (lock, wake) = voice;
    let mut v = lock.lock().unwrap();
    loop {
        if v.closed {
            return;
        }
        let now = Instant::now();
        match v.speaking {
            Some((id, until)) if now >= until => {
                log.lock().unwrap()[id].ended = Some(now);
                event(out, 702, id, client, "END");
                v.speaking = None;
                continue;
            }
            Some((_, until)) => {
                v = wake.wait_timeout(v, until - now).unwrap().0;
            }
            None => match v.queue.pop_front() {
                Some(id) => {
                    let chars = log.lock().unwrap()[id].text.chars().count() as u32;
                    log.lock().unwrap()[id].begun = Some(now);
                    event(out, 701, id, client, "BEGIN");
                    v.speaking = Some((id, now + (per_char * chars).max(AT_LEAST.min(per_char * 3))));
                }
                None => v = wake.wait_timeout(v, Duration::from_millis(200)).unwrap().0,
            },
        }
    }
}
