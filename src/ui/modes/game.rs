//! A game as a mode: the game front (`Play`), its effects (files, the
//! engine, the opponent) and, once the game has ended, its study beside
//! it. After the game, a command goes to the study and anything else to
//! the game (which says it is over), as does `time` (the game's final
//! times); a line is resolved once. Its start (`start`) makes the
//! opponent (the engine, or the built-in one when there is none, or a
//! person here) and runs the game on the session loop.

use super::ForWhom;
use crate::config::Settings;
use crate::engine::Engine;
use crate::engine::builtin::BuiltinEngine;
use crate::engine::lazy::LazyEngine;
use crate::engine::uci::{UciEngine, find_engine};
use crate::game::{GameSetup, Player};
use crate::speech::Lexicon;
use crate::speech::{Channel, Command, Intent};
use crate::ui::effects::Effects;
use crate::ui::effects::acts_to;
use crate::ui::failure::SessionError;
use crate::ui::input::{BoardKey, Msg};
use crate::ui::io::Io;
use crate::ui::output::{Glance, Line};
use crate::ui::play::Play;
use crate::ui::review::Review;
use crate::ui::session::Mode;
use crate::ui::shell::Front;
use crate::ui::sink::Screen;
use crate::ui::words::{Fixed, Narrator};

/// A game, and its study once it has ended.
pub(crate) struct GameMode {
    play: Box<Play>,
    study: Option<Box<Review>>,
    effects: Effects,
    /// The opponent's name before the prompt, when other games are in
    /// progress (the player always knows which game a move goes to).
    label: Option<String>,
}

/// `voxchess play` and `resume`: a game with the given settings. `plain`
/// chooses the line mode. Returns whether the game was kept (false: it
/// could not be saved when the player left, which was said).
pub(crate) fn start(settings: Settings, mut setup: GameSetup, plain: bool) -> Result<bool, SessionError> {
    let mut io = Io::open(&settings);
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    if setup.date.is_some() {
        io.note(words.continuing(setup.moves.len()));
    }
    let mut effects = Effects::new(io.tx.clone(), words, &settings);
    if let Some(me) = setup.me {
        let engine = make_engine(&settings, &words, &mut io);
        let opponent = crate::game::EngineOpponent::new(engine, !me, acts_to(io.tx.clone()));
        use crate::game::Opponent;
        let name = words.opponent_name(opponent.name(), opponent.builtin_level());
        let terms = opponent.terms();
        setup = setup.against(me, Player::Human(String::new()), Player::Engine(name), terms);
        effects = effects.with_opponent(Box::new(opponent), !me);
    }
    let mut play = Play::new(settings, setup, crate::clock::TimeSource::now_ms(&io.time));
    play.listen(io.listening());
    Ok(io.run(Box::new(GameMode::new(play, effects)), plain)?)
}

/// The engine the settings name (its handshake runs while the player
/// reads the first prompt), or the built-in one, with a line saying why.
fn make_engine(settings: &Settings, words: &Narrator, io: &mut Io) -> Box<dyn Engine> {
    let path = settings.engine.clone().or_else(find_engine);
    match path {
        Some(p) if p.is_file() => {
            let level = settings.level;
            let name = p.file_name().map_or("engine".into(), |n| n.to_string_lossy().to_string());
            let mut chars = name.chars();
            let name = chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
            Box::new(LazyEngine::spawn(name, move || {
                UciEngine::start(&p, level).map(|e| Box::new(e) as Box<dyn Engine>)
            }))
        }
        Some(p) => {
            io.note(words.engine_missing(&p));
            Box::new(BuiltinEngine::new(settings.level))
        }
        None => {
            io.note(words.fixed(Fixed::NoEngine));
            Box::new(BuiltinEngine::new(settings.level))
        }
    }
}

impl GameMode {
    /// A game whose work `effects` does.
    pub(crate) fn new(play: Play, effects: Effects) -> GameMode {
        GameMode { play: Box::new(play), study: None, effects, label: None }
    }

    /// The same, its prompt naming the opponent ("Anna: 12. White>").
    pub(crate) fn labelled(self, opponent: &str) -> GameMode {
        GameMode { label: Some(crate::filter::clean(opponent)), ..self }
    }

    /// The front that takes commands now: the study once the game has
    /// ended, else the game.
    fn commands(&mut self) -> &mut dyn Front {
        match &mut self.study {
            Some(study) => study.as_mut(),
            None => self.play.as_mut(),
        }
    }

