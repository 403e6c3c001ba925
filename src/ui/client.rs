//! The game client's heart, shared by the plain and terminal front ends:
//! it takes what the player typed or said, plays moves, runs the clock and
//! the engine's turns, answers commands, and hands back lines to show and
//! speak. Every piece of information comes out as short words.

use crate::audio::models::installed as model_installed;
use crate::clock::{ChessClock, Controls, Schedule, StartRule, outcome_on_time};
use crate::config::Settings;
use crate::engine::{Engine, EngineError};
use crate::game::{Player, SavedGame, game_pgn};
use crate::notation::{SanOptions, describe_position, write_san};
use crate::rules::{Color, DrawReason, File, History, Move, Outcome, Position, Rank, Role, Square, WinReason};
use crate::speech::grammar::Arg;
use crate::speech::say_board::{
    say_attackers, say_defenders, say_file, say_legal_moves, say_pieces_of, say_rank, say_square, say_to_move,
};
use crate::speech::say_event::{say_claimable, say_outcome};
use crate::speech::say_move::color_name;
use crate::speech::{
    Answer, Channel, Command, Intent, Lexicon, Question, Resolver, SpeechLang, Style, say_duration, say_move,
};
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

/// What the client waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pending {
    Nothing,
    Choice(Question),
    Resign,
    DrawOffer(Color),
    EngineFailed,
}

/// One game in progress.
pub struct Client {
    /// The moves so far.
    pub history: History,
    /// The clock, if the game is timed.
    pub clock: Option<ChessClock>,
    controls: Option<Controls>,
    schedule: Schedule,
    announced: Option<(Color, u64)>,
    /// The next scheduled call: (side, time called, due at).
    due_mark: Option<(Color, u64, u64)>,
    /// White's and Black's players.
    pub players: [Player; 2],
    /// The player's colour; None when two people play.
    pub me: Option<Color>,
    /// The engine, when one plays and is not thinking.
    pub engine: Option<Box<dyn Engine>>,
    engine_busy: bool,
    resolver: Resolver,
    lex: &'static Lexicon,
    style: Style,
    pending: Pending,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    last_said: String,
    /// The board is read from Black's side.
    pub flipped: bool,
    /// The cursor of the terminal's board walk.
    pub cursor: Square,
    settings: Settings,
    /// Voice input's switch, when it runs.
    pub listening: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Speech should be cut short (the "stop" command).
    pub silence: bool,
    /// The player asked to leave (the game is kept).
    pub quit: bool,
    date: String,
    save_path: PathBuf,
    out: Vec<Line>,
}

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
pub struct NewGame {
    /// The settings (file and command line merged).
    pub settings: Settings,
    /// The start position.
    pub start: Position,
    /// Moves already played (a continued PGN).
    pub moves: Vec<Move>,
    /// The player's colour (None: two people).
    pub me: Option<Color>,
    /// The engine, if one plays.
    pub engine: Option<Box<dyn Engine>>,
    /// A saved clock to continue.
    pub clock: Option<ChessClock>,
    /// Where to autosave.
    pub save_path: PathBuf,
    /// The game's date (kept when resuming).
    pub date: Option<String>,
}

