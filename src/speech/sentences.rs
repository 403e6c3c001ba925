//! The schema of every sentence and word list in the language data
//! files (data/*.toml): one typed section each, so a missing key fails
//! when the data is loaded (in a test). The words layer of the front end
//! (`ui::words`) and the speech functions read these; `lexicon.rs` loads
//! them.

use super::grammar::Word;
use crate::rules::{Color, Role};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Fixed words and phrases said.
#[derive(Debug, Deserialize)]
#[allow(missing_docs)]
pub struct OutWords {
    pub white: String,
    pub black: String,
    pub takes: String,
    pub check: String,
    pub checkmate: String,
    pub en_passant: String,
    pub short_castle: String,
    pub long_castle: String,
    pub promotes_to: String,
    pub from: String,
    pub to: String,
    pub castles_short: String,
    pub castles_long: String,
    pub empty: String,
    pub none: String,
    pub and: String,
    pub pawns: String,
    pub to_move: String,
    pub wins: String,
    pub draw: String,
    pub by: String,
    pub white_wins: String,
    pub black_wins: String,
    pub stalemate: String,
    pub dead_position: String,
    pub threefold: String,
    pub fivefold: String,
    pub fifty_moves: String,
    pub seventy_five_moves: String,
    pub agreement: String,
    pub resignation: String,
    pub flag_fall: String,
    pub flag_fall_no_material: String,
    pub both_flags: String,
    pub may_claim: String,
    pub flag_fell: String,
    pub attacked_by: String,
    pub defended_by: String,
    pub nothing: String,
    pub moves_of: String,
    pub no_moves: String,
    pub file: String,
    pub rank: String,
    pub point: String,
    pub check_to: String,
    /// A language whose "from" and "to" follow the square as particles
    /// (Korean "지 일에서 에프 삼으로"): the full style's move, capture and
    /// promotion as templates. {from}/{to} are squares with their particle
    /// already chosen; {piece} is a word with forms.
    #[serde(default)]
    pub full_move: Option<FullMoveWords>,
}

/// The full style's sentences for a language with particles.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct FullMoveWords {
    /// "{piece} {from} {to}" with from/to already carrying their particles.
    pub moves: String,
    /// The particle pairs after a square: [after a final consonant, after a vowel].
    pub from_particle: [String; 2],
    pub to_particle: [String; 2],
    pub takes: String,
    pub promotes: String,
}

/// Piece names: [singular, plural, as the object of "takes"].
#[derive(Debug, Deserialize)]
#[allow(missing_docs)]
pub struct PieceWords {
    pub pawn: [String; 3],
    pub knight: [String; 3],
    pub bishop: [String; 3],
    pub rook: [String; 3],
    pub queen: [String; 3],
    pub king: [String; 3],
}

/// Names of files and ranks.
#[derive(Debug, Deserialize)]
pub struct SquareWords {
    /// Spoken file letters a..h.
    pub files: [String; 8],
    /// Ranks 1..8 as words.
    pub ranks: [String; 8],
    /// FIDE phonetic file names Anna..Hector.
    pub fide: [String; 8],
    /// NATO file names alfa..hotel.
    pub nato: [String; 8],
}

/// Time units: [one, few, many].
#[derive(Debug, Deserialize)]
pub struct TimeWords {
    /// Hours.
    pub hour: [String; 3],
    /// Minutes.
    pub minute: [String; 3],
    /// Seconds.
    pub second: [String; 3],
    /// The decimal separator said in "9.5 seconds".
    pub decimal_point: String,
    /// What stands between a number and its unit: a space, or nothing in
    /// Korean ("5분").
    #[serde(default = "space")]
    pub unit_space: String,
}

fn space() -> String {
    " ".into()
}

