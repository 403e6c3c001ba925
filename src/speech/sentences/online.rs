//! Playing on lichess: the lobby's and the online game's sentences,
//! and the lobby's command words.

use serde::Deserialize;
use std::collections::BTreeMap;

/// Playing on lichess, as sentences ({placeholders} filled with [`crate::speech::lexicon::fill`]),
/// and the lobby's command words (lower case) with the command each names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct OnlineWords {
    /// lichess's AI: `{level}`.
    pub ai_name: String,
    pub fair_play: String,
    pub not_online: String,
    pub too_large: String,
    pub answer_cut: String,
    pub not_arena: String,
    pub berserk_late: String,
    pub chat_arrived: String,
    pub chat_line: String,
    pub no_chat: String,
    pub chat_sent: String,
    /// What the player asked is being sent (said before lichess answers).
    pub sent: String,
    /// lichess took the time given, or the berserk.
    pub time_given: String,
    pub berserk_taken: String,
    pub connection_lost: String,
    pub connection_back: String,
    pub refused: String,
    pub refused_turn: String,
    pub refused_other: String,
    /// The player's move did not reach lichess and is taken back: `{move}`;
    /// no connection, lichess asked to wait (429), lichess's error.
    pub not_sent: String,
    pub not_sent_wait: String,
    /// lichess has not answered the player's move for a moment: `{move}`.
    pub move_unanswered: String,
    pub not_sent_server: String,
    pub logged_in: String,
    /// The token lacks tournament:write.
    pub no_tournament_scope: String,
    pub logged_out: String,
    pub token_prompt: String,
    pub token_refused: String,
    pub missing_scope: String,
    pub not_logged_in: String,
    pub unreachable: String,
    pub rate_limited: String,
    /// Not sent: a 429 less than a minute ago; `{time}` left to wait.
    pub quiet_left: String,
    pub server_error: String,
    pub not_the_api: String,
    pub not_found: String,
    pub lobby_ready: String,
    /// The player's last games on lichess: the head, then a row per
    /// `my_game` (`{n}`, `{opponent}`, `{result}`, `{date}`, `{control}`,
    /// `{opening}`); the result's words.
    pub my_games: String,
    pub my_game: String,
    pub my_games_none: String,
    /// `review N` with no such game listed: `{n}`.
    pub my_game_missing: String,
    pub no_last_game: String,
    pub won: String,
    pub lost: String,
    pub drawn: String,
    pub unfinished: String,
    pub challenge_in: String,
    pub rated: String,
    pub casual: String,
    pub color_white: String,
    pub color_black: String,
    pub color_random: String,
    pub challenge_gone: String,
    pub declined: String,
    pub seeking: String,
    pub seek_too_fast: String,
    pub seek_cancelled: String,
    pub challenge_sent: String,
    pub game_starts: String,
    pub no_games: String,
    pub game_item: String,
    /// A correspondence game in the list: as `game_item`, with `{left}`.
    pub game_item_correspondence: String,
    pub day: [String; 3],
    /// Days after a preposition ("in 2 Tagen"), where they differ from `day`.
    #[serde(default)]
    pub day_after: Option<[String; 3]>,
    /// The player's move in correspondence games: `{count}` ("2
    /// correspondence games"), `{n}`.
    pub correspondence_turns: String,
    pub correspondence_games: [String; 3],
    /// A correspondence opponent has moved: `{name}`.
    pub correspondence_moved: String,
    /// The arenas: `{count}`.
    pub tournaments_head: String,
    pub arenas: [String; 3],
    pub no_arenas: String,
    /// An arena: `{n}`, `{name}`, `{control}`, `{when}`, `{minutes}`, `{players}`.
    pub arena_item: String,
    /// A Swiss: `{n}`, `{name}`, `{control}`, `{rounds}`, `{when}`, `{players}`.
    pub swiss_item: String,
    /// A team's tournament's name: `{name}`, `{team}`.
    pub team_name: String,
    pub swiss_joined: String,
    /// `{round}`, `{rounds}`.
    pub swiss_round: String,
    /// `{time}`.
    pub swiss_next: String,
    /// `{round}`, `{rounds}`.
    pub swiss_bye: String,
    pub swiss_over: String,
    /// A number of points and a half: `{n}` the whole points.
    pub half_points: String,
    /// An arena's time left: `{time}`.
    pub time_left: String,
    pub arena_started: String,
    /// `{time}`.
    pub arena_starts: String,
    pub arena_players: [String; 3],
    /// A tournament's players when lichess's number is out of range.
    pub players_unknown: String,
    /// `{n}`.
    pub no_such_arena: String,
    /// `{name}`.
    pub arena_joined: String,
    pub arena_left: String,
    pub arena_leaving: String,
    pub not_in_arena: String,
    /// `{rank}`, `{name}`, `{score}`.
    pub standing_row: String,
    pub points: [String; 3],
    /// `{rank}`, `{players}`, `{score}`.
    pub my_place: String,
    pub not_ranked: String,
    pub tournament_scope: String,
    pub your_turn: String,
    pub their_turn: String,
    /// Games or chapters from lichess left out, `{count}` with its noun:
    /// of a variant voxchess does not play, or that could not be read.
    pub left_out_variants: String,
    pub left_out_unreadable: String,
    /// Quitting the lobby with a real-time game running: `{name}`,
    /// `{turn}` (`your_turn`, `their_turn`), and `{time}` on the
    /// player's clock when lichess gives it; then `quit_anyway` asks.
    pub running_on_quit: String,
    pub running_on_quit_clock: String,
    pub quit_anyway: String,
    /// The answer was no: the lobby stays.
    pub stay_in_lobby: String,
    /// Quitting with correspondence games: one (`{name}`), or several.
    pub correspondence_goes_on: String,
    pub correspondences_go_on: String,
    pub no_challenge: String,
    pub lobby_unclear: String,
    pub bad_control: String,
    pub pick_game: String,
    /// A real-time game of the player's is running and is joined: `{name}`.
    pub game_running: String,
    /// A game in progress said, not entered: `{item}` (a `game_item`),
    /// `{n}` its number.
    pub game_announced: String,
    /// The game the player is now in: `{name}`.
    pub now_in_game: String,
    /// `join N` for the game being joined.
    pub joining: String,
    pub back_in_lobby: String,
    pub left_game: String,
    pub token_not_saved: String,
    pub draw_declined: String,
    /// Several chat lines at once: `{n}`, `{from}`.
    pub chat_burst: String,
    /// Several challenges at once: `{n}`; each follows as `challenge_in`.
    pub challenges_in: String,
    /// The game's stream was taken over by another window.
    pub opened_elsewhere: String,
    /// A request refused: `{what}`; with lichess's reason (English only): `{reason}`.
    pub request_refused: String,
    pub request_refused_reason: String,
    /// A request that did not reach lichess: `{what}`; no connection,
    /// lichess asked to wait (429), lichess's error.
    pub request_not_sent: String,
    pub request_wait: String,
    pub request_server: String,
    pub help: Vec<String>,
    /// What the player asked, as named in `request_*`.
    pub requests: RequestNames,
    /// The lobby's words (a word or two, lowercase) and what each names.
    pub commands: BTreeMap<String, LobbyWord>,
}

/// What a lobby word names: a command, or a word a command takes
/// (casual, rated, white, black). A data file naming anything else fails
/// when it is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum LobbyWord {
    Accept,
    Decline,
    Cancel,
    Games,
    Help,
    Quit,
    Seek,
    Challenge,
    Ai,
    Casual,
    Rated,
    White,
    Black,
    Watch,
    Puzzles,
    Tournaments,
    JoinArena,
    Withdraw,
    Standings,
    Broadcast,
    MyGames,
    Review,
    /// "last", after review: the game just played.
    Last,
}

/// What the player asks of lichess, named as the object of a sentence.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct RequestNames {
    pub resign: String,
    pub offer_draw: String,
    pub accept_draw: String,
    pub decline_draw: String,
    pub claim_draw: String,
    pub propose_takeback: String,
    pub answer_takeback: String,
    pub claim_victory: String,
    pub abort: String,
    pub give_time: String,
    pub berserk: String,
    pub chat: String,
}
