//! Puzzles by ear, as a mode of the session: a puzzle from the offline
//! library (near the player's rating, of the theme and band asked, none
//! repeated), its start said (the side the player plays, the opponent's
//! move), the player's moves read by the same resolver and trust rules as
//! a game (a heard move that could be another is asked), every board
//! question answered about the position, hints in steps, the solution,
//! and the result kept: the player's Glicko-2 rating and the puzzles seen,
//! in the data folder.
//!
//! May use: `io`, the session, and everything below them.

mod lichess;
mod link;
mod practice;
mod record;
mod start;
mod streak;

pub(crate) use link::PuzzleLink;
pub(crate) use start::{
    ImportFailed, LichessPuzzles, PuzzleFiles, daily, dashboard, import, lichess_mode, online, prepare_library,
    unreadable_words,
};

use crate::config::Settings;
use crate::game::Event;
use crate::rules::{Color, Move, Position};
use crate::speech::{Answer, Channel, Command, EngineQuestion, Intent, Question};
use crate::study::library::Wanted;
use crate::study::practice::Practice;
use crate::study::puzzle::{Puzzle, PuzzleEvent, PuzzleRun};
use crate::ui::input::{BoardKey, Msg};
use crate::ui::output::{Glance, Line, Urgency};
use crate::ui::session::Mode;
use crate::ui::shell::{KeyAction, Shell, Touched, key_action};
use crate::ui::words::PracticeSaid;
use crate::ui::words::View;
use record::Record;
use std::collections::HashSet;
use std::path::PathBuf;

/// The puzzle mode.
pub(crate) struct PuzzleMode {
    shell: Shell,
    files: PuzzleFiles,
    wanted: Wanted,
    record: Record,
    run: Option<PuzzleRun>,
    /// A question about the player's move, waiting for the answer.
    pending: Option<Question>,
    /// The side the board is read from (the player's).
    side: Color,
    /// Puzzles given before the library's (the daily puzzle, lichess's).
    given: std::collections::VecDeque<Puzzle>,
    /// lichess's puzzles with the player's token (the library unused).
    link: Option<PuzzleLink>,
    /// A puzzle is wanted as soon as lichess gives one.
    wanting: bool,
    /// The puzzle in play is being left unsolved (`next`): it counts as
    /// failed, and the next one follows without a word between.
    skipping: bool,
    /// The player's mistakes being practised (their puzzles are `given`).
    practice: Vec<Practice>,
    /// The engine that checks a move other than the best, and the move
    /// being checked.
    engine: Option<Box<dyn crate::engine::analysis::Analyse>>,
    checking: Option<Move>,
    /// The session's channel, for the engine's answer.
    tx: Option<std::sync::mpsc::Sender<Msg>>,
    /// The engine program the settings name.
    engine_path: Option<PathBuf>,
    /// The square of the piece picked up with a Braille routing key.
    held: Option<crate::rules::Square>,
    /// The puzzle streak being played (`voxchess puzzle streak`).
    streak: Option<streak::StreakPlay>,
    /// Said first: an import cut short last time was undone.
    undone: bool,
    /// Puzzles given from elsewhere (the daily puzzle): played, kept as
    /// seen, never counted on the library's rating.
    unrated: HashSet<String>,
    /// Puzzles being tried once more (`retry`): counted nowhere.
    retried: HashSet<String>,
}

impl PuzzleMode {
    /// Puzzles from `files` that fit `wanted`, in `settings`' language.
    /// `given` come first.
    pub(crate) fn new(
        settings: &Settings,
        files: PuzzleFiles,
        wanted: Wanted,
        given: Vec<Puzzle>,
        link: Option<PuzzleLink>,
    ) -> PuzzleMode {
        let record = Record::load(&files.record);
        let unrated = if link.is_none() { given.iter().map(|p| p.id.clone()).collect() } else { HashSet::new() };
        PuzzleMode {
            shell: Shell::new(settings, Color::White),
            files,
            wanted,
            record,
            run: None,
            pending: None,
            side: Color::White,
            given: given.into(),
            link,
            wanting: false,
            skipping: false,
            practice: Vec::new(),
            engine: None,
            checking: None,
            tx: None,
            engine_path: settings.engine.clone(),
            held: None,
            streak: None,
            undone: false,
            unrated,
            retried: HashSet::new(),
        }
    }

