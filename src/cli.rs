//! Command-line arguments (clap). The binary only parses and wires; the work
//! lives in the library.

use crate::config::Settings;
use crate::notation::NotationLang;
use crate::speech::{Confirm, SpeechLang, Style};
use crate::study::drill::DrillKind;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// voxchess: chess for blind and visually impaired players.
#[derive(Debug, Parser)]
#[command(name = "voxchess", version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do (default: play, continuing an unfinished game if there is one).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Without a subcommand, the options of `play`.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (the last line is the count).
    Perft(PerftArgs),
    /// Print the final FEN of each game of a PGN file or of a move list.
    Fen(FenArgs),
    /// Describe a position in words: kings, queens, rooks, bishops, knights, pawns.
    Position(PositionArgs),
    /// Read a PGN file (any notation language) and write it as standard PGN.
    Pgn(PgnArgs),
    /// Play a game: against an engine, or two people at one computer.
    Play(PlayArgs),
    /// Continue the unfinished game.
    Resume(ResumeArgs),
    /// Step through a game of a PGN file, ask the engine, find the mistakes.
    Review(ReviewArgs),
    /// Show the settings file's path and the effective settings.
    Config,
    /// Resolve spoken or typed words to a move, a question, a refusal or a command.
    Parse(ParseArgs),
    /// Print the words that would be spoken for a move.
    Say(SayArgs),
    /// A talking chess clock for a game on a real board.
    Clock(ClockArgs),
    /// Decode a WAV file as the microphone would and resolve what was said.
    Listen(ListenArgs),
    /// List or install voice models.
    Models(ModelsArgs),
    /// Play on lichess: the lobby (challenges, seeks, your games), or log in and out.
    Online(OnlineArgs),
    /// Puzzles by ear from the offline library, or import lichess's puzzle file.
    Puzzle(PuzzleArgs),
    /// Board-sight drills: colours, knight routes, diagonals, attacks, memory.
    Drill(DrillArgs),
    /// Set up a position piece by piece, then review it (the analysis board).
    Setup(SetupArgs),
}

/// `voxchess setup`.
#[derive(Debug, Args)]
pub struct SetupArgs {
    /// Start from this position (FEN) rather than an empty board.
    #[command(flatten)]
    pub fen: FenArg,
    /// Language and style of the words.
    #[command(flatten)]
    pub words: SessionWords,
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `voxchess drill`.
#[derive(Debug, Args)]
pub struct DrillArgs {
    /// Which drill: colours, knight, diagonals, attacks or memory.
    #[arg(value_parser = drill_kind(), default_value = "colours")]
    pub drill: DrillKind,
    /// Language and style of the words.
    #[command(flatten)]
    pub words: SessionWords,
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// The names of the drills, as `voxchess drill` takes them (and its help
/// lists them).
fn drill_kind() -> impl clap::builder::TypedValueParser<Value = DrillKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(DrillKind::ALL.map(DrillKind::key)).try_map(|s| s.parse::<DrillKind>())
}

/// `voxchess puzzle`.
#[derive(Debug, Args)]
#[command(mut_args = global_option)]
pub struct PuzzleArgs {
    /// import FILE: take lichess's puzzle database (CSV) into the library.
    #[command(subcommand)]
    pub action: Option<PuzzleAction>,
    /// Only puzzles with this lichess theme (fork, pin, mateIn2, ...).
    #[arg(long)]
    pub theme: Option<String>,
    /// Only puzzles rated in this band: MIN-MAX, for example 1400-1600.
    #[arg(long, value_parser = rating_band)]
    pub rating: Option<(u32, u32)>,
    /// Language and style of the words.
    #[command(flatten)]
    pub words: SessionWords,
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What `voxchess puzzle` does besides playing.
#[derive(Debug, Subcommand)]
pub enum PuzzleAction {
    /// Import lichess's puzzle database (lichess_db_puzzle.csv, unpacked) or any file of its form.
    Import {
        /// The CSV file.
        file: PathBuf,
    },
    /// lichess's daily puzzle (no login needed), then the library's.
    Daily {
        /// The lichess server (default https://lichess.org; http:// only for this computer).
        #[arg(long)]
        server: Option<String>,
    },
    /// lichess puzzles with your token, counted on your lichess rating: online fork harder.
    Online {
        /// A theme (fork, pin, mateIn2, mix, ...) and a difficulty (easiest, easier, normal, harder, hardest).
        words: Vec<String>,
        /// The difficulty, relative to your lichess puzzle rating.
        #[arg(long, value_parser = difficulty)]
        difficulty: Option<crate::online::puzzle::Difficulty>,
        /// The lichess server (default https://lichess.org; http:// only for this computer).
        #[arg(long)]
        server: Option<String>,
    },
    /// Your lichess puzzle dashboard in words: results and weakest themes.
    Dashboard {
        /// Over how many days (1 to 365).
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=365))]
        days: u32,
        /// The lichess server (default https://lichess.org; http:// only for this computer).
        #[arg(long)]
        server: Option<String>,
    },
    /// The puzzle streak from the library: rising ratings, one wrong move ends it.
    Streak {
        /// Only puzzles with this lichess theme (fork, pin, mateIn2, ...).
        #[arg(long)]
        theme: Option<String>,
    },
    /// Replay the lichess puzzles of a theme you failed lately.
    Replay {
        /// The theme (fork, pin, ..., or mix for all).
        theme: String,
        /// Failed in how many days (1 to 365).
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=365))]
        days: u32,
        /// The lichess server (default https://lichess.org; http:// only for this computer).
        #[arg(long)]
        server: Option<String>,
    },
}

