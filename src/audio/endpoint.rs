//! When to end an utterance. vosk ends one only after 0.5 s of silence
//! (its endpoint rule), so a heard move waited for about 0.7 s; and in the
//! middle of a grammar phrase ("비숍 이" of "비숍 이 이") its rule may not
//! fire at all (measured live: 19.5 s, its 20 s limit). Here the quiet
//! after speech is measured, and at each of three lengths the recognizer's
//! result is looked at (`recognizer::Utterances`); the quiet that ends an
//! utterance depends on how far what was heard is from a whole phrase
//! (`vocabulary::Progress`):
//! - 200 ms: a whole legal move, or a whole answer, that nothing goes on
//!   from ("이 사", "네");
//! - 300 ms: nothing more to wait for: a whole move a check word may still
//!   follow, or words no expected phrase begins with (misheard "구 이 사",
//!   a command);
//! - 500 ms: anything, the beginning of a move too ("나이트": the player
//!   may be pausing inside it), as vosk's own rule would, had it fired.
//!
//! When the result is not yet one to end on, the same audio goes to a new
//! recognizer, which listens on as if nothing happened.
//!
//! This part only watches loudness, counting time in samples, so it is
//! tested without a clock or a model.

use super::pcm::RECOGNIZER_RATE;
use crate::speech::vocabulary::Progress;

const fn ms(n: usize) -> usize {
    RECOGNIZER_RATE as usize * n / 1000
}

/// The quiet after speech that ends an utterance heard so far as
/// `progress`. 200 ms: espeak-ng's Korean phrases said at an even pace have
/// no quiet this long inside. 300 ms for what is not a whole phrase: said
/// word by word, they have 180-270 ms between words (up to about 290 ms
/// as captured live, in 10 ms frames), where a whole move may end but
/// words misheard must not: this end never cuts them (vosk's own rule
/// does cut one, "퀸 잡고 이 사" as "구 이" and "이 사", with or without it). 500 ms
/// for the beginning of a phrase, as vosk's own rule: a shorter end would
/// cut a player who stops to think inside a move.
pub(crate) const fn quiet_for(progress: Progress) -> usize {
    match progress {
        Progress::Whole => ms(200),
        Progress::Closed => ms(300),
        Progress::Open => ms(500),
    }
}

/// The lengths of quiet at which the result is looked at, shortest first.
const TRIES: [usize; 3] = [quiet_for(Progress::Whole), quiet_for(Progress::Closed), quiet_for(Progress::Open)];

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
    /// How many of `TRIES` this stretch of quiet has reached.
    tried: usize,
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

    /// Takes `samples` (just fed to the recognizer). When the quiet after
    /// speech has reached one of the lengths of `TRIES` (each once for each
    /// stretch of quiet): the quiet so far, in samples, the time to look
    /// at the result.
    pub(crate) fn update(&mut self, samples: &[i16]) -> Option<usize> {
        self.frame.extend_from_slice(samples);
        let complete = self.frame.len() / FRAME * FRAME;
        for rms in frames(&self.frame[..complete]) {
            self.peak = self.peak.max(rms);
            if rms < FLOOR.max(self.peak / BELOW_PEAK) {
                self.quiet += FRAME;
            } else {
                self.quiet = 0;
                self.tried = 0;
            }
        }
        self.frame.drain(..complete);
        let reached = TRIES.iter().filter(|&&t| self.quiet >= t).count();
        if self.peak < FLOOR || reached <= self.tried {
            return None;
        }
        self.tried = reached;
        Some(self.quiet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(ms: usize, level: i16) -> Vec<i16> {
        (0..RECOGNIZER_RATE as usize * ms / 1000).map(|i| if i % 2 == 0 { level } else { -level }).collect()
    }

    /// Feeds `audio` in 20 ms chunks; the quiet (ms) at each time to look
    /// at the result.
    fn tries_after(e: &mut EarlyEnd, audio: &[i16]) -> Vec<usize> {
        audio.chunks(320).filter_map(|chunk| e.update(chunk)).map(|q| q * 1000 / RECOGNIZER_RATE as usize).collect()
    }

    #[test]
    fn the_result_is_looked_at_after_each_length_of_quiet() {
        let mut e = EarlyEnd::default();
        assert_eq!(tries_after(&mut e, &tone(600, 5000)), [0usize; 0], "not while speech goes on");
        assert_eq!(tries_after(&mut e, &tone(1000, 0)), [200, 300, 500]);
    }

    #[test]
    fn each_quiet_is_tried_once_at_each_length() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 5000));
        assert_eq!(tries_after(&mut e, &tone(400, 0)), [200, 300]);
        assert_eq!(tries_after(&mut e, &tone(1000, 0)), [500], "the same quiet goes on");
        assert_eq!(tries_after(&mut e, &tone(1000, 0)), [0usize; 0]);
        tries_after(&mut e, &tone(300, 5000));
        assert_eq!(tries_after(&mut e, &tone(1000, 0)), [200, 300, 500], "speech again, then quiet");
    }

    #[test]
    fn a_whole_phrase_ends_soonest_and_a_beginning_latest() {
        assert!(quiet_for(Progress::Whole) < quiet_for(Progress::Closed));
        assert!(quiet_for(Progress::Closed) < quiet_for(Progress::Open));
        assert!(quiet_for(Progress::Open) >= ms(500), "as long as vosk's own rule");
    }

    #[test]
    fn the_quiet_is_measured_against_the_speech() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 8000));
        // A sound 24 dB under the speech is not quiet; 36 dB under is.
        assert_eq!(tries_after(&mut e, &tone(1000, 500)), [0usize; 0]);
        assert_eq!(tries_after(&mut e, &tone(1000, 125)), [200, 300, 500]);
    }

    #[test]
    fn after_an_early_end_only_speech_wakes() {
        let mut e = EarlyEnd::default();
        tries_after(&mut e, &tone(400, 8000));
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
        assert_eq!(tries_after(&mut e, &tone(2000, 0)), [0usize; 0]);
        assert_eq!(tries_after(&mut e, &tone(2000, 60)), [0usize; 0], "under the floor");
    }
}
