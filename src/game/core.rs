//! The game core: one game as a deterministic state machine, in the shape
//! of the clock. Typed actions go in with the time (ms) as an argument;
//! typed events come out. It knows no words, does no I/O and starts no
//! thread: the front end resolves input to actions, performs what events
//! ask for (saving, telling the opponent) and has the narrator say them.
//!
//! The opponent is whoever plays the other side: a second person at this
//! computer, an engine, or a player on a server. The game does not know
//! which: it knows whether the opponent's moves are typed here
//! ([`Seat::Here`]) or arrive from elsewhere ([`Seat::Away`]), and the
//! opponent's [`Terms`] (who keeps the clock, whether engine help,
//! takebacks, chat, abort and claiming victory exist), which it enforces.
//! An away opponent acts on its own: its moves (with the clock times of
//! whoever keeps the authoritative clock), offers, answers, resignation
//! and the end of the game as its side states it come in as
//! [`Action::Opponent`]; what it must hear goes out as [`Event::Tell`].
//! What the opponent decides (whether to accept a draw, how many plies a
//! takeback removes) is its own answer, never assumed here.

use super::action::{Action, Pending, Seat};
use super::event::{Event, NotDone, Premove};
use super::opponent::{Ending, News, OpponentAct, OpponentFailure};
use super::player::{Player, PlayerKind};
use super::setup::GameSetup;
use super::terms::{Keeper, Terms};
use crate::clock::{CalledMarks, ChessClock, Controls, Schedule, StartRule, outcome_on_time};
use crate::rules::Color;
use crate::rules::{CastleSide, MoveRequest, PieceRequest, diagnose};
use crate::rules::{DrawReason, History, Move, Outcome, Position, WinReason};
use crate::speech::{Answer, GameCommand, Refusal};
use std::time::Duration;

mod offers;

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
    /// The opponent's side called the game off.
    aborted: bool,
    /// The marks called for each side: each once per period.
    called: CalledMarks,
    /// The next clock call: (side, mark, when it is due), planned after
    /// every action, so a tick needs nothing from the caller.
    due_mark: Option<(Color, u64, u64)>,
    /// The away opponent was asked for a move and has not answered.
    thinking: bool,
    /// The player's draw offer waits for the away opponent's answer.
    draw_sent: bool,
    /// The player's takeback proposal waits for the away opponent's answer.
    takeback_sent: bool,
    engine_help: bool,
    terms: Terms,
    /// The mover's time left after each move, where the clock is known
    /// (a game continued knows only the moves played since).
    move_clocks: Vec<Option<u64>>,
    /// A move the player made on the away opponent's turn, with the
    /// position it was made for: played when the opponent has moved, if
    /// it is legal then.
    premove: Option<(Position, Move)>,
}

