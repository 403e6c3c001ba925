//! The game core: one game as a deterministic state machine, in the shape
//! of the clock. Typed actions go in with the time (ms) as an argument;
//! typed events come out. It knows no words, does no I/O and starts no
//! thread: the front end resolves input to actions, performs what events
//! ask for (saving, asking the opponent for a move) and has the narrator
//! say them.
//!
//! The opponent is whoever plays the other side: a second person at this
//! computer, an engine, or (later) a player on a server. The game only
//! knows whether the opponent's moves are typed here ([`Seat::Here`]) or
//! arrive from elsewhere ([`Seat::Away`]), and an arriving move may carry
//! the clock times of whoever keeps the authoritative clock.

use super::autosave::WriteProblem;
use super::opponent::OpponentFailure;
use super::record::Player;
use crate::clock::{CalledMarks, ChessClock, Controls, Schedule, StartRule, outcome_on_time};
use crate::engine::analysis::{Analyst, Line as AnalysisLine};
use crate::rules::Color;
use crate::rules::{CastleSide, MoveRequest, PieceRequest, diagnose};
use crate::rules::{DrawClaim, DrawReason, History, Move, Outcome, Position, WinReason};
use crate::speech::{Answer, Channel, EngineQuestion, Question, Refusal};

/// Where a side's moves come from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Typed or said at this computer.
    Here,
    /// From elsewhere: an engine, or a server.
    Away,
}

/// What the game waits for from the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Nothing.
    Nothing,
    /// An answer to a question about moves.
    Choice(Question),
    /// Yes or no to resigning.
    Resign,
    /// An answer to a draw offer made by this side.
    DrawOffer(Color),
    /// Whether to go on with another opponent after the opponent failed.
    OpponentFailed,
}

/// Something the player (or the opponent, or time) does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move made at this computer, typed or heard (resolved from what
    /// the player said).
    Move {
        /// The move.
        mv: Move,
        /// How the player gave it.
        channel: Channel,
    },
    /// What the player said is not a move that can be played, and why.
    Refuse(Refusal),
    /// The resolver asks a question before a move.
    Ask(Question),
    /// An answer: yes, no, cancel, a number.
    Answer(Answer),
    /// Take back the last move (against an away opponent, its reply too).
    Takeback,
    /// Offer a draw.
    OfferDraw,
    /// Claim a draw (9.2, 9.3).
    ClaimDraw,
    /// Accept the offer.
    Accept,
    /// Decline the offer.
    Decline,
    /// Resign (asked first).
    Resign,
    /// The away opponent's move, with the clock times (White's, Black's,
    /// in ms) when the opponent's side keeps the clock.
    OpponentMove {
        /// The move.
        mv: Move,
        /// The authoritative clock times, if any.
        clocks: Option<[u64; 2]>,
    },
    /// The away opponent could not move (an engine crashed).
    OpponentFailed(OpponentFailure),
    /// Another opponent takes over (the built-in engine), by name.
    Replace(String),
    /// Time passed: the flag and the clock calls are checked.
    Tick,
    /// The player asks the engine about the position.
    AskEngine(EngineQuestion),
}

