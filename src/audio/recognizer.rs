//! Speech recognition with vosk: one shared model, a recognizer per
//! utterance limited to the closed vocabulary of the language. vosk's
//! grammar is not strict, so every result goes through the resolver.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A model that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// No model folder.
    #[error("no voice model at {0}; install one with: voxchess models install en (or ru)")]
    Missing(String),
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
    model: Arc<vosk::Model>,
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
        vosk::set_log_level(vosk::LogLevel::Error);
        let mut model =
            vosk::Model::new(dir.to_string_lossy()).ok_or_else(|| ModelError::Unloadable(dir.display().to_string()))?;
        let has_unk = model.find_word("[unk]").is_some();
        let known: Vec<String> = vocabulary
            .iter()
            .filter(|phrase| phrase.split_whitespace().all(|w| model.find_word(w).is_some()))
            .cloned()
            .collect();
        Ok(VoiceModel { model: Arc::new(model), path: dir.to_path_buf(), has_unk, known })
    }

    /// How many phrases of the vocabulary the model knows.
    pub fn known_phrases(&self) -> usize {
        self.known.len()
    }

    /// A recognizer limited to the known vocabulary (with "[unk]" when the
    /// model has it); when the model knows none of it (a model of another
    /// language), an open recognizer.
    pub fn recognizer(&self) -> Result<vosk::Recognizer, ModelError> {
        let rate = super::pcm::RECOGNIZER_RATE as f32;
        let recognizer = if self.known.is_empty() {
            vosk::Recognizer::new(&self.model, rate)
        } else {
            let mut phrases = self.known.clone();
            if self.has_unk {
                phrases.push("[unk]".into());
            }
            vosk::Recognizer::new_with_grammar(&self.model, rate, &phrases)
        };
        recognizer.ok_or(ModelError::Recognizer)
    }
}

/// The text of a final result ("" for silence or "[unk]" only).
pub fn result_text(result: vosk::CompleteResult) -> String {
    let text = match result {
        vosk::CompleteResult::Single(s) => s.text.to_string(),
        vosk::CompleteResult::Multiple(m) => m.alternatives.first().map(|a| a.text.to_string()).unwrap_or_default(),
    };
    text.split_whitespace().filter(|w| *w != "[unk]").collect::<Vec<_>>().join(" ")
}

/// Feeds 16 kHz mono samples; returns the text of each utterance vosk
/// finished on a pause (the last one stays open until `finish`).
pub fn feed(recognizer: &mut vosk::Recognizer, samples: &[i16]) -> Vec<String> {
    let mut texts = Vec::new();
    for chunk in samples.chunks(4000) {
        if let Ok(vosk::DecodingState::Finalized) = recognizer.accept_waveform(chunk) {
            let t = result_text(recognizer.result());
            if !t.is_empty() {
                texts.push(t);
            }
        }
    }
    texts
}

/// Ends the stream: the text of the utterance still open, if any.
pub fn finish(recognizer: &mut vosk::Recognizer) -> Option<String> {
    Some(result_text(recognizer.final_result())).filter(|t| !t.is_empty())
}

/// Decodes 16 kHz mono samples; returns each utterance's text.
pub fn decode(recognizer: &mut vosk::Recognizer, samples: &[i16]) -> Vec<String> {
    let mut texts = feed(recognizer, samples);
    texts.extend(finish(recognizer));
    texts
}
