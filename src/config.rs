//! Settings: from a TOML file in the user's config folder (serde), with
//! command-line options on top. `voxchess config` shows the path and the
//! effective values.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

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
    pub time: Option<String>,
    /// Language: en, ru, de.
    pub lang: String,
    /// Announcement style: brief, full, fide, nato.
    pub style: String,
    /// Confirm heard moves: always, unsure, never.
    pub confirm: String,
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
    pub schedule: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            color: ColorChoice::White,
            opponent: OpponentKind::Engine,
            engine: None,
            level: 3,
            time: None,
            lang: "en".into(),
            style: "brief".into(),
            confirm: "unsure".into(),
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
        }
    }
}

/// A config file that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("the settings file {path} cannot be used: {reason}; using the defaults")]
pub struct ConfigError {
    /// The file.
    pub path: String,
    /// What is wrong.
    pub reason: String,
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
    /// Reads the settings file; a missing file gives the defaults, a broken one an error (the file is left as it is).
    pub fn load() -> Result<Settings, ConfigError> {
        let path = config_path();
        match std::fs::read_to_string(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
            Err(e) => Err(ConfigError { path: path.display().to_string(), reason: e.to_string() }),
            Ok(text) => {
                Settings::parse(&text).map_err(|reason| ConfigError { path: path.display().to_string(), reason })
            }
        }
    }

    /// Reads settings from TOML text, checking every value.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let s: Settings = toml::from_str(text).map_err(|e| e.message().to_string())?;
        s.check()?;
        Ok(s)
    }

    /// Checks values that TOML types cannot.
    pub fn check(&self) -> Result<(), String> {
        self.lang.parse::<crate::speech::SpeechLang>().map_err(|e| e.to_string())?;
        self.style.parse::<crate::speech::Style>().map_err(|e| e.to_string())?;
        self.confirm.parse::<crate::speech::Confirm>()?;
        if let Some(t) = &self.schedule {
            t.parse::<crate::clock::Schedule>().map_err(|e| e.to_string())?;
        }
        if let Some(t) = &self.time {
            t.parse::<crate::clock::Controls>().map_err(|e| e.to_string())?;
        }
        if let Some(k) = &self.push_to_talk
            && !k.eq_ignore_ascii_case("tab")
        {
            return Err(format!("push-to-talk key '{k}': use tab (Tab toggles listening)"));
        }
        if !(1..=20).contains(&self.level) {
            return Err(format!("level {} is not from 1 to 20", self.level));
        }
        Ok(())
    }

    /// The effective values as TOML, for `voxchess config`.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }
}