/// What the engine says about a position (`[engine]`): evaluations by the
/// thresholds in `ui::narrator::say_score`, best move, threat, top lines.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct EngineWords {
    pub help_off: String,
    pub builtin: String,
    pub equal: String,
    pub slightly: String,
    pub better: String,
    pub winning: String,
    pub mate: String,
    /// A number of pawns: "{pawns}" (singular, few, many).
    pub pawn: [String; 3],
    /// A number of moves to mate.
    pub r#move: [String; 3],
    pub best: String,
    pub threat: String,
    pub in_check: String,
    pub top: String,
    pub no_moves: String,
    pub failed: String,
    /// An answer about a position the player has since left: {n} its move
    /// number, {side} the side to move in it.
    pub earlier: String,
}

/// Sentences for input that is not understood.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ExplainWords {
    pub not_understood: String,
    pub nothing_heard: String,
    pub too_many: String,
    pub needs_square: String,
    pub needs_line: String,
    pub needs_piece: String,
    pub needs_number: String,
}

/// One word per kind of piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct RoleWords {
    pub pawn: Word,
    pub knight: Word,
    pub bishop: Word,
    pub rook: Word,
    pub queen: Word,
    pub king: Word,
}

impl RoleWords {
    /// The word for a kind of piece.
    pub fn of(&self, role: Role) -> &Word {
        match role {
            Role::Pawn => &self.pawn,
            Role::Knight => &self.knight,
            Role::Bishop => &self.bishop,
            Role::Rook => &self.rook,
            Role::Queen => &self.queen,
            Role::King => &self.king,
        }
    }
}

/// The sides as words: nouns with their forms and adjectives by gender.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct SideWords {
    pub white: Word,
    pub black: Word,
}

impl SideWords {
    /// The word for a side.
    pub fn of(&self, color: Color) -> &Word {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// Words with grammar (see [`super::grammar`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrammarWords {
    /// Piece names.
    pub pieces: RoleWords,
    /// The sides.
    pub sides: SideWords,
}

/// Why a move is not possible: one sentence per reason (see
/// [`crate::rules::IllegalReason`]), filled by [`super::grammar::render`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ReasonWords {
    pub not_your_turn: String,
    pub no_such_piece: String,
    pub cannot_reach: String,
    pub cannot_reach_theirs: String,
    pub piece_cannot_reach: String,
    pub blocked: String,
    pub own_piece: String,
    pub leaves_king_in_check: String,
    pub stays_in_check: String,
    pub king_into_check: String,
    pub nothing_to_capture: String,
    pub not_there: String,
    pub no_capture: String,
    pub no_capture_by: String,
    pub empty_square: String,
    pub not_your_piece: String,
    pub wrong_piece: String,
    pub no_promotion: String,
    pub no_en_passant: String,
    pub no_such_move: String,
    pub castle: String,
    pub castle_short: String,
    pub castle_long: String,
    pub castle_any: String,
    pub castle_king_moved: String,
    pub castle_rook_moved: String,
    pub castle_rook_gone: String,
    pub castle_moved_before: String,
    pub castle_in_check: String,
    pub castle_occupied: String,
    pub castle_crosses: String,
    pub castle_arrives: String,
}

/// The board in words.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardWords {
    /// A piece with its colour: "white pawn", «белая пешка», "weißer Bauer".
    pub piece: String,
    /// Pieces of one kind: "White knights: b1, g1".
    pub pieces_of: String,
    /// Whose move: "White to move.", «Ход белых.».
    pub to_move: String,
    /// A run of empty squares in a scan: "e3 to e6 empty".
    pub empty_run: String,
    /// The board picture's key: capitals White, small letters Black.
    pub legend: String,
    /// Pieces attacked and not defended, both sides.
    pub hanging: String,
    /// The eight directions from a square, from White's side: north
    /// (towards rank 8), north-east, east, ... north-west.
    pub directions: Vec<String>,
    /// What a pawn can be: doubled, isolated, passed.
    pub pawn_notes: Vec<String>,
    /// The opponent's name (lichess's `o`).
    pub opponent: String,
}

