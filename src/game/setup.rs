//! How a game starts: the one description every way of starting one fills
//! (a new game here, a game from a PGN, a saved game continued, a game
//! joined on a server), handed to [`Game::new`](super::Game::new).

use super::action::Seat;
use super::player::Player;
use super::terms::Terms;
use crate::clock::{ChessClock, Controls, Schedule};
use crate::rules::{Color, Move, Position};

/// How a game starts.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The start position.
    pub start: Position,
    /// Moves already played.
    pub moves: Vec<Move>,
    /// White's and Black's players. A person here with no name yet
    /// (`Player::Human("")`) is named by the front in the player's
    /// language.
    pub players: [Player; 2],
    /// Where each side's moves come from.
    pub seats: [Seat; 2],
    /// The player's colour; None when two people play here.
    pub me: Option<Color>,
    /// The time control, if the game is timed.
    pub controls: Option<Controls>,
    /// A saved clock to continue.
    pub clock: Option<ChessClock>,
    /// When the clock calls the time.
    pub schedule: Schedule,
    /// Whether the player wants the engine to be asked about the
    /// positions (the opponent's terms may forbid it all the same).
    pub engine_help: bool,
    /// What the opponent allows.
    pub terms: Terms,
    /// The date of a game that is continued (a saved game); None: a new
    /// game, dated today.
    pub date: Option<String>,
    /// The game's address on a server, for the score's Site tag.
    pub site: Option<String>,
    /// The score's Event tag as the server names the game ("Rated Rapid
    /// game"); None: "voxchess game".
    pub event: Option<String>,
    /// The mover's time left after each of `moves`, where known (a saved
    /// game continued).
    pub move_clocks: Vec<Option<u64>>,
}

impl GameSetup {
    /// Two people at this computer from `start` after `moves`, untimed,
    /// neither named yet.
    pub fn new(start: Position, moves: Vec<Move>) -> GameSetup {
        GameSetup {
            start,
            moves,
            players: [Player::Human(String::new()), Player::Human(String::new())],
            seats: [Seat::Here, Seat::Here],
            me: None,
            controls: None,
            clock: None,
            schedule: Schedule::default(),
            engine_help: true,
            terms: Terms::OFFLINE,
            date: None,
            site: None,
            event: None,
            move_clocks: Vec::new(),
        }
    }

    /// The player plays `me` here (`own` names them); `opponent` plays the
    /// other side from elsewhere, on its `terms`.
    pub fn against(mut self, me: Color, own: Player, opponent: Player, terms: Terms) -> GameSetup {
        self.me = Some(me);
        self.players[me.index()] = own;
        self.players[(!me).index()] = opponent;
        self.seats[me.index()] = Seat::Here;
        self.seats[(!me).index()] = Seat::Away;
        self.terms = terms;
        self
    }

    /// The opponent's side, when one plays from elsewhere.
    pub fn away(&self) -> Option<Color> {
        self.me.filter(|me| self.seats[(!*me).index()] == Seat::Away).map(|me| !me)
    }
}