    /// An import cut short was undone before this start: said first.
    pub(crate) fn import_undone(&mut self, undone: bool) {
        self.undone = undone;
    }

    /// The next puzzle that fits, started; or why there is none.
    fn next_puzzle(&mut self, now: u64) {
        // Only a regular file: a FIFO planted there never holds the mode.
        let online = self.link.is_some();
        let streak = self.streak_pick();
        let in_streak = streak.is_some();
        let puzzle = self.given.pop_front().or(streak.flatten()).or_else(|| {
            if in_streak {
                return None;
            }
            if online || !self.practice.is_empty() {
                return None;
            }
            let rating = self.record.rating.rating.round() as u32;
            crate::study::index::pick(&self.files.library, &self.wanted, &self.record.seen, rating)
        });
        let Some(puzzle) = puzzle else {
            if self.streak_none() {
                self.run = None;
                return;
            }
            if online {
                return self.ask_lichess();
            }
            if !self.practice.is_empty() {
                self.run = None;
                let line = self.shell.words.practice_said(PracticeSaid::Done);
                return self.shell.say_lines(vec![line]);
            }
            self.run = None;
            let line = self.shell.words.puzzle_none();
            return self.shell.say_lines(vec![line]);
        };
        self.side = puzzle.side();
        self.held = None;
        self.shell.walker = crate::ui::walk::Walker::new(self.side);
        let (start, find) = self.shell.words.puzzle_start(&puzzle.id, puzzle.rating, self.side);
        let practice = self.practice.iter().find(|p| p.puzzle.id == puzzle.id).cloned();
        self.streak_started(&puzzle);
        if practice.is_none() {
            self.shell.say_lines(vec![start]);
        }
        let (run, events) = PuzzleRun::start(puzzle, now);
        let before = *run.position();
        self.run = Some(run);
        self.events(events, now);
        let find = match practice {
            Some(p) => self.shell.words.practice_puzzle(p.number, self.side, &before, p.played),
            None => find,
        };
        self.shell.say_lines(vec![find]);
    }

    /// A move said as in a game ("Black: Bxg3"), written and in words.
    fn move_line(&mut self, before: Position, mv: Move) {
        let lines = self.shell.words.lines(&Event::Moved { before, mv });
        self.shell.say_lines(lines);
    }

    fn events(&mut self, events: Vec<PuzzleEvent>, now: u64) {
        for e in events {
            if let PuzzleEvent::Played { before, mv } | PuzzleEvent::Right { before, mv } = &e {
                self.move_line(*before, *mv);
            }
            if self.streak_event(&e, now) {
                continue;
            }
            let lines = self.shell.words.puzzle_event(&e);
            self.shell.say_lines(lines);
            match e {
                PuzzleEvent::Solved { clean, .. } => self.finished(clean),
                PuzzleEvent::SolutionShown => self.finished(false),
                _ => {}
            }
        }
    }

