//! Monotonic time in milliseconds, injected into the clock so tests and
//! measurements control it.

use std::time::Instant;

/// A monotonic time source.
pub trait TimeSource: Send {
    /// Milliseconds since an arbitrary fixed origin.
    fn now_ms(&self) -> u64;
}

/// The real monotonic clock of the machine.
#[derive(Debug, Clone, Copy)]
pub struct Monotonic {
    origin: Instant,
}

impl Monotonic {
    /// Time counted from now.
    pub fn new() -> Monotonic {
        Monotonic { origin: Instant::now() }
    }
    /// The instant a clock time stands for.
    pub fn instant_at(&self, ms: u64) -> Instant {
        self.origin + std::time::Duration::from_millis(ms)
    }
}

impl Default for Monotonic {
    fn default() -> Self {
        Monotonic::new()
    }
}

impl TimeSource for Monotonic {
    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }
}
