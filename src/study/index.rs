//! The library's index, beside it (`library.csv` has `library.idx/`): for
//! all puzzles and for each theme, a file of 8-byte keys sorted by
//! rating (the rating in the top 16 bits, the row's offset in the
//! library below), so that the puzzle nearest a rating, in a band, of a
//! theme, is found by a binary search and a few reads, not a pass over
//! millions of rows. Built after each import, a row at a time (the keys
//! of all puzzles in memory, 8 bytes each; each theme's sorted in turn).
//! An index that does not match the library (its length) is not used:
//! the library is read whole instead.

use super::library::{MAX_ROW, Wanted};
use super::puzzle::Puzzle;
use std::collections::{HashMap, HashSet};
use std::io::{BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// The most themes given a file of their own.
const MAX_THEMES: usize = 300;
/// The form of the index (its first line).
const FORM: &str = "voxchess-puzzle-index 1";

/// The index's folder for `library`.
fn folder(library: &Path) -> PathBuf {
    library.with_extension("idx")
}

fn key(rating: u32, offset: u64) -> u64 {
    (u64::from(rating.min(0xFFFF)) << 48) | (offset & 0xFFFF_FFFF_FFFF)
}

fn write_keys(path: &Path, keys: &[u64]) -> std::io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    for k in keys {
        out.write_all(&k.to_le_bytes())?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

fn read_keys(path: &Path) -> std::io::Result<Vec<u64>> {
    let mut bytes = Vec::new();
    // Only a regular file: a FIFO planted there never holds voxchess.
    crate::files::bounded::open_regular(path, false)?.read_to_end(&mut bytes)?;
    Ok(bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect())
}

/// The theme's file name (themes are ASCII letters and digits).
fn theme_file(dir: &Path, theme: &str) -> PathBuf {
    dir.join(format!("theme-{theme}.keys"))
}

/// Builds the index of `library` (replacing any): one pass over it.
pub fn build(library: &Path) -> std::io::Result<()> {
    let dir = folder(library);
    let new = dir.with_extension("idx-new");
    let _ = std::fs::remove_dir_all(&new);
    std::fs::create_dir_all(&new)?;
    let file = crate::files::bounded::open_regular(library, true)?;
    let length = file.metadata()?.len();
    let mut input = BufReader::with_capacity(1 << 16, file);
    let mut all: Vec<u64> = Vec::new();
    let mut themes: HashMap<String, BufWriter<std::fs::File>> = HashMap::new();
    let mut offset = 0u64;
    while let Some((row, length)) = crate::files::bounded::read_row(&mut input, MAX_ROW)? {
        // Offsets by each row's real length: a row longer than the cap
        // (never indexed: it cannot be read back) moves the rest along.
        let at = offset;
        offset += length;
        if row.len() as u64 != length {
            continue;
        }
        let text = String::from_utf8_lossy(&row);
        let fields: Vec<&str> = text.trim_end().split(',').collect();
        let Some(rating) = fields.get(3).and_then(|r| r.parse::<u32>().ok()) else { continue };
        let k = key(rating, at);
        all.push(k);
        for theme in fields.get(7).map_or("", |t| t).split_whitespace() {
            if theme.len() > 40 || !theme.bytes().all(|b| b.is_ascii_alphanumeric()) {
                continue;
            }
            if !themes.contains_key(theme) {
                if themes.len() >= MAX_THEMES {
                    continue;
                }
                let out = BufWriter::new(std::fs::File::create(theme_file(&new, theme))?);
                themes.insert(theme.to_string(), out);
            }
            if let Some(out) = themes.get_mut(theme) {
                out.write_all(&k.to_le_bytes())?;
            }
        }
    }
    all.sort_unstable();
    write_keys(&new.join("all.keys"), &all)?;
    drop(all);
    for (theme, out) in themes {
        out.into_inner().map_err(|e| e.into_error())?;
        let path = theme_file(&new, &theme);
        let mut keys = read_keys(&path)?;
        keys.sort_unstable();
        write_keys(&path, &keys)?;
    }
    crate::files::write_atomic(&new.join("form"), &format!("{FORM} {length}\n"))?;
    // The old index goes only once the new one is whole.
    let old = dir.with_extension("idx-old");
    let _ = std::fs::remove_dir_all(&old);
    if dir.exists() {
        std::fs::rename(&dir, &old)?;
    }
    std::fs::rename(&new, &dir)?;
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}

/// Whether the index of `library` matches it (the length it records):
/// one that does not is rebuilt by the caller, never trusted.
pub fn matches(library: &Path) -> bool {
    let form = crate::files::bounded::read_text(&folder(library).join("form"), 100);
    let length = std::fs::metadata(library).map(|m| m.len());
    matches!((form, length), (Ok(f), Ok(l)) if f.trim() == format!("{FORM} {l}"))
}

/// The keys file for `wanted`, if the index matches the library; Some
/// of None when the theme has no puzzle.
fn keys_file(library: &Path, wanted: &Wanted) -> Option<Option<std::fs::File>> {
    let dir = folder(library);
    let form = crate::files::bounded::read_text(&dir.join("form"), 100).ok()?;
    let length = std::fs::metadata(library).ok()?.len();
    if form.trim() != format!("{FORM} {length}") {
        return None;
    }
    let path = match &wanted.theme {
        Some(t) if t.bytes().all(|b| b.is_ascii_alphanumeric()) && t.len() <= 40 => {
            // Theme keys are matched without regard to case.
            let name = std::fs::read_dir(&dir).ok()?.filter_map(Result::ok).find_map(|e| {
                let name = e.file_name().to_string_lossy().to_string();
                let theme = name.strip_prefix("theme-")?.strip_suffix(".keys")?.to_string();
                theme.eq_ignore_ascii_case(t).then_some(theme)
            });
            match name {
                Some(theme) => theme_file(&dir, &theme),
                None => return Some(None),
            }
        }
        Some(_) => return Some(None),
        None => dir.join("all.keys"),
    };
    // Only a regular file, never through a link: a FIFO or a device
    // planted as the keys is no index (the pass is used instead).
    match crate::files::bounded::open_regular(&path, false) {
        Ok(file) => Some(Some(file)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some(None),
        Err(_) => None,
    }
}

/// The row of the library at `offset`.
fn row_at(library: &std::fs::File, offset: u64) -> Option<String> {
    let mut buf = vec![0u8; MAX_ROW];
    let n = library.read_at(&mut buf, offset).ok()?;
    buf.truncate(n);
    let end = buf.iter().position(|b| *b == b'\n').unwrap_or(buf.len());
    buf.truncate(end);
    String::from_utf8(buf).ok()
}

/// The next puzzle for a player of `rating`: of those `wanted` and not
/// `seen`, the nearest the rating (in the band, if one is asked). With
/// the index, a binary search and a few reads; without a usable one, a
/// pass over the library ([`super::library::pick`]).
pub fn pick(library: &Path, wanted: &Wanted, seen: &HashSet<String>, rating: u32) -> Option<Puzzle> {
    let file = crate::files::bounded::open_regular(library, true).ok()?;
    let Some(keys) = keys_file(library, wanted) else {
        return super::library::pick(&mut BufReader::new(file), wanted, seen, rating);
    };
    let keys = keys?;
    let n = keys.metadata().ok()?.len() / 8;
    let at = |i: u64| -> Option<u64> {
        let mut b = [0u8; 8];
        keys.read_exact_at(&mut b, i * 8).ok()?;
        Some(u64::from_le_bytes(b))
    };
    let (lo_band, hi_band) = wanted.rating.unwrap_or((0, 0xFFFF));
    let target = rating.clamp(lo_band, hi_band);
    // The first key at or above the target rating.
    let (mut lo, mut hi) = (0u64, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if at(mid)? < key(target, 0) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    // Outward from there, the nearer rating first.
    let (mut down, mut up) = (lo, lo);
    loop {
        let below = if down > 0 { at(down - 1).map(|k| (k, (k >> 48) as u32)) } else { None };
        let above = if up < n { at(up).map(|k| (k, (k >> 48) as u32)) } else { None };
        let in_band = |r: u32| r >= lo_band && r <= hi_band;
        let below = below.filter(|(_, r)| in_band(*r));
        let above = above.filter(|(_, r)| in_band(*r));
        let k = match (below, above) {
            (None, None) => return None,
            (Some((k, rb)), Some((_, ra))) if target - rb.min(target) <= ra.saturating_sub(target) => {
                down -= 1;
                k
            }
            (Some((k, _)), None) => {
                down -= 1;
                k
            }
            (_, Some((k, _))) => {
                up += 1;
                k
            }
        };
        let Some(row) = row_at(&file, k & 0xFFFF_FFFF_FFFF) else { continue };
        let id = row.split(',').next().unwrap_or_default();
        if seen.contains(id) {
            continue;
        }
        if let Ok(p) = Puzzle::from_csv(&row) {
            return Some(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = "a1,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,900,0,0,0,mateIn1 backRankMate,,\n\
        a2,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1,,\n\
        a3,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,2100,0,0,0,mateIn1 backRankMate,,\n";

    #[test]
    fn the_index_finds_what_a_pass_finds() {
        let dir = std::env::temp_dir().join(format!("voxchess-index-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let library = dir.join("library.csv");
        std::fs::write(&library, ROWS).expect("library");
        build(&library).expect("built");
        let none = HashSet::new();
        let id = |w: &Wanted, seen: &HashSet<String>, r: u32| pick(&library, w, seen, r).map(|p| p.id);
        let all = Wanted::default();
        assert_eq!(id(&all, &none, 1400).as_deref(), Some("a2"));
        assert_eq!(id(&all, &none, 2500).as_deref(), Some("a3"));
        let back = Wanted { theme: Some("backrankmate".into()), rating: None };
        assert_eq!(id(&back, &none, 1500).as_deref(), Some("a1"));
        let seen: HashSet<String> = ["a1".to_string()].into();
        assert_eq!(id(&back, &seen, 1500).as_deref(), Some("a3"));
        let band = Wanted { theme: None, rating: Some((1000, 1600)) };
        assert_eq!(id(&band, &none, 3000).as_deref(), Some("a2"));
        assert_eq!(id(&Wanted { theme: Some("fork".into()), rating: None }, &none, 1500), None);
        // A library changed since: the index is not used, the pass is.
        std::fs::write(&library, &ROWS[..ROWS.find("a3").unwrap_or(0)]).expect("shorter");
        assert_eq!(id(&all, &none, 2500).as_deref(), Some("a2"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
