//! A review as a mode: the review front and the effects that run its
//! engine and write its files; its start (`start`) opens a game of a
//! file. Watching a game and a broadcast's board are reviews too
//! (`watch`, `broadcast`).

use crate::config::Settings;
use crate::speech::{Channel, Lexicon};
use crate::study::chapters::Chapters;
use crate::ui::effects::Effects;
use crate::ui::failure::SessionError;
use crate::ui::input::{BoardKey, Msg};
use crate::ui::output::Glance;
use crate::ui::review::Review;
use crate::ui::session::Mode;
use crate::ui::shell::Front;
use crate::ui::sink::Screen;
use crate::ui::words::Narrator;

/// A review and its effects.
pub(crate) struct ReviewMode {
    review: Box<Review>,
    effects: Effects,
    /// Voice input, for a game started from here.
    listening: Option<crate::ui::input::Listening>,
    /// A game started from the position in view, to enter.
    game: Option<super::game::GameMode>,
    /// Where that game gives back its moves when its score could not be
    /// written: kept as a line when it is back.
    hand_back: super::game::HandBack,
    /// Every chapter of the study (every game of the file, read when it
    /// is opened), and the reviews of those left, their own lines kept.
    chapters: Chapters,
    parked: Vec<Option<Box<Review>>>,
    /// Where `chapters` goes on listing (a page at a time), from 0.
    listed: usize,
    /// The study's chapters are named once it opens.
    named: bool,
    /// The chapter under review, from 1.
    number: usize,
    /// The name of saved copies.
    stem: String,
    /// A chapter asked for while the analysis runs: opened when it ends.
    waiting: Option<crate::ui::review::ChapterStep>,
}

/// How many chapters `chapters` names at a time.
const CHAPTERS_PAGE: usize = 20;

/// `voxchess review`: game `number` (from 1) of the games of a PGN file
/// or a study; `stem` names saved copies. `plain` chooses the line mode;
/// `notes` are said after the greeting (what was left out).
pub(crate) fn opened(
    settings: &Settings,
    games: Chapters,
    (number, stem): (usize, &str),
    host: super::opening::Host,
) -> Result<Box<dyn Mode>, SessionError> {
    let total = games.len();
    if number == 0 || number > total {
        return Err(SessionError::NoSuchGame { number, total });
    }
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let effects = Effects::new(host.tx, words, settings);
    let Some(mode) = ReviewMode::of_chapters(settings, games, number, stem, effects) else {
        return Err(SessionError::NoSuchGame { number, total });
    };
    Ok(Box::new(mode.listening(host.listening)))
}

impl ReviewMode {
    /// A review of game `number` (from 1) of `games` (a file's, a
    /// study's chapters, the player's lichess games), the others a
    /// chapter away; `stem` names saved copies. None when there is no
    /// such game.
    pub(crate) fn of_games(
        settings: &Settings,
        games: Vec<crate::notation::pgn::PgnGame>,
        number: usize,
        stem: &str,
        effects: Effects,
    ) -> Option<ReviewMode> {
        Self::of_chapters(settings, Chapters::Read(games), number, stem, effects)
    }

    /// The same, of chapters read or indexed.
    pub(crate) fn of_chapters(
        settings: &Settings,
        chapters: Chapters,
        number: usize,
        stem: &str,
        effects: Effects,
    ) -> Option<ReviewMode> {
        let game = chapters.game(number.checked_sub(1)?)?.ok()?;
        let review = Review::new(game, settings, number, chapters.len(), stem);
        let parked = (0..chapters.len()).map(|_| None).collect();
        let stem = stem.to_string();
        Some(ReviewMode { chapters, parked, number, stem, named: false, ..ReviewMode::new(review, effects) })
    }

    /// A review whose work `effects` does.
    pub(crate) fn new(review: Review, effects: Effects) -> ReviewMode {
        ReviewMode {
            review: Box::new(review),
            effects,
            listening: None,
            game: None,
            hand_back: Default::default(),
            chapters: Chapters::Read(Vec::new()),
            parked: Vec::new(),
            listed: 0,
            named: true,
            number: 1,
            stem: String::new(),
            waiting: None,
        }
    }

    /// This review with voice input, for a game played from it.
    pub(crate) fn listening(self, listening: Option<crate::ui::input::Listening>) -> Self {
        ReviewMode { listening, ..self }
    }

    /// The review.
    pub(crate) fn review(&mut self) -> &mut Review {
        self.review.as_mut()
    }

    /// Another review in its place, with the same effects.
    pub(crate) fn replace(&mut self, review: Review) {
        *self.review = review;
    }

    /// Another chapter: the list said, or the chapter opened (the one
    /// left kept as it is, with its own lines); one that is not, said.
    /// While the analysis runs it waits for its end.
    fn chapter(&mut self, step: crate::ui::review::ChapterStep, now: u64) {
        use crate::ui::review::ChapterStep;
        if self.review.busy() {
            self.waiting = Some(step);
            let text = self.review.shell().words.fixed(crate::ui::words::Fixed::StudyDeferred);
            return self.review.shell().tell(text);
        }
        let total = self.chapters.len().max(1);
        let target = match step {
            ChapterStep::List => return self.list_chapters(),
            ChapterStep::To(n) => n as usize,
            ChapterStep::Next => self.number + 1,
            ChapterStep::Previous => self.number - 1,
        };
        if target == 0 || target > self.chapters.len() {
            let text = self.review.shell().words.no_chapter(target as u32, total);
            return self.review.shell().tell(text);
        }
        if target != self.number {
            let settings = self.review.settings().clone();
            let stem = self.stem.clone();
            let next = match self.parked[target - 1].take() {
                Some(parked) => parked,
                None => match self.chapters.game(target - 1) {
                    Some(Ok(game)) => Box::new(Review::new(game, &settings, target, total, &stem)),
                    // The file's text is the one read: never met.
                    Some(Err(e)) => {
                        let lines = self.review.shell_ref().words.pgn_error(&e);
                        return self.review.shell().say_lines(lines);
                    }
                    None => return,
                },
            };
            let left = std::mem::replace(&mut self.review, next);
            self.parked[self.number - 1] = Some(left);
            self.number = target;
        }
        self.review.greet(now);
    }

