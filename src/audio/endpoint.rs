//! When to try ending an utterance early. vosk ends one only after 0.5 s
//! of silence (its endpoint rule), so a heard move waited for about 0.7 s.
//! After a short quiet (200 ms) following speech, the recognizer's result
//! is taken at once (`recognizer::Utterances`); when it is a whole legal
//! move that no other goes on from (`Expecting::is_complete`) it is the
//! utterance. When it is not (a pause inside a move, "나이트 ... 에이치
//! 삼"), the same audio goes to a new recognizer, which listens on as if
//! nothing happened. Answers to a question are never ended early.
//!
//! This part only watches loudness, counting time in samples, so it is
//! tested without a clock or a model.

use super::pcm::RECOGNIZER_RATE;

/// The quiet after speech that may end an utterance: 200 ms (espeak-ng's
/// Korean phrases said at an even pace have no quiet this long inside;
/// said word by word they have 180-270 ms, and there only a whole move
/// ends the utterance).
pub(crate) const QUIET: usize = (RECOGNIZER_RATE as usize) * 200 / 1000;

/// Samples in one 10 ms frame, the unit of loudness.
const FRAME: usize = RECOGNIZER_RATE as usize / 100;

/// A frame quieter than this (RMS of 16-bit samples, about -50 dBFS) is
/// quiet whatever the speech around it; an utterance never louder is no
/// speech.
const FLOOR: f32 = 100.0;

/// A frame more than 30 dB below the loudest frame of the utterance is
/// quiet: a soft consonant or the fading end of a vowel is not (measured
/// on espeak-ng's Korean: 18 dB below found 210-290 ms of "quiet" inside
/// "퀸 잡고 이 사", 30 dB below none over 60 ms). A quiet room's noise
/// stays under it; in a noisier room nothing ends early, and vosk's own
/// rule ends the utterance.
const BELOW_PEAK: f32 = 32.0;

/// Loudness over one utterance.
#[derive(Debug, Default)]
pub(crate) struct EarlyEnd {
    /// Samples of the frame not yet complete.
    frame: Vec<i16>,
    /// The loudest frame's RMS since the utterance began.
    peak: f32,
    /// Quiet samples at the end of what was heard.
    quiet: usize,
    /// Whether this stretch of quiet was already tried.
    tried: bool,
    /// After an utterance ended early: how loud a frame must be to be
    /// speech again, and how much quiet was let by since.
    rest: Option<(f32, usize)>,
}

/// RMS of each whole 10 ms frame of `samples`.
fn frames(samples: &[i16]) -> impl Iterator<Item = f32> + '_ {
    samples
        .chunks_exact(FRAME)
        .map(|f| (f.iter().map(|&s| f32::from(s) * f32::from(s)).sum::<f32>() / FRAME as f32).sqrt())
}

/// The most quiet let by after an early end before listening as usual.
const REST_MAX: usize = RECOGNIZER_RATE as usize;

impl EarlyEnd {
    /// A new utterance.
    pub(crate) fn reset(&mut self) {
        *self = EarlyEnd::default();
    }

    /// A new utterance after one that ended early, in the quiet after it:
    /// the fading end of its last word (quieter than speech, but not
    /// silence) must not be heard as an utterance of its own (measured
    /// live: the end of "네" was heard again as "예").
    pub(crate) fn rest(&mut self) {
        let level = FLOOR.max(self.peak / BELOW_PEAK);
        *self = EarlyEnd { rest: Some((level, 0)), ..EarlyEnd::default() };
    }

    /// While resting: whether `samples` wake the listening (a frame as
    /// loud as speech, or a second of quiet let by). Always true when not
    /// resting.
    pub(crate) fn wakes(&mut self, samples: &[i16]) -> bool {
        let Some((level, idle)) = self.rest.as_mut() else { return true };
        *idle += samples.len();
        let level = *level;
        if *idle < REST_MAX && frames(samples).all(|rms| rms < level) {
            return false;
        }
        self.rest = None;
        true
    }

