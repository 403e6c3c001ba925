//! The puzzle streak, as lichess plays it (its API has none: voxchess
//! plays it from the offline library): puzzles of rising rating, one
//! wrong move (or the solution asked) ends the streak, one skip allowed
//! in each streak, no rating changed; the best streak is kept by the
//! caller (a number). This is the streak's count and ladder alone: which
//! rating the next puzzle is wanted near, and at least.

/// The rating the first puzzle is wanted near.
pub const START: u32 = 1000;
/// How much nearer to hard each solved puzzle brings the next.
pub const STEP: u32 = 50;
/// The highest rating wanted (the library's hardest are above it).
pub const TOP: u32 = 3000;

/// A streak: how many are solved, the best, the skip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Streak {
    solved: u32,
    best: u32,
    skip_left: bool,
    /// The rating of the puzzle in play: the next is no easier.
    floor: u32,
    over: bool,
}

/// What a solved puzzle or the end of a streak did to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Puzzles solved in this streak.
    pub solved: u32,
    /// The best streak, this one counted.
    pub best: u32,
    /// This streak is the best so far (and longer than the one before).
    pub new_best: bool,
}

impl Streak {
    /// A new streak, with the best kept so far.
    pub fn new(best: u32) -> Streak {
        Streak { solved: 0, best, skip_left: true, floor: 0, over: false }
    }

    /// The rating the next puzzle is wanted near, and the lowest it may
    /// have (the last puzzle's: the streak never gets easier).
    pub fn wanted(&self) -> (u32, u32) {
        let near = START.saturating_add(STEP.saturating_mul(self.solved)).min(TOP);
        (near.max(self.floor), self.floor)
    }

    /// The next puzzle (its rating) is in play.
    pub fn started(&mut self, rating: u32) {
        self.floor = self.floor.max(rating);
    }

    /// Which puzzle of the streak is in play (1 for the first).
    pub fn number(&self) -> u32 {
        self.solved.saturating_add(1)
    }

    /// The puzzle in play is solved.
    pub fn solved(&mut self) -> Count {
        self.solved = self.solved.saturating_add(1);
        let new_best = self.solved > self.best;
        self.best = self.best.max(self.solved);
        Count { solved: self.solved, best: self.best, new_best }
    }

    /// The streak ends (a wrong move, the solution, no harder puzzle).
    pub fn end(&mut self) -> Count {
        self.over = true;
        Count { solved: self.solved, best: self.best, new_best: false }
    }

    /// Whether the streak has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The puzzle in play is skipped, if the streak's one skip is left:
    /// true then.
    pub fn skip(&mut self) -> bool {
        std::mem::replace(&mut self.skip_left, false)
    }

    /// The best streak kept.
    pub fn best(&self) -> u32 {
        self.best
    }

    /// A new streak after this one ended (the best kept).
    pub fn again(&self) -> Streak {
        Streak::new(self.best)
    }
}

/// The best streak as kept in its file ("best N"): None when the text
/// is not one.
pub fn read_best(text: &str) -> Option<u32> {
    let mut words = text.split_whitespace();
    match (words.next(), words.next().and_then(|n| n.parse::<u32>().ok()), words.next()) {
        (Some("best"), Some(n), None) if n <= 1_000_000 => Some(n),
        _ => None,
    }
}

/// The best streak's file text.
pub fn best_text(best: u32) -> String {
    format!("best {best}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_rises_and_never_gets_easier() {
        let mut s = Streak::new(2);
        assert_eq!(s.wanted(), (START, 0));
        s.started(1200);
        assert_eq!(s.number(), 1);
        assert_eq!(s.solved(), Count { solved: 1, best: 2, new_best: false });
        // Near 1050, but no easier than 1200.
        assert_eq!(s.wanted(), (1200, 1200));
        s.started(1210);
        s.solved();
        assert_eq!(s.solved(), Count { solved: 3, best: 3, new_best: true });
        assert_eq!(s.wanted(), (1210, 1210), "near 1150, but no easier than 1210");
        assert!(s.skip());
        assert!(!s.skip(), "one skip a streak");
        assert_eq!(s.end(), Count { solved: 3, best: 3, new_best: false });
        assert!(s.is_over());
        let again = s.again();
        assert_eq!(again.best(), 3);
        assert!(!again.is_over());
        assert_eq!(again.wanted(), (START, 0));
        let mut top = Streak::new(0);
        for _ in 0..1000 {
            top.solved();
        }
        assert_eq!(top.wanted().0, TOP);
    }

    #[test]
    fn the_best_is_read_only_from_its_own_form() {
        assert_eq!(read_best(&best_text(17)), Some(17));
        assert_eq!(read_best("best 17 x"), None);
        assert_eq!(read_best("best -1"), None);
        assert_eq!(read_best(""), None);
        assert_eq!(read_best("17"), None);
    }

    proptest::proptest! {
        /// Any text is a best streak or refused, never a panic.
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,40}") {
            if let Some(n) = read_best(&text) {
                proptest::prop_assert_eq!(read_best(&best_text(n)), Some(n));
            }
        }
    }
}