/// Whether the clock waits for the first moves: a server keeps it
/// (lichess starts the clocks once each side has moved) and fewer than two
/// moves are made.
fn clocks_wait(terms: Terms, history: &History) -> bool {
    terms.clock == Keeper::Opponent && history.moves().len() < 2
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
        // A server's clock (lichess's) starts once each side has made its
        // first move: none runs here before.
        let waits = clocks_wait(setup.terms, &history);
        let clock = setup.clock.map(|c| ChessClock::restore(c, now)).or_else(|| {
            setup.controls.clone().map(|c| {
                let mut clock = ChessClock::new(c, StartRule::AtStart);
                clock.turn = history.current().turn();
                clock.start(now);
                if clock.turn == Color::Black {
                    clock.running = Some(Color::Black);
                }
                if waits {
                    clock.running = None;
                }
                clock
            })
        });
        let mut game = Game {
            history,
            clock,
            controls: setup.controls,
            schedule: setup.schedule,
            players: setup.players,
            seats: setup.seats,
            me: setup.me,
            pending: Pending::Nothing,
            outcome: None,
            aborted: false,
            called: CalledMarks::default(),
            due_mark: None,
            thinking: false,
            draw_sent: false,
            takeback_sent: false,
            move_clocks: setup.move_clocks,
            premove: None,
            engine_help: setup.engine_help,
            terms: setup.terms,
        };
        game.plan(now);
        game
    }

    /// Whether the player here has made a move in this game (a game on
    /// a server counts the moves it started with).
    fn has_moved(&self) -> bool {
        let n = self.history.moves().len();
        match self.me {
            Some(me) if self.history.start().turn() == me => n >= 1,
            Some(_) => n >= 2,
            None => n >= 1,
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
    /// What the opponent allows.
    pub fn terms(&self) -> &Terms {
        &self.terms
    }
    /// The player's colour (None: two people here).
    pub fn me(&self) -> Option<Color> {
        self.me
    }
    /// The result, once over (None for a game called off).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// Whether the game has ended: with a result, or called off.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.aborted
    }
    /// What the game waits for.
    pub fn pending(&self) -> &Pending {
        &self.pending
    }
    /// Whether an answer of the away opponent to the player's offer or
    /// proposal is awaited (it comes soon: the end of input waits for it).
    pub fn awaits_opponent(&self) -> bool {
        !self.is_over() && (self.draw_sent || self.takeback_sent)
    }

    fn is_away(&self, c: Color) -> bool {
        self.seats[c.index()] == Seat::Away
    }

    /// The side played from elsewhere, if any.
    fn away(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|c| self.is_away(*c))
    }

    /// A person or an engine: the away opponent, if any.
    fn opponent_kind(&self) -> PlayerKind {
        self.away().map_or(PlayerKind::Person, |c| self.players[c.index()].kind())
    }

    /// Why what was asked changed nothing.
    fn not_done(why: NotDone, ev: &mut Vec<Event>) {
        ev.push(Event::NotDone(why));
    }

    /// Tells the away opponent, if there is one.
    fn tell(&self, news: News, ev: &mut Vec<Event>) {
        if self.away().is_some() {
            ev.push(Event::Tell(news));
        }
    }

    /// When it is the away opponent's move, asks it for one (once): it may
    /// think a fortieth of its time, 50 ms to 3 s; 500 ms untimed.
    fn ask_opponent(&mut self, now: u64, ev: &mut Vec<Event>) {
        let turn = self.position().turn();
        if self.is_over() || self.thinking || !self.is_away(turn) {
            return;
        }
        self.thinking = true;
        let think = match &self.clock {
            Some(c) => (c.remaining(turn, now) / 40).clamp(50, 3000),
            None => 500,
        };
        ev.push(Event::Tell(News::YourMove { think: Duration::from_millis(think) }));
    }

    /// Events at the start of a game: a continued game may be over, and
    /// the away opponent may be to move.
    pub fn start(&mut self, now: u64) -> Vec<Event> {
        let mut events = Vec::new();
        self.check_game_over(now, &mut events);
        self.ask_opponent(now, &mut events);
        events
    }

    /// Does what the action says; returns what happened.
    pub fn act(&mut self, action: Action, now: u64) -> Vec<Event> {
        let mut ev = Vec::new();
        if !self.is_over()
            && let Some(c) = &mut self.clock
            && c.check_flag(now).is_some()
        {
            self.flag(now, &mut ev);
        }
        match action {
            Action::Tick => self.tick(now, &mut ev),
            // Engine help is decided here, once: the opponent's terms, then
            // the player's own choice.
            Action::AskEngine(question) => ev.push(if !self.terms.engine_help {
                Event::NotDone(NotDone::FairPlay)
            } else if self.engine_help {
                Event::EngineWanted(question)
            } else {
                Event::NotDone(NotDone::EngineHelpOff)
            }),
            Action::Move(mv) => self.local_move(mv, now, &mut ev),
            Action::Refuse(why) => {
                // After the game, the problem is that moves are over.
                ev.push(if self.is_over() { Event::NotDone(NotDone::OverOnlyCommands) } else { Event::Refused(why) });
                // An answer not understood: the question stays open, and is asked again.
                if let Pending::Choice(q) = &self.pending {
                    ev.push(Event::Asked(q.clone()));
                }
            }
            Action::Ask(q) => {
                if self.is_over() {
                    Self::not_done(NotDone::OverOnlyCommands, &mut ev);
                } else {
                    self.pending = Pending::Choice(q.clone());
                    ev.push(Event::Asked(q));
                }
            }
            Action::Answer(a) => self.answer(a, now, &mut ev),
            Action::Game(command) => self.command(command, now, &mut ev),
            Action::Opponent(act) => self.opponent(act, now, &mut ev),
        }
        self.plan(now);
        ev
    }

    /// What the player asks of the game itself, within the opponent's
    /// terms.
    fn command(&mut self, command: GameCommand, now: u64, ev: &mut Vec<Event>) {
        match command {
            GameCommand::ClaimVictory if !self.terms.claim_victory => Self::not_done(NotDone::NotInThisGame, ev),
            GameCommand::Abort if !self.terms.abort => Self::not_done(NotDone::NotInThisGame, ev),
            GameCommand::ClaimVictory | GameCommand::Abort if self.is_over() => Self::not_done(NotDone::IsOver, ev),
            GameCommand::ClaimVictory => {
                self.tell(News::ClaimVictory, ev);
                ev.push(Event::Sent);
            }
            GameCommand::Abort => {
                self.tell(News::Abort, ev);
                ev.push(Event::Sent);
            }
            GameCommand::GiveTime if !self.terms.give_time => Self::not_done(NotDone::NotInThisGame, ev),
            GameCommand::GiveTime if self.is_over() => Self::not_done(NotDone::IsOver, ev),
            GameCommand::GiveTime => {
                self.tell(News::GiveTime, ev);
                ev.push(Event::Sent);
            }
            GameCommand::Berserk if !self.terms.berserk => Self::not_done(NotDone::NotArena, ev),
            GameCommand::Berserk if self.is_over() => Self::not_done(NotDone::IsOver, ev),
            GameCommand::Berserk if self.has_moved() => Self::not_done(NotDone::AlreadyMoved, ev),
            GameCommand::Berserk => {
                self.tell(News::Berserk, ev);
                ev.push(Event::Sent);
            }
            GameCommand::Takeback => self.takeback(now, ev),
            GameCommand::OfferDraw => self.offer_draw(ev),
            GameCommand::ClaimDraw => match self.history.claimable_draw() {
                Some(_) if !self.is_over() && self.terms.result == Keeper::Opponent => {
                    self.tell(News::ClaimDraw, ev);
                    ev.push(Event::Sent);
                }
                Some(claim) if !self.is_over() => self.end(Outcome::Draw(claim.into()), now, ev),
                _ => Self::not_done(NotDone::NoClaim, ev),
            },
            GameCommand::Accept => match self.pending {
                Pending::DrawOffer(_) | Pending::Takeback => self.answer(Answer::Yes, now, ev),
                _ => Self::not_done(NotDone::NoOfferToAccept, ev),
            },
            GameCommand::Decline => match self.pending {
                Pending::DrawOffer(_) | Pending::Takeback => self.answer(Answer::No, now, ev),
                _ => Self::not_done(NotDone::NoOfferToDecline, ev),
            },
            GameCommand::Resign => {
                if self.is_over() {
                    Self::not_done(NotDone::IsOver, ev);
                } else {
                    self.pending = Pending::Resign;
                    ev.push(Event::ResignAsked);
                }
            }
        }
    }

    /// What the away opponent did.
    fn opponent(&mut self, act: OpponentAct, now: u64, ev: &mut Vec<Event>) {
        let Some(away) = self.away() else { return };
        if self.is_over() && !matches!(act, OpponentAct::Ended(_) | OpponentAct::Connection { .. }) {
            return;
        }
        match act {
            OpponentAct::Move { mv, clocks } => {
                if !self.thinking && self.position().turn() != away {
                    return;
                }
                self.thinking = false;
                if !self.position().is_legal(&mv) {
                    return self.opponent(OpponentAct::Failed(OpponentFailure::IllegalMove(mv.uci())), now, ev);
                }
                if let Some(times) = clocks {
                    self.sync_clocks(times, now);
                }
                self.play(mv, now, ev);
                self.premove_due(now, ev);
            }
            OpponentAct::OfferDraw => {
                self.pending = Pending::DrawOffer(away);
                ev.push(Event::DrawOffered { to: !away });
            }
            OpponentAct::AnswerDraw { accept } => {
                if !std::mem::take(&mut self.draw_sent) {
                    return;
                }
                if accept {
                    self.end(Outcome::Draw(DrawReason::Agreement), now, ev);
                } else {
                    ev.push(Event::OpponentDeclinesDraw(self.opponent_kind()));
                }
            }
            OpponentAct::ProposeTakeback => {
                if self.history.moves().is_empty() {
                    return;
                }
                self.pending = Pending::Takeback;
                ev.push(Event::TakebackProposed);
            }
            OpponentAct::TakeBack { plies } => {
                self.takeback_sent = false;
                self.take_back(plies, now, ev);
                self.ask_opponent(now, ev);
            }
            OpponentAct::DeclineTakeback => {
                if std::mem::take(&mut self.takeback_sent) {
                    ev.push(Event::OpponentDeclinesTakeback);
                }
            }
            OpponentAct::Resign => {
                self.end(Outcome::Win { winner: !away, reason: WinReason::Resignation }, now, ev);
            }
            OpponentAct::Left { claim_in } => ev.push(Event::OpponentLeft { claim_in }),
            OpponentAct::Clocks(times) => self.sync_clocks(times, now),
            // Chat changes nothing in the game: the front keeps and says it.
            OpponentAct::Chat { .. } => {}
            OpponentAct::Connection { up: false } => ev.push(Event::ConnectionLost),
            OpponentAct::Connection { up: true } => ev.push(Event::ConnectionBack),
            OpponentAct::OpenedElsewhere => ev.push(Event::OpenedElsewhere),
            OpponentAct::Refused { reason } => ev.push(Event::ServerRefused { reason }),
            OpponentAct::RequestFailed { request, failure } => {
                match request {
                    News::DrawOffered => self.draw_sent = false,
                    News::TakebackProposed => self.takeback_sent = false,
                    _ => {}
                }
                ev.push(Event::RequestFailed { request, failure });
            }
            OpponentAct::NotSent { why } => {
                // The player's own move, the last one played: said with
                // why, and taken back.
                let last = self.history.moves().len().checked_sub(1).map(|i| (self.history.positions()[i], i));
                match last {
                    Some((before, i)) if Some(before.turn()) == self.me => {
                        let mv = self.history.moves()[i];
                        ev.push(Event::MoveNotSent { before, mv, why });
                        self.take_back(1, now, ev);
                    }
                    _ => {}
                }
            }
            OpponentAct::Returned => ev.push(Event::OpponentReturned),
            OpponentAct::Taken(request) => ev.push(Event::RequestTaken(request)),
            // Said only while that move is still the last one played.
            OpponentAct::Unanswered(mv) => {
                let n = self.history.moves().len();
                if n > 0 && self.history.moves()[n - 1] == mv && !self.is_over() {
                    ev.push(Event::MoveUnanswered { before: self.history.positions()[n - 1], mv });
                }
            }
            OpponentAct::Ended(Ending::Result(o)) => self.end(o, now, ev),
            OpponentAct::Ended(Ending::Aborted) => {
                if self.is_over() {
                    return;
                }
                self.aborted = true;
                self.pending = Pending::Nothing;
                if let Some(c) = &mut self.clock {
                    c.pause(now);
                }
                ev.push(Event::Aborted);
            }
            OpponentAct::Failed(error) => {
                self.thinking = false;
                self.draw_sent = false;
                self.takeback_sent = false;
                self.pending = Pending::OpponentFailed;
                ev.push(Event::OpponentFailed { error });
            }
            OpponentAct::Joined { name } => {
                for p in &mut self.players {
                    if let Player::Engine(n) = p {
                        *n = name.clone();
                    }
                }
                self.thinking = false;
                ev.push(Event::PlayingOnWith { name });
                self.ask_opponent(now, ev);
            }
        }
    }

    /// The clock set to the times the opponent's side keeps (White's,
    /// Black's, ms).
    fn sync_clocks(&mut self, times: [u64; 2], now: u64) {
        if let Some(c) = &mut self.clock {
            for color in Color::ALL {
                let delta = times[color.index()] as i64 - c.remaining(color, now) as i64;
                c.adjust(now, color, delta);
            }
            // The last mover's time is the keeper's word too.
            let mover = !self.history.current().turn();
            if self.move_clocks.len() == self.history.moves().len()
                && let Some(last) = self.move_clocks.last_mut()
            {
                *last = Some(times[mover.index()]);
            }
        }
    }

    /// The position a move said now is read in: the live one, or, on
    /// the away opponent's turn, the same with the player to move (the
    /// move is a premove).
    pub fn position_for_moves(&self) -> Position {
        let pos = *self.position();
        match self.me {
            Some(me) if !self.is_over() && pos.turn() != me && self.is_away(pos.turn()) => pos.with_turn(me),
            _ => pos,
        }
    }

    /// The premove kept, if any.
    pub fn premove(&self) -> Option<Move> {
        self.premove.map(|(_, m)| m)
    }

    /// The opponent has moved: the premove is played if it is legal now
    /// (the same squares, the same promotion), else dropped and said. A
    /// game that ended drops it without a word.
    fn premove_due(&mut self, now: u64, ev: &mut Vec<Event>) {
        let Some((kept_in, m)) = self.premove.take() else { return };
        if self.is_over() || self.is_away(self.position().turn()) {
            return;
        }
        let pos = *self.position();
        let same = |l: &Move| l.from == m.from && l.to == m.to && l.promotion() == m.promotion();
        match pos.legal_moves().into_iter().find(same) {
            Some(legal) => {
                ev.push(Event::Premove { before: pos, mv: legal, what: Premove::Played });
                self.play(legal, now, ev);
            }
            None => ev.push(Event::Premove { before: kept_in, mv: m, what: Premove::Dropped }),
        }
    }

    /// The mover's time left after each move, where known (see
    /// [`super::game_record`]).
    pub fn move_clocks(&self) -> &[Option<u64>] {
        &self.move_clocks
    }

    fn local_move(&mut self, m: Move, now: u64, ev: &mut Vec<Event>) {
        if self.is_over() {
            Self::not_done(NotDone::OverOnlyCommands, ev);
        } else if self.is_away(self.position().turn()) {
            // A premove: kept (one only, the last said), played when the
            // opponent has moved.
            let before = self.position().with_turn(!self.position().turn());
            self.premove = Some((before, m));
            // A question about it is answered by it.
            self.pending = Pending::Nothing;
            ev.push(Event::Premove { before, mv: m, what: Premove::Kept });
        } else if self.position().is_legal(&m) {
            self.play(m, now, ev);
        } else {
            let request = request_of(self.position(), &m);
            ev.push(Event::Refused(Refusal::Illegal(diagnose(self.position(), &request))));
        }
    }

    /// What the player asked for that ends the game: ended here, or,
    /// when the opponent's side keeps the result, sent, and the game ends
    /// when that side says so (a refusal is said, and play goes on).
    fn end_or_wait(&mut self, outcome: Outcome, now: u64, ev: &mut Vec<Event>) {
        if self.terms.result == Keeper::Opponent {
            ev.push(Event::Sent);
        } else {
            self.end(outcome, now, ev);
        }
    }

    fn end(&mut self, outcome: Outcome, now: u64, ev: &mut Vec<Event>) {
        if self.is_over() {
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
        // Mate, stalemate, a dead position: on a server, its word says it.
        if self.terms.result == Keeper::Opponent {
            return;
        }
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
        if clocks_wait(self.terms, &self.history)
            && let Some(clock) = &mut self.clock
        {
            clock.running = None;
        }
        let left = self.clock.as_ref().map(|c| c.remaining(mover, now));
        self.move_clocks.resize(self.history.moves().len() - 1, None);
        self.move_clocks.push(left);
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
        if !self.is_away(mover) {
            self.tell(News::Played(m), ev);
        }
        self.check_game_over(now, ev);
        if self.outcome.is_none()
            && let Some(claim) = self.history.claimable_draw()
            && !self.is_away(self.position().turn())
        {
            ev.push(Event::Claimable(claim));
        }
        self.ask_opponent(now, ev);
    }

    fn flag(&mut self, now: u64, ev: &mut Vec<Event>) {
        // When the opponent's side keeps the clock, only its word ends
        // the game on time.
        if self.terms.clock == Keeper::Opponent {
            return;
        }
        let Some(clock) = &self.clock else { return };
        let fallen = clock.fallen();
        let Some(loser) = fallen.first().copied() else { return };
        // One line per flag: when the flag ends the game, the game's end says it.
        match outcome_on_time(&fallen, Some(self.position())) {
            Some(o) => self.end(o, now, ev),
            None => ev.push(Event::Flag { side: loser }),
        }
    }

    /// Plans the next clock call from the clock as it stands at `now`.
    fn plan(&mut self, now: u64) {
        self.due_mark = None;
        if self.is_over() {
            return;
        }
        let Some(clock) = self.clock.as_ref() else { return };
        let Some(running) = clock.running else { return };
        if !self.is_away(running) && !clock.paused {
            self.due_mark = self.called.next(&self.schedule, clock, running, now).map(|(m, due)| (running, m, due));
        }
    }

    /// When the clock next needs attention (ms), if it runs: a call or
    /// the flag.
    pub fn next_wake(&self) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        let clock = self.clock.as_ref()?;
        clock.running?;
        [clock.flag_due(), self.due_mark.map(|(_, _, due)| due)].into_iter().flatten().min()
    }

    fn tick(&mut self, now: u64, ev: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        let Some(clock) = &self.clock else { return };
        if let Some((color, mark, due)) = self.due_mark
            && now >= due
            && clock.running == Some(color)
        {
            self.due_mark = None;
            self.called.record(clock, color, mark);
            let countdown = self.schedule.every_second_at(mark);
            ev.push(Event::ClockCalled { side: color, remaining: mark, countdown });
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
        let mut setup = GameSetup::new(Position::start(), Vec::new());
        setup.players = [Player::Human("A".into()), Player::Human("B".into())];
        setup.seats = [away(Color::White), away(Color::Black)];
        setup.me = me;
        setup.controls = time.map(|t| t.parse().expect("control"));
        setup
    }

    fn play(g: &mut Game, uci: &str, now: u64) -> Vec<Event> {
        let m = mv(g.position(), uci);
        g.act(Action::Move(m), now)
    }

    /// Issue 65, item 6: a server's clock (lichess's) runs only once
    /// each side has made its first move: no time passes and no call is
    /// planned before; then the side to move's clock runs.
    #[test]
    fn a_servers_clock_waits_for_both_first_moves() {
        let mut s = setup(Some(Color::White), Some("3+2"));
        s.terms = crate::game::Terms::SERVER;
        let mut g = Game::new(s, 0);
        let full = 180_000;
        assert_eq!(g.next_wake(), None, "nothing called before the first moves");
        play(&mut g, "e2e4", 60_000);
        let clock = g.clock().expect("a clock");
        assert_eq!(clock.running, None);
        assert!(clock.remaining(Color::White, 90_000) >= full, "White's time ran before the clocks started");
        assert_eq!(clock.remaining(Color::Black, 90_000), full, "Black's time ran before its first move");
        opponent_move(&mut g, "e7e5", 100_000);
        let clock = g.clock().expect("a clock");
        assert_eq!(clock.running, Some(Color::White));
        assert!(clock.remaining(Color::White, 110_000) < full, "White's clock runs after both first moves");
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
        assert_eq!(g.act(Action::Move(a3), 0), vec![Event::NotDone(NotDone::OverOnlyCommands)]);
        assert_eq!(g.act(Action::Game(GameCommand::Resign), 0), vec![Event::NotDone(NotDone::IsOver)]);
    }

    #[test]
    fn a_move_that_cannot_be_played_is_refused_with_its_reason() {
        use crate::rules::{IllegalReason, MoveKind};
        let mut g = Game::new(setup(None, None), 0);
        // The bishop on f1 cannot go to c4 through the pawn on e2.
        let bc4 = Move { from: sq("f1"), to: sq("c4"), kind: MoveKind::Normal };
        let ev = g.act(Action::Move(bc4), 0);
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
        let due = g.next_wake().expect("a call or the flag");
        assert_eq!(due, 1000);
        assert_eq!(
            g.act(Action::Tick, 1000),
            vec![Event::ClockCalled { side: Color::White, remaining: 1000, countdown: true }]
        );
        let flag = g.next_wake().expect("the flag");
        assert_eq!(flag, 2000);
        let ev = g.act(Action::Tick, 2000);
        assert_eq!(ev, vec![Event::GameOver(Outcome::Win { winner: Color::Black, reason: WinReason::FlagFall })]);
        // A tick needs no earlier question about when to wake.
        let mut g = Game::new(setup(None, Some("0:02")), 0);
        assert_eq!(
            g.act(Action::Tick, 1000),
            vec![Event::ClockCalled { side: Color::White, remaining: 1000, countdown: true }]
        );
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
                while let Some(due) = g.next_wake().filter(|d| *d <= target) {
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

    fn opponent_move(g: &mut Game, uci: &str, now: u64) -> Vec<Event> {
        let m = mv(g.position(), uci);
        g.act(Action::Opponent(OpponentAct::Move { mv: m, clocks: None }), now)
    }

    fn your_move(ev: &[Event]) -> bool {
        ev.iter().any(|e| matches!(e, Event::Tell(News::YourMove { .. })))
    }

    #[test]
    fn takeback_against_an_away_opponent_takes_the_plies_it_answers() {
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        let ev = play(&mut g, "e2e4", 0);
        assert!(ev.contains(&Event::Tell(News::Played(mv(&Position::start(), "e2e4")))), "{ev:?}");
        assert!(ev.contains(&Event::Tell(News::YourMove { think: Duration::from_millis(500) })), "{ev:?}");
        assert_eq!(
            g.act(Action::Game(GameCommand::Takeback), 0),
            vec![Event::NotDone(NotDone::OpponentToMove(PlayerKind::Person))]
        );
        opponent_move(&mut g, "e7e5", 0);
        let ev = g.act(Action::Game(GameCommand::Takeback), 0);
        assert_eq!(ev, vec![Event::TakebackSent, Event::Tell(News::TakebackProposed)]);
        assert!(g.awaits_opponent());
        let ev = g.act(Action::Opponent(OpponentAct::TakeBack { plies: 2 }), 0);
        let Event::TakenBack { moves, to_move } = &ev[0] else { panic!("{ev:?}") };
        assert_eq!(moves.len(), 2);
        assert_eq!(*to_move, Color::White);
        assert_eq!(g.position(), &Position::start());
        assert!(!g.awaits_opponent());
        assert_eq!(g.act(Action::Game(GameCommand::Takeback), 0), vec![Event::NotDone(NotDone::NoTakeback)]);
        // Declined: nothing goes back.
        play(&mut g, "e2e4", 0);
        opponent_move(&mut g, "e7e5", 0);
        g.act(Action::Game(GameCommand::Takeback), 0);
        let ev = g.act(Action::Opponent(OpponentAct::DeclineTakeback), 0);
        assert_eq!(ev, vec![Event::OpponentDeclinesTakeback]);
        assert_eq!(g.history().moves().len(), 2);
    }

    #[test]
    fn the_opponent_offers_proposes_resigns_leaves_and_ends_the_game() {
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        play(&mut g, "e2e4", 0);
        opponent_move(&mut g, "e7e5", 0);
        // A draw offered by the opponent is the player's to answer.
        let ev = g.act(Action::Opponent(OpponentAct::OfferDraw), 0);
        assert_eq!(ev, vec![Event::DrawOffered { to: Color::White }]);
        let ev = g.act(Action::Game(GameCommand::Decline), 0);
        assert_eq!(ev, vec![Event::Tell(News::DrawAnswered { accept: false }), Event::DrawDeclined]);
        // A takeback proposed by the opponent: yes is told, its side takes back.
        assert_eq!(g.act(Action::Opponent(OpponentAct::ProposeTakeback), 0), vec![Event::TakebackProposed]);
        let ev = g.act(Action::Answer(Answer::Yes), 0);
        assert_eq!(ev, vec![Event::Tell(News::TakebackAnswered { accept: true })]);
        let ev = g.act(Action::Opponent(OpponentAct::TakeBack { plies: 1 }), 0);
        assert!(matches!(&ev[0], Event::TakenBack { moves, .. } if moves.len() == 1), "{ev:?}");
        assert!(your_move(&ev), "the opponent is to move again: {ev:?}");
        opponent_move(&mut g, "c7c5", 0);
        let ev = g.act(Action::Opponent(OpponentAct::Left { claim_in: Some(30_000) }), 0);
        assert_eq!(ev, vec![Event::OpponentLeft { claim_in: Some(30_000) }]);
        assert_eq!(g.act(Action::Opponent(OpponentAct::Returned), 0), vec![Event::OpponentReturned]);
        let ev = g.act(Action::Opponent(OpponentAct::Resign), 0);
        assert_eq!(ev, vec![Event::GameOver(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })]);
        // Called off by the opponent's side: over, without a result.
        let mut g = Game::new(setup(Some(Color::Black), Some("5+0")), 0);
        assert!(your_move(&g.start(0)));
        assert_eq!(g.act(Action::Opponent(OpponentAct::Ended(Ending::Aborted)), 0), vec![Event::Aborted]);
        assert!(g.is_over());
        assert_eq!(g.outcome(), None);
        assert_eq!(g.next_wake(), None);
        // A flag its side keeps.
        let mut g = Game::new(setup(Some(Color::White), Some("5+0")), 0);
        let flag = Outcome::Win { winner: Color::Black, reason: WinReason::FlagFall };
        let ev = g.act(Action::Opponent(OpponentAct::Ended(Ending::Result(flag))), 100);
        assert_eq!(ev, vec![Event::GameOver(flag)]);
    }

    #[test]
    fn an_illegal_opponent_move_is_its_failure_and_a_move_out_of_turn_is_ignored() {
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        let e4 = mv(&Position::start(), "e2e4");
        assert_eq!(g.act(Action::Opponent(OpponentAct::Move { mv: e4, clocks: None }), 0), vec![]);
        play(&mut g, "e2e4", 0);
        let ev = g.act(Action::Opponent(OpponentAct::Move { mv: e4, clocks: None }), 0);
        assert_eq!(ev, vec![Event::OpponentFailed { error: OpponentFailure::IllegalMove("e2e4".into()) }]);
    }

    /// A move made on the away opponent's turn is kept (the last one
    /// only) and played once the opponent has moved, if it is legal then;
    /// else it is dropped and said; `cancel` drops it before.
    #[test]
    fn a_move_on_the_opponents_turn_is_a_premove() {
        let premove = |ev: &[Event]| {
            ev.iter().find_map(|e| match e {
                Event::Premove { mv, what, .. } => Some((mv.uci(), *what)),
                _ => None,
            })
        };
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        play(&mut g, "e2e4", 0);
        // Read in the position with White to move.
        let d4 = mv(&g.position_for_moves(), "d2d4");
        assert_eq!(premove(&g.act(Action::Move(d4), 0)), Some(("d2d4".into(), Premove::Kept)));
        let ev = g.act(Action::Opponent(OpponentAct::Move { mv: mv(g.position(), "e7e5"), clocks: None }), 0);
        assert_eq!(premove(&ev), Some(("d2d4".into(), Premove::Played)));
        assert!(ev.iter().any(|e| matches!(e, Event::Tell(News::Played(m)) if m.uci() == "d2d4")), "{ev:?}");
        assert_eq!((g.history().moves().len(), g.premove()), (3, None));
        // Blocked by the opponent's move: dropped, and said.
        let d5 = mv(&g.position_for_moves(), "d4d5");
        g.act(Action::Move(d5), 0);
        let ev = g.act(Action::Opponent(OpponentAct::Move { mv: mv(g.position(), "d7d5"), clocks: None }), 0);
        assert_eq!(premove(&ev), Some(("d4d5".into(), Premove::Dropped)));
        assert_eq!(g.history().moves().len(), 4);
        // Cancelled before the opponent moved: nothing is played.
        let mut g = Game::new(setup(Some(Color::Black), None), 0);
        let c5 = mv(&g.position_for_moves(), "c7c5");
        g.act(Action::Move(c5), 0);
        let ev = g.act(Action::Answer(Answer::Cancel), 0);
        assert_eq!(premove(&ev), Some(("c7c5".into(), Premove::Cancelled)));
        let ev = g.act(Action::Opponent(OpponentAct::Move { mv: mv(g.position(), "e2e4"), clocks: None }), 0);
        assert_eq!(premove(&ev), None);
        assert_eq!(g.history().moves().len(), 1);
        // The move before it taken back (lichess did not take it): the
        // premove goes with it, and that is said.
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        play(&mut g, "e2e4", 0);
        let d4 = mv(&g.position_for_moves(), "d2d4");
        g.act(Action::Move(d4), 0);
        let ev = g.act(Action::Opponent(OpponentAct::NotSent { why: crate::game::Failure::AskedToWait }), 0);
        assert_eq!(premove(&ev), Some(("d2d4".into(), Premove::Cancelled)), "{ev:?}");
        assert_eq!((g.history().moves().len(), g.premove()), (0, None));
    }

    #[test]
    fn draws_offered_both_ways_claimed_and_declined() {
        // Two people: the offer goes to the other side, who may decline or accept.
        let mut g = Game::new(setup(None, None), 0);
        assert_eq!(g.act(Action::Game(GameCommand::OfferDraw), 0), vec![Event::DrawOffered { to: Color::Black }]);
        assert_eq!(g.act(Action::Game(GameCommand::Decline), 0), vec![Event::DrawDeclined]);
        assert_eq!(g.act(Action::Game(GameCommand::Decline), 0), vec![Event::NotDone(NotDone::NoOfferToDecline)]);
        assert_eq!(g.act(Action::Game(GameCommand::Accept), 0), vec![Event::NotDone(NotDone::NoOfferToAccept)]);
        g.act(Action::Game(GameCommand::OfferDraw), 0);
        assert_eq!(
            g.act(Action::Game(GameCommand::Accept), 0),
            vec![Event::GameOver(Outcome::Draw(DrawReason::Agreement))]
        );
        // Against an away opponent: it answers.
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        assert_eq!(
            g.act(Action::Game(GameCommand::OfferDraw), 0),
            vec![Event::DrawOfferSent, Event::Tell(News::DrawOffered)]
        );
        let no = Action::Opponent(OpponentAct::AnswerDraw { accept: false });
        assert_eq!(g.act(no.clone(), 0), vec![Event::OpponentDeclinesDraw(PlayerKind::Person)]);
        assert_eq!(g.act(no, 0), vec![], "an answer to no offer is nothing");
        g.act(Action::Game(GameCommand::OfferDraw), 0);
        let yes = Action::Opponent(OpponentAct::AnswerDraw { accept: true });
        assert_eq!(g.act(yes, 0), vec![Event::GameOver(Outcome::Draw(DrawReason::Agreement))]);
        // Threefold: knights out and back twice.
        let mut g = Game::new(setup(None, None), 0);
        assert_eq!(g.act(Action::Game(GameCommand::ClaimDraw), 0), vec![Event::NotDone(NotDone::NoClaim)]);
        let mut last = Vec::new();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
            last = play(&mut g, m, 0);
        }
        assert!(last.contains(&Event::Claimable(DrawClaim::ThreefoldRepetition)), "{last:?}");
        assert_eq!(
            g.act(Action::Game(GameCommand::ClaimDraw), 0),
            vec![Event::GameOver(Outcome::Draw(DrawReason::ThreefoldRepetition))]
        );
    }

    #[test]
    fn resigning_is_confirmed() {
        let mut g = Game::new(setup(Some(Color::White), None), 0);
        assert_eq!(g.act(Action::Game(GameCommand::Resign), 0), vec![Event::ResignAsked]);
        assert_eq!(g.act(Action::Answer(Answer::No), 0), vec![Event::PlayOn]);
        g.act(Action::Game(GameCommand::Resign), 0);
        assert_eq!(
            g.act(Action::Answer(Answer::Yes), 0),
            vec![
                Event::Tell(News::Resigned),
                Event::GameOver(Outcome::Win { winner: Color::Black, reason: WinReason::Resignation })
            ]
        );
    }

    #[test]
    fn questions_are_kept_until_answered_or_cancelled() {
        let mut g = Game::new(setup(None, None), 0);
        let q = Question::moves(*g.position(), vec![mv(g.position(), "g1f3")]);
        assert_eq!(g.act(Action::Ask(q.clone()), 0), vec![Event::Asked(q.clone())]);
        assert_eq!(g.pending(), &Pending::Choice(q.clone()));
        // An answer that is not one: the question again.
        assert_eq!(g.act(Action::Answer(Answer::Yes), 0), vec![Event::Asked(q.clone())]);
        assert_eq!(g.act(Action::Answer(Answer::Cancel), 0), vec![Event::Cancelled]);
        assert_eq!(g.act(Action::Answer(Answer::Yes), 0), vec![Event::NotDone(NotDone::NoQuestion)]);
    }

    #[test]
    fn the_opponent_fails_and_is_replaced_or_the_game_kept() {
        let mut g = Game::new(setup(Some(Color::Black), None), 0);
        assert!(your_move(&g.start(0)));
        let ev = g.act(Action::Opponent(OpponentAct::Failed(OpponentFailure::Stopped)), 0);
        assert_eq!(ev, vec![Event::OpponentFailed { error: OpponentFailure::Stopped }]);
        assert_eq!(g.act(Action::Answer(Answer::No), 0), vec![Event::GameKept]);
        g.act(Action::Opponent(OpponentAct::Failed(OpponentFailure::NoAnswer(10))), 0);
        assert_eq!(g.act(Action::Answer(Answer::Yes), 0), vec![Event::ReplaceOpponent]);
        let ev = g.act(Action::Opponent(OpponentAct::Joined { name: "built-in".into() }), 0);
        assert_eq!(ev[0], Event::PlayingOnWith { name: "built-in".into() });
        assert!(your_move(&ev), "{ev:?}");
    }

    #[test]
    fn an_away_clock_is_the_authority() {
        let mut g = Game::new(setup(Some(Color::White), Some("5+0")), 0);
        play(&mut g, "e2e4", 1000);
        let reply = mv(g.position(), "e7e5");
        g.act(Action::Opponent(OpponentAct::Move { mv: reply, clocks: Some([290_000, 250_000]) }), 5000);
        let c = g.clock().expect("clock");
        assert_eq!(c.remaining(Color::White, 5000), 290_000);
        assert_eq!(c.remaining(Color::Black, 5000), 250_000);
    }
}
