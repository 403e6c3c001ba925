//! The game client, shared by the plain and terminal front ends: it takes
//! what the player typed or said (with its channel), resolves it, hands the
//! action to the game core, does what the events ask for (saving, the
//! engine's turn) and has the narrator say them. Board questions (pieces,
//! scans, the cursor) are answered here from the position.
//!
//! ```text
//! line + channel -> Resolver -> Intent -> Action -> Game -> Events -> Narrator -> Lines
//! ```

use super::narrator::Narrator;
use super::narrator::View;
use super::review::Reviewer;
use super::session::{BoardKey, Done, Front, Job, Msg};
use super::walk::Walker;
use crate::clock::{ChessClock, Controls, Schedule};
use crate::config::Settings;
use crate::engine::analysis::{Analyse, Analyst, Limit, passed};
use crate::game::{
    Action, EngineOpponent, Event, Game, GameSetup, Opponent, OpponentFailure, OpponentMove, Pending, Player,
    SavedGame, Saving, Seat, WriteProblem, game_pgn, write_new_numbered,
};
use crate::rules::{Color, Move, Outcome, Position};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_board::say_to_move;
use crate::speech::say_move::color_name;
use crate::speech::vocabulary::expected_phrases;
use crate::speech::{Answer, Channel, Command, EngineQuestion, Intent, Lexicon, Resolver};
use std::path::PathBuf;

/// How urgent a line is (for speech: urgent interrupts, a move cuts stale
/// talk, information waits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    /// Information.
    Info,
    /// A move.
    Move,
    /// Flag, game end, errors.
    Urgent,
}

/// A line to show and speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The words.
    pub text: String,
    /// How urgent.
    pub urgency: Urgency,
}

/// One game in progress, with its front-end state.
pub(crate) struct Client {
    game: Game,
    /// The opponent playing from elsewhere (an engine), when it is not
    /// thinking.
    opponent: Option<Box<dyn Opponent>>,
    /// The engine that answers eval, best move, threat and top moves,
    /// started on the first question.
    analyst: Option<Box<dyn Analyse>>,
    /// Looking back: how many moves are played in the position in view
    /// (None: the live position).
    looking: Option<usize>,
    resolver: Resolver,
    narrator: Narrator,
    lex: &'static Lexicon,
    last_said: String,
    /// The terminal's board walk.
    walker: Walker,
    /// The study of the game once it has ended.
    review: Option<Reviewer>,
    settings: Settings,
    /// Voice input's switch, when it runs.
    pub(crate) listening: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// What the recognizer should expect next, when voice input runs.
    pub(crate) expected: Option<crate::speech::vocabulary::Expected>,
    /// Speech should be cut short (the "stop" command).
    pub(crate) silence: bool,
    /// The player asked to leave (the game is kept).
    pub(crate) quit: bool,
    date: String,
    save_path: PathBuf,
    /// When the game was last saved (ms).
    last_save: u64,
    /// When voxchess last heard something it could make nothing of (ms).
    unclear_heard: Option<u64>,
    out: Vec<Line>,
}

/// A move heard this soon after words voxchess could make nothing of (ms)
/// may be the rest of the same words, cut by a pause inside them
/// (audio/endpoint.rs: misheard words end after 300 ms of quiet; vosk's
/// own rule after 0.5 s): it is asked about, never played. With speech on,
/// voxchess's answer closes the microphone first; without it, "knight"
/// misheard, then "f3", would have played the pawn.
const FOLLOWS_UNCLEAR_MS: u64 = 2_000;

/// How often a running clock is saved (ms).
const SAVE_EVERY_MS: u64 = 10_000;

