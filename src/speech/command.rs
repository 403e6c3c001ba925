//! Commands said or typed: the board, pieces, scans, squares, the score, the
//! clock, draws, resigning, help.

use super::hear::{Heard, hear, words_of};
use super::lexicon::{Lexicon, Meaning};
use crate::rules::{Color, File, Rank, Role, Square};

/// The views of a Braille display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrailleView {
    /// The status line, and the lines shown before it.
    Status,
    /// The board, a rank a line.
    Board,
    /// The moves, panned by line.
    Moves,
}

/// What the player asks of the game itself, the same whoever the
/// opponent is: the one enum the resolver's commands and the game's
/// actions share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back the last move.
    Takeback,
    /// Offer a draw.
    OfferDraw,
    /// Claim a draw (9.2, 9.3).
    ClaimDraw,
    /// Accept an offer.
    Accept,
    /// Decline an offer.
    Decline,
    /// Resign (always confirmed).
    Resign,
    /// Claim the win when the opponent left a game on a server.
    ClaimVictory,
    /// Call a game on a server off before it counts.
    Abort,
    /// Give the opponent 15 seconds (a game on a server).
    GiveTime,
    /// Go berserk in an arena's game, before the player's first move.
    Berserk,
}

/// A command to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Read the board rank by rank.
    Board,
    /// Describe all pieces.
    Pieces,
    /// Pieces of one kind ("white knights"); no colour means the player's own.
    PiecesOf {
        /// Whose; None means the side to move.
        color: Option<Color>,
        /// What kind.
        role: Role,
    },
    /// Scan a file from rank 1 to 8.
    ScanFile(File),
    /// Scan a rank from file a to h.
    ScanRank(Rank),
    /// What stands on a square.
    Square(Square),
    /// Enemy pieces attacking a square.
    Attackers(Square),
    /// Own pieces defending a square.
    Defenders(Square),
    /// Legal moves of the piece on a square.
    LegalMoves(Square),
    /// The last move.
    LastMove,
    /// The last N moves.
    LastMoves(u32),
    /// The whole score of the game.
    Score,
    /// Say the last announcement again.
    Repeat,
    /// The clocks.
    Time,
    /// Something asked of the game itself (a takeback, a draw, resigning, ...).
    Game(GameCommand),
    /// The list of commands.
    Help,
    /// Stop voice input.
    StopListening,
    /// Start voice input again.
    StartListening,
    /// Cut speech short ("stop").
    Silence,
    /// The material balance.
    Material,
    /// Whose move it is.
    WhoseMove,
    /// The pieces attacked and not defended, both sides.
    Hanging,
    /// From a square, each direction to the first piece.
    ScanFrom(Square),
    /// Each side's pawns by file, doubled, isolated and passed ones named.
    Pawns,
    /// The pieces of one side, kind by kind.
    SidePieces(Color),
    /// The opponent's name and rating (lichess's `o`).
    Opponent,
    /// The game at a glance: who plays, whose move, the clocks (`g`).
    Status,
    /// Turn the board (for the terminal view).
    Flip,
    /// Show a view on the Braille display.
    Braille(BrailleView),
    /// Leave the game (it is kept).
    Quit,
    /// Write the score as PGN.
    Save,
    /// The position as FEN.
    Fen,
    /// A question to the engine about the position.
    Engine(EngineQuestion),
    /// Read the chat (None), or send a line to it.
    Chat(Option<String>),
    /// Look at the position one move earlier (nothing is taken back).
    LookBack,
    /// Look at the position one move later.
    LookForward,
    /// Back to the live position.
    LookLive,
    /// Which position is in view.
    WhereAmI,
    /// The start of the game (in review).
    GoStart,
    /// The end of the line (in review; the live position in a game).
    GoEnd,
    /// The position after move `number` of `color` (White when None).
    GoTo {
        /// The move's number.
        number: u32,
        /// Whose move.
        color: Option<Color>,
    },
    /// The variations of the next move.
    Variations,
    /// Into variation N of the next move.
    Variation(u32),
    /// Out of the variation, back to where it began.
    MainLine,
    /// The comment of the move in view again.
    Comment,
    /// Find the mistakes of the game.
    Analyse,
    /// The next move marked by the analysis.
    NextMistake,
    /// The player's mistakes found by the analysis, as puzzles.
    Practise,
    /// A puzzle's solution, played to its end.
    Solution,
    /// The player's puzzle rating.
    Rating,
    /// A puzzle's themes.
    Themes,
    /// The puzzle just played, once more (not counted).
    Retry,
    /// The opening explorer about the position in view: the masters'
    /// games, or (`lichess`) the games played on lichess.
    Explorer {
        /// lichess's database rather than the masters'.
        lichess: bool,
    },
    /// The endgame tablebase about the position in view.
    Tablebase,
    /// The previous move marked by the analysis.
    PreviousMistake,
    /// The engine's first choice, played into the line in view.
    PlayBest,
    /// Remove the variation in view (asked first).
    DeleteLine,
    /// Make the variation in view the main line.
    PromoteLine,
    /// The longest thinks of each side (from the clocks in the comments).
    SlowestMoves,
    /// Chapter (or game) N of the study (or file) under review.
    Chapter(u32),
    /// The next chapter.
    NextChapter,
    /// The previous chapter.
    PreviousChapter,
    /// The chapters, by number and name.
    Chapters,
    /// Set up a position, starting from the one in view.
    Setup,
    /// After a game on lichess: challenge the same opponent again, the
    /// same clock, the colours swapped.
    Rematch,
    /// A game from the position in view: against the engine (at `level`,
    /// else the settings'), or two people here (`human`), with a clock
    /// (`control`, as typed: "10+5") or the settings'.
    PlayFromHere {
        /// The engine's level.
        level: Option<u32>,
        /// Two people at this computer.
        human: bool,
        /// The time control, as typed.
        control: Option<String>,
    },
}