/// The options of a session, taken after a subcommand too
/// (`voxchess puzzle daily --plain --lang ru`): a command with
/// subcommands makes them global, so that each of its subcommands takes
/// them where the user types them.
pub const SESSION_OPTIONS: [&str; 8] =
    ["lang", "style", "plain", "no_speech", "no_voice", "braille", "low_time", "server"];

/// An option of [`SESSION_OPTIONS`] made global; any other as it is.
fn global_option(arg: clap::Arg) -> clap::Arg {
    if SESSION_OPTIONS.contains(&arg.get_id().as_str()) { arg.global(true) } else { arg }
}

/// A difficulty: easiest, easier, normal, harder or hardest.
fn difficulty(text: &str) -> Result<crate::online::puzzle::Difficulty, String> {
    crate::online::puzzle::Difficulty::parse(text)
        .ok_or_else(|| "the difficulty is one of: easiest, easier, normal, harder, hardest".to_string())
}

/// A rating band: "1400-1600".
fn rating_band(text: &str) -> Result<(u32, u32), String> {
    let (lo, hi) = text.split_once('-').ok_or_else(|| format!("'{text}' is not a band like 1400-1600"))?;
    let num = |t: &str| t.trim().parse::<u32>().ok().filter(|n| *n <= 4000);
    match (num(lo), num(hi)) {
        (Some(lo), Some(hi)) if lo <= hi => Ok((lo, hi)),
        _ => Err(format!("'{text}' is not a band like 1400-1600")),
    }
}

/// `voxchess online`.
#[derive(Debug, Args)]
#[command(mut_args = global_option)]
pub struct OnlineArgs {
    /// login (a token from stdin or a hidden prompt) or logout; none: the lobby.
    #[command(subcommand)]
    pub action: Option<OnlineAction>,
    /// The lichess server (default https://lichess.org; http:// for a local one).
    #[arg(long)]
    pub server: Option<String>,
    /// Language: en, ru, de, ko.
    #[arg(long)]
    pub lang: Option<SpeechLang>,
    /// Announcements: brief, full, fide, nato.
    #[arg(long)]
    pub style: Option<Style>,
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// What `voxchess online` does besides the lobby.
#[derive(Debug, Subcommand)]
pub enum OnlineAction {
    /// Keep a personal API token (checked with the server first).
    Login,
    /// Forget the token.
    Logout,
}

/// `voxchess listen`.
#[derive(Debug, Args)]
pub struct ListenArgs {
    /// A WAV file of any rate or channel count.
    #[arg(long)]
    pub wav: PathBuf,
    /// The vosk model folder (default: the installed model of the language).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// The position.
    #[command(flatten)]
    pub position: FenArg,
    /// The language of the words.
    #[command(flatten)]
    pub words: WordsLang,
    /// Also print the time from the end of the audio to the intent.
    #[arg(long)]
    pub timing: bool,
}

/// `voxchess models`.
#[derive(Debug, Args)]
#[command(mut_args = global_option)]
pub struct ModelsArgs {
    /// list, or install LANG.
    #[command(subcommand)]
    pub action: ModelsAction,
    /// Language: en, ru, de, ko.
    #[arg(long)]
    pub lang: Option<SpeechLang>,
}

/// What to do with models.
#[derive(Debug, Subcommand)]
pub enum ModelsAction {
    /// The known models and whether they are installed.
    List,
    /// Download and unpack the small model of a language (en, ru or ko).
    Install {
        /// en, ru or ko.
        #[arg(value_name = "LANG")]
        model: String,
    },
}

/// `voxchess clock`.
#[derive(Debug, Args)]
pub struct ClockArgs {
    /// The time control: 15+10, 5 d3, 40/90+30, 30+30, or "3+2 | 5+0" for White | Black.
    #[arg(required = true, num_args = 1..)]
    pub control: Vec<String>,
    /// Plain lines: keys are typed as letters or words, each followed by Enter.
    #[arg(long)]
    pub plain: bool,
    /// The language of the words.
    #[command(flatten)]
    pub words: WordsLang,
    /// Print only; do not speak.
    #[arg(long)]
    pub no_speech: bool,
    /// The blind player's colour, for "own time" and "opponent's time".
    #[arg(long, default_value = "white")]
    pub me: ColorArg,
    /// White's clock starts with White's first key press instead of at once (6.5 starts it at once).
    #[arg(long)]
    pub start_on_first_move: bool,
    /// Say the mover's own time after each of their moves.
    #[arg(long)]
    pub announce_own: bool,
    /// No scheduled announcements (times only on request).
    #[arg(long)]
    pub silent: bool,
    /// When to call the time: "10:1, 60:10, 600:60, *:300" (up to SECONDS:every SECONDS).
    #[arg(long)]
    pub schedule: Option<String>,
    /// Call the time every second under this many seconds (0 to 3600).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(0..=3600))]
    pub low_time: Option<u32>,
    /// After a flag falls, play may go on until the other flag falls (14.6, 14.8).
    #[arg(long)]
    pub play_on_after_flag: bool,
}

/// A colour on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ColorArg {
    /// White.
    White,
    /// Black.
    Black,
}

