//! Reading PGN into games; every move is checked against the rules, and an
//! error names the game, the move number, the side and the token.

use super::lexer::{LexError, Lexer, MAX_GAME_TOKENS, Token};
use super::problem::PgnProblem;
use super::walk::Builder;
use super::{PgnGame, PgnNode};
use crate::notation::lang::NotationLang;
use crate::notation::movetext::take_move;
use crate::rules::{Color, Position};
use std::collections::VecDeque;
use std::fmt;

/// Where in the text a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// The game, counted from 1.
    pub game: usize,
    /// The players, if the tags name them ("Anna - Bella").
    pub players: Option<String>,
    /// The line of the text.
    pub line: usize,
    /// The move number and side, when the problem is a move.
    pub at_move: Option<(u32, Color)>,
    /// The text of the move, when the problem is a move.
    pub token: Option<String>,
    /// What is wrong.
    pub problem: PgnProblem,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(p) = &self.players {
            write!(f, " ({p})")?;
        }
        write!(f, ", line {}", self.line)?;
        if let Some((n, side)) = self.at_move {
            write!(f, ", move {n}, {side}")?;
        }
        if let Some(t) = &self.token {
            write!(f, ", '{t}'")?;
        }
        write!(f, ": {}", self.problem)
    }
}

impl std::error::Error for PgnError {}

/// A line being read: the position before its last move (a variation
/// opens there), its position, and comments waiting for a move.
#[derive(Default)]
struct LineState {
    before: Option<Position>,
    pos: Position,
    pending: Vec<String>,
}

/// The most words a move and its marks are read from.
const MOVE_WORDS: usize = 16;

/// Reads tokens as the lexer makes them: only the few looked ahead at
/// are held, so the memory is the moves read, not the text's tokens.
struct Parser<'a> {
    lexer: Lexer<'a>,
    /// Tokens made but not yet taken.
    ahead: VecDeque<(Token, usize)>,
    /// Where in the text each token ahead begins, in bytes.
    ahead_at: VecDeque<usize>,
    /// Where the token taken last begins.
    last_at: usize,
    /// The line of the last token taken.
    last_line: usize,
    /// A problem of the text met while reading ahead: it stops the reading.
    broken: Option<LexError>,
    /// Tokens taken in this game.
    taken: usize,
    lang: NotationLang,
    game: usize,
    players: Option<String>,
}

