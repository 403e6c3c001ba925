//! Reviewing a game by ear: the cursor in its tree of moves and
//! variations, the comments and annotations, the engine's answers, and
//! the analysis that finds the mistakes (run by the effects layer). The
//! same review runs `voxchess review FILE` and the study of a game just
//! ended.
//!
//! ```text
//! line + channel -> Resolver -> Command -> Tree / Analysis -> words -> Lines
//! ```
//!
//! May use: the shell and everything below it; never play.

mod analysis;
mod board;
mod watched;

use super::effect::{Effect, Report};
use super::input::BoardKey;
use super::output::{Glance, Line, Urgency};
use super::shell::{Front, KeyAction, Shell, Touched};
use super::words::{Fixed, StatusFacts, View, glance_board};
use crate::config::Settings;
use crate::notation::pgn::PgnGame;
use crate::online::explorer::Database;
use crate::online::lookup::Lookup;
use crate::rules::{Color, Position};
use crate::speech::{Channel, Command, EngineQuestion, Intent, Question};
use crate::study::judge::Analysis;
use crate::study::tree::{Cursor, Stop, Tree};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Progress lines come at most this often (ms): a pace one can listen to.
const PROGRESS_EVERY_MS: u64 = 4_000;

/// The analysis in the background.
enum Work {
    Idle,
    Running {
        stop: Arc<AtomicBool>,
        /// When the last progress line was said (ms).
        said_at: u64,
    },
}

/// One game under review.
pub(crate) struct Review {
    tree: Tree,
    cursor: Cursor,
    game: PgnGame,
    /// Lines said first (players, result, which game of the file).
    header: Vec<String>,
    shell: Shell,
    analysis: Option<Analysis>,
    work: Work,
    /// The engine program the settings name (None: Stockfish, if found).
    engine_path: Option<std::path::PathBuf>,
    /// Commands that wait for the analysis to end (next mistake, save).
    deferred: Vec<(Command, Channel)>,
    /// The file's name without its extension, for saved copies.
    stem: String,
    /// The player's side, in the study of their game (None: a file's
    /// game, both sides' mistakes are practised).
    me: Option<Color>,
    /// Mistakes to practise as puzzles, for the mode to enter.
    practice: Option<Vec<crate::study::practice::Practice>>,
    /// The session's settings (for the modes entered from here).
    settings: Settings,
    /// A game watched as it is played: its clocks.
    live: Option<Live>,
    /// The game watched goes on: its own moves are the main line, which
    /// the player's lines never extend or replace.
    ongoing: bool,
    /// The last opening named (its words): a step forward to a position
    /// of another name says it.
    opening_said: Option<String>,
    /// The openings a game watched has reached: each said once.
    openings_watched: std::collections::HashSet<String>,
    /// A question waiting for its answer.
    asked: Option<Asked>,
    /// `play best` asked the engine about this position: its first choice
    /// is played there.
    best_for: Option<Position>,
    /// Lines of the player's own were played, deleted or promoted since
    /// the last save.
    changed: bool,
    /// Leaving with them unsaved was said once: the next quit leaves.
    quit_warned: bool,
    /// `play from here` asked for: the mode starts that game.
    play_from: Option<PlayFrom>,
    /// `setup` asked: the position in view, to set up from.
    setup: Option<Position>,
    /// `rematch` asked after a game on lichess: for the lobby to send.
    rematch: Option<crate::online::Rematch>,
    /// A rematch was asked for after this game (one challenge a game).
    rematch_asked: bool,
    /// Another chapter asked for, for the mode to open.
    chapter: Option<ChapterStep>,
    /// A piece picked up by a routing key, at the cursor it was picked
    /// up at (moving the cursor puts it back).
    held: Option<(crate::rules::Square, Cursor)>,
}

/// Another chapter (or game of the file) asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChapterStep {
    /// Chapter N, from 1.
    To(u32),
    /// The next one.
    Next,
    /// The one before.
    Previous,
    /// The list, said.
    List,
}

