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
use crate::audio::models::installed as model_installed;
use crate::clock::{ChessClock, Controls, Schedule};
use crate::config::Settings;
use crate::game::{
    Action, EngineOpponent, Event, Game, GameSetup, Opponent, OpponentMove, Pending, Player, SavedGame, Seat, game_pgn,
    write_new_numbered,
};
use crate::notation::{SanOptions, describe_position, write_san};
use crate::rules::{Color, File, History, Move, Outcome, Position, Rank, Role, Square};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_board::{
    say_attackers, say_defenders, say_file, say_legal_moves, say_pieces_of, say_rank, say_square, say_to_move,
};
use crate::speech::say_move::color_name;
use crate::speech::{Answer, Channel, Command, Intent, Lexicon, Resolver, Style, say_duration, say_move};
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
pub struct Client {
    game: Game,
    /// The opponent playing from elsewhere (an engine), when it is not
    /// thinking.
    opponent: Option<Box<dyn Opponent>>,
    resolver: Resolver,
    narrator: Narrator,
    lex: &'static Lexicon,
    style: Style,
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
    /// When the game was last saved (ms).
    last_save: u64,
    out: Vec<Line>,
}

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
pub struct NewGame {
    /// The settings (file and command line merged).
    pub settings: Settings,
    /// The start position.
    pub start: Position,
    /// Moves already played (a continued PGN).
    pub moves: Vec<Move>,
    /// The player's colour (None: two people).
    pub me: Option<Color>,
    /// The opponent from elsewhere (an engine), if one plays.
    pub opponent: Option<Box<dyn Opponent>>,
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
        let lang = settings.lang;
        let style = settings.style;
        let mut resolver = Resolver::new(lang);
        resolver.confirm = settings.confirm;
        resolver.style = style;
        let controls: Option<Controls> = settings.time.as_deref().and_then(|t| t.parse().ok());
        let engine_name = game.opponent.as_ref().map(|e| e.name());
        let lex = Lexicon::get(lang);
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
            ..settings.schedule.as_deref().and_then(|t| t.parse().ok()).unwrap_or_default()
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
        };
        Client {
            game: Game::new(setup, now),
            opponent: game.opponent,
            lex,
            style,
            resolver,
            narrator: Narrator::new(lex, style),
            last_said: String::new(),
            flipped: game.me == Some(Color::Black),
            cursor: Square::parse("e2").unwrap_or(Square::from_coords(File::ALL[4], Rank::ALL[1])),
            settings,
            listening: None,
            silence: false,
            quit: false,
            date: game.date.unwrap_or_else(today),
            save_path: game.save_path,
            last_save: now,
            out: Vec::new(),
        }
    }

    /// The game core.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Hands an action to the game and handles what happened.
    fn act(&mut self, action: Action, now: u64) {
        let events = self.game.act(action, now);
        self.handle(events, now);
    }

    /// Does what the events ask for and says them.
    fn handle(&mut self, events: Vec<Event>, now: u64) {
        for e in events {
            for l in self.narrator.lines(&e) {
                self.say(l.text, l.urgency);
            }
            match e {
                Event::Changed => {
                    self.autosave(now);
                }
                Event::GameOver(_) => self.finished(now),
                _ => {}
            }
        }
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
        self.game.position()
    }

    /// Takes the opponent out for a thinking thread when it is to move;
    /// returns it with the game and how long to think.
    pub fn start_opponent(&mut self, now: u64) -> Option<(Box<dyn Opponent>, History, std::time::Duration)> {
        if !self.game.opponent_to_move() {
            return None;
        }
        let engine = self.opponent.take()?;
        let think_ms = self.game.opponent_thinks(now);
        Some((engine, self.game.history().clone(), std::time::Duration::from_millis(think_ms)))
    }

    /// The prompt: move number and side to move ("12. White>").
    pub fn prompt(&self) -> String {
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
        self.say_last_moves(1);
        if self.game.clock().is_some() {
            self.say_time(now);
        }
    }

    /// Opening lines.
    pub fn greet(&mut self, now: u64) {
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

    /// Writes the autosave (with the clock as of `now`); a failure is said
    /// at once, as an urgent line.
    /// The game as it stands, for the autosave.
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
                let reason = self.write_problem(&e);
                self.say(fill(&self.lex.client.save_failed, &[("reason", reason)]), Urgency::Urgent);
                false
            }
        }
    }

    /// Why a write failed, in the player's language.
    fn write_problem(&self, e: &std::io::Error) -> String {
        super::narrator::write_problem(self.lex, e)
    }

    /// Leaving the game: it is saved with the clock as it stands, and the
    /// line says so (or why it could not be).
    pub fn leave(&mut self, now: u64) -> Line {
        let c = &self.lex.client;
        // A finished game is kept as its score; a game without a move has
        // nothing to keep (and saying "saved" would not be true).
        if self.outcome().is_some() || self.game.history().moves().is_empty() {
            return Line { text: c.goodbye.clone(), urgency: Urgency::Info };
        }
        let saved = self.saved_game(now);
        match saved.save(&self.save_path) {
            Ok(()) => Line { text: self.lex.client.saved_resume.clone(), urgency: Urgency::Info },
            Err(e) => {
                let reason = self.write_problem(&e);
                Line { text: fill(&self.lex.client.leave_not_saved, &[("reason", reason)]), urgency: Urgency::Urgent }
            }
        }
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        let [white, black] = self.game.players();
        let outcome = self.game.outcome();
        game_pgn(self.game.history(), white, black, outcome.as_ref(), self.game.controls(), &self.date)
    }

    /// Writes the PGN as a new file in the games folder (never over
    /// another), synced to disk; returns its path.
    pub fn save_pgn(&self) -> std::io::Result<PathBuf> {
        let dir = crate::config::data_dir().join("games");
        write_new_numbered(&dir, &self.date.replace('.', "-"), "pgn", &self.pgn())
    }

    /// Writes the PGN and says where (the file's name), or why not.
    fn write_score(&mut self, failed: &str) -> bool {
        match self.save_pgn() {
            Ok(path) => {
                let name = path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
                self.say(fill(&self.lex.client.score_saved, &[("name", name)]), Urgency::Info);
                true
            }
            Err(e) => {
                let reason = self.write_problem(&e);
                self.say(fill(failed, &[("reason", reason)]), Urgency::Urgent);
                false
            }
        }
    }

    /// The game is over: the score is written and synced first; only then
    /// is the autosave removed. If the score cannot be written, the
    /// autosave stays and the player is told.
    fn finished(&mut self, now: u64) {
        let failed = self.lex.client.score_failed.clone();
        if self.write_score(&failed) {
            if let Err(e) = SavedGame::clear(&self.save_path) {
                let reason = self.write_problem(&e);
                self.say(fill(&self.lex.client.save_failed, &[("reason", reason)]), Urgency::Urgent);
            }
        } else {
            self.autosave(now);
        }
    }

    /// The opponent's answer.
    pub fn opponent_done(&mut self, opponent: Box<dyn Opponent>, result: Result<OpponentMove, String>, now: u64) {
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
    pub fn next_wake(&mut self, now: u64) -> Option<u64> {
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
    pub fn on_timer(&mut self, now: u64) {
        self.act(Action::Tick, now);
        if self.periodic_save_due().is_some_and(|due| now >= due) {
            self.autosave(now);
        }
    }

    /// Handles a typed or spoken line.
    pub fn handle_line(&mut self, text: &str, channel: Channel, now: u64) {
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
        match intent {
            Intent::Answer(a) => self.answer(a, now),
            Intent::Command(c) => self.command(c, now),
            _ if self.outcome().is_some() => self.handle(vec![Event::OverOnlyCommands], now),
            Intent::Move(m) => self.act(Action::Move(m), now),
            Intent::Ask(q) => self.act(Action::Ask(q), now),
            // A refusal is not an announcement: "repeat" still says the last one.
            Intent::Refuse(why) => self.out.push(Line { text: why.words(self.lex), urgency: Urgency::Urgent }),
        }
    }

    fn answer(&mut self, a: Answer, now: u64) {
        let replace = *self.game.pending() == Pending::OpponentFailed && a == Answer::Yes;
        self.act(Action::Answer(a), now);
        if replace {
            let engine = crate::engine::builtin::BuiltinEngine::new(self.settings.level);
            let opponent = EngineOpponent(Box::new(engine));
            let name = opponent.name();
            self.opponent = Some(Box::new(opponent));
            self.act(Action::Replace(name), now);
        }
    }

    fn board_lines(&self) -> Vec<String> {
        let pos = self.position();
        let ranks: Vec<Rank> =
            if self.flipped { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
        let files: Vec<File> =
            if self.flipped { File::ALL.iter().rev().copied().collect() } else { File::ALL.to_vec() };
        let letters: Vec<String> = files.iter().map(|f| f.char().to_string()).collect();
        let header = format!("  {}", letters.join(" "));
        let mut lines = vec![header.clone()];
        lines.extend(ranks.iter().map(|r| {
            let cells: Vec<String> = files
                .iter()
                .map(|f| pos.piece_at(Square::from_coords(*f, *r)).map_or("-".into(), |p| p.fen_char().to_string()))
                .collect();
            format!("{} {} {}", r.char(), cells.join(" "), r.char())
        }));
        lines.push(header);
        lines
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
                let color = color.or(self.game.me()).unwrap_or(pos.turn());
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
            Command::Score => self.say_score(),
            Command::Repeat => {
                let last = self.last_said.clone();
                self.say(last, Urgency::Move);
            }
            Command::Time => self.say_time(now),
            Command::Takeback => self.act(Action::Takeback, now),
            Command::OfferDraw => self.act(Action::OfferDraw, now),
            Command::ClaimDraw => self.act(Action::ClaimDraw, now),
            Command::Accept => self.act(Action::Accept, now),
            Command::Decline => self.act(Action::Decline, now),
            Command::Resign => self.act(Action::Resign, now),
            Command::Help => {
                for l in lex.client.help.clone() {
                    self.say(l, Urgency::Info);
                }
            }
            Command::StopListening => match &self.listening {
                Some(flag) => {
                    flag.store(false, std::sync::atomic::Ordering::Relaxed);
                    self.say(lex.client.not_listening.clone(), Urgency::Info);
                }
                None => self.say(lex.client.voice_off.clone(), Urgency::Info),
            },
            Command::StartListening => match &self.listening {
                Some(flag) => {
                    flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    self.say(lex.client.listening.clone(), Urgency::Info);
                }
                None => self.say(lex.client.voice_off.clone(), Urgency::Info),
            },
            Command::Silence => self.silence = true,
            Command::Material => self.say_material(),
            Command::WhoseMove => self.say(say_to_move(lex, pos.turn()), Urgency::Info),
            Command::Flip => {
                self.flipped = !self.flipped;
                let side = if self.flipped { Color::Black } else { Color::White };
                self.say(render(&lex.client.board_from, &[("side", lex.side(side))]), Urgency::Info);
            }
            Command::Quit => self.quit = true,
            Command::Save => self.save_command(),
            Command::Fen => self.say(pos.to_fen(), Urgency::Info),
        }
    }

    /// Saves the score as PGN ("save").
    pub fn save_command(&mut self) {
        let failed = format!("{} {{reason}}.", self.lex.client.score_not_saved.trim_end_matches('.'));
        self.write_score(&failed);
    }

    /// The last `n` moves in the announcement style, one per line
    /// ("White: knight f3"); the last one alone as "Last move: ...".
    fn say_last_moves(&mut self, n: usize) {
        let moves = self.game.history().moves().to_vec();
        if moves.is_empty() {
            self.say(self.lex.client.no_moves_yet.clone(), Urgency::Info);
            return;
        }
        let positions = self.game.history().positions().to_vec();
        let lex = self.lex;
        if n == 1 {
            let i = moves.len() - 1;
            let words = say_move(lex, &positions[i], &moves[i], self.style);
            let text =
                render(&lex.client.last_move, &[("side", lex.side(positions[i].turn())), ("words", Arg::Text(&words))]);
            self.say(text, Urgency::Info);
            return;
        }
        for i in moves.len().saturating_sub(n)..moves.len() {
            let words = say_move(lex, &positions[i], &moves[i], self.style);
            self.say(format!("{}: {words}", color_name(lex, positions[i].turn())), Urgency::Info);
        }
    }

    /// The whole score in the notation of the session's language, as many
    /// whole moves to a line as fit ("1. e4 e5 2. Кf3 Кc6").
    fn say_score(&mut self) {
        let moves = self.game.history().moves().to_vec();
        if moves.is_empty() {
            self.say(self.lex.client.no_moves_yet.clone(), Urgency::Info);
            return;
        }
        let positions = self.game.history().positions().to_vec();
        let opts = SanOptions::lang(self.resolver.lexicon().lang.notation());
        let mut line = String::new();
        let mut lines = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let pos = &positions[i];
            let san = write_san(pos, m, &opts);
            let item = if pos.turn() == Color::White || i == 0 {
                let dots = if pos.turn() == Color::White { "." } else { "..." };
                format!("{}{dots} {san}", pos.fullmoves())
            } else {
                san
            };
            if !line.is_empty() && line.chars().count() + item.chars().count() + 1 > super::plain::WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        lines.push(line);
        for l in lines {
            self.say(l, Urgency::Info);
        }
    }

    fn say_time(&mut self, now: u64) {
        let Some(c) = self.game.clock() else {
            self.say(self.lex.client.no_clock.clone(), Urgency::Info);
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
        let c = &self.lex.client;
        let template = match w.cmp(&b) {
            std::cmp::Ordering::Equal => &c.material_equal,
            std::cmp::Ordering::Greater => &c.material_white,
            std::cmp::Ordering::Less => &c.material_black,
        };
        let text =
            fill(template, &[("white", w.to_string()), ("black", b.to_string()), ("diff", (w - b).abs().to_string())]);
        self.say(text, Urgency::Info);
    }

    /// Whether voice input can start: a model for the language, if any.
    pub fn voice_model(&self) -> Option<PathBuf> {
        model_installed(self.lex.lang.code())
    }

    /// Walks the board cursor and says what stands there.
    pub fn walk(&mut self, df: i32, dr: i32) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let (f, r) = (self.cursor.file().index() as i32 + df, self.cursor.rank().index() as i32 + dr);
        if !(0..8).contains(&f) || !(0..8).contains(&r) {
            // Past the edge: said, and the cursor stays.
            let text = self.lex.client.edge.clone();
            self.say(text, Urgency::Move);
            return;
        }
        if let (Some(f), Some(r)) = (File::new(f as u32), Rank::new(r as u32)) {
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
        let text = if parts.is_empty() { self.lex.client.edge.clone() } else { parts.join(", ") };
        self.say(text, Urgency::Move);
    }

    /// Jumps the cursor to the next piece of a kind and says where it is.
    pub fn jump(&mut self, role: Role) {
        let pos = *self.position();
        // The player's own pieces first, then the opponent's.
        let own = self.game.me().unwrap_or(pos.turn());
        let mut squares: Vec<Square> = Square::all().filter(|s| pos.board().role_at(*s) == Some(role)).collect();
        squares.sort_by_key(|s| (pos.board().color_at(*s) != Some(own), s.index()));
        let at = squares.iter().position(|s| *s == self.cursor);
        let next = match at {
            Some(i) => squares.get(i + 1).or(squares.first()).copied(),
            None => squares.first().copied(),
        };
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
