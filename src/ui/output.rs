//! What the player is given: a line with its urgency, the output filter
//! every line passes (no control or bidirectional characters), and the
//! layout of a line in rows of at most 40 characters (one Braille row),
//! each holding whole items. Imports nothing of the front end.

pub use crate::speech::Urgency;

/// A line to show and speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The words, as shown.
    pub text: String,
    /// How urgent.
    pub urgency: Urgency,
    /// The words as spoken, when they differ from the row (the board's
    /// ranks in words; the last seconds as a bare number); empty: nothing
    /// is said (the board's file letters).
    pub spoken: Option<String>,
    /// The line is a list ("White pawns: a2, b2, ..."): a row that
    /// continues it repeats its head. Any other sentence continues
    /// without it.
    pub list: bool,
}

impl Line {
    /// A line of information.
    pub(crate) fn info(text: impl Into<String>) -> Line {
        Line::new(text, Urgency::Info)
    }

    /// A line of that urgency, spoken as shown.
    pub(crate) fn new(text: impl Into<String>, urgency: Urgency) -> Line {
        Line { text: text.into(), urgency, spoken: None, list: false }
    }

    /// A line shown as `text` and said as `words` (the written form of a
    /// sentence and its words).
    pub(crate) fn written(text: String, words: String, urgency: Urgency) -> Line {
        let spoken = (words != text).then_some(words);
        Line { text, urgency, spoken, list: false }
    }

    /// The words to speak.
    #[cfg_attr(not(feature = "tts"), allow(dead_code))]
    pub(crate) fn speech(&self) -> &str {
        self.spoken.as_deref().unwrap_or(&self.text)
    }
}

impl From<String> for Line {
    fn from(text: String) -> Line {
        Line::info(text)
    }
}

impl From<&str> for Line {
    fn from(text: &str) -> Line {
        Line::info(text)
    }
}

/// What a Braille display shows of a game or a review: written words
/// (the session's notation, squares as "e4"), made by the words layer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Glance {
    /// The status line: the last move, whose move it is, both clocks.
    pub(crate) status: String,
    /// The board's ranks from the top as the player sees it.
    pub(crate) board: Vec<GlanceRank>,
    /// The moves, one item a move ("1. e4", "e5"), of the line shown.
    pub(crate) moves: Vec<String>,
    /// How many of `moves` lead to the position shown.
    pub(crate) at: usize,
    /// A clock runs: the status line changes each second.
    pub(crate) ticking: bool,
}

/// One rank of the board: its digit and its squares from the player's
/// left, each with the letter of what stands on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GlanceRank {
    /// The rank's digit.
    pub(crate) label: char,
    /// The squares, left to right as the player sees them.
    pub(crate) squares: Vec<(crate::rules::Square, char)>,
}

pub(crate) use crate::speech::BrailleView;

/// The width of one Braille display row, in display cells.
pub(crate) const WIDTH: usize = 40;

/// The display cells a text takes: two for a wide character (a Hangul
/// syllable), none for a combining mark.
pub(crate) fn cells(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// Text from outside (an engine, a file, an argument) made safe to show
/// and speak: control characters become spaces and bidirectional
/// overrides and isolates are dropped, so nothing can move the cursor,
/// change colours or reorder what a screen reader reads.
pub(crate) fn clean(text: &str) -> String {
    crate::filter::clean(text)
}

/// Text of several lines (a PGN written out) made safe for a terminal:
/// each line passes the output filter, the line ends stay.
pub fn filter_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|l| {
            let (body, end) = l.strip_suffix('\n').map_or((l, ""), |b| (b, "\n"));
            format!("{}{end}", clean(body))
        })
        .collect()
}

/// The rows of lines as a screen shows them: each line's paragraphs
/// cleaned and laid out by [`wrap`].
pub(crate) fn rows(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|l| l.text.split('\n').flat_map(|p| wrap(&clean(p), WIDTH, l.list)).collect::<Vec<_>>())
        .map(|row| row.replace(GLUE, " "))
        .collect()
}