    /// The puzzle is over: its result kept (the rating, the puzzle seen),
    /// its themes and the new rating said.
    fn finished(&mut self, won: bool) {
        // A streak counts nothing here: no rating, no record.
        let Some(run) = self.run.as_ref().filter(|_| self.streak.is_none()) else { return };
        let puzzle = run.puzzle().clone();
        // A puzzle tried once more counts nowhere: only the way on.
        if !self.practice.is_empty() || self.retried.remove(&puzzle.id) {
            let next = self.shell.words.puzzle_next();
            return self.shell.say_lines(vec![next]);
        }
        let before = self.record.rating;
        // lichess's puzzles count on lichess's rating, and the daily
        // puzzle on none: neither moves the library's.
        let rated = self.link.is_none() && !self.unrated.contains(&puzzle.id);
        if rated {
            self.record.rating = before.after_puzzle(f64::from(puzzle.rating), won, self.wanted.theme.as_deref());
        }
        let themes = self.shell.words.puzzle_themes(&puzzle.themes);
        self.shell.say_lines(themes.into_iter().collect());
        if let Some(url) = puzzle_url(&puzzle) {
            let line = self.shell.words.puzzle_link(&url);
            self.shell.say_lines(vec![line]);
        }
        if let Some(link) = &mut self.link {
            let kept = link.keep_result(&puzzle.id, won);
            // Sent at once (with any that wait), a batch asked for when
            // this one is played out.
            let _ = link.ask(self.given.is_empty(), std::time::Instant::now());
            if let Err(e) = kept {
                let line = self.shell.words.puzzle_not_kept(crate::files::WriteProblem::of(&e));
                self.shell.say_lines(vec![line]);
            }
            if !self.skipping {
                let next = self.shell.words.puzzle_next();
                self.shell.say_lines(vec![next]);
            }
        } else if rated {
            let r = self.record.rating;
            let lines = self.shell.words.puzzle_rating(r.rating, r.rating - before.rating);
            self.shell.say_lines(lines);
        } else {
            // The daily puzzle: the way on, the rating untouched.
            let next = self.shell.words.puzzle_next();
            self.shell.say_lines(vec![next]);
        }
        let result = if won { "won" } else { "lost" };
        if let Err(e) = self.record.keep(&self.files.record, &puzzle.id, result) {
            let line = self.shell.words.puzzle_not_kept(crate::files::WriteProblem::of(&e));
            self.shell.say_lines(vec![line]);
        }
    }

    /// `rating`: the library's rating, or where lichess's is heard.
    fn say_rating(&mut self) {
        let line = if self.link.is_some() {
            self.shell.words.puzzle_rating_online()
        } else {
            self.shell.words.puzzle_rating_now(self.record.rating.rating)
        };
        self.shell.say_lines(vec![line]);
    }

    /// `themes`: once the puzzle is over (or between puzzles, the last
    /// one's); while it is on they are a hint.
    fn say_themes(&mut self) {
        let line = match &self.run {
            Some(run) if !run.is_over() => Some(self.shell.words.puzzle_themes_later()),
            Some(run) => self.shell.words.puzzle_themes(&run.puzzle().themes),
            None => None,
        };
        let line = line.unwrap_or_else(|| self.shell.words.not_in_puzzle());
        self.shell.say_lines(vec![line]);
    }

    /// `retry`: the puzzle just played, from its start, once more. It is
    /// not counted: no rating, no record, nothing posted to lichess.
    fn retry(&mut self, now: u64) {
        let line = match &self.run {
            Some(run) if !run.is_over() => self.shell.words.puzzle_retry_live(),
            Some(run) if self.streak.is_none() => {
                let puzzle = run.puzzle().clone();
                self.retried.insert(puzzle.id.clone());
                self.given.push_front(puzzle);
                let line = self.shell.words.puzzle_retry();
                self.shell.say_lines(vec![line]);
                return self.next_puzzle(now);
            }
            _ => self.shell.words.not_in_puzzle(),
        };
        self.shell.say_lines(vec![line]);
    }

    /// The puzzle in play is left unsolved: kept as seen ("skipped"),
    /// the rating unchanged.
    fn skip_puzzle(&mut self) {
        let Some(run) = self.run.take() else { return };
        let line = self.shell.words.puzzle_skipped();
        self.shell.say_lines(vec![line]);
        if let Err(e) = self.record.keep(&self.files.record, &run.puzzle().id, "skipped") {
            let line = self.shell.words.puzzle_not_kept(crate::files::WriteProblem::of(&e));
            self.shell.say_lines(vec![line]);
        }
    }

    /// The view for board questions: the position now, and the moves
    /// played in the puzzle.
    fn answer(&mut self, c: &Command) -> bool {
        let Some(run) = &self.run else { return false };
        // The moves since the puzzle's start (the opponent's first): the
        // last move and the last moves are the puzzle's.
        let (positions, moves) = run.history();
        let view = View {
            positions,
            moves,
            clock: None,
            me: Some(self.side),
            flipped: self.shell.walker.flipped,
            now: 0,
            players: None,
        };
        match self.shell.words.query(c, &view) {
            Some(lines) => {
                self.shell.answer(lines);
                true
            }
            None => false,
        }
    }

