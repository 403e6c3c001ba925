//! An engine started in the background, so the first prompt does not wait
//! for the engine's handshake (Stockfish loads its network for ~70 ms).

use super::{Engine, EngineError};
use crate::rules::{History, Move};
use std::thread::JoinHandle;
use std::time::Duration;

/// An engine whose start runs in another thread until it is first needed.
pub(crate) struct LazyEngine {
    starting: Option<JoinHandle<Result<Box<dyn Engine>, EngineError>>>,
    ready: Option<Box<dyn Engine>>,
    name: String,
}

impl LazyEngine {
    /// Starts `start` in a thread; `name` is said until the engine tells its own.
    pub(crate) fn spawn(
        name: String,
        start: impl FnOnce() -> Result<Box<dyn Engine>, EngineError> + Send + 'static,
    ) -> LazyEngine {
        LazyEngine { starting: Some(std::thread::spawn(start)), ready: None, name }
    }

    fn engine(&mut self) -> Result<&mut Box<dyn Engine>, EngineError> {
        if let Some(handle) = self.starting.take() {
            let started = handle.join().map_err(|_| EngineError::Broken("its start failed".into()))??;
            self.name = started.name();
            self.ready = Some(started);
        }
        self.ready.as_mut().ok_or_else(|| EngineError::Broken("not started".into()))
    }
}

impl Engine for LazyEngine {
    fn name(&self) -> String {
        self.ready.as_ref().map_or(self.name.clone(), |e| e.name())
    }

    fn builtin_level(&self) -> Option<u8> {
        self.ready.as_ref().and_then(|e| e.builtin_level())
    }

    fn best_move(&mut self, history: &History, think: Duration) -> Result<Move, EngineError> {
        self.engine()?.best_move(history, think)
    }
}