/// `voxchess parse`: exit 0 for a move or command, 3 for a question, 2 for a refusal.
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// The position.
    #[command(flatten)]
    pub position: FenArg,
    /// Moves from the initial position leading to the position.
    #[arg(long, conflicts_with = "fen")]
    pub moves: Option<String>,
    /// The language of the words.
    #[command(flatten)]
    pub words: WordsLang,
    /// When to ask before playing: always, unsure, never.
    #[arg(long, default_value = "unsure")]
    pub confirm: Confirm,
    /// Read the words as a speech recognizer's transcript (sound-alikes are
    /// asked about); without it they are read as typed, literally.
    #[arg(long)]
    pub heard: bool,
    /// The words heard or typed.
    #[arg(required = true, num_args = 1..)]
    pub text: Vec<String>,
}

/// `voxchess say`.
#[derive(Debug, Args)]
pub struct SayArgs {
    /// The position.
    #[command(flatten)]
    pub position: FenArg,
    /// The language of the words.
    #[command(flatten)]
    pub words: WordsLang,
    /// brief, full, fide or nato.
    #[arg(long, default_value = "brief")]
    pub style: Style,
    /// Also speak the words through speech-dispatcher.
    #[arg(long)]
    pub speak: bool,
    /// The move in any notation.
    #[arg(required = true, num_args = 1..)]
    pub mv: Vec<String>,
}

/// `voxchess play`.
#[derive(Debug, Args, Default)]
pub struct PlayArgs {
    /// white, black or random.
    #[arg(long)]
    pub color: Option<crate::config::ColorChoice>,
    /// engine or human (a blind and a sighted player at one computer).
    #[arg(long)]
    pub opponent: Option<crate::config::OpponentKind>,
    /// A UCI engine program (default: Stockfish when installed).
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// Engine strength 1-20.
    #[arg(long)]
    pub level: Option<u8>,
    /// Time control, like 15+10 or "40/90+30, 30+30".
    #[arg(long)]
    pub time: Option<crate::config::Parsed<crate::clock::Controls>>,
    /// Language and style of the words.
    #[command(flatten)]
    pub words: SessionWords,
    /// Confirm moves: always, unsure, never.
    #[arg(long)]
    pub confirm: Option<Confirm>,
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
    /// No engine help in this game: eval, best move, threat and top moves are refused.
    #[arg(long)]
    pub no_engine_help: bool,
    /// Listen only while this key is toggled on (else continuously).
    #[arg(long)]
    pub push_to_talk: Option<String>,
    /// The position.
    #[command(flatten)]
    pub position: FenArg,
    /// Continue the game of a PGN file (its first game).
    #[arg(long, conflicts_with = "fen")]
    pub pgn: Option<PathBuf>,
}

