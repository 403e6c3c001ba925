//! Looking a position up in lichess's opening explorer or its endgame
//! tablebase: what is asked, the answer, and why there is none, typed
//! for the front end; [`look_up`] asks once (the caller keeps the
//! answers and asks one at a time).

use super::api::{ApiError, Client};
use super::explorer::{Database, Explored, Filters, explore};
use super::tablebase::{ProbeError, Probed, probe};
use crate::rules::Position;

/// What is looked up about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lookup {
    /// The opening explorer: the masters' games, or lichess's.
    Explorer(Database),
    /// The endgame tablebase.
    Tablebase,
}

/// Why a lookup has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// The explorer needs the lichess token, and there is none.
    #[error("the opening explorer needs a lichess login")]
    NoToken,
    /// More pieces than the tablebase knows.
    #[error("the tablebase knows positions of up to 7 pieces; this one has {0}")]
    TooManyPieces(u32),
    /// The server did not answer, or refused.
    #[error("{0}")]
    Api(#[from] ApiError),
}

/// A lookup's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The explorer's.
    Explored(Explored),
    /// The tablebase's.
    Probed(Probed),
}

/// A lookup answered, about the position it was asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Looked {
    /// What was looked up.
    pub lookup: Lookup,
    /// The position asked about.
    pub position: Position,
    /// The answer, or why there is none.
    pub answer: Result<Answer, LookupError>,
}

/// Where lookups go: the servers, the token (for the explorer only) and
/// the lichess database's filters.
#[derive(Clone, Debug, Default)]
pub struct Servers {
    /// The explorer's address.
    pub explorer: String,
    /// The tablebase's address.
    pub tablebase: String,
    /// The lichess token, if logged in.
    pub token: Option<String>,
    /// The lichess database's filters.
    pub filters: Filters,
}

/// Why a lookup cannot be sent at all (no request is made), if so.
pub fn unsendable(lookup: Lookup, pos: &Position, servers: &Servers) -> Option<LookupError> {
    match lookup {
        Lookup::Explorer(_) if servers.token.is_none() => Some(LookupError::NoToken),
        Lookup::Tablebase if super::tablebase::pieces(pos) > super::tablebase::MAX_PIECES => {
            Some(LookupError::TooManyPieces(super::tablebase::pieces(pos)))
        }
        _ => None,
    }
}

/// Asks once (blocking, within the client's limits).
pub fn look_up(lookup: Lookup, pos: &Position, servers: &Servers) -> Looked {
    let answer = match unsendable(lookup, pos, servers) {
        Some(e) => Err(e),
        None => match lookup {
            Lookup::Explorer(db) => {
                let client = Client::new(&servers.explorer, servers.token.as_deref().unwrap_or_default());
                explore(&client, db, pos, &servers.filters).map(Answer::Explored).map_err(LookupError::from)
            }
            Lookup::Tablebase => {
                // The tablebase needs no login: the token is never sent there.
                let client = Client::new(&servers.tablebase, "");
                probe(&client, pos).map(Answer::Probed).map_err(|e| match e {
                    ProbeError::TooManyPieces(n) => LookupError::TooManyPieces(n),
                    ProbeError::Api(e) => LookupError::Api(e),
                })
            }
        },
    };
    Looked { lookup, position: *pos, answer }
}
