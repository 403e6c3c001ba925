//! Settings: from a TOML file in the user's config folder (serde), with
//! command-line options on top. `voxchess config` shows the path and the
//! effective values.

use crate::files::ours;
use crate::speech::{Confirm, SpeechLang, Style};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The largest settings file read (a settings file is a few hundred bytes).
const MAX_SETTINGS_BYTES: u64 = 64 * 1024;

fn read_limited(path: &std::path::Path) -> std::io::Result<String> {
    ours(path)?;
    crate::files::bounded::read_text(path, MAX_SETTINGS_BYTES)
}

/// A setting written as text and read into its type once, when the
/// settings are loaded (or the option is given): the text is kept so the
/// file and `voxchess config` show exactly what the player wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed<T> {
    text: String,
    value: T,
}

impl<T> Parsed<T> {
    /// The value.
    pub fn value(&self) -> &T {
        &self.value
    }
    /// The text as written.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl<T: std::str::FromStr> std::str::FromStr for Parsed<T>
where
    T::Err: std::fmt::Display,
{
    type Err = String;
    fn from_str(text: &str) -> Result<Parsed<T>, String> {
        let value = text.parse::<T>().map_err(|e| e.to_string())?;
        Ok(Parsed { text: text.trim().to_string(), value })
    }
}

impl<T> Serialize for Parsed<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de, T: std::str::FromStr> Deserialize<'de> for Parsed<T>
where
    T::Err: std::fmt::Display,
{
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Parsed<T>, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Which colour the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// White.
    #[default]
    White,
    /// Black.
    Black,
    /// Drawn by lot.
    Random,
}

/// Whether a Braille display is driven through BrlAPI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum BrailleChoice {
    /// When a BrlAPI server answers at start.
    #[default]
    Auto,
    /// Always: one line says when no display answers, and voxchess keeps trying.
    On,
    /// Never.
    Off,
}

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum OpponentKind {
    /// An engine (Stockfish when installed, else the built-in one).
    #[default]
    Engine,
    /// Another person at the same computer.
    Human,
}

/// Everything the player can set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// white, black or random.
    pub color: ColorChoice,
    /// engine or human.
    pub opponent: OpponentKind,
    /// A UCI engine program; none means Stockfish if installed.
    pub engine: Option<PathBuf>,
    /// Engine strength 1-20.
    pub level: u8,
    /// A time control like "15+10"; none means no clock.
    pub time: Option<Parsed<crate::clock::Controls>>,
    /// Language: en, ru, de.
    pub lang: SpeechLang,
    /// Announcement style: brief, full, fide, nato.
    pub style: Style,
    /// Confirm heard moves: always, unsure, never.
    pub confirm: Confirm,
    /// Plain line mode.
    pub plain: bool,
    /// Speech output.
    pub speech: bool,
    /// Voice input.
    pub voice: bool,
    /// Push-to-talk in the terminal: "tab" (Tab toggles listening); none: continuous listening.
    pub push_to_talk: Option<String>,
    /// Speech rate -1.0 to 1.0.
    pub rate: Option<f32>,
    /// Speech pitch -1.0 to 1.0.
    pub pitch: Option<f32>,
    /// Speech volume -1.0 to 1.0.
    pub volume: Option<f32>,
    /// A speech-dispatcher voice name.
    pub voice_name: Option<String>,
    /// Say your own time after each of your moves.
    pub announce_own_time: bool,
    /// When the clock calls the time: "10:1, 60:10, 600:60, *:300" (up to
    /// seconds : every seconds), or "off"; none: that default.
    pub schedule: Option<Parsed<crate::clock::Schedule>>,
    /// The low-time call: every second under this many seconds (at most
    /// an hour); none: the schedule's own (the last 10 seconds).
    pub low_time: Option<u32>,
    /// Whether the engine may be asked about the game's positions (eval,
    /// best move, threat, top moves); kept with a saved game.
    pub engine_help: bool,
    /// The lichess server for online play (https://lichess.org; a local
    /// server may be http://).
    pub server: Option<String>,
    /// A Braille display through BrlAPI: auto, on or off.
    pub braille: BrailleChoice,
    /// Blanks between the squares of the Braille board.
    pub braille_spaced: bool,
    /// The opening explorer's server (https://explorer.lichess.org; a
    /// local one may be http://): it is sent the token.
    pub explorer: Option<String>,
    /// The tablebase's server (https://tablebase.lichess.org).
    pub tablebase: Option<String>,
    /// The lichess database's speeds for `explorer lichess` (bullet,
    /// blitz, rapid, classical, correspondence, ultraBullet); none: all.
    pub explorer_speeds: Vec<String>,
    /// Its rating groups (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200,
    /// 2500: each from its number to the next); none: all.
    pub explorer_ratings: Vec<u16>,
}

