//! vosk, loaded at run time: libvosk.so is opened when voice input starts
//! (never at program start), so voxchess runs without it; voice input is
//! then off with one line saying how to get it.
//!
//! Only the C API voxchess needs: models, recognizers (open or limited to
//! a grammar), n-best alternatives with confidences, and results as JSON.

use libloading::Library;
use std::ffi::{CStr, CString, c_char, c_float, c_int, c_short, c_void};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// libvosk.so cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoskError {
    /// Not found where voxchess looks for it.
    #[error("libvosk.so is not installed; run ./setup.sh to install it")]
    Missing,
    /// Found, but not a usable libvosk.
    #[error("{0} is not a usable libvosk.so: {1}")]
    Unusable(String, String),
}

type ModelNew = unsafe extern "C" fn(*const c_char) -> *mut c_void;
type ModelFree = unsafe extern "C" fn(*mut c_void);
type FindWord = unsafe extern "C" fn(*mut c_void, *const c_char) -> c_int;
type RecNew = unsafe extern "C" fn(*mut c_void, c_float) -> *mut c_void;
type RecNewGrm = unsafe extern "C" fn(*mut c_void, c_float, *const c_char) -> *mut c_void;
type RecSetInt = unsafe extern "C" fn(*mut c_void, c_int);
type Accept = unsafe extern "C" fn(*mut c_void, *const c_short, c_int) -> c_int;
type RecText = unsafe extern "C" fn(*mut c_void) -> *const c_char;
type RecFree = unsafe extern "C" fn(*mut c_void);
type SetLogLevel = unsafe extern "C" fn(c_int);

/// The functions of an opened libvosk.so.
struct Api {
    model_new: ModelNew,
    model_free: ModelFree,
    find_word: FindWord,
    rec_new: RecNew,
    rec_new_grm: RecNewGrm,
    set_max_alternatives: RecSetInt,
    accept: Accept,
    result: RecText,
    partial_result: RecText,
    final_result: RecText,
    rec_free: RecFree,
    // Kept open as long as the functions above are used.
    _lib: Library,
}

/// Where libvosk.so is looked for: $VOXCHESS_LIBVOSK alone when it is
/// set; else beside the program and in a `lib` folder up to four levels
/// above it (found from the program's real path, so the link setup puts on
/// PATH finds the project's lib/ from target/release), then the system's
/// library path.
fn candidates() -> Vec<PathBuf> {
    if let Some(p) = std::env::var_os("VOXCHESS_LIBVOSK") {
        return vec![PathBuf::from(p)];
    }
    let mut out = Vec::new();
    if let Ok(exe) = std::env::current_exe().and_then(|e| e.canonicalize()) {
        for dir in exe.ancestors().skip(1).take(4) {
            out.push(dir.join("libvosk.so"));
            out.push(dir.join("lib").join("libvosk.so"));
        }
    }
    out
}

fn open() -> Result<Api, VoskError> {
    let explicit = std::env::var_os("VOXCHESS_LIBVOSK").is_some();
    let found = candidates().into_iter().find(|p| p.is_file());
    if explicit && found.is_none() {
        return Err(VoskError::Missing);
    }
    let (lib, shown) = match found {
        // SAFETY: loading libvosk runs its initialisers, which are plain
        // C++ static constructors with no requirements on the caller.
        Some(path) => (unsafe { Library::new(&path) }, path.display().to_string()),
        // SAFETY: as above; the system's loader finds it by name.
        None => (unsafe { Library::new("libvosk.so") }, "libvosk.so".to_string()),
    };
    let lib = match lib {
        Ok(l) => l,
        Err(_) if shown == "libvosk.so" => return Err(VoskError::Missing),
        Err(e) => return Err(VoskError::Unusable(shown, e.to_string())),
    };
    let bad = |e: libloading::Error| VoskError::Unusable(shown.clone(), e.to_string());
    // SAFETY: each symbol is looked up by its name in the vosk C API and
    // given the signature vosk_api.h declares for it.
    unsafe {
        let set_log_level: SetLogLevel = *lib.get(b"vosk_set_log_level\0").map_err(bad)?;
        // Kaldi prints a message whose severity is above this level: -3
        // keeps even its errors (severity -2, in English: "Folder ... does
        // not contain model files") off the player's terminal; voxchess
        // says in the session's language what failed.
        set_log_level(-3);
        Ok(Api {
            model_new: *lib.get(b"vosk_model_new\0").map_err(bad)?,
            model_free: *lib.get(b"vosk_model_free\0").map_err(bad)?,
            find_word: *lib.get(b"vosk_model_find_word\0").map_err(bad)?,
            rec_new: *lib.get(b"vosk_recognizer_new\0").map_err(bad)?,
            rec_new_grm: *lib.get(b"vosk_recognizer_new_grm\0").map_err(bad)?,
            set_max_alternatives: *lib.get(b"vosk_recognizer_set_max_alternatives\0").map_err(bad)?,
            accept: *lib.get(b"vosk_recognizer_accept_waveform_s\0").map_err(bad)?,
            result: *lib.get(b"vosk_recognizer_result\0").map_err(bad)?,
            partial_result: *lib.get(b"vosk_recognizer_partial_result\0").map_err(bad)?,
            final_result: *lib.get(b"vosk_recognizer_final_result\0").map_err(bad)?,
            rec_free: *lib.get(b"vosk_recognizer_free\0").map_err(bad)?,
            _lib: lib,
        })
    }
}