    /// `where am i`: the puzzle (its number, rating and the player's
    /// side), then whose move it is and the last move; or that it is over.
    fn where_am_i(&mut self) {
        let Some(run) = &self.run else {
            let lines = self.shell.words.puzzle_event(&PuzzleEvent::Over);
            return self.shell.answer(lines);
        };
        let puzzle = run.puzzle();
        let (start, _) = self.shell.words.puzzle_start(&puzzle.id, puzzle.rating, self.side);
        let mut lines = vec![Line::info(start.text)];
        if run.is_over() {
            lines.extend(self.shell.words.puzzle_event(&PuzzleEvent::Over));
            return self.shell.answer(lines);
        }
        let turn = run.history().0.last().map_or(self.side, |p| p.turn());
        lines.push(Line::info(self.shell.words.whose_move(turn)));
        self.shell.answer(lines);
        self.answer(&Command::LastMove);
    }

    fn carry_out(&mut self, intent: Intent, now: u64) {
        match intent {
            Intent::Move(m) => {
                self.pending = None;
                let checked = self.run.as_ref().is_some_and(|r| !r.is_over() && !r.expects(&m));
                if checked && self.practising().is_some() {
                    return self.practice_move(m, now);
                }
                // No puzzle (none fits): said as over, never silence.
                let ev = match &mut self.run {
                    Some(run) => run.play(m, now),
                    None => vec![PuzzleEvent::Over],
                };
                self.events(ev, now);
            }
            Intent::Ask(q) => {
                let lines = self.shell.words.lines(&Event::Asked(q.clone()));
                self.pending = Some(q);
                self.shell.say_lines(lines);
            }
            Intent::Refuse(why) => {
                let lines = self.shell.words.lines(&Event::Refused(why));
                self.shell.say_lines(lines);
            }
            // As a game answers: no or cancel to a question cancels it
            // (cancel always); any other answer asks the question again,
            // and with no question says so.
            Intent::Answer(a) => {
                let event = match (self.pending.take(), a) {
                    (Some(_), Answer::Cancel | Answer::No) | (None, Answer::Cancel) => Event::Cancelled,
                    (Some(q), _) => {
                        self.pending = Some(q.clone());
                        Event::Asked(q)
                    }
                    (None, _) => Event::NotDone(crate::game::NotDone::NoQuestion),
                };
                let lines = self.shell.words.lines(&event);
                self.shell.say_lines(lines);
            }
            Intent::Command(c) => self.command(c, now),
        }
    }

    fn command(&mut self, c: Command, now: u64) {
        match c {
            Command::Quit => {
                self.send_results();
                self.shell.quit();
            }
            // "hint" is the engine's best move elsewhere: here, a hint.
            Command::Engine(EngineQuestion::Best | EngineQuestion::Threat) => {
                if self.streak_refuses_hint() {
                    return;
                }
                let ev = self.run.as_mut().map(PuzzleRun::hint).unwrap_or_default();
                self.events(ev, now);
            }
            Command::Solution => {
                if self.run.as_ref().is_some_and(|r| !r.is_over()) {
                    let head = self.shell.words.puzzle_solution();
                    self.shell.say_lines(vec![head]);
                }
                let ev = self.run.as_mut().map(PuzzleRun::solution).unwrap_or_default();
                self.events(ev, now);
            }
            // Giving up a puzzle is asking for its solution.
            Command::Game(crate::speech::GameCommand::Resign) => self.command(Command::Solution, now),
            Command::Rating => self.say_rating(),
            Command::Themes => self.say_themes(),
            Command::Retry => self.retry(now),
            Command::WhereAmI => self.where_am_i(),
            Command::Time => match &self.run {
                Some(run) if !run.is_over() => {
                    let line = self.shell.words.puzzle_time_spent(run.elapsed(now));
                    self.shell.say_lines(vec![line]);
                }
                _ => {
                    let line = self.shell.words.not_in_puzzle();
                    self.shell.say_lines(vec![line]);
                }
            },
            Command::LookForward | Command::NextMistake => {
                if self.streak_next(now) {
                    return;
                }
                // A puzzle tried once more is left as it is: counted nowhere.
                if let Some(run) = self.run.take_if(|r| !r.is_over() && self.retried.contains(&r.puzzle().id)) {
                    self.retried.remove(&run.puzzle().id);
                }
                // The library's puzzle left unsolved is skipped: seen, not
                // failed (no rating change), never given again.
                if self.run.as_ref().is_some_and(|r| !r.is_over()) && self.practice.is_empty() && self.link.is_none() {
                    self.skip_puzzle();
                }
                // lichess's counts as failed there, and is posted so.
                if self.run.as_ref().is_some_and(|r| !r.is_over()) && self.practice.is_empty() {
                    let ev = vec![PuzzleEvent::SolutionShown];
                    self.skipping = true;
                    self.events(ev, now);
                    self.skipping = false;
                    self.run = None;
                }
                self.next_puzzle(now)
            }
            // The puzzle's own help, not a game's.
            Command::Help => {
                let lines = self.shell.words.puzzle_help();
                self.shell.answer(lines);
            }
            Command::Repeat => self.shell.repeat(),
            Command::Silence => self.shell.silence(),
            Command::Flip => self.shell.flip(),
            Command::Braille(view) => self.shell.braille_view(view),
            // A puzzle is solved unaided, as a game is played.
            Command::Explorer { .. } | Command::Tablebase => {
                let line = self.shell.words.lookup_not_in_game();
                self.shell.say(line, Urgency::Info);
            }
            // The engine (beyond the hint) is not asked: the real reason.
            Command::Engine(_) => {
                let line = self.shell.words.puzzle_no_engine();
                self.shell.say_lines(vec![line]);
            }
            other => {
                if !self.answer(&other) {
                    let line = self.shell.words.not_in_puzzle();
                    self.shell.say_lines(vec![line]);
                }
            }
        }
    }