/// Questions asked before a move is played.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct QuestionWords {
    pub confirm: String,
    pub choose: String,
    pub choice: String,
    pub promotion: String,
    pub did_you_mean: String,
    /// The words that number the choices, when digits would be said as
    /// words that sound alike (Korean 일/이): the recognizer then expects
    /// these as the answers.
    #[serde(default)]
    pub numbers: Vec<String>,
}

/// The talking clock's sentences; {placeholders} are filled in.
#[derive(Debug, Deserialize)]
#[allow(missing_docs)]
pub struct ClockWords {
    pub started: String,
    pub waiting: String,
    pub side_time: String,
    pub to_move: String,
    pub paused: String,
    pub resumed: String,
    pub added: String,
    pub taken: String,
    pub control_near: String,
    pub moves: [String; 3],
    pub new_period: String,
    pub flag: String,
    pub not_your_turn: String,
    pub game_over: String,
    /// Both times, when the clock starts and stops.
    pub times: String,
    pub stopped: String,
    /// A line that is no clock key, and a bad adjustment.
    pub not_a_key: String,
    pub bad_adjust: String,
    /// The keys (terminal), in short lines.
    pub help: Vec<String>,
    /// The typed lines (plain mode), in short lines.
    pub help_lines: Vec<String>,
}

/// Playing on lichess, as sentences ({placeholders} filled with [`super::lexicon::fill`]),
/// and the lobby's command words (lower case) with the command each names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct OnlineWords {
    pub fair_play: String,
    pub not_online: String,
    pub chat_arrived: String,
    pub chat_line: String,
    pub no_chat: String,
    pub chat_sent: String,
    pub sent: String,
    pub connection_lost: String,
    pub connection_back: String,
    pub refused: String,
    pub refused_turn: String,
    pub refused_other: String,
    pub not_sent: String,
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
    pub server_error: String,
    pub not_the_api: String,
    pub not_found: String,
    pub lobby_ready: String,
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
    /// `{n}`.
    pub no_such_arena: String,
    /// `{name}`.
    pub arena_joined: String,
    pub arena_left: String,
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
    /// A request that could not be sent: `{what}`.
    pub request_not_sent: String,
    pub help: Vec<String>,
    /// What the player asked, as named in `request_*`.
    pub requests: RequestNames,
    pub commands: BTreeMap<String, String>,
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
    pub chat: String,
}

/// A drill's sentences ({placeholders} filled with
/// [`super::lexicon::fill`]) and the answer words it reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct DrillWords {
    pub start: String,
    pub colours: String,
    pub knight: String,
    pub diagonals: String,
    pub attacks: String,
    pub memory: String,
    pub colour_q: String,
    pub knight_q: String,
    pub diagonal_q: String,
    pub attacks_q: String,
    /// Before a memory question's position.
    pub memory_show: String,
    pub memory_q: String,
    /// An empty square, as an answer.
    pub empty: String,
    pub right: String,
    pub wrong: String,
    /// A yes-or-no question answered wrongly: `{answer}`, the right one.
    pub wrong_yes_no: String,
    pub light: String,
    pub dark: String,
    pub yes: String,
    pub no: String,
    pub unclear_colour: String,
    pub unclear_number: String,
    pub unclear_yes_no: String,
    pub unclear_squares: String,
    pub unclear_piece: String,
    pub done: String,
    pub best: String,
    pub again: String,
    /// The word that starts another round.
    pub again_word: String,
    pub not_kept: String,
}

