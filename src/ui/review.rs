//! Reviewing a game by ear: stepping through its moves and variations,
//! hearing the comments and annotations, asking the engine, and finding
//! the mistakes. The same reviewer runs `voxchess review FILE` and the
//! study of a game just ended.
//!
//! ```text
//! line + channel -> Resolver -> Command -> Tree / Analysis -> words -> Lines
//! ```

use super::client::{Line, Urgency, answer_engine};
use super::narrator::{Narrator, View, file_name, say_score};
use super::session::{BoardKey, Done, Front, Job, Msg};
use super::walk::Walker;
use crate::config::Settings;
use crate::engine::analysis::{Analyse, Limit};
use crate::game::{Event, OpponentFailure, Saving, WriteProblem, write_new_numbered};
use crate::notation::pgn::{PgnGame, write_pgn};
use crate::notation::{SanOptions, write_san};
use crate::rules::{Color, Move, Position};
use crate::speech::grammar::render;
use crate::speech::lexicon::fill;
use crate::speech::say_board::say_to_move;
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::speech::{Channel, Command, Intent, Lexicon, Resolver, Style, say_move};
use crate::study::judge::{Analysis, Evaluated, Judged};
use crate::study::tree::{Cursor, Stop, Tree};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The depth every position is analysed to: the same strength on any
/// machine (Stockfish 15.1 on one core here: about 0.1 s a position).
const ANALYSIS_DEPTH: u32 = 14;

/// Progress lines come at most this often (ms): a pace one can listen to.
const PROGRESS_EVERY_MS: u64 = 4_000;

/// The analysis in the background.
enum Work {
    Idle,
    /// Asked for; the thread starts on the loop's next turn.
    Wanted,
    Running {
        stop: Arc<AtomicBool>,
        /// When the last progress line was said (ms).
        said_at: u64,
    },
}

/// One game under review.
pub(crate) struct Reviewer {
    tree: Tree,
    cursor: Cursor,
    game: PgnGame,
    /// Lines said first (players, result, which game of the file).
    header: Vec<String>,
    lex: &'static Lexicon,
    narrator: Narrator,
    resolver: Resolver,
    style: Style,
    walker: Walker,
    engine_path: Option<PathBuf>,
    analyst: Option<Box<dyn Analyse>>,
    analysis: Option<Analysis>,
    work: Work,
    /// Commands that wait for the analysis to end (next mistake, save).
    deferred: Vec<(Command, Channel)>,
    /// The file's name without its extension, for saved copies.
    stem: String,
    silence: bool,
    quit: bool,
    last_said: String,
    out: Vec<Line>,
}