    /// `chapters`: the next page of names (at most `CHAPTERS_PAGE`),
    /// from the first again after the last.
    fn list_chapters(&mut self) {
        let total = self.chapters.len();
        let names = if total == 0 {
            vec![crate::study::chapters::ChapterName::of(self.review.game())]
        } else {
            if self.listed >= total {
                self.listed = 0;
            }
            self.chapters.names(self.listed, CHAPTERS_PAGE)
        };
        let line = self.review.shell_ref().words.chapters(&names, self.listed, total.max(1));
        self.listed += names.len();
        self.review.shell().tell(line);
    }

    fn fronts(&mut self) -> Vec<&mut dyn Front> {
        vec![self.review.as_mut()]
    }
}

impl Mode for ReviewMode {
    fn shell(&mut self) -> &mut crate::ui::shell::Shell {
        self.review.shell()
    }

    /// The review's greeting; a study's chapters are named once, when
    /// it opens (a page of them).
    fn greet(&mut self, now: u64) {
        self.review.greet(now);
        let study = self.chapters.len() > 1 && self.review.game().known_tag("ChapterName").is_some();
        if !std::mem::replace(&mut self.named, true) && study {
            self.list_chapters();
        }
    }

    fn line(&mut self, text: &str, channel: Channel, now: u64) {
        self.review.handle_line(text, channel, now);
    }

    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        self.review.handle_heard(alternatives, now);
    }

    fn key(&mut self, key: BoardKey, now: u64) {
        self.review.key(key, now);
    }

    fn message(&mut self, msg: Msg, now: u64) -> Option<Msg> {
        let report = match msg {
            Msg::Analysis(news) => super::analysis(news, &mut self.effects).map(|(_, report)| report),
            Msg::Looked(looked) => Some(self.effects.looked(*looked)),
            other => return Some(other),
        };
        if let Some(report) = report {
            self.review.report(report, now);
        }
        None
    }

    fn next_wake(&mut self) -> Option<u64> {
        self.review.next_wake()
    }

    fn timer(&mut self, now: u64) {
        self.review.on_timer(now);
    }

    fn settle(&mut self, now: u64) {
        super::drain(self.review.as_mut(), &mut self.effects, now);
        let waited = self.waiting.filter(|_| !self.review.busy());
        if let Some(step) = self.review.take_chapter().or(waited) {
            self.waiting = None;
            self.chapter(step, now);
        }
        if let Some(from) = self.review.take_play_from() {
            let listening = self.listening.clone();
            match super::game::from_here(from, self.effects.sender(), listening, now, self.hand_back.clone()) {
                Ok(game) => self.game = Some(game),
                Err(problem) => {
                    let words = self.review.shell().words;
                    let text = match problem {
                        super::game::FromHereProblem::Locked(e) => words.lock_problem(&e),
                        super::game::FromHereProblem::Unfinished => {
                            words.fixed(crate::ui::words::Fixed::UnfinishedKept)
                        }
                    };
                    self.review.shell().say(text, crate::ui::output::Urgency::Info);
                }
            }
        }
    }

    fn busy(&mut self) -> bool {
        self.review.busy() || self.effects.looking()
    }

    fn prompt(&mut self) -> String {
        self.review.prompt()
    }

    fn glance(&mut self, now: u64) -> Option<Glance> {
        Some(self.review.glance(now))
    }

    fn braille_views(&mut self, screen: &mut dyn Screen) {
        super::braille_views(self.fronts(), screen);
    }

    fn input_ended(&mut self) {
        self.review.handle_eof();
    }

    fn answer_due(&self) -> Option<std::time::Instant> {
        self.effects.answer_due()
    }

    fn leave(&mut self, now: u64) {
        self.review.leave(now);
    }

    /// Back from a game played from here: where the review stands (at
    /// the end of that game, kept as a line, when its score could not be
    /// written).
    fn back(&mut self, _now: u64) {
        if let Some(moves) = self.hand_back.lock().ok().and_then(|mut m| m.take()) {
            self.review.take_line(&moves);
        }
        self.review.carry_out(crate::speech::Intent::Command(crate::speech::Command::WhereAmI), Channel::Typed, 0);
    }

    /// A review of a file ends voxchess with a goodbye (one watched or
    /// under a game goes back to the mode below).
    fn says_goodbye(&self) -> bool {
        true
    }

    /// A game from the position in view, a position to set up from it,
    /// or the player's mistakes as puzzles, when asked for.
    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        if let Some(game) = self.game.take() {
            return Some(Box::new(game));
        }
        if let Some(from) = self.review.take_setup() {
            let settings = self.review.settings().clone();
            let board = crate::rules::Arrangement::of(&from);
            let host = super::opening::Host { tx: self.effects.sender(), listening: self.listening.clone() };
            return Some(super::open(super::opening::Request::Setup { settings, board }, host));
        }
        super::practice(self.review.as_mut(), &self.effects)
    }
}
