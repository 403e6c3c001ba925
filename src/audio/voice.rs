//! Listening: microphone samples to transcripts, with push-to-talk or
//! continuous listening, and half duplex: while voxchess speaks, and for a
//! short tail after, audio is not fed to the recognizer, so it never hears
//! itself.

use super::recognizer::{VoiceModel, finish};
use crate::speech::vocabulary::Expected;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How the microphone is switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListenMode {
    /// Listening only while the push-to-talk key is held or toggled on.
    PushToTalk,
    /// Always listening (except while voxchess speaks).
    Continuous,
}

/// Tells the listener whether voxchess is speaking (or just stopped).
pub trait SpeakingGate: Send {
    /// True while audio must not reach the recognizer.
    fn closed(&self) -> bool;
}

/// A gate from the speaker's state: closed while speaking and for `tail` after.
pub struct SpeakerGate<F: Fn() -> (bool, Option<Instant>) + Send> {
    /// Reads (speaking, last end).
    pub state: F,
    /// How long after speech the microphone stays deaf.
    pub tail: Duration,
}

impl<F: Fn() -> (bool, Option<Instant>) + Send> SpeakingGate for SpeakerGate<F> {
    fn closed(&self) -> bool {
        let (speaking, last_end) = (self.state)();
        speaking || last_end.is_some_and(|t| t.elapsed() < self.tail)
    }
}

/// A gate that is never closed (no speech output).
pub struct OpenGate;

impl SpeakingGate for OpenGate {
    fn closed(&self) -> bool {
        false
    }
}

/// How listening is switched: the mode, the push-to-talk state (ignored
/// when continuous) and the stop flag.
pub struct Switches {
    /// Push-to-talk or continuous.
    pub mode: ListenMode,
    /// The push-to-talk key's state.
    pub talk: Arc<AtomicBool>,
    /// Set to end the loop.
    pub stop: Arc<AtomicBool>,
}

/// The most audio fed again to a new recognizer: 10 s at 16 kHz (a longer
/// utterance keeps the grammar it started with).
const REPLAY_MAX: usize = 160_000;

/// Feeds microphone chunks to recognizers until `samples` closes or the
/// stop flag is set, sending each utterance's alternatives (text, score),
/// best first.
pub fn listen_loop(
    model: &VoiceModel,
    samples: &Receiver<Vec<i16>>,
    switches: &Switches,
    gate: &dyn SpeakingGate,
    expected: &Expected,
    transcripts: &Sender<Vec<(String, f32)>>,
) {
    let Switches { mode, talk, stop } = switches;
    let Ok(mut recognizer) = model.recognizer() else { return };
    let mut version = 0;
    let mut fed = false;
    // The audio fed since the recognizer's last result, to feed again to a
    // new recognizer when what the game expects changes mid-utterance.
    let mut since_result: Vec<i16> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let chunk = match samples.recv_timeout(Duration::from_millis(200)) {
            Ok(c) => c,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let open = !gate.closed() && (*mode == ListenMode::Continuous || talk.load(Ordering::Relaxed));
        if !open {
            // Push-to-talk released (or voxchess speaking): finish what was said before.
            if fed {
                if let Some(heard) = finish(&mut recognizer)
                    && transcripts.send(heard.alternatives).is_err()
                {
                    return;
                }
                fed = false;
                since_result.clear();
            }
            continue;
        }
        // The grammar follows the game (cheap: under a millisecond for a few
        // hundred phrases). The game changes it just after an utterance is
        // heard, when the recognizer has already taken the next chunks: they
        // are fed again to the new one (measured live: an answer said then
        // was decoded with the moves' words, "네" as "넷").
        if since_result.len() <= REPLAY_MAX
            && let Some((v, phrases)) = expected.newer_than(version)
            && let Ok(mut r) = model.recognizer_expecting(&phrases)
        {
            version = v;
            let replay = std::mem::take(&mut since_result);
            let finalized = r.accept(&replay) == super::vosk::Decoding::Finalized;
            recognizer = r;
            if finalized {
                let heard = recognizer.result();
                if !heard.best().is_empty() && transcripts.send(heard.alternatives).is_err() {
                    return;
                }
            } else {
                since_result = replay;
            }
        }
        fed = true;
        if since_result.len() <= REPLAY_MAX {
            since_result.extend_from_slice(&chunk);
        }
        if recognizer.accept(&chunk) == super::vosk::Decoding::Finalized {
            let heard = recognizer.result();
            fed = false;
            since_result.clear();
            if !heard.best().is_empty() && transcripts.send(heard.alternatives).is_err() {
                return;
            }
        }
    }
    // The microphone closed or listening stopped: what was said so far still counts.
    if fed && let Some(heard) = finish(&mut recognizer) {
        let _ = transcripts.send(heard.alternatives);
    }
}