/// How a game talks and listens (for play and resume).
#[derive(Debug, Args, Default, Clone, Copy)]
pub struct OutputArgs {
    /// Plain lines for screen readers and Braille displays (automatic when not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// No speech output.
    #[arg(long)]
    pub no_speech: bool,
    /// No voice input.
    #[arg(long)]
    pub no_voice: bool,
    /// A Braille display through BrlAPI: on, off, or auto (when BRLTTY
    /// answers); --braille alone is on.
    #[arg(long, value_name = "WHEN", num_args = 0..=1, default_missing_value = "on")]
    pub braille: Option<crate::config::BrailleChoice>,
    /// Call the time every second under this many seconds (0 to 3600).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(0..=3600))]
    pub low_time: Option<u32>,
}

/// `voxchess review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The PGN file (moves in any notation language voxchess reads), or a
    /// lichess game's or study's link.
    pub file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Language and style of the words.
    #[command(flatten)]
    pub words: SessionWords,
    /// A UCI engine program for the analysis (default: Stockfish when installed).
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// The lichess server a link is fetched from (default https://lichess.org; http:// only for this computer).
    #[arg(long)]
    pub server: Option<String>,
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `voxchess resume`.
#[derive(Debug, Args, Default)]
pub struct ResumeArgs {
    /// Plain lines, speech and voice.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `voxchess perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The position.
    #[command(flatten)]
    pub position: FenArg,
    /// Print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// How many half-moves deep.
    pub depth: u32,
}

/// `voxchess fen`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["pgn", "moves"])))]
pub struct FenArgs {
    /// The notation language.
    #[command(flatten)]
    pub notation: NotationArg,
    /// A PGN file (several games allowed).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Moves as text, like "1. e4 e5 2. Nf3".
    #[arg(long)]
    pub moves: Option<String>,
    /// The start position for --moves (and the PGN's games without a FEN tag).
    #[command(flatten)]
    pub position: FenArg,
}

/// `voxchess position`.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The position.
    #[command(flatten)]
    pub position: FenArg,
    /// The notation language.
    #[command(flatten)]
    pub notation: NotationArg,
}

/// `voxchess pgn`.
#[derive(Debug, Args)]
pub struct PgnArgs {
    /// The PGN file to read.
    pub file: PathBuf,
    /// The notation language.
    #[command(flatten)]
    pub notation: NotationArg,
}

/// The position a command starts from (every command that takes one).
#[derive(Debug, Args, Default, Clone)]
pub struct FenArg {
    /// The position as FEN (default: the initial position).
    #[arg(long)]
    pub fen: Option<String>,
}

/// The language and style of a session's words (play, review): the
/// settings file's unless given.
#[derive(Debug, Args, Default, Clone, Copy)]
pub struct SessionWords {
    /// Language: en, ru, de, ko.
    #[arg(long)]
    pub lang: Option<SpeechLang>,
    /// Announcements: brief, full, fide, nato.
    #[arg(long)]
    pub style: Option<Style>,
}

/// The language of a one-off command's words (say, parse, listen, clock).
#[derive(Debug, Args, Clone, Copy)]
pub struct WordsLang {
    /// Language: en, ru, de, ko.
    #[arg(long, default_value = "en")]
    pub lang: SpeechLang,
}

/// The notation language of moves and positions in writing.
#[derive(Debug, Args, Clone, Copy)]
pub struct NotationArg {
    /// Notation language: en, ru, de, fr, nl.
    #[arg(long = "lang", default_value = "en")]
    pub lang: NotationLang,
}

impl FenArg {
    /// The position, or why the FEN cannot be read.
    pub fn position(&self) -> anyhow::Result<crate::rules::Position> {
        match &self.fen {
            None => Ok(crate::rules::Position::start()),
            Some(f) => crate::rules::Position::from_fen(f).map_err(|e| crate::config::StartProblem::fen(f, &e).into()),
        }
    }
}

impl SessionWords {
    /// --lang and --style on top of the settings.
    pub fn apply(self, s: &mut Settings) {
        if let Some(l) = self.lang {
            s.lang = l;
        }
        if let Some(st) = self.style {
            s.style = st;
        }
    }
}

impl OutputArgs {
    /// --plain, --no-speech and --no-voice on top of the settings.
    pub fn apply(self, s: &mut Settings) {
        s.plain |= self.plain;
        if let Some(t) = self.low_time {
            s.low_time = Some(t);
        }
        s.speech &= !self.no_speech;
        s.voice &= !self.no_voice;
        if let Some(b) = self.braille {
            s.braille = b;
        }
    }
}