/// Something that happened, for the narrator (and for saving).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played from `before`.
    Moved {
        /// The position before the move.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// What the player said was not played, with the typed reason.
    Refused(Refusal),
    /// A period's move control was reached: its time is added.
    ControlReached {
        /// The side.
        side: Color,
        /// The time added (ms).
        added: u64,
    },
    /// The mover's time after their move (when they want to hear it).
    OwnTime {
        /// The side.
        side: Color,
        /// Its time left (ms).
        remaining: u64,
    },
    /// Moves left to the time control.
    ControlNear {
        /// The side.
        side: Color,
        /// How many moves.
        moves: u32,
    },
    /// A draw can be claimed now.
    Claimable(DrawClaim),
    /// A question is asked.
    Asked(Question),
    /// The question was cancelled.
    Cancelled,
    /// An answer came with no question asked.
    NoQuestion,
    /// "Resign? Say yes or no."
    ResignAsked,
    /// The player did not resign.
    PlayOn,
    /// A draw was offered to `to`.
    DrawOffered {
        /// Who is asked.
        to: Color,
    },
    /// The draw offer was declined.
    DrawDeclined,
    /// The away opponent declines the draw.
    OpponentDeclinesDraw,
    /// No draw can be claimed.
    NoClaim,
    /// "Accept" with no offer.
    NoOfferToAccept,
    /// "Decline" with no offer.
    NoOfferToDecline,
    /// Moves taken back, last first; `to_move` is on move now.
    TakenBack {
        /// The positions before the moves and the moves.
        moves: Vec<(Position, Move)>,
        /// Who moves now.
        to_move: Color,
    },
    /// Nothing to take back.
    NoTakeback,
    /// The away opponent is to move: wait.
    OpponentToMove,
    /// The game is over already.
    IsOver,
    /// The game is over; only commands are taken.
    OverOnlyCommands,
    /// The clock calls a side's time.
    ClockCalled {
        /// The side.
        side: Color,
        /// The time called (ms).
        remaining: u64,
    },
    /// A flag fell.
    Flag {
        /// Whose.
        side: Color,
    },
    /// The game ended.
    GameOver(Outcome),
    /// The away opponent failed; the player is asked whether to go on.
    OpponentFailed {
        /// What went wrong.
        error: OpponentFailure,
    },
    /// Another opponent plays on.
    PlayingOnWith {
        /// Its name.
        name: String,
    },
    /// The player chose not to go on; the game is kept.
    GameKept,
    /// The game changed and should be saved.
    Changed,
    /// Engine help is off in this game: the question is refused.
    EngineHelpOff,
    /// The engine may be asked: the front end runs it on the position in
    /// view and hands back `EngineAnswered`.
    EngineWanted(EngineQuestion),
    /// The front end's part: the engine's answer.
    EngineAnswered {
        /// The question.
        question: EngineQuestion,
        /// The position the lines start from (for a threat, the position
        /// with the other side to move; when the player is in check there
        /// is none, and this is the position asked about).
        position: Position,
        /// Who answered.
        analyst: Analyst,
        /// The lines, best first, or why there are none.
        lines: Result<Vec<AnalysisLine>, OpponentFailure>,
    },
    /// The front end's part, after doing what `Changed` and `GameOver`
    /// asked: the score was written as a new file in the games folder.
    ScoreSaved {
        /// The file's name (never the whole path).
        name: String,
    },
    /// A file could not be written.
    SaveFailed {
        /// Which.
        what: Saving,
        /// Why.
        problem: WriteProblem,
    },
    /// The player left: the game was kept for `resume`, or there was
    /// nothing to keep (no move yet, or the game is over).
    Left {
        /// Whether an unfinished game was kept.
        kept: bool,
    },
}

/// What was being written when a write failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Saving {
    /// The game during play (the autosave).
    Game,
    /// The score on request ("save").
    Score,
    /// The score at the game's end (the autosave is kept instead).
    ScoreAtEnd,
    /// The game on leaving.
    Leaving,
}

/// How a game starts.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The start position.
    pub start: Position,
    /// Moves already played.
    pub moves: Vec<Move>,
    /// White's and Black's players.
    pub players: [Player; 2],
    /// Where each side's moves come from.
    pub seats: [Seat; 2],
    /// The player's colour; None when two people play here.
    pub me: Option<Color>,
    /// The time control, if the game is timed.
    pub controls: Option<Controls>,
    /// A saved clock to continue.
    pub clock: Option<ChessClock>,
    /// When the clock calls the time.
    pub schedule: Schedule,
    /// Whether the engine may be asked about the positions.
    pub engine_help: bool,
}

/// One game.
#[derive(Clone, Debug)]
pub struct Game {
    history: History,
    clock: Option<ChessClock>,
    controls: Option<Controls>,
    schedule: Schedule,
    players: [Player; 2],
    seats: [Seat; 2],
    me: Option<Color>,
    pending: Pending,
    outcome: Option<Outcome>,
    /// The marks called for each side: each once per period.
    called: CalledMarks,
    due_mark: Option<(Color, u64, u64)>,
    thinking: bool,
    engine_help: bool,
}

