//! Speech recognition with vosk: one shared model, a recognizer per
//! utterance limited to the closed vocabulary of the language. vosk's
//! grammar is not strict, so every result goes through the resolver.

use super::vosk::{Decoding, Heard, Model, Recognizer};
use crate::speech::vocabulary::Expecting;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A model that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// No model folder.
    #[error("no voice model at {0}; install one with: voxchess models install en (or ru)")]
    Missing(String),
    /// libvosk.so is missing or unusable.
    #[error(transparent)]
    Library(#[from] super::vosk::VoskError),
    /// vosk could not load it.
    #[error("the folder {0} is not a vosk model vosk can load")]
    Unloadable(String),
    /// The recognizer could not be made.
    #[error("vosk could not make a recognizer")]
    Recognizer,
}

/// A loaded vosk model, shared between recognizers.
#[derive(Clone)]
pub struct VoiceModel {
    model: Arc<Model>,
    /// Where it was loaded from.
    pub path: PathBuf,
    /// Whether the model knows "[unk]" (then unknown speech maps to it).
    pub has_unk: bool,
    /// The phrases of the vocabulary the model knows every word of.
    known: Vec<String>,
}

impl std::fmt::Debug for VoiceModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VoiceModel").field("path", &self.path).field("has_unk", &self.has_unk).finish()
    }
}

impl VoiceModel {
    /// Loads a model and keeps the phrases of `vocabulary` it knows.
    pub fn load(dir: &Path, vocabulary: &[String]) -> Result<VoiceModel, ModelError> {
        if !dir.is_dir() {
            return Err(ModelError::Missing(dir.display().to_string()));
        }
        let model = Model::new(dir)?.ok_or_else(|| ModelError::Unloadable(dir.display().to_string()))?;
        let has_unk = model.knows("[unk]");
        let known: Vec<String> =
            vocabulary.iter().filter(|phrase| phrase.split_whitespace().all(|w| model.knows(w))).cloned().collect();
        Ok(VoiceModel { model: Arc::new(model), path: dir.to_path_buf(), has_unk, known })
    }

    /// How many phrases of the vocabulary the model knows.
    pub fn known_phrases(&self) -> usize {
        self.known.len()
    }

    /// A recognizer limited to the known vocabulary (with "[unk]" when the
    /// model has it); when the model knows none of it (a model of another
    /// language), an open recognizer.
    pub fn recognizer(&self) -> Result<Recognizer, ModelError> {
        self.recognizer_expecting(&Expecting::default())
    }

    /// The same, for what the player is likely to say next: moves as whole
    /// phrases added to the vocabulary, or only the answers to a question
    /// with "[unk]" for anything else. A model without "[unk]" (the Korean
    /// one) keeps its whole vocabulary with the answers: measured live, an
    /// answers-only grammar forced silence and noise into "예" and "네".
    /// Only phrases whose every word the model knows go in.
    pub fn recognizer_expecting(&self, expected: &Expecting) -> Result<Recognizer, ModelError> {
        let rate = super::pcm::RECOGNIZER_RATE as f32;
        let (list, only) = match expected {
            Expecting::Moves(p) => (p, false),
            Expecting::Answers(p) => (p, self.has_unk),
        };
        let mut phrases: Vec<String> = list
            .iter()
            .filter(|p| !p.is_empty() && p.split_whitespace().all(|w| self.model.knows(w)))
            .cloned()
            .collect();
        let recognizer = if self.known.is_empty() {
            Recognizer::new(&self.model, rate, None, ALTERNATIVES)?
        } else {
            if !only || phrases.is_empty() {
                phrases.extend(self.known.iter().cloned());
            }
            if self.has_unk {
                phrases.push("[unk]".into());
            }
            Recognizer::new(&self.model, rate, Some(&phrases), ALTERNATIVES)?
        };
        recognizer.ok_or(ModelError::Recognizer)
    }
}

/// How many alternatives vosk gives for each utterance: the resolver asks
/// when they name different moves.
pub const ALTERNATIVES: u32 = 3;

/// The text of a final result ("" for silence or "[unk]" only).
pub fn result_text(result: &Heard) -> String {
    result.best().to_string()
}

/// Feeds 16 kHz mono samples; returns what vosk finished on a pause, each
/// utterance with its alternatives (the last one stays open until `finish`).
pub fn feed(recognizer: &mut Recognizer, samples: &[i16]) -> Vec<Heard> {
    let mut heard = Vec::new();
    for chunk in samples.chunks(4000) {
        if recognizer.accept(chunk) == Decoding::Finalized {
            let h = recognizer.result();
            if !h.best().is_empty() {
                heard.push(h);
            }
        }
    }
    heard
}

/// Ends the stream: the utterance still open, if any.
pub fn finish(recognizer: &mut Recognizer) -> Option<Heard> {
    Some(recognizer.final_result()).filter(|h| !h.best().is_empty())
}

/// Decodes 16 kHz mono samples; returns each utterance's best text.
pub fn decode(recognizer: &mut Recognizer, samples: &[i16]) -> Vec<String> {
    let mut heard = feed(recognizer, samples);
    heard.extend(finish(recognizer));
    heard.iter().map(result_text).collect()
}