    /// A routing key on a square of the Braille board: the player's
    /// piece is picked up (the same key puts it back), and the square it
    /// goes to makes the move, read as a typed one; elsewhere, what stands
    /// there is said.
    fn touch(&mut self, sq: crate::rules::Square, now: u64) {
        let pos = self.position();
        let live = self.run.as_ref().is_some_and(|r| !r.is_over());
        match self.shell.touch(&pos, self.held, sq, Some(self.side).filter(|_| live)) {
            Touched::Held(held) => self.held = held,
            Touched::Move { intent, held } => {
                self.held = held;
                self.carry_out(intent, now);
            }
            Touched::Look(sq) => self.command(Command::Square(sq), now),
        }
    }

    /// Leaving: results that wait are sent (leaving waits a little).
    fn send_results(&mut self) {
        let Some(link) = &mut self.link else { return };
        let _ = link.ask(false, std::time::Instant::now());
        // Leaving waits for lichess a little: said, never silence.
        if link.asking() {
            self.link_says(crate::ui::words::LinkSaid::Leaving(link::LEAVE_WAIT.as_secs()));
        }
    }

    fn position(&self) -> Position {
        self.run.as_ref().map_or_else(Position::start, |r| *r.position())
    }
}

/// The puzzle's page: lichess's training page of its id, on the server
/// its game came from.
fn puzzle_url(p: &Puzzle) -> Option<String> {
    let url = p.url.as_deref()?;
    let site: Vec<&str> = url.splitn(4, '/').take(3).collect();
    (site.len() == 3 && (site[0] == "https:" || site[0] == "http:"))
        .then(|| format!("{}/training/{}", site.join("/"), p.id))
}

impl Mode for PuzzleMode {
    fn shell(&mut self) -> &mut crate::ui::shell::Shell {
        &mut self.shell
    }

    fn greet(&mut self, now: u64) {
        // A kept file that could not be read, said first.
        use crate::ui::words::KeptFile;
        let record = self.shell.words.kept_damaged(KeptFile::PuzzleRecord, &self.record.found);
        let results =
            self.link.as_ref().and_then(|l| self.shell.words.kept_damaged(KeptFile::LichessResults, l.results_found()));
        let undone = self.undone.then(|| Line::info(self.shell.words.import_undone()));
        self.shell.say_lines(undone.into_iter().chain(record).chain(results).collect());
        self.streak_greet();
        if !self.practice.is_empty() {
            let line = self.shell.words.practice_start(self.practice.len());
            self.shell.say_lines(vec![line]);
        }
        self.next_puzzle(now);
    }