/// A game asked for from the position in view.
pub(crate) struct PlayFrom {
    /// Where it starts.
    pub(crate) position: Position,
    /// The settings it is played with (level, opponent, time control).
    pub(crate) settings: Settings,
    /// The time control asked for (None: the settings').
    pub(crate) controls: Option<crate::clock::Controls>,
}

/// A question the review waits on.
enum Asked {
    /// Which move was meant (heard, or doubtful): the answer plays it.
    Move(Question),
    /// `delete line`: yes deletes the line in view.
    Delete,
}

/// The clocks of a game watched, as the server last gave them.
#[derive(Clone, Copy, Debug)]
struct Live {
    /// White's and Black's time (ms) when they were given (None: the
    /// game watched shows no clocks).
    clocks: Option<[u64; 2]>,
    /// When they were given (ms).
    at: u64,
}

impl Live {
    /// The clocks now: the side to move's runs.
    fn now(&self, turn: Color, now: u64) -> Option<[u64; 2]> {
        let mut c = self.clocks?;
        let i = usize::from(turn == Color::Black);
        c[i] = c[i].saturating_sub(now.saturating_sub(self.at));
        Some(c)
    }
}

impl Review {
    /// A review of `game` (game `number` of `total` in its file), at its start.
    pub(crate) fn new(game: PgnGame, settings: &Settings, number: usize, total: usize, stem: &str) -> Review {
        let tree = Tree::of(&game);
        crate::study::openings::warm();
        let shell = Shell::new(settings, Color::White);
        let header = shell.words.header(&game, number, total);
        Review {
            cursor: tree.root(),
            tree,
            header,
            shell,
            analysis: None,
            work: Work::Idle,
            engine_path: settings.engine.clone(),
            deferred: Vec::new(),
            stem: stem.to_string(),
            game,
            me: None,
            practice: None,
            settings: settings.clone(),
            live: None,
            ongoing: false,
            opening_said: None,
            openings_watched: std::collections::HashSet::new(),
            asked: None,
            best_for: None,
            changed: false,
            quit_warned: false,
            play_from: None,
            setup: None,
            rematch: None,
            rematch_asked: false,
            chapter: None,
            held: None,
        }
    }

    /// The session's settings.
    pub(crate) fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The mistakes to practise, asked for (taken once).
    pub(crate) fn take_practice(&mut self) -> Option<Vec<crate::study::practice::Practice>> {
        self.practice.take()
    }

    /// The study of a game just ended: at its last move, saying it can be
    /// studied now.
    pub(crate) fn after_game(game: PgnGame, settings: &Settings, stem: &str, me: Option<Color>) -> Review {
        let mut review = Review::new(game, settings, 1, 1, stem);
        review.me = me;
        review.cursor = review.tree.end(review.tree.root());
        let text = review.shell.words.fixed(Fixed::AfterGame);
        review.shell.say(text, Urgency::Info);
        review
    }

    fn say_all<L: Into<Line>>(&mut self, lines: Vec<L>) {
        for l in lines {
            self.shell.tell(l);
        }
    }

    /// A step forward reached `pos`: its opening is said when it has a
    /// name other than the last said.
    /// The opening a game watched reaches, said the first time only (a
    /// position repeated, or a flood of moves, says nothing again).
    fn opening_watched(&mut self, pos: &Position) {
        let Some(line) = crate::study::openings::named(pos).and_then(|o| self.shell.words.opening(o)) else { return };
        if self.openings_watched.insert(line.text.clone()) {
            self.shell.say_lines(vec![line]);
        }
    }

    fn opening_reached(&mut self, pos: &Position) {
        let Some(line) = crate::study::openings::named(pos).and_then(|o| self.shell.words.opening(o)) else { return };
        if self.opening_said.as_deref() != Some(line.text.as_str()) {
            self.opening_said = Some(line.text.clone());
            self.shell.say_lines(vec![line]);
        }
    }

