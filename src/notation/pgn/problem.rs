//! What can be wrong in a PGN text, typed: the words layer says it in
//! the session's language; `Display` is the English of the command line's
//! tools and of logs.

use crate::notation::read::ReadMoveError;
use crate::rules::FenError;

/// What is wrong at one place of a PGN text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnProblem {
    /// A game of more tokens than are read (the limit).
    #[error("a game longer than {0} moves, numbers and comments is not read")]
    TooLong(usize),
    /// A tag '[' without its ']' on the line.
    #[error("a tag '[' is not closed by ']' on its line")]
    TagNotClosed,
    /// A tag not of the form `[Name "value"]` (its text).
    #[error("the tag [{0}] is not of the form [Name \"value\"]")]
    BadTag(String),
    /// A comment '{' never closed.
    #[error("a comment '{{' is never closed by '}}'")]
    CommentNotClosed,
    /// Variations nested deeper than the limit.
    #[error("variations are nested more than {0} deep")]
    TooDeep(usize),
    /// A ')' that closes no variation.
    #[error("a ')' closes no variation")]
    StrayClose,
    /// A closing '}' or ']' without its opening bracket.
    #[error("a '{0}' stands without its opening bracket")]
    NoOpening(char),
    /// A NAG out of range (the digits after '$').
    #[error("'${0}' is not a NAG from $0 to $255")]
    BadNag(String),
    /// An annotation before any move.
    #[error("the annotation ${0} stands before any move")]
    AnnotationFirst(u8),
    /// A variation before any move.
    #[error("a variation '(' stands before any move")]
    VariationFirst,
    /// A variation with comments and no move.
    #[error("a variation has comments but no moves")]
    EmptyVariation,
    /// A variation never closed.
    #[error("a variation '(' is never closed by ')'")]
    VariationNotClosed,
    /// A move that cannot be played (the token is in the error's place).
    #[error("{}", move_message(.0))]
    Move(Box<ReadMoveError>),
    /// The FEN tag cannot be read.
    #[error("the FEN tag is wrong: {0}")]
    BadFen(FenError),
}

/// A move's problem in English: the rule's reason for an illegal move.
fn move_message(e: &ReadMoveError) -> String {
    match e {
        ReadMoveError::Illegal { reason, .. } => reason.to_string(),
        other => other.to_string(),
    }
}
