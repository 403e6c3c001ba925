//! The names of the openings: lichess's table of them (lichess-org/
//! chess-openings, CC0: 3,807 lines of ECO code, name and moves, kept as
//! `openings.tsv` beside this file), each line's moves played once, on
//! first use, and the position they reach kept by its placement, side to
//! move, castling rights and en passant square (so a transposition finds
//! its name too).

use crate::notation::{NotationLang, read_move};
use crate::rules::Position;
use std::collections::HashMap;
use std::sync::OnceLock;

/// An opening: its ECO code and its name as lichess writes it (English:
/// "Sicilian Defense: Najdorf Variation").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The ECO code ("B90"); empty when not known.
    pub eco: String,
    /// The name.
    pub name: String,
}

impl Opening {
    /// The family: the name before its first colon ("Sicilian Defense").
    pub fn family(&self) -> &str {
        self.name.split(':').next().unwrap_or_default().trim()
    }
}

const TABLE: &str = include_str!("openings.tsv");

/// The key of a position: the FEN's first four fields.
fn key(pos: &Position) -> String {
    pos.to_fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn table() -> &'static HashMap<String, Opening> {
    static OPENINGS: OnceLock<HashMap<String, Opening>> = OnceLock::new();
    OPENINGS.get_or_init(|| {
        let mut map = HashMap::new();
        for line in TABLE.lines().skip(1) {
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(moves)) = (fields.next(), fields.next(), fields.next()) else { continue };
            let mut pos = Position::start();
            let mut whole = true;
            for san in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
                match read_move(&pos, san, NotationLang::English) {
                    Ok(mv) => pos.play_unchecked(&mv),
                    Err(_) => {
                        whole = false;
                        break;
                    }
                }
            }
            if whole {
                // The first line reaching a position names it.
                map.entry(key(&pos)).or_insert_with(|| Opening { eco: eco.to_string(), name: name.to_string() });
            }
        }
        map
    })
}

/// Builds the table on a thread of its own (about 75 ms), so the first
/// step of a review does not wait for it.
pub fn warm() {
    let _ = std::thread::Builder::new().name("openings".into()).spawn(|| {
        table();
    });
}

/// The opening named at `pos`, if the table names it.
pub fn named(pos: &Position) -> Option<&'static Opening> {
    table().get(&key(pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::start();
        for m in moves {
            let mv = read_move(&pos, m, NotationLang::English).expect("legal");
            pos.play_unchecked(&mv);
        }
        pos
    }

    /// Every line of the table is read and names its position.
    #[test]
    fn every_line_is_read() {
        assert_eq!(TABLE.lines().count() - 1, 3807);
        // Some lines reach a position an earlier one named.
        assert!(table().len() > 3700, "{}", table().len());
    }

    #[test]
    fn openings_are_found_by_position_and_by_transposition() {
        let najdorf = named(&after(&["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"])).unwrap();
        assert_eq!((najdorf.eco.as_str(), najdorf.name.as_str()), ("B90", "Sicilian Defense: Najdorf Variation"));
        assert_eq!(najdorf.family(), "Sicilian Defense");
        let qgd = named(&after(&["d4", "d5", "c4", "e6"])).unwrap();
        let by_nf3 = named(&after(&["c4", "e6", "d4", "d5"])).unwrap();
        assert_eq!(qgd, by_nf3);
        assert_eq!(named(&Position::start()), None);
    }
}
