//! Audio I/O: speaking through speech-dispatcher (feature `tts`: its own
//! client library, libspeechd) and
//! hearing through vosk with microphone capture by cpal (feature `voice`).
//! Uses the speech layer for words and vocabulary; nothing above it.

#[cfg(feature = "tts")]
pub(crate) mod dispatcher;
#[cfg(feature = "voice")]
pub(crate) mod endpoint;
#[cfg(feature = "voice")]
pub mod listen;
#[cfg(feature = "voice")]
pub mod microphone;
pub mod models;
#[cfg(feature = "voice")]
pub mod pcm;
#[cfg(feature = "voice")]
pub mod recognizer;
#[cfg(feature = "tts")]
pub mod speaker;
#[cfg(feature = "voice")]
pub mod voice;
#[cfg(feature = "voice")]
pub mod vosk;
#[cfg(feature = "voice")]
pub mod wav;