    fn message(&mut self, msg: Msg, now: u64) -> Option<Msg> {
        match msg {
            Msg::Puzzles(news) => self.lichess_answered(news, now),
            Msg::Analysis(crate::ui::input::AnalysisNews::Answered { lines, engine, .. }) => {
                self.engine = engine;
                let score = lines.ok().and_then(|l| l.first().map(|l| l.score));
                self.practice_checked(score, now);
            }
            other => return Some(other),
        }
        None
    }

    /// Results being sent to lichess are waited for, a little.
    fn answer_due(&self) -> Option<std::time::Instant> {
        self.link.as_ref().and_then(PuzzleLink::due)
    }

    /// Results being sent, or a move being checked, are waited for when
    /// input ends.
    fn busy(&mut self) -> bool {
        self.link.as_ref().is_some_and(PuzzleLink::asking) || self.checking.is_some()
    }

    fn input_ended(&mut self) {
        self.send_results();
    }

    fn line(&mut self, text: &str, channel: Channel, now: u64) {
        let Some(text) = self.shell.typed(text) else { return };
        if self.pending.is_none() && self.shell.words.asks_dashboard(&text) {
            return self.dashboard();
        }
        let pos = self.position();
        let intent = match &self.pending {
            Some(q) => self.shell.resolver.resolve_answer(&pos, q, &text, channel),
            None => self.shell.resolver.resolve(&pos, &text, channel),
        };
        self.carry_out(intent, now);
    }

    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let clean = crate::ui::input::clean_heard(alternatives);
        let pos = self.position();
        // An answer only from the best alternative; a move through the
        // resolver, which asks when alternatives differ.
        let intent = match &self.pending {
            Some(q) => clean.first().map_or(Intent::Answer(Answer::Cancel), |(t, _)| {
                self.shell.resolver.resolve_answer(&pos, q, t, Channel::Heard)
            }),
            None => self.shell.resolver.resolve_heard(&pos, &clean),
        };
        self.carry_out(intent, now);
    }

    /// As in a game: help, the voice switch, commands, the board walk,
    /// picking up and putting down.
    fn key(&mut self, key: BoardKey, now: u64) {
        match key {
            BoardKey::Help => self.shell.key_help(),
            BoardKey::Talk(on) => self.shell.voice_switch(on, None),
            BoardKey::Touch(sq) => self.touch(sq, now),
            // Enter or Space: the square under the cursor, as in a game.
            BoardKey::Select => self.touch(self.shell.walker.cursor, now),
            other => match key_action(other) {
                KeyAction::Command(c) => self.command(c, now),
                KeyAction::Done => {}
                KeyAction::Walk(k) => {
                    let pos = self.position();
                    self.shell.walk(&pos, self.side, k);
                }
            },
        }
    }

    /// The move's prompt ("25. White>"); between puzzles a bare ">".
    fn prompt(&mut self) -> String {
        match &self.run {
            Some(run) if !run.is_over() => self.shell.prompt(run.position(), false),
            _ => ">".into(),
        }
    }

    /// The Braille display shows the puzzle's board, whose move it is,
    /// and the piece in hand.
    fn glance(&mut self, _now: u64) -> Option<Glance> {
        let run = self.run.as_ref()?;
        let pos = *run.position();
        let holding = self.held.and_then(|sq| pos.piece_at(sq).map(|p| (p, sq)));
        // The last move played (the opponent's, or the player's), as a
        // game's status names it.
        let (positions, moves) = run.history();
        let last = moves.last().zip(positions.get(moves.len().saturating_sub(1))).map(|(mv, before)| (*before, *mv));
        let facts = crate::ui::words::StatusFacts { last, turn: pos.turn(), result: None, clocks: None, holding };
        Some(Glance {
            status: self.shell.words.glance_status(&facts),
            board: crate::ui::words::glance_board(&pos, self.shell.walker.flipped),
            moves: Vec::new(),
            at: 0,
            ticking: false,
        })
    }

    fn leave(&mut self, _now: u64) {}

    fn says_goodbye(&self) -> bool {
        true
    }
}
