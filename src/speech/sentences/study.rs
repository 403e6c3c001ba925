//! Reviewing a game, watching, broadcasts, the explorer and the
//! tablebase.

use serde::Deserialize;
use std::collections::BTreeMap;

/// Reviewing a game and finding its mistakes (`[study]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct StudyWords {
    pub opened: String,
    pub event: String,
    pub game_of: String,
    pub result_white: String,
    pub result_black: String,
    pub result_draw: String,
    pub result_open: String,
    pub start: String,
    pub step: String,
    pub end_of_game: String,
    /// The last move of a game watched that goes on (never "the end").
    pub live_now: String,
    pub end_of_variation: String,
    pub comment: String,
    pub variation: [String; 3],
    pub variations_here: String,
    pub variations_list: String,
    pub no_variations: String,
    pub entered: String,
    pub left_main: String,
    pub left_variation: String,
    pub in_main: String,
    pub no_variation: String,
    pub where_main: String,
    pub where_variation: String,
    pub no_such_move: String,
    /// A line of the player's own began: `{step}`, its first move.
    pub new_line: String,
    /// `delete line` asked first: `{step}`, the line's first move.
    pub delete_confirm: String,
    pub deleted: String,
    pub kept: String,
    pub main_stays: String,
    pub promoted: String,
    pub analysis_dropped: String,
    pub live_end: String,
    pub live_main: String,
    /// A corrected game dropped the player's lines: `{count}` (with its unit).
    pub lines_dropped: String,
    pub not_saved: String,
    /// `rematch` after a game not played on lichess.
    pub rematch_none: String,
    /// A rematch asked for a second time after the same game.
    pub rematch_asked: String,
    /// The clock after the move in view: `{side}`, `{left}`, `{took}`.
    pub clock_took: String,
    /// A side's clock: `{side}`, `{left}`.
    pub clock_left: String,
    /// A side's longest thinks: `{side}`, `{list}` of `slowest_item`s
    /// (`{n}`, `{move}`, `{took}`).
    pub slowest: String,
    pub slowest_item: String,
    pub slowest_none: String,
    /// `play from here` while an unfinished game is kept.
    pub unfinished_kept: String,
    /// A study's chapter opened: `{n}`, `{total}`, `{name}`.
    pub chapter_of: String,
    pub chapter: [String; 3],
    /// The chapters: `{count}` (with its unit), `{list}`.
    pub chapters_list: String,
    /// A page of a long list of chapters: `{count}` of them, `{from}` to
    /// `{to}`, `{list}`; `chapters` again says the next.
    pub chapters_page: String,
    /// A move not played: it would begin a line nested deeper than
    /// `{number}`, the deepest a file is read.
    pub nested_too_deep: String,
    /// The last page.
    pub chapters_last: String,
    /// `{n}`, `{count}` (how many, with the unit).
    pub no_chapter: String,
    pub review_only: String,
    pub not_in_game: String,
    pub after_game: String,
    pub help: Vec<String>,
    /// Annotation glyphs in words: "1" = "A good move." ...
    pub nags: BTreeMap<String, String>,
    pub nag_other: String,
    pub analyse_start: String,
    pub progress: String,
    pub analyse_done: String,
    pub analyse_stopped: String,
    pub analyse_running: String,
    pub not_running: String,
    pub deferred: String,
    pub summary: String,
    pub inaccuracy: [String; 3],
    pub mistake: [String; 3],
    pub blunder: [String; 3],
    /// A mark as a sentence: [inaccuracy, mistake, blunder].
    pub marks: [String; 3],
    pub mistake_at: String,
    pub no_next_mistake: String,
    pub no_practice: String,
    pub no_previous_mistake: String,
    pub not_analysed: String,
    pub pgn_comment: String,
    /// The opening explorer and the endgame tablebase.
    pub lookup: LookupWords,
    /// Watching lichess TV.
    pub watch: WatchWords,
    /// Following a broadcast.
    pub broadcast: BroadcastWords,
    /// Setting up a position.
    pub setup: SetupWords,
}

/// Following a broadcast round (`[study.broadcast]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct BroadcastWords {
    pub none: String,
    /// The list's head: `{count}` (a number of broadcasts).
    pub head: String,
    pub broadcasts: [String; 3],
    /// A broadcast: `{n}`, `{tour}`, `{round}`, `{when}`.
    pub item: String,
    pub live: String,
    /// `{time}`.
    pub starts: String,
    pub not_started: String,
    pub no_such: String,
    pub no_round: String,
    pub opening: String,
    /// The round opened: `{tour}`, `{round}`, `{n}`, `{count}`, `{boards}`.
    pub opened: String,
    pub boards: [String; 3],
    pub empty: String,
    pub how: String,
    /// Games of the round that could not be read.
    pub unread: String,
    /// The board watched: `{n}`, `{count}`, `{white}`, `{black}`.
    pub board: String,
    /// A board in the list: `{n}`, `{white}`, `{black}`, `{moves}`, `{to_move}`.
    pub item_playing: String,
    /// A board whose game is over: `{n}`, `{white}`, `{black}`, `{result}`.
    pub item_over: String,
    pub no_board: String,
    /// Several moves at once: `{count}`, `{move}` (the last).
    pub caught_up: String,
    /// A board's game ended: `{n}`, `{white}`, `{black}`, `{result}`.
    pub over: String,
    pub new_board: String,
    pub lost: String,
    pub back: String,
    /// The event's players asked for: `{tour}`, `{count}` (of players).
    pub players_head: String,
    pub players: [String; 3],
    pub no_players: String,
    pub no_standings: String,
    /// The standings' head: `{tour}`.
    pub standings_head: String,
    /// Not every place said: `{shown}`, `{count}`.
    pub standings_more: String,
    /// A player's name with its details: `{name}`, `{details}` (rating
    /// and federation).
    pub player_details: String,
    /// A player in a list: `{n}`, `{player}`, `{score}`.
    pub player_item: String,
    /// A player without a score: `{n}`, `{player}`.
    pub player_unscored: String,
    /// Points of games played: `{points}`, `{played}`.
    pub score_of: String,
    /// The commands of the broadcast (a phrase, lowercase) and what each
    /// names.
    pub commands: BTreeMap<String, BroadcastWord>,
}

