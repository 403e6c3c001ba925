//! What a line of input means, as typed values: the resolver's one
//! intent (a move, a question, a refusal, a command or an answer), the
//! question and refusal it carries, the answers, the channel a line came
//! on, and when a heard move is confirmed. The game core takes these; the
//! resolver makes them.

use super::command::{Command, CommandError};
use crate::rules::{IllegalReason, Move, Position, Role};

/// When to ask before playing a heard move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Confirm {
    /// Always repeat the move and wait for yes.
    Always,
    /// When another legal move is one likely mishearing away (the default).
    #[default]
    Unsure,
    /// Never for a move that fits exactly; sound-alikes are still asked about.
    Never,
}

crate::names::named_enum!(Confirm, UnknownConfirm, "confirmation", name, {
    Always => "always",
    Unsure => "unsure",
    Never => "never",
});

/// An answer to a question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Yes.
    Yes,
    /// No.
    No,
    /// Cancel.
    Cancel,
    /// A number ("two").
    Number(u32),
    /// A kind of piece (for a promotion).
    Piece(Role),
}

/// The answer in words ("yes", "number 2", "piece knight"), for
/// `voxchess parse`.
impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Yes => f.write_str("yes"),
            Answer::No => f.write_str("no"),
            Answer::Cancel => f.write_str("cancel"),
            Answer::Number(n) => write!(f, "number {n}"),
            Answer::Piece(r) => write!(f, "piece {}", format!("{r:?}").to_lowercase()),
        }
    }
}

/// A question to the player, with the moves it chooses between. It holds
/// typed values only: its words are made where every sentence is made
/// ([`super::say_question`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The position the moves would be played in.
    pub position: Position,
    /// The moves, in the numbered order.
    pub choices: Vec<Move>,
    /// Why what was said is not possible, when the question offers
    /// other moves ("No bishop can reach b4. Did you mean bishop d4?").
    pub reason: Option<IllegalReason>,
    /// What is asked.
    pub kind: QuestionKind,
}

/// What a question asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QuestionKind {
    /// Which move (one to confirm, or several by number).
    Moves,
    /// Which piece the pawn becomes.
    Promotion,
}

impl Question {
    /// A question about moves: one to confirm, or several by number.
    pub fn moves(position: Position, choices: Vec<Move>) -> Question {
        Question { position, choices, reason: None, kind: QuestionKind::Moves }
    }
}

/// Where a line of input came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Channel {
    /// Typed on a keyboard or Braille keyboard, or read from a script:
    /// read literally.
    #[default]
    Typed,
    /// A speech recognizer's transcript: homophones are understood, and
    /// anything that fits only by sound is asked about.
    Heard,
}

/// Why nothing was done with the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No legal move fits what was said, for this reason.
    Illegal(IllegalReason),
    /// The words are not understood.
    NotUnderstood(String),
    /// Nothing was said.
    NothingHeard,
    /// Too many moves fit vague words.
    TooMany(usize),
    /// A command without its argument.
    Command(CommandError),
    /// Longer than a line may be (more than [`MAX_TEXT_CHARS`]).
    TooLong,
}

/// The most characters of a line the resolver reads: a move or a command
/// is far shorter, and a longer line is refused at once, so reading takes
/// the same time whatever comes.
pub(crate) const MAX_TEXT_CHARS: usize = 200;

/// What the player meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play this move.
    Move(Move),
    /// Ask first.
    Ask(Question),
    /// Nothing is done, for this reason.
    Refuse(Refusal),
    /// A command.
    Command(Command),
    /// An answer (yes, no, a number, a piece).
    Answer(Answer),
}