impl Game {
    /// A game ready to play at time `now`.
    pub fn new(setup: GameSetup, now: u64) -> Game {
        let mut history = History::new(setup.start);
        for m in setup.moves {
            if history.push(m).is_err() {
                break;
            }
        }
        let clock = setup.clock.map(|c| ChessClock::restore(c, now)).or_else(|| {
            setup.controls.clone().map(|c| {
                let mut clock = ChessClock::new(c, StartRule::AtStart);
                clock.turn = history.current().turn();
                clock.start(now);
                if clock.turn == Color::Black {
                    clock.running = Some(Color::Black);
                }
                clock
            })
        });
        Game {
            history,
            clock,
            controls: setup.controls,
            schedule: setup.schedule,
            players: setup.players,
            seats: setup.seats,
            me: setup.me,
            pending: Pending::Nothing,
            outcome: None,
            called: CalledMarks::default(),
            due_mark: None,
            thinking: false,
            engine_help: setup.engine_help,
        }
    }

    /// The moves so far.
    pub fn history(&self) -> &History {
        &self.history
    }
    /// The position now.
    pub fn position(&self) -> &Position {
        self.history.current()
    }
    /// The clock, if the game is timed.
    pub fn clock(&self) -> Option<&ChessClock> {
        self.clock.as_ref()
    }
    /// The time control.
    pub fn controls(&self) -> Option<&Controls> {
        self.controls.as_ref()
    }
    /// White's and Black's players.
    pub fn players(&self) -> &[Player; 2] {
        &self.players
    }
    /// The player's colour (None: two people here).
    pub fn me(&self) -> Option<Color> {
        self.me
    }
    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// What the game waits for.
    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    fn is_away(&self, c: Color) -> bool {
        self.seats[c.index()] == Seat::Away
    }

    /// Whether the away opponent should be asked for a move now.
    pub fn opponent_to_move(&self) -> bool {
        self.outcome.is_none() && !self.thinking && self.is_away(self.position().turn())
    }

    /// The away opponent has been asked for a move; returns how long it may
    /// think (ms): a fortieth of its time, 50 ms to 3 s; 500 ms untimed.
    pub fn opponent_thinks(&mut self, now: u64) -> u64 {
        self.thinking = true;
        match &self.clock {
            Some(c) => (c.remaining(self.position().turn(), now) / 40).clamp(50, 3000),
            None => 500,
        }
    }

    /// Events at the start of a game (a continued game may be over).
    pub fn start(&mut self, now: u64) -> Vec<Event> {
        let mut events = Vec::new();
        self.check_game_over(now, &mut events);
        events
    }