/// The library, opened once (or why it cannot be).
fn api() -> Result<&'static Api, VoskError> {
    static API: OnceLock<Result<Api, VoskError>> = OnceLock::new();
    API.get_or_init(open).as_ref().map_err(Clone::clone)
}

/// Whether libvosk.so can be opened (for one line at start).
pub fn available() -> Result<(), VoskError> {
    api().map(|_| ())
}

/// A loaded model.
pub struct Model {
    api: &'static Api,
    ptr: *mut c_void,
}

// SAFETY: a vosk model is read-only after loading and may be shared
// between threads (vosk_api.h: "the model can be shared across threads").
unsafe impl Send for Model {}
// SAFETY: as above.
unsafe impl Sync for Model {}

impl Model {
    /// Loads the model in `dir`; None when vosk cannot.
    pub fn new(dir: &Path) -> Result<Option<Model>, VoskError> {
        let api = api()?;
        let Ok(path) = CString::new(dir.to_string_lossy().as_bytes()) else { return Ok(None) };
        // SAFETY: a valid C string; vosk returns null on failure.
        let ptr = unsafe { (api.model_new)(path.as_ptr()) };
        Ok((!ptr.is_null()).then_some(Model { api, ptr }))
    }

    /// Whether the model's vocabulary has the word.
    pub fn knows(&self, word: &str) -> bool {
        let Ok(w) = CString::new(word) else { return false };
        // SAFETY: a live model and a valid C string.
        unsafe { (self.api.find_word)(self.ptr, w.as_ptr()) >= 0 }
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        // SAFETY: the pointer came from vosk_model_new and is freed once;
        // recognizers hold the model alive through an Arc.
        unsafe { (self.api.model_free)(self.ptr) }
    }
}

/// Whether an utterance ended with the last audio.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decoding {
    /// Still listening.
    Running,
    /// A pause ended an utterance: its result is ready.
    Finalized,
    /// vosk failed on this audio.
    Failed,
}

/// One recognizer (one stream of audio).
pub struct Recognizer {
    api: &'static Api,
    ptr: *mut c_void,
    _model: Arc<Model>,
}

// SAFETY: a recognizer is used from one thread at a time (it is moved,
// never shared).
unsafe impl Send for Recognizer {}

impl Recognizer {
    /// An open recognizer, or one limited to `phrases` (a JSON list); with
    /// up to `alternatives` n-best results (0: a single result).
    pub fn new(
        model: &Arc<Model>,
        rate: f32,
        phrases: Option<&[String]>,
        alternatives: u32,
    ) -> Result<Option<Recognizer>, VoskError> {
        let api = api()?;
        let ptr = match phrases {
            None => {
                // SAFETY: a live model.
                unsafe { (api.rec_new)(model.ptr, rate) }
            }
            Some(list) => {
                let json = json_list(list);
                let Ok(grammar) = CString::new(json) else { return Ok(None) };
                // SAFETY: a live model and a valid C string.
                unsafe { (api.rec_new_grm)(model.ptr, rate, grammar.as_ptr()) }
            }
        };
        if ptr.is_null() {
            return Ok(None);
        }
        if alternatives > 0 {
            // SAFETY: a live recognizer.
            unsafe { (api.set_max_alternatives)(ptr, alternatives.min(20) as c_int) }
        }
        Ok(Some(Recognizer { api, ptr, _model: model.clone() }))
    }

    /// Feeds 16-bit samples.
    pub fn accept(&mut self, samples: &[i16]) -> Decoding {
        let len = c_int::try_from(samples.len()).unwrap_or(c_int::MAX);
        // SAFETY: a live recognizer; `len` samples are readable.
        match unsafe { (self.api.accept)(self.ptr, samples.as_ptr(), len) } {
            1 => Decoding::Finalized,
            0 => Decoding::Running,
            _ => Decoding::Failed,
        }
    }

    /// The result of the utterance that ended (JSON).
    pub fn result(&mut self) -> Heard {
        // SAFETY: a live recognizer; the text stays valid until the next call.
        Heard::parse(&unsafe { text((self.api.result)(self.ptr)) })
    }