/// The speeds lichess's explorer filters by.
pub const EXPLORER_SPEEDS: [&str; 6] = ["ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"];

/// The rating groups lichess's explorer filters by.
pub const EXPLORER_RATINGS: [u16; 9] = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500];

/// The explorer's server when the settings name none.
pub const EXPLORER: &str = "https://explorer.lichess.org";
/// The tablebase's server when the settings name none.
pub const TABLEBASE: &str = "https://tablebase.lichess.org";

/// Checks a server's address: https, or http only to this computer (a
/// token, and what the player studies, never travel in the clear).
pub fn secure_server(server: &str, arg: &str) -> Result<(), StartProblem> {
    if !(server.starts_with("https://") || server.starts_with("http://")) {
        let values = vec!["https://...".into()];
        return Err(StartProblem::BadValue { arg: arg.into(), value: server.into(), values });
    }
    if let Some(rest) = server.strip_prefix("http://") {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let authority = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
        let host = match authority.strip_prefix('[') {
            Some(v6) => v6.split(']').next().unwrap_or_default(),
            None => authority.rsplit_once(':').map_or(authority, |(h, _)| h),
        };
        let loopback =
            host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
        if !loopback {
            return Err(StartProblem::InsecureServer(server.into()));
        }
    }
    Ok(())
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            color: ColorChoice::White,
            opponent: OpponentKind::Engine,
            engine: None,
            level: 3,
            time: None,
            lang: SpeechLang::English,
            style: Style::Brief,
            confirm: Confirm::Unsure,
            plain: false,
            speech: true,
            voice: true,
            push_to_talk: None,
            rate: None,
            pitch: None,
            volume: None,
            voice_name: None,
            announce_own_time: false,
            schedule: None,
            low_time: None,
            engine_help: true,
            server: None,
            braille: BrailleChoice::Auto,
            braille_spaced: false,
            explorer: None,
            tablebase: None,
            explorer_speeds: Vec::new(),
            explorer_ratings: Vec::new(),
        }
    }
}

/// A problem with the settings file: the file cannot be read or is not
/// TOML (all defaults apply), or one setting is bad (its default applies,
/// the others are kept). The file is never changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read or is not TOML at all.
    #[error("the settings file {path} cannot be used: {reason}; using the defaults")]
    File {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// One setting is bad.
    #[error("setting '{key}' in {path}: {reason}; using its default")]
    Setting {
        /// The file.
        path: String,
        /// The setting.
        key: String,
        /// What is wrong.
        reason: String,
    },
}