    /// Does what the action says; returns what happened.
    pub fn act(&mut self, action: Action, now: u64) -> Vec<Event> {
        let mut ev = Vec::new();
        if self.outcome.is_none()
            && let Some(c) = &mut self.clock
            && c.check_flag(now).is_some()
        {
            self.flag(now, &mut ev);
        }
        match action {
            Action::Tick => self.tick(now, &mut ev),
            // Engine help is decided here, once: a game can be one without it.
            Action::AskEngine(question) => {
                ev.push(if self.engine_help { Event::EngineWanted(question) } else { Event::EngineHelpOff })
            }
            Action::Move { mv, channel: _ } => self.local_move(mv, now, &mut ev),
            Action::Refuse(why) => {
                // After the game, the problem is that moves are over.
                ev.push(if self.outcome.is_some() { Event::OverOnlyCommands } else { Event::Refused(why) });
            }
            Action::Ask(q) => {
                if self.outcome.is_some() {
                    ev.push(Event::OverOnlyCommands);
                } else {
                    self.pending = Pending::Choice(q.clone());
                    ev.push(Event::Asked(q));
                }
            }
            Action::Answer(a) => self.answer(a, now, &mut ev),
            Action::Takeback => self.takeback(now, &mut ev),
            Action::OfferDraw => self.offer_draw(now, &mut ev),
            Action::ClaimDraw => match self.history.claimable_draw() {
                Some(claim) if self.outcome.is_none() => self.end(Outcome::Draw(claim.into()), now, &mut ev),
                _ => ev.push(Event::NoClaim),
            },
            Action::Accept => match self.pending {
                Pending::DrawOffer(_) => self.answer(Answer::Yes, now, &mut ev),
                _ => ev.push(Event::NoOfferToAccept),
            },
            Action::Decline => match self.pending {
                Pending::DrawOffer(_) => self.answer(Answer::No, now, &mut ev),
                _ => ev.push(Event::NoOfferToDecline),
            },
            Action::Resign => {
                if self.outcome.is_some() {
                    ev.push(Event::IsOver);
                } else {
                    self.pending = Pending::Resign;
                    ev.push(Event::ResignAsked);
                }
            }
            Action::OpponentMove { mv, clocks } => {
                self.thinking = false;
                if self.outcome.is_none() && self.position().is_legal(&mv) {
                    if let (Some(c), Some(times)) = (&mut self.clock, clocks) {
                        for color in Color::ALL {
                            let delta = times[color.index()] as i64 - c.remaining(color, now) as i64;
                            c.adjust(now, color, delta);
                        }
                    }
                    self.play(mv, now, &mut ev);
                }
            }
            Action::OpponentFailed(error) => {
                self.thinking = false;
                self.pending = Pending::OpponentFailed;
                ev.push(Event::OpponentFailed { error });
            }
            Action::Replace(name) => {
                for p in &mut self.players {
                    if let Player::Engine(n) = p {
                        *n = name.clone();
                    }
                }
                ev.push(Event::PlayingOnWith { name });
            }
        }
        ev
    }

    fn local_move(&mut self, m: Move, now: u64, ev: &mut Vec<Event>) {
        if self.outcome.is_some() {
            ev.push(Event::OverOnlyCommands);
        } else if self.is_away(self.position().turn()) {
            ev.push(Event::OpponentToMove);
        } else if self.position().is_legal(&m) {
            self.play(m, now, ev);
        } else {
            let request = request_of(self.position(), &m);
            ev.push(Event::Refused(Refusal::Illegal(diagnose(self.position(), &request))));
        }
    }

    fn end(&mut self, outcome: Outcome, now: u64, ev: &mut Vec<Event>) {
        if self.outcome.is_some() {
            return;
        }
        self.outcome = Some(outcome);
        if let Some(c) = &mut self.clock {
            c.pause(now);
        }
        self.pending = Pending::Nothing;
        ev.push(Event::GameOver(outcome));
    }

    fn check_game_over(&mut self, now: u64, ev: &mut Vec<Event>) {
        if let Some(o) = self.history.outcome() {
            self.end(o, now, ev);
        }
    }

    fn play(&mut self, m: Move, now: u64, ev: &mut Vec<Event>) {
        let before = *self.position();
        let mover = before.turn();
        let mut control_reached = None;
        if let Some(clock) = &mut self.clock {
            if clock.check_flag(now).is_some() {
                self.flag(now, ev);
                return;
            }
            if let Ok(press) = clock.press(now, mover)
                && let Some(period) = press.new_period
            {
                control_reached = Some(Event::ControlReached { side: mover, added: period.time_ms });
            }
        }
        if self.history.push(m).is_err() {
            return;
        }
        self.pending = Pending::Nothing;
        ev.push(Event::Moved { before, mv: m });
        ev.extend(control_reached);
        if self.schedule.after_own_move
            && Some(mover) == self.me
            && let Some(c) = &self.clock
        {
            ev.push(Event::OwnTime { side: mover, remaining: c.remaining(mover, now) });
        }
        if let Some(moves) = self.clock.as_ref().and_then(|c| c.moves_to_control(mover))
            && (moves == self.schedule.control_warning_moves || moves == 1)
            && !self.is_away(mover)
        {
            ev.push(Event::ControlNear { side: mover, moves });
        }
        ev.push(Event::Changed);
        self.check_game_over(now, ev);
        if self.outcome.is_none()
            && let Some(claim) = self.history.claimable_draw()
            && !self.is_away(self.position().turn())
        {
            ev.push(Event::Claimable(claim));
        }
    }

