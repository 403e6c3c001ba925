//! The listening pipeline shared by the microphone and WAV files: mono,
//! 16 kHz, vosk, then the resolver.

use super::pcm::{resample_clip, to_i16};
use super::recognizer::{Utterances, VoiceModel, result_text};
use super::wav::read_wav;
use crate::rules::Position;
use crate::speech::vocabulary::{Expecting, expected_phrases};
use crate::speech::{Intent, Resolver};
use std::path::Path;
use std::time::{Duration, Instant};

/// What was heard in a recording and what it means.
#[derive(Debug)]
pub struct Heard {
    /// The transcript (the best alternative, or utterances joined).
    pub transcript: String,
    /// vosk's alternatives (text, score), best first.
    pub alternatives: Vec<(String, f32)>,
    /// The resolver's intent.
    pub intent: Intent,
    /// From the end of the audio to the resolved intent.
    pub latency: Duration,
    /// The length of the audio.
    pub audio: Duration,
}

/// Problems of the listening pipeline.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The WAV file.
    #[error(transparent)]
    Wav(#[from] super::wav::WavError),
    /// Resampling.
    #[error(transparent)]
    Resample(#[from] super::pcm::ResampleError),
    /// The model.
    #[error(transparent)]
    Model(#[from] super::recognizer::ModelError),
}

/// Decodes a WAV file of any rate or channel count and resolves it in `pos`.
pub fn listen_wav(path: &Path, model: &VoiceModel, resolver: &Resolver, pos: &Position) -> Result<Heard, ListenError> {
    let (mono, rate) = read_wav(path)?;
    let samples = to_i16(&resample_clip(&mono, rate)?);
    let audio = Duration::from_secs_f64(samples.len() as f64 / f64::from(super::pcm::RECOGNIZER_RATE));
    // The grammar a game would use in this position: the legal moves as
    // whole phrases, with every word of the vocabulary. The audio is fed as
    // live listening feeds it (an utterance ends after the quiet it
    // needs), then timed from its end to the intent.
    let expected = expected_phrases(resolver.lexicon(), pos, None, resolver.style);
    let mut utterances = Utterances::new(model, expected)?;
    let mut heard = utterances.accept_all(&samples);
    let end = Instant::now();
    heard.extend(utterances.finish());
    // One utterance: its alternatives go to the resolver; several (pauses
    // inside the recording): their best texts, joined.
    let alternatives = match heard.as_slice() {
        [one] => one.alternatives.clone(),
        many => vec![(many.iter().map(result_text).collect::<Vec<_>>().join(" "), 0.0)],
    };
    let transcript = alternatives.first().map_or(String::new(), |(t, _)| t.clone());
    let intent = resolver.resolve_heard(pos, &alternatives);
    Ok(Heard { transcript, alternatives, intent, latency: end.elapsed(), audio })
}

/// Decodes 16 kHz samples in one go (for the microphone's utterances):
/// each utterance's best text, joined.
pub fn transcribe(model: &VoiceModel, samples: &[i16]) -> Result<String, ListenError> {
    let mut utterances = Utterances::new(model, Expecting::default())?;
    let mut heard = utterances.accept_all(samples);
    heard.extend(utterances.finish());
    Ok(heard.iter().map(result_text).collect::<Vec<_>>().join(" "))
}
