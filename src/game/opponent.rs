//! Whoever plays the other side from elsewhere: an engine, or a player on
//! a server. Each declares its [`Terms`]; the game enforces them. The opponent acts on its own: everything it does (a
//! move, with the clock times when its side keeps the clock; offering or
//! answering a draw; proposing or answering a takeback; resigning;
//! leaving and coming back; the end of the game as its side states it)
//! reaches the game as a typed [`OpponentAct`], pushed at any time through
//! the session's message channel ([`Acts`]). The game tells it what
//! happened here as [`News`]. A second person at this computer needs no
//! opponent object: their moves are typed here ([`super::Seat::Here`]).

use super::terms::Terms;
use crate::engine::{Engine, EngineError};
use crate::rules::{Color, History, Move, Outcome};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Why an opponent could not move: typed, so the narrator says it in the
/// player's language (never an engine's or a library's English text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentFailure {
    /// It could not be started.
    NotStarted,
    /// It did not answer within this many seconds.
    NoAnswer(u64),
    /// It stopped, or said something that makes no sense.
    Stopped,
    /// It answered with a move that is not legal here (as it wrote it,
    /// outside control characters removed by the output filter).
    IllegalMove(String),
    /// It found no move to play.
    NoMove,
}

impl From<&EngineError> for OpponentFailure {
    fn from(e: &EngineError) -> Self {
        match e {
            EngineError::Spawn(..) => Self::NotStarted,
            EngineError::Timeout(s) => Self::NoAnswer(*s),
            EngineError::Broken(_) => Self::Stopped,
            EngineError::IllegalMove(m) => Self::IllegalMove(m.chars().take(12).collect()),
            EngineError::NoMove => Self::NoMove,
        }
    }
}

/// How the opponent's side ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// With a result (a flag its side keeps, adjudication, a claim).
    Result(Outcome),
    /// Called off before it counted (lichess's abort): no result.
    Aborted,
}

/// Something the opponent did, on its own or in answer to [`News`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentAct {
    /// A move; with White's and Black's time left (ms) when the
    /// opponent's side keeps the clock (a server), None when ours does.
    Move {
        /// The move.
        mv: Move,
        /// The authoritative clock times, if any.
        clocks: Option<[u64; 2]>,
    },
    /// It offers a draw.
    OfferDraw,
    /// Its answer to the player's draw offer.
    AnswerDraw {
        /// Accepted.
        accept: bool,
    },
    /// It proposes taking back moves.
    ProposeTakeback,
    /// Its side took back this many plies: its yes to the player's
    /// proposal, or what it did after the player accepted its own.
    TakeBack {
        /// How many plies go back.
        plies: usize,
    },
    /// It declines the player's takeback proposal.
    DeclineTakeback,
    /// It resigns.
    Resign,
    /// It left the game; victory may be claimed after this long (ms), if
    /// its side says so.
    Left {
        /// When the player may claim the win (ms from now).
        claim_in: Option<u64>,
    },
    /// It came back.
    Returned,
    /// Its side ended the game.
    Ended(Ending),
    /// It could not go on (an engine crashed).
    Failed(OpponentFailure),
    /// Another opponent took over after a failure, by name.
    Joined {
        /// Its name, as said.
        name: String,
    },
    /// White's and Black's time left (ms), as the server that keeps the
    /// clock says after any move.
    Clocks([u64; 2]),
    /// A chat line from the opponent's side.
    Chat {
        /// Who wrote it.
        from: String,
        /// What.
        text: String,
    },
    /// Another window (another program of the player's) took the game
    /// over: this one no longer follows it.
    OpenedElsewhere,
    /// The connection to the opponent's side was lost, or is back.
    Connection {
        /// Back.
        up: bool,
    },
    /// Its side refused the player's move, with its reason (the position
    /// comes from its side's next state).
    Refused {
        /// The reason as given.
        reason: String,
    },
    /// The player's move did not reach the opponent's side: it is taken
    /// back here, and why is said.
    NotSent {
        /// Why.
        why: Failure,
    },
    /// The opponent's side took what the player asked (giving time,
    /// berserk: what its stream shows only as a clock).
    Taken(News),
    /// The player's move has not been answered by its side for a moment:
    /// it waits (taken, or [`OpponentAct::NotSent`], follows).
    Unanswered(Move),
    /// What the player asked (anything but a move) did not go through.
    /// Nothing changes here.
    RequestFailed {
        /// What was asked.
        request: News,
        /// Why.
        failure: Failure,
    },
}

/// Why something the player did did not reach, or was not taken by, the
/// opponent's side (a server).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Its side refused it, with its reason as given (possibly empty).
    Refused(String),
    /// No connection: nothing reached its side.
    NoConnection,
    /// Its side asked to wait (lichess's 429): not taken.
    AskedToWait,
    /// Its side answered with an error of its own.
    ServerError,
}

