//! The games of a file or a study under review, a chapter each. A file's
//! games are held as its text and where each game begins: a game is read
//! when it is opened, so the memory of a review is the file and a short
//! name a game, never every game read (issue 65, item 15).

use crate::notation::NotationLang;
use crate::notation::pgn::{PgnError, PgnGame, pgn_games, read_pgn};

/// What names a chapter in a list: its chapter name, else its event
/// (`chapter`), else its players (the words fill in a side without a
/// name).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ChapterName {
    pub(crate) chapter: Option<Box<str>>,
    pub(crate) white: Option<Box<str>>,
    pub(crate) black: Option<Box<str>>,
}

impl ChapterName {
    /// The name of `game`, from its tags.
    pub(crate) fn of(game: &PgnGame) -> ChapterName {
        let tag = |name: &str| game.known_tag(name).map(Box::from);
        match tag("ChapterName").or_else(|| tag("Event")) {
            Some(chapter) => ChapterName { chapter: Some(chapter), ..ChapterName::default() },
            None => ChapterName { chapter: None, white: tag("White"), black: tag("Black") },
        }
    }
}

/// The chapters: games held as read (a study, the player's games), or a
/// file's text with where each game lies in it.
pub(crate) enum Chapters {
    Read(Vec<PgnGame>),
    Indexed {
        text: String,
        /// The notation the text was read in.
        lang: NotationLang,
        /// Where each game begins in the text (the next one's start, or
        /// the text's end, ends it).
        starts: Vec<usize>,
        names: Vec<ChapterName>,
    },
}

impl Chapters {
    /// The games of a file's text, read one at a time in `first`'s
    /// notation, then in each other one voxchess reads: each game checked
    /// and let go, only where it begins and its name kept. Err with the
    /// first notation's problem when none reads the whole text (None:
    /// the text has no game).
    pub(crate) fn index(text: String, first: NotationLang) -> Result<Chapters, Option<PgnError>> {
        let others = NotationLang::ALL.into_iter().filter(|l| *l != first);
        let mut problem = None;
        for lang in std::iter::once(first).chain(others) {
            match index_in(&text, lang) {
                Ok((starts, _)) if starts.is_empty() => return Err(None),
                Ok((starts, names)) => return Ok(Chapters::Indexed { text, lang, starts, names }),
                Err(e) => {
                    problem.get_or_insert(e);
                }
            }
        }
        Err(problem)
    }

    /// How many chapters.
    pub(crate) fn len(&self) -> usize {
        match self {
            Chapters::Read(games) => games.len(),
            Chapters::Indexed { starts, .. } => starts.len(),
        }
    }

    /// The names of chapters `from` (from 0) on, at most `n`.
    pub(crate) fn names(&self, from: usize, n: usize) -> Vec<ChapterName> {
        match self {
            Chapters::Read(games) => games.iter().skip(from).take(n).map(ChapterName::of).collect(),
            Chapters::Indexed { names, .. } => names.iter().skip(from).take(n).cloned().collect(),
        }
    }

    /// Chapter `i` (from 0), read; None when there is no such chapter.
    /// A file's game is read again from its text, as it was when indexed.
    pub(crate) fn game(&self, i: usize) -> Option<Result<PgnGame, PgnError>> {
        match self {
            Chapters::Read(games) => games.get(i).cloned().map(Ok),
            Chapters::Indexed { text, lang, starts, .. } => {
                let start = *starts.get(i)?;
                let end = starts.get(i + 1).copied().unwrap_or(text.len());
                // The game is the last of its part of the text: a stray
                // result before it reads as an empty game of its own. (A
                // part holds a token, so a game: never none.)
                let read = read_pgn(text.get(start..end)?, *lang, None);
                Some(read.map(|mut games| games.pop().unwrap_or_else(|| PgnGame::new(Default::default()))))
            }
        }
    }
}

/// Where each game of `text` begins and its name, read in `lang`.
fn index_in(text: &str, lang: NotationLang) -> Result<(Vec<usize>, Vec<ChapterName>), PgnError> {
    let mut games = pgn_games(text, lang, None);
    let (mut starts, mut names) = (Vec::new(), Vec::new());
    loop {
        let start = games.next_offset();
        match games.next() {
            None => break,
            Some(Err(e)) => return Err(e),
            Some(Ok(game)) => {
                starts.push(start);
                names.push(ChapterName::of(&game));
            }
        }
    }
    starts.shrink_to_fit();
    names.shrink_to_fit();
    Ok((starts, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_games_are_read_one_at_a_time_as_they_were() {
        let text = "[Event \"One\"]\n\n1. e4 e5 *\n\n[White \"Anna\"]\n[Black \"Bella\"]\n\n1. d4 { a comment } d5 1-0\n\n* 1. c4 *\n";
        let all = read_pgn(text, NotationLang::English, None).expect("pgn");
        let chapters = Chapters::index(text.to_string(), NotationLang::English).expect("index");
        assert_eq!(chapters.len(), all.len());
        for (i, game) in all.iter().enumerate() {
            let read = chapters.game(i).expect("a game").expect("read");
            assert_eq!(read.moves, game.moves, "game {i}");
            assert_eq!(read.tags, game.tags, "game {i}");
            assert_eq!(read.result, game.result, "game {i}");
        }
        assert!(chapters.game(all.len()).is_none());
        let names = chapters.names(0, 10);
        assert_eq!(names[0].chapter.as_deref(), Some("One"));
        assert_eq!(names[1].white.as_deref(), Some("Anna"));
    }

    #[test]
    fn a_file_in_russian_notation_is_indexed_in_it() {
        let text = "1. e4 e5 2. Кf3 Кc6 *\n";
        let chapters = Chapters::index(text.to_string(), NotationLang::English).expect("index");
        assert_eq!(chapters.game(0).expect("game").expect("read").moves.len(), 4);
    }

    #[test]
    fn a_bad_file_gives_its_first_problem() {
        let e = Chapters::index("1. e4 e5 2. Ke3 *".to_string(), NotationLang::English).err().flatten();
        assert!(e.is_some());
        assert!(matches!(Chapters::index(String::new(), NotationLang::English), Err(None)));
    }
}