    /// Every front, for output and work.
    fn fronts(&mut self) -> Vec<&mut dyn Front> {
        let mut all: Vec<&mut dyn Front> = vec![self.play.as_mut()];
        if let Some(s) = &mut self.study {
            all.push(s.as_mut());
        }
        all
    }
}

impl Mode for GameMode {
    fn greet(&mut self, now: u64) {
        self.play.greet(now);
    }

    fn line(&mut self, text: &str, channel: Channel, now: u64) {
        let Some(study) = &mut self.study else { return self.play.handle_line(text, channel, now) };
        let Some(words) = study.shell().typed(text) else { return };
        match study.resolve(&words, channel) {
            Intent::Command(c) if c != Command::Time => study.carry_out(Intent::Command(c), channel, now),
            other => self.play.carry_out(other, channel, now),
        }
    }

    fn heard(&mut self, alternatives: &[(String, f32)], now: u64) {
        let Some(study) = &mut self.study else { return self.play.handle_heard(alternatives, now) };
        let clean = crate::ui::input::clean_heard(alternatives);
        match study.resolve_heard(&clean, now) {
            Intent::Command(c) if c != Command::Time => study.carry_out(Intent::Command(c), Channel::Heard, now),
            other => self.play.carry_out(other, Channel::Heard, now),
        }
    }

    fn key(&mut self, key: BoardKey, now: u64) {
        self.commands().key(key, now);
    }

    fn message(&mut self, msg: Msg, now: u64) -> Option<Msg> {
        match msg {
            Msg::Opponent(act) => self.play.opponent(act, now),
            Msg::Analysis(news) => match super::analysis(news, &mut self.effects) {
                Some((ForWhom::Study, report)) => {
                    if let Some(study) = &mut self.study {
                        study.report(report, now);
                    }
                }
                Some((ForWhom::Commands, report)) => self.commands().report(report, now),
                None => {}
            },
            Msg::Looked(looked) => {
                let report = self.effects.looked(*looked);
                self.commands().report(report, now);
            }
            // The lobby's news is the lobby's, below.
            other => return Some(other),
        }
        None
    }

    fn next_wake(&mut self) -> Option<u64> {
        self.fronts().iter().filter_map(|f| f.next_wake()).min()
    }

    fn timer(&mut self, now: u64) {
        self.fronts().into_iter().for_each(|f| f.on_timer(now));
    }

    /// Does the work asked for; a game that has just ended becomes a study.
    fn settle(&mut self, now: u64) {
        super::drain(self.play.as_mut(), &mut self.effects, now);
        if let Some((game, stem)) = self.play.take_study() {
            let settings = self.play.settings().clone();
            let me = self.play.me();
            self.study = Some(Box::new(Review::after_game(game, &settings, &stem, me)));
        }
        if let Some(study) = &mut self.study {
            super::drain(study.as_mut(), &mut self.effects, now);
        }
    }

    fn busy(&mut self) -> bool {
        self.effects.looking() || self.fronts().iter().any(|f| f.busy())
    }

    fn wants_quit(&mut self) -> bool {
        self.fronts().iter().any(|f| f.shell_ref().wants_quit())
    }

    fn take_silence(&mut self) -> bool {
        super::take_silence(self.fronts())
    }

    fn take_output(&mut self) -> Vec<Line> {
        super::take_output(self.fronts())
    }

    fn prompt(&mut self) -> String {
        match &self.label {
            Some(name) => format!("{name}: {}", self.play.prompt()),
            None => self.play.prompt(),
        }
    }

    fn narrator(&mut self) -> Narrator {
        self.commands().shell().words
    }

    /// The game, or its study once it has ended (with the game's status
    /// line, its result and clocks, while the study stands at the end).
    fn glance(&mut self, now: u64) -> Option<Glance> {
        Some(match &self.study {
            None => self.play.glance(now),
            Some(study) => {
                let mut g = study.glance(now);
                if g.at == g.moves.len() {
                    g.status = self.play.status_line(now);
                }
                g
            }
        })
    }

    fn braille_views(&mut self, screen: &mut dyn Screen) {
        super::braille_views(self.fronts(), screen);
    }

    fn input_ended(&mut self) {
        self.play.handle_eof();
    }

    fn answer_due(&self) -> Option<std::time::Instant> {
        self.effects.answer_due()
    }

    fn leave(&mut self, now: u64) {
        self.play.leave(now);
    }

    fn unsaved(&self) -> bool {
        self.play.unsaved()
    }

    /// The player's mistakes as puzzles, when the study asks.
    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        let study = self.study.as_mut()?;
        super::practice(study.as_mut(), &self.effects)
    }
}