/// What the game tells the opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// It is the opponent's move: think within about this long.
    YourMove {
        /// How long it may think.
        think: Duration,
    },
    /// The player played this move (a server posts it).
    Played(Move),
    /// The player offers a draw.
    DrawOffered,
    /// The player's answer to the opponent's draw offer.
    DrawAnswered {
        /// Accepted.
        accept: bool,
    },
    /// The player proposes a takeback.
    TakebackProposed,
    /// The player's answer to the opponent's takeback proposal.
    TakebackAnswered {
        /// Accepted.
        accept: bool,
    },
    /// The player resigned.
    Resigned,
    /// The player claims the win after the opponent left.
    ClaimVictory,
    /// The player claims a draw (a repetition, fifty moves) where the
    /// opponent's side decides it.
    ClaimDraw,
    /// The player calls the game off before it counts.
    Abort,
    /// The player's chat line.
    Chat(String),
    /// The player gives the opponent time (lichess's +15 seconds).
    GiveTime,
    /// The player goes berserk (an arena's game: half the clock).
    Berserk,
}

/// Where an opponent's acts go: the session's message channel.
pub type Acts = Arc<dyn Fn(OpponentAct) + Send + Sync>;

/// A side played from elsewhere.
pub trait Opponent: Send {
    /// A name for the score and the announcements.
    fn name(&self) -> String;
    /// What this opponent allows (who keeps the clock, engine help,
    /// takebacks, chat, abort, claiming victory): the game enforces it.
    fn terms(&self) -> Terms {
        Terms::OFFLINE
    }
    /// The built-in engine's level, when that is the opponent: its name is
    /// then said in the session's language.
    fn builtin_level(&self) -> Option<u8> {
        None
    }
    /// News from the game, with the game so far. It never blocks: the
    /// opponent answers, now or later, through its [`Acts`].
    fn hear(&mut self, history: &History, news: News);
}

/// An engine (UCI or the built-in one) as an opponent: it thinks on a
/// thread of its own, accepts a draw only in a position that cannot be
/// won, and takes back the player's move with its own reply.
pub struct EngineOpponent {
    engine: Arc<Mutex<Box<dyn Engine>>>,
    name: String,
    level: Option<u8>,
    /// The engine's side.
    side: Color,
    acts: Acts,
}

impl EngineOpponent {
    /// An engine playing `side`, acting through `acts`.
    pub fn new(engine: Box<dyn Engine>, side: Color, acts: Acts) -> EngineOpponent {
        let (name, level) = (engine.name(), engine.builtin_level());
        EngineOpponent { engine: Arc::new(Mutex::new(engine)), name, level, side, acts }
    }

    /// The engine's answer to a draw offer: yes only when the position
    /// cannot be won (dead, or a draw can be claimed).
    fn accepts_draw(history: &History) -> bool {
        history.current().is_dead_position() || history.claimable_draw().is_some()
    }

    /// How many plies a takeback removes: the player's last move, and the
    /// engine's reply to it when there is one.
    fn takeback_plies(&self, history: &History) -> usize {
        if history.current().turn() != self.side && history.moves().len() >= 2 { 2 } else { 1 }
    }
}

impl Opponent for EngineOpponent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn builtin_level(&self) -> Option<u8> {
        self.level
    }

    fn hear(&mut self, history: &History, news: News) {
        let acts = self.acts.clone();
        match news {
            News::YourMove { think } => {
                let (engine, history) = (self.engine.clone(), history.clone());
                let spawned = std::thread::Builder::new().name("engine-move".into()).spawn(move || {
                    let result = match engine.lock() {
                        Ok(mut e) => e.best_move(&history, think).map_err(|e| OpponentFailure::from(&e)),
                        Err(_) => Err(OpponentFailure::Stopped),
                    };
                    acts(match result {
                        Ok(mv) => OpponentAct::Move { mv, clocks: None },
                        Err(f) => OpponentAct::Failed(f),
                    });
                });
                if spawned.is_err() {
                    (self.acts)(OpponentAct::Failed(OpponentFailure::NotStarted));
                }
            }
            News::DrawOffered => acts(OpponentAct::AnswerDraw { accept: Self::accepts_draw(history) }),
            News::TakebackProposed => acts(OpponentAct::TakeBack { plies: self.takeback_plies(history) }),
            // An engine proposes nothing, so it is never answered; the
            // player's move and resignation need no reply.
            News::Played(_)
            | News::DrawAnswered { .. }
            | News::TakebackAnswered { .. }
            | News::Resigned
            | News::ClaimVictory
            | News::ClaimDraw
            | News::Abort
            | News::GiveTime
            | News::Berserk
            | News::Chat(_) => {}
        }
    }
}