/// What the player asks the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineQuestion {
    /// How the position stands.
    Eval,
    /// The best move here.
    Best,
    /// What the other side would play if it moved now.
    Threat,
    /// The best N moves, each with its evaluation.
    Top(u32),
}

/// The command as the English phrase that asks for it ("attackers e4"),
/// for `voxchess parse` and logs: never Rust's debug text.
impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let role = |r: &Role| format!("{r:?}").to_lowercase();
        match self {
            Command::PiecesOf { color: Some(c), role: r } => {
                write!(f, "pieces of {} {}", c.name().to_lowercase(), role(r))
            }
            Command::PiecesOf { color: None, role: r } => write!(f, "pieces of {}", role(r)),
            Command::ScanFile(file) => write!(f, "scan file {}", file.char()),
            Command::ScanRank(rank) => write!(f, "scan rank {}", rank.char()),
            Command::Square(s) => write!(f, "what is on {s}"),
            Command::Attackers(s) => write!(f, "attackers {s}"),
            Command::Defenders(s) => write!(f, "defenders {s}"),
            Command::LegalMoves(s) => write!(f, "moves of {s}"),
            Command::ScanFrom(s) => write!(f, "scan from {s}"),
            Command::SidePieces(c) => write!(f, "{} pieces", c.name().to_lowercase()),
            Command::LastMoves(n) => write!(f, "last {n} moves"),
            Command::GoTo { number, color: Some(c) } => write!(f, "go to move {number} of {}", c.name().to_lowercase()),
            Command::GoTo { number, color: None } => write!(f, "go to move {number}"),
            Command::Variation(n) => write!(f, "variation {n}"),
            Command::Chapter(n) => write!(f, "chapter {n}"),
            Command::Explorer { lichess: false } => f.write_str("explorer"),
            Command::Explorer { lichess: true } => f.write_str("explorer lichess"),
            Command::Engine(EngineQuestion::Eval) => f.write_str("eval"),
            Command::Engine(EngineQuestion::Best) => f.write_str("best"),
            Command::Engine(EngineQuestion::Threat) => f.write_str("threat"),
            Command::Engine(EngineQuestion::Top(n)) => write!(f, "top {n}"),
            Command::Game(g) => f.write_str(&words_of_name(&format!("{g:?}"))),
            Command::PlayFromHere { level, human, control } => {
                f.write_str("play from here")?;
                if let Some(n) = level {
                    write!(f, " level {n}")?;
                }
                if *human {
                    f.write_str(" human")?;
                }
                match control {
                    Some(c) => write!(f, " {c}"),
                    None => Ok(()),
                }
            }
            other => f.write_str(&words_of_name(&format!("{other:?}"))),
        }
    }
}

/// A variant's name in words: "OfferDraw" is "offer draw".
fn words_of_name(name: &str) -> String {
    let mut words = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    words
}

