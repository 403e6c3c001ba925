//! Setting up a position as a mode of the session: pieces placed by
//! words or letters, typed, said or with a routing key and a piece
//! named; squares emptied, the side to move, castling and en passant;
//! the board's questions; and `done`, which checks the whole position
//! against the Laws and, once it is right, becomes its review (the
//! analysis board: moves, the engine, the explorer, play from here,
//! save). `voxchess setup` starts here; `setup` in a review enters it
//! from the position in view, and leaving comes back there.
//!
//! May use: `io`, the session, and everything below them.

use super::opening::{Host, Request};
use crate::config::Settings;
use crate::rules::{Arrangement, Placed, Position, Square};
use crate::speech::{Channel, Command, SetupError, SetupOrder};
use crate::ui::input::{BoardKey, Listening, Msg};
use crate::ui::output::{Glance, Urgency};
use crate::ui::session::Mode;
use crate::ui::shell::{KeyAction, Shell, key_action};
use crate::ui::sink::Screen;
use crate::ui::words::{SetupSaid, StatusFacts, View, glance_board};
use std::sync::mpsc::Sender;

/// The name of the copies a set-up position's review saves.
const STEM: &str = "position";

/// A position being set up.
pub(crate) struct SetupMode {
    shell: Shell,
    board: Arrangement,
    settings: Settings,
    /// The session's messages, for the review's engine.
    tx: Sender<Msg>,
    /// Voice input, for a game played from the review.
    listening: Option<Listening>,
    /// The square a routing key chose, for a piece named next.
    chosen: Option<Square>,
    /// The review the position became (taken once).
    review: Option<Box<dyn Mode>>,
}

impl SetupMode {
    /// A board to set up from `board`; the review's engine talks through
    /// `tx`.
    pub(crate) fn new(
        settings: &Settings,
        board: Arrangement,
        tx: Sender<Msg>,
        listening: Option<Listening>,
    ) -> SetupMode {
        let mut shell = Shell::new(settings, crate::rules::Color::White);
        shell.listening = listening.as_ref().map(|l| l.switch.clone());
        SetupMode { shell, board, settings: settings.clone(), tx, listening, chosen: None, review: None }
    }

    /// Carries out an order, and says what it did or why not.
    fn order(&mut self, order: SetupOrder) {
        let words = self.shell.words;
        match order {
            SetupOrder::Place(placed) => {
                for (piece, square) in placed {
                    self.place(piece, square);
                }
            }
            SetupOrder::PlaceHere(piece) => match self.chosen {
                Some(square) => self.place(piece, square),
                None => self.shell.say(words.setup_error(SetupError::NeedsSquare), Urgency::Urgent),
            },
            SetupOrder::Remove(squares) => {
                for square in squares {
                    let old = self.board.remove(square);
                    self.shell.tell(words.setup_said(SetupSaid::Removed(square, old)));
                }
            }
            SetupOrder::Clear => {
                self.board.clear();
                self.shell.tell(words.setup_said(SetupSaid::Cleared));
            }
            SetupOrder::Start => {
                self.board = Arrangement::of(&Position::start());
                self.shell.tell(words.setup_said(SetupSaid::Start));
            }
            SetupOrder::Turn(color) => {
                self.board.set_turn(color);
                self.shell.tell(words.setup_turn(color));
            }
            SetupOrder::Castling(rights) => {
                self.board.set_castling(rights);
                self.shell.tell(words.setup_castling(&self.board));
            }
            SetupOrder::EnPassant(square) => {
                self.board.set_en_passant(square);
                self.shell.tell(words.setup_en_passant(square));
            }
            SetupOrder::Done => self.done(),
        }
    }

    /// Puts a piece on a square, or says why the Laws refuse it.
    fn place(&mut self, piece: crate::rules::Piece, square: Square) {
        let words = self.shell.words;
        let said = match self.board.place(square, piece) {
            Ok(Placed::Empty) => SetupSaid::Placed(piece, square, None),
            Ok(Placed::Replaced(old)) => SetupSaid::Placed(piece, square, Some(old)),
            Ok(Placed::Same) => SetupSaid::Same(piece, square),
            Err(problem) => return self.shell.say(words.setup_problem(problem, &self.board), Urgency::Urgent),
        };
        self.shell.tell(words.setup_said(said));
    }