/// Lays a line out in rows of at most `width` display cells, each holding
/// whole items and readable on its own (one Braille row):
/// - a line that fits stays as it is (spaces kept, so the board's columns
///   stay aligned);
/// - a longer one is split into sentences, packed whole;
/// - a sentence too long for a row continues clause by clause, without
///   repeating its head ("White: bxa8=R," then "check");
/// - a `list` ("d5 attacked by: white pawn e4, white knight f3, ...") is
///   packed item by item, each row starting with the list's head;
///   numbered choices ("1: Nbd2, 2: Nfd2") get a row each;
/// - only an item longer than a row is split, at spaces (a single longer
///   word is cut at the row's width: no row is ever wider).
pub(crate) fn wrap(text: &str, width: usize, list: bool) -> Vec<String> {
    let text = text.trim_end();
    if cells(text) <= width {
        return if text.trim().is_empty() { Vec::new() } else { vec![text.to_string()] };
    }
    let mut rows: Vec<String> = Vec::new();
    // After a list, the next sentence starts its own row.
    let mut after_list = false;
    for sentence in sentences(text.trim()) {
        let last = rows.last_mut().filter(|r| !after_list && len(r) + 1 + len(&sentence) <= width);
        after_list = false;
        match last {
            Some(row) => {
                row.push(' ');
                row.push_str(&sentence);
            }
            None if len(&sentence) <= width => rows.push(sentence),
            None => {
                rows.extend(list_rows(&sentence, width, list));
                after_list = true;
            }
        }
    }
    rows
}

fn len(s: &str) -> usize {
    cells(s)
}