/// A puzzle's sentences ({placeholders} filled with
/// [`super::lexicon::fill`]) and lichess's theme names in words.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct PuzzleWords {
    pub start: String,
    pub find: String,
    pub right: String,
    pub wrong: String,
    /// The engine asked during a puzzle.
    pub no_engine: String,
    /// Something a game has and a puzzle has not (a takeback, resigning,
    /// saving, looking back).
    pub not_in_puzzle: String,
    pub solved: String,
    pub failed: String,
    pub hint_piece: String,
    pub hint_themes: String,
    pub hint_target: String,
    pub no_hints: String,
    pub rating: String,
    pub next: String,
    pub none: String,
    pub imported: String,
    pub over: String,
    pub solution: String,
    pub not_kept: String,
    /// The puzzle's link, written; and said.
    pub link: String,
    pub link_spoken: String,
    /// The online puzzles' link to lichess.
    pub asking: String,
    pub waiting: String,
    pub kept_batch: String,
    pub counted: String,
    pub results_kept: String,
    pub no_more: String,
    pub wait_minute: String,
    pub scope: String,
    pub refused: String,
    /// Practising the player's mistakes.
    pub practice_start: String,
    pub practice_puzzle: String,
    pub checking: String,
    pub as_good: String,
    pub played_again: String,
    pub practice_done: String,
    /// The dashboard.
    pub dashboard: String,
    pub weakest: String,
    pub theme_result: String,
    pub dashboard_empty: String,
    /// What asks for the dashboard in the puzzle mode (lowercase).
    pub dashboard_words: Vec<String>,
    /// The dashboard asked for away from lichess.
    pub dashboard_offline: String,
    pub replay_hint: String,
    pub replay_none: String,
    /// lichess's theme keys with their names.
    pub themes: BTreeMap<String, String>,
}

/// A Braille display's status line and sentences ({placeholders} filled
/// with [`super::lexicon::fill`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct BrailleWords {
    /// The status line: `{last}` move, `{turn}`, `{clocks}`.
    pub status: String,
    /// The last move before any move.
    pub no_move: String,
    pub white_to_move: String,
    pub black_to_move: String,
    /// Both clocks: `{white}`, `{black}`.
    pub clocks: String,
    /// The piece held, on the status line: `{piece}`.
    pub holding: String,
    /// A piece picked up by a routing key: `{piece}`, `{square}`.
    pub in_hand: String,
    /// The piece put back: `{piece}`, `{square}`.
    pub put_back: String,
    pub lost: String,
    pub back: String,
    /// A display larger than any real one: `{cells}` (in all).
    pub too_large: String,
    pub keys_dropped: String,
    pub absent: String,
    pub none: String,
    /// The view shown: `{view}`.
    pub view: String,
    /// The views' names: status, board, moves.
    pub views: Vec<String>,
}

/// Problems before a session starts, as sentences ({placeholders} filled
/// with [`super::lexicon::fill`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct StartWords {
    pub bad_time: String,
    pub bad_level: String,
    pub bad_low_time: String,
    pub insecure_server: String,
    pub bad_fen: String,
    /// The FEN's parts: placement, side, castling, en passant, halfmove
    /// clock, move number, then "the number of fields".
    pub fen_parts: Vec<String>,
    pub bad_number: String,
    pub bad_key: String,
    pub config_file: String,
    pub config_setting: String,
    /// The data folder: another voxchess uses it (`{path}`).
    pub folder_busy: String,
    /// The data folder may be written by others or is not the user's.
    pub folder_unsafe: String,
    /// The data folder cannot be made or locked: `{path}`, `{reason}`.
    pub folder_unusable: String,
    pub unknown_arg: String,
    pub bad_value: String,
    pub bad_value_of: String,
    pub missing_value: String,
    pub cannot_read: String,
    pub no_game_in_file: String,
    /// The program's output cannot be written (a full disk).
    pub cannot_write_output: String,
}