impl Client {
    /// A game ready to play; `now` is the clock time in ms.
    pub fn new(game: NewGame, now: u64) -> Client {
        let settings = game.settings;
        let lang: SpeechLang = settings.lang.parse().unwrap_or_default();
        let mut resolver = Resolver::new(lang);
        resolver.confirm = settings.confirm.parse().unwrap_or_default();
        resolver.style = settings.style.parse().unwrap_or_default();
        let mut history = History::new(game.start);
        for m in game.moves {
            if history.push(m).is_err() {
                break;
            }
        }
        let controls: Option<Controls> = settings.time.as_deref().and_then(|t| t.parse().ok());
        let clock = game.clock.map(|c| ChessClock::restore(c, now)).or_else(|| {
            controls.clone().map(|c| {
                let mut clock = ChessClock::new(c, StartRule::AtStart);
                clock.turn = history.current().turn();
                clock.start(now);
                if clock.turn == Color::Black {
                    clock.running = Some(Color::Black);
                }
                clock
            })
        });
        let engine_name = game.engine.as_ref().map(|e| e.name());
        let lex = Lexicon::get(lang);
        let human = |c: Color| {
            let key = match (game.me, c) {
                (Some(_), _) => "human",
                (None, Color::White) => "human_white",
                (None, Color::Black) => "human_black",
            };
            Player::Human(lex.ui(key, &[]))
        };
        let side = |c: Color| match (&engine_name, game.me) {
            (Some(n), Some(me)) if me != c => Player::Engine(n.clone()),
            _ => human(c),
        };
        let schedule = Schedule {
            after_own_move: settings.announce_own_time,
            ..settings.schedule.as_deref().and_then(|t| t.parse().ok()).unwrap_or_default()
        };
        Client {
            players: [side(Color::White), side(Color::Black)],
            history,
            clock,
            controls,
            schedule,
            announced: None,
            due_mark: None,
            me: game.me,
            engine: game.engine,
            engine_busy: false,
            lex: Lexicon::get(lang),
            style: settings.style.parse().unwrap_or_default(),
            resolver,
            pending: Pending::Nothing,
            outcome: None,
            last_said: String::new(),
            flipped: game.me == Some(Color::Black),
            cursor: Square::parse("e2").unwrap_or(Square::from_coords(File::ALL[4], Rank::ALL[1])),
            settings,
            listening: None,
            silence: false,
            quit: false,
            date: game.date.unwrap_or_else(today),
            save_path: game.save_path,
            out: Vec::new(),
        }
    }

    fn say(&mut self, text: impl Into<String>, urgency: Urgency) {
        let text = text.into();
        if text.is_empty() {
            return;
        }
        if !matches!(urgency, Urgency::Info) || self.last_said.is_empty() {
            self.last_said = text.clone();
        }
        self.out.push(Line { text, urgency });
    }

