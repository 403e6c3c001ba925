//! The explorer's and the tablebase's answers for a session: asked one
//! at a time on a thread of their own (the answer comes back as
//! `Msg::Looked`, so the study goes on meanwhile; "Asking the
//! tablebase…" first when it takes more than a moment), kept for the session
//! (the same position asked again is answered at once, with no
//! request), and what cannot be sent (no token, too many pieces)
//! answered at once.
//!
//! May use: the base types and every layer below the front end.

use super::input::{Asked, Msg};
use crate::config::Settings;
use crate::online::explorer::Filters;
use crate::online::lookup::{Looked, Lookup, Servers, look_up, unsendable};
use crate::rules::Position;
use std::collections::{HashMap, VecDeque};
use std::sync::mpsc::Sender;

/// The lookups of a session.
pub(crate) struct Lookups {
    tx: Sender<Msg>,
    servers: Servers,
    /// Answers kept, by what was asked and the position's FEN.
    kept: HashMap<(Lookup, String), Looked>,
    /// Asked while another was being answered.
    waiting: VecDeque<(Lookup, Position)>,
    /// The one being answered, by what was asked and the FEN.
    asking: Option<(Lookup, String)>,
}

impl Lookups {
    /// Lookups whose answers come to `tx`, at the settings' servers.
    pub(crate) fn new(tx: Sender<Msg>, settings: &Settings) -> Lookups {
        let servers = Servers {
            explorer: settings.explorer.clone().unwrap_or_else(|| crate::config::EXPLORER.into()),
            tablebase: settings.tablebase.clone().unwrap_or_else(|| crate::config::TABLEBASE.into()),
            token: None,
            filters: Filters { speeds: settings.explorer_speeds.clone(), ratings: settings.explorer_ratings.clone() },
        };
        Lookups { tx, servers, kept: HashMap::new(), waiting: VecDeque::new(), asking: None }
    }

    /// Asks about `pos`: the answer at once when it is known or cannot
    /// be asked for, else later as a message.
    pub(crate) fn ask(&mut self, lookup: Lookup, pos: Position) -> Option<Looked> {
        if let Some(known) = self.kept.get(&(lookup, pos.to_fen())) {
            return Some(known.clone());
        }
        if self.servers.token.is_none() {
            // Read when asked: a login since the session began counts.
            self.servers.token = crate::online::token::load();
        }
        if let Some(why) = unsendable(lookup, &pos, &self.servers) {
            return Some(Looked { lookup, position: pos, answer: Err(why) });
        }
        // Asked again before the answer came: it is said once, when it comes.
        let key = (lookup, pos.to_fen());
        if self.asking.as_ref() == Some(&key) || self.waiting.iter().any(|(l, p)| (*l, p.to_fen()) == key) {
            return None;
        }
        self.waiting.push_back((lookup, pos));
        self.next();
        None
    }

    /// An answer came: kept when it is one, and the next question asked.
    pub(crate) fn answered(&mut self, looked: Looked) -> Looked {
        self.asking = None;
        if looked.answer.is_ok() {
            self.kept.insert((looked.lookup, looked.position.to_fen()), looked.clone());
        }
        self.next();
        looked
    }

    /// Whether an answer is awaited.
    pub(crate) fn busy(&self) -> bool {
        self.asking.is_some() || !self.waiting.is_empty()
    }

    fn next(&mut self) {
        if self.asking.is_none()
            && let Some((lookup, pos)) = self.waiting.pop_front()
        {
            self.asking = Some((lookup, pos.to_fen()));
            let servers = self.servers.clone();
            let asked = match lookup {
                Lookup::Explorer(_) => Asked::Explorer,
                Lookup::Tablebase => Asked::Tablebase,
            };
            crate::ui::asking::ask(self.tx.clone(), asked, move || {
                vec![Msg::Looked(Box::new(look_up(lookup, &pos, &servers)))]
            });
        }
    }
}
