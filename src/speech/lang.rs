//! Speech languages and announcement styles.

use std::fmt;
use std::str::FromStr;

/// A language spoken and understood.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum SpeechLang {
    /// English.
    #[default]
    English,
    /// Russian.
    Russian,
    /// German (the FIDE appendix's Anna, Bella, ... and Kurze Rochade).
    German,
    /// Korean (piece names as Korean chess players say them: 나이트, 비숍).
    Korean,
}

impl SpeechLang {
    /// All languages.
    pub const ALL: [SpeechLang; 4] = [SpeechLang::English, SpeechLang::Russian, SpeechLang::German, SpeechLang::Korean];

    /// The short code ("en", "ru", "de", "ko").
    pub fn code(self) -> &'static str {
        match self {
            SpeechLang::English => "en",
            SpeechLang::Russian => "ru",
            SpeechLang::German => "de",
            SpeechLang::Korean => "ko",
        }
    }

    /// The notation language with the same piece letters (Korean players
    /// write the English letters: Nf3).
    pub fn notation(self) -> crate::notation::NotationLang {
        match self {
            SpeechLang::English => crate::notation::NotationLang::English,
            SpeechLang::Russian => crate::notation::NotationLang::Russian,
            SpeechLang::German => crate::notation::NotationLang::German,
            SpeechLang::Korean => crate::notation::NotationLang::English,
        }
    }
}

/// An unknown language code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown speech language '{0}'; use one of en, ru, de, ko")]
pub struct UnknownSpeechLang(pub String);

impl FromStr for SpeechLang {
    type Err = UnknownSpeechLang;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SpeechLang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSpeechLang(s.to_string()))
    }
}

impl TryFrom<String> for SpeechLang {
    type Error = UnknownSpeechLang;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<SpeechLang> for String {
    fn from(l: SpeechLang) -> String {
        l.code().to_string()
    }
}

impl fmt::Display for SpeechLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// How moves are announced.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Style {
    /// Short: "knight f3", "e takes d6 en passant".
    #[default]
    Brief,
    /// Everything: "White knight from g1 to f3, takes pawn, check".
    Full,
    /// The FIDE appendix for visually impaired players: files Anna..Hector,
    /// ranks as words ("Springer Felix drei").
    Fide,
    /// Files in the NATO alphabet ("knight foxtrot three").
    Nato,
}

impl Style {
    /// All styles.
    pub const ALL: [Style; 4] = [Style::Brief, Style::Full, Style::Fide, Style::Nato];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Style::Brief => "brief",
            Style::Full => "full",
            Style::Fide => "fide",
            Style::Nato => "nato",
        }
    }
}

/// An unknown style name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown style '{0}'; use one of brief, full, fide, nato")]
pub struct UnknownStyle(pub String);

impl FromStr for Style {
    type Err = UnknownStyle;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Style::ALL
            .into_iter()
            .find(|st| st.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownStyle(s.to_string()))
    }
}

impl TryFrom<String> for Style {
    type Error = UnknownStyle;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Style> for String {
    fn from(s: Style) -> String {
        s.name().to_string()
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which plural form a count takes: one, few, many (Russian has all three;
/// English and German use one and many).
pub(crate) fn plural_form(lang: SpeechLang, n: u64) -> usize {
    match lang {
        SpeechLang::Russian => {
            let (d, h) = (n % 10, n % 100);
            if d == 1 && h != 11 {
                0
            } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
                1
            } else {
                2
            }
        }
        _ => usize::from(n != 1) * 2,
    }
}