fn today() -> String {
    // Days since 1970 to a civil date (Howard Hinnant's algorithm).
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// How a client starts.
pub(crate) struct NewGame {
    /// The settings (file and command line merged).
    pub(crate) settings: Settings,
    /// The start position.
    pub(crate) start: Position,
    /// Moves already played (a continued PGN).
    pub(crate) moves: Vec<Move>,
    /// The player's colour (None: two people).
    pub(crate) me: Option<Color>,
    /// The opponent from elsewhere (an engine), if one plays.
    pub(crate) opponent: Option<Box<dyn Opponent>>,
    /// A saved clock to continue.
    pub(crate) clock: Option<ChessClock>,
    /// Where to autosave.
    pub(crate) save_path: PathBuf,
    /// The game's date (kept when resuming).
    pub(crate) date: Option<String>,
}

impl Client {
    /// A game ready to play; `now` is the clock time in ms.
    pub(crate) fn new(game: NewGame, now: u64) -> Client {
        let settings = game.settings;
        let lang = settings.lang;
        let style = settings.style;
        let mut resolver = Resolver::new(lang);
        resolver.confirm = settings.confirm;
        resolver.style = style;
        let controls: Option<Controls> = settings.time.as_ref().map(|t| t.value().clone());
        let lex = Lexicon::get(lang);
        let engine_name = game.opponent.as_ref().map(|e| opponent_name(lex, e.as_ref()));
        let human = |c: Color| {
            let name = match (game.me, c) {
                (Some(_), _) => &lex.client.human,
                (None, Color::White) => &lex.client.human_white,
                (None, Color::Black) => &lex.client.human_black,
            };
            Player::Human(name.clone())
        };
        let side = |c: Color| match (&engine_name, game.me) {
            (Some(n), Some(me)) if me != c => Player::Engine(n.clone()),
            _ => human(c),
        };
        let players = [side(Color::White), side(Color::Black)];
        let seat = |p: &Player| if matches!(p, Player::Engine(_)) { Seat::Away } else { Seat::Here };
        let schedule = Schedule {
            after_own_move: settings.announce_own_time,
            ..settings.schedule.as_ref().map(|t| t.value().clone()).unwrap_or_default()
        };
        let setup = GameSetup {
            start: game.start,
            moves: game.moves,
            seats: [seat(&players[0]), seat(&players[1])],
            players,
            me: game.me,
            controls,
            clock: game.clock,
            schedule,
            engine_help: settings.engine_help,
        };
        Client {
            game: Game::new(setup, now),
            opponent: game.opponent,
            analyst: None,
            looking: None,
            unclear_heard: None,
            lex,
            resolver,
            narrator: Narrator::new(lex, style),
            last_said: String::new(),
            walker: Walker::new(game.me.unwrap_or(Color::White)),
            review: None,
            settings,
            listening: None,
            expected: None,
            silence: false,
            quit: false,
            date: game.date.unwrap_or_else(today),
            save_path: game.save_path,
            last_save: now,
            out: Vec::new(),
        }
    }

    /// The result, once the game is over.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Hands an action to the game and handles what happened.
    fn act(&mut self, action: Action, now: u64) {
        let events = self.game.act(action, now);
        self.handle(events, now);
    }

    /// Tells voice input what the player is likely to say next: the
    /// answers while a question waits, else the legal moves.
    pub(crate) fn expect_next(&self) {
        let Some(expected) = &self.expected else { return };
        let pos = self.position();
        let phrases = match self.game.pending() {
            Pending::Choice(q) => expected_phrases(self.lex, pos, Some(&q.choices), self.resolver.style),
            // Yes or no: resigning, going on with the built-in engine.
            Pending::Resign | Pending::OpponentFailed => {
                expected_phrases(self.lex, pos, Some(&[]), self.resolver.style)
            }
            _ if self.game.outcome().is_some() => Default::default(),
            _ => expected_phrases(self.lex, pos, None, self.resolver.style),
        };
        expected.set(phrases);
    }

    /// Does what the events ask for and says them.
    fn handle(&mut self, events: Vec<Event>, now: u64) {
        for e in events {
            match &e {
                Event::Refused(_) => {
                    // A refusal is not an announcement: "repeat" still says the last one.
                    for l in self.narrator.lines(&e) {
                        self.out.push(Line { text: super::plain::clean(&l.text), urgency: l.urgency });
                    }
                    continue;
                }
                // The opponent's move, a clock call or the end brings the
                // player back to the live position, with the news.
                Event::Moved { .. }
                | Event::ClockCalled { .. }
                | Event::Flag { .. }
                | Event::GameOver(_)
                | Event::TakenBack { .. }
                    if self.looking.take().is_some() =>
                {
                    let text = self.lex.client.back_to_live.clone();
                    self.say(text, Urgency::Info);
                    self.said(e.clone());
                }
                _ => self.said(e.clone()),
            }
            match e {
                Event::Changed => {
                    self.autosave(now);
                }
                Event::EngineWanted(question) => {
                    let answer = self.ask_engine(question, now);
                    self.said(answer);
                }
                Event::GameOver(_) => self.finished(now),
                _ => {}
            }
        }
        self.expect_next();
    }

    fn say(&mut self, text: impl Into<String>, urgency: Urgency) {
        let text = super::plain::clean(&text.into());
        if text.is_empty() {
            return;
        }
        if !matches!(urgency, Urgency::Info) || self.last_said.is_empty() {
            self.last_said = text.clone();
        }
        self.out.push(Line { text, urgency });
    }

    /// The position now.
    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    /// The prompt: move number and side to move ("12. White>").
    pub(crate) fn prompt(&self) -> String {
        let pos = self.position();
        if self.outcome().is_some() {
            return self.lex.client.game_over_prompt.clone();
        }
        let dots = if pos.turn() == Color::White { "." } else { "..." };
        format!("{}{dots} {}>", pos.fullmoves(), color_name(self.lex, pos.turn()))
    }

    /// After a game is continued: who is to move, the last move, the clocks.
    fn recap(&mut self, now: u64) {
        let lex = self.lex;
        let pos = *self.position();
        self.say(say_to_move(lex, pos.turn()), Urgency::Info);
        self.command(Command::LastMove, now);
        if self.game.clock().is_some() {
            self.command(Command::Time, now);
        }
    }

    /// Opening lines.
    pub(crate) fn greet(&mut self, now: u64) {
        let lex = self.lex;
        let [white, black] = self.game.players().clone();
        self.say(
            fill(&lex.client.players, &[("white", white.name().into()), ("black", black.name().into())]),
            Urgency::Info,
        );
        if let Some(c) = self.game.controls() {
            let control = c.to_string();
            self.say(fill(&lex.client.clock, &[("control", control)]), Urgency::Info);
        }
        if let Some(me) = self.game.me() {
            self.say(render(&lex.client.you_play, &[("side", lex.side(me))]), Urgency::Info);
        }
        self.say(lex.client.type_help.clone(), Urgency::Info);
        if !self.game.history().moves().is_empty() {
            self.recap(now);
        }
        let events = self.game.start(now);
        self.handle(events, now);
    }

    /// The game as it stands, for the autosave (with the clock as of `now`).
    fn saved_game(&self, now: u64) -> SavedGame {
        SavedGame {
            // The engine by name only: a save never names a program to run.
            settings: Settings { engine: None, ..self.settings.clone() },
            me: self.game.me().map_or("both".into(), |c| c.name().to_lowercase()),
            start_fen: self.game.history().start().to_fen(),
            moves: self.game.history().moves().iter().map(|m| m.uci()).collect(),
            clock: self.game.clock().map(|c| c.snapshot(now)),
            date: self.date.clone(),
            engine_name: self.game.players().iter().find_map(|p| match p {
                Player::Engine(n) => Some(n.clone()),
                Player::Human(_) => None,
            }),
        }
    }

    fn autosave(&mut self, now: u64) -> bool {
        self.last_save = now;
        let saved = self.saved_game(now);
        match saved.save(&self.save_path) {
            Ok(()) => true,
            Err(e) => {
                self.said(Event::SaveFailed { what: Saving::Game, problem: WriteProblem::of(&e) });
                false
            }
        }
    }

    /// Leaving the game: it is saved with the clock as it stands, and the
    /// line says so (or why it could not be).
    pub(crate) fn leave(&mut self, now: u64) -> Line {
        // A finished game is kept as its score; a game without a move has
        // nothing to keep (and saying "saved" would not be true).
        let event = if self.outcome().is_some() || self.game.history().moves().is_empty() {
            Event::Left { kept: false }
        } else {
            match self.saved_game(now).save(&self.save_path) {
                Ok(()) => Event::Left { kept: true },
                Err(e) => Event::SaveFailed { what: Saving::Leaving, problem: WriteProblem::of(&e) },
            }
        };
        let mut lines = self.narrator.lines(&event);
        lines.pop().unwrap_or(Line { text: String::new(), urgency: Urgency::Info })
    }

    /// The game as PGN.
    pub(crate) fn pgn(&self) -> String {
        let [white, black] = self.game.players();
        let outcome = self.game.outcome();
        game_pgn(self.game.history(), white, black, outcome.as_ref(), self.game.controls(), &self.date)
    }

    /// Writes the PGN as a new file in the games folder (never over
    /// another), synced to disk; returns its path.
    pub(crate) fn save_pgn(&self) -> std::io::Result<PathBuf> {
        let dir = crate::config::data_dir().join("games");
        write_new_numbered(&dir, &self.date.replace('.', "-"), "pgn", &self.pgn())
    }

    /// Writes the PGN and says where (the file's name), or why not.
    fn write_score(&mut self, what: Saving) -> bool {
        match self.save_pgn() {
            Ok(path) => {
                self.said(Event::ScoreSaved { name: super::narrator::file_name(&path) });
                true
            }
            Err(e) => {
                self.said(Event::SaveFailed { what, problem: WriteProblem::of(&e) });
                false
            }
        }
    }

    /// Says an event of the client's own work (saving).
    fn said(&mut self, event: Event) {
        for l in self.narrator.lines(&event) {
            self.say(l.text, l.urgency);
        }
    }

    /// The game is over: the score is written and synced first; only then
    /// is the autosave removed. If the score cannot be written, the
    /// autosave stays and the player is told.
    fn finished(&mut self, now: u64) {
        if self.write_score(Saving::ScoreAtEnd) {
            if let Err(e) = SavedGame::clear(&self.save_path) {
                self.said(Event::SaveFailed { what: Saving::Game, problem: WriteProblem::of(&e) });
            }
        } else {
            self.autosave(now);
        }
        // The game can now be studied: stepping, the engine, the mistakes.
        let read = crate::notation::pgn::read_pgn(&self.pgn(), crate::notation::NotationLang::English, None);
        if let Some(game) = read.ok().and_then(|g| g.into_iter().next()) {
            let stem = self.date.replace('.', "-");
            self.review = Some(Reviewer::new(game, &self.settings, 1, 1, &stem).at_end());
            let text = self.lex.study.after_game.clone();
            self.say(text, Urgency::Info);
        }
    }

    /// The opponent's answer.
    fn opponent_done(&mut self, opponent: Box<dyn Opponent>, result: Result<OpponentMove, OpponentFailure>, now: u64) {
        match result {
            Ok(OpponentMove { mv, clocks }) => {
                self.opponent = Some(opponent);
                self.act(Action::OpponentMove { mv, clocks }, now);
            }
            Err(e) => {
                drop(opponent);
                self.act(Action::OpponentFailed(e), now);
            }
        }
    }

    /// When the clock next needs attention (ms), if it runs.
    pub(crate) fn next_wake(&mut self, now: u64) -> Option<u64> {
        let clock = self.game.next_wake(now);
        [clock, self.periodic_save_due()].into_iter().flatten().min()
    }

    /// While a clock runs, the game is saved at least every
    /// `SAVE_EVERY_MS`, so a crash gives back at most that much time.
    fn periodic_save_due(&self) -> Option<u64> {
        let running = self.game.clock().is_some_and(|c| c.running.is_some() && !c.paused);
        (running && self.outcome().is_none()).then_some(self.last_save + SAVE_EVERY_MS)
    }

    /// The clock's time has come: a flag, an announcement, or a save.
    pub(crate) fn on_timer(&mut self, now: u64) {
        self.act(Action::Tick, now);
        if self.periodic_save_due().is_some_and(|due| now >= due) {
            self.autosave(now);
        }
    }

    /// Handles a typed or spoken line.
    pub(crate) fn handle_line(&mut self, text: &str, channel: Channel, now: u64) {
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        if text.chars().count() > 200 {
            self.say(self.lex.client.too_long.clone(), Urgency::Urgent);
            return;
        }
        if text.is_empty() {
            self.say(self.lex.client.empty.clone(), Urgency::Info);
            return;
        }
        let pos = *self.position();
        let intent = match self.game.pending() {
            Pending::Choice(q) => self.resolver.resolve_answer(&pos, q, text, channel),
            _ => self.resolver.resolve(&pos, text, channel),
        };
        self.carry_out(intent, channel, now);
    }

    /// Handles what the recognizer heard: its alternatives, best first,
    /// with their scores. An answer to a question is read from the best
    /// alternative; when that answers nothing, a lower one may cancel or
    /// ask again, but never plays the move (a yes found only below the
    /// best is no yes). Anything else goes to the resolver, which weighs
    /// the alternatives.
    pub(crate) fn handle_heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let clean = super::session::clean_heard(alternatives);
        let pos = *self.position();
        let intent = match self.game.pending() {
            Pending::Choice(q) => {
                let answers = clean.iter().map(|(t, _)| self.resolver.resolve_answer(&pos, q, t, Channel::Heard));
                let mut answers = answers.collect::<Vec<_>>().into_iter();
                let first = answers.next();
                let rest: Vec<Intent> = answers.collect();
                let useful = |i: &Intent| !matches!(i, Intent::Refuse(_));
                let safe_below = |i: &Intent| useful(i) && !matches!(i, Intent::Move(_));
                // An answer that plays a move is taken only when no other
                // alternative answers differently (another choice, or no).
                // An alternative that answers nothing here (a number with
                // no such choice: measured live, "네" comes with "넷" as
                // its alternative more often than not) is no doubt.
                let doubted = |m: &Move| {
                    rest.iter().any(|i| match i {
                        Intent::Move(other) => other != m,
                        Intent::Answer(a) => matches!(a, Answer::No | Answer::Cancel),
                        _ => false,
                    })
                };
                match first {
                    Some(Intent::Move(m)) if doubted(&m) => Some(Intent::Ask(q.clone())),
                    first => {
                        first.clone().filter(useful).or_else(|| rest.iter().find(|i| safe_below(i)).cloned()).or(first)
                    }
                }
            }
            _ => {
                let intent = self.resolver.resolve_heard(&pos, &clean);
                let soon = self.unclear_heard.is_some_and(|t| now.saturating_sub(t) < FOLLOWS_UNCLEAR_MS);
                Some(if soon { self.resolver.doubted(&pos, intent) } else { intent })
            }
        };
        let intent = intent.unwrap_or(Intent::Refuse(crate::speech::Refusal::NothingHeard));
        self.unclear_heard = matches!(intent, Intent::Refuse(_)).then_some(now);
        self.carry_out(intent, Channel::Heard, now);
    }

    fn carry_out(&mut self, intent: Intent, channel: Channel, now: u64) {
        // A move is for the live position: one said while another is in
        // view is not played, and the view goes back to the live position,
        // so the move said again is for it (measured live: a misheard
        // "뒤로" left every later move refused until the player found the
        // word for "live").
        if self.looking.is_some() && matches!(intent, Intent::Move(_) | Intent::Ask(_)) {
            self.looking = None;
            let text = self.lex.client.move_while_looking.clone();
            self.say(text, Urgency::Info);
            return;
        }
        match intent {
            Intent::Answer(a) => self.answer(a, now),
            Intent::Command(c) => self.command(c, now),
            Intent::Move(mv) => self.act(Action::Move { mv, channel }, now),
            Intent::Ask(q) => self.act(Action::Ask(q), now),
            Intent::Refuse(why) => self.act(Action::Refuse(why), now),
        }
    }

    fn answer(&mut self, a: Answer, now: u64) {
        let replace = *self.game.pending() == Pending::OpponentFailed && a == Answer::Yes;
        self.act(Action::Answer(a), now);
        if replace {
            let engine = crate::engine::builtin::BuiltinEngine::new(self.settings.level);
            let opponent = EngineOpponent(Box::new(engine));
            let name = opponent_name(self.lex, &opponent);
            self.opponent = Some(Box::new(opponent));
            self.act(Action::Replace(name), now);
        }
    }

    /// The view for board questions: the position looked back at, or the
    /// live one.
    fn view(&self, now: u64) -> View<'_> {
        let history = self.game.history();
        let (positions, moves) = (history.positions(), history.moves());
        let k = self.looking.unwrap_or(moves.len()).min(moves.len());
        View {
            positions: &positions[..=k.min(positions.len().saturating_sub(1))],
            moves: &moves[..k],
            clock: self.game.clock(),
            me: self.game.me(),
            flipped: self.walker.flipped,
            now,
        }
    }

    fn command(&mut self, c: Command, now: u64) {
        if let Some(lines) = self.narrator.query(&c, &self.view(now)) {
            for l in lines {
                self.say(l, Urgency::Info);
            }
            return;
        }
        let lex = self.lex;
        match c {
            Command::LookBack
            | Command::LookForward
            | Command::LookLive
            | Command::WhereAmI
            | Command::GoStart
            | Command::GoEnd
            | Command::GoTo { .. } => self.look(c),
            Command::Variations
            | Command::Variation(_)
            | Command::MainLine
            | Command::Comment
            | Command::Analyse
            | Command::NextMistake
            | Command::PreviousMistake => self.say(lex.study.review_only.clone(), Urgency::Info),
            Command::Repeat => {
                let last = self.last_said.clone();
                self.say(last, Urgency::Move);
            }
            Command::Takeback => self.act(Action::Takeback, now),
            Command::OfferDraw => self.act(Action::OfferDraw, now),
            Command::ClaimDraw => self.act(Action::ClaimDraw, now),
            Command::Accept => self.act(Action::Accept, now),
            Command::Decline => self.act(Action::Decline, now),
            Command::Resign => self.act(Action::Resign, now),
            Command::StopListening | Command::StartListening => {
                let on = c == Command::StartListening;
                let text = match &self.listening {
                    Some(flag) => {
                        flag.store(on, std::sync::atomic::Ordering::Relaxed);
                        if on { &lex.client.listening } else { &lex.client.not_listening }
                    }
                    None => &lex.client.voice_off,
                };
                self.say(text.clone(), Urgency::Info);
            }
            Command::Silence => self.silence = true,
            Command::Flip => {
                self.walker.flipped = !self.walker.flipped;
                let side = if self.walker.flipped { Color::Black } else { Color::White };
                self.say(render(&lex.client.board_from, &[("side", lex.side(side))]), Urgency::Info);
            }
            Command::Quit => self.quit = true,
            Command::Save => self.save_command(),
            Command::Engine(question) => self.act(Action::AskEngine(question), now),
            // Questions are answered by the narrator above.
            _ => {}
        }
    }

    /// Steps through the positions so far without taking anything back.
    fn look(&mut self, c: Command) {
        let played = self.game.history().moves().len();
        let now_at = self.looking.unwrap_or(played);
        let c_words = &self.lex.client;
        // Move N of a side: the position after it, if it was played.
        let goto = |number: u32, color: Option<Color>| {
            let color = color.unwrap_or(Color::White);
            let positions = self.game.history().positions();
            positions.iter().take(played).position(|p| p.fullmoves() == number && p.turn() == color).map(|i| i + 1)
        };
        let text = match c {
            Command::GoStart if played == 0 => c_words.at_start.clone(),
            Command::GoStart => {
                self.looking = Some(0);
                self.looking_words()
            }
            Command::GoEnd if self.looking.is_none() => c_words.at_live.clone(),
            Command::GoEnd => {
                self.looking = None;
                c_words.back_to_live.clone()
            }
            Command::GoTo { number, color } => match goto(number, color) {
                Some(k) if k == played => {
                    let was_looking = self.looking.take().is_some();
                    if was_looking { c_words.back_to_live.clone() } else { c_words.at_live.clone() }
                }
                Some(k) => {
                    self.looking = Some(k);
                    self.looking_words()
                }
                None => render(
                    &self.lex.study.no_such_move,
                    &[("n", Arg::Text(&number.to_string())), ("side", self.lex.side(color.unwrap_or(Color::White)))],
                ),
            },
            Command::LookBack if now_at == 0 => c_words.at_start.clone(),
            Command::LookBack => {
                self.looking = Some(now_at - 1);
                self.looking_words()
            }
            Command::LookForward | Command::LookLive if self.looking.is_none() => c_words.at_live.clone(),
            Command::LookForward if now_at + 1 < played => {
                self.looking = Some(now_at + 1);
                self.looking_words()
            }
            Command::LookForward | Command::LookLive => {
                self.looking = None;
                c_words.back_to_live.clone()
            }
            _ => self.looking_words(),
        };
        self.say(text, Urgency::Info);
    }

    /// Which position is in view, in words: the move that led to it.
    fn looking_words(&self) -> String {
        let c = &self.lex.client;
        let Some(k) = self.looking else { return c.at_live.clone() };
        let history = self.game.history();
        let (positions, moves) = (history.positions(), history.moves());
        match k.checked_sub(1).and_then(|i| Some((positions.get(i)?, moves.get(i)?))) {
            None => c.viewing_start.clone(),
            Some((before, mv)) => {
                let n = before.fullmoves().to_string();
                let side = color_name(self.lex, before.turn()).to_string();
                let words = crate::speech::say_move(self.lex, before, mv, self.resolver.style);
                fill(&c.viewing, &[("n", n), ("side", side), ("move", words)])
            }
        }
    }

    /// Runs the engine for a question the game allowed, about the
    /// position in view.
    fn ask_engine(&mut self, question: EngineQuestion, now: u64) -> Event {
        let asked = *self.view(now).pos();
        answer_engine(&mut self.analyst, self.settings.engine.clone(), question, asked)
    }

    /// Saves the score as PGN ("save").
    pub(crate) fn save_command(&mut self) {
        self.write_score(Saving::Score);
    }
}

