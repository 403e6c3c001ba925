//! The game's questions and their answers: a resignation confirmed, a
//! draw offered (to the player here or to the away opponent), a takeback
//! asked for and the plies it takes back, a premove cancelled.

use super::Game;
use crate::game::action::Pending;
use crate::game::event::{Event, NotDone, Premove};
use crate::game::opponent::News;
use crate::rules::{DrawReason, Outcome, WinReason};
use crate::speech::Answer;

impl Game {
    pub(super) fn answer(&mut self, a: Answer, now: u64, ev: &mut Vec<Event>) {
        let pending = std::mem::replace(&mut self.pending, Pending::Nothing);
        match (pending, a) {
            (Pending::Resign, Answer::Yes) => {
                let loser = self.me.unwrap_or(self.position().turn());
                self.tell(News::Resigned, ev);
                self.end_or_wait(Outcome::Win { winner: !loser, reason: WinReason::Resignation }, now, ev);
            }
            (Pending::DrawOffer(by), Answer::Yes) => {
                if self.is_away(by) {
                    self.tell(News::DrawAnswered { accept: true }, ev);
                }
                self.end_or_wait(Outcome::Draw(DrawReason::Agreement), now, ev);
            }
            (Pending::Takeback, Answer::Yes) => self.tell(News::TakebackAnswered { accept: true }, ev),
            (Pending::OpponentFailed, Answer::Yes) => ev.push(Event::ReplaceOpponent),
            (Pending::Nothing, Answer::Cancel) if self.premove.is_some() => {
                if let Some((before, mv)) = self.premove.take() {
                    ev.push(Event::Premove { before, mv, what: Premove::Cancelled });
                }
            }
            (Pending::Choice(_), Answer::Cancel | Answer::No) | (Pending::Nothing, Answer::Cancel) => {
                ev.push(Event::Cancelled)
            }
            (Pending::Resign, _) => ev.push(Event::PlayOn),
            (Pending::DrawOffer(by), _) => {
                if self.is_away(by) {
                    self.tell(News::DrawAnswered { accept: false }, ev);
                }
                ev.push(Event::DrawDeclined);
            }
            (Pending::Takeback, _) => {
                self.tell(News::TakebackAnswered { accept: false }, ev);
                ev.push(Event::TakebackDeclined);
            }
            (Pending::OpponentFailed, _) => ev.push(Event::GameKept),
            (Pending::Choice(q), _) => {
                self.pending = Pending::Choice(q.clone());
                ev.push(Event::Asked(q));
            }
            (Pending::Nothing, _) => Self::not_done(NotDone::NoQuestion, ev),
        }
    }

    /// The player asks to take back: two people here take back one ply; an
    /// away opponent is asked and answers how many plies go back.
    pub(super) fn takeback(&mut self, now: u64, ev: &mut Vec<Event>) {
        if self.is_over() {
            Self::not_done(NotDone::IsOver, ev);
        } else if !self.terms.takebacks {
            Self::not_done(NotDone::NoTakebacks, ev);
        } else if self.thinking || self.takeback_sent {
            Self::not_done(NotDone::OpponentToMove(self.opponent_kind()), ev);
        } else if self.history.moves().is_empty() {
            Self::not_done(NotDone::NoTakeback, ev);
        } else if self.away().is_some() {
            self.takeback_sent = true;
            ev.push(Event::TakebackSent);
            ev.push(Event::Tell(News::TakebackProposed));
        } else {
            self.take_back(1, now, ev);
        }
    }

    /// Takes back `plies` plies (all or none).
    pub(super) fn take_back(&mut self, plies: usize, now: u64, ev: &mut Vec<Event>) {
        if plies == 0 || self.history.moves().len() < plies {
            Self::not_done(NotDone::NoTakeback, ev);
            return;
        }
        // A premove was for the position that is taken back: dropped, and
        // said so (after the takeback).
        let dropped = self.premove.take();
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
        if let Some((before, mv)) = dropped {
            ev.push(Event::Premove { before, mv, what: Premove::Cancelled });
        }
        ev.push(Event::Changed);
    }

    pub(super) fn offer_draw(&mut self, ev: &mut Vec<Event>) {
        if self.is_over() {
            Self::not_done(NotDone::IsOver, ev);
            return;
        }
        let offerer = self.me.unwrap_or(self.position().turn());
        if self.is_away(!offerer) {
            // The opponent decides, and answers through its acts.
            if !self.draw_sent {
                self.draw_sent = true;
                ev.push(Event::DrawOfferSent);
                ev.push(Event::Tell(News::DrawOffered));
            }
            return;
        }
        self.pending = Pending::DrawOffer(offerer);
        ev.push(Event::DrawOffered { to: !offerer });
    }
}
