//! A puzzle, as lichess publishes them (its puzzle database's rows:
//! PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,
//! GameUrl,OpeningTags; the FEN is the position before the opponent's
//! move, the first move of the line), and a run of one: a deterministic
//! core that takes the player's moves and the time as arguments and
//! gives typed events, turned into words elsewhere.

use crate::rules::{Color, Move, Position, Role, Square};

/// A puzzle read from a row and checked: its line replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// lichess's id.
    pub id: String,
    /// The position before the opponent's move.
    pub start: Position,
    /// The line: the opponent's move, then the player's and the
    /// opponent's replies in turn (the player's last).
    pub line: Vec<Move>,
    /// Its rating.
    pub rating: u32,
    /// lichess's theme keys ("fork", "mateIn2").
    pub themes: Vec<String>,
    /// Where it comes from, if given.
    pub url: Option<String>,
}

/// Why a row is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Fewer fields than a puzzle has.
    #[error("the row has {0} fields; a puzzle has at least 8")]
    Fields(usize),
    /// The id is not lichess's form.
    #[error("'{0}' is not a puzzle id")]
    Id(String),
    /// The FEN cannot be read.
    #[error("the position cannot be read")]
    Fen,
    /// A move of the line is not legal where it stands (its index).
    #[error("move {0} of the line is not legal")]
    Move(usize),
    /// The line is too short or too long.
    #[error("a line of {0} moves is no puzzle")]
    Length(usize),
    /// The rating is not a number from 0 to 4000.
    #[error("the rating cannot be read")]
    Rating,
}

/// The most moves a puzzle's line may have.
const MAX_LINE: usize = 40;

impl Puzzle {
    /// A puzzle from one CSV row of lichess's database (no field of it
    /// holds a comma or a quote).
    pub fn from_csv(row: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = row.trim_end_matches(['\r', '\n']).split(',').collect();
        if fields.len() < 8 {
            return Err(PuzzleError::Fields(fields.len()));
        }
        let id = fields[0].trim();
        if id.is_empty() || id.len() > 12 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(PuzzleError::Id(id.chars().take(20).collect()));
        }
        let start = Position::from_fen(fields[1].trim()).map_err(|_| PuzzleError::Fen)?;
        let ucis: Vec<&str> = fields[2].split_whitespace().collect();
        if ucis.len() < 2 || ucis.len() > MAX_LINE || !ucis.len().is_multiple_of(2) {
            return Err(PuzzleError::Length(ucis.len()));
        }
        let mut pos = start;
        let mut line = Vec::with_capacity(ucis.len());
        for (i, uci) in ucis.iter().enumerate() {
            let m = pos.legal_moves().iter().find(|m| m.uci() == *uci).copied().ok_or(PuzzleError::Move(i))?;
            pos.play_unchecked(&m);
            line.push(m);
        }
        let rating = fields[3].trim().parse::<u32>().ok().filter(|r| *r <= 4000).ok_or(PuzzleError::Rating)?;
        let themes = fields[7]
            .split_whitespace()
            .filter(|t| t.len() <= 40 && t.bytes().all(|b| b.is_ascii_alphanumeric()))
            .map(str::to_string)
            .collect();
        let url = fields
            .get(8)
            .map(|u| u.trim())
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
            .map(|u| u.chars().filter(|c| c.is_ascii_graphic()).take(100).collect::<String>());
        Ok(Puzzle { id: id.to_string(), start, line, rating, themes, url })
    }

    /// The row as the library keeps it (lichess's form).
    pub fn to_csv(&self) -> String {
        let moves: Vec<String> = self.line.iter().map(Move::uci).collect();
        format!(
            "{},{},{},{},0,0,0,{},{},",
            self.id,
            self.start.to_fen(),
            moves.join(" "),
            self.rating,
            self.themes.join(" "),
            self.url.as_deref().unwrap_or("")
        )
    }

    /// The side the player plays: the one to move after the opponent's
    /// first move.
    pub fn side(&self) -> Color {
        !self.start.turn()
    }
}

