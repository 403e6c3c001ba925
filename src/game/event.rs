//! What comes out of a game: typed events for the narrator (and for
//! saving), and the one typed reason when what the player asked for
//! changed nothing.

use super::opponent::{Failure, News, OpponentFailure};
use super::player::PlayerKind;
use crate::rules::{Color, DrawClaim, Move, Outcome, Position};
use crate::speech::{EngineQuestion, Question, Refusal};

/// Why what the player asked for changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotDone {
    /// An answer came with no question asked.
    NoQuestion,
    /// No draw can be claimed.
    NoClaim,
    /// "Accept" with no offer.
    NoOfferToAccept,
    /// "Decline" with no offer.
    NoOfferToDecline,
    /// Nothing to take back.
    NoTakeback,
    /// The opponent's terms allow no takebacks.
    NoTakebacks,
    /// The away opponent is to move: wait (what is said depends on
    /// whether it is an engine or a person).
    OpponentToMove(PlayerKind),
    /// The game is over already.
    IsOver,
    /// The game is over; only commands are taken.
    OverOnlyCommands,
    /// The player switched engine help off for this game.
    EngineHelpOff,
    /// The opponent's terms forbid engine help (a server's fair play).
    FairPlay,
    /// The opponent's terms have no such thing (chat, abort, claiming
    /// victory exist only on a server).
    NotInThisGame,
    /// Berserk is only in an arena's game.
    NotArena,
    /// Berserk is only before the player's first move.
    AlreadyMoved,
}

/// What became of a move made on the opponent's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Premove {
    /// It is kept, to be played when the opponent has moved.
    Kept,
    /// The opponent moved, and it is played.
    Played,
    /// The opponent moved, and it is not legal now: it is dropped.
    Dropped,
    /// The player dropped it (`cancel`, an empty line).
    Cancelled,
}

/// Something that happened, for the narrator (and for saving).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played from `before`.
    Moved {
        /// The position before the move.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// A premove kept, played, dropped or cancelled: the move as read
    /// in `before` (the position it was made for, or the one it is
    /// played in).
    Premove {
        /// The position the move is read in.
        before: Position,
        /// The move.
        mv: Move,
        /// What became of it.
        what: Premove,
    },
    /// What the player said was not played, with the typed reason.
    Refused(Refusal),
    /// What the player asked for changed nothing, and why.
    NotDone(NotDone),
    /// A period's move control was reached: its time is added.
    ControlReached {
        /// The side.
        side: Color,
        /// The time added (ms).
        added: u64,
    },
    /// The mover's time after their move (when they want to hear it).
    OwnTime {
        /// The side.
        side: Color,
        /// Its time left (ms).
        remaining: u64,
    },
    /// Moves left to the time control.
    ControlNear {
        /// The side.
        side: Color,
        /// How many moves.
        moves: u32,
    },
    /// A draw can be claimed now.
    Claimable(DrawClaim),
    /// A question is asked.
    Asked(Question),
    /// The question was cancelled.
    Cancelled,
    /// "Resign? Say yes or no."
    ResignAsked,
    /// The player did not resign.
    PlayOn,
    /// A draw was offered to `to`.
    DrawOffered {
        /// Who is asked.
        to: Color,
    },
    /// The draw offer was declined.
    DrawDeclined,
    /// The away opponent declines the player's draw offer.
    OpponentDeclinesDraw(PlayerKind),
    /// The player's draw offer went to the away opponent: its answer comes.
    DrawOfferSent,
    /// Moves taken back, last first; `to_move` is on move now.
    TakenBack {
        /// The positions before the moves and the moves.
        moves: Vec<(Position, Move)>,
        /// Who moves now.
        to_move: Color,
    },
    /// The player's takeback proposal went to the away opponent.
    TakebackSent,
    /// The away opponent proposes a takeback: yes or no.
    TakebackProposed,
    /// The away opponent declines the takeback.
    OpponentDeclinesTakeback,
    /// The player declined the opponent's takeback.
    TakebackDeclined,
    /// The clock calls a side's time.
    ClockCalled {
        /// The side.
        side: Color,
        /// The time called (ms).
        remaining: u64,
        /// The calls come a second apart: each is said as its number
        /// alone, so that it ends before the next is due.
        countdown: bool,
    },
    /// A flag fell.
    Flag {
        /// Whose.
        side: Color,
    },
    /// The game ended.
    GameOver(Outcome),
    /// The opponent's side called the game off: it ends without a result.
    Aborted,
    /// The away opponent left the game.
    OpponentLeft {
        /// When the win may be claimed (ms from now), if its side says.
        claim_in: Option<u64>,
    },
    /// The away opponent came back.
    OpponentReturned,
    /// The away opponent failed; the player is asked whether to go on.
    OpponentFailed {
        /// What went wrong.
        error: OpponentFailure,
    },
    /// The player wants to go on: the front end replaces the opponent
    /// (its successor joins with [`OpponentAct::Joined`]).
    ReplaceOpponent,
    /// Another opponent plays on.
    PlayingOnWith {
        /// Its name.
        name: String,
    },
    /// The player chose not to go on; the game is kept.
    GameKept,
    /// The game changed and should be saved.
    Changed,
    /// The engine may be asked: the front end runs it on the position in
    /// view and says the answer.
    EngineWanted(EngineQuestion),
    /// The away opponent must hear this (the front end tells it).
    Tell(News),
    /// The claim of the win, or the abort, was sent to the opponent's
    /// side, which answers by ending the game or not.
    Sent,
    /// The connection to the server was lost (said once).
    ConnectionLost,
    /// The connection is back.
    ConnectionBack,
    /// The server refused the player's move; its reason, as it gave it.
    ServerRefused {
        /// The server's words.
        reason: String,
    },
    /// The player's move `mv` (from `before`) did not reach the server
    /// and is taken back.
    MoveNotSent {
        /// The position before the move.
        before: Position,
        /// The move.
        mv: Move,
        /// Why.
        why: Failure,
    },
    /// Another window took the game over; this one no longer follows it.
    OpenedElsewhere,
    /// The opponent's side took what the player asked (giving time,
    /// berserk).
    RequestTaken(News),
    /// The player's last move `mv` (from `before`) is not yet answered by
    /// the server: it waits.
    MoveUnanswered {
        /// The position before the move.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// What the player asked of the opponent's side did not go through
    /// (see [`super::OpponentAct::RequestFailed`]): the game goes on.
    RequestFailed {
        /// What was asked.
        request: News,
        /// Why.
        failure: Failure,
    },
}
