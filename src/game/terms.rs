//! What an opponent allows: its terms, declared by the opponent and
//! enforced by the game. The game never asks what kind of opponent it
//! has; it reads these.

/// Who keeps something authoritative: the clock, or the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeper {
    /// This computer: its clock decides a flag, its rules end the game.
    Here,
    /// The opponent's side (a server): its times are set on ours, and
    /// only its word ends the game (on time, by resignation, agreement,
    /// mate or anything else); what the player asks is sent, not done.
    Opponent,
}

/// What the opponent allows in a game: who keeps the clock, whether the
/// engine may be asked, takebacks, chat, calling the game off and
/// claiming victory when the opponent has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Who keeps the clock.
    pub clock: Keeper,
    /// Who decides that the game is over, and how.
    pub result: Keeper,
    /// Whether the engine may be asked about the position (a server's
    /// fair-play rules forbid it).
    pub engine_help: bool,
    /// Whether a takeback may be asked for.
    pub takebacks: bool,
    /// Whether chat lines can be sent.
    pub chat: bool,
    /// Whether the game can be called off before it counts.
    pub abort: bool,
    /// Whether the win can be claimed once the opponent has left.
    pub claim_victory: bool,
    /// Whether the opponent can be given time.
    pub give_time: bool,
    /// Whether the player may go berserk (an arena's game on a server:
    /// half the clock for an extra point on a win), before their first
    /// move.
    pub berserk: bool,
}

impl Terms {
    /// A game at this computer: a second person here, or an engine.
    pub const OFFLINE: Terms = Terms {
        clock: Keeper::Here,
        result: Keeper::Here,
        engine_help: true,
        takebacks: true,
        chat: false,
        abort: false,
        claim_victory: false,
        give_time: false,
        berserk: false,
    };

    /// A game on a server (lichess's Board API): the server keeps the
    /// clock, fair play forbids engine help; takebacks are proposed,
    /// chat, abort and claiming victory exist.
    pub const SERVER: Terms = Terms {
        clock: Keeper::Opponent,
        result: Keeper::Opponent,
        engine_help: false,
        takebacks: true,
        chat: true,
        abort: true,
        claim_victory: true,
        give_time: true,
        berserk: false,
    };
}

impl Default for Terms {
    fn default() -> Self {
        Terms::OFFLINE
    }
}
