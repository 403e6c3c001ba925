//! Splits PGN text (or any game text, like the appendices' example games)
//! into tokens: tags, move numbers, move words, comments, NAGs, variations,
//! results.

use super::problem::PgnProblem;

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
fn split_word(word: &str, line: usize, out: &mut Vec<(Token, usize)>) {
    let chars: Vec<char> = word.chars().collect();
    // Leading move number: digits then one or more dots.
    let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
    let dots = chars[digits..].iter().take_while(|c| **c == '.' || **c == '…').count();
    let mut start = 0;
    if digits > 0 && dots > 0 {
        out.push((Token::MoveNumber, line));
        start = digits + dots;
    } else if digits == chars.len() && !word.starts_with('0') {
        out.push((Token::MoveNumber, line));
        return;
    }
    let mut piece = String::new();
    let mut i = start;
    while i < chars.len() {
        let c = chars[i];
        piece.push(c);
        let after_mark = matches!(c, '+' | '#');
        if after_mark && chars.get(i + 1).is_some_and(|n| n.is_alphabetic()) {
            out.push((Token::Word(std::mem::take(&mut piece)), line));
        }
        i += 1;
    }
    if !piece.is_empty() && !piece.chars().all(|c| c == '.') {
        out.push((Token::Word(piece), line));
    }
}

/// Where a tag that opens at `open` ends: its `]` outside the quoted value
/// (a value may hold `]`, and `\"` inside it), or the end of its line. A
/// value whose quote is never closed ends at the line's first `]` (and is
/// then refused as not of the form).
fn tag_end(chars: &[char], open: usize) -> Option<usize> {
    let first = || chars[open..].iter().position(|c| *c == ']' || *c == '\n').map(|p| p + open);
    let mut quoted = false;
    let mut k = open + 1;
    while k < chars.len() {
        match chars[k] {
            '\n' if quoted => return first(),
            '\n' => return Some(k),
            '\\' if quoted => k += 1,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(k),
            _ => {}
        }
        k += 1;
    }
    if quoted { first() } else { None }
}

/// The deepest variations may be nested; deeper is refused while
/// reading, before anything more is held.
pub(crate) const MAX_NESTING: usize = 100;

/// The most tokens one game may have (a numbered game of a million
/// plies has a million and a half).
pub(crate) const MAX_GAME_TOKENS: usize = 4_000_000;

/// Reads PGN text a game at a time: the tokens held are one game's.
pub(crate) struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    line_start: bool,
    depth: usize,
}

impl Lexer {
    /// A lexer of `text`.
    pub(crate) fn new(text: &str) -> Lexer {
        Lexer { chars: text.chars().collect(), i: 0, line: 1, line_start: true, depth: 0 }
    }

    /// Whether all the text has been read.
    pub(crate) fn done(&self) -> bool {
        self.i >= self.chars.len()
    }

    /// The tokens up to and including the next result outside any
    /// variation (the end of a game), or to the end of the text.
    pub(crate) fn next_game(&mut self) -> Result<Vec<(Token, usize)>, LexError> {
        let mut out = Vec::new();
        while !self.done() {
            let before = out.len();
            if before >= MAX_GAME_TOKENS {
                return Err(LexError { line: self.line, problem: PgnProblem::TooLong(MAX_GAME_TOKENS) });
            }
            self.next_token(&mut out)?;
            if out[before..].iter().any(|(t, _)| matches!(t, Token::Result(_))) && self.depth == 0 {
                break;
            }
        }
        Ok(out)
    }

    /// Reads what comes next (blanks, a line, or one token or more) into `out`.
    fn next_token(&mut self, out: &mut Vec<(Token, usize)>) -> Result<(), LexError> {
        let (mut i, mut line) = (self.i, self.line);
        let c = self.chars[i];
        if c == '\n' {
            self.line += 1;
            self.line_start = true;
            self.i += 1;
            return Ok(());
        }
        if c.is_whitespace() {
            self.i += 1;
            return Ok(());
        }
        let at_line_start = self.line_start;
        self.line_start = false;
        let chars = &self.chars;
        match c {
            '%' if at_line_start => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '[' => {
                let start_line = line;
                let end = tag_end(chars, i);
                let Some(end) = end.filter(|e| chars[*e] == ']') else {
                    return Err(LexError { line: start_line, problem: PgnProblem::TagNotClosed });
                };
                let inner: String = chars[i + 1..end].iter().collect();
                let inner = inner.trim();
                let (name, rest) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
                let rest = rest.trim();
                if name.is_empty() || !rest.starts_with('"') || !rest.ends_with('"') || rest.len() < 2 {
                    return Err(LexError {
                        line: start_line,
                        problem: PgnProblem::BadTag(inner.chars().take(60).collect()),
                    });
                }
                let value = rest[1..rest.len() - 1].replace("\\\"", "\"").replace("\\\\", "\\");
                out.push((Token::Tag(name.to_string(), value), start_line));
                i = end + 1;
            }
            '{' => {
                let start_line = line;
                let Some(end) = chars[i..].iter().position(|c| *c == '}').map(|p| p + i) else {
                    return Err(LexError { line: start_line, problem: PgnProblem::CommentNotClosed });
                };
                let body: String = chars[i + 1..end].iter().collect();
                line += body.matches('\n').count();
                out.push((Token::Comment(body.split_whitespace().collect::<Vec<_>>().join(" ")), start_line));
                i = end + 1;
            }
            ';' => {
                let end = chars[i..].iter().position(|c| *c == '\n').map_or(chars.len(), |p| p + i);
                let body: String = chars[i + 1..end].iter().collect();
                out.push((Token::Comment(body.trim().to_string()), line));
                i = end;
            }
            '(' if chars.get(i + 1) == Some(&'=') && chars.get(i + 2) == Some(&')') => {
                out.push((Token::DrawOffer, line));
                i += 3;
            }
            '(' => {
                if self.depth >= MAX_NESTING {
                    return Err(LexError { line, problem: PgnProblem::TooDeep(MAX_NESTING) });
                }
                self.depth += 1;
                out.push((Token::VariationStart, line));
                i += 1;
            }
            ')' => {
                if self.depth == 0 {
                    return Err(LexError { line, problem: PgnProblem::StrayClose });
                }
                self.depth -= 1;
                out.push((Token::VariationEnd, line));
                i += 1;
            }
            '}' | ']' => {
                return Err(LexError { line, problem: PgnProblem::NoOpening(c) });
            }
            '$' => {
                let digits: String = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).collect();
                let Ok(n) = digits.parse::<u8>() else {
                    return Err(LexError { line, problem: PgnProblem::BadNag(digits.chars().take(12).collect()) });
                };
                out.push((Token::Nag(n), line));
                i += 1 + digits.len();
            }
            _ => {
                let mut j = i;
                let mut word = String::new();
                while j < chars.len() {
                    let d = chars[j];
                    if d.is_whitespace() || matches!(d, '{' | '}' | '[' | ']' | ';' | '$' | ')') {
                        break;
                    }
                    if d == '(' {
                        // "d8(Q)": a promotion piece in brackets belongs to the move.
                        let close =
                            chars.get(j + 2) == Some(&')') && chars.get(j + 1).is_some_and(|c| c.is_alphabetic());
                        if close {
                            word.extend(&chars[j..j + 3]);
                            j += 3;
                            continue;
                        }
                        break;
                    }
                    word.push(d);
                    j += 1;
                }
                i = j;
                if let Some(r) = normalize_result(&word) {
                    out.push((Token::Result(r.to_string()), line));
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
