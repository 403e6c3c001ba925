//! Speech languages and announcement styles.

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

crate::names::named_enum!(SpeechLang, UnknownSpeechLang, "speech language", code, {
    English => "en",
    Russian => "ru",
    German => "de",
    Korean => "ko",
});

impl SpeechLang {
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

crate::names::named_enum!(Style, UnknownStyle, "style", name, {
    Brief => "brief",
    Full => "full",
    Fide => "fide",
    Nato => "nato",
});

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