/// What happened in a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleEvent {
    /// The opponent played a move (from `before`).
    Played {
        /// The position before it.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// The player's move was right (from `before`); the line goes on.
    Right {
        /// The position before it.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// The player's move was not the move: taken back.
    Wrong {
        /// The position before it.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// The last move was found: solved, in this long (ms), with no wrong
    /// move and no solution asked (a clean solve counts as a win).
    Solved {
        /// Time taken.
        ms: u64,
        /// It counts as a win (no wrong move, no solution).
        clean: bool,
    },
    /// A hint: the piece to move.
    HintPiece {
        /// Its kind.
        role: Role,
        /// Its square.
        square: Square,
    },
    /// A hint: the puzzle's themes.
    HintThemes(Vec<String>),
    /// A hint: where the move goes.
    HintTarget(Square),
    /// No more hints.
    NoMoreHints,
    /// The solution was played to the end.
    SolutionShown,
    /// The puzzle is over: nothing more to play.
    Over,
}

/// A puzzle being played.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    puzzle: Puzzle,
    pos: Position,
    /// How many moves of the line are played.
    at: usize,
    started_ms: u64,
    hints: usize,
    /// A wrong move was made, or the solution asked: the puzzle is lost
    /// for the rating.
    failed: bool,
    done: bool,
    /// The positions from the puzzle's start, and the moves played
    /// between them (the opponent's and the player's).
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl PuzzleRun {
    /// Starts `puzzle` at `now` (ms): the opponent's first move is played.
    pub fn start(puzzle: Puzzle, now: u64) -> (PuzzleRun, Vec<PuzzleEvent>) {
        let mut run = PuzzleRun {
            pos: puzzle.start,
            positions: vec![puzzle.start],
            moves: Vec::new(),
            puzzle,
            at: 0,
            started_ms: now,
            hints: 0,
            failed: false,
            done: false,
        };
        let ev = run.opponent_moves();
        (run, ev)
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Whether it is over (solved, or the solution shown).
    pub fn is_over(&self) -> bool {
        self.done
    }

    /// Whether it counts as failed (a wrong move, or the solution).
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// How long the puzzle has taken at `now` (ms).
    pub fn elapsed(&self, now: u64) -> u64 {
        now.saturating_sub(self.started_ms)
    }

    /// The positions from the start to now, and the moves between them.
    pub fn history(&self) -> (&[Position], &[Move]) {
        (&self.positions, &self.moves)
    }

    /// `mv` is played: the next move of the line is due.
    fn advance(&mut self, mv: Move) {
        self.pos.play_unchecked(&mv);
        self.positions.push(self.pos);
        self.moves.push(mv);
        self.at += 1;
    }

    fn opponent_moves(&mut self) -> Vec<PuzzleEvent> {
        let Some(mv) = self.puzzle.line.get(self.at).copied() else { return Vec::new() };
        let before = self.pos;
        self.advance(mv);
        self.hints = 0;
        vec![PuzzleEvent::Played { before, mv }]
    }

    /// The player's move (legal here). Right: the reply follows, or the
    /// puzzle is solved; a mate on the last move counts whatever mate it
    /// is, as lichess counts it. Wrong: said, and nothing changes.
    pub fn play(&mut self, mv: Move, now: u64) -> Vec<PuzzleEvent> {
        if self.done {
            return vec![PuzzleEvent::Over];
        }
        let Some(expected) = self.puzzle.line.get(self.at).copied() else { return vec![PuzzleEvent::Over] };
        let before = self.pos;
        let mut after = before;
        after.play_unchecked(&mv);
        let last = self.at + 1 == self.puzzle.line.len();
        if mv != expected && !(last && after.is_checkmate()) {
            self.failed = true;
            return vec![PuzzleEvent::Wrong { before, mv }];
        }
        self.advance(mv);
        self.hints = 0;
        let mut ev = vec![PuzzleEvent::Right { before, mv }];
        if last {
            self.done = true;
            ev.push(PuzzleEvent::Solved { ms: now.saturating_sub(self.started_ms), clean: !self.failed });
        } else {
            ev.extend(self.opponent_moves());
        }
        ev
    }

    /// Whether `mv` would be taken as right (the line's move, or a mate
    /// on the last move), without playing it.
    pub fn expects(&self, mv: &Move) -> bool {
        let Some(expected) = self.puzzle.line.get(self.at).filter(|_| !self.done) else { return false };
        let mut after = self.pos;
        after.play_unchecked(mv);
        *mv == *expected || (self.at + 1 == self.puzzle.line.len() && after.is_checkmate())
    }

    /// Takes `mv`, the last move to find, as right though the line has
    /// another (an engine found it as good): the puzzle is solved.
    pub fn accept(&mut self, mv: Move, now: u64) -> Vec<PuzzleEvent> {
        if self.done || self.at + 1 != self.puzzle.line.len() {
            return self.play(mv, now);
        }
        let before = self.pos;
        self.advance(mv);
        self.done = true;
        vec![
            PuzzleEvent::Right { before, mv },
            PuzzleEvent::Solved { ms: now.saturating_sub(self.started_ms), clean: !self.failed },
        ]
    }

    /// The next hint for the move to find: the piece, then the themes,
    /// then the target square.
    pub fn hint(&mut self) -> Vec<PuzzleEvent> {
        let Some(expected) = self.puzzle.line.get(self.at).copied().filter(|_| !self.done) else {
            return vec![PuzzleEvent::Over];
        };
        self.hints += 1;
        vec![match self.hints {
            1 => PuzzleEvent::HintPiece {
                role: self.pos.piece_at(expected.from).map_or(Role::Pawn, |p| p.role),
                square: expected.from,
            },
            2 => PuzzleEvent::HintThemes(self.puzzle.themes.clone()),
            3 => PuzzleEvent::HintTarget(expected.to),
            _ => PuzzleEvent::NoMoreHints,
        }]
    }

    /// Plays the rest of the line, move by move: the puzzle is failed.
    pub fn solution(&mut self) -> Vec<PuzzleEvent> {
        if self.done {
            return vec![PuzzleEvent::Over];
        }
        self.failed = true;
        let mut ev = Vec::new();
        while let Some(mv) = self.puzzle.line.get(self.at).copied() {
            let before = self.pos;
            self.advance(mv);
            ev.push(PuzzleEvent::Played { before, mv });
        }
        self.done = true;
        ev.push(PuzzleEvent::SolutionShown);
        ev
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mate in 2 (lichess's form: the opponent's move first).
    pub(crate) const ROW: &str = "00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,76,95,7214,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,";

    #[test]
    fn a_row_is_read_and_written_back() {
        let p = Puzzle::from_csv(ROW).expect("puzzle");
        assert_eq!(p.id, "00008");
        assert_eq!(p.line.len(), 6);
        assert_eq!(p.side(), Color::White);
        assert_eq!(p.themes, ["crushing", "hangingPiece", "long", "middlegame"]);
        assert_eq!(Puzzle::from_csv(&p.to_csv()).expect("again"), p);
        assert_eq!(Puzzle::from_csv("x"), Err(PuzzleError::Fields(1)));
        let bad = ROW.replace("f2g3 e6e7", "f2g3 e6e8");
        assert_eq!(Puzzle::from_csv(&bad), Err(PuzzleError::Move(1)));
    }

    #[test]
    fn right_wrong_hints_and_solution() {
        let p = Puzzle::from_csv(ROW).expect("puzzle");
        let (mut run, ev) = PuzzleRun::start(p.clone(), 1000);
        assert!(matches!(ev.as_slice(), [PuzzleEvent::Played { mv, .. }] if mv.uci() == "f2g3"));
        let wrong = run.position().legal_moves().iter().find(|m| m.uci() == "h6h7").copied().expect("legal");
        assert!(matches!(run.play(wrong, 2000).as_slice(), [PuzzleEvent::Wrong { .. }]));
        assert_eq!(run.hint(), [PuzzleEvent::HintPiece { role: Role::Rook, square: Square::parse("e6").expect("sq") }]);
        assert!(matches!(run.hint().as_slice(), [PuzzleEvent::HintThemes(_)]));
        assert_eq!(run.hint(), [PuzzleEvent::HintTarget(Square::parse("e7").expect("sq"))]);
        assert_eq!(run.hint(), [PuzzleEvent::NoMoreHints]);
        let right = p.line[1];
        let ev = run.play(right, 3000);
        assert!(matches!(ev.as_slice(), [PuzzleEvent::Right { .. }, PuzzleEvent::Played { .. }]));
        let ev = run.solution();
        assert!(matches!(ev.last(), Some(PuzzleEvent::SolutionShown)));
        assert!(run.is_over() && run.failed());
        // A clean solve.
        let (mut run, _) = PuzzleRun::start(p.clone(), 0);
        run.play(p.line[1], 10);
        run.play(p.line[3], 20);
        let ev = run.play(p.line[5], 4500);
        assert_eq!(ev.last(), Some(&PuzzleEvent::Solved { ms: 4500, clean: true }));
    }

    /// Any mate on the last move counts, as lichess counts it: the line
    /// says Re8#, and Rd8# mates too.
    #[test]
    fn another_mate_on_the_last_move_counts() {
        let row = "mate0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,900,0,0,0,mateIn1 backRankMate,,";
        let p = Puzzle::from_csv(row).expect("puzzle");
        let (mut run, _) = PuzzleRun::start(p, 0);
        let other = run.position().legal_moves().iter().find(|m| m.uci() == "d1d8").copied().expect("legal");
        assert!(matches!(run.play(other, 5).last(), Some(PuzzleEvent::Solved { clean: true, .. })));
    }

    proptest::proptest! {
        /// Any text is a puzzle or refused, never a panic; a puzzle read
        /// is written back the same.
        #[test]
        fn any_row_is_read_or_refused(row in ".{0,200}") {
            if let Ok(p) = Puzzle::from_csv(&row) {
                proptest::prop_assert_eq!(Puzzle::from_csv(&p.to_csv()).ok(), Some(p));
            }
        }
    }
}