impl Front for Client {
    fn greet(&mut self, now: u64) {
        Client::greet(self, now);
    }

    /// Once the game is over, commands study it; a move is refused by the
    /// game ("the game is over").
    fn handle_line(&mut self, text: &str, channel: Channel, now: u64) {
        let pos = *self.position();
        if let Some(r) = &mut self.review
            && matches!(self.resolver.resolve(&pos, text, channel), Intent::Command(_))
        {
            r.handle_line(text, channel, now);
            self.quit |= r.wants_quit();
            return;
        }
        Client::handle_line(self, text, channel, now);
    }

    fn handle_heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let pos = *self.position();
        if let Some(r) = &mut self.review
            && matches!(self.resolver.resolve_heard(&pos, alternatives), Intent::Command(_))
        {
            r.handle_heard(alternatives, now);
            self.quit |= r.wants_quit();
            return;
        }
        Client::handle_heard(self, alternatives, now);
    }

    fn key(&mut self, key: BoardKey, now: u64) {
        if let Some(r) = &mut self.review {
            return r.key(key, now);
        }
        let command = match key {
            BoardKey::Back => Command::LookBack,
            BoardKey::Forward => Command::LookForward,
            BoardKey::First => Command::GoStart,
            BoardKey::Last => Command::LookLive,
            BoardKey::LastMove => Command::LastMove,
            BoardKey::Time => Command::Time,
            BoardKey::Silence | BoardKey::Stop => Command::Silence,
            BoardKey::Help => {
                for l in self.lex.client.board_keys.clone() {
                    self.say(l, Urgency::Move);
                }
                return;
            }
            BoardKey::Talk(on) => {
                let c = &self.lex.client;
                let text = match on {
                    Some(true) => c.listening.clone(),
                    Some(false) => c.not_listening.clone(),
                    None => c.voice_off.clone(),
                };
                self.say(text, Urgency::Info);
                return;
            }
            other => {
                let pos = *self.view(now).pos();
                let own = self.game.me().unwrap_or(pos.turn());
                if let Some(text) = self.walker.key(self.lex, &pos, own, other) {
                    self.say(text, Urgency::Move);
                }
                return;
            }
        };
        self.command(command, now);
    }

    fn work(&mut self, now: u64) -> Option<Job> {
        if let Some(r) = &mut self.review {
            return r.work(now);
        }
        if !self.game.opponent_to_move() {
            return None;
        }
        let mut engine = self.opponent.take()?;
        let think = std::time::Duration::from_millis(self.game.opponent_thinks(now));
        let history = self.game.history().clone();
        Some(Box::new(move |tx: &std::sync::mpsc::Sender<Msg>| {
            let result = engine.next_move(&history, think);
            let _ = tx.send(Msg::Done(Done::Opponent(engine, result)));
        }))
    }

    fn done(&mut self, done: Done, now: u64) {
        match done {
            Done::Opponent(opponent, result) => self.opponent_done(opponent, result, now),
            other => {
                if let Some(r) = &mut self.review {
                    r.done(other, now);
                }
            }
        }
    }

    fn next_wake(&mut self, now: u64) -> Option<u64> {
        Client::next_wake(self, now)
    }

    fn on_timer(&mut self, now: u64) {
        Client::on_timer(self, now);
    }

    fn take_output(&mut self) -> Vec<Line> {
        let mut out = std::mem::take(&mut self.out);
        if let Some(r) = &mut self.review {
            out.extend(r.take_output());
        }
        out
    }

    fn prompt(&self) -> String {
        Client::prompt(self)
    }

    fn take_silence(&mut self) -> bool {
        let review = self.review.as_mut().is_some_and(|r| r.take_silence());
        std::mem::take(&mut self.silence) | review
    }

    fn wants_quit(&self) -> bool {
        self.quit
    }

    fn busy(&self) -> bool {
        self.review.as_ref().is_some_and(|r| r.busy())
    }

    fn handle_eof(&mut self) {
        if self.outcome().is_none() {
            let text = self.lex.client.input_ended.clone();
            self.say(text, Urgency::Info);
        }
    }

    fn lexicon(&self) -> &'static Lexicon {
        self.lex
    }
}

