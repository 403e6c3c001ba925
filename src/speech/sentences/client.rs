//! The game client's sentences: the session, drills, puzzles, the
//! Braille display, problems before a session, voice models.

use super::*;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A drill's sentences ({placeholders} filled with
/// [`crate::speech::lexicon::fill`]) and the answer words it reads.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct DrillWords {
    pub start: String,
    /// `help` in a drill: what else it takes.
    pub help: String,
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
/// [`crate::speech::lexicon::fill`]) and lichess's theme names in words.
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
    /// `rating`: the library's rating now.
    pub rating_now: String,
    /// `rating` with lichess's puzzles: lichess keeps it.
    pub rating_online: String,
    /// `themes` while the puzzle is on.
    pub themes_later: String,
    /// `retry` while the puzzle is on.
    pub retry_live: String,
    /// `retry` after it: the puzzle once more, not counted.
    pub retry: String,
    /// `time`: how long the puzzle has taken.
    pub time_spent: String,
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
    pub leaving: String,
    pub dropped: String,
    pub scope: String,
    pub refused: String,
    /// Practising the player's mistakes.
    pub practice_start: String,
    pub practice_puzzle: String,
    pub checking: String,
    pub still_checking: String,
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
    /// The replay hint as said: the theme named, the command left to the
    /// row (no command names in speech).
    pub replay_spoken: String,
    pub replay_none: String,
    /// A library's puzzle left with `next`.
    pub skipped: String,
    /// The puzzle mode's help, a row each.
    pub help: Vec<String>,
    pub asking_daily: String,
    /// An import: puzzles there already, one cut short undone, a file
    /// not read to its end.
    pub imported_known: String,
    pub import_undone: String,
    pub index_rebuilding: String,
    pub import_cut: String,
    pub import_damaged: String,
    pub import_unread: String,
    /// `{count}`: the puzzles added before the file could not be read on.
    pub import_kept_before: String,
    pub import_nothing: String,
    /// The puzzle streak.
    pub streak_start: String,
    pub streak_first: String,
    pub streak_new: String,
    pub streak_puzzle: String,
    pub streak_count: String,
    pub streak_new_best: String,
    pub streak_wrong: String,
    pub streak_ended: String,
    pub streak_no_harder: String,
    pub streak_skipped: String,
    pub streak_no_skip: String,
    pub streak_no_hint: String,
    pub streak_again: String,
    /// "{n} puzzles": one, few, many.
    pub streak_puzzles: [String; 3],
    /// lichess's theme keys with their names.
    pub themes: BTreeMap<String, String>,
}

/// The player's kept files, named, and what became of one that could
/// not be read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct KeptFileWords {
    pub aside: String,
    pub stuck: String,
    pub puzzle_record: String,
    pub drill_bests: String,
    pub lichess_results: String,
    pub best_streak: String,
}

/// A Braille display's status line and sentences ({placeholders} filled
/// with [`crate::speech::lexicon::fill`]).
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
/// with [`crate::speech::lexicon::fill`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct StartWords {
    pub bad_time: String,
    /// The talking clock's announcement schedule cannot be read ({text}).
    pub bad_schedule: String,
    /// A required argument left out ({arg}).
    pub missing_arg: String,
    /// A required part of the command line left out ({what}: one of the
    /// `part_` words).
    pub missing_part: String,
    /// The parts of a command line, as `missing_part` names them.
    pub part_time_control: String,
    pub part_text: String,
    pub part_move: String,
    pub part_file: String,
    /// The unfinished game's save could not be put in order ({reason}: a
    /// `reason_` sentence).
    pub save_left: String,
    /// A command line that cannot be read otherwise.
    pub bad_command_line: String,
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
    pub no_such_game: String,
    /// A review's link that names no lichess game or study: `{text}`.
    pub not_a_link: String,
    pub private_study: String,
    pub terminal: String,
    /// The program's output cannot be written (a full disk).
    pub cannot_write_output: String,
    /// `{depth}` over `{max}`.
    pub perft_too_deep: String,
    /// A game file's problem: `{path}`, `{place}`, `{problem}`.
    pub bad_games: String,
    /// Moves given on the command line: `{place}`, `{problem}`.
    pub bad_moves: String,
    /// `{text}` is no move.
    pub cannot_read_move: String,
    /// No voice model for `{code}`.
    pub no_voice_model: String,
    pub speech_not_finished: String,
    pub speech_not_built: String,
    /// `say --speak`: speech-dispatcher cannot be reached, or does not answer.
    pub speech_unavailable: String,
    pub speech_no_answer: String,
    /// `voxchess config`: `{path}`.
    pub settings_file: String,
    pub settings_file_missing: String,
}

