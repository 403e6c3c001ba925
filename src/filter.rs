//! The one output filter: text from outside (a file, an engine, a
//! server, an argument) made safe to show and speak. Control characters
//! become spaces and bidirectional overrides and isolates are dropped, so
//! nothing can move the cursor, change colours or reorder what a screen
//! reader reads.

/// The most characters of outside text echoed in a message.
pub(crate) const ECHO_CHARS: usize = 80;

/// Outside text echoed in a message (a refused argument, a FEN): clean,
/// and cut to its first [`ECHO_CHARS`] characters with "…" when longer,
/// so a long bad input is never said whole.
pub(crate) fn echoed(text: &str) -> String {
    cut(&clean(text), ECHO_CHARS)
}

/// `text` cut to its first `chars` characters with "…" when longer.
pub(crate) fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// `text` with control characters as spaces and no bidirectional controls.
pub(crate) fn clean(text: &str) -> String {
    text.chars()
        .filter(
            |c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'),
        )
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
