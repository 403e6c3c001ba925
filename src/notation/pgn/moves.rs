//! A game's moves written as running text, read as the movetext of a PGN
//! game.

use super::reader::{PgnError, read_pgn};
use crate::notation::lang::NotationLang;
use crate::rules::{Move, Position};

/// A move text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(transparent)]
pub struct MovetextError(#[from] pub PgnError);

/// Reads a game's moves written as running text ("1. e4 e5 2. Nf3 ...") from
/// `start`, and returns them in order.
pub fn read_movetext(start: &Position, text: &str, lang: NotationLang) -> Result<Vec<Move>, MovetextError> {
    let games = read_pgn(text, lang, Some(*start))?;
    Ok(games.into_iter().next().map(|g| g.mainline()).unwrap_or_default())
}