    /// Takes `samples` (just fed to the recognizer); `hopeful` says whether
    /// what was heard so far may be a whole phrase (asked only when the
    /// rest holds). True, once for each stretch of quiet, when `QUIET` of
    /// quiet followed speech: the time to try ending the utterance.
    pub(crate) fn update(&mut self, samples: &[i16], hopeful: impl FnOnce() -> bool) -> bool {
        self.frame.extend_from_slice(samples);
        let complete = self.frame.len() / FRAME * FRAME;
        for rms in frames(&self.frame[..complete]) {
            self.peak = self.peak.max(rms);
            if rms < FLOOR.max(self.peak / BELOW_PEAK) {
                self.quiet += FRAME;
            } else {
                self.quiet = 0;
                self.tried = false;
            }
        }
        self.frame.drain(..complete);
        let now = !self.tried && self.peak >= FLOOR && self.quiet >= QUIET && hopeful();
        self.tried |= now;
        now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(ms: usize, level: i16) -> Vec<i16> {
        (0..RECOGNIZER_RATE as usize * ms / 1000).map(|i| if i % 2 == 0 { level } else { -level }).collect()
    }

    /// Feeds `audio` in 20 ms chunks; the milliseconds fed when it was time
    /// to try, if it was.
    fn tries_after(e: &mut EarlyEnd, audio: &[i16], hopeful: bool) -> Option<usize> {
        let mut fed = 0;
        for chunk in audio.chunks(320) {
            fed += chunk.len();
            if e.update(chunk, || hopeful) {
                return Some(fed * 1000 / RECOGNIZER_RATE as usize);
            }
        }
        None
    }

    #[test]
    fn a_short_quiet_after_speech_is_the_time_to_try() {
        let mut e = EarlyEnd::default();
        assert_eq!(tries_after(&mut e, &tone(600, 5000), true), None, "not while speech goes on");
        assert_eq!(tries_after(&mut e, &tone(1000, 0), true), Some(200));
    }

    #[test]
    fn each_quiet_is_tried_once() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 5000), true);
        assert_eq!(tries_after(&mut e, &tone(300, 0), true), Some(200));
        assert_eq!(tries_after(&mut e, &tone(1000, 0), true), None, "the same quiet");
        tries_after(&mut e, &tone(300, 5000), true);
        assert_eq!(tries_after(&mut e, &tone(1000, 0), true), Some(200), "speech again, then quiet");
    }

    #[test]
    fn not_when_what_was_heard_cannot_be_whole() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 5000), false);
        assert_eq!(tries_after(&mut e, &tone(1000, 0), false), None);
    }

    #[test]
    fn the_quiet_is_measured_against_the_speech() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 8000), true);
        // A sound 24 dB under the speech is not quiet; 36 dB under is.
        assert_eq!(tries_after(&mut e, &tone(1000, 500), true), None);
        assert_eq!(tries_after(&mut e, &tone(1000, 125), true), Some(200));
    }

    #[test]
    fn after_an_early_end_only_speech_wakes() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 8000), true);
        e.rest();
        assert!(!e.wakes(&tone(100, 200)), "the fading end of the last word");
        assert!(e.wakes(&tone(20, 4000)), "speech");
        assert!(e.wakes(&tone(20, 0)), "awake until the next rest");
        e.rest();
        let quiet: Vec<bool> = tone(1100, 0).chunks(320).map(|c| e.wakes(c)).collect();
        assert!(!quiet[0] && quiet[quiet.len() - 1], "a second of quiet wakes it too");
    }

    #[test]
    fn silence_alone_is_never_tried() {
        let mut e = EarlyEnd::default();
        assert_eq!(tries_after(&mut e, &tone(2000, 0), true), None);
        assert_eq!(tries_after(&mut e, &tone(2000, 60), true), None, "under the floor");
    }
}