/// Sentences ending in ". ", "? ", "! " or "; ", with their punctuation;
/// a move's number ("3. Bc4", "12... Nf6") ends none: a move is never
/// apart from its number.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        current.push(c);
        let ends = matches!(c, '.' | '?' | '!' | ';') && chars.peek().is_some_and(|(_, n)| *n == ' ');
        if ends && !(c == '.' && move_number_before(&current, &text[i + 1..])) {
            out.push(std::mem::take(&mut current).trim().to_string());
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// Whether `before` ends with a move's number ("3.", "12...") and the
/// word after it (in `after`) is a move: one with a square in it, or a
/// castling.
fn move_number_before(before: &str, after: &str) -> bool {
    let last = before.rsplit([' ', ':']).next().unwrap_or_default();
    let digits = last.trim_end_matches('.');
    let number = !digits.is_empty() && digits.len() < last.len() && digits.chars().all(|c| c.is_ascii_digit());
    let word = after.trim_start().split([' ', ',', ';']).next().unwrap_or_default();
    let chars: Vec<char> = word.chars().collect();
    let square = chars.windows(2).any(|w| ('a'..='h').contains(&w[0]) && ('1'..='8').contains(&w[1]));
    number && (square || word.starts_with("O-O") || word.starts_with("0-0"))
}

/// Whether an item is a numbered choice ("2: bishop d2").
fn numbered(item: &str) -> bool {
    item.split_once(": ").is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A sentence too long for a row, as rows of whole clauses or list items.
fn list_rows(sentence: &str, width: usize, list: bool) -> Vec<String> {
    let items: Vec<&str> = sentence.split(", ").collect();
    if items.len() < 2 {
        return words(sentence, width);
    }
    let mut rows = Vec::new();
    if items.iter().filter(|i| numbered(i)).count() >= 2 {
        // Numbered choices: the words before the first one on their own
        // row, then a choice a row.
        let start = items[0].find(|c: char| c.is_ascii_digit()).unwrap_or(0);
        rows.extend(words(items[0][..start].trim(), width));
        let choices: Vec<&str> = std::iter::once(&items[0][start..]).chain(items[1..].iter().copied()).collect();
        rows.extend(pack("", &choices, width, 1));
        return rows;
    }
    if !list {
        // A sentence: its clauses packed in order, the head said once.
        return pack("", &items, width, usize::MAX);
    }
    // The head of a list: the words up to the first ": " ("File e: ").
    let (head, first) = match items[0].split_once(": ") {
        Some((h, rest)) if !rest.is_empty() => (format!("{h}: "), rest),
        _ => (String::new(), items[0]),
    };
    let items: Vec<&str> = std::iter::once(first).chain(items[1..].iter().copied()).collect();
    // When an item with the head would not fit a row, the head stands on
    // its own row and the items follow without it.
    let widest = items.iter().map(|i| len(i) + 1).max().unwrap_or(0);
    let head = if !head.is_empty() && len(&head) + widest > width {
        rows.extend(words(head.trim_end(), width));
        String::new()
    } else {
        head
    };
    // Packed greedily once to learn how many rows it takes, then again with
    // the items shared evenly over those rows ("a2, b2, c2, d2," and
    // "e4, f2, g2, h2", not seven and one).
    let greedy = pack(&head, &items, width, usize::MAX);
    let per_row = items.len().div_ceil(greedy.len().max(1));
    let even = pack(&head, &items, width, per_row);
    rows.extend(if even.len() <= greedy.len() { even } else { greedy });
    rows
}

/// Rows of `head` and whole items, at most `per_row` items a row.
fn pack(head: &str, items: &[&str], width: usize, per_row: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut in_row = 0;
    for (k, item) in items.iter().enumerate() {
        let sep = if k + 1 < items.len() { "," } else { "" };
        let piece = format!("{item}{sep}");
        if !row.is_empty() && in_row < per_row && len(&row) + 1 + len(&piece) <= width {
            row.push(' ');
            row.push_str(&piece);
            in_row += 1;
            continue;
        }
        if !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        let start = format!("{head}{piece}");
        in_row = 1;
        if len(&start) <= width {
            row = start;
        } else {
            rows.extend(words(&start, width));
        }
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// Glue inside one item ("MagnusFake\u{a0}(2850)", "10\u{a0}minutes"):
/// a row never breaks there; shown as a space.
pub(crate) const GLUE: char = '\u{a0}';

/// `word` in pieces of at most `width` cells (at least one character each).
fn chunks(word: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = vec![String::new()];
    for c in word.chars() {
        let wide = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if out.last().is_some_and(|l| !l.is_empty() && len(l) + wide > width) {
            out.push(String::new());
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
    }
    out
}

/// Splits at spaces (never at [`GLUE`]) into as few rows of at most
/// `width` cells as greedy packing needs, balanced so that no row is left
/// with a lone word ("Taken back: White's Bxa6" / "and Black's Nb4.", not
/// "... and Black's" / "Nb4."); a single longer word is cut at the width.
fn words(text: &str, width: usize) -> Vec<String> {
    // A path longer than a row is split after its slashes.
    let long: Vec<String> = text.split(' ').filter(|w| !w.is_empty()).flat_map(|w| slashed(w, width)).collect();
    let items: Vec<&str> = long.iter().map(String::as_str).collect();
    let greedy = greedy_rows(&items, width);
    if greedy.len() < 2 || items.len() > 200 {
        return greedy;
    }
    balanced(&items, width, greedy.len()).unwrap_or(greedy)
}

/// A word longer than `width` (a path, a FEN's placement) in pieces ending
/// at a slash, each at most `width` cells where the slashes allow; a
/// piece still longer (a word of outside text with no slash) cut into
/// pieces of `width` cells, so no row is ever wider.
pub(crate) fn slashed(word: &str, width: usize) -> Vec<String> {
    if len(word) <= width {
        return vec![word.to_string()];
    }
    if !word.contains('/') {
        return chunks(word, width);
    }
    let mut out: Vec<String> = Vec::new();
    for part in word.split_inclusive('/') {
        match out.last_mut() {
            Some(last) if len(last) + len(part) <= width => last.push_str(part),
            _ => out.push(part.to_string()),
        }
    }
    out.into_iter().flat_map(|p| if len(&p) > width { chunks(&p, width) } else { vec![p] }).collect()
}

fn greedy_rows(items: &[&str], width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in items {
        if !line.is_empty() && len(&line) + 1 + len(word) > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// `items` in exactly `rows` rows of at most `width` cells, with the
/// least sum of squared slack; None when they do not fit.
fn balanced(items: &[&str], width: usize, rows: usize) -> Option<Vec<String>> {
    let n = items.len();
    let lens: Vec<usize> = items.iter().map(|w| len(w)).collect();
    let span = |i: usize, j: usize| lens[i..j].iter().sum::<usize>() + (j - i - 1);
    // best[r][j]: the cost of the first j items in r rows, and the start
    // of the last row.
    let mut best = vec![vec![None::<(usize, usize)>; n + 1]; rows + 1];
    best[0][0] = Some((0, 0));
    for r in 1..=rows {
        for j in 1..=n {
            for i in (r - 1)..j {
                let Some((cost, _)) = best[r - 1][i] else { continue };
                let w = span(i, j);
                if w > width {
                    continue;
                }
                let c = cost + (width - w).pow(2);
                if best[r][j].is_none_or(|(b, _)| c < b) {
                    best[r][j] = Some((c, i));
                }
            }
        }
    }
    let mut out = Vec::with_capacity(rows);
    let mut j = n;
    for r in (1..=rows).rev() {
        let (_, i) = best[r][j]?;
        out.push(items[i..j].join(" "));
        j = i;
    }
    out.reverse();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_keep_whole_items_with_their_head() {
        let rows = wrap("d5 attacked by: white pawn e4, white knight f3, white queen d1, white bishop b5", 40, true);
        assert_eq!(
            rows,
            [
                "d5 attacked by: white pawn e4,",
                "d5 attacked by: white knight f3,",
                "d5 attacked by: white queen d1,",
                "d5 attacked by: white bishop b5"
            ]
        );
        let rows =
            wrap("Which move: 1: knight takes d2, 2: bishop takes d2, 3: queen takes d2? Say the number.", 40, false);
        assert_eq!(
            rows,
            ["Which move:", "1: knight takes d2,", "2: bishop takes d2,", "3: queen takes d2?", "Say the number."]
        );
        let rows = wrap("Game saved. Continue it with: voxchess resume", 40, false);
        assert_eq!(rows, ["Game saved.", "Continue it with: voxchess resume"]);
        assert_eq!(wrap("  a b c d e f g h", 40, false), ["  a b c d e f g h"]);
        let scan =
            wrap("File e: e1 white king, e2 to e3 empty, e4 white pawn, e5 to e7 empty, e8 black king", 40, true);
        assert_eq!(
            scan,
            [
                "File e: e1 white king, e2 to e3 empty,",
                "File e: e4 white pawn, e5 to e7 empty,",
                "File e: e8 black king"
            ]
        );
        let long =
            wrap("Вертикаль d: дэ один белый ферзь, с дэ шесть по дэ семь пусто, дэ восемь чёрный ферзь", 40, true);
        assert_eq!(
            long,
            ["Вертикаль d:", "дэ один белый ферзь,", "с дэ шесть по дэ семь пусто,", "дэ восемь чёрный ферзь"]
        );
        let pawns = wrap("White pawns: a2, b2, c2, d2, e4, f2, g2, h2", 40, true);
        assert_eq!(pawns, ["White pawns: a2, b2, c2, d2,", "White pawns: e4, f2, g2, h2"]);
        for row in scan.iter().chain(rows.iter()) {
            assert!(row.chars().count() <= 40, "{row}");
        }
    }

    /// A sentence that is not a list continues without its head; a
    /// Korean row is counted in display cells (a syllable takes two).
    #[test]
    fn a_sentence_continues_without_its_head_and_wide_rows_fit() {
        let rows = wrap("Game over: Draw by dead position, no checkmate is possible.", 40, false);
        assert_eq!(rows, ["Game over: Draw by dead position,", "no checkmate is possible."]);
        let rows = wrap("Chess: an extraordinarily long sentence here, then another clause follows", 40, false);
        assert!(rows.iter().all(|r| !r.starts_with("Chess:") || r == &rows[0]), "{rows:?}");
        let ko = "게임 종료: 기물 부족으로 무승부, 체크메이트가 불가능합니다. 다시 보려면 분석이라고 말하세요.";
        let rows = wrap(ko, 40, false);
        assert!(rows.len() > 1, "{rows:?}");
        for row in &rows {
            assert!(cells(row) <= 40, "{row}: {} cells", cells(row));
        }
        assert_eq!(rows.concat().replace(' ', ""), ko.replace(' ', ""));
        assert_eq!(cells("백: e4"), 6);
    }

    #[test]
    fn control_and_bidi_characters_are_removed() {
        assert_eq!(clean("a\u{1b}]0;x\u{7}b\u{202e}c\td"), "a ]0;x bc d");
        assert_eq!(filter_lines("[Event \"a\u{1b}[2J\"]\n\n1. e4 *\n"), "[Event \"a [2J\"]\n\n1. e4 *\n");
    }
}

#[cfg(test)]
mod whole_items {
    use super::{GLUE, Line, rows};

    fn rows_of(text: &str) -> Vec<String> {
        rows(&[Line::info(text.to_string())])
    }

    /// A move is never apart from its number (issue 65, item 13: the
    /// slowest moves split "3." from "Bc4"), while a sentence ending in a
    /// number still ends there.
    #[test]
    fn a_move_stays_with_its_number() {
        let text = "White, longest thinks: 3. Bc4, 44 seconds; 2. Nf3, 33 seconds; 12... O-O, 5 seconds.";
        let rows = rows_of(text);
        assert!(
            rows.iter().all(|r| !r.ends_with('.')
                || !r.rsplit(' ').next().is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit())
                    && w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))),
            "{rows:?}"
        );
        for mv in ["3. Bc4", "2. Nf3", "12... O-O"] {
            assert!(rows.iter().any(|r| r.contains(mv)), "{mv}: {rows:?}");
        }
        let rows = rows_of("Your puzzle rating: 1500. Next comes a harder one, rated higher.");
        assert_eq!(rows[0], "Your puzzle rating: 1500.");
    }

    /// No row ends inside an item, and no row is a lone tail: the splits
    /// players found, each as it is shown now.
    #[test]
    fn no_row_splits_an_item() {
        assert_eq!(
            rows_of("Ни одна белая пешка не может пойти на e5; сейчас ход белых."),
            ["Ни одна белая пешка", "не может пойти на e5;", "сейчас ход белых."]
        );
        let g = GLUE;
        // As the words layer glues a move to its side.
        let taken = format!("Taken back: White's{g}Bxa6 and Black's{g}Nb4.");
        assert_eq!(rows_of(&taken), ["Taken back: White's Bxa6", "and Black's Nb4."]);
        let challenge = format!(
            "Challenge 1 from MagnusFake{g}(2850): 10{g}minutes{g}+{g}5{g}seconds, casual, colours by lot. Accept or decline?"
        );
        assert_eq!(
            rows_of(&challenge),
            [
                "Challenge 1 from MagnusFake (2850):",
                "10 minutes + 5 seconds,",
                "casual, colours by lot.",
                "Accept or decline?"
            ]
        );
        assert_eq!(
            rows_of("Играют: Игрок за белых и Игрок за чёрных."),
            ["Играют: Игрок за белых", "и Игрок за чёрных."]
        );
        for text in [challenge.as_str(), "Spieler mit Weiß gegen Spieler mit Schwarz."] {
            for row in rows_of(text) {
                assert!(super::cells(&row) <= 40 && !row.contains(GLUE), "{row:?}");
            }
        }
    }
}
