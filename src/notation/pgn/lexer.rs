//! Splits PGN text (or any game text, like the appendices' example games)
//! into tokens: tags, move numbers, move words, comments, NAGs, variations,
//! results.

use super::problem::PgnProblem;
use std::collections::VecDeque;

/// One PGN token with the line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`.
    Tag(String, String),
    /// `{...}` or `; ...`.
    Comment(String),
    /// `$n`.
    Nag(u8),
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String),
    /// `12.` or `12...`.
    MoveNumber,
    /// `(=)`: a draw offer (C.13, D.13).
    DrawOffer,
    /// Anything else: a move or part of one.
    Word(String),
}

/// A lexing problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LexError {
    pub line: usize,
    pub problem: PgnProblem,
}

fn normalize_result(word: &str) -> Option<&'static str> {
    match word {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" | "½:½" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// Splits "Фxd5+Сd7" after check marks followed by a letter, and "14.Nf3" after a move number.
fn split_word(word: &str, line: usize, out: &mut VecDeque<(Token, usize)>) {
    let chars: Vec<char> = word.chars().collect();
    // Leading move number: digits then one or more dots.
    let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
    let dots = chars[digits..].iter().take_while(|c| **c == '.' || **c == '…').count();
    let mut start = 0;
    if digits > 0 && dots > 0 {
        out.push_back((Token::MoveNumber, line));
        start = digits + dots;
    } else if digits == chars.len() && !word.starts_with('0') {
        out.push_back((Token::MoveNumber, line));
        return;
    }
    let mut piece = String::new();
    let mut i = start;
    while i < chars.len() {
        let c = chars[i];
        piece.push(c);
        let after_mark = matches!(c, '+' | '#');
        if after_mark && chars.get(i + 1).is_some_and(|n| n.is_alphabetic()) {
            out.push_back((Token::Word(std::mem::take(&mut piece)), line));
        }
        i += 1;
    }
    if !piece.is_empty() && !piece.chars().all(|c| c == '.') {
        out.push_back((Token::Word(piece), line));
    }
}

/// Where a tag that opens at `open` ends: its `]` outside the quoted value
/// (a value may hold `]`, and `\"` inside it), or the end of its line. A
/// value whose quote is never closed ends at the line's first `]` (and is
/// then refused as not of the form).
fn tag_end(text: &str, open: usize) -> Option<usize> {
    let first = || text[open..].find([']', '\n']).map(|p| p + open);
    let mut quoted = false;
    let mut escaped = false;
    for (k, c) in text[open + 1..].char_indices() {
        let k = k + open + 1;
        if escaped {
            escaped = false;
            continue;
        }
        match c {
            '\n' if quoted => return first(),
            '\n' => return Some(k),
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(k),
            _ => {}
        }
    }
    if quoted { first() } else { None }
}

/// The deepest variations may be nested: deeper is refused while
/// reading, before anything more is held. Reading, writing, copying and
/// dropping are walks with their own stack at any depth (walk.rs); the
/// bound keeps a hostile file's memory near its size (a million levels
/// took 700 MB), and the analysis board begins no line deeper, so what
/// voxchess writes it reads.
pub const MAX_NESTING: usize = 10_000;

/// The most tokens one game may have (a numbered game of a million
/// plies has a million and a half).
pub(crate) const MAX_GAME_TOKENS: usize = 4_000_000;

/// Reads PGN text a token at a time, as the reader asks: the text is
/// borrowed, never copied.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// Where reading has come to, in bytes (always at a character's start).
    i: usize,
    line: usize,
    line_start: bool,
    depth: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer of `text`.
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, i: 0, line: 1, line_start: true, depth: 0 }
    }

    /// Whether all the text has been read.
    pub(crate) fn done(&self) -> bool {
        self.i >= self.text.len()
    }

    /// Where reading has come to, in bytes.
    pub(crate) fn offset(&self) -> usize {
        self.i
    }

    /// The length of the text, in bytes.
    pub(crate) fn len(&self) -> usize {
        self.text.len()
    }

    /// The line the lexer has come to.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// Whether the lexer is inside a variation.
    pub(crate) fn in_variation(&self) -> bool {
        self.depth > 0
    }

    /// Reads what comes next (blanks, a line, or one token or more) into `out`.
    pub(crate) fn next_token(&mut self, out: &mut VecDeque<(Token, usize)>) -> Result<(), LexError> {
        let (mut i, mut line) = (self.i, self.line);
        let text = self.text;
        let Some(c) = text[i..].chars().next() else { return Ok(()) };
        if c == '\n' {
            self.line += 1;
            self.line_start = true;
            self.i += 1;
            return Ok(());
        }
        if c.is_whitespace() {
            self.i += c.len_utf8();
            return Ok(());
        }
        let at_line_start = self.line_start;
        self.line_start = false;
        // The end of the line from `i`, or of the text.
        let line_end = |i: usize| text[i..].find('\n').map_or(text.len(), |p| p + i);
        match c {
            '%' if at_line_start => i = line_end(i),
            '[' => {
                let start_line = line;
                let end = tag_end(text, i);
                let Some(end) = end.filter(|e| text[*e..].starts_with(']')) else {
                    return Err(LexError { line: start_line, problem: PgnProblem::TagNotClosed });
                };
                let inner = text[i + 1..end].trim();
                let (name, rest) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
                let rest = rest.trim();
                if name.is_empty() || !rest.starts_with('"') || !rest.ends_with('"') || rest.len() < 2 {
                    return Err(LexError {
                        line: start_line,
                        problem: PgnProblem::BadTag(inner.chars().take(60).collect()),
                    });
                }
                let value = rest[1..rest.len() - 1].replace("\\\"", "\"").replace("\\\\", "\\");
                out.push_back((Token::Tag(name.to_string(), value), start_line));
                i = end + 1;
            }
            '{' => {
                let start_line = line;
                let Some(end) = text[i..].find('}').map(|p| p + i) else {
                    return Err(LexError { line: start_line, problem: PgnProblem::CommentNotClosed });
                };
                let body = &text[i + 1..end];
                line += body.matches('\n').count();
                out.push_back((Token::Comment(body.split_whitespace().collect::<Vec<_>>().join(" ")), start_line));
                i = end + 1;
            }
            ';' => {
                let end = line_end(i);
                out.push_back((Token::Comment(text[i + 1..end].trim().to_string()), line));
                i = end;
            }
            '(' if text[i..].starts_with("(=)") => {
                out.push_back((Token::DrawOffer, line));
                i += 3;
            }
            '(' => {
                if self.depth >= MAX_NESTING {
                    return Err(LexError { line, problem: PgnProblem::TooDeep(MAX_NESTING) });
                }
                self.depth += 1;
                out.push_back((Token::VariationStart, line));
                i += 1;
            }
            ')' => {
                if self.depth == 0 {
                    return Err(LexError { line, problem: PgnProblem::StrayClose });
                }
                self.depth -= 1;
                out.push_back((Token::VariationEnd, line));
                i += 1;
            }
            '}' | ']' => {
                return Err(LexError { line, problem: PgnProblem::NoOpening(c) });
            }
            '$' => {
                let digits = &text[i + 1..];
                let digits = &digits[..digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len())];
                let Ok(n) = digits.parse::<u8>() else {
                    return Err(LexError { line, problem: PgnProblem::BadNag(digits.chars().take(12).collect()) });
                };
                out.push_back((Token::Nag(n), line));
                i += 1 + digits.len();
            }
            _ => {
                let mut j = i;
                let mut word = String::new();
                while let Some(d) = text[j..].chars().next() {
                    if d.is_whitespace() || matches!(d, '{' | '}' | '[' | ']' | ';' | '$' | ')') {
                        break;
                    }
                    if d == '(' {
                        // "d8(Q)": a promotion piece in brackets belongs to the move.
                        let mut after = text[j + 1..].chars();
                        let piece = after.next().filter(|c| c.is_alphabetic());
                        if let Some(piece) = piece
                            && after.next() == Some(')')
                        {
                            let n = 2 + piece.len_utf8();
                            word.push_str(&text[j..j + n]);
                            j += n;
                            continue;
                        }
                        break;
                    }
                    word.push(d);
                    j += d.len_utf8();
                }
                i = j;
                if let Some(r) = normalize_result(&word) {
                    out.push_back((Token::Result(r.to_string()), line));
                } else {
                    split_word(&word, line, out);
                }
            }
        }
        self.i = i;
        self.line = line;
        Ok(())
    }
}