    /// Lines produced since the last call.
    pub fn take_output(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.out)
    }

    /// The language data in use.
    pub fn lexicon(&self) -> &'static Lexicon {
        self.lex
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.history.current()
    }

    fn is_engine(&self, c: Color) -> bool {
        matches!(self.players[c.index()], Player::Engine(_))
    }

    /// Whether the engine should think now.
    pub fn engine_to_move(&self) -> bool {
        self.outcome.is_none() && !self.engine_busy && self.is_engine(self.position().turn()) && self.engine.is_some()
    }

    /// Takes the engine out for a thinking thread; returns it with how long to think.
    pub fn start_engine(&mut self, now: u64) -> Option<(Box<dyn Engine>, History, std::time::Duration)> {
        if !self.engine_to_move() {
            return None;
        }
        let engine = self.engine.take()?;
        self.engine_busy = true;
        let turn = self.position().turn();
        let think_ms = match &self.clock {
            Some(c) => (c.remaining(turn, now) / 40).clamp(50, 3000),
            None => 500,
        };
        Some((engine, self.history.clone(), std::time::Duration::from_millis(think_ms)))
    }

    /// The prompt: move number and side to move ("12. White>").
    pub fn prompt(&self) -> String {
        let pos = self.position();
        if self.outcome.is_some() {
            return self.lex.ui("game_over_prompt", &[]);
        }
        let dots = if pos.turn() == Color::White { "." } else { "..." };
        format!("{}{dots} {}>", pos.fullmoves(), color_name(self.lex, pos.turn()))
    }

    /// Opening lines.
    pub fn greet(&mut self, now: u64) {
        let white = self.players[0].name().to_string();
        let black = self.players[1].name().to_string();
        let lex = self.lex;
        self.say(lex.ui("players", &[("white", white), ("black", black)]), Urgency::Info);
        if let Some(c) = &self.controls {
            let control = c.to_string();
            self.say(lex.ui("clock", &[("control", control)]), Urgency::Info);
        }
        if let Some(me) = self.me {
            self.say(lex.ui_args("you_play", &[("side", lex.side(me))]), Urgency::Info);
        }
        self.say(lex.ui("type_help", &[]), Urgency::Info);
        self.check_game_over(now);
    }

    fn autosave(&self, now: u64) {
        let saved = SavedGame {
            settings: self.settings.clone(),
            me: self.me.map_or("both".into(), |c| c.name().to_lowercase()),
            start_fen: self.history.start().to_fen(),
            moves: self.history.moves().iter().map(|m| m.uci()).collect(),
            clock: self.clock.as_ref().map(|c| c.snapshot(now)),
            date: self.date.clone(),
            engine_name: self.players.iter().find_map(|p| match p {
                Player::Engine(n) => Some(n.clone()),
                Player::Human(_) => None,
            }),
        };
        let _ = saved.save(&self.save_path);
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        game_pgn(
            &self.history,
            &self.players[0],
            &self.players[1],
            self.outcome.as_ref(),
            self.controls.as_ref(),
            &self.date,
        )
    }

    /// Writes the PGN into the data folder; returns the path.
    pub fn save_pgn(&self) -> Option<PathBuf> {
        let dir = crate::config::data_dir().join("games");
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let path = dir.join(format!("{}-{stamp}.pgn", self.date.replace('.', "-")));
        crate::game::write_atomic(&path, &self.pgn()).ok().map(|_| path)
    }

    fn end(&mut self, outcome: Outcome, now: u64) {
        if self.outcome.is_some() {
            return;
        }
        self.outcome = Some(outcome);
        if let Some(c) = &mut self.clock {
            c.pause(now);
        }
        self.pending = Pending::Nothing;
        let words = say_outcome(self.lex, &outcome);
        self.say(self.lex.ui("game_over", &[("words", words)]), Urgency::Urgent);
        if let Some(path) = self.save_pgn() {
            self.say(self.lex.ui("score_saved", &[("path", path.display().to_string())]), Urgency::Info);
        }
        SavedGame::clear(&self.save_path);
    }

    fn check_game_over(&mut self, now: u64) {
        if let Some(o) = self.history.outcome() {
            self.end(o, now);
        }
    }

    /// Plays a legal move for the side to move, announcing it.
    fn play(&mut self, m: Move, now: u64) {
        let pos = *self.position();
        let mover = pos.turn();
        if let Some(clock) = &mut self.clock {
            if clock.check_flag(now).is_some() {
                self.flag(now);
                return;
            }
            let _ = clock.press(now, mover);
        }
        let words = say_move(self.lex, &pos, &m, self.style);
        if self.history.push(m).is_err() {
            return;
        }
        self.announced = None;
        self.pending = Pending::Nothing;
        self.say(format!("{}: {words}", color_name(self.lex, mover)), Urgency::Move);
        if self.settings.announce_own_time
            && Some(mover) == self.me
            && let Some(c) = &self.clock
        {
            let t = say_duration(self.lex, c.remaining(mover, now));
            self.say(self.lex.ui("time", &[("time", t)]), Urgency::Info);
        }
        if let Some(moves) = self.clock.as_ref().and_then(|c| c.moves_to_control(mover))
            && (moves == self.schedule.control_warning_moves || moves == 1)
            && !self.is_engine(mover)
        {
            let form = crate::speech::lang::plural_form(self.lex.lang, u64::from(moves));
            let count = format!("{moves} {}", self.lex.clock.moves[form]);
            let side = color_name(self.lex, mover).to_string();
            let text = crate::speech::lexicon::fill(&self.lex.clock.control_near, &[("side", side), ("count", count)]);
            self.say(text, Urgency::Info);
        }
        self.autosave(now);
        self.check_game_over(now);
        if self.outcome.is_none()
            && let Some(claim) = self.history.claimable_draw()
            && !self.is_engine(self.position().turn())
        {
            let text = say_claimable(self.lex, claim);
            self.say(text, Urgency::Info);
        }
    }

    fn flag(&mut self, now: u64) {
        let Some(clock) = &self.clock else { return };
        let fallen = clock.fallen();
        let Some(loser) = fallen.first().copied() else { return };
        let outcome = outcome_on_time(&fallen, Some(self.position()));
        let name = color_name(self.lex, loser).to_string();
        self.say(format!("{}.", self.lex.clock.flag.replace("{side}", &name)), Urgency::Urgent);
        if let Some(o) = outcome {
            self.end(o, now);
        }
    }

    /// The engine's answer.
    pub fn engine_done(&mut self, engine: Box<dyn Engine>, result: Result<Move, EngineError>, now: u64) {
        self.engine_busy = false;
        match result {
            Ok(m) if self.outcome.is_none() && self.position().is_legal(&m) => {
                self.engine = Some(engine);
                self.play(m, now);
            }
            Ok(_) => self.engine = Some(engine),
            Err(e) => {
                drop(engine);
                self.say(self.lex.ui("engine_failed", &[("error", e.to_string())]), Urgency::Urgent);
                self.say(self.lex.ui("engine_offer", &[]), Urgency::Urgent);
                self.pending = Pending::EngineFailed;
            }
        }
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
        if !self.is_engine(running) && !clock.paused {
            let remaining = clock.remaining(running, now);
            let mut mark = self.schedule.next_mark(remaining);
            if let (Some(m), Some((c, a))) = (mark, self.announced)
                && c == running
                && a == m
            {
                mark = self.schedule.next_mark(m);
            }
            self.due_mark = mark.map(|m| (running, m, now + clock.delay_left(now) + remaining.saturating_sub(m)));
        }
        [flag, self.due_mark.map(|(_, _, due)| due)].into_iter().flatten().min()
    }

    /// The clock's time has come: a flag or an announcement.
    pub fn on_timer(&mut self, now: u64) {
        if self.outcome.is_some() {
            return;
        }
        let Some(clock) = &mut self.clock else { return };
        if clock.check_flag(now).is_some() {
            self.flag(now);
            return;
        }
        if let Some((color, mark, due)) = self.due_mark.take()
            && now >= due
            && clock.running == Some(color)
        {
            self.announced = Some((color, mark));
            let side = color_name(self.lex, color).to_string();
            let t = say_duration(self.lex, mark);
            let urgency = if mark <= 10_000 { Urgency::Urgent } else { Urgency::Info };
            self.say(format!("{side}: {t}"), urgency);
        }
    }

    /// Handles a typed or spoken line.
    pub fn handle_line(&mut self, text: &str, channel: Channel, now: u64) {
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        if text.chars().count() > 200 {
            self.say(self.lex.ui("too_long", &[]), Urgency::Urgent);
            return;
        }
        if text.is_empty() {
            self.say(self.lex.ui("empty", &[]), Urgency::Info);
            return;
        }
        if let Some(c) = &mut self.clock
            && c.check_flag(now).is_some()
        {
            self.flag(now);
        }
        let pos = *self.position();
        let intent = match &self.pending {
            Pending::Choice(q) => self.resolver.resolve_answer(&pos, q, text, channel),
            _ => self.resolver.resolve(&pos, text, channel),
        };
        match intent {
            Intent::Answer(a) => self.answer(a, now),
            Intent::Command(c) => self.command(c, now),
            _ if self.outcome.is_some() => self.say(self.lex.ui("over_commands", &[]), Urgency::Info),
            Intent::Move(m) => self.human_move(m, now),
            Intent::Ask(q) => {
                self.say(self.lex.ui("ask", &[("question", q.prompt.clone())]), Urgency::Urgent);
                self.pending = Pending::Choice(q);
            }
            Intent::Refuse(why) => {
                self.pending = Pending::Nothing;
                self.say(why.words(self.lex), Urgency::Urgent);
            }
        }
    }

    fn human_move(&mut self, m: Move, now: u64) {
        let turn = self.position().turn();
        if self.is_engine(turn) {
            self.say(self.lex.ui("engine_thinking", &[]), Urgency::Info);
            return;
        }
        self.play(m, now);
    }

    fn answer(&mut self, a: Answer, now: u64) {
        let pending = std::mem::replace(&mut self.pending, Pending::Nothing);
        match (pending, a) {
            (Pending::Resign, Answer::Yes) => {
                let loser = self.me.unwrap_or(self.position().turn());
                self.end(Outcome::Win { winner: !loser, reason: WinReason::Resignation }, now);
            }
            (Pending::DrawOffer(_), Answer::Yes) => self.end(Outcome::Draw(DrawReason::Agreement), now),
            (Pending::EngineFailed, Answer::Yes) => {
                let level = self.settings.level;
                self.engine = Some(Box::new(crate::engine::builtin::BuiltinEngine::new(level)));
                let name = self.engine.as_ref().map(|e| e.name()).unwrap_or_default();
                for p in &mut self.players {
                    if let Player::Engine(n) = p {
                        *n = name.clone();
                    }
                }
                self.say(self.lex.ui("playing_on_with", &[("name", name)]), Urgency::Info);
            }
            (Pending::Choice(_), Answer::Cancel | Answer::No) | (_, Answer::Cancel) => {
                self.say(self.lex.ui("cancelled", &[]), Urgency::Info)
            }
            (Pending::Resign, _) => self.say(self.lex.ui("play_on", &[]), Urgency::Info),
            (Pending::DrawOffer(_), _) => self.say(self.lex.ui("draw_declined", &[]), Urgency::Info),
            (Pending::EngineFailed, _) => self.say(self.lex.ui("game_kept", &[]), Urgency::Info),
            (Pending::Choice(q), _) => {
                self.say(self.lex.ui("ask", &[("question", q.prompt.clone())]), Urgency::Urgent);
                self.pending = Pending::Choice(q);
            }
            (Pending::Nothing, _) => self.say(self.lex.ui("no_question", &[]), Urgency::Info),
        }
    }

    fn board_lines(&self) -> Vec<String> {
        let pos = self.position();
        let ranks: Vec<Rank> =
            if self.flipped { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
        let files: Vec<File> =
            if self.flipped { File::ALL.iter().rev().copied().collect() } else { File::ALL.to_vec() };
        ranks
            .iter()
            .map(|r| {
                let cells: Vec<String> = files
                    .iter()
                    .map(|f| pos.piece_at(Square::from_coords(*f, *r)).map_or("-".into(), |p| p.fen_char().to_string()))
                    .collect();
                format!("{} {}", r.char(), cells.join(" "))
            })
            .collect()
    }

    fn command(&mut self, c: Command, now: u64) {
        let pos = *self.position();
        let lex = self.lex;
        match c {
            Command::Board => {
                for l in self.board_lines() {
                    self.say(l, Urgency::Info);
                }
            }
            Command::Pieces => {
                let text = describe_position(&pos, self.resolver.lexicon().lang.notation());
                for l in text.lines() {
                    self.say(l.to_string(), Urgency::Info);
                }
            }
            Command::PiecesOf { color, role } => {
                let color = color.or(self.me).unwrap_or(pos.turn());
                self.say(say_pieces_of(lex, &pos, color, role), Urgency::Info);
            }
            Command::ScanFile(f) => self.say(say_file(lex, &pos, f), Urgency::Info),
            Command::ScanRank(r) => self.say(say_rank(lex, &pos, r), Urgency::Info),
            Command::Square(s) => self.say(say_square(lex, &pos, s), Urgency::Info),
            Command::Attackers(s) => self.say(say_attackers(lex, &pos, s), Urgency::Info),
            Command::Defenders(s) => self.say(say_defenders(lex, &pos, s), Urgency::Info),
            Command::LegalMoves(s) => self.say(say_legal_moves(lex, &pos, s), Urgency::Info),
            Command::LastMove => self.say_last_moves(1),
            Command::LastMoves(n) => self.say_last_moves(n as usize),
            Command::Score => self.say_last_moves(usize::MAX),
            Command::Repeat => {
                let last = self.last_said.clone();
                self.say(last, Urgency::Move);
            }
            Command::Time => self.say_time(now),
            Command::Takeback => self.takeback(now),
            Command::OfferDraw => self.offer_draw(now),
            Command::ClaimDraw => match self.history.claimable_draw() {
                Some(claim) => self.end(Outcome::Draw(claim.into()), now),
                None => self.say(lex.ui("no_claim", &[]), Urgency::Info),
            },
            Command::Accept => match self.pending {
                Pending::DrawOffer(_) => self.answer(Answer::Yes, now),
                _ => self.say(lex.ui("no_offer_accept", &[]), Urgency::Info),
            },
            Command::Decline => match self.pending {
                Pending::DrawOffer(_) => self.answer(Answer::No, now),
                _ => self.say(lex.ui("no_offer_decline", &[]), Urgency::Info),
            },
            Command::Resign => {
                if self.outcome.is_some() {
                    self.say(lex.ui("is_over", &[]), Urgency::Info);
                } else {
                    self.pending = Pending::Resign;
                    self.say(lex.ui("resign_confirm", &[]), Urgency::Urgent);
                }
            }
            Command::Help => {
                for l in lex.ui_lines("help") {
                    self.say(l, Urgency::Info);
                }
            }
            Command::StopListening => match &self.listening {
                Some(flag) => {
                    flag.store(false, std::sync::atomic::Ordering::Relaxed);
                    self.say(lex.ui("not_listening", &[]), Urgency::Info);
                }
                None => self.say(lex.ui("voice_off", &[]), Urgency::Info),
            },
            Command::StartListening => match &self.listening {
                Some(flag) => {
                    flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    self.say(lex.ui("listening", &[]), Urgency::Info);
                }
                None => self.say(lex.ui("voice_off", &[]), Urgency::Info),
            },
            Command::Silence => self.silence = true,
            Command::Material => self.say_material(),
            Command::WhoseMove => self.say(say_to_move(lex, pos.turn()), Urgency::Info),
            Command::Flip => {
                self.flipped = !self.flipped;
                let side = if self.flipped { Color::Black } else { Color::White };
                self.say(lex.ui_args("board_from", &[("side", lex.side(side))]), Urgency::Info);
            }
            Command::Quit => self.quit = true,
            Command::Save => self.save_command(),
            Command::Fen => self.say(pos.to_fen(), Urgency::Info),
        }
    }

    /// Saves the score as PGN ("save").
    pub fn save_command(&mut self) {
        match self.save_pgn() {
            Some(path) => self.say(self.lex.ui("score_saved", &[("path", path.display().to_string())]), Urgency::Info),
            None => self.say(self.lex.ui("score_not_saved", &[]), Urgency::Urgent),
        }
    }

    fn say_last_moves(&mut self, n: usize) {
        let moves = self.history.moves();
        if moves.is_empty() {
            self.say(self.lex.ui("no_moves_yet", &[]), Urgency::Info);
            return;
        }
        let positions = self.history.positions().to_vec();
        let from = moves.len().saturating_sub(n);
        let opts = SanOptions::lang(self.resolver.lexicon().lang.notation());
        let mut line = String::new();
        let mut lines = Vec::new();
        for (i, m) in moves.iter().enumerate().skip(from) {
            let pos = &positions[i];
            let san = write_san(pos, m, &opts);
            let item = if pos.turn() == Color::White || i == from {
                let dots = if pos.turn() == Color::White { "." } else { "..." };
                format!("{}{dots} {san}", pos.fullmoves())
            } else {
                san
            };
            if !line.is_empty() && line.len() + item.len() + 1 > 40 {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        lines.push(line);
        if n == 1 {
            let i = moves.len() - 1;
            let words = say_move(self.lex, &positions[i], &moves[i], self.style);
            let lex = self.lex;
            let text =
                lex.ui_args("last_move", &[("side", lex.side(positions[i].turn())), ("words", Arg::Text(&words))]);
            self.say(text, Urgency::Info);
            return;
        }
        for l in lines {
            self.say(l, Urgency::Info);
        }
    }

    fn say_time(&mut self, now: u64) {
        let Some(c) = &self.clock else {
            self.say(self.lex.ui("no_clock", &[]), Urgency::Info);
            return;
        };
        let times: Vec<(String, String)> = Color::ALL
            .iter()
            .map(|col| (color_name(self.lex, *col).to_string(), say_duration(self.lex, c.remaining(*col, now))))
            .collect();
        for (side, t) in times {
            self.say(format!("{side}: {t}"), Urgency::Info);
        }
    }

    fn say_material(&mut self) {
        let pos = *self.position();
        let worth = |c: Color| -> i32 {
            [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
                .iter()
                .map(|(r, v)| pos.board().pieces(c, *r).count() as i32 * v)
                .sum()
        };
        let (w, b) = (worth(Color::White), worth(Color::Black));
        let key = match w.cmp(&b) {
            std::cmp::Ordering::Equal => "material_equal",
            std::cmp::Ordering::Greater => "material_white",
            std::cmp::Ordering::Less => "material_black",
        };
        let text = self
            .lex
            .ui(key, &[("white", w.to_string()), ("black", b.to_string()), ("diff", (w - b).abs().to_string())]);
        self.say(text, Urgency::Info);
    }

    fn takeback(&mut self, now: u64) {
        if self.outcome.is_some() {
            self.say(self.lex.ui("is_over", &[]), Urgency::Info);
            return;
        }
        if self.engine_busy {
            self.say(self.lex.ui("engine_thinking", &[]), Urgency::Info);
            return;
        }
        // Against an engine, its reply goes back too.
        let plies = match self.me {
            Some(me) if self.position().turn() == me && self.history.moves().len() >= 2 => 2,
            _ => 1,
        };
        if self.history.moves().len() < plies {
            self.say(self.lex.ui("no_takeback", &[]), Urgency::Info);
            return;
        }
        for _ in 0..plies {
            let mover = !self.position().turn();
            self.history.pop();
            if let Some(c) = &mut self.clock {
                c.take_back(now, mover);
            }
        }
        self.pending = Pending::Nothing;
        let lex = self.lex;
        self.say(lex.ui_args("taken_back", &[("side", lex.side(self.position().turn()))]), Urgency::Move);
        self.autosave(now);
    }

    fn offer_draw(&mut self, now: u64) {
        let offerer = self.me.unwrap_or(self.position().turn());
        if self.is_engine(!offerer) {
            // The engine accepts only a position that cannot be won.
            if self.position().is_dead_position() || self.history.claimable_draw().is_some() {
                self.end(Outcome::Draw(DrawReason::Agreement), now);
            } else {
                self.say(self.lex.ui("engine_declines", &[]), Urgency::Info);
            }
            return;
        }
        let other = color_name(self.lex, !offerer).to_string();
        self.say(self.lex.ui("draw_offered", &[("side", other)]), Urgency::Urgent);
        self.pending = Pending::DrawOffer(offerer);
    }

    /// Whether voice input can start: a model for the language, if any.
    pub fn voice_model(&self) -> Option<PathBuf> {
        model_installed(self.lex.lang.code())
    }

    /// Walks the board cursor and says what stands there.
    pub fn walk(&mut self, df: i32, dr: i32) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let f = (self.cursor.file().index() as i32 + df).clamp(0, 7) as u32;
        let r = (self.cursor.rank().index() as i32 + dr).clamp(0, 7) as u32;
        if let (Some(f), Some(r)) = (File::new(f), Rank::new(r)) {
            self.cursor = Square::from_coords(f, r);
        }
        let text = say_square(self.lex, self.position(), self.cursor);
        self.say(text, Urgency::Move);
    }

    /// Reads the squares from the cursor in one direction, up to and
    /// including the first piece ("e3 empty, e4 empty, e5 black pawn").
    pub fn ray(&mut self, df: i32, dr: i32) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let pos = *self.position();
        let mut parts = Vec::new();
        let (mut f, mut r) = (self.cursor.file().index() as i32, self.cursor.rank().index() as i32);
        loop {
            f += df;
            r += dr;
            let (Some(file), Some(rank)) = (File::new(f as u32), Rank::new(r as u32)) else { break };
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let sq = Square::from_coords(file, rank);
            parts.push(say_square(self.lex, &pos, sq).replacen(':', "", 1));
            if pos.piece_at(sq).is_some() {
                break;
            }
        }
        let text = if parts.is_empty() { self.lex.ui("edge", &[]) } else { parts.join(", ") };
        self.say(text, Urgency::Move);
    }

    /// Jumps the cursor to the next piece of a kind and says where it is.
    pub fn jump(&mut self, role: Role) {
        let pos = *self.position();
        let squares: Vec<Square> = Square::all().filter(|s| pos.board().role_at(*s) == Some(role)).collect();
        let next = squares.iter().find(|s| s.index() > self.cursor.index()).or(squares.first()).copied();
        match next {
            Some(s) => {
                self.cursor = s;
                let text = say_square(self.lex, &pos, s);
                self.say(text, Urgency::Move);
            }
            None => {
                let text = format!("{}: {}", self.lex.piece(role, 1), self.lex.out.none);
                self.say(text, Urgency::Move);
            }
        }
    }

    /// Legal moves of the piece under the cursor.
    pub fn cursor_moves(&mut self) {
        let text = say_legal_moves(self.lex, self.position(), self.cursor);
        self.say(text, Urgency::Move);
    }

    /// Reads the cursor's file.
    pub fn cursor_file(&mut self) {
        let text = say_file(self.lex, self.position(), self.cursor.file());
        self.say(text, Urgency::Move);
    }

    /// The clocks (the t key).
    pub fn tell_time(&mut self, now: u64) {
        self.say_time(now);
    }

    /// The last move (the l key).
    pub fn tell_last_move(&mut self) {
        self.say_last_moves(1);
    }
}