/// What is wrong in a game file (PGN), as sentence parts: the place
/// (`game`, `line`, `at_move` with `{number}` and `{side}`) and the
/// problem ({placeholders} filled with [`crate::speech::lexicon::fill`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct PgnWords {
    pub game: String,
    pub line: String,
    pub at_move: String,
    pub too_long: String,
    pub tag_not_closed: String,
    pub bad_tag: String,
    pub comment_not_closed: String,
    pub too_deep: String,
    pub stray_close: String,
    pub no_opening: String,
    pub bad_nag: String,
    pub annotation_first: String,
    pub variation_first: String,
    pub empty_variation: String,
    pub variation_not_closed: String,
    pub not_a_move: String,
    pub ambiguous: String,
    pub promotion: String,
    pub piece_letter: String,
    pub bad_fen: String,
}

/// `voxchess models`: the list, an install's steps and why it failed
/// ({placeholders} filled with [`crate::speech::lexicon::fill`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ModelsWords {
    /// A model: `{lang}`, `{name}`, `{size}` (MB), `{state}`.
    pub line: String,
    pub installed: String,
    pub not_installed: String,
    pub downloading: String,
    pub percent: String,
    pub pinned: String,
    pub published: String,
    pub installed_in: String,
    pub unknown: String,
    pub download: String,
    pub too_large: String,
    pub checksum: String,
    pub damaged: String,
    pub unpacks_too_large: String,
    pub cannot_write: String,
    /// Why a download failed: the server cannot be reached, answered
    /// `{status}`, came too slowly, or PyPI's list cannot be used.
    pub net_unreachable: String,
    pub net_status: String,
    pub net_too_slow: String,
    pub net_bad_index: String,
}

/// The game client's sentences; {placeholders} are filled with
/// [`crate::speech::grammar::render`] (or [`crate::speech::lexicon::fill`] for plain text).
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
    /// A move made on the opponent's turn: `{move}`.
    pub premove_kept: String,
    pub premove_played: String,
    pub premove_dropped: String,
    pub premove_cancelled: String,
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
    /// The player's kept files that could not be read.
    pub kept_files: KeptFileWords,
    pub nothing_changed: String,
    pub save_failed: String,
    pub score_failed: String,
    /// The score at the end was not written; the game is on its server.
    pub score_failed_server: String,
    /// A game from a review's position whose score could not be written:
    /// a line of that review now. `{reason}`.
    pub score_failed_review: String,
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
    /// What is wrong in a game file.
    pub pgn: PgnWords,
    /// Playing on lichess: the lobby, logging in, the online game.
    pub online: OnlineWords,
    /// Puzzles.
    pub puzzle: PuzzleWords,
    /// Board-sight drills.
    pub drill: DrillWords,
    /// Voice models: `voxchess models`.
    pub models: ModelsWords,
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
    /// A request's answer is awaited (said after a moment): lichess, the
    /// opening explorer, the tablebase.
    pub asking_lichess: String,
    pub asking_explorer: String,
    pub asking_tablebase: String,
    pub help: Vec<String>,
    /// The keys of the terminal's board mode.
    pub board_keys: Vec<String>,
}
