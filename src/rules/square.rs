//! Squares, files and ranks. a1 is 0, b1 is 1, ..., h8 is 63.

use std::fmt;

/// A file (vertical line) a..h, stored as 0..8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (horizontal line) 1..8, stored as 0..8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

/// One of the 64 squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl File {
    /// Files a..h in order.
    pub const ALL: [File; 8] = [File(0), File(1), File(2), File(3), File(4), File(5), File(6), File(7)];

    /// The file with index 0..8, or None.
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 { Some(File(index as u8)) } else { None }
    }
    /// Index 0..8 (a = 0).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The letter a..h.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// Reads a Latin letter a..h (lowercase only).
    pub fn from_char(c: char) -> Option<File> {
        if ('a'..='h').contains(&c) { Some(File(c as u8 - b'a')) } else { None }
    }
}

impl Rank {
    /// Ranks 1..8 in order.
    pub const ALL: [Rank; 8] = [Rank(0), Rank(1), Rank(2), Rank(3), Rank(4), Rank(5), Rank(6), Rank(7)];

    /// The rank with index 0..8 (rank 1 = 0), or None.
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 { Some(Rank(index as u8)) } else { None }
    }
    /// Index 0..8 (rank 1 = 0).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The digit '1'..'8'.
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
    /// Reads a digit 1..8.
    pub fn from_char(c: char) -> Option<Rank> {
        if ('1'..='8').contains(&c) { Some(Rank(c as u8 - b'1')) } else { None }
    }
}

impl Square {
    /// Square from an index 0..64 (a1 = 0, h8 = 63).
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 { Some(Square(index as u8)) } else { None }
    }
    /// Square from an index the caller knows is below 64.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 64);
        Square(index as u8)
    }
    /// Square at a file and rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }
    /// Index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }
    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }
    /// The square at a signed offset, if it is on the board (no wrap check).
    #[inline]
    pub(crate) const fn offset(self, delta: i32) -> Square {
        Square((self.0 as i32 + delta) as u8)
    }
    /// True for the light squares (h1 is light, a1 is dark).
    pub const fn is_light(self) -> bool {
        (self.0 / 8 + self.0 % 8) % 2 == 1
    }
    /// Reads "e4" (Latin lowercase letters).
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(file, rank))
    }
    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
