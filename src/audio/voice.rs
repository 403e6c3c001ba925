//! Listening: microphone samples to transcripts, with push-to-talk or
//! continuous listening, and half duplex: while voxchess speaks, and for a
//! short tail after, audio is not fed to the recognizer, so it never hears
//! itself.

use super::recognizer::{Utterances, VoiceModel};
use crate::speech::vocabulary::{Expected, Expecting};
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
    let Ok(mut utterances) = Utterances::new(model, Expecting::default()) else { return };
    let mut version = 0;
    while !stop.load(Ordering::Relaxed) {
        let chunk = match samples.recv_timeout(Duration::from_millis(200)) {
            Ok(c) => c,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let open = !gate.closed() && (*mode == ListenMode::Continuous || talk.load(Ordering::Relaxed));
        // Push-to-talk released (or voxchess speaking): what was said
        // before is finished. Else the grammar follows the game (cheap:
        // under a millisecond for a few hundred phrases), and the chunk is
        // heard.
        let mut heard = Vec::new();
        if !open {
            heard.extend(utterances.finish());
        } else {
            if let Some((v, phrases)) = expected.newer_than(version) {
                version = v;
                heard.extend(utterances.expect(phrases));
            }
            heard.extend(utterances.accept(&chunk));
        }
        for h in heard {
            if transcripts.send(h.alternatives).is_err() {
                return;
            }
        }
    }
    // The microphone closed or listening stopped: what was said so far still counts.
    if let Some(heard) = utterances.finish() {
        let _ = transcripts.send(heard.alternatives);
    }
}