/// A problem found before a session starts (on the command line or in
/// the settings file), said in the session's language by
/// `ui::app::start_problem_words`; the English text here is for logs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StartProblem {
    /// A time control that cannot be read.
    #[error("bad time control \"{0}\"")]
    TimeControl(String),
    /// A level that is not from 1 to 20.
    #[error("level {0} is not from 1 to 20")]
    Level(String),
    /// A server elsewhere over http: the token would travel unencrypted.
    #[error("the server {0} is not on this computer and does not use https; the token is sent only over https")]
    InsecureServer(String),
    /// A low-time call that is not from 0 to 3600 seconds.
    #[error("low time {0} is not from 0 to 3600 seconds")]
    LowTime(String),
    /// A FEN that cannot be read; `part` is the part to check (0 to 5
    /// the FEN's fields, 6 their number).
    #[error("cannot read the FEN \"{text}\": {reason}")]
    Fen {
        /// The FEN given.
        text: String,
        /// Which part is wrong.
        part: usize,
        /// What is wrong, in English.
        reason: String,
    },
    /// A speech rate, pitch or volume out of range.
    #[error("speech {name} {value} is not a number from -1.0 to 1.0")]
    SpeechNumber {
        /// rate, pitch or volume.
        name: &'static str,
        /// The value given.
        value: String,
    },
    /// A push-to-talk key other than Tab.
    #[error("push-to-talk key '{0}': use tab (Tab toggles listening)")]
    PushToTalk(String),
    /// The settings file cannot be used at all.
    #[error("the settings file {path} cannot be used: {reason}; using the defaults")]
    ConfigFile {
        /// The file.
        path: String,
        /// What is wrong, in English.
        reason: String,
    },
    /// One setting in the settings file cannot be used.
    #[error("setting '{key}' in {path}: {reason}; using its default")]
    ConfigSetting {
        /// The file.
        path: String,
        /// The setting.
        key: String,
        /// What is wrong, in English.
        reason: String,
    },
    /// An option that does not exist.
    #[error("there is no option '{0}'")]
    UnknownArg(String),
    /// A value an option does not take; `values`: the ones it does.
    #[error("'{value}' is not a value for {arg}{}", if values.is_empty() { String::new() } else { format!("; use one of: {}", values.join(", ")) })]
    BadValue {
        /// The option.
        arg: String,
        /// The value given.
        value: String,
        /// The values it takes, if they are few.
        values: Vec<String>,
    },
    /// An option without its value.
    #[error("{0} needs a value")]
    MissingValue(String),
    /// A file that cannot be read.
    #[error("cannot read {path}: {reason}")]
    CannotRead {
        /// The file.
        path: String,
        /// What is wrong, in English.
        reason: String,
    },
    /// A game file without a game.
    #[error("{0}: no game found")]
    NoGame(String),
    /// The program's output (a file, a full disk) cannot be written.
    #[error("the output cannot be written: {0}")]
    CannotWriteOutput(String),
    /// A perft deeper than is counted.
    #[error("perft depth {depth} is too deep; use 0 to {max}")]
    PerftTooDeep {
        /// The depth asked for.
        depth: u32,
        /// The deepest counted.
        max: u32,
    },
    /// A game file with a problem at a place.
    #[error("{path}: {error}")]
    BadGames {
        /// The file.
        path: String,
        /// Where and what.
        error: Box<crate::notation::pgn::PgnError>,
    },
    /// Moves given on the command line that cannot be played.
    #[error("the moves cannot be read: {0}")]
    BadMoves(Box<crate::notation::pgn::PgnError>),
    /// A move that cannot be read (and is no refusal of the rules).
    #[error("cannot read the move \"{0}\"")]
    CannotReadMove(String),
    /// No voice model installed for the language (its code).
    #[error("no voice model for '{0}'; install one with: voxchess models install {0}")]
    NoVoiceModel(String),
    /// Speech began but did not end in time.
    #[error("speech did not finish within 30 s (is there an audio output?)")]
    SpeechNotFinished,
    /// speech-dispatcher cannot be reached.
    #[error("speech-dispatcher cannot be reached; going on with text only")]
    SpeechUnavailable,
    /// speech-dispatcher did not answer in time.
    #[error("speech-dispatcher did not answer in time; going on with text only")]
    SpeechNoAnswer,
    /// A build without speech output.
    #[error("built without speech output (feature tts)")]
    SpeechNotBuilt,
    /// The talking clock's time control, with why (in English, for the
    /// English message only).
    #[error(transparent)]
    ClockControl(#[from] crate::clock::ControlError),
    /// The talking clock's announcement schedule.
    #[error(transparent)]
    Schedule(#[from] crate::clock::ScheduleError),
    /// A required option left out (its name: "--wav").
    #[error("{0} is needed; for the options: voxchess --help")]
    MissingArg(String),
    /// A required part of the command line left out.
    #[error("{0} is needed; for the options: voxchess --help")]
    MissingPart(ArgPart),
    /// A command line that cannot be read for another reason (clap's
    /// English message).
    #[error("{0}")]
    CommandLine(String),
    /// The voice model of a language (its code) cannot be used.
    #[error("the voice model for '{0}' cannot be used; install it again with: voxchess models install {0}")]
    BadVoiceModel(String),
    /// A recording that cannot be read as a WAV file.
    #[error("cannot read the WAV file {path}: {reason}")]
    Wav {
        /// The file.
        path: String,
        /// What is wrong, in English.
        reason: String,
    },
    /// libvosk cannot be loaded.
    #[error("voice input needs libvosk, which cannot be loaded; ./setup.sh installs it")]
    VoiceLibrary,
}

/// A part of the command line that is no option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgPart {
    /// The talking clock's time control.
    TimeControl,
    /// Text to read.
    Text,
    /// A move.
    Move,
    /// A file.
    File,
}

impl std::fmt::Display for ArgPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ArgPart::TimeControl => "the time control",
            ArgPart::Text => "the text",
            ArgPart::Move => "the move",
            ArgPart::File => "the file",
        })
    }
}

impl StartProblem {
    /// A FEN that cannot be read, with the part to check.
    pub fn fen(text: &str, e: &crate::rules::FenError) -> StartProblem {
        StartProblem::Fen { text: crate::filter::echoed(text), part: fen_part(e), reason: e.to_string() }
    }
}

