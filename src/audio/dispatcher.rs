//! One connection to speech-dispatcher, through its own client library
//! (libspeechd, the speech-dispatcher crate; the tts crate's backend is a
//! thin layer over the same and has no language setter). A language is
//! chosen by `SET self LANGUAGE` and a named voice by `SET self
//! SYNTHESIS_VOICE`: the server picks the voice, so the voice list
//! (about 13,000 lines with espeak-ng, 1-2 s) is never asked for before
//! the first word.

use speech_dispatcher::{Connection, Mode, Priority};

/// What speech-dispatcher reports about an utterance (by its id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Heard {
    /// It began.
    Begun(u64),
    /// It was said to its end.
    Ended(u64),
    /// It was cut.
    Cut(u64),
}

/// A connection to speech-dispatcher.
pub(crate) struct Dispatcher(Connection);

/// Text as the C library takes it: no NUL inside.
fn c_text(text: &str) -> String {
    text.replace('\0', " ")
}

/// -1.0..=1.0 onto speech-dispatcher's -100..=100, with `normal` at 0.
fn scaled(value: f32, normal: i32) -> i32 {
    let v = value.clamp(-1.0, 1.0);
    let normal = normal as f32;
    let scaled = if v >= 0.0 { normal + v * (100.0 - normal) } else { normal + v * (normal + 100.0) };
    scaled.round() as i32
}

impl Dispatcher {
    /// Connects (speech-dispatcher starts itself on first use).
    pub(crate) fn open() -> Result<Dispatcher, String> {
        Connection::open("voxchess", "voxchess", "voxchess", Mode::Threaded)
            .map(Dispatcher)
            .map_err(|e| format!("{e:?}"))
    }

    /// Hands what speech-dispatcher reports to `report`. It runs on the
    /// library's thread while the library holds its locks: it must only
    /// record, never call back here.
    pub(crate) fn on_heard(&self, report: impl Fn(Heard) + Clone + 'static) {
        let (r1, r2, r3) = (report.clone(), report.clone(), report);
        self.0.on_begin(Some(Box::new(move |id, _| r1(Heard::Begun(id as u64)))));
        self.0.on_end(Some(Box::new(move |id, _| r2(Heard::Ended(id as u64)))));
        self.0.on_cancel(Some(Box::new(move |id, _| r3(Heard::Cut(id as u64)))));
    }

    /// Queues `text`; its id, or None when speech-dispatcher refused it.
    pub(crate) fn speak(&self, text: &str) -> Option<u64> {
        self.0.say(Priority::Important, c_text(text))
    }

    /// Cuts what is being said.
    pub(crate) fn stop(&self) {
        let _ = self.0.cancel();
    }

    /// Rate, pitch and volume from -1.0 to 1.0 (None keeps the server's).
    pub(crate) fn set_voice(&self, rate: Option<f32>, pitch: Option<f32>, volume: Option<f32>) {
        if let Some(r) = rate {
            let _ = self.0.set_voice_rate(scaled(r, 0));
        }
        if let Some(p) = pitch {
            let _ = self.0.set_voice_pitch(scaled(p, 0));
        }
        if let Some(v) = volume {
            let _ = self.0.set_volume(scaled(v, 100));
        }
    }

    /// Speaks `code` ("ru"): the server's voice for that language.
    pub(crate) fn set_language(&self, code: &str) {
        let _ = self.0.set_language(c_text(code));
    }

    /// Speaks with the voice of that name (as speech-dispatcher lists it).
    pub(crate) fn set_named_voice(&self, name: &str) {
        let voice = speech_dispatcher::Voice { name: c_text(name), language: String::new(), variant: None };
        let _ = self.0.set_synthesis_voice(&voice);
    }
}

#[cfg(test)]
mod tests {
    use super::scaled;

    #[test]
    fn settings_map_onto_the_servers_range() {
        assert_eq!([scaled(-1.0, 0), scaled(0.0, 0), scaled(0.5, 0), scaled(1.0, 0)], [-100, 0, 50, 100]);
        assert_eq!([scaled(-1.0, 100), scaled(0.0, 100), scaled(-0.5, 100), scaled(3.0, 100)], [-100, 100, 0, 100]);
    }
}