/// How long the engine thinks about a question (Stockfish at full strength
/// on one thread reaches about depth 18 in this time here).
const ANALYSIS_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// The engine that answers questions and analyses: Stockfish (or the
/// chosen UCI engine) at full strength; the built-in engine when there is
/// none.
pub(crate) fn start_analyst(path: Option<PathBuf>) -> Box<dyn Analyse> {
    let started =
        path.or_else(crate::engine::uci::find_engine).and_then(|p| crate::engine::uci::UciEngine::start(&p, 20).ok());
    match started {
        Some(e) => Box::new(e),
        None => Box::new(crate::engine::builtin::BuiltinEngine::new(20)),
    }
}

/// Answers an engine question about `asked`, starting the engine on the
/// first question; a broken engine is started again on the next one.
pub(crate) fn answer_engine(
    analyst: &mut Option<Box<dyn Analyse>>,
    engine_path: Option<PathBuf>,
    question: EngineQuestion,
    asked: Position,
) -> Event {
    let at = if question == EngineQuestion::Threat { passed(&asked) } else { Some(asked) };
    let Some(at) = at else {
        return Event::EngineAnswered { question, position: asked, analyst: Analyst::Full, lines: Ok(Vec::new()) };
    };
    let count = if let EngineQuestion::Top(n) = question { n as usize } else { 1 };
    let engine = analyst.get_or_insert_with(|| start_analyst(engine_path));
    let who = engine.analyst();
    let lines = engine.analyse(&at, count, Limit::Time(ANALYSIS_TIME)).map_err(|e| OpponentFailure::from(&e));
    if lines.is_err() {
        *analyst = None;
    }
    Event::EngineAnswered { question, position: at, analyst: who, lines }
}