/// A command that needs an argument it did not get.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// A square is missing ("what is on" without a square).
    #[error("'{0}' needs a square, like e4")]
    NeedsSquare(String),
    /// A file or rank is missing.
    #[error("'{0}' needs a file or a rank, like e or 4")]
    NeedsLine(String),
    /// A piece kind is missing.
    #[error("'{0}' needs a kind of piece, like knights")]
    NeedsPiece(String),
    /// A move number is missing.
    #[error("'{0}' needs a move number, like 20")]
    NeedsNumber(String),
}

/// The number written in a word: its leading digits ("20", "20th",
/// "20-й", "20수").
fn written_number(word: &str) -> Option<u32> {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

struct Args {
    color: Option<Color>,
    role: Option<Role>,
    file: Option<File>,
    rank: Option<Rank>,
    /// The first rank any word can mean, even one read as the file (Korean
    /// 이 is the file e and the number two): "가로줄 이" is rank 2.
    any_rank: Option<Rank>,
    number: Option<u32>,
}

fn args_of(heard: &[Heard]) -> Args {
    let mut a = Args { color: None, role: None, file: None, rank: None, any_rank: None, number: None };
    for h in heard {
        // A word read as the file is not also the rank ("이 사" is e4, not e2).
        let mut took_file = false;
        for s in &h.senses {
            match s.meaning {
                Meaning::Color(c) if a.color.is_none() => a.color = Some(c),
                Meaning::Piece(r) if a.role.is_none() => a.role = Some(r),
                Meaning::File(f) if a.file.is_none() && h.senses.iter().all(|x| x.cost >= s.cost) => {
                    a.file = Some(f);
                    took_file = true;
                }
                Meaning::Rank(r) if a.any_rank.is_none() && s.cost == 0.0 => a.any_rank = Some(r),
                _ => {}
            }
            match s.meaning {
                Meaning::Rank(r) if a.rank.is_none() && !took_file => a.rank = Some(r),
                Meaning::Number(n) if a.number.is_none() => a.number = Some(n),
                _ => {}
            }
        }
    }
    a
}

/// Finds the command phrase at the start of the words, the longest first.
fn command_at_start<'a>(lex: &'a Lexicon, words: &[String]) -> Option<(&'a str, usize)> {
    for len in (1..=lex.longest_phrase.min(words.len())).rev() {
        let phrase = words[..len].join(" ");
        if let Some(name) = lex.commands.get(&phrase) {
            return Some((name.as_str(), len));
        }
    }
    None
}

/// lichess's blind-mode short commands, typed: `p N` (the pieces of a
/// kind: a capital letter White's, a small one Black's, in the session's
/// notation or English), `s a` and `s 1` (scan a file or a rank), `c`
/// (the clocks), `l` (the last move), `o` (the opponent), `v` (the
/// board), `g` (the game at a glance), `x d4` (the lines from a square).
/// The same in every language.
pub(crate) fn short_command(notation: crate::notation::NotationLang, text: &str) -> Option<Command> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        [w] if w.eq_ignore_ascii_case("c") => Some(Command::Time),
        [w] if w.eq_ignore_ascii_case("l") => Some(Command::LastMove),
        [w] if w.eq_ignore_ascii_case("o") => Some(Command::Opponent),
        [w] if w.eq_ignore_ascii_case("v") => Some(Command::Board),
        [w] if w.eq_ignore_ascii_case("g") => Some(Command::Status),
        [x, square] if x.eq_ignore_ascii_case("x") => {
            Square::parse(&square.to_ascii_lowercase()).map(Command::ScanFrom)
        }
        [s, line] if s.eq_ignore_ascii_case("s") => {
            let mut chars = line.chars();
            let c = chars.next()?.to_ascii_lowercase();
            if chars.next().is_some() {
                return None;
            }
            File::from_char(c).map(Command::ScanFile).or_else(|| Rank::from_char(c).map(Command::ScanRank))
        }
        [p, letter] if p.eq_ignore_ascii_case("p") => {
            let (role, capital) =
                notation.piece_named(letter).or_else(|| crate::notation::NotationLang::English.piece_named(letter))?;
            let color = if capital { Color::White } else { Color::Black };
            Some(Command::PiecesOf { color: Some(color), role })
        }
        _ => None,
    }
}

