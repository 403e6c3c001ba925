//! The score of a game as standard PGN (Appendix D: the blind player keeps
//! score; voxchess writes it), with Event, Date, White, Black, Result,
//! TimeControl and Termination tags.

use super::Player;
use crate::clock::Controls;
use crate::notation::pgn::{PgnGame, PgnNode};
use crate::rules::{History, Outcome, WinReason};

/// How the game ended, for the Termination tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Checkmate, stalemate, draws by rule or agreement, resignation.
    Normal,
    /// A flag fell.
    TimeForfeit,
    /// Not finished.
    Unterminated,
}

impl Termination {
    /// The tag value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Unterminated => "unterminated",
        }
    }

    /// From an outcome.
    pub fn of(outcome: Option<&Outcome>) -> Termination {
        match outcome {
            None => Termination::Unterminated,
            Some(Outcome::Win { reason: WinReason::FlagFall, .. })
            | Some(Outcome::Draw(crate::rules::DrawReason::FlagFallNoMatingMaterial))
            | Some(Outcome::Draw(crate::rules::DrawReason::BothFlagsFell)) => Termination::TimeForfeit,
            Some(_) => Termination::Normal,
        }
    }
}

/// The game as a PGN game, to write with `write_pgn` (its tags may be
/// changed first: an online game's event and site); `clocks` are the
/// mover's time left after each move, where known, written as lichess
/// writes them (`{ [%clk 0:03:10] }`).
pub fn game_record(
    history: &History,
    white: &Player,
    black: &Player,
    outcome: Option<&Outcome>,
    controls: Option<&Controls>,
    date: &str,
    clocks: &[Option<u64>],
) -> PgnGame {
    let mut g = PgnGame::new(*history.start());
    g.set_tag("Event", "voxchess game");
    g.set_tag("Site", "voxchess");
    g.set_tag("Date", date);
    g.set_tag("Round", "-");
    g.set_tag("White", white.name());
    g.set_tag("Black", black.name());
    for (tag, player) in [("WhiteElo", white), ("BlackElo", black)] {
        if let Some(rating) = player.rating() {
            g.set_tag(tag, &rating.to_string());
        }
    }
    g.result = outcome.map_or("*", |o| o.result()).to_string();
    g.set_tag("Result", &g.result.clone());
    g.set_tag("TimeControl", &controls.map_or("-".to_string(), |c| c.pgn_tag()));
    g.set_tag("Termination", Termination::of(outcome).tag());
    if *history.start() != crate::rules::Position::start() {
        g.set_tag("SetUp", "1");
        g.set_tag("FEN", &history.start().to_fen());
    }
    g.moves = history
        .moves()
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut node = PgnNode::new(*m);
            if let Some(ms) = clocks.get(i).copied().flatten() {
                node.notes_mut().comments.push(crate::notation::pgn::clock::clock_comment(ms));
            }
            node
        })
        .collect();
    g
}
