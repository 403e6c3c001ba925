//! Who plays a side: a person at this computer, an engine, or a person
//! on a server with their account's name, rating and title.

/// A person's account on a server, as the game names them.
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Account {
    /// The name shown on the server (outside control characters removed).
    pub name: String,
    /// The rating, when the server gives one.
    pub rating: Option<u32>,
    /// The title (GM, IM, FM, ...), when the account has one.
    pub title: Option<String>,
    /// lichess's AI at this level (then `name` is its English name, for
    /// the game's PGN; it is said in the session's language).
    #[serde(default)]
    pub ai_level: Option<u8>,
}

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Player {
    /// A person at this computer.
    Human(String),
    /// An engine, by name.
    Engine(String),
    /// A person playing on a server.
    Online(Account),
}

/// What kind of player a side is: what is said about them depends on it
/// ("the engine is thinking", "it is your opponent's move").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A person, here or on a server.
    Person,
    /// An engine.
    Engine,
}

impl Player {
    /// The name for the tags.
    pub fn name(&self) -> &str {
        match self {
            Player::Human(n) | Player::Engine(n) => n,
            Player::Online(a) => &a.name,
        }
    }

    /// A person or an engine.
    pub fn kind(&self) -> PlayerKind {
        match self {
            Player::Engine(_) => PlayerKind::Engine,
            Player::Human(_) | Player::Online(_) => PlayerKind::Person,
        }
    }

    /// The rating, for a player on a server that gives one.
    pub fn rating(&self) -> Option<u32> {
        match self {
            Player::Online(a) => a.rating,
            _ => None,
        }
    }
}