    /// The best text so far of the utterance still open ("" when none);
    /// "[unk]" words removed.
    pub fn partial(&mut self) -> String {
        // SAFETY: a live recognizer; the text stays valid until the next call.
        partial_text(&unsafe { text((self.api.partial_result)(self.ptr)) })
    }

    /// The result of what is left, at the end of the audio.
    pub fn final_result(&mut self) -> Heard {
        // SAFETY: as above.
        Heard::parse(&unsafe { text((self.api.final_result)(self.ptr)) })
    }
}

impl Drop for Recognizer {
    fn drop(&mut self) {
        // SAFETY: the pointer came from vosk and is freed once.
        unsafe { (self.api.rec_free)(self.ptr) }
    }
}

/// # Safety
/// `p` is null or a NUL-terminated string that lives until this returns.
unsafe fn text(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: by the caller's promise.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn json_list(items: &[String]) -> String {
    let quoted: Vec<String> =
        items.iter().map(|s| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))).collect();
    format!("[{}]", quoted.join(", "))
}

/// What was heard: the alternatives, best first, each with vosk's
/// confidence (for a single result, the mean of its words' confidences
/// when vosk gives them, else 1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Heard {
    /// (text, confidence), best first; "[unk]" words removed; empty texts
    /// left out.
    pub alternatives: Vec<(String, f32)>,
}

#[derive(serde::Deserialize)]
struct RawResult {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    result: Vec<RawWord>,
    #[serde(default)]
    alternatives: Vec<RawAlternative>,
}

#[derive(serde::Deserialize)]
struct RawWord {
    #[serde(default)]
    conf: f32,
}

#[derive(serde::Deserialize)]
struct RawAlternative {
    #[serde(default)]
    text: String,
    #[serde(default)]
    confidence: f32,
}

fn without_unk(text: &str) -> String {
    text.split_whitespace().filter(|w| *w != "[unk]").collect::<Vec<_>>().join(" ")
}

#[derive(serde::Deserialize)]
struct RawPartial {
    #[serde(default)]
    partial: String,
}

/// The text of vosk's partial result (JSON); "" when unreadable.
fn partial_text(json: &str) -> String {
    serde_json::from_str::<RawPartial>(json).map_or(String::new(), |p| without_unk(&p.partial))
}

impl Heard {
    /// Reads vosk's JSON; anything unreadable is nothing heard.
    pub fn parse(json: &str) -> Heard {
        let Ok(raw) = serde_json::from_str::<RawResult>(json) else { return Heard::default() };
        let mut alternatives: Vec<(String, f32)> = if raw.alternatives.is_empty() {
            let conf = if raw.result.is_empty() {
                1.0
            } else {
                raw.result.iter().map(|w| w.conf).sum::<f32>() / raw.result.len() as f32
            };
            raw.text.map(|t| (without_unk(&t), conf)).into_iter().collect()
        } else {
            raw.alternatives.into_iter().map(|a| (without_unk(&a.text), a.confidence)).collect()
        };
        alternatives.retain(|(t, _)| !t.is_empty());
        Heard { alternatives }
    }

    /// The best text ("" when nothing).
    pub fn best(&self) -> &str {
        self.alternatives.first().map_or("", |(t, _)| t.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_read_with_alternatives_and_unk_removed() {
        let one = Heard::parse(r#"{"text" : "나이트 에프 삼"}"#);
        assert_eq!(one.alternatives, vec![("나이트 에프 삼".to_string(), 1.0)]);
        let many = Heard::parse(
            r#"{"alternatives" : [{"confidence" : 312.5, "text" : "비숍 씨 사"}, {"confidence" : 300.1, "text" : "[unk]"}, {"confidence" : 280.0, "text" : "비숍 씨 [unk] 삼"}]}"#,
        );
        assert_eq!(many.best(), "비숍 씨 사");
        assert_eq!(many.alternatives.len(), 2);
        assert_eq!(many.alternatives[1].0, "비숍 씨 삼");
        assert_eq!(Heard::parse("not json").alternatives, Vec::new());
        assert_eq!(Heard::parse(r#"{"text" : ""}"#).best(), "");
    }

    #[test]
    fn partial_results_are_read_with_unk_removed() {
        assert_eq!(partial_text(r#"{"partial" : "나이트 [unk] 에프 삼"}"#), "나이트 에프 삼");
        assert_eq!(partial_text(r#"{"text" : ""}"#), "");
        assert_eq!(partial_text("{"), "");
    }

    #[test]
    fn grammar_lists_are_json() {
        assert_eq!(json_list(&["a \"b\"".into(), "c".into()]), r#"["a \"b\"", "c"]"#);
    }
}