/// A chat line to send: the chat command's word, then the text as typed
/// (its case and punctuation kept).
pub(crate) fn chat_line(lex: &Lexicon, text: &str) -> Option<String> {
    let text = text.trim();
    let (first, rest) = text.split_once(char::is_whitespace)?;
    let is_chat = lex.commands.get(&first.to_lowercase()).is_some_and(|c| c == "chat");
    let rest = rest.trim();
    (is_chat && !rest.is_empty()).then(|| rest.to_string())
}

/// Reads a command from a transcript; None when it is not a command.
pub(crate) fn parse_command(lex: &Lexicon, transcript: &str) -> Option<Result<Command, CommandError>> {
    let words = words_of(transcript);
    if words.is_empty() {
        return None;
    }
    // "knights", "white knights": pieces of a kind, by the plural name alone.
    let heard_all = hear(lex, transcript);
    let plural = |h: &Heard| Role::ALL.into_iter().find(|r| lex.piece(*r, 1).to_lowercase() == h.text);
    match heard_all.as_slice() {
        [h] if plural(h) == Some(Role::Pawn) => return Some(Ok(Command::Pawns)),
        [h] if plural(h).is_some() => {
            return Some(Ok(Command::PiecesOf { color: None, role: plural(h)? }));
        }
        [c, h] if plural(h).is_some() && c.senses.iter().any(|s| matches!(s.meaning, Meaning::Color(_))) => {
            let color = c.senses.iter().find_map(|s| match s.meaning {
                Meaning::Color(col) => Some(col),
                _ => None,
            });
            return Some(Ok(Command::PiecesOf { color, role: plural(h)? }));
        }
        _ => {}
    }
    let (name, len) = command_at_start(lex, &words)?;
    let phrase = words[..len].join(" ");
    let rest = words[len..].join(" ");
    let args = args_of(&hear(lex, &rest));
    let square = args.file.zip(args.rank).map(|(f, r)| Square::from_coords(f, r));
    let need_square = |make: fn(Square) -> Command| square.map(make).ok_or(CommandError::NeedsSquare(phrase.clone()));
    let result = match name {
        "board" => Ok(Command::Board),
        "hanging" => Ok(Command::Hanging),
        "opponent" => Ok(Command::Opponent),
        "status" => Ok(Command::Status),
        "white_pieces" => Ok(Command::SidePieces(Color::White)),
        "black_pieces" => Ok(Command::SidePieces(Color::Black)),
        "pieces" => match args.role {
            Some(role) => Ok(Command::PiecesOf { color: args.color, role }),
            None => Ok(Command::Pieces),
        },
        "pieces_of" => args
            .role
            .map(|role| Command::PiecesOf { color: args.color, role })
            .ok_or(CommandError::NeedsPiece(phrase.clone())),
        "scan" => {
            let wants_rank = lex.out.rank.to_lowercase() == phrase || phrase.ends_with(&lex.out.rank.to_lowercase());
            let rank = if wants_rank { args.rank.or(args.any_rank) } else { args.rank };
            let wants_file = lex.out.file.to_lowercase() == phrase || phrase.ends_with(&lex.out.file.to_lowercase());
            match (args.file, rank) {
                // A square: each direction from it to the first piece.
                (Some(f), Some(r)) if !wants_rank && !wants_file => Ok(Command::ScanFrom(Square::from_coords(f, r))),
                (_, Some(r)) if wants_rank || args.file.is_none() => Ok(Command::ScanRank(r)),
                (Some(f), _) => Ok(Command::ScanFile(f)),
                _ => Err(CommandError::NeedsLine(phrase.clone())),
            }
        }
        "square" => need_square(Command::Square),
        "attackers" => need_square(Command::Attackers),
        "defenders" => need_square(Command::Defenders),
        "legal_moves" => need_square(Command::LegalMoves),
        "last_move" => Ok(Command::LastMove),
        "last_moves" => Ok(args.number.map_or(Command::LastMove, |n| Command::LastMoves(n.clamp(1, 999)))),
        "score" => Ok(Command::Score),
        "repeat" => Ok(Command::Repeat),
        "time" => Ok(Command::Time),
        "takeback" => Ok(Command::Game(GameCommand::Takeback)),
        "offer_draw" => Ok(Command::Game(GameCommand::OfferDraw)),
        "claim_draw" => Ok(Command::Game(GameCommand::ClaimDraw)),
        "accept" => Ok(Command::Game(GameCommand::Accept)),
        "decline" => Ok(Command::Game(GameCommand::Decline)),
        "resign" => Ok(Command::Game(GameCommand::Resign)),
        "claim_victory" => Ok(Command::Game(GameCommand::ClaimVictory)),
        "abort" => Ok(Command::Game(GameCommand::Abort)),
        "give_time" => Ok(Command::Game(GameCommand::GiveTime)),
        "berserk" => Ok(Command::Game(GameCommand::Berserk)),
        "chat" => Ok(Command::Chat(None)),
        "help" => Ok(Command::Help),
        "stop_listening" => Ok(Command::StopListening),
        "start_listening" => Ok(Command::StartListening),
        "silence" => Ok(Command::Silence),
        "material" => Ok(Command::Material),
        "whose_move" => Ok(Command::WhoseMove),
        "flip" => Ok(Command::Flip),
        "braille_status" => Ok(Command::Braille(BrailleView::Status)),
        "braille_board" => Ok(Command::Braille(BrailleView::Board)),
        "braille_moves" => Ok(Command::Braille(BrailleView::Moves)),
        "quit" => Ok(Command::Quit),
        "save" => Ok(Command::Save),
        "fen" => Ok(Command::Fen),
        "look_back" => Ok(Command::LookBack),
        "look_forward" => Ok(Command::LookForward),
        "look_live" => Ok(Command::LookLive),
        "look_where" => Ok(Command::WhereAmI),
        "eval" => Ok(Command::Engine(EngineQuestion::Eval)),
        "best" => Ok(Command::Engine(EngineQuestion::Best)),
        "threat" => Ok(Command::Engine(EngineQuestion::Threat)),
        "top" => Ok(Command::Engine(EngineQuestion::Top(args.number.unwrap_or(3).clamp(1, 5)))),
        "review_start" => Ok(Command::GoStart),
        "review_end" => Ok(Command::GoEnd),
        "goto" | "goto_white" | "goto_black" => {
            let color = match name {
                "goto_white" => Some(Color::White),
                "goto_black" => Some(Color::Black),
                _ => args.color,
            };
            let number = words[len..].iter().find_map(|w| written_number(w)).or(args.number);
            number.map(|number| Command::GoTo { number, color }).ok_or(CommandError::NeedsNumber(phrase.clone()))
        }
        "variation" => {
            let number = words[len..].iter().find_map(|w| written_number(w)).or(args.number);
            Ok(number.map_or(Command::Variations, Command::Variation))
        }
        "main_line" => Ok(Command::MainLine),
        "comment" => Ok(Command::Comment),
        "analyse" => Ok(Command::Analyse),
        "practise" => Ok(Command::Practise),
        "explorer" => Ok(Command::Explorer { lichess: false }),
        "explorer_lichess" => Ok(Command::Explorer { lichess: true }),
        "tablebase" => Ok(Command::Tablebase),
        "next_mistake" => Ok(Command::NextMistake),
        "solution" => Ok(Command::Solution),
        "rating" => Ok(Command::Rating),
        "themes" => Ok(Command::Themes),
        "retry" => Ok(Command::Retry),
        "previous_mistake" => Ok(Command::PreviousMistake),
        "play_best" => Ok(Command::PlayBest),
        "delete_line" => Ok(Command::DeleteLine),
        "promote_line" => Ok(Command::PromoteLine),
        "slowest_moves" => Ok(Command::SlowestMoves),
        "chapter" => {
            let number = words[len..].iter().find_map(|w| written_number(w)).or(args.number);
            Ok(number.map_or(Command::Chapters, Command::Chapter))
        }
        "next_chapter" => Ok(Command::NextChapter),
        "setup" => Ok(Command::Setup),
        "rematch" => Ok(Command::Rematch),
        "previous_chapter" => Ok(Command::PreviousChapter),
        "play_from_here" | "play_from_here_human" => {
            // A time control is a typed token with a plus ("10+5"); the
            // level is a number among the other words.
            let is_control = |t: &str| t.contains('+');
            let control = transcript.split_whitespace().find(|t| is_control(t)).map(str::to_string);
            let others: Vec<&str> = transcript.split_whitespace().filter(|t| !is_control(t)).collect();
            let level = words_of(&others.join(" ")).iter().skip(len).find_map(|w| written_number(w));
            Ok(Command::PlayFromHere { level, human: name == "play_from_here_human", control })
        }
        _ => return None,
    };
    Some(result)
}
