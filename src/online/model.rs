//! lichess's JSON, read tolerantly: every field has a default, unknown
//! fields (lichess adds some over time) are ignored.

use crate::rules::{Move, Position};
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Account {
    pub(crate) id: String,
    pub(crate) username: String,
}

/// A player as the game stream gives it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct GamePlayer {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) rating: Option<u32>,
    /// The account's title (GM, IM, ..., BOT), if any.
    pub(crate) title: Option<String>,
    /// lichess's AI: its level.
    pub(crate) ai_level: Option<u32>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct GameClock {
    /// ms.
    pub(crate) initial: u64,
    /// ms.
    pub(crate) increment: u64,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct GameState {
    pub(crate) moves: String,
    pub(crate) wtime: u64,
    pub(crate) btime: u64,
    pub(crate) status: String,
    pub(crate) winner: Option<String>,
    pub(crate) wdraw: bool,
    pub(crate) bdraw: bool,
    pub(crate) wtakeback: bool,
    pub(crate) btakeback: bool,
}

/// One line of a game's stream.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub(crate) enum GameLine {
    GameFull(Box<GameFull>),
    GameState(GameState),
    ChatLine(ChatLine),
    OpponentGone(OpponentGone),
    #[serde(other)]
    Other,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct GameFull {
    pub(crate) id: String,
    pub(crate) white: GamePlayer,
    pub(crate) black: GamePlayer,
    pub(crate) clock: Option<GameClock>,
    pub(crate) initial_fen: String,
    pub(crate) rated: bool,
    /// "bullet", "blitz", "rapid", "classical", "correspondence".
    pub(crate) speed: String,
    pub(crate) state: GameState,
    /// The arena's id, for an arena's game (a Swiss game has none here).
    pub(crate) tournament_id: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct ChatLine {
    pub(crate) username: String,
    pub(crate) text: String,
    pub(crate) room: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct OpponentGone {
    pub(crate) gone: bool,
    pub(crate) claim_win_in_seconds: Option<u64>,
}

/// A user as a challenge names them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct ChallengeUser {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) rating: Option<u32>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct TimeControl {
    #[serde(rename = "type")]
    pub(crate) kind: String,
    /// Seconds.
    pub(crate) limit: Option<u64>,
    /// Seconds.
    pub(crate) increment: Option<u64>,
    pub(crate) days_per_turn: Option<u64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Challenge {
    pub(crate) id: String,
    pub(crate) challenger: ChallengeUser,
    pub(crate) dest_user: Option<ChallengeUser>,
    pub(crate) rated: bool,
    pub(crate) time_control: TimeControl,
    /// The challenger's colour: white, black or random.
    pub(crate) color: String,
    pub(crate) direction: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct GameEventInfo {
    pub(crate) game_id: String,
    pub(crate) id: String,
    pub(crate) color: String,
    pub(crate) is_my_turn: bool,
    pub(crate) seconds_left: Option<u64>,
    pub(crate) speed: String,
    pub(crate) opponent: ChallengeOpponent,
    /// How the game came to be: "lobby", "friend", "ai", "arena", "swiss", ...
    pub(crate) source: String,
    /// The arena's id, for an arena's game.
    pub(crate) tournament_id: Option<String>,
    /// The Swiss tournament's id, for a Swiss game.
    pub(crate) swiss_id: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct ChallengeOpponent {
    pub(crate) id: Option<String>,
    pub(crate) username: String,
    pub(crate) rating: Option<u32>,
    pub(crate) ai: Option<u32>,
}

/// One line of the event stream.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub(crate) enum EventLine {
    Challenge {
        challenge: Challenge,
    },
    ChallengeCanceled {
        challenge: Challenge,
    },
    ChallengeDeclined {},
    GameStart {
        game: GameEventInfo,
    },
    GameFinish {},
    #[serde(other)]
    Other,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Playing {
    pub(crate) now_playing: Vec<GameEventInfo>,
}

/// A 400's body: {"error": "..."}.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ErrorBody {
    pub(crate) error: String,
}

/// A move the server wrote (UCI; castling may be king to rook) in `pos`.
pub(crate) fn server_move(pos: &Position, uci: &str) -> Option<Move> {
    let legal = pos.legal_moves();
    legal.iter().find(|m| m.uci() == uci).copied().or_else(|| {
        // King takes own rook: castling written the Chess960 way.
        let (from, to) = (uci.get(0..2)?, uci.get(2..4)?);
        legal.iter().find(|m| m.is_castle() && m.from.to_string() == from && rook_side(m, to)).copied()
    })
}

fn rook_side(m: &Move, rook: &str) -> bool {
    let file = rook.chars().next().unwrap_or(' ');
    if m.is_short_castle() { file == 'h' } else { file == 'a' }
}

/// A player as a server names them, made safe: the name cleaned (30
/// characters at most), the title cleaned (4 at most, none if blank), a
/// rating above 4000 none.
/// lichess's AI as an account: its English name for the game's PGN
/// ("lichess AI 3"), and its level, said in the session's language when
/// it is one lichess has (1 to 8).
pub(crate) fn ai_account(level: u32, rating: Option<u32>, title: Option<&str>) -> crate::game::Account {
    crate::game::Account {
        ai_level: u8::try_from(level).ok().filter(|l| (1..=8).contains(l)),
        ..server_account(&format!("lichess AI {level}"), rating, title)
    }
}

pub(crate) fn server_account(name: &str, rating: Option<u32>, title: Option<&str>) -> crate::game::Account {
    let title = title.map(|t| super::plain_text(t).chars().take(4).collect::<String>());
    crate::game::Account {
        name: super::plain_text(name).chars().take(30).collect(),
        rating: rating.filter(|r| *r <= 4000),
        title: title.filter(|t| !t.trim().is_empty()),
        ai_level: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// lichess's examples read, with fields added later ignored, and
    /// anything else read as nothing, never a panic.
    #[test]
    fn lichess_lines_are_read_tolerantly() {
        let full = r#"{"type":"gameFull","id":"BEOucQJo","variant":{"key":"standard"},"speed":"rapid","perf":{"name":"Rapid"},"rated":false,"createdAt":1,"white":{"id":"bobby","name":"Bobby","title":null,"rating":1751},"black":{"id":"mary","name":"Mary","rating":1021,"newField":3},"initialFen":"startpos","clock":{"initial":900000,"increment":0},"state":{"type":"gameState","moves":"e2e4","wtime":900000,"btime":900000,"winc":0,"binc":0,"status":"started","expiration":{"idleMillis":1,"millisToMove":2}}}"#;
        let GameLine::GameFull(g) = serde_json::from_str(full).expect("gameFull") else { panic!("kind") };
        assert_eq!((g.white.name.as_str(), g.black.rating, g.state.moves.as_str()), ("Bobby", Some(1021), "e2e4"));
        let other: GameLine = serde_json::from_str(r#"{"type":"somethingNew","x":1}"#).expect("other");
        assert!(matches!(other, GameLine::Other));
        let ev: EventLine = serde_json::from_str(r#"{"type":"challenge","challenge":{"id":"H9","challenger":{"id":"bot1","name":"Bot1","rating":1500},"rated":true,"timeControl":{"type":"clock","limit":300,"increment":25,"show":"5+25"},"color":"random"}}"#).expect("challenge");
        assert!(matches!(ev, EventLine::Challenge { challenge } if challenge.time_control.limit == Some(300)));
    }

    proptest::proptest! {
        /// Any line is read or refused, never a panic.
        #[test]
        fn any_line_is_read_or_refused(s in ".{0,200}") {
            let _ = serde_json::from_str::<GameLine>(&s);
            let _ = serde_json::from_str::<EventLine>(&s);
        }
    }

    #[test]
    fn castling_as_king_takes_rook() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen");
        assert!(server_move(&pos, "e1h1").is_some_and(|m| m.is_short_castle()));
        assert!(server_move(&pos, "e1a1").is_some_and(|m| m.is_castle() && !m.is_short_castle()));
        assert!(server_move(&pos, "e1g1").is_some_and(|m| m.is_short_castle()));
        assert_eq!(server_move(&pos, "zz"), None);
    }
}
