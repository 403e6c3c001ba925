//! Reading PGN into games; every move is checked against the rules, and an
//! error names the game, the move number, the side and the token.

use super::lexer::{Lexer, MAX_NESTING, Token};
use super::problem::PgnProblem;
use super::{PgnGame, PgnNode};
use crate::notation::lang::NotationLang;
use crate::notation::movetext::take_move;
use crate::rules::{Color, Position};
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

/// The most words a move and its marks are read from.
const MOVE_WORDS: usize = 16;

struct Parser<'a> {
    tokens: &'a [(Token, usize)],
    at: usize,
    lang: NotationLang,
    game: usize,
    players: Option<String>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(t, _)| t)
    }
    fn line(&self) -> usize {
        self.tokens.get(self.at).or(self.tokens.last()).map_or(1, |(_, l)| *l)
    }
    fn error(&self, problem: PgnProblem) -> PgnError {
        PgnError {
            game: self.game,
            players: self.players.clone(),
            line: self.line(),
            at_move: None,
            token: None,
            problem,
        }
    }

    /// Reads a line of moves from `pos` until a result, a ')' or the end.
    /// Returns the moves and any comments that had no move to stand with.
    fn line_of_moves(&mut self, start: Position, depth: usize) -> Result<(Vec<PgnNode>, Vec<String>), PgnError> {
        let mut nodes: Vec<PgnNode> = Vec::new();
        let mut before: Vec<Position> = Vec::new();
        let mut pos = start;
        let mut pending: Vec<String> = Vec::new();
        while let Some(tok) = self.peek() {
            match tok {
                Token::Tag(..) | Token::Result(_) | Token::VariationEnd => break,
                Token::MoveNumber => self.at += 1,
                Token::Comment(c) => {
                    match nodes.last_mut() {
                        Some(n) => n.comments.push(c.clone()),
                        None => pending.push(c.clone()),
                    }
                    self.at += 1;
                }
                Token::DrawOffer => {
                    match nodes.last_mut() {
                        Some(n) => n.comments.push("(=)".into()),
                        None => pending.push("(=)".into()),
                    }
                    self.at += 1;
                }
                Token::Nag(n) => {
                    let n = *n;
                    match nodes.last_mut() {
                        Some(node) => node.nags.push(n),
                        None => {
                            return Err(self.error(PgnProblem::AnnotationFirst(n)));
                        }
                    }
                    self.at += 1;
                }
                Token::VariationStart => {
                    if depth >= MAX_NESTING {
                        return Err(self.error(PgnProblem::TooDeep(MAX_NESTING)));
                    }
                    let Some(from) = before.last().copied() else {
                        return Err(self.error(PgnProblem::VariationFirst));
                    };
                    self.at += 1;
                    let (variation, loose) = self.line_of_moves(from, depth + 1)?;
                    if !loose.is_empty() {
                        return Err(self.error(PgnProblem::EmptyVariation));
                    }
                    if self.peek() != Some(&Token::VariationEnd) {
                        return Err(self.error(PgnProblem::VariationNotClosed));
                    }
                    self.at += 1;
                    if let Some(n) = nodes.last_mut() {
                        n.variations.push(variation);
                    }
                }
                Token::Word(_) => {
                    // A move is a few words: never more are looked at (so
                    // reading is linear however long the run of words).
                    let words: Vec<&str> = self.tokens[self.at..]
                        .iter()
                        .take(MOVE_WORDS)
                        .map_while(|(t, _)| match t {
                            Token::Word(w) => Some(w.as_str()),
                            _ => None,
                        })
                        .collect();
                    match take_move(&pos, &words, self.lang) {
                        Ok((m, marks, _text, used)) => {
                            let mut node = PgnNode::new(m);
                            node.comments_before = std::mem::take(&mut pending);
                            node.nags.extend(marks.nag);
                            if marks.draw_offer {
                                node.comments.push("(=)".into());
                            }
                            before.push(pos);
                            pos.play_unchecked(&m);
                            nodes.push(node);
                            self.at += used;
                        }
                        Err((e, text)) => {
                            return Err(PgnError {
                                at_move: Some((pos.fullmoves(), pos.turn())),
                                token: Some(text),
                                ..self.error(PgnProblem::Move(Box::new(e)))
                            });
                        }
                    }
                }
            }
        }
        if let Some(n) = nodes.last_mut() {
            n.comments.append(&mut pending);
        }
        Ok((nodes, pending))
    }
}