/// What a broadcast's command word names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BroadcastWord {
    /// The round's boards, listed.
    Boards,
    /// One board (with its number).
    Board,
    /// The next board.
    Next,
    /// The board before.
    Previous,
    /// The event's players.
    Players,
    /// The event's standings.
    Standings,
}

/// Watching lichess TV (`[study.watch]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct WatchWords {
    /// The feed is being opened: `{channel}`.
    pub opening: String,
    /// A player's game is being looked for: `{name}`.
    pub opening_player: String,
    /// A game featured: `{channel}`, `{white}`, `{black}`.
    pub featured: String,
    /// Where the game is: `{n}` (the move number), `{to_move}`.
    pub now: String,
    /// Moves were missed: `{n}`, `{to_move}`.
    pub jumped: String,
    pub lost: String,
    pub back: String,
    /// A channel that does not exist: `{name}`, `{list}`.
    pub no_channel: String,
    /// One clock: `{side}`, `{time}`.
    pub clock: String,
    /// A player's game featured: `{name}`, `{white}`, `{black}`.
    pub player_game: String,
    /// `{name}` plays no game now.
    pub not_playing: String,
    /// The game watched ended: `{result}` (the study's result words).
    pub over: String,
    pub over_plain: String,
    /// The channels by the API's names: what each is called (and typed).
    pub channels: BTreeMap<String, String>,
}

/// The opening explorer's and the tablebase's sentences (`[study.lookup]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct LookupWords {
    pub masters: String,
    pub lichess: String,
    pub tablebase: String,
    pub games: [String; 3],
    pub opening: String,
    pub opening_code: String,
    /// An opening whose name this language has not: `{eco}`.
    pub code_only: String,
    /// The openings' families ("Sicilian Defense") in this language; a
    /// language without them (English) says lichess's names as written.
    #[serde(default)]
    pub openings: BTreeMap<String, String>,
    pub head: String,
    pub none: String,
    pub row: String,
    pub need_token: String,
    pub failed: String,
    pub not_in_game: String,
    pub too_many: String,
    pub win: String,
    pub win_mate: String,
    pub win_zeroing: String,
    pub cursed: String,
    pub draw: String,
    pub unknown: String,
    pub checkmate: String,
    pub stalemate: String,
    pub best: String,
    pub move_win: String,
    pub move_win_mate: String,
    pub move_cursed: String,
    pub move_draw: String,
    pub move_blessed: String,
    pub move_loss: String,
    pub move_unknown: String,
    pub earlier: String,
}

/// Setting up a position piece by piece (`[study.setup]`): `{piece}` is
/// a piece in words ("white king"), `{square}` a square, `{side}` and
/// `{mover}` a side (with its forms).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct SetupWords {
    pub opened: String,
    /// `where am i` while setting up: the mode (the board follows).
    pub here: String,
    pub empty: String,
    pub placed: String,
    /// A piece put where another stood: `{old}`, that one.
    pub replaced: String,
    pub same: String,
    /// A square emptied: `{old}`, the piece that stood there.
    pub removed: String,
    pub already_empty: String,
    pub cleared: String,
    pub start: String,
    /// The castling rights: `{list}` of `castling_item`s (`{side}`,
    /// `{ways}`: one of `castling_ways`, short, long or both).
    pub castling: String,
    pub castling_item: String,
    pub castling_ways: [String; 3],
    pub castling_none: String,
    pub en_passant: String,
    pub en_passant_none: String,
    /// Before the problems `done` found, each a line of its own.
    pub not_legal: String,
    pub kings_none: String,
    /// `{count}`: how many kings.
    pub kings_many: String,
    /// A second king placed: `{square}`, where the first stands.
    pub second_king: String,
    pub too_many_pieces: String,
    pub too_many_pawns: String,
    pub pawn_on_edge: String,
    pub waiting_in_check: String,
    pub too_many_checkers: String,
    /// Short and long.
    pub castling_bad: [String; 2],
    pub en_passant_bad: String,
    pub needs_colour: String,
    pub needs_piece: String,
    pub needs_square: String,
    pub castling_unread: String,
    /// A move, the engine or the like asked before `done`.
    pub not_now: String,
    /// A square chosen by a routing key: `{what}`, what stands there.
    pub chosen: String,
    /// A line that is no order nor question: `{text}`, as typed.
    pub unknown: String,
    pub prompt: String,
    pub ready: String,
    pub help: Vec<String>,
    /// The order phrases (lowercase) and what each names.
    pub orders: BTreeMap<String, SetupWord>,
}

/// What an order phrase of the setup names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupWord {
    /// Empty squares.
    Remove,
    /// Empty the board.
    Clear,
    /// The initial position.
    Start,
    /// White to move.
    WhiteToMove,
    /// Black to move.
    BlackToMove,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// Nothing (no castling, no en passant).
    None,
    /// Both ways (of castling).
    Both,
    /// The position is ready.
    Done,
}
