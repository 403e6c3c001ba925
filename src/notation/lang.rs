//! Notation languages: the piece letters each country uses (FIDE C.3, D.3).

use crate::rules::Role;

/// The language of piece letters in written moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum NotationLang {
    /// K Q R B N.
    #[default]
    English,
    /// Кр Ф Л С К (Latin lookalikes Kp, K, C read the Russian way).
    Russian,
    /// K D T L S (B for Bauer).
    German,
    /// R D T F C (P for pion).
    French,
    /// K D T L P.
    Dutch,
}

/// One way a piece may be written: its letters and whether they are the
/// language's own writing (used for output) or only accepted when reading.
struct Letter {
    text: &'static str,
    role: Role,
}

const fn l(text: &'static str, role: Role) -> Letter {
    Letter { text, role }
}

use Role::{Bishop as B, King as K, Knight as N, Pawn as P, Queen as Q, Rook as R};

/// Letters read in each language. The first five (king, queen, rook, bishop,
/// knight) are the ones written. English letters that do not clash are
/// accepted too, so "Qd1" reads in every language.
static ENGLISH: &[Letter] = &[l("K", K), l("Q", Q), l("R", R), l("B", B), l("N", N), l("P", P)];
static RUSSIAN: &[Letter] = &[
    l("Кр", K),
    l("Ф", Q),
    l("Л", R),
    l("С", B),
    l("К", N),
    l("Kp", K),
    l("KP", K),
    l("Kр", K),
    l("Кp", K),
    l("C", B),
    l("K", N),
    l("Q", Q),
    l("R", R),
    l("B", B),
    l("N", N),
];
static GERMAN: &[Letter] =
    &[l("K", K), l("D", Q), l("T", R), l("L", B), l("S", N), l("B", P), l("Q", Q), l("R", R), l("N", N)];
static FRENCH: &[Letter] =
    &[l("R", K), l("D", Q), l("T", R), l("F", B), l("C", N), l("P", P), l("K", K), l("Q", Q), l("B", B), l("N", N)];
static DUTCH: &[Letter] =
    &[l("K", K), l("D", Q), l("T", R), l("L", B), l("P", N), l("Q", Q), l("R", R), l("B", B), l("N", N)];

crate::names::named_enum!(NotationLang, UnknownLang, "notation language", code, {
    English => "en",
    Russian => "ru",
    German => "de",
    French => "fr",
    Dutch => "nl",
});

impl NotationLang {
    fn letters(self) -> &'static [Letter] {
        match self {
            NotationLang::English => ENGLISH,
            NotationLang::Russian => RUSSIAN,
            NotationLang::German => GERMAN,
            NotationLang::French => FRENCH,
            NotationLang::Dutch => DUTCH,
        }
    }

    /// The letter written for a piece (empty for a pawn).
    pub fn piece_letter(self, role: Role) -> &'static str {
        if role == Role::Pawn {
            return "";
        }
        self.letters()[..5].iter().find(|x| x.role == role).map_or("?", |x| x.text)
    }

    /// Piece letters that the text starts with: (role, length in chars, exact case).
    pub(crate) fn pieces_at(self, chars: &[char]) -> Vec<(Role, usize, bool)> {
        let mut out = Vec::new();
        for letter in self.letters() {
            let n = letter.text.chars().count();
            if chars.len() < n {
                continue;
            }
            let head = &chars[..n];
            let exact = letter.text.chars().eq(head.iter().copied());
            let folded =
                letter.text.chars().flat_map(char::to_lowercase).eq(head.iter().flat_map(|c| c.to_lowercase()));
            if (exact || folded) && !out.iter().any(|(r, len, _)| *r == letter.role && *len == n) {
                out.push((letter.role, n, exact));
            }
        }
        out
    }

    /// The piece a whole word of letters names in this language, in any
    /// case ("N", "q", "Кр"; English letters that do not clash too), and
    /// whether it was written in capitals.
    pub(crate) fn piece_named(self, word: &str) -> Option<(Role, bool)> {
        let chars: Vec<char> = word.chars().collect();
        let (role, _, _) = self.pieces_at(&chars).into_iter().find(|(_, len, _)| *len == chars.len())?;
        Some((role, chars.first().is_some_and(|c| c.is_uppercase())))
    }
}
