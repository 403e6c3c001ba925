//! The one output filter: text from outside (a file, an engine, a
//! server, an argument) made safe to show and speak. Control characters
//! become spaces and bidirectional overrides and isolates are dropped, so
//! nothing can move the cursor, change colours or reorder what a screen
//! reader reads.

/// `text` with control characters as spaces and no bidirectional controls.
pub(crate) fn clean(text: &str) -> String {
    text.chars()
        .filter(
            |c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'),
        )
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
