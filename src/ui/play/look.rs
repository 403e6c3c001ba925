//! Looking back at earlier positions of the game without taking anything
//! back: a step back or forward, the start, the end, move N, where the
//! view is; any news brings the view back to the live position.

use super::Play;
use crate::rules::Color;
use crate::speech::Command;
use crate::ui::output::{Line, Urgency};
use crate::ui::words::Fixed;

impl Play {
    /// Steps through the positions so far without taking anything back.
    pub(super) fn look(&mut self, c: Command) {
        let played = self.game.history().moves().len();
        let now_at = self.looking.unwrap_or(played);
        let fixed = |f| self.shell.words.fixed_line(f);
        // Move N of a side: the position after it, if it was played.
        let goto = |number: u32, color: Option<Color>| {
            let color = color.unwrap_or(Color::White);
            let positions = self.game.history().positions();
            positions.iter().take(played).position(|p| p.fullmoves() == number && p.turn() == color).map(|i| i + 1)
        };
        let text = match c {
            Command::GoStart if played == 0 => fixed(Fixed::AtStart),
            Command::GoStart => {
                self.looking = Some(0);
                self.looking_words()
            }
            Command::GoEnd if self.looking.is_none() => fixed(Fixed::AtLive),
            Command::GoEnd => {
                self.looking = None;
                fixed(Fixed::BackToLive)
            }
            Command::GoTo { number, color } => match goto(number, color) {
                Some(k) => self.look_to(k),
                None => Line::info(self.shell.words.no_such_move(number, color)),
            },
            Command::LookBack if now_at == 0 => fixed(Fixed::AtStart),
            Command::LookBack => {
                self.looking = Some(now_at - 1);
                self.looking_words()
            }
            Command::LookForward | Command::LookLive if self.looking.is_none() => fixed(Fixed::AtLive),
            Command::LookForward if now_at + 1 < played => {
                self.looking = Some(now_at + 1);
                self.looking_words()
            }
            Command::LookForward | Command::LookLive => {
                self.looking = None;
                fixed(Fixed::BackToLive)
            }
            _ => self.looking_words(),
        };
        self.shell.say(text, Urgency::Info);
    }

    /// Which position is in view, in words: the move that led to it.
    pub(super) fn looking_words(&self) -> Line {
        let Some(k) = self.looking else { return self.shell.words.fixed_line(Fixed::AtLive) };
        let history = self.game.history();
        let (positions, moves) = (history.positions(), history.moves());
        let led_here = k.checked_sub(1).and_then(|i| Some((positions.get(i)?, moves.get(i)?)));
        self.shell.words.viewing(led_here)
    }

    /// The position after `k` moves is looked at (the live one when `k`
    /// is all of them); the words that say so.
    pub(super) fn look_to(&mut self, k: usize) -> Line {
        let fixed = |f| self.shell.words.fixed_line(f);
        if k >= self.game.history().moves().len() {
            match self.looking.take() {
                Some(_) => fixed(Fixed::BackToLive),
                None => fixed(Fixed::AtLive),
            }
        } else {
            self.looking = Some(k);
            self.looking_words()
        }
    }

    /// A finger on a move of the list: that position is looked at.
    pub(super) fn look_at(&mut self, k: usize) {
        let text = self.look_to(k);
        self.shell.say(text, Urgency::Info);
    }
}