    fn flag(&mut self, now: u64, ev: &mut Vec<Event>) {
        let Some(clock) = &self.clock else { return };
        let fallen = clock.fallen();
        let Some(loser) = fallen.first().copied() else { return };
        // One line per flag: when the flag ends the game, the game's end says it.
        match outcome_on_time(&fallen, Some(self.position())) {
            Some(o) => self.end(o, now, ev),
            None => ev.push(Event::Flag { side: loser }),
        }
    }

    fn answer(&mut self, a: Answer, now: u64, ev: &mut Vec<Event>) {
        let pending = std::mem::replace(&mut self.pending, Pending::Nothing);
        match (pending, a) {
            (Pending::Resign, Answer::Yes) => {
                let loser = self.me.unwrap_or(self.position().turn());
                self.end(Outcome::Win { winner: !loser, reason: WinReason::Resignation }, now, ev);
            }
            (Pending::DrawOffer(_), Answer::Yes) => self.end(Outcome::Draw(DrawReason::Agreement), now, ev),
            (Pending::OpponentFailed, Answer::Yes) => {} // the front end replaces the opponent
            (Pending::Choice(_), Answer::Cancel | Answer::No) | (_, Answer::Cancel) => ev.push(Event::Cancelled),
            (Pending::Resign, _) => ev.push(Event::PlayOn),
            (Pending::DrawOffer(_), _) => ev.push(Event::DrawDeclined),
            (Pending::OpponentFailed, _) => ev.push(Event::GameKept),
            (Pending::Choice(q), _) => {
                self.pending = Pending::Choice(q.clone());
                ev.push(Event::Asked(q));
            }
            (Pending::Nothing, _) => ev.push(Event::NoQuestion),
        }
    }

    fn takeback(&mut self, now: u64, ev: &mut Vec<Event>) {
        if self.outcome.is_some() {
            ev.push(Event::IsOver);
            return;
        }
        if self.thinking {
            ev.push(Event::OpponentToMove);
            return;
        }
        // Against an away opponent, its reply goes back too.
        let plies = match self.me {
            Some(me) if self.position().turn() == me && self.history.moves().len() >= 2 => 2,
            _ => 1,
        };
        if self.history.moves().len() < plies {
            ev.push(Event::NoTakeback);
            return;
        }
        let mut moves = Vec::new();
        for _ in 0..plies {
            let mover = !self.position().turn();
            let n = self.history.moves().len();
            let m = self.history.moves()[n - 1];
            let before = self.history.positions()[n - 1];
            self.history.pop();
            moves.push((before, m));
            if let Some(c) = &mut self.clock {
                c.take_back(now, mover);
            }
        }
        self.pending = Pending::Nothing;
        ev.push(Event::TakenBack { moves, to_move: self.position().turn() });
        ev.push(Event::Changed);
    }

    fn offer_draw(&mut self, now: u64, ev: &mut Vec<Event>) {
        if self.outcome.is_some() {
            ev.push(Event::IsOver);
            return;
        }
        let offerer = self.me.unwrap_or(self.position().turn());
        if self.is_away(!offerer) {
            // An engine accepts only a position that cannot be won.
            if self.position().is_dead_position() || self.history.claimable_draw().is_some() {
                self.end(Outcome::Draw(DrawReason::Agreement), now, ev);
            } else {
                ev.push(Event::OpponentDeclinesDraw);
            }
            return;
        }
        self.pending = Pending::DrawOffer(offerer);
        ev.push(Event::DrawOffered { to: !offerer });
    }

    /// When the clock next needs attention (ms), if it runs.
    pub fn next_wake(&mut self, now: u64) -> Option<u64> {
        self.due_mark = None;
        if self.outcome.is_some() {
            return None;
        }
        let clock = self.clock.as_ref()?;
        let flag = clock.flag_due();
        let running = clock.running?;
        if !self.is_away(running) && !clock.paused {
            self.due_mark = self.called.next(&self.schedule, clock, running, now).map(|(m, due)| (running, m, due));
        }
        [flag, self.due_mark.map(|(_, _, due)| due)].into_iter().flatten().min()
    }