/// An opponent's name for the players line and the score: the built-in
/// engine's in the session's language, any other engine's its own.
fn opponent_name(lex: &Lexicon, opponent: &dyn Opponent) -> String {
    match opponent.builtin_level() {
        Some(level) => fill(&lex.client.builtin_engine, &[("level", level.to_string())]),
        None => opponent.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Client, Front, NewGame};
    use crate::rules::Position;

    /// A Korean game for two people, autosaved to a file of its own
    /// (a move played is saved), removed by `done`.
    fn korean_game(name: &str) -> Client {
        game_in(crate::speech::SpeechLang::Korean, name)
    }

    fn game_in(lang: crate::speech::SpeechLang, name: &str) -> Client {
        let settings = crate::config::Settings { lang, ..Default::default() };
        let game = NewGame {
            settings,
            start: Position::start(),
            moves: Vec::new(),
            me: None,
            opponent: None,
            clock: None,
            save_path: std::env::temp_dir().join(format!("voxchess-client-{name}-{}.pgn", std::process::id())),
            date: None,
        };
        Client::new(game, 0)
    }

    fn done(c: Client) {
        let _ = std::fs::remove_file(&c.save_path);
    }

    fn heard(c: &mut Client, alternatives: &[(&str, f32)]) -> Vec<String> {
        heard_at(c, alternatives, 0)
    }

    fn heard_at(c: &mut Client, alternatives: &[(&str, f32)], now: u64) -> Vec<String> {
        let list: Vec<(String, f32)> = alternatives.iter().map(|(t, s)| (t.to_string(), *s)).collect();
        c.handle_heard(&list, now);
        c.take_output().into_iter().map(|l| l.text).collect()
    }

    /// A pause inside a move may cut it in two (audio/endpoint.rs): a move
    /// heard soon after words voxchess could make nothing of is asked
    /// about, never played, even where a clear heard move is played
    /// (English); later, it is played.
    #[test]
    fn a_move_heard_just_after_words_not_understood_is_asked_about() {
        use crate::speech::lexicon::Meaning;
        for lang in [crate::speech::SpeechLang::English, crate::speech::SpeechLang::German] {
            let mut c = game_in(lang, &format!("cut-{lang:?}"));
            let lex = crate::speech::Lexicon::get(lang);
            // A move this language plays when heard alone (no sound-alike
            // rival: not "e4", which "b4" and "d4" sound like).
            let start = Position::start();
            let plays = |w: &String| {
                matches!(c.resolver.resolve_heard(&start, &[(w.clone(), 90.0)]), crate::speech::Intent::Move(_))
            };
            let legal = start.legal_moves();
            let mut said_alone = legal.iter().map(|m| crate::speech::say_move(lex, &start, m, c.resolver.style));
            let words = said_alone.find(plays).expect("a move heard alone is played");
            let word = |meant: fn(&Meaning) -> bool| {
                let found =
                    lex.words_in.iter().find(|(_, senses)| senses.iter().any(|s| s.cost == 0.0 && meant(&s.meaning)));
                found.map(|(w, _)| w.clone()).expect("a word of the language")
            };
            let piece = word(|m| matches!(m, Meaning::Piece(_)));
            let no = word(|m| matches!(m, Meaning::No));
            let said = heard_at(&mut c, &[(piece.as_str(), 90.0)], 1_000);
            assert!(!said.is_empty(), "{lang:?}: {piece} alone is answered");
            assert_eq!(c.position(), &Position::start());
            let said = heard_at(&mut c, &[(words.as_str(), 90.0)], 2_500);
            let asked = format!("{}?", words.to_lowercase());
            assert!(said.iter().any(|l| l.to_lowercase().starts_with(&asked)), "{lang:?}: asked: {said:?}");
            assert_eq!(c.position(), &Position::start(), "{lang:?}: not played");
            heard_at(&mut c, &[(no.as_str(), 90.0)], 4_000);
            let said = heard_at(&mut c, &[(words.as_str(), 90.0)], 9_000);
            assert_ne!(c.position(), &Position::start(), "{lang:?}: played when said alone: {said:?}");
            done(c);
        }
    }

    /// A spoken yes comes with "넷" (four) as its alternative more often
    /// than not (measured live): a number that picks nothing is no doubt,
    /// a no among the alternatives is.
    #[test]
    fn a_yes_whose_alternative_answers_nothing_plays_and_a_no_among_them_asks() {
        let mut c = korean_game("doubt");
        let said = heard(&mut c, &[("이 사", 100.0)]);
        assert!(said.iter().any(|l| l.starts_with("이 사?")), "{said:?}");
        let said = heard(&mut c, &[("네", 90.0), ("아니요", 89.5)]);
        assert!(said.iter().any(|l| l.starts_with("이 사?")), "asked again: {said:?}");
        assert_eq!(c.position(), &Position::start());
        let said = heard(&mut c, &[("네", 90.0), ("넷", 89.5)]);
        assert!(said.iter().any(|l| l.starts_with("백: 이 사")), "{said:?}");
        assert_ne!(c.position(), &Position::start());
        done(c);
    }

    /// A move heard while an earlier position is in view is not played,
    /// and the view is live again, so the move said again is asked about.
    #[test]
    fn a_move_heard_while_looking_back_brings_the_view_back() {
        let mut c = korean_game("looking");
        heard(&mut c, &[("이 사", 100.0)]);
        heard(&mut c, &[("네", 90.0)]);
        let said = heard(&mut c, &[("뒤로", 90.0)]);
        assert!(said.iter().any(|l| l.contains("돌아보기")), "{said:?}");
        let said = heard(&mut c, &[("이 오", 90.0)]);
        assert!(said.iter().any(|l| l.contains("지금 국면으로 돌아왔습니다")), "{said:?}");
        let said = heard(&mut c, &[("이 오", 90.0)]);
        assert!(said.iter().any(|l| l.starts_with("이 오?")), "{said:?}");
        done(c);
    }
}