    /// The whole position checked: what is wrong said, or its review
    /// made, to become.
    fn done(&mut self) {
        let words = self.shell.words;
        match self.board.check() {
            Err(problems) => {
                let lines = words.setup_not_legal(&problems, &self.board);
                self.shell.say_lines(lines);
            }
            Ok(position) => {
                self.shell.tell(words.setup_ready());
                let opening = Request::PositionReview { settings: self.settings.clone(), position, stem: STEM };
                let host = Host { tx: self.tx.clone(), listening: self.listening.clone() };
                self.review = Some(super::open(opening, host));
            }
        }
    }

    /// A command of the game's words: the board's questions, help,
    /// repeat, silence, voice and leaving; the rest waits for `done`.
    fn command(&mut self, command: Command) {
        match command {
            Command::Quit => self.shell.quit(),
            Command::Help => {
                let lines = self.shell.words.setup_help();
                self.shell.answer(lines);
            }
            Command::Repeat => self.shell.repeat(),
            Command::WhereAmI => {
                let lines = self.shell.words.setup_here(&self.board);
                self.shell.answer(lines);
            }
            Command::Silence => self.shell.silence(),
            Command::Flip => self.shell.flip(),
            Command::Braille(view) => self.shell.braille_view(view),
            Command::StopListening | Command::StartListening => {
                self.shell.voice_switch(None, Some(command == Command::StartListening));
            }
            Command::Board
            | Command::Pieces
            | Command::PiecesOf { .. }
            | Command::SidePieces(_)
            | Command::ScanFile(_)
            | Command::ScanRank(_)
            | Command::Square(_)
            | Command::WhoseMove
            | Command::Material
            | Command::Pawns
            | Command::Fen => {
                let positions = [*self.board.as_position()];
                let view = View {
                    positions: &positions,
                    moves: &[],
                    clock: None,
                    me: None,
                    flipped: self.shell.walker.flipped,
                    now: 0,
                    players: None,
                };
                let lines = self.shell.words.query(&command, &view).unwrap_or_default();
                self.shell.answer(lines);
            }
            _ => self.shell.say(self.shell.words.setup_not_now(), Urgency::Urgent),
        }
    }

    /// A square chosen with a routing key (or the board walk's Enter).
    fn choose(&mut self, square: Square) {
        self.chosen = Some(square);
        let line = self.shell.words.setup_chosen(&self.board, square);
        self.shell.say(line, Urgency::Info);
    }
}

impl Mode for SetupMode {
    fn shell(&mut self) -> &mut Shell {
        &mut self.shell
    }

    fn greet(&mut self, _now: u64) {
        let lines = self.shell.words.setup_opened(&self.board);
        self.shell.say_lines(lines);
    }

    fn line(&mut self, text: &str, _channel: Channel, _now: u64) {
        let Some(text) = self.shell.typed(text) else { return };
        let lex = self.shell.lex;
        if let Some(order) = crate::speech::parse_setup(lex, &text) {
            return match order {
                Ok(order) => self.order(order),
                Err(e) => self.shell.say(self.shell.words.setup_error(e), Urgency::Urgent),
            };
        }
        let command = crate::speech::command::parse_command(lex, &text)
            .or_else(|| crate::speech::command::short_command(lex.lang.notation(), &text).map(Ok))
            .or_else(|| crate::speech::lone_square(lex, &text).map(|s| Ok(Command::Square(s))));
        match command {
            Some(Ok(command)) => self.command(command),
            Some(Err(crate::speech::CommandError::NeedsSquare(_))) => {
                self.shell.say(self.shell.words.setup_error(SetupError::NeedsSquare), Urgency::Urgent)
            }
            _ => {
                let line = self.shell.words.setup_unknown(&text);
                self.shell.say(line, Urgency::Urgent);
            }
        }
    }