    fn tick(&mut self, now: u64, ev: &mut Vec<Event>) {
        if self.outcome.is_some() {
            return;
        }
        let Some(clock) = &self.clock else { return };
        if let Some((color, mark, due)) = self.due_mark
            && now >= due
            && clock.running == Some(color)
        {
            self.due_mark = None;
            self.called.record(clock, color, mark);
            ev.push(Event::ClockCalled { side: color, remaining: mark });
        }
    }
}

/// What a player would have said to ask for `m`: the piece, its square,
/// the target (for a move that is not legal, its reason is diagnosed from
/// this).
fn request_of(pos: &Position, m: &Move) -> MoveRequest {
    if m.is_castle() {
        let side = if m.is_short_castle() { CastleSide::King } else { CastleSide::Queen };
        return MoveRequest::Castle(Some(side));
    }
    MoveRequest::Piece(PieceRequest {
        role: pos.board().role_at(m.from),
        file: Some(m.from.file()),
        rank: Some(m.from.rank()),
        to: Some(m.to),
        promotion: m.promotion(),
        en_passant: m.is_en_passant(),
        ..PieceRequest::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DrawClaim, Square};
    use crate::speech::Question;

    fn mv(pos: &Position, uci: &str) -> Move {
        *pos.legal_moves().iter().find(|m| m.uci() == uci).expect("legal")
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    fn setup(me: Option<Color>, time: Option<&str>) -> GameSetup {
        let away = |c: Color| if me.is_some_and(|m| m != c) { Seat::Away } else { Seat::Here };
        GameSetup {
            start: Position::start(),
            moves: Vec::new(),
            players: [Player::Human("A".into()), Player::Human("B".into())],
            seats: [away(Color::White), away(Color::Black)],
            me,
            controls: time.map(|t| t.parse().expect("control")),
            clock: None,
            schedule: Schedule::default(),
            engine_help: true,
        }
    }

    fn play(g: &mut Game, uci: &str, now: u64) -> Vec<Event> {
        let m = mv(g.position(), uci);
        g.act(Action::Move { mv: m, channel: Channel::Typed }, now)
    }

    #[test]
    fn a_move_is_played_announced_and_saved() {
        let mut g = Game::new(setup(None, None), 0);
        let ev = play(&mut g, "e2e4", 0);
        assert!(matches!(ev[0], Event::Moved { .. }));
        assert!(ev.contains(&Event::Changed));
        assert_eq!(g.position().turn(), Color::Black);
    }

    #[test]
    fn fools_mate_ends_the_game() {
        let mut g = Game::new(setup(None, None), 0);
        for m in ["f2f3", "e7e5", "g2g4"] {
            play(&mut g, m, 0);
        }
        let ev = play(&mut g, "d8h4", 0);
        assert!(ev.contains(&Event::GameOver(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate })));
        let a3 = Move { from: sq("a2"), to: sq("a3"), kind: crate::rules::MoveKind::Normal };
        assert_eq!(g.act(Action::Move { mv: a3, channel: Channel::Typed }, 0), vec![Event::OverOnlyCommands]);
        assert_eq!(g.act(Action::Resign, 0), vec![Event::IsOver]);
    }

    #[test]
    fn a_move_that_cannot_be_played_is_refused_with_its_reason() {
        use crate::rules::{IllegalReason, MoveKind};
        let mut g = Game::new(setup(None, None), 0);
        // The bishop on f1 cannot go to c4 through the pawn on e2.
        let bc4 = Move { from: sq("f1"), to: sq("c4"), kind: MoveKind::Normal };
        let ev = g.act(Action::Move { mv: bc4, channel: Channel::Heard }, 0);
        assert!(matches!(&ev[..], [Event::Refused(Refusal::Illegal(IllegalReason::Blocked { .. }))]), "{ev:?}");
        assert_eq!(g.history().moves().len(), 0);
        let ev = g.act(Action::Refuse(Refusal::NothingHeard), 0);
        assert_eq!(ev, vec![Event::Refused(Refusal::NothingHeard)]);
    }

    #[test]
    fn a_move_control_adds_the_next_period() {
        let mut g = Game::new(setup(None, Some("2/5, 1")), 0);
        for m in ["g1f3", "g8f6"] {
            assert!(!play(&mut g, m, 0).iter().any(|e| matches!(e, Event::ControlReached { .. })));
        }
        play(&mut g, "f3g1", 0);
        let ev = play(&mut g, "f6g8", 0);
        assert!(ev.contains(&Event::ControlReached { side: Color::Black, added: 60_000 }), "{ev:?}");
        let clock = g.clock().expect("clock");
        assert_eq!(clock.remaining(Color::Black, 0), 360_000);
    }

    #[test]
    fn the_clock_calls_and_the_flag_falls_with_fake_time() {
        let mut g = Game::new(setup(None, Some("0:02")), 0);
        // 2 seconds: the schedule calls 1 s.
        let due = g.next_wake(0).expect("a call or the flag");
        assert_eq!(due, 1000);
        assert_eq!(g.act(Action::Tick, 1000), vec![Event::ClockCalled { side: Color::White, remaining: 1000 }]);
        let flag = g.next_wake(1000).expect("the flag");
        assert_eq!(flag, 2000);
        let ev = g.act(Action::Tick, 2000);
        assert_eq!(ev, vec![Event::GameOver(Outcome::Win { winner: Color::Black, reason: WinReason::FlagFall })]);
    }

    /// At 5+3 the increment lifts the time above 5:00 after quick moves:
    /// the mark is called once, not after every move.
    #[test]
    fn a_mark_is_called_once_per_period() {
        let mut g = Game::new(setup(None, Some("5+3")), 0);
        let mut now = 0;
        let mut calls = Vec::new();
        for (w, b) in [("g1f3", "g8f6"), ("f3g1", "f6g8"), ("g1f3", "g8f6"), ("f3g1", "f6g8")] {
            for m in [w, b] {
                // Each move takes 2 s; the clock is checked before each.
                let target = now + 2000;
                while let Some(due) = g.next_wake(now).filter(|d| *d <= target) {
                    now = due;
                    calls.extend(g.act(Action::Tick, now));
                }
                now = target;
                play(&mut g, m, now);
            }
        }
        let five: Vec<_> =
            calls.iter().filter(|e| matches!(e, Event::ClockCalled { remaining: 300_000, .. })).collect();
        assert_eq!(five.len(), 2, "once for each side: {calls:?}");
    }

    #[test]
    fn takeback_against_an_away_opponent_takes_two_plies() {
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        play(&mut g, "e2e4", 0);
        assert!(g.opponent_to_move());
        assert_eq!(g.opponent_thinks(0), 500);
        assert_eq!(g.act(Action::Takeback, 0), vec![Event::OpponentToMove]);
        let reply = mv(g.position(), "e7e5");
        g.act(Action::OpponentMove { mv: reply, clocks: None }, 0);
        let ev = g.act(Action::Takeback, 0);
        let Event::TakenBack { moves, to_move } = &ev[0] else { panic!("{ev:?}") };
        assert_eq!(moves.len(), 2);
        assert_eq!(*to_move, Color::White);
        assert_eq!(g.position(), &Position::start());
        assert_eq!(g.act(Action::Takeback, 0), vec![Event::NoTakeback]);
    }

    #[test]
    fn a_local_move_on_the_opponents_turn_waits() {
        let mut g = Game::new(setup(Some(Color::Black), None), 0);
        let e4 = mv(g.position(), "e2e4");
        assert_eq!(g.act(Action::Move { mv: e4, channel: Channel::Typed }, 0), vec![Event::OpponentToMove]);
    }

    #[test]
    fn draws_offered_both_ways_claimed_and_declined() {
        // Two people: the offer goes to the other side, who may decline or accept.
        let mut g = Game::new(setup(None, None), 0);
        assert_eq!(g.act(Action::OfferDraw, 0), vec![Event::DrawOffered { to: Color::Black }]);
        assert_eq!(g.act(Action::Decline, 0), vec![Event::DrawDeclined]);
        assert_eq!(g.act(Action::Decline, 0), vec![Event::NoOfferToDecline]);
        assert_eq!(g.act(Action::Accept, 0), vec![Event::NoOfferToAccept]);
        g.act(Action::OfferDraw, 0);
        assert_eq!(g.act(Action::Accept, 0), vec![Event::GameOver(Outcome::Draw(DrawReason::Agreement))]);
        // Against an engine: declined unless the position cannot be won.
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        assert_eq!(g.act(Action::OfferDraw, 0), vec![Event::OpponentDeclinesDraw]);
        // Threefold: knights out and back twice.
        let mut g = Game::new(setup(None, None), 0);
        assert_eq!(g.act(Action::ClaimDraw, 0), vec![Event::NoClaim]);
        let mut last = Vec::new();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
            last = play(&mut g, m, 0);
        }
        assert!(last.contains(&Event::Claimable(DrawClaim::ThreefoldRepetition)), "{last:?}");
        assert_eq!(g.act(Action::ClaimDraw, 0), vec![Event::GameOver(Outcome::Draw(DrawReason::ThreefoldRepetition))]);
    }

    #[test]
    fn resigning_is_confirmed() {
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        assert_eq!(g.act(Action::Resign, 0), vec![Event::ResignAsked]);
        assert_eq!(g.act(Action::Answer(Answer::No), 0), vec![Event::PlayOn]);
        g.act(Action::Resign, 0);
        assert_eq!(
            g.act(Action::Answer(Answer::Yes), 0),
            vec![Event::GameOver(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation })]
        );
    }

    #[test]
    fn questions_are_kept_until_answered_or_cancelled() {
        let mut g = Game::new(setup(None, None), 0);
        let q = Question { prompt: "?".into(), choices: vec![mv(g.position(), "g1f3")], reason: None };
        assert_eq!(g.act(Action::Ask(q.clone()), 0), vec![Event::Asked(q.clone())]);
        assert_eq!(g.pending(), &Pending::Choice(q.clone()));
        // An answer that is not one: the question again.
        assert_eq!(g.act(Action::Answer(Answer::Yes), 0), vec![Event::Asked(q.clone())]);
        assert_eq!(g.act(Action::Answer(Answer::Cancel), 0), vec![Event::Cancelled]);
        assert_eq!(g.act(Action::Answer(Answer::Yes), 0), vec![Event::NoQuestion]);
    }

    #[test]
    fn the_opponent_fails_and_is_replaced_or_the_game_kept() {
        let mut g = Game::new(setup(Some(Color::Black), None), 0);
        assert!(g.opponent_to_move());
        g.opponent_thinks(0);
        let ev = g.act(Action::OpponentFailed(OpponentFailure::Stopped), 0);
        assert_eq!(ev, vec![Event::OpponentFailed { error: OpponentFailure::Stopped }]);
        assert_eq!(g.act(Action::Answer(Answer::No), 0), vec![Event::GameKept]);
        g.act(Action::OpponentFailed(OpponentFailure::NoAnswer(10)), 0);
        assert_eq!(g.act(Action::Answer(Answer::Yes), 0), vec![]);
        assert_eq!(
            g.act(Action::Replace("built-in".into()), 0),
            vec![Event::PlayingOnWith { name: "built-in".into() }]
        );
        assert!(g.opponent_to_move());
    }

    #[test]
    fn an_away_clock_is_the_authority() {
        let mut g = Game::new(setup(Some(Color::White), Some("5+0")), 0);
        play(&mut g, "e2e4", 1000);
        let reply = mv(g.position(), "e7e5");
        g.act(Action::OpponentMove { mv: reply, clocks: Some([290_000, 250_000]) }, 5000);
        let c = g.clock().expect("clock");
        assert_eq!(c.remaining(Color::White, 5000), 290_000);
        assert_eq!(c.remaining(Color::Black, 5000), 250_000);
    }
}