impl Parser<'_> {
    /// Makes tokens until `n` are ahead, the text ends, or a problem is
    /// met. Never past a game's result (outside any variation) that is
    /// not yet taken: a problem of the next game is that game's.
    fn fill(&mut self, n: usize) {
        while self.ahead.len() < n && self.broken.is_none() && !self.lexer.done() {
            let at_result = matches!(self.ahead.back(), Some((Token::Result(_), _)));
            if at_result && !self.lexer.in_variation() {
                break;
            }
            if self.taken + self.ahead.len() >= MAX_GAME_TOKENS {
                let problem = PgnProblem::TooLong(MAX_GAME_TOKENS);
                self.broken = Some(LexError { line: self.lexer.line(), problem });
                break;
            }
            let (had, at) = (self.ahead.len(), self.lexer.offset());
            if let Err(e) = self.lexer.next_token(&mut self.ahead) {
                self.broken = Some(e);
            }
            self.ahead_at.extend(std::iter::repeat_n(at, self.ahead.len().saturating_sub(had)));
        }
    }
    fn peek(&mut self) -> Option<&Token> {
        self.fill(1);
        self.ahead.front().map(|(t, _)| t)
    }
    /// Takes the next token.
    fn pop(&mut self) -> Option<Token> {
        self.fill(1);
        let (token, line) = self.ahead.pop_front()?;
        self.last_at = self.ahead_at.pop_front().unwrap_or(self.last_at);
        self.last_line = line;
        self.taken += 1;
        Some(token)
    }
    /// Puts back a token just taken.
    fn unpop(&mut self, token: Token) {
        self.ahead.push_front((token, self.last_line));
        self.ahead_at.push_front(self.last_at);
        self.taken -= 1;
    }
    /// Drops `n` tokens ahead.
    fn skip(&mut self, n: usize) {
        for _ in 0..n {
            if let Some((_, line)) = self.ahead.pop_front() {
                self.last_at = self.ahead_at.pop_front().unwrap_or(self.last_at);
                self.last_line = line;
                self.taken += 1;
            }
        }
    }
    /// The line of the next token, or of the last one at the end.
    fn line(&mut self) -> usize {
        self.fill(1);
        self.ahead.front().map_or(self.last_line, |(_, l)| *l)
    }
    /// A problem at the next token.
    fn error(&mut self, problem: PgnProblem) -> PgnError {
        let line = self.line();
        self.error_at(line, problem)
    }
    /// A problem at the token just taken.
    fn error_here(&self, problem: PgnProblem) -> PgnError {
        self.error_at(self.last_line, problem)
    }
    fn error_at(&self, line: usize, problem: PgnProblem) -> PgnError {
        PgnError { game: self.game, players: self.players.clone(), line, at_move: None, token: None, problem }
    }

    /// Reads a line of moves from `start` until a result, a tag or the
    /// end, with its variations nested to any depth (a stack of lines
    /// open, never a call for each level). Returns the moves and any
    /// comments that had no move to stand with.
    fn line_of_moves(&mut self, start: Position) -> Result<(Vec<PgnNode>, Vec<String>), PgnError> {
        let mut built = Builder::new();
        // A state for each line open, the main line first.
        let mut states = vec![LineState { before: None, pos: start, pending: Vec::new() }];
        while let Some(tok) = self.pop() {
            let main = states.len() == 1;
            let Some(state) = states.last_mut() else { break };
            match tok {
                Token::Tag(..) | Token::Result(_) => {
                    self.unpop(tok);
                    break;
                }
                Token::VariationEnd if main => {
                    self.unpop(tok);
                    break;
                }
                Token::VariationEnd => {
                    let mut done = states.pop().unwrap_or_default();
                    match built.current().last_mut() {
                        Some(n) => n.notes_mut().comments.append(&mut done.pending),
                        None if !done.pending.is_empty() => {
                            return Err(self.error_here(PgnProblem::EmptyVariation));
                        }
                        None => {}
                    }
                    built.close_variation();
                }
                Token::MoveNumber => {}
                Token::Comment(c) => match built.current().last_mut() {
                    Some(n) => n.notes_mut().comments.push(c),
                    None => state.pending.push(c),
                },
                Token::DrawOffer => match built.current().last_mut() {
                    Some(n) => n.notes_mut().comments.push("(=)".into()),
                    None => state.pending.push("(=)".into()),
                },
                Token::Nag(n) => match built.current().last_mut() {
                    Some(node) => node.notes_mut().nags.push(n),
                    None => return Err(self.error_here(PgnProblem::AnnotationFirst(n))),
                },
                Token::VariationStart => {
                    // A variation opens where the last move was played.
                    let Some(from) = state.before else {
                        return Err(self.error_here(PgnProblem::VariationFirst));
                    };
                    built.open_variation();
                    states.push(LineState { before: None, pos: from, pending: Vec::new() });
                }
                Token::Word(first) => {
                    let line = self.last_line;
                    // A move is a few words: never more are looked at (so
                    // reading is linear however long the run of words).
                    self.fill(MOVE_WORDS - 1);
                    let next = self.ahead.iter().take(MOVE_WORDS - 1).map_while(|(t, _)| match t {
                        Token::Word(w) => Some(w.as_str()),
                        _ => None,
                    });
                    let words: Vec<&str> = std::iter::once(first.as_str()).chain(next).collect();
                    match take_move(&state.pos, &words, self.lang) {
                        Ok((m, marks, _text, used)) => {
                            let mut node = PgnNode::new(m);
                            if !state.pending.is_empty() {
                                node.notes_mut().comments_before = std::mem::take(&mut state.pending);
                            }
                            if marks.nag.is_some() {
                                node.notes_mut().nags.extend(marks.nag);
                            }
                            if marks.draw_offer {
                                node.notes_mut().comments.push("(=)".into());
                            }
                            state.before = Some(state.pos);
                            state.pos.play_unchecked(&m);
                            built.push(node);
                            self.skip(used - 1);
                        }
                        Err((e, text)) => {
                            return Err(PgnError {
                                at_move: Some((state.pos.fullmoves(), state.pos.turn())),
                                token: Some(text),
                                ..self.error_at(line, PgnProblem::Move(Box::new(e)))
                            });
                        }
                    }
                }
            }
        }
        if states.len() > 1 {
            return Err(self.error(PgnProblem::VariationNotClosed));
        }
        let mut pending = states.pop().map(|s| s.pending).unwrap_or_default();
        if let Some(n) = built.current().last_mut()
            && !pending.is_empty()
        {
            n.notes_mut().comments.append(&mut pending);
        }
        Ok((built.finish(), pending))
    }

    /// A problem of the text as the reader's: in game `game`.
    fn text_error(&self, e: LexError, game: usize) -> PgnError {
        let players = if game == self.game { self.players.clone() } else { None };
        PgnError { game, players, line: e.line, at_move: None, token: None, problem: e.problem }
    }
}