    /// A heard line is taken as typed: each placement is said back, and
    /// one misheard is removed as any other.
    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let clean = crate::ui::input::clean_heard(alternatives);
        if let Some((best, _)) = clean.first() {
            let best = best.clone();
            self.line(&best, Channel::Heard, now);
        }
    }

    fn key(&mut self, key: BoardKey, _now: u64) {
        match key {
            BoardKey::Touch(square) => self.choose(square),
            BoardKey::Select => self.choose(self.shell.walker.cursor),
            BoardKey::Help => self.shell.key_help(),
            BoardKey::Talk(on) => self.shell.voice_switch(Some(on.unwrap_or(false)), None),
            BoardKey::Moves => self.shell.say(self.shell.words.setup_not_now(), Urgency::Urgent),
            other => match key_action(other) {
                KeyAction::Command(Command::Silence) => self.shell.silence(),
                KeyAction::Command(_) | KeyAction::Done => {
                    self.shell.say(self.shell.words.setup_not_now(), Urgency::Urgent)
                }
                KeyAction::Walk(k) => {
                    let pos = *self.board.as_position();
                    self.shell.walk(&pos, pos.turn(), k);
                }
            },
        }
    }

    fn prompt(&mut self) -> String {
        self.shell.words.setup_prompt()
    }

    fn glance(&mut self, _now: u64) -> Option<Glance> {
        let pos = *self.board.as_position();
        let facts = StatusFacts { last: None, turn: pos.turn(), result: None, clocks: None, holding: None };
        Some(Glance {
            status: self.shell.words.glance_status(&facts),
            board: glance_board(&pos, self.shell.walker.flipped),
            moves: Vec::new(),
            at: 0,
            ticking: false,
        })
    }

    fn braille_views(&mut self, screen: &mut dyn Screen) {
        if let Some(view) = self.shell.take_braille_view() {
            let words = self.shell.words;
            let line = if screen.braille_view(view) { words.braille_view(view) } else { words.braille_none() };
            self.shell.say(line, Urgency::Info);
        }
    }

    fn leave(&mut self, _now: u64) {}

    fn says_goodbye(&self) -> bool {
        true
    }

    /// Once `done` found the position right: its review, in its place.
    fn becomes(&mut self) -> Option<Box<dyn Mode>> {
        self.review.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::SpeechLang;

    fn mode(lang: SpeechLang) -> SetupMode {
        let settings = Settings { lang, ..Settings::default() };
        let (tx, _rx) = std::sync::mpsc::channel();
        SetupMode::new(&settings, Arrangement::empty(), tx, None)
    }

    fn said(m: &mut SetupMode) -> Vec<crate::ui::output::Line> {
        m.shell.take_output()
    }

    fn after(m: &mut SetupMode, line: &str) -> String {
        m.line(line, Channel::Typed, 0);
        said(m).iter().map(|l| l.text.clone()).collect::<Vec<_>>().join(" | ")
    }

    #[test]
    fn a_position_is_set_up_refused_where_the_laws_say_no_and_becomes_a_review() {
        let mut m = mode(SpeechLang::English);
        assert_eq!(after(&mut m, "white king g1"), "White king g1.");
        assert!(after(&mut m, "Ke1").contains("already, on g1"));
        assert!(after(&mut m, "black pawn a8").contains("first or last rank"));
        assert!(after(&mut m, "done").contains("Black has no king."));
        assert!(m.becomes().is_none());
        assert_eq!(after(&mut m, "kg8"), "Black king g8.");
        assert!(after(&mut m, "Ra8").contains("White rook a8."));
        let said = after(&mut m, "done");
        assert!(said.contains("Black is in check, but White is to move."), "{said}");
        assert!(after(&mut m, "black to move").contains("Black to move"));
        assert_eq!(after(&mut m, "fen"), "R5k1/8/8/8/8/8/8/6K1 | b - - 0 1");
        assert!(after(&mut m, "done").contains("The position is legal."));
        assert!(m.becomes().is_some());
    }

    #[test]
    fn a_routing_key_chooses_the_square_and_the_piece_named_goes_there() {
        let mut m = mode(SpeechLang::Korean);
        let square = Square::parse("e4").expect("square");
        m.key(BoardKey::Touch(square), 0);
        said(&mut m);
        m.line("백 퀸", Channel::Typed, 0);
        assert_eq!(m.board.board().piece_at(square).map(|p| p.role), Some(crate::rules::Role::Queen));
    }
}
