//! Speech recognition with vosk: one shared model, a recognizer per
//! utterance limited to the closed vocabulary of the language. vosk's
//! grammar is not strict, so every result goes through the resolver.

use super::endpoint::{EarlyEnd, quiet_for};
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
    /// model has it; when the model knows none of it, a model of another
    /// language, an open recognizer), for what the player is likely to say
    /// next: moves as whole phrases added to the vocabulary (none:
    /// `Expecting::default()`), or only the answers to a question
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

/// The most audio of one utterance kept to be fed again to a new
/// recognizer: 10 s at 16 kHz (a longer utterance keeps the grammar it
/// started with, and ends only by vosk's own rule).
const REPLAY_MAX: usize = 160_000;

/// A stream of 16 kHz audio cut into utterances, each with its
/// alternatives: by vosk's own end (0.5 s of silence), or by a quiet as
/// long as what was heard needs (`endpoint`: 200 ms after a whole phrase
/// the game expects, at most 500 ms). The open utterance's audio is kept,
/// so a new recognizer can take it again: when what the game expects
/// changes in the middle of an utterance, and when a try found only part
/// of a phrase.
pub(crate) struct Utterances {
    model: VoiceModel,
    recognizer: Recognizer,
    expecting: Expecting,
    /// What the game expects now, when it changed during a long utterance.
    next: Option<Expecting>,
    /// The open utterance's audio (up to `REPLAY_MAX`).
    audio: Vec<i16>,
    /// Whether audio was fed since the last utterance ended.
    open: bool,
    early: EarlyEnd,
    /// The last 200 ms of the quiet not heard after an early end.
    preroll: Vec<i16>,
}

/// How much of the quiet after an early end is fed before new speech.
const PREROLL: usize = super::pcm::RECOGNIZER_RATE as usize / 5;

impl Utterances {
    /// A stream listening for `expecting`.
    pub(crate) fn new(model: &VoiceModel, expecting: Expecting) -> Result<Utterances, ModelError> {
        Ok(Utterances {
            recognizer: model.recognizer_expecting(&expecting)?,
            model: model.clone(),
            expecting,
            next: None,
            audio: Vec::new(),
            open: false,
            early: EarlyEnd::default(),
            preroll: Vec::new(),
        })
    }

    /// Listens for `expecting` from now on. The open utterance's audio is
    /// fed again to the new recognizer (measured live: the game changes
    /// what it expects just after an utterance, when the next one has
    /// begun; "네" was decoded with the moves' words as "넷"); which may end
    /// that utterance.
    pub(crate) fn expect(&mut self, expecting: Expecting) -> Option<Heard> {
        if self.audio.len() > REPLAY_MAX {
            self.next = Some(expecting);
            return None;
        }
        self.expecting = expecting;
        self.restart()
    }

    /// A new recognizer for `expecting`, fed the open utterance's audio.
    fn restart(&mut self) -> Option<Heard> {
        let Ok(mut recognizer) = self.model.recognizer_expecting(&self.expecting) else { return None };
        let finalized = !self.audio.is_empty() && recognizer.accept(&self.audio) == Decoding::Finalized;
        self.recognizer = recognizer;
        if finalized {
            let heard = self.recognizer.result();
            return self.ended(heard, false);
        }
        None
    }

    /// Feeds a chunk; returns the utterance it ended, if one ended with
    /// words.
    pub(crate) fn accept(&mut self, chunk: &[i16]) -> Option<Heard> {
        // After an early end the quiet that follows is not heard until
        // speech comes; then with the 200 ms before it (a soft first sound).
        if !self.early.wakes(chunk) {
            self.preroll.extend_from_slice(chunk);
            let excess = self.preroll.len().saturating_sub(PREROLL);
            self.preroll.drain(..excess);
            return None;
        }
        if self.preroll.is_empty() {
            return self.hear(chunk);
        }
        let mut audio = std::mem::take(&mut self.preroll);
        audio.extend_from_slice(chunk);
        self.hear(&audio)
    }

    fn hear(&mut self, chunk: &[i16]) -> Option<Heard> {
        self.open = true;
        if self.audio.len() <= REPLAY_MAX {
            self.audio.extend_from_slice(chunk);
        }
        match self.recognizer.accept(chunk) {
            Decoding::Finalized => {
                let heard = self.recognizer.result();
                return self.ended(heard, false);
            }
            Decoding::Failed => return None,
            Decoding::Running => {}
        }
        // At each length of quiet (endpoint.rs): the partial text (a
        // search of the decoder's lattice) says whether the result may be
        // one to end on, and only then is the result taken.
        let quiet = self.early.update(chunk)?;
        if self.audio.len() > REPLAY_MAX {
            return None;
        }
        if quiet < quiet_for(self.expecting.at_best(&self.recognizer.partial())) {
            return None;
        }
        let heard = self.recognizer.final_result();
        if quiet >= quiet_for(self.expecting.progress(heard.best(), &self.model.known)) {
            return self.ended(heard, true);
        }
        // Part of a phrase (the player paused inside it), or nothing yet (a
        // first word too short to decode alone): the same audio to a new
        // recognizer, which listens on.
        self.restart()
    }

    /// Feeds a whole recording as a microphone gives it, in 20 ms chunks;
    /// the utterances it ended (the last stays open until `finish`).
    pub(crate) fn accept_all(&mut self, samples: &[i16]) -> Vec<Heard> {
        samples.chunks(CHUNK).filter_map(|chunk| self.accept(chunk)).collect()
    }

    /// Ends the open utterance (the audio ended, push-to-talk was released
    /// or voxchess began to speak).
    pub(crate) fn finish(&mut self) -> Option<Heard> {
        self.preroll.clear();
        if !self.open {
            return None;
        }
        let heard = self.recognizer.final_result();
        self.ended(heard, false)
    }

    /// The open utterance ended (`early`: by the quiet `endpoint` measures,
    /// not by vosk).
    fn ended(&mut self, heard: Heard, early: bool) -> Option<Heard> {
        self.audio.clear();
        self.open = false;
        if early {
            self.early.rest();
        } else {
            self.early.reset();
        }
        if let Some(next) = self.next.take() {
            self.expecting = next;
            self.restart();
        }
        Some(heard).filter(|h| !h.best().is_empty())
    }
}

/// How a recording is fed: in 20 ms chunks, as a microphone gives them.
const CHUNK: usize = super::pcm::RECOGNIZER_RATE as usize / 50;