/// Reads every game of a PGN text. Games without a FEN tag start from
/// `start` (the initial position when None). The first problem stops the
/// reading and is reported with its place; nothing is skipped silently.
pub fn read_pgn(text: &str, lang: NotationLang, start: Option<Position>) -> Result<Vec<PgnGame>, PgnError> {
    pgn_games(text, lang, start).collect()
}

/// The games of a PGN text one after another, as [`read_pgn`] reads
/// them: the text is read as the games are asked for (only a few tokens
/// ahead are held), and a game once taken is the caller's to keep or
/// drop. After an error, nothing more.
pub fn pgn_games(text: &str, lang: NotationLang, start: Option<Position>) -> PgnGames<'_> {
    PgnGames {
        parser: Parser {
            lexer: Lexer::new(text),
            ahead: VecDeque::new(),
            ahead_at: VecDeque::new(),
            last_at: 0,
            last_line: 1,
            broken: None,
            taken: 0,
            lang,
            game: 0,
            players: None,
        },
        start,
        read_any: false,
        failed: false,
    }
}

/// The games of a PGN text, read as they are asked for.
pub struct PgnGames<'a> {
    parser: Parser<'a>,
    start: Option<Position>,
    /// Whether a game was read before.
    read_any: bool,
    failed: bool,
}

impl PgnGames<'_> {
    /// Where in the text the next game begins, in bytes (the text's
    /// length at its end): a game's text runs from this offset, asked
    /// before it is read, to the one asked after.
    pub fn next_offset(&mut self) -> usize {
        let p = &mut self.parser;
        p.fill(1);
        p.ahead_at.front().copied().unwrap_or_else(|| p.lexer.len())
    }
}

impl Iterator for PgnGames<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let p = &mut self.parser;
        loop {
            if p.peek().is_none() {
                let e = p.broken.take()?;
                self.failed = true;
                return Some(Err(p.text_error(e, p.game + 1)));
            }
            p.taken = 0;
            let read = read_game(p, self.start);
            // A problem of the text found while reading ahead comes first:
            // what the reader made of the text before it may be its echo.
            if p.broken.is_some()
                && (read.is_err() || p.ahead.is_empty())
                && let Some(e) = p.broken.take()
            {
                self.failed = true;
                return Some(Err(p.text_error(e, p.game)));
            }
            match read {
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
                Ok(game) => {
                    let empty = game.tags.is_empty() && game.moves.is_empty() && game.comments.is_empty();
                    if empty && self.read_any {
                        p.game -= 1;
                        continue;
                    }
                    self.read_any = true;
                    return Some(Ok(game));
                }
            }
        }
    }
}

/// Reads the next game of `p`'s tokens.
fn read_game(p: &mut Parser<'_>, start: Option<Position>) -> Result<PgnGame, PgnError> {
    p.game += 1;
    p.players = None;
    let mut game = PgnGame::new(start.unwrap_or_default());
    while let Some(Token::Tag(..)) = p.peek() {
        if let Some(Token::Tag(name, value)) = p.pop() {
            game.tags.push((name, value));
        }
    }
    if let (Some(w), Some(b)) = (game.tag("White"), game.tag("Black")) {
        p.players = Some(format!("{w} - {b}"));
    }
    if let Some(fen) = game.tag("FEN") {
        game.start = Position::from_fen(fen).map_err(|e| p.error(PgnProblem::BadFen(e)))?;
    }
    let (moves, comments) = p.line_of_moves(game.start)?;
    game.moves = moves;
    game.comments = comments;
    match p.peek() {
        Some(Token::Result(r)) => {
            game.result = r.clone();
            p.skip(1);
        }
        Some(Token::VariationEnd) => return Err(p.error(PgnProblem::StrayClose)),
        _ => game.result = game.tag("Result").unwrap_or("*").to_string(),
    }
    Ok(game)
}
