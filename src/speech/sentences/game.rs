//! The words of a game: moves, pieces, squares, times, the board, the
//! engine, questions, reasons and what is not understood.

use crate::rules::{Color, Role};
use crate::speech::grammar::Word;
use serde::Deserialize;

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

/// Nouns said with a count, [one, few, many] as the time units: the
/// number and its noun agree in every language ("1 задача", "2 задачи",
/// "5 задач"; "1 Aufgabe", "2 Aufgaben").
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct CountWords {
    pub puzzle: [String; 3],
    pub row: [String; 3],
    pub challenge: [String; 3],
    pub round: [String; 3],
    pub day: [String; 3],
    pub question: [String; 3],
    pub percent: [String; 3],
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
    /// Minutes and seconds after a preposition that governs another case
    /// ("за 1 минуту"), where the language's forms differ.
    #[serde(default)]
    pub minute_after: Option<[String; 3]>,
    #[serde(default)]
    pub second_after: Option<[String; 3]>,
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

/// Words with grammar (see [`crate::speech::grammar`]).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrammarWords {
    /// Piece names.
    pub pieces: RoleWords,
    /// The sides.
    pub sides: SideWords,
}

/// Why a move is not possible: one sentence per reason (see
/// [`crate::rules::IllegalReason`]), filled by [`crate::speech::grammar::render`].
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
