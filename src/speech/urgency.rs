//! How urgent a line is: one value for the screen and for speech, which
//! decides what may cut, replace or drop it when it is spoken (the
//! speech queue's rules are in `audio/speaker.rs`; the screen shows
//! every line).

/// What a line is, for speech: essential news and information are said to
/// their end, in order; urgent news goes first and may cut a readout or a
/// clock call; a readout is cut by the player's next command; a clock call
/// not yet begun is replaced by a newer one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Urgency {
    /// Essential information (an answer, a save result): spoken to its
    /// end, in order.
    Info,
    /// Essential news (a move, check, mate): spoken to its end, in order;
    /// it may cut a readout.
    Move,
    /// Flag, the last seconds, game end, errors, questions: next in line;
    /// it may cut a readout or a clock call, never essential news.
    Urgent,
    /// A long readout (the board, help, lists): cut by the player's next
    /// command, a stop, a move or urgent news.
    Readout,
    /// A scheduled clock call: replaced by a newer one before it begins.
    Clock,
    /// A call of a countdown, a second apart ("19", "18"): like urgent
    /// news it goes ahead of readouts and calls and cuts them, and a
    /// newer one replaces one not begun (never a stale number, never
    /// late); urgent news (the game's end) drops it.
    Countdown,
    /// Something worth hearing that is no news of the game (chat lines
    /// arrived, the lobby's news under a game): essential items go ahead
    /// of it and a move or urgent news cuts it, but the player's next
    /// command does not drop it.
    Notice,
    /// The head of a game's greeting (who plays, the player's side):
    /// short, essential and in order with the other essential items, but
    /// news (a move, urgent news, a countdown) cuts it while it is said,
    /// and what was cut is said again once right after the news: the
    /// opponent's first move is never heard behind a greeting.
    Greeting,
    /// A move of a game watched (not the player's): after the essential
    /// items, like a move it cuts a readout or a notice; a newer one
    /// replaces one that has not begun (a fast game is heard where it is,
    /// never behind; its rows keep every move).
    Live,
}

impl Urgency {
    /// Spoken to its end whatever comes after.
    pub fn essential(self) -> bool {
        matches!(self, Urgency::Info | Urgency::Move | Urgency::Urgent | Urgency::Greeting)
    }

    /// News that cuts a greeting being said.
    pub fn news(self) -> bool {
        matches!(self, Urgency::Move | Urgency::Urgent | Urgency::Countdown)
    }
}