/// Comments as they are said: PGN commands ([%clk 0:03:00]) left out,
/// spaces and line ends made single spaces.
fn comment_text(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("[%") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find(']').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Reviewer {
    /// A review of `game` (game `number` of `total` in its file), at its start.
    pub(crate) fn new(game: PgnGame, settings: &Settings, number: usize, total: usize, stem: &str) -> Reviewer {
        let lex = Lexicon::get(settings.lang);
        let mut resolver = Resolver::new(settings.lang);
        resolver.style = settings.style;
        let tree = Tree::of(&game);
        let mut reviewer = Reviewer {
            cursor: tree.root(),
            tree,
            header: Vec::new(),
            lex,
            narrator: Narrator::new(lex, settings.style),
            resolver,
            style: settings.style,
            walker: Walker::new(Color::White),
            engine_path: settings.engine.clone(),
            analyst: None,
            analysis: None,
            work: Work::Idle,
            deferred: Vec::new(),
            stem: stem.to_string(),
            silence: false,
            quit: false,
            last_said: String::new(),
            out: Vec::new(),
            game,
        };
        reviewer.header = reviewer.header_lines(number, total);
        reviewer
    }

    /// Moves the cursor to the end of the main line (the study of a game
    /// just ended starts at its last move).
    pub(crate) fn at_end(mut self) -> Reviewer {
        self.cursor = self.tree.end(self.tree.root());
        self
    }

    fn header_lines(&self, number: usize, total: usize) -> Vec<String> {
        let s = &self.lex.study;
        let mut lines = Vec::new();
        if total > 1 {
            lines.push(fill(&s.game_of, &[("n", number.to_string()), ("total", total.to_string())]));
        }
        let tag = |name: &str| self.game.tag(name).filter(|v| !v.trim().is_empty() && *v != "?").map(str::to_string);
        let white = tag("White").unwrap_or_else(|| color_name(self.lex, Color::White).to_string());
        let black = tag("Black").unwrap_or_else(|| color_name(self.lex, Color::Black).to_string());
        let result = match self.game.result.as_str() {
            "1-0" => &s.result_white,
            "0-1" => &s.result_black,
            "1/2-1/2" => &s.result_draw,
            _ => &s.result_open,
        };
        let moves = self.game.moves.len().div_ceil(2) as u64;
        let count = unit(self.lex, &self.lex.engine.r#move, moves);
        lines
            .push(fill(&s.opened, &[("white", white), ("black", black), ("count", count), ("result", result.clone())]));
        if let Some(event) = tag("Event") {
            let date = tag("Date").unwrap_or_default().replace(".??", "");
            let line = if date.is_empty() || date.starts_with('?') {
                format!("{event}.")
            } else {
                fill(&s.event, &[("event", event), ("date", date)])
            };
            lines.push(line);
        }
        lines
    }

    fn say(&mut self, text: impl Into<String>) {
        let text = super::plain::clean(&text.into());
        if text.is_empty() {
            return;
        }
        self.last_said = text.clone();
        self.out.push(Line { text, urgency: Urgency::Info });
    }

    fn say_all(&mut self, lines: Vec<String>) {
        for l in lines {
            self.say(l);
        }
    }

    /// The move of `node` as a step: "12. White: knight f3."
    fn step_words(&self, before: &Position, mv: &Move) -> String {
        let words = say_move(self.lex, before, mv, self.style);
        let side = color_name(self.lex, before.turn()).to_string();
        fill(&self.lex.study.step, &[("n", before.fullmoves().to_string()), ("side", side), ("move", words)])
    }

    /// Everything about the position in view: the move that led here, its
    /// annotations and comments, the end of the line, variations ahead.
    fn here(&self) -> Vec<String> {
        let s = &self.lex.study;
        let mut lines = Vec::new();
        match self.tree.last_node(self.cursor) {
            None => {
                let to_move = say_to_move(self.lex, self.tree.start.turn());
                lines.push(fill(&s.start, &[("to_move", to_move)]));
                lines.extend(self.tree.comments.iter().filter_map(|c| self.comment_words(c)));
            }
            Some(node) => {
                lines.extend(node.comments_before.iter().filter_map(|c| self.comment_words(c)));
                lines.push(self.step_words(&node.before, &node.mv));
                lines.extend(node.nags.iter().map(|n| self.nag_words(*n)));
                lines.extend(node.comments.iter().filter_map(|c| self.comment_words(c)));
                if self.tree.next_node(self.cursor).is_none() {
                    let end = if self.cursor.line == 0 { &s.end_of_game } else { &s.end_of_variation };
                    lines.push(end.clone());
                }
            }
        }
        if let Some(next) = self.tree.next_node(self.cursor)
            && !next.variations.is_empty()
        {
            let count = unit(self.lex, &s.variation, next.variations.len() as u64);
            lines.push(fill(&s.variations_here, &[("count", count)]));
        }
        lines
    }

    /// A comment as said ("Comment: ..."); None when nothing is left of
    /// it (a comment of PGN commands only).
    fn comment_words(&self, text: &str) -> Option<String> {
        let text = comment_text(text);
        (!text.is_empty()).then(|| fill(&self.lex.study.comment, &[("text", text)]))
    }

    fn nag_words(&self, nag: u8) -> String {
        let s = &self.lex.study;
        s.nags.get(&nag.to_string()).cloned().unwrap_or_else(|| fill(&s.nag_other, &[("n", nag.to_string())]))
    }

    fn stop_words(&self, stop: Stop) -> String {
        let s = &self.lex.study;
        match stop {
            Stop::AtStart => self.lex.client.at_start.clone(),
            Stop::AtEnd if self.cursor.line == 0 => s.end_of_game.clone(),
            Stop::AtEnd => s.end_of_variation.clone(),
            Stop::InMainLine => s.in_main.clone(),
            Stop::NoVariation(n) => fill(&s.no_variation, &[("n", n.to_string())]),
            Stop::NoSuchMove(n, color) => render(
                &s.no_such_move,
                &[
                    ("n", crate::speech::grammar::Arg::Text(&n.to_string())),
                    ("side", self.lex.side(color.unwrap_or(Color::White))),
                ],
            ),
        }
    }

    /// Moves the cursor and says where it is now, or says why not.
    fn go(&mut self, to: Result<Cursor, Stop>) {
        match to {
            Ok(c) => {
                self.cursor = c;
                let lines = self.here();
                self.say_all(lines);
            }
            Err(stop) => {
                let text = self.stop_words(stop);
                self.say(text);
            }
        }
    }

    fn command(&mut self, c: Command, channel: Channel) {
        let s = &self.lex.study;
        let running = matches!(self.work, Work::Running { .. } | Work::Wanted);
        match c {
            Command::Help => {
                let help = s.help.clone();
                self.say_all(help);
            }
            Command::LookBack => self.go(self.tree.back(self.cursor)),
            Command::LookForward => self.go(self.tree.next(self.cursor)),
            Command::GoStart => self.go(Ok(self.tree.root())),
            Command::GoEnd | Command::LookLive => self.go(Ok(self.tree.end(self.cursor))),
            Command::GoTo { number, color } => self.go(self.tree.go_to(self.cursor, number, color)),
            Command::Variation(n) => {
                let entered = self.tree.enter(self.cursor, n as usize);
                if entered.is_ok() {
                    let text = fill(&s.entered, &[("n", n.to_string())]);
                    self.say(text);
                }
                self.go(entered);
            }
            Command::MainLine => {
                let left = self.tree.leave(self.cursor);
                if let Ok(to) = left {
                    let (depth, number) = self.tree.depth(to);
                    let text = if depth == 0 {
                        s.left_main.clone()
                    } else {
                        fill(&s.left_variation, &[("n", number.to_string())])
                    };
                    self.say(text);
                }
                self.go(left);
            }
            Command::Variations => self.variations(),
            Command::WhereAmI => self.where_am_i(),
            Command::Comment => {
                let lines = self.here();
                self.say_all(lines);
            }
            Command::Repeat => {
                let last = self.last_said.clone();
                self.say(last);
            }
            Command::Flip => {
                self.walker.flipped = !self.walker.flipped;
                let side = if self.walker.flipped { Color::Black } else { Color::White };
                let text = render(&self.lex.client.board_from, &[("side", self.lex.side(side))]);
                self.say(text);
            }
            Command::Silence => {
                self.silence = true;
                match &self.work {
                    Work::Running { stop, .. } => stop.store(true, Ordering::Relaxed),
                    Work::Wanted => {
                        self.work = Work::Idle;
                        let (_, total) = self.move_numbers(0);
                        let text = fill(&s.analyse_stopped, &[("n", "0".into()), ("total", total.to_string())]);
                        self.say(text);
                    }
                    Work::Idle => {}
                }
            }
            // Questions waiting for the analysis are answered first.
            Command::Quit if running && !self.deferred.is_empty() => self.defer(c, channel),
            Command::Quit => self.quit = true,
            Command::Engine(question) => {
                if running {
                    self.defer(c, channel);
                    return;
                }
                let asked = self.tree.position(self.cursor);
                let event = answer_engine(&mut self.analyst, self.engine_path.clone(), question, asked);
                for l in self.narrator.lines(&event) {
                    self.say(l.text);
                }
            }
            Command::Analyse => self.analyse(),
            Command::NextMistake | Command::PreviousMistake | Command::Save if running => {
                self.defer(c, channel);
            }
            Command::NextMistake => self.mistake(true),
            Command::PreviousMistake => self.mistake(false),
            Command::Save => self.save(),
            Command::StopListening | Command::StartListening => {
                let text = self.lex.client.voice_off.clone();
                self.say(text);
            }
            Command::Takeback
            | Command::OfferDraw
            | Command::ClaimDraw
            | Command::Accept
            | Command::Decline
            | Command::Resign => {
                let text = s.not_in_game.clone();
                self.say(text);
            }
            other => {
                let (positions, moves) = self.tree.path(self.cursor);
                let view = View {
                    positions: &positions,
                    moves: &moves,
                    clock: None,
                    me: None,
                    flipped: self.walker.flipped,
                    now: 0,
                };
                let lines = self.narrator.query(&other, &view).unwrap_or_default();
                self.say_all(lines);
            }
        }
    }

    /// A line to answer once the analysis ends.
    fn defer(&mut self, c: Command, channel: Channel) {
        self.deferred.push((c, channel));
        let words = self.lex.study.deferred.clone();
        self.say(words);
    }

    fn variations(&mut self) {
        let s = &self.lex.study;
        let Some(next) = self.tree.next_node(self.cursor) else {
            let text = s.no_variations.clone();
            self.say(text);
            return;
        };
        if next.variations.is_empty() {
            let text = s.no_variations.clone();
            self.say(text);
            return;
        }
        let main = say_move(self.lex, &next.before, &next.mv, self.style);
        let list: Vec<String> = next
            .variations
            .iter()
            .enumerate()
            .filter_map(|(i, line)| {
                let first = self.tree.lines.get(*line)?.nodes.first()?;
                Some(format!("{}: {}", i + 1, say_move(self.lex, &first.before, &first.mv, self.style)))
            })
            .collect();
        let text = fill(&s.variations_list, &[("move", main), ("list", list.join(", "))]);
        self.say(text);
    }

    fn where_am_i(&mut self) {
        let s = &self.lex.study;
        let (depth, number) = self.tree.depth(self.cursor);
        let line = if depth == 0 {
            s.where_main.clone()
        } else {
            fill(&s.where_variation, &[("n", number.to_string()), ("depth", depth.to_string())])
        };
        let here = match self.tree.last_node(self.cursor) {
            None => fill(&s.start, &[("to_move", say_to_move(self.lex, self.tree.start.turn()))]),
            Some(node) => self.step_words(&node.before, &node.mv),
        };
        self.say(format!("{here} {line}"));
    }

    /// Moves of the main line (the analysis looks at the game as played).
    fn main_line(&self) -> (Vec<Position>, Vec<Move>) {
        self.tree.path(self.tree.end(self.tree.root()))
    }

    /// How many moves (full moves) the main line has, and the number of
    /// the move played in position `i`.
    fn move_numbers(&self, i: usize) -> (u32, u32) {
        let (positions, _) = self.main_line();
        let last = positions.len().saturating_sub(2);
        let total = positions.get(last).map_or(1, |p| p.fullmoves());
        let n = positions.get(i.min(last)).map_or(1, |p| p.fullmoves());
        (n, total)
    }

    fn analyse(&mut self) {
        let s = &self.lex.study;
        if matches!(self.work, Work::Running { .. } | Work::Wanted) {
            let judged = self.analysis.as_ref().map_or(0, Analysis::judged);
            let (n, total) = self.move_numbers(judged);
            let text = fill(&s.analyse_running, &[("n", n.to_string()), ("total", total.to_string())]);
            self.say(text);
            return;
        }
        if let Some(a) = &self.analysis
            && a.judged() == a.moves()
        {
            self.summary();
            return;
        }
        let (positions, moves) = self.main_line();
        if moves.is_empty() {
            let text = self.lex.client.no_moves_yet.clone();
            self.say(text);
            return;
        }
        let (_, total) = self.move_numbers(moves.len());
        let count = unit(self.lex, &self.lex.engine.r#move, u64::from(total));
        let text = fill(&s.analyse_start, &[("count", count)]);
        self.say(text);
        if self.analyst.is_none() && self.engine_path.clone().or_else(crate::engine::uci::find_engine).is_none() {
            let text = self.lex.engine.builtin.clone();
            self.say(text);
        }
        // What an earlier, stopped analysis found is kept.
        if self.analysis.is_none() {
            self.analysis = Some(Analysis::new(positions, moves));
        }
        self.work = Work::Wanted;
    }

    fn summary(&mut self) {
        let s = &self.lex.study;
        let Some(a) = &self.analysis else { return };
        let mut lines = Vec::new();
        for color in Color::ALL {
            let counts = a.counts(color);
            let list: Vec<String> = [&s.inaccuracy, &s.mistake, &s.blunder]
                .iter()
                .zip(counts)
                .map(|(forms, n)| unit(self.lex, forms, n as u64))
                .collect();
            let side = color_name(self.lex, color).to_string();
            lines.push(fill(&s.summary, &[("side", side), ("list", list.join(", "))]));
        }
        self.say_all(lines);
    }

    /// The main-line move the cursor stands after (variations count from
    /// where they leave the main line).
    fn main_ply(&self) -> usize {
        let mut c = self.cursor;
        while let Some((line, at)) = self.tree.lines.get(c.line).and_then(|b| b.parent) {
            c = Cursor { line, at };
        }
        c.at
    }

    fn mistake(&mut self, forward: bool) {
        let s = &self.lex.study;
        let Some(a) = &self.analysis else {
            let text = s.not_analysed.clone();
            self.say(text);
            return;
        };
        let at = self.main_ply();
        let found = if forward {
            a.marks.iter().find(|m| m.ply >= at).copied()
        } else {
            a.marks.iter().rev().find(|m| m.ply + 1 < at).copied()
        };
        let Some(judged) = found else {
            let text = if forward { s.no_next_mistake.clone() } else { s.no_previous_mistake.clone() };
            self.say(text);
            return;
        };
        self.cursor = Cursor { line: 0, at: judged.ply + 1 };
        let text = self.mistake_words(&judged);
        self.say(text);
    }

    fn mistake_words(&self, j: &Judged) -> String {
        let s = &self.lex.study;
        let before = self.analysis.as_ref().and_then(|a| a.before(j.ply)).copied().unwrap_or(self.tree.start);
        let best = j.best.map_or(String::new(), |m| say_move(self.lex, &before, &m, self.style));
        fill(
            &s.mistake_at,
            &[
                ("step", self.step_words(&before, &j.played)),
                ("mark", s.marks[j.mark as usize].clone()),
                ("best", best),
                ("before", say_score(self.lex, j.before)),
                ("after", say_score(self.lex, j.after)),
            ],
        )
    }

    /// The game as PGN, with the analysis's marks as annotation glyphs and
    /// comments.
    fn annotated(&self) -> PgnGame {
        let mut game = self.game.clone();
        let Some(a) = &self.analysis else { return game };
        let opts = SanOptions::lang(self.lex.lang.notation());
        for j in &a.marks {
            let Some(node) = game.moves.get_mut(j.ply) else { continue };
            let before = a.before(j.ply).copied().unwrap_or(self.tree.start);
            let best = j.best.map_or(String::new(), |m| write_san(&before, &m, &opts));
            // An annotator's own judgement of the move ($1 to $6) is kept.
            if !node.nags.iter().any(|n| (1..=6).contains(n)) {
                node.nags.push(j.mark.nag());
            }
            let mark = self.lex.study.marks[j.mark as usize].clone();
            node.comments.push(fill(&self.lex.study.pgn_comment, &[("mark", mark), ("best", best)]));
        }
        game
    }

    /// Writes the game (with the analysis, if any) as a new file in the
    /// games folder, never over the file it was read from.
    fn save(&mut self) {
        let text = write_pgn(&self.annotated());
        let dir = crate::config::data_dir().join("games");
        let event = match write_new_numbered(&dir, &self.stem, "pgn", &text) {
            Ok(path) => Event::ScoreSaved { name: file_name(&path) },
            Err(e) => Event::SaveFailed { what: Saving::Score, problem: WriteProblem::of(&e) },
        };
        for l in self.narrator.lines(&event) {
            self.out.push(Line { text: super::plain::clean(&l.text), urgency: l.urgency });
        }
    }

    /// A move typed or said in review: the next move, or the first move of
    /// a variation, steps there; any other is not played.
    fn moved(&mut self, mv: Move) {
        match self.tree.step_with(self.cursor, &mv) {
            Some(0) => return self.go(self.tree.next(self.cursor)),
            Some(n) => return self.command(Command::Variation(n as u32), Channel::Typed),
            None => {}
        }
        let pos = self.tree.position(self.cursor);
        let words = say_move(self.lex, &pos, &mv, self.style);
        let text = fill(&self.lex.study.not_next, &[("move", words)]);
        self.say(text);
    }

    fn carry_out(&mut self, intent: Intent, channel: Channel) {
        match intent {
            Intent::Command(c) => self.command(c, channel),
            Intent::Move(mv) => self.moved(mv),
            // A move the resolver would ask about (heard by sound, or a
            // language that confirms every heard move): nothing is played in
            // a review, so the one choice that is a step here is taken, and
            // said, as a step.
            Intent::Ask(q) => {
                let steps: Vec<Move> =
                    q.choices.iter().copied().filter(|m| self.tree.step_with(self.cursor, m).is_some()).collect();
                match (steps.as_slice(), q.choices.first()) {
                    ([m], _) | ([], Some(m)) => self.moved(*m),
                    // More than one fits: the choices here, by number.
                    _ => self.variations(),
                }
            }
            Intent::Answer(_) => {
                let text = self.lex.client.empty.clone();
                self.say(text);
            }
            Intent::Refuse(why) => {
                let text = why.words(self.lex);
                self.say(text);
            }
        }
    }

    /// The analysis thread: every position the analysis wants, in order,
    /// until done or stopped.
    fn analysis_job(&mut self) -> Option<Job> {
        if !matches!(self.work, Work::Wanted) {
            return None;
        }
        let wanted = self.analysis.as_ref()?.wanted();
        let stop = Arc::new(AtomicBool::new(false));
        self.work = Work::Running { stop: stop.clone(), said_at: 0 };
        let analyst = self.analyst.take();
        let path = self.engine_path.clone();
        Some(Box::new(move |tx: &std::sync::mpsc::Sender<Msg>| {
            let mut analyst = analyst.unwrap_or_else(|| super::client::start_analyst(path));
            for (i, pos) in wanted {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let result =
                    analyst.analyse(&pos, 1, Limit::Depth(ANALYSIS_DEPTH)).map_err(|e| OpponentFailure::from(&e));
                let failed = result.is_err();
                if tx.send(Msg::Done(Done::Evaluated(i, result))).is_err() || failed {
                    break;
                }
            }
            let _ = tx.send(Msg::Done(Done::AnalysisEnded(analyst)));
        }))
    }

    fn evaluated(&mut self, i: usize, result: Result<Vec<crate::engine::analysis::Line>, OpponentFailure>, now: u64) {
        let Some(a) = &mut self.analysis else { return };
        match result {
            Ok(lines) => match lines.first() {
                Some(line) => a.record(i, Evaluated::of_line(line)),
                None => return,
            },
            Err(f) => {
                let event = Event::EngineAnswered {
                    question: crate::speech::EngineQuestion::Eval,
                    position: Position::start(),
                    analyst: crate::engine::analysis::Analyst::Full,
                    lines: Err(f),
                };
                for l in self.narrator.lines(&event) {
                    self.say(l.text);
                }
                return;
            }
        }
        let judged = a.judged();
        let Work::Running { said_at, .. } = &mut self.work else { return };
        if now.saturating_sub(*said_at) >= PROGRESS_EVERY_MS && judged < a.moves() {
            *said_at = now;
            let (n, total) = self.move_numbers(judged);
            let text = fill(&self.lex.study.progress, &[("n", n.to_string()), ("total", total.to_string())]);
            self.say(text);
        }
    }

    fn analysis_ended(&mut self, analyst: Box<dyn Analyse>, now: u64) {
        self.analyst = Some(analyst);
        self.work = Work::Idle;
        let Some(a) = &self.analysis else { return };
        let (judged, moves) = (a.judged(), a.moves());
        let s = &self.lex.study;
        let text = if judged == moves {
            s.analyse_done.clone()
        } else {
            let (n, total) = self.move_numbers(judged.saturating_sub(1));
            let n = if judged == 0 { 0 } else { n };
            fill(&s.analyse_stopped, &[("n", n.to_string()), ("total", total.to_string())])
        };
        self.say(text);
        self.summary();
        for (c, channel) in std::mem::take(&mut self.deferred) {
            self.command(c, channel);
        }
        let _ = now;
    }
}

impl Front for Reviewer {
    fn greet(&mut self, _now: u64) {
        let header = self.header.clone();
        self.say_all(header);
        let here = self.here();
        self.say_all(here);
        let help = self.lex.client.type_help.clone();
        self.say(help);
    }

    fn handle_line(&mut self, text: &str, channel: Channel, _now: u64) {
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        if text.chars().count() > 200 {
            self.say(self.lex.client.too_long.clone());
            return;
        }
        if text.is_empty() {
            self.say(self.lex.client.empty.clone());
            return;
        }
        let pos = self.tree.position(self.cursor);
        let intent = self.resolver.resolve(&pos, text, channel);
        self.carry_out(intent, channel);
    }

    fn handle_heard(&mut self, alternatives: &[(String, f32)], _now: u64) {
        let clean = super::session::clean_heard(alternatives);
        let pos = self.tree.position(self.cursor);
        let intent = self.resolver.resolve_heard(&pos, &clean);
        self.carry_out(intent, Channel::Heard);
    }

    fn key(&mut self, key: BoardKey, now: u64) {
        let command = match key {
            BoardKey::Back => Some(Command::LookBack),
            BoardKey::Forward => Some(Command::LookForward),
            BoardKey::First => Some(Command::GoStart),
            BoardKey::Last => Some(Command::GoEnd),
            BoardKey::LastMove => Some(Command::LastMove),
            BoardKey::Time => Some(Command::WhereAmI),
            BoardKey::Silence | BoardKey::Stop => Some(Command::Silence),
            BoardKey::Help => {
                let keys = self.lex.client.board_keys.clone();
                self.say_all(keys);
                None
            }
            BoardKey::Talk(_) => {
                self.say(self.lex.client.voice_off.clone());
                None
            }
            other => {
                let pos = self.tree.position(self.cursor);
                if let Some(text) = self.walker.key(self.lex, &pos, pos.turn(), other) {
                    self.say(text);
                }
                None
            }
        };
        if let Some(c) = command {
            self.command(c, Channel::Typed);
        }
        let _ = now;
    }

    fn work(&mut self, _now: u64) -> Option<Job> {
        self.analysis_job()
    }

    fn done(&mut self, done: Done, now: u64) {
        match done {
            Done::Evaluated(i, result) => self.evaluated(i, result, now),
            Done::AnalysisEnded(analyst) => self.analysis_ended(analyst, now),
            Done::Opponent(..) => {}
        }
    }

    fn next_wake(&mut self, _now: u64) -> Option<u64> {
        None
    }

    fn on_timer(&mut self, _now: u64) {}

    fn take_output(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.out)
    }

    fn prompt(&self) -> String {
        let pos = self.tree.position(self.cursor);
        let dots = if pos.turn() == Color::White { "." } else { "..." };
        format!("{}{dots} {}>", pos.fullmoves(), color_name(self.lex, pos.turn()))
    }

    fn take_silence(&mut self) -> bool {
        std::mem::take(&mut self.silence)
    }

    fn wants_quit(&self) -> bool {
        self.quit
    }

    fn busy(&self) -> bool {
        !matches!(self.work, Work::Idle)
    }

    fn handle_eof(&mut self) {}

    fn lexicon(&self) -> &'static Lexicon {
        self.lex
    }
}

#[cfg(test)]
mod tests {
    use super::comment_text;

    /// Korean asks about every heard move; in a review the move heard is
    /// the next one, so it is a step (nothing is played).
    #[test]
    fn a_heard_next_move_steps_in_a_korean_review() {
        use super::{Front, Reviewer};
        use crate::notation::{NotationLang, pgn::read_pgn};
        let game = read_pgn("1. e4 e5 *", NotationLang::English, None).expect("pgn").remove(0);
        let settings = crate::config::Settings { lang: crate::speech::SpeechLang::Korean, ..Default::default() };
        let mut r = Reviewer::new(game, &settings, 1, 1, "game");
        r.handle_heard(&[("이 사".to_string(), 1.0)], 0);
        let said: Vec<String> = r.take_output().into_iter().map(|l| l.text).collect();
        assert_eq!(said.first().map(String::as_str), Some("1. 백: 이 사."), "{said:?}");
        r.handle_heard(&[("디 오".to_string(), 1.0)], 0);
        let said: Vec<String> = r.take_output().into_iter().map(|l| l.text).collect();
        assert!(said.iter().any(|l| l.contains("다음 수가 아닙니다")), "{said:?}");
    }

    #[test]
    fn pgn_commands_are_left_out_of_comments() {
        assert_eq!(comment_text("[%clk 0:03:00] A trap,\n  but bad. [%eval 0.3]"), "A trap, but bad.");
        assert_eq!(comment_text("an open [% bracket"), "an open");
    }

    proptest::proptest! {
        #[test]
        fn any_comment_is_read_without_commands_or_line_ends(s in ".{0,80}") {
            let out = comment_text(&s);
            proptest::prop_assert!(!out.contains("[%"));
            proptest::prop_assert!(!out.contains('\n'));
        }
    }
}
