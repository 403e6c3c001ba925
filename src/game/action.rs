//! What goes into a game: the player's, the opponent's and time's
//! actions, where each side's moves come from, and what the game waits
//! for from the player.

use super::opponent::OpponentAct;
use crate::rules::{Color, Move};
use crate::speech::{Answer, EngineQuestion, GameCommand, Question, Refusal};

/// Where a side's moves come from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Typed or said at this computer.
    Here,
    /// From elsewhere: an engine, or a server.
    Away,
}

/// What the game waits for from the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Nothing.
    Nothing,
    /// An answer to a question about moves.
    Choice(Question),
    /// Yes or no to resigning.
    Resign,
    /// An answer to a draw offer made by this side.
    DrawOffer(Color),
    /// Yes or no to the away opponent's takeback proposal.
    Takeback,
    /// Whether to go on with another opponent after the opponent failed.
    OpponentFailed,
}

/// Something the player, the opponent, or time does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move made at this computer, resolved from what the player typed
    /// or said.
    Move(Move),
    /// What the player said is not a move that can be played, and why.
    Refuse(Refusal),
    /// The resolver asks a question before a move.
    Ask(Question),
    /// An answer: yes, no, cancel, a number.
    Answer(Answer),
    /// What the player asks of the game: a takeback (an away opponent is
    /// asked first, and answers how many plies go back), a draw offer or
    /// claim, accepting or declining an offer, resigning (asked first),
    /// claiming victory or aborting (where the opponent's terms have them).
    Game(GameCommand),
    /// What the away opponent did.
    Opponent(OpponentAct),
    /// Time passed: the flag and the clock calls are checked.
    Tick,
    /// The player asks the engine about the position.
    AskEngine(EngineQuestion),
}
