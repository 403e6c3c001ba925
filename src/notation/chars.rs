//! What a written character may mean: file letters (with the Cyrillic
//! lookalikes the seeds use), rank digits, capture signs and dashes.

use crate::rules::{File, Rank};

/// A file letter: Latin a-h, or Cyrillic а, с, е as written in Russian texts.
/// The flag is false when the case is unusual (an uppercase file letter).
pub(crate) fn file_of(c: char) -> Option<(File, bool)> {
    let (latin, exact) = match c {
        'a'..='h' => (c, true),
        'A'..='H' => (c.to_ascii_lowercase(), false),
        'а' => ('a', true),
        'с' => ('c', true),
        'е' => ('e', true),
        'А' => ('a', false),
        'С' => ('c', false),
        'Е' => ('e', false),
        _ => return None,
    };
    File::from_char(latin).map(|f| (f, exact))
}

/// A rank digit 1-8.
pub(crate) fn rank_of(c: char) -> Option<Rank> {
    Rank::from_char(c)
}

/// Capture signs: x, Cyrillic х, ':' and the multiplication sign.
pub(crate) fn is_capture(c: char) -> bool {
    matches!(c, 'x' | 'X' | 'х' | 'Х' | ':' | '×')
}

/// Dashes of long notation: hyphen, en dash, em dash and friends.
pub(crate) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '‒' | '−' | '‐')
}

/// Characters that stand for a zero or letter O in castling.
pub(crate) fn is_castle_o(c: char) -> bool {
    matches!(c, '0' | 'O' | 'o' | 'О' | 'о')
}

/// Maps Cyrillic lookalikes to Latin for comparing suffixes like "е.р.".
pub(crate) fn latinize(c: char) -> char {
    match c {
        'а' | 'А' => 'a',
        'с' | 'С' => 'c',
        'е' | 'Е' => 'e',
        'р' | 'Р' => 'p',
        'х' | 'Х' => 'x',
        'о' | 'О' => 'o',
        _ => c.to_lowercase().next().unwrap_or(c),
    }
}