/// The game client's sentences; {placeholders} are filled with
/// [`super::grammar::render`] (or [`super::lexicon::fill`] for plain text).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ClientWords {
    pub players: String,
    pub clock: String,
    pub you_play: String,
    pub human: String,
    pub human_white: String,
    pub human_black: String,
    /// The built-in engine as a player: "{level}".
    pub builtin_engine: String,
    /// Looking back at the game: "{n}", "{side}", "{move}".
    pub viewing: String,
    pub viewing_start: String,
    pub at_start: String,
    pub at_live: String,
    pub back_to_live: String,
    pub nothing_to_stop: String,
    pub move_while_looking: String,
    pub type_help: String,
    pub game_over_prompt: String,
    pub game_over: String,
    pub score_saved: String,
    pub score_not_saved: String,
    pub time: String,
    pub engine_failed: String,
    pub engine_not_started: String,
    pub engine_no_answer: String,
    pub engine_stopped: String,
    pub engine_illegal: String,
    pub engine_no_move: String,
    pub engine_offer: String,
    pub too_long: String,
    pub empty: String,
    pub over_commands: String,
    pub engine_thinking: String,
    pub opponent_to_move: String,
    pub playing_on_with: String,
    pub cancelled: String,
    pub play_on: String,
    pub draw_declined: String,
    pub game_kept: String,
    pub no_question: String,
    pub no_claim: String,
    pub no_offer_accept: String,
    pub no_offer_decline: String,
    pub is_over: String,
    pub resign_confirm: String,
    pub not_listening: String,
    pub listening: String,
    pub voice_off: String,
    pub board_from: String,
    pub no_moves_yet: String,
    pub last_move: String,
    pub no_clock: String,
    pub material_equal: String,
    pub material_white: String,
    pub material_black: String,
    pub no_takeback: String,
    pub no_takebacks: String,
    pub taken_back: String,
    pub taken_back_item: String,
    pub engine_declines: String,
    pub draw_offer_sent: String,
    pub takeback_sent: String,
    pub takeback_proposed: String,
    pub opponent_declines_takeback: String,
    pub opponent_left: String,
    pub opponent_left_claim: String,
    pub opponent_returned: String,
    pub aborted: String,
    pub draw_offered: String,
    pub edge: String,
    pub heard: String,
    pub input_ended: String,
    pub goodbye: String,
    pub saved_resume: String,
    pub unfinished_found: String,
    pub yes_or_no: String,
    pub unfinished_kept: String,
    pub unfinished_not_kept: String,
    pub damaged_kept: String,
    pub nothing_changed: String,
    pub save_failed: String,
    pub score_failed: String,
    /// The score at the end was not written; the game is on its server.
    pub score_failed_server: String,
    /// The score at the end was not written, nor the finished game kept.
    pub score_failed_lost: String,
    /// The autosave could not be removed after the score was written.
    pub clear_failed: String,
    /// At start: the game that ended last time was written as a score.
    pub finished_written: String,
    /// At start: the game that ended last time could not be written.
    pub finished_not_written: String,
    /// `resume` with no unfinished game.
    pub no_unfinished: String,
    pub leave_not_saved: String,
    pub reason_disk_full: String,
    pub reason_not_writable: String,
    pub reason_other: String,
    pub continuing: String,
    pub no_engine: String,
    pub engine_missing: String,
    pub no_model: String,
    /// Voice input is off: no voice model exists for the language.
    pub no_model_exists: String,
    /// Problems found before a session starts (the command line, the
    /// settings file), in the session's language.
    pub start: StartWords,
    /// Playing on lichess: the lobby, logging in, the online game.
    pub online: OnlineWords,
    /// Puzzles.
    pub puzzle: PuzzleWords,
    /// Board-sight drills.
    pub drill: DrillWords,
    /// A Braille display driven through BrlAPI.
    pub braille: BrailleWords,
    pub speech_unavailable: String,
    pub speech_no_answer: String,
    pub speech_joined: String,
    pub voice_no_library: String,
    /// Voice input asked for, in a build without it.
    pub voice_not_built: String,
    pub voice_bad_model: String,
    pub no_microphone: String,
    pub help: Vec<String>,
    /// The keys of the terminal's board mode.
    pub board_keys: Vec<String>,
}

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
    pub not_next: String,
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
    /// The commands of the broadcast (a phrase, lowercase: what it names:
    /// boards, board, next, previous).
    pub commands: BTreeMap<String, String>,
}

/// Watching lichess TV (`[study.watch]`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct WatchWords {
    /// The feed is being opened: `{channel}`.
    pub opening: String,
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