impl PlayArgs {
    /// The options of `play` on top of the settings, checked.
    pub fn apply(&self, s: &mut Settings) -> Result<(), crate::config::StartProblem> {
        if let Some(c) = self.color {
            s.color = c;
        }
        if let Some(o) = self.opponent {
            s.opponent = o;
        }
        if let Some(e) = &self.engine {
            s.engine = Some(e.clone());
        }
        if let Some(l) = self.level {
            s.level = l;
        }
        if let Some(t) = &self.time {
            s.time = Some(t.clone());
        }
        self.words.apply(s);
        if let Some(c) = self.confirm {
            s.confirm = c;
        }
        if let Some(k) = &self.push_to_talk {
            s.push_to_talk = Some(k.clone());
        }
        s.engine_help &= !self.no_engine_help;
        self.output.apply(s);
        s.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// The language, plain lines and speech a command line asks for.
    fn session_of(cli: &Cli) -> (Option<SpeechLang>, Option<Style>, &OutputArgs) {
        match cli.command.as_ref().expect("a subcommand") {
            Command::Play(a) => (a.words.lang, a.words.style, &a.output),
            Command::Review(a) => (a.words.lang, a.words.style, &a.output),
            Command::Puzzle(a) => (a.words.lang, a.words.style, &a.output),
            Command::Drill(a) => (a.words.lang, a.words.style, &a.output),
            Command::Setup(a) => (a.words.lang, a.words.style, &a.output),
            Command::Online(a) => (a.lang, a.style, &a.output),
            other => panic!("not a session: {other:?}"),
        }
    }

    /// Every command of a session, and each of its subcommands, takes the
    /// session's options after the subcommand as well as before it.
    #[test]
    fn session_options_are_taken_after_any_subcommand() {
        let commands: [&[&str]; 15] = [
            &["setup"],
            &["play"],
            &["review", "x.pgn"],
            &["puzzle"],
            &["puzzle", "import", "x.csv"],
            &["puzzle", "daily"],
            &["puzzle", "online", "fork", "harder"],
            &["puzzle", "dashboard"],
            &["puzzle", "replay", "fork"],
            &["drill"],
            &["drill", "knight"],
            &["drill", "memory"],
            &["online"],
            &["online", "login"],
            &["online", "logout"],
        ];
        let options = ["--plain", "--no-speech", "--no-voice", "--lang", "ru", "--style", "full", "--braille", "off"];
        for command in commands {
            let args: Vec<&str> = ["voxchess"].into_iter().chain(command.iter().copied()).chain(options).collect();
            let cli = Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let (lang, style, output) = session_of(&cli);
            assert_eq!(lang, Some(SpeechLang::Russian), "{args:?}");
            assert_eq!(style, Some(Style::Full), "{args:?}");
            assert!(output.plain && output.no_speech && output.no_voice, "{args:?}");
            assert_eq!(output.braille, Some(crate::config::BrailleChoice::Off), "{args:?}");
            if let [first, rest @ ..] = command
                && !rest.is_empty()
            {
                // Before the subcommand too.
                let args: Vec<&str> =
                    ["voxchess", first].into_iter().chain(options).chain(rest.iter().copied()).collect();
                let cli = Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
                assert_eq!(session_of(&cli).0, Some(SpeechLang::Russian), "{args:?}");
            }
        }
    }

    /// `--server` after the lobby's subcommands and the online puzzles';
    /// `--lang` after `models` (its install takes a language of its own).
    #[test]
    fn the_server_and_the_models_language_are_taken_after_subcommands() {
        for args in [
            &["voxchess", "online", "login", "--server", "http://127.0.0.1:1"][..],
            &["voxchess", "online", "--server", "http://127.0.0.1:1", "logout"],
        ] {
            match Cli::try_parse_from(args).map(|c| c.command) {
                Ok(Some(Command::Online(a))) => assert_eq!(a.server.as_deref(), Some("http://127.0.0.1:1")),
                other => panic!("{args:?}: {other:?}"),
            }
        }
        for args in [
            &["voxchess", "models", "install", "ko", "--lang", "de"][..],
            &["voxchess", "models", "--lang", "de", "install", "ko"],
            &["voxchess", "models", "list", "--lang", "de"],
        ] {
            match Cli::try_parse_from(args).map(|c| c.command) {
                Ok(Some(Command::Models(a))) => {
                    assert_eq!(a.lang, Some(SpeechLang::German), "{args:?}");
                    if let ModelsAction::Install { model } = a.action {
                        assert_eq!(model, "ko");
                    }
                }
                other => panic!("{args:?}: {other:?}"),
            }
        }
    }
}