/// Which part of a FEN to check: 0 to 5 its fields, 6 their number.
pub fn fen_part(e: &crate::rules::FenError) -> usize {
    use crate::rules::{FenError, FenField};
    match e {
        FenError::Empty => 0,
        FenError::TooManyFields(_) => 6,
        FenError::Field { field, .. } => match field {
            FenField::Placement => 0,
            FenField::Turn => 1,
            FenField::Castling => 2,
            FenField::EnPassant => 3,
            FenField::HalfmoveClock => 4,
            FenField::MoveNumber => 5,
        },
    }
}

impl From<ConfigError> for StartProblem {
    fn from(e: ConfigError) -> StartProblem {
        match e {
            ConfigError::File { path, reason } => StartProblem::ConfigFile { path, reason },
            ConfigError::Setting { path, key, reason } => StartProblem::ConfigSetting { path, key, reason },
        }
    }
}

fn home_dir(var: &str, fallback: &str) -> PathBuf {
    match std::env::var_os(var) {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| ".".into())).join(fallback),
    }
}

/// The settings file: $XDG_CONFIG_HOME/voxchess/config.toml (or ~/.config/...).
pub fn config_path() -> PathBuf {
    home_dir("XDG_CONFIG_HOME", ".config").join("voxchess").join("config.toml")
}

/// The data folder for autosave and saved games: $XDG_DATA_HOME/voxchess (or ~/.local/share/...).
pub fn data_dir() -> PathBuf {
    home_dir("XDG_DATA_HOME", ".local/share").join("voxchess")
}

impl Settings {
    /// Reads the settings file: a missing file gives the defaults; every
    /// problem comes back as its own error (the file is left as it is).
    pub fn load() -> (Settings, Vec<ConfigError>) {
        let path = config_path();
        let shown = path.display().to_string();
        match read_limited(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), Vec::new()),
            Err(e) => (Settings::default(), vec![ConfigError::File { path: shown, reason: e.to_string() }]),
            Ok(text) => Settings::parse(&text, &shown),
        }
    }

    /// Reads settings from TOML text, checking every value on its own: a
    /// bad or unknown setting is reported and left at its default, the
    /// others are kept.
    pub fn parse(text: &str, path: &str) -> (Settings, Vec<ConfigError>) {
        let table: toml::Table = match toml::from_str(text) {
            Ok(t) => t,
            Err(e) => {
                let reason = e.message().to_string();
                return (Settings::default(), vec![ConfigError::File { path: path.into(), reason }]);
            }
        };
        let mut good = toml::Table::new();
        let mut problems = Vec::new();
        for (key, value) in table {
            let mut one = toml::Table::new();
            one.insert(key.clone(), value.clone());
            let checked = one
                .try_into::<Settings>()
                .map_err(|e| e.message().to_string())
                .and_then(|s| s.check().map_err(|p| p.to_string()));
            match checked {
                Ok(()) => {
                    good.insert(key, value);
                }
                Err(reason) => problems.push(ConfigError::Setting { path: path.into(), key, reason }),
            }
        }
        (good.try_into().unwrap_or_default(), problems)
    }

    /// Checks values that TOML types cannot.
    pub fn check(&self) -> Result<(), StartProblem> {
        for (name, v) in [("rate", self.rate), ("pitch", self.pitch), ("volume", self.volume)] {
            if let Some(x) = v
                && !(x.is_finite() && (-1.0..=1.0).contains(&x))
            {
                return Err(StartProblem::SpeechNumber { name, value: x.to_string() });
            }
        }
        if let Some(k) = &self.push_to_talk
            && !k.eq_ignore_ascii_case("tab")
        {
            return Err(StartProblem::PushToTalk(k.clone()));
        }
        if !(1..=20).contains(&self.level) {
            return Err(StartProblem::Level(self.level.to_string()));
        }
        if let Some(t) = self.low_time
            && t > 3600
        {
            return Err(StartProblem::LowTime(t.to_string()));
        }
        for (key, server) in [("explorer", &self.explorer), ("tablebase", &self.tablebase)] {
            if let Some(server) = server {
                secure_server(server, key)?;
            }
        }
        let speeds = EXPLORER_SPEEDS;
        if let Some(bad) = self.explorer_speeds.iter().find(|s| !speeds.contains(&s.as_str())) {
            let values = speeds.iter().map(|s| s.to_string()).collect();
            return Err(StartProblem::BadValue { arg: "explorer_speeds".into(), value: bad.clone(), values });
        }
        let groups = EXPLORER_RATINGS;
        if let Some(bad) = self.explorer_ratings.iter().find(|r| !groups.contains(r)) {
            let values = groups.iter().map(u16::to_string).collect();
            return Err(StartProblem::BadValue { arg: "explorer_ratings".into(), value: bad.to_string(), values });
        }
        Ok(())
    }

    /// The effective values as TOML, for `voxchess config`.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }
}