/// Reads every game of a PGN text. Games without a FEN tag start from
/// `start` (the initial position when None). The first problem stops the
/// reading and is reported with its place; nothing is skipped silently.
pub fn read_pgn(text: &str, lang: NotationLang, start: Option<Position>) -> Result<Vec<PgnGame>, PgnError> {
    pgn_games(text, lang, start).collect()
}

/// The games of a PGN text one after another, as [`read_pgn`] reads
/// them: only one game's tokens are held at a time, and a game once
/// taken is the caller's to keep or drop. After an error, nothing more.
pub fn pgn_games(text: &str, lang: NotationLang, start: Option<Position>) -> PgnGames {
    PgnGames {
        lexer: Lexer::new(text),
        lang,
        start,
        game_no: 0,
        ready: std::collections::VecDeque::new(),
        failed: false,
    }
}

/// The games of a PGN text, read as they are asked for.
pub struct PgnGames {
    lexer: Lexer,
    lang: NotationLang,
    start: Option<Position>,
    game_no: usize,
    ready: std::collections::VecDeque<PgnGame>,
    failed: bool,
}

impl Iterator for PgnGames {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() && !self.failed && !self.lexer.done() {
            let read = self
                .lexer
                .next_game()
                .map_err(|e| PgnError {
                    game: self.game_no + 1,
                    players: None,
                    line: e.line,
                    at_move: None,
                    token: None,
                    problem: e.problem,
                })
                .and_then(|tokens| {
                    let mut p = Parser { tokens: &tokens, at: 0, lang: self.lang, game: self.game_no, players: None };
                    let mut games = Vec::new();
                    let read = read_games(&mut p, self.start, &mut games, self.game_no > 0);
                    self.game_no = p.game;
                    read.map(|()| games)
                });
            match read {
                Ok(games) => self.ready.extend(games),
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            }
        }
        self.ready.pop_front().map(Ok)
    }
}

/// Reads the games of `p`'s tokens into `games`.
/// `any_before`: games were read before these tokens.
fn read_games(
    p: &mut Parser,
    start: Option<Position>,
    games: &mut Vec<PgnGame>,
    any_before: bool,
) -> Result<(), PgnError> {
    while p.at < p.tokens.len() {
        p.game += 1;
        p.players = None;
        let mut game = PgnGame::new(start.unwrap_or_default());
        while let Some(Token::Tag(name, value)) = p.peek() {
            game.tags.push((name.clone(), value.clone()));
            p.at += 1;
        }
        if let (Some(w), Some(b)) = (game.tag("White"), game.tag("Black")) {
            p.players = Some(format!("{w} - {b}"));
        }
        if let Some(fen) = game.tag("FEN") {
            game.start = Position::from_fen(fen).map_err(|e| p.error(PgnProblem::BadFen(e)))?;
        }
        let (moves, comments) = p.line_of_moves(game.start, 0)?;
        game.moves = moves;
        game.comments = comments;
        match p.peek() {
            Some(Token::Result(r)) => {
                game.result = r.clone();
                p.at += 1;
            }
            Some(Token::VariationEnd) => return Err(p.error(PgnProblem::StrayClose)),
            _ => game.result = game.tag("Result").unwrap_or("*").to_string(),
        }
        if game.tags.is_empty()
            && game.moves.is_empty()
            && game.comments.is_empty()
            && (any_before || !games.is_empty())
        {
            p.game -= 1;
            continue;
        }
        games.push(game);
    }
    Ok(())
}
