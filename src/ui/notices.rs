//! What is missing from the setup (no voice model, no Braille display),
//! said after the first greeting as readouts news cuts: in full the first
//! time, then briefly ("Voice input is off."), the row always whole
//! (issue 65, item 4). Which were said in full is kept in the data
//! folder; when it cannot be read or written, a notice is said in full
//! again, nothing worse.

use super::output::{Line, Urgency};
use std::collections::BTreeSet;
use std::path::Path;

/// The file of the notices said in full, a line each.
const SAID_FILE: &str = "notices-said.txt";

/// The most notices remembered, and the longest file read.
const MOST: usize = 64;
const MAX_BYTES: u64 = 64 * 1024;

/// The brief form of a notice: its words before the first ':' ("Voice
/// input is off: no voice model…" is "Voice input is off."), or None when
/// it has no such head (then it is said whole).
pub(crate) fn brief(text: &str) -> Option<String> {
    let (head, rest) = text.split_once(':')?;
    let head = head.trim();
    (!head.is_empty() && !rest.trim().is_empty()).then(|| format!("{head}."))
}

/// The notices as readouts: each said in full unless `said` holds it (then
/// briefly); those said in full now are added to `said`.
pub(crate) fn lines(texts: Vec<String>, said: &mut BTreeSet<String>) -> Vec<Line> {
    texts
        .into_iter()
        .map(|text| {
            let spoken = if said.contains(&text) { brief(&text) } else { None };
            if spoken.is_none() {
                said.insert(text.clone());
            }
            Line { spoken, ..Line::new(text, Urgency::Readout) }
        })
        .collect()
}

/// The notices said in full before, read from `folder`.
pub(crate) fn said_before(folder: &Path) -> BTreeSet<String> {
    crate::files::bounded::read_regular_text(&folder.join(SAID_FILE), MAX_BYTES, false)
        .map(|t| t.lines().filter(|l| !l.trim().is_empty()).take(MOST).map(str::to_string).collect())
        .unwrap_or_default()
}

/// Keeps `said` in `folder` (at most [`MOST`]); a failure only means the
/// notices are said in full again.
pub(crate) fn keep(folder: &Path, said: &BTreeSet<String>) {
    let text: String = said.iter().take(MOST).map(|s| format!("{}\n", s.replace('\n', " "))).collect();
    if crate::files::private_dir(folder).is_ok() {
        let _ = crate::files::write_atomic(&folder.join(SAID_FILE), &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_is_said_in_full_once_then_briefly_and_shown_whole() {
        let text = "Voice input is off: no voice model. Install one: voxchess models install en".to_string();
        let mut said = BTreeSet::new();
        let first = lines(vec![text.clone()], &mut said);
        assert_eq!(first[0].spoken, None);
        assert_eq!(first[0].urgency, Urgency::Readout);
        let again = lines(vec![text.clone()], &mut said);
        assert_eq!(again[0].text, text, "the row stays whole");
        assert_eq!(again[0].spoken.as_deref(), Some("Voice input is off."));
        assert_eq!(brief("Голосовой ввод выключен: нет модели.").as_deref(), Some("Голосовой ввод выключен."));
        // No head: said whole every time.
        let whole = "No Braille display answers. voxchess keeps trying.".to_string();
        let _ = lines(vec![whole.clone()], &mut said);
        assert_eq!(lines(vec![whole], &mut said)[0].spoken, None);
    }

    #[test]
    fn what_was_said_is_kept_in_the_folder() {
        let dir = std::env::temp_dir().join(format!("voxchess-notices-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder");
        assert!(said_before(&dir).is_empty());
        let mut said = BTreeSet::new();
        said.insert("Voice input is off: no voice model.".to_string());
        keep(&dir, &said);
        assert_eq!(said_before(&dir), said);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
