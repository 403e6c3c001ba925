//! Voice models: listing and installing the official small vosk models
//! into models/, with progress in short lines and an integrity check (every
//! file's CRC-32 is verified while unpacking; the SHA-256 of the download
//! is printed to compare with the published one).

use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// An official model voxchess knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelInfo {
    /// The language code ("en", "ru").
    pub lang: &'static str,
    /// The model's folder name.
    pub name: &'static str,
    /// Where it is published.
    pub url: &'static str,
    /// Its size in megabytes, as published.
    pub size_mb: u32,
}

/// The small models, fast enough for a closed vocabulary.
pub const MODELS: [ModelInfo; 2] = [
    ModelInfo {
        lang: "en",
        name: "vosk-model-small-en-us-0.15",
        url: "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
        size_mb: 40,
    },
    ModelInfo {
        lang: "ru",
        name: "vosk-model-small-ru-0.22",
        url: "https://alphacephei.com/vosk/models/vosk-model-small-ru-0.22.zip",
        size_mb: 45,
    },
];

/// A model that could not be installed.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// An unknown language.
    #[error("no model for '{0}'; voxchess installs: en, ru")]
    UnknownLang(String),
    /// No network, or the server refused.
    #[error(
        "cannot download {url}: {reason}. Check the network, or download the zip yourself and unpack it into {dir}"
    )]
    Download {
        /// The address.
        url: String,
        /// What went wrong.
        reason: String,
        /// Where the model belongs.
        dir: String,
    },
    /// The archive is damaged.
    #[error("the downloaded archive is damaged ({0}); nothing was installed, try again")]
    Damaged(String),
    /// A file could not be written.
    #[error("cannot write {0}: {1}")]
    Io(String, String),
}

/// The models folder: $VOXCHESS_MODELS, or models/ beside the program's project.
pub fn models_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("VOXCHESS_MODELS") {
        return PathBuf::from(d);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("models")
}

/// The folder of an installed model for a language, if any.
pub fn installed(lang: &str) -> Option<PathBuf> {
    let info = MODELS.iter().find(|m| m.lang == lang)?;
    let dir = models_dir().join(info.name);
    dir.join("am").is_dir().then_some(dir)
}

/// One line per model: language, name, size, installed or not.
pub fn list_models() -> Vec<String> {
    MODELS
        .iter()
        .map(|m| {
            let state = if installed(m.lang).is_some() { "installed" } else { "not installed" };
            format!("{}: {}, {} MB, {state}", m.lang, m.name, m.size_mb)
        })
        .collect()
}

/// Downloads and unpacks a model, reporting progress as short lines.
pub fn install(lang: &str, progress: &mut dyn FnMut(&str)) -> Result<PathBuf, InstallError> {
    let info = MODELS.iter().find(|m| m.lang == lang).ok_or_else(|| InstallError::UnknownLang(lang.to_string()))?;
    let dir = models_dir();
    let target = dir.join(info.name);
    let download_err =
        |reason: String| InstallError::Download { url: info.url.to_string(), reason, dir: dir.display().to_string() };
    progress(&format!("Downloading {} ({} MB)", info.name, info.size_mb));
    let mut response = ureq::get(info.url).call().map_err(|e| download_err(e.to_string()))?;
    let total: Option<u64> =
        response.headers().get("content-length").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    let mut reader = response.body_mut().as_reader();
    let mut data = Vec::new();
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut next_tenth = 1;
    loop {
        let n = reader.read(&mut buf).map_err(|e| download_err(e.to_string()))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        data.extend_from_slice(&buf[..n]);
        if let Some(t) = total
            && t > 0
            && data.len() as u64 * 10 >= t * next_tenth
        {
            progress(&format!("{}%", next_tenth * 10));
            next_tenth += 1;
        }
    }
    let digest: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
    progress(&format!("SHA-256 {digest}"));
    unpack(&data, &dir, &target)?;
    progress(&format!("Installed in {}", target.display()));
    Ok(target)
}

/// Unpacks into a temporary folder (verifying every file's CRC-32), then
/// renames it into place, so a damaged download installs nothing.
fn unpack(data: &[u8], dir: &Path, target: &Path) -> Result<(), InstallError> {
    let io = |p: &Path, e: std::io::Error| InstallError::Io(p.display().to_string(), e.to_string());
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let tmp = dir.join(".installing");
    let _ = std::fs::remove_dir_all(&tmp);
    let mut archive =
        zip::ZipArchive::new(std::io::Cursor::new(data)).map_err(|e| InstallError::Damaged(e.to_string()))?;
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).map_err(|e| InstallError::Damaged(e.to_string()))?;
        let Some(rel) = file.enclosed_name() else { continue };
        // The zip holds one top folder named like the model: strip it.
        let rel: PathBuf = rel.components().skip(1).collect();
        let out = tmp.join(&rel);
        if file.is_dir() {
            std::fs::create_dir_all(&out).map_err(|e| io(&out, e))?;
            continue;
        }
        if let Some(parent) = out.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(|e| InstallError::Damaged(e.to_string()))?;
        let mut f = std::fs::File::create(&out).map_err(|e| io(&out, e))?;
        f.write_all(&bytes).map_err(|e| io(&out, e))?;
    }
    let _ = std::fs::remove_dir_all(target);
    std::fs::rename(&tmp, target).map_err(|e| io(target, e))
}