    /// Moves the cursor and says where it is now, or says why not.
    fn go(&mut self, to: Result<Cursor, Stop>) {
        match to {
            Ok(c) => {
                let forward = self.tree.path(c).1.len() > self.tree.path(self.cursor).1.len();
                self.cursor = c;
                let lines = self.shell.words.here(&self.tree, self.cursor, self.ongoing);
                self.say_all(lines);
                if forward {
                    self.opening_reached(&self.tree.position(c));
                }
            }
            Err(stop) => {
                let text = self.shell.words.stop(stop, self.cursor.line == 0);
                self.shell.tell(text);
            }
        }
    }

    fn running(&self) -> bool {
        matches!(self.work, Work::Running { .. })
    }

    fn command(&mut self, c: Command, channel: Channel) {
        match c {
            Command::Help => {
                let help = self.shell.words.study_help();
                self.shell.show(help);
            }
            Command::LookBack => self.go(self.tree.back(self.cursor)),
            Command::LookForward => self.go(self.tree.next(self.cursor)),
            Command::GoStart => self.go(Ok(self.tree.root())),
            Command::GoEnd | Command::LookLive => self.go(Ok(self.tree.end(self.cursor))),
            Command::GoTo { number, color } => self.go(self.tree.go_to(self.cursor, number, color)),
            Command::Variation(n) => {
                let entered = self.tree.enter(self.cursor, n as usize);
                if entered.is_ok() {
                    let text = self.shell.words.entered(n);
                    self.shell.tell(text);
                }
                self.go(entered);
            }
            Command::MainLine => {
                let left = self.tree.leave(self.cursor);
                if let Ok(to) = left {
                    let (depth, number) = self.tree.depth(to);
                    let text = self.shell.words.left(depth, number);
                    self.shell.tell(text);
                }
                self.go(left);
            }
            Command::Variations => {
                let text = self.shell.words.variations(&self.tree, self.cursor);
                self.shell.tell(text);
            }
            Command::WhereAmI => {
                let text = self.shell.words.where_am_i(&self.tree, self.cursor);
                self.shell.tell(text);
            }
            Command::Comment => {
                let lines = self.shell.words.here(&self.tree, self.cursor, self.ongoing);
                self.say_all(lines);
            }
            Command::Repeat => self.shell.repeat(),
            Command::Flip => self.shell.flip(),
            Command::Braille(view) => self.shell.braille_view(view),
            Command::Silence => {
                self.shell.silence();
                if let Work::Running { stop, .. } = &self.work {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            // Questions waiting for the analysis are answered first.
            Command::Quit if self.running() && !self.deferred.is_empty() => self.defer(c, channel),
            Command::Quit if self.changed && !self.quit_warned => {
                self.quit_warned = true;
                let text = self.shell.words.fixed(Fixed::LinesNotSaved);
                self.shell.say(text, Urgency::Urgent);
            }
            Command::Quit => self.shell.quit(),
            Command::Engine(_)
            | Command::NextMistake
            | Command::PreviousMistake
            | Command::Practise
            | Command::Save
            | Command::PlayBest
            | Command::PromoteLine
                if self.running() =>
            {
                self.defer(c, channel)
            }
            Command::Engine(question) => {
                let asked = self.tree.position(self.cursor);
                self.shell.request(Effect::AskEngine(question, asked));
            }
            Command::Explorer { lichess } => {
                let db = if lichess { Database::Lichess } else { Database::Masters };
                self.shell.request(Effect::Lookup(Lookup::Explorer(db), self.tree.position(self.cursor)));
            }
            Command::Tablebase => {
                self.shell.request(Effect::Lookup(Lookup::Tablebase, self.tree.position(self.cursor)))
            }
            Command::Analyse => self.analyse(),
            Command::NextMistake => self.mistake(true),
            Command::Practise => self.practise(),
            Command::PreviousMistake => self.mistake(false),
            Command::Save => self.save(),
            Command::PlayBest => {
                let asked = self.tree.position(self.cursor);
                self.best_for = Some(asked);
                self.shell.request(Effect::AskEngine(EngineQuestion::Best, asked));
            }
            Command::DeleteLine => self.ask_delete(),
            Command::PlayFromHere { level, human, control } => self.play_from_here(level, human, control),
            Command::Setup => self.setup = Some(self.tree.position(self.cursor)),
            Command::Rematch => match self.me.and_then(|me| crate::online::rematch_of(&self.game, me)) {
                // One challenge a game: asked again, said, not sent again.
                Some(_) if self.rematch_asked => self.shell.tell(self.shell.words.fixed(Fixed::RematchAsked)),
                Some(r) => {
                    self.rematch_asked = true;
                    self.rematch = Some(r);
                }
                None => self.shell.tell(self.shell.words.fixed(Fixed::RematchNone)),
            },
            Command::Chapter(n) => self.chapter = Some(ChapterStep::To(n)),
            Command::NextChapter => self.chapter = Some(ChapterStep::Next),
            Command::PreviousChapter => self.chapter = Some(ChapterStep::Previous),
            Command::Chapters => self.chapter = Some(ChapterStep::List),
            Command::Time => {
                let at = self.tree.path(self.cursor).1.len();
                let start = crate::study::clocks::control(self.game.tag("TimeControl")).map(|(base, _)| base);
                let lines = match start {
                    // Before any move: the starting clocks.
                    Some(start) if at == 0 => self.shell.words.starting_clocks(start),
                    _ => self.shell.words.clocks_at(&self.thinks(self.cursor), at),
                };
                self.shell.answer(lines);
            }
            Command::SlowestMoves => {
                let lines = self.shell.words.slowest(&self.thinks(self.tree.end(self.cursor)));
                self.shell.answer(lines);
            }
            Command::PromoteLine => self.promote(),
            Command::StopListening | Command::StartListening => {
                self.shell.voice_switch(None, Some(c == Command::StartListening));
            }
            Command::Game(_) => {
                let text = self.shell.words.fixed(Fixed::NotInGame);
                self.shell.tell(text);
            }
            other => {
                let (positions, moves) = self.tree.path(self.cursor);
                let view = View {
                    positions: &positions,
                    moves: &moves,
                    clock: None,
                    me: None,
                    flipped: self.shell.walker.flipped,
                    now: 0,
                    players: None,
                };
                let lines = self.shell.words.query(&other, &view).unwrap_or_default();
                self.shell.answer(lines);
            }
        }
    }
}

impl Front for Review {
    fn shell(&mut self) -> &mut Shell {
        &mut self.shell
    }

    fn shell_ref(&self) -> &Shell {
        &self.shell
    }

    fn greet(&mut self, _now: u64) {
        let header = self.header.clone();
        self.say_all(header);
        if self.live.is_some() {
            // The header said where the game watched is.
            let help = self.shell.words.fixed(Fixed::TypeHelp);
            return self.shell.tell(help);
        }
        let here = self.shell.words.here(&self.tree, self.cursor, self.ongoing);
        self.say_all(here);
        let help = self.shell.words.fixed(Fixed::TypeHelp);
        self.shell.tell(help);
    }

    fn resolve(&self, text: &str, channel: Channel) -> Intent {
        let pos = self.tree.position(self.cursor);
        match &self.asked {
            Some(Asked::Move(q)) => self.shell.resolver.resolve_answer(&pos, q, text, channel),
            _ => self.shell.resolver.resolve(&pos, text, channel),
        }
    }

    fn resolve_heard(&mut self, clean: &[(String, f32)], _now: u64) -> Intent {
        let pos = self.tree.position(self.cursor);
        let resolver = &self.shell.resolver;
        let intent = match &self.asked {
            Some(Asked::Move(q)) => resolver.resolve_heard_answer(&pos, q, clean),
            _ => Some(resolver.resolve_heard(&pos, clean)),
        };
        intent.unwrap_or(Intent::Refuse(crate::speech::Refusal::NothingHeard))
    }

    fn carry_out(&mut self, intent: Intent, channel: Channel, now: u64) {
        match intent {
            // A game watched has clocks.
            Intent::Command(Command::Time)
                if let Some(clocks) = self.live.and_then(|l| l.now(self.game.final_position().turn(), now)) =>
            {
                let lines = self.shell.words.watch_clocks(clocks);
                self.shell.answer(lines);
            }
            // A command leaves a question waiting; a move, an answer or
            // another question ends it.
            Intent::Command(c) => {
                let asked = self.asked.take();
                self.command(c, channel);
                self.asked = self.asked.take().or(asked);
            }
            Intent::Move(mv) => {
                self.asked = None;
                self.moved(mv);
            }
            Intent::Ask(q) => {
                self.asked = None;
                self.ask(q);
            }
            Intent::Answer(a) => {
                let asked = self.asked.take();
                self.answered(a, asked);
            }
            Intent::Refuse(why) => {
                let text = self.shell.words.refusal(&why);
                self.shell.tell(text);
            }
        }
    }

    /// Keys step through the tree; the clock key says where the cursor is.
    fn own_key(&mut self, key: BoardKey, now: u64) -> Option<KeyAction> {
        match key {
            BoardKey::Last => Some(KeyAction::Command(Command::GoEnd)),
            BoardKey::Time => Some(KeyAction::Command(Command::WhereAmI)),
            // A finger on a square: the side to move's piece is picked up,
            // and put down where a move takes it, as in a game.
            BoardKey::Touch(sq) => {
                let pos = self.tree.position(self.cursor);
                let held = self.held.filter(|(_, c)| *c == self.cursor).map(|(s, _)| s);
                match self.shell.touch(&pos, held, sq, Some(pos.turn())) {
                    Touched::Held(h) => self.held = h.map(|s| (s, self.cursor)),
                    Touched::Move { intent, held } => {
                        self.held = held.map(|s| (s, self.cursor));
                        self.carry_out(intent, Channel::Typed, now);
                    }
                    Touched::Look(sq) => self.command(Command::Square(sq), Channel::Typed),
                }
                Some(KeyAction::Done)
            }
            // A finger on a move of the list: that position.
            BoardKey::Ply(k) => {
                let end = self.tree.end(self.cursor);
                self.go(Ok(self.tree.along(end, k)));
                Some(KeyAction::Done)
            }
            _ => None,
        }
    }

    /// The position at the cursor; the moves of its line to its end.
    fn glance(&self, now: u64) -> Glance {
        let pos = self.tree.position(self.cursor);
        let (positions, moves) = self.tree.path(self.tree.end(self.cursor));
        let at = self.tree.path(self.cursor).1.len();
        let last = at.checked_sub(1).map(|i| (positions[i], moves[i]));
        let clocks = self.live.and_then(|l| l.now(self.game.final_position().turn(), now)).map(|[w, b]| (w, b));
        let facts = StatusFacts { last, turn: pos.turn(), result: None, clocks, holding: None };
        let words = &self.shell.words;
        Glance {
            status: words.glance_status(&facts),
            board: glance_board(&pos, self.shell.walker.flipped),
            moves: words.move_items(&positions, &moves),
            at,
            ticking: self.live.is_some(),
        }
    }

    fn walk_view(&self, _now: u64) -> (Position, Color) {
        let pos = self.tree.position(self.cursor);
        (pos, pos.turn())
    }

    fn report(&mut self, report: Report, now: u64) {
        match report {
            Report::Answered(answer) => {
                let here = self.tree.position(self.cursor);
                let lines = self.shell.words.answer(&answer, &here);
                self.say_all(lines.into_iter().map(|l| l.text).collect());
                // `play best`: the first choice, if the position is still
                // in view.
                let wanted = answer.question == EngineQuestion::Best && self.best_for == Some(answer.asked);
                if wanted {
                    self.best_for = None;
                    let best = answer.lines.as_ref().ok().and_then(|l| l.first()).and_then(|l| l.moves.first());
                    if let Some(mv) = best.filter(|_| answer.asked == here) {
                        self.moved(*mv);
                    }
                }
            }
            Report::Saved(result) => {
                if matches!(result, crate::ui::effect::SaveResult::Written { .. }) {
                    self.changed = false;
                }
                self.shell.show(self.shell.words.saved(&result));
            }
            Report::Evaluated(i, result) => self.evaluated(i, result, now),
            Report::AnalysisEnded => self.analysis_ended(),
            Report::Looked(looked) => {
                let lines = self.shell.words.looked(&looked, &self.tree.position(self.cursor));
                self.shell.say_lines(lines);
            }
        }
    }

    fn prompt(&self) -> String {
        self.shell.prompt(&self.tree.position(self.cursor), false)
    }

    fn busy(&self) -> bool {
        self.running()
    }

    /// Nothing is kept; the goodbye is the session's, when voxchess ends.
    fn leave(&mut self, _now: u64) {}
}

#[cfg(test)]
mod tests {
    use super::{Front, Review};
    use crate::notation::{NotationLang, pgn::read_pgn};
    use crate::ui::effect::Effect;

    fn texts(r: &mut Review) -> Vec<String> {
        r.shell().take_output().into_iter().map(|l| l.text.replace(crate::ui::output::GLUE, " ")).collect()
    }

    fn review(pgn: &str) -> Review {
        let game = read_pgn(pgn, NotationLang::English, None).expect("pgn").remove(0);
        Review::new(game, &crate::config::Settings::default(), 1, 1, "game")
    }

    fn typed(r: &mut Review, line: &str) -> Vec<String> {
        r.handle_line(line, crate::speech::Channel::Typed, 0);
        texts(r)
    }

    /// Moves of the player's own begin a line and go on in it; an illegal
    /// one is explained and changes nothing; `delete line` is asked first.
    #[test]
    fn own_lines_are_played_refused_and_deleted() {
        let mut r = review("1. e4 e5 2. Nf3 *");
        typed(&mut r, "next");
        assert_eq!(typed(&mut r, "c5"), ["New line: 1. Black: c5.", "Opening: Sicilian Defense, B20."]);
        assert_eq!(typed(&mut r, "Nc3")[0], "2. White: Nc3.");
        let refused = typed(&mut r, "Ke3");
        assert!(refused.iter().all(|l| !l.contains("New line")), "{refused:?}");
        assert_eq!(r.tree.position(r.cursor).fullmoves(), 2, "nothing was played");
        assert_eq!(typed(&mut r, "delete line"), ["1. Black: c5. Delete this line? Yes or no."]);
        assert_eq!(typed(&mut r, "no"), ["The line stays."]);
        typed(&mut r, "delete line");
        let said = typed(&mut r, "yes");
        assert_eq!(said.first().map(String::as_str), Some("Line deleted."), "{said:?}");
        assert_eq!(r.cursor, r.tree.next(r.tree.root()).unwrap());
        assert_eq!(typed(&mut r, "delete line"), ["This is the main line: only a variation can be deleted."]);
        // At the end of the main line a move goes on there.
        typed(&mut r, "end");
        assert_eq!(typed(&mut r, "Nc6")[0], "2. Black: Nc6.");
    }

    /// A line promoted is the main line, and `save` writes every line.
    #[test]
    fn a_promoted_line_is_saved_as_the_main_line() {
        let mut r = review("1. e4 e5 2. Nf3 *");
        typed(&mut r, "next");
        typed(&mut r, "c5");
        assert_eq!(typed(&mut r, "promote line"), ["This line is the main line now."]);
        assert_eq!(typed(&mut r, "where am i"), ["1. Black: c5. In the main line."]);
        typed(&mut r, "save");
        let pgn = r.shell().take_effects().into_iter().find_map(|e| match e {
            Effect::WriteScore { pgn, .. } => Some(pgn),
            _ => None,
        });
        let pgn = pgn.expect("a file written");
        assert!(pgn.contains("1. e4 c5 (1... e5 2. Nf3) *"), "{pgn}");
        // Leaving with lines unsaved is said once.
        assert_eq!(typed(&mut r, "quit").len(), 1);
        typed(&mut r, "quit");
        assert!(r.shell().wants_quit());
    }

    /// A game watched as it goes on: a move at its live end is refused;
    /// one from an earlier move is a line, kept when the game's moves
    /// come; the main line is the game's until it ends.
    #[test]
    fn a_watched_game_keeps_its_main_line_and_the_players_lines() {
        use crate::rules::Position;
        let settings = crate::config::Settings::default();
        let mut r = Review::watching(&settings, Vec::new(), Position::start(), None, 0);
        let e4 = crate::notation::read_move(&Position::start(), "e4", NotationLang::English).expect("e4");
        r.watched(e4, [60_000, 60_000], 0);
        texts(&mut r);
        assert_eq!(typed(&mut r, "e5"), ["The game goes on: a line of your own starts from an earlier move."]);
        typed(&mut r, "back");
        assert_eq!(typed(&mut r, "d4")[0], "New line: 1. White: d4.");
        let after = r.tree.position(r.tree.end(r.tree.root()));
        let c5 = crate::notation::read_move(&after, "c5", NotationLang::English).expect("c5");
        r.watched(c5, [60_000, 60_000], 0);
        texts(&mut r);
        assert_eq!(r.tree.pgn_moves(0).len(), 2, "the game's moves are the main line");
        assert_eq!(r.tree.pgn_moves(0)[0].notes().variations.len(), 1, "the player's line is kept");
        assert_eq!(typed(&mut r, "promote line"), ["The game goes on: its own moves stay the main line."]);
        r.ended();
        assert_eq!(typed(&mut r, "promote line"), ["This line is the main line now."]);
        // The game's moves jump elsewhere: the line that has no place
        // there any more is said to be let go.
        let nf3 = crate::notation::read_move(&Position::start(), "Nf3", NotationLang::English).expect("Nf3");
        r.jumped(Position::start().play(&nf3).expect("legal"), [60_000, 60_000], 0);
        let said = texts(&mut r);
        assert!(said.iter().any(|l| l.ends_with("were let go: 1 variation.")), "{said:?}");
    }

    /// Korean asks about every heard move; in a review the move heard is
    /// the next one, so it is a step (nothing is played); another is
    /// asked about, and played on yes.
    #[test]
    fn a_heard_next_move_steps_in_a_korean_review() {
        let game = read_pgn("1. e4 e5 *", NotationLang::English, None).expect("pgn").remove(0);
        let settings = crate::config::Settings { lang: crate::speech::SpeechLang::Korean, ..Default::default() };
        let mut r = Review::new(game, &settings, 1, 1, "game");
        r.handle_heard(&[("이 사".to_string(), 1.0)], 0);
        let said = texts(&mut r);
        assert_eq!(said.first().map(String::as_str), Some("1. 백: e4."), "{said:?}");
        // d5 is no next move here: asked about (Korean confirms every
        // heard move), and played as a line of the player's own on yes.
        r.handle_heard(&[("디 오".to_string(), 1.0)], 0);
        let said = texts(&mut r);
        assert!(said.iter().any(|l| l.starts_with("d5?")), "{said:?}");
        r.handle_heard(&[("네".to_string(), 1.0)], 0);
        let said = texts(&mut r);
        assert_eq!(said.first().map(String::as_str), Some("새 변화: 1. 흑: d5."), "{said:?}");
    }
}
