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
use crate::ui::input::{BoardKey, Msg};
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
    /// The data folder, held by a game started from a review's position
    /// (a game started by `play` holds it from before).
    lock: Option<crate::files::DataLock>,
    /// A game from a review's position that has ended: back there at
    /// once (its score written, as every game's).
    ended_above: bool,
    /// A tournament's game: at its end the player is back in the
    /// tournament at once, to be paired again (no study in between).
    back_at_end: bool,
    /// A game from a review's position: where its moves go back to that
    /// review when its score could not be written.
    hand_back: Option<HandBack>,
}

/// Where a game from a review's position gives its moves back to the
/// review below when its score could not be written (the review keeps
/// them as a line).
pub(crate) type HandBack = std::sync::Arc<std::sync::Mutex<Option<Vec<crate::rules::Move>>>>;

/// `voxchess play` and `resume`: a game with the given settings. `plain`
/// chooses the line mode. Returns whether the game was kept (false: it
/// could not be saved when the player left, which was said).
pub(crate) fn opened(
    settings: Settings,
    mut setup: GameSetup,
    host: super::opening::Host,
    now: u64,
) -> super::opening::Started {
    let mut notes = Vec::new();
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    if setup.date.is_some() {
        notes.push(words.continuing(setup.moves.len()));
    }
    let mut effects = Effects::new(host.tx.clone(), words, &settings);
    if let Some(me) = setup.me {
        let (opponent_effects, opponent_setup, note) = against_engine(&settings, setup, me, effects, host.tx.clone());
        (effects, setup) = (opponent_effects, opponent_setup);
        notes.extend(note);
    }
    let mut play = Play::new(settings, setup, now);
    play.listen(host.listening);
    super::opening::Started { mode: Box::new(GameMode::new(play, effects)), notes }
}

/// Why a game from a review's position cannot start.
#[derive(Debug)]
pub(crate) enum FromHereProblem {
    /// Another voxchess holds the data folder.
    Locked(crate::files::LockError),
    /// An unfinished game is kept, and a game here would take its place.
    Unfinished,
}

/// `play from here` in a review: a game from that position (the player
/// has the side to move; the engine the other, unless two people play
/// here), on the session loop above the review. The data folder is
/// locked while it runs; an unfinished game kept there is never put
/// aside for it. `listening` is the session's voice switch; `now` its time.
/// A score that cannot be written at the game's end is handed back to
/// the review through `hand_back`.
pub(crate) fn from_here(
    from: crate::ui::review::PlayFrom,
    tx: std::sync::mpsc::Sender<Msg>,
    listening: Option<crate::ui::input::Listening>,
    now: u64,
    hand_back: HandBack,
) -> Result<GameMode, FromHereProblem> {
    let lock = crate::files::DataLock::take(&crate::config::data_dir()).map_err(FromHereProblem::Locked)?;
    if crate::game::SavedGame::path().exists() {
        return Err(FromHereProblem::Unfinished);
    }
    let settings = from.settings;
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let mut effects = Effects::new(tx.clone(), words, &settings);
    let mut setup = GameSetup::new(from.position, Vec::new());
    setup.controls = from.controls;
    let mut note = None;
    if settings.opponent == crate::config::OpponentKind::Engine {
        let me = from.position.turn();
        (effects, setup, note) = against_engine(&settings, setup, me, effects, tx);
    }
    let mut play = Play::new(settings, setup, now);
    play.listen(listening);
    play.played_from_a_review();
    if let Some(note) = note {
        play.shell().say(note, crate::ui::output::Urgency::Info);
    }
    Ok(GameMode { lock: Some(lock), hand_back: Some(hand_back), ..GameMode::new(play, effects) })
}

/// The engine as `me`'s opponent: the setup with both players, the
/// effects with the opponent, and a line to say when the settings' engine
/// could not be found.
fn against_engine(
    settings: &Settings,
    setup: GameSetup,
    me: crate::rules::Color,
    effects: Effects,
    tx: std::sync::mpsc::Sender<Msg>,
) -> (Effects, GameSetup, Option<String>) {
    use crate::game::Opponent;
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let (engine, note) = make_engine(settings, &words);
    let opponent = crate::game::EngineOpponent::new(engine, !me, acts_to(tx));
    let name = words.opponent_name(opponent.name(), opponent.builtin_level());
    let terms = opponent.terms();
    let setup = setup.against(me, Player::Human(String::new()), Player::Engine(name), terms);
    (effects.with_opponent(Box::new(opponent), !me), setup, note)
}

/// The engine the settings name (its handshake runs while the player
/// reads the first prompt), or the built-in one, with a line saying why.
fn make_engine(settings: &Settings, words: &Narrator) -> (Box<dyn Engine>, Option<String>) {
    let path = settings.engine.clone().or_else(find_engine);
    match path {
        Some(p) if p.is_file() => {
            let level = settings.level;
            let name = p.file_name().map_or("engine".into(), |n| n.to_string_lossy().to_string());
            let mut chars = name.chars();
            let name = chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect());
            let engine =
                LazyEngine::spawn(name, move || UciEngine::start(&p, level).map(|e| Box::new(e) as Box<dyn Engine>));
            (Box::new(engine), None)
        }
        Some(p) => (Box::new(BuiltinEngine::new(settings.level)), Some(words.engine_missing(&p))),
        None => (Box::new(BuiltinEngine::new(settings.level)), Some(words.fixed(Fixed::NoEngine))),
    }
}

impl GameMode {
    /// A game whose work `effects` does.
    pub(crate) fn new(play: Play, effects: Effects) -> GameMode {
        GameMode {
            play: Box::new(play),
            study: None,
            effects,
            label: None,
            lock: None,
            ended_above: false,
            back_at_end: false,
            hand_back: None,
        }
    }

    /// A tournament's game: its end goes back to the mode below (the
    /// lobby, which says the place and is paired again).
    pub(crate) fn back_at_end(mut self) -> GameMode {
        self.play.above_another();
        GameMode { back_at_end: true, ..self }
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
    /// The front taking commands: the study once the game has ended.
    fn shell(&mut self) -> &mut crate::ui::shell::Shell {
        self.commands().shell()
    }

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
        if let Some(moves) = self.play.take_for_review()
            && let Some(slot) = &self.hand_back
            && let Ok(mut slot) = slot.lock()
        {
            *slot = Some(moves);
        }
        if let Some((game, stem)) = self.play.take_study() {
            // The lobby below keeps it for `review last` (none below:
            // nobody takes it).
            let ended = Box::new((game.clone(), stem.clone()));
            let _ = self.effects.sender().send(Msg::Lobby(crate::online::LobbyNews::Ended(ended)));
            // A game from a review's position: the review is its study;
            // a tournament's: the tournament goes on.
            if self.lock.is_some() || self.back_at_end {
                self.ended_above = true;
                return;
            }
            let settings = self.play.settings().clone();
            let me = self.play.me();
            self.study = Some(Box::new(Review::after_game(game, &settings, &stem, me)));
        }
        if let Some(study) = &mut self.study {
            super::drain(study.as_mut(), &mut self.effects, now);
            // A rematch goes to the lobby below, which sends it and says
            // the answer (none below: nothing to send it).
            if let Some(r) = study.take_rematch() {
                let _ = self.effects.sender().send(Msg::Lobby(crate::online::LobbyNews::Rematch(r)));
            }
        }
    }

    fn busy(&mut self) -> bool {
        self.effects.looking() || self.fronts().iter().any(|f| f.busy())
    }

    fn wants_quit(&mut self) -> bool {
        self.ended_above || self.fronts().iter().any(|f| f.shell_ref().wants_quit())
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
