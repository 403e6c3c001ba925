//! Playing on lichess: logging in and out, and the lobby, where the
//! player answers challenges, seeks a game, challenges a player or
//! lichess's AI, and joins a game in progress. The lobby is a mode of the
//! session (the same channel, input, speech and Braille screen as a
//! game); a game, once it starts, is entered on top of it as the same
//! game mode as offline, with the server's player as the opponent
//! ([`crate::online::OnlineOpponent`]), and `quit` comes back to it.
//!
//! `puzzles` enters lichess's puzzles above it, `watch` and `broadcast`
//! a game watched; the lobby goes on below them and below a game: its
//! news is said as notices, and a tournament's pairing is entered.
//!
//! May use every front-end module below it; the entry (`app`) and the
//! commands use it.

mod arrival;
mod broadcast;
mod command;
mod games;
mod login;
mod reviews;
mod tournament;
mod watching;

pub use login::{hide_input, login, logout, token_prompt};

use crate::config::Settings;
use crate::online::lobby::{answer_challenge, challenge, challenge_ai, playing, seek};
use crate::online::opponent::join;
use crate::online::tv::Watched;
use crate::online::{
    ApiError, Client, InProgress, Listing, LobbyNews, OnlineOpponent, SeekSpeed, lobby_stream, speed_of, token,
};
use crate::online::{Lines, OnlineGame};
use crate::rules::Color;
use crate::speech::Lexicon;
use crate::speech::{Channel, Command};
use crate::ui::effects::{Effects, acts_to};
use crate::ui::failure::SessionError;
use crate::ui::input::{BoardKey, Listening, Msg, clean_heard};
use crate::ui::modes::game::GameMode;
use crate::ui::output::{Line, Urgency};
use crate::ui::play::Play;
use crate::ui::session::Mode;
use crate::ui::shell::Shell;
use crate::ui::words::{Fixed, Narrator};
use arrival::Asked;
use command::{LobbyCommand, lobby_command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// A challenge waiting for the player's answer.
struct Waiting {
    id: String,
}

/// How often the lobby looks whether a correspondence opponent has
/// moved (ms), while there are correspondence games.
const CHECK_EVERY_MS: u64 = 30_000;

/// `voxchess online`, first: the player's account on `server` (the
/// client and the name); `asking` is given "Asking lichess…" when it
/// takes more than a moment to come.
pub fn connect(settings: &Settings, server: &str, asking: impl FnOnce(&str)) -> Result<(Client, String), SessionError> {
    let token = token::load().ok_or(SessionError::NotLoggedIn)?;
    let client = Client::new(server, &token);
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let me = crate::ui::asking::waited(|| client.account(), || asking(&words.asking_lichess()))
        .map_err(SessionError::Online)?;
    Ok((client, me))
}

/// The lobby of `me` as a session's first mode (`app::run_with` opens
/// its fronts), and the games entered from it; its news stream started.
pub(crate) fn opened(
    settings: &Settings,
    (client, me): (Client, String),
    host: crate::ui::modes::opening::Host,
) -> Box<dyn Mode> {
    let tx = host.tx.clone();
    let news = Arc::new(move |n: LobbyNews| {
        let _ = tx.send(Msg::Lobby(n));
    });
    lobby_stream(client.clone(), me.to_lowercase(), news);
    Box::new(Lobby::new(settings, client, me, host.tx, host.listening))
}

impl Lobby {
    /// The lobby of `me` on `client`'s server, its news coming on `tx`.
    fn new(settings: &Settings, client: Client, me: String, tx: Sender<Msg>, listening: Option<Listening>) -> Lobby {
        let mut shell = Shell::new(settings, Color::White);
        shell.listening = listening.as_ref().map(|l| l.switch.clone());
        Lobby {
            tx,
            client,
            me,
            my_games: Vec::new(),
            last_game: None,
            settings: settings.clone(),
            words: shell.words,
            shell,
            listening,
            quit: false,
            waiting: Vec::new(),
            seeking: None,
            games: Vec::new(),
            next: None,
            joining: Arc::default(),
            unsaid: Vec::new(),
            challenges_due: None,
            tuning: None,
            check_due: None,
            tournaments: tournament::Tournaments::default(),
            broadcasts: Vec::new(),
            asked: Asked::default(),
            listed: false,
            early: Vec::new(),
            in_game: None,
            quit_asked: None,
            quitting: false,
        }
    }
}

/// The lobby as a mode of the session.
struct Lobby {
    tx: Sender<Msg>,
    client: Client,
    me: String,
    /// The player's last games, as `my games` listed them.
    my_games: Vec<crate::notation::pgn::PgnGame>,
    /// The game that ended last in this session, and its file stem.
    last_game: Option<(crate::notation::pgn::PgnGame, String)>,
    settings: Settings,
    /// The shared shell: lines said (and the last news, for `repeat`),
    /// input cleaned, silence, the voice switch.
    shell: Shell,
    words: Narrator,
    /// Voice input, when it runs: given to the games entered, and told
    /// what to expect while the lobby is in view.
    listening: Option<Listening>,
    quit: bool,
    /// The challenges waiting for an answer, in the order said.
    waiting: Vec<Waiting>,
    /// The seek running, if any: set to cancel it.
    seeking: Option<Arc<AtomicBool>>,
    /// The games in progress, as last listed.
    games: Vec<InProgress>,
    /// When to look whether a correspondence opponent has moved (ms).
    check_due: Option<u64>,
    /// The tournaments listed, and the one joined.
    tournaments: tournament::Tournaments,
    /// A game to enter on top of the lobby.
    next: Option<Box<dyn Mode>>,
    /// The game being joined, once its stream gave it.
    joining: Arc<Mutex<Option<(OnlineGame, Lines)>>>,
    /// Challenges not yet said, and when they are said together (ms).
    unsaid: Vec<String>,
    challenges_due: Option<u64>,
    /// What is to be watched while its feed is being opened, and the
    /// feed's stop flag.
    tuning: Option<(Watched, Arc<AtomicBool>, crate::ui::feed::Feed<crate::online::tv::TvNews>)>,
    /// The broadcasts as last listed.
    broadcasts: Vec<crate::online::broadcast::Listed>,
    /// The games the player's own actions start.
    asked: Asked,
    /// The games in progress were listed when the lobby opened: until
    /// then, the games lichess says have started (as it does of every
    /// game in progress when the event stream opens) wait in `early`.
    listed: bool,
    early: Vec<InProgress>,
    /// The game being joined or played on top of the lobby.
    in_game: Option<String>,
    /// The player quit with a real-time game running and was asked
    /// whether to leave it: the games in progress as lichess listed them.
    quit_asked: Option<Vec<InProgress>>,
    /// The player asked to quit (and has not answered no): news that is
    /// no news any more (a tournament's place) is not said.
    quitting: bool,
}

/// Challenges arriving within this long of the first are said as one
/// list (ms).
const CHALLENGE_GATHER_MS: u64 = 300;

/// The most challenges waiting for an answer; more are not taken in.
const MAX_CHALLENGES: usize = 30;

impl Lobby {
    fn say(&mut self, text: String, urgency: Urgency) {
        self.shell.say(Line::new(text, urgency), urgency);
    }

    /// Lines of a list: each said, none of them news to `repeat`.
    fn readout(&mut self, lines: impl IntoIterator<Item = Line>) {
        self.shell.show(lines);
    }

    /// While the lobby is in view, voice input listens for its commands.
    fn expect_commands(&self) {
        if let Some(l) = &self.listening {
            l.expected.set(crate::speech::vocabulary::Expecting::Moves(self.words.lex.lobby_phrases()));
        }
    }

    /// A line typed or heard (read literally, as typed): the lobby's
    /// commands, then the shell's (`repeat`, `stop`, listening on or off);
    /// a game's command is answered with what the lobby does.
    fn read(&mut self, text: &str) {
        let Some(text) = self.shell.typed(text) else { return };
        if self.quit_answered(&text) {
            return;
        }
        if lobby_command(self.words.lex, &text) != LobbyCommand::Unclear {
            return self.command(&text);
        }
        match crate::speech::command::parse_command(self.words.lex, &text) {
            Some(Ok(Command::Repeat)) => self.shell.repeat(),
            // Where the player is: the lobby, as whom.
            Some(Ok(Command::WhereAmI)) => {
                let text = self.words.lobby_ready(&self.me);
                self.say(text, Urgency::Info);
            }
            Some(Ok(Command::Silence)) => self.shell.silence(),
            Some(Ok(Command::StartListening)) => self.shell.voice_switch(None, Some(true)),
            Some(Ok(Command::StopListening)) => self.shell.voice_switch(None, Some(false)),
            _ => self.command(&text),
        }
    }

    fn fixed(&mut self, f: Fixed) {
        let text = self.words.fixed(f);
        self.say(text, Urgency::Info);
    }

    fn list(&mut self) {
        let lines: Vec<Line> = self
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| Line::new(self.words.game_item(i + 1, g), Urgency::Readout))
            .collect();
        self.readout(lines);
    }

    fn command(&mut self, text: &str) {
        let cmd = lobby_command(self.words.lex, text);
        match cmd {
            LobbyCommand::Quit => self.quitting(),
            LobbyCommand::Help => {
                let help = self.words.lobby_help();
                self.readout(help);
            }
            LobbyCommand::Accept(n) | LobbyCommand::Decline(n) => {
                let accept = matches!(cmd, LobbyCommand::Accept(_));
                let chosen = match n {
                    Some(k) => k.checked_sub(1).filter(|k| *k < self.waiting.len()),
                    None => self.waiting.len().checked_sub(1),
                };
                match chosen {
                    None => self.fixed(Fixed::NoChallenge),
                    Some(k) => {
                        let c = self.waiting.remove(k);
                        if accept {
                            // Its game (of the challenge's id) may start
                            // before lichess answers.
                            self.asked.game(&c.id);
                        }
                        self.call(move |client| match answer_challenge(client, &c.id, accept) {
                            Err(e) => LobbyNews::Failed(e),
                            Ok(()) if !accept => LobbyNews::Declined,
                            // Accepted: the game's start follows on the event stream.
                            Ok(()) => LobbyNews::Done,
                        });
                    }
                }
            }
            LobbyCommand::Seek { minutes, increment, rated } => {
                if speed_of(minutes, increment) == SeekSpeed::TooFast {
                    let text = self.words.seek_too_fast(minutes, increment);
                    self.say(text, Urgency::Info);
                } else {
                    let cancel = Arc::new(AtomicBool::new(false));
                    self.seeking = Some(cancel.clone());
                    let (client, tx) = (self.client.clone(), self.tx.clone());
                    std::thread::spawn(move || {
                        if let Err(e) = seek(&client, minutes, increment, rated, &cancel) {
                            let _ = tx.send(Msg::Lobby(LobbyNews::Failed(e)));
                        }
                    });
                    let text = self.words.seeking(minutes, increment);
                    self.say(text, Urgency::Info);
                }
            }
            LobbyCommand::Cancel => {
                if let Some(c) = self.seeking.take() {
                    c.store(true, Ordering::Relaxed);
                }
                self.fixed(Fixed::SeekCancelled);
            }
            LobbyCommand::Challenge { user, minutes, increment, color } => {
                self.challenge(user, minutes * 60, increment, color)
            }
            LobbyCommand::Ai { level, minutes, increment, color } => {
                self.asked.ai_sent();
                self.calls(move |client| match challenge_ai(client, level, minutes, increment, color) {
                    Ok(id) => vec![LobbyNews::AiGame(id)],
                    Err(e) => vec![LobbyNews::AiGame(None), LobbyNews::Failed(e)],
                });
            }
            LobbyCommand::Games => self.call(|client| match playing(client) {
                Ok(games) => LobbyNews::Games { games, why: Listing::Asked },
                Err(e) => LobbyNews::Failed(e),
            }),
            LobbyCommand::Join(n) => match n.checked_sub(1).and_then(|k| self.games.get(k)) {
                Some(g) if self.in_game.as_deref() == Some(g.id.as_str()) => self.fixed(Fixed::Joining),
                Some(g) => {
                    let id = g.id.clone();
                    self.join(&id);
                }
                None => self.fixed(Fixed::NoGames),
            },
            LobbyCommand::Watch(what) => self.watch(what),
            LobbyCommand::Puzzles => self.puzzles(),
            LobbyCommand::MyGames => {
                let me = self.me.clone();
                self.call(move |client| match crate::online::export::user_games(client, &me) {
                    Ok(games) => LobbyNews::MyGames(games),
                    Err(e) => LobbyNews::Failed(e),
                });
            }
            LobbyCommand::Review(n) => self.review(n),
            LobbyCommand::ReviewLast => self.review_last(),
            LobbyCommand::Tournaments
            | LobbyCommand::JoinTournament(_)
            | LobbyCommand::Withdraw
            | LobbyCommand::Standings => self.tournament_command(cmd),
            LobbyCommand::Broadcast { n, round } => self.broadcast(n, round),
            LobbyCommand::NoChannel(typed) => {
                let text = self.words.no_channel(&typed);
                self.say(text, Urgency::Info);
            }
            LobbyCommand::BadControl(t) => {
                let text = self.words.bad_control(&t);
                self.say(text, Urgency::Info);
            }
            LobbyCommand::Unclear => {
                let text = self.words.lobby_unclear(text);
                self.say(text, Urgency::Info);
            }
        }
    }

    fn news(&mut self, news: LobbyNews, now: u64) {
        match news {
            LobbyNews::Challenge { id, from, rating, control, rated, color } => {
                // Said with those arriving within CHALLENGE_GATHER_MS, as one list.
                if self.waiting.len() >= MAX_CHALLENGES {
                    return;
                }
                let text = self.words.challenge_in(self.waiting.len() + 1, &from, rating, control, rated, color);
                self.waiting.push(Waiting { id });
                self.unsaid.push(text);
                self.challenges_due.get_or_insert(now + CHALLENGE_GATHER_MS);
            }
            LobbyNews::ChallengeGone { id } => {
                self.waiting.retain(|w| w.id != id);
                self.fixed(Fixed::ChallengeGone);
            }
            LobbyNews::Declined => self.fixed(Fixed::Declined),
            LobbyNews::GameStart(game) => self.game_started(game),
            LobbyNews::AiGame(id) => self.asked.ai_answered(id.as_deref()),
            LobbyNews::NotJoined(e) => {
                self.in_game = None;
                self.news(LobbyNews::Failed(e), now);
            }
            // In a game, the game's own stream says so.
            LobbyNews::Connection { .. } if self.in_game.is_some() => {}
            LobbyNews::Connection { up } => {
                let text = self.words.fixed(if up { Fixed::ConnectionBack } else { Fixed::ConnectionLost });
                self.say(text, Urgency::Urgent);
            }
            LobbyNews::Ended(ended) => self.last_game = Some(*ended),
            LobbyNews::Rematch(r) => self.challenge(r.user, r.limit, r.increment, Some(r.color)),
            LobbyNews::ChallengeAnswered { user, sent } => {
                self.asked.challenge_answered(&user, sent.as_ref().ok().and_then(Option::as_deref));
                match sent {
                    Ok(_) => self.fixed(Fixed::ChallengeSent),
                    Err(e) => self.news(LobbyNews::Failed(e), now),
                }
            }
            LobbyNews::Tournament(news) => self.tournament_told(news, now),
            LobbyNews::Broadcast(news) => self.broadcast_news(news, now),
            LobbyNews::Done => {}
            LobbyNews::MyGames(read) => {
                let mut lines = self.words.my_games(&read.games, &self.me);
                let left = self.words.left_out(read.variants, read.unreadable, crate::ui::words::Items::Games);
                lines.extend(left.into_iter().map(|t| Line::new(t, Urgency::Readout)));
                self.my_games = read.games;
                self.readout(lines);
            }
            LobbyNews::Games { games, why } => self.games_listed(games, why, now),
            LobbyNews::Connected => self.connected(now),
            LobbyNews::Failed(e) => {
                let text = self.words.online_error(&e);
                self.say(text, Urgency::Urgent);
                // Leaving goes on whatever the tournament's answer.
                if matches!(e, ApiError::Unauthorized | ApiError::MissingScope) || self.tournaments.leaving {
                    self.quit = true;
                }
            }
        }
    }

    /// Calls the server for the player on a thread of its own: the lobby
    /// goes on answering the player (and `quit` and the signals) whatever
    /// the server does; the answer comes back as news, and "Asking
    /// lichess…" before it when it takes more than a moment.
    fn call(&self, work: impl FnOnce(&Client) -> LobbyNews + Send + 'static) {
        self.calls(|client| vec![work(client)]);
    }

    /// Calls the server as [`Self::call`] does, for news that comes in
    /// an order (said in that order).
    fn calls(&self, work: impl FnOnce(&Client) -> Vec<LobbyNews> + Send + 'static) {
        let client = self.client.clone();
        crate::ui::asking::ask(self.tx.clone(), crate::ui::input::Asked::Lichess, move || {
            work(&client).into_iter().map(Msg::Lobby).collect()
        });
    }

    /// Calls the server on a thread of its own for what the player did not
    /// ask just now (a look at the games, a round's state, a game joined
    /// with its own words): no word while it is awaited.
    fn call_unasked(&self, work: impl FnOnce(&Client) -> LobbyNews + Send + 'static) {
        self.calls_unasked(|client| vec![work(client)]);
    }

    /// Calls the server as [`Self::call_unasked`] does, for news that
    /// comes in an order.
    fn calls_unasked(&self, work: impl FnOnce(&Client) -> Vec<LobbyNews> + Send + 'static) {
        let (client, tx) = (self.client.clone(), self.tx.clone());
        let _ = std::thread::Builder::new().name("lichess-call".into()).spawn(move || {
            for news in work(&client) {
                let _ = tx.send(Msg::Lobby(news));
            }
        });
    }

    /// Joins game `id`: its stream is opened on a thread of its own (with
    /// a deadline for its first line, never held back by the quiet minute
    /// after a 429, tried again after a failure that may pass); once
    /// connected, the game is
    /// entered on top of the lobby and played until the player leaves it
    /// (`quit`: back to the lobby, where `games` can switch to another
    /// game).
    fn join(&mut self, id: &str) {
        self.in_game = Some(id.to_string());
        let (slot, id, me) = (self.joining.clone(), id.to_string(), self.me.to_lowercase());
        self.call_unasked(move |client| match join(client, &id, &me) {
            Ok(joined) => {
                if let Ok(mut s) = slot.lock() {
                    *s = Some(joined);
                }
                LobbyNews::Connected
            }
            Err(e) => LobbyNews::NotJoined(e),
        });
    }

    /// A challenge sent (asked for, or a rematch); its id awaited.
    /// Its game may start before lichess answers: the player's name marks
    /// it as asked for meanwhile.
    fn challenge(&mut self, user: String, limit: u64, inc: u64, color: Option<Color>) {
        self.asked.challenge_sent(&user);
        self.call(move |client| {
            let sent = challenge(client, &user, limit, inc, color);
            LobbyNews::ChallengeAnswered { user, sent }
        });
    }

    /// lichess's puzzles, played above the lobby (its news said as
    /// notices meanwhile, a pairing entered).
    fn puzzles(&mut self) {
        use crate::ui::modes::puzzle::{LichessPuzzles, lichess_mode};
        let asked = LichessPuzzles { angle: "mix".into(), difficulty: Default::default(), replay_days: None };
        match lichess_mode(&self.settings, self.client.clone(), self.tx.clone(), asked, Vec::new()) {
            Ok(mode) => self.next = Some(Box::new(mode)),
            Err(e) => {
                let text = self.words.session_error(&e);
                self.say(text, Urgency::Urgent);
            }
        }
    }

    /// The game joined is connected: it is entered.
    fn connected(&mut self, now: u64) {
        let Some((game, lines)) = self.joining.lock().ok().and_then(|mut s| s.take()) else { return };
        let time = game.control_text.as_ref().and_then(|c| c.parse().ok());
        let settings = Settings { time, ..self.settings.clone() };
        let me = game.setup.me.unwrap_or(Color::White);
        let opponent = OnlineOpponent::start(self.client.clone(), &game, lines, acts_to(self.tx.clone()));
        // Which game the player is now in is always said; with other
        // games in progress, the prompt names the opponent too.
        let name = match self.games.iter().find(|g| g.id == game.id) {
            Some(g) => self.words.account_name(&g.opponent),
            None => self.words.bare_name(&game.setup.players[(!me).index()]),
        };
        // A greeting: the opponent's first move is heard ahead of it.
        let text = self.words.now_in_game(&name);
        self.say(text, Urgency::Greeting);
        let others = self.games.iter().any(|g| g.id != game.id);
        let play = Play::new(settings.clone(), game.setup, now);
        let effects = Effects::new(self.tx.clone(), self.words, &settings).with_opponent(Box::new(opponent), !me);
        let mut play = play;
        play.listen(self.listening.clone());
        // Leaving it goes back to the lobby: no goodbye (a rematch
        // accepted ends the last game's study without one).
        play.above_another();
        let mut mode = GameMode::new(play, effects);
        // A pairing of the tournament joined: back in it at the game's end.
        let joined = self.tournaments.joined_id();
        if joined.is_some() && self.games.iter().any(|g| g.id == game.id && g.tournament.as_deref() == joined) {
            mode = mode.back_at_end();
        }
        self.next = Some(Box::new(if others { mode.labelled(&name) } else { mode }));
    }
}

impl Mode for Lobby {
    fn shell(&mut self) -> &mut Shell {
        &mut self.shell
    }

    /// The lobby is open; a single game in progress is joined at once,
    /// several are listed.
    fn greet(&mut self, _now: u64) {
        self.expect_commands();
        let text = self.words.lobby_ready(&self.me);
        self.say(text, Urgency::Readout);
        self.call_unasked(|client| LobbyNews::Games {
            games: playing(client).unwrap_or_default(),
            why: Listing::Greeting,
        });
    }

    fn line(&mut self, text: &str, _channel: Channel, _now: u64) {
        self.read(text);
    }

    /// What was heard is read as the words of a typed line: the best
    /// alternative, literally (a lobby command is never guessed).
    fn heard(&mut self, alternatives: &[(String, f32)], _now: u64) {
        let clean = clean_heard(alternatives);
        if let Some((best, _)) = clean.first() {
            let best = best.clone();
            self.read(&best);
        }
    }

    fn key(&mut self, key: BoardKey, _now: u64) {
        match key {
            BoardKey::Help => {
                let help = self.words.lobby_help();
                self.readout(help);
            }
            BoardKey::Talk(on) => self.shell.voice_switch(on, None),
            BoardKey::LastMove => self.shell.repeat(),
            _ => {}
        }
    }

    fn message(&mut self, msg: Msg, now: u64) -> Option<Msg> {
        match msg {
            Msg::Lobby(news) => self.news(news, now),
            Msg::Watch(id) => self.tv_woken(id, now),
            other => return Some(other),
        }
        None
    }

    /// Under a game or watching, the lobby goes on: a challenge, a
    /// correspondence move or a new game is said as a notice; a
    /// tournament's pairing (or the game of the player's seek) ends the
    /// modes above and is entered.
    fn goes_on_below(&self) -> bool {
        true
    }

    fn next_wake(&mut self) -> Option<u64> {
        [self.challenges_due, self.check_due, self.tournaments.due()].into_iter().flatten().min()
    }

    /// The challenges gathered are said: one alone as news; several as
    /// one list, its head as news and each challenge after it as a
    /// notice (what the player types is answered first, and drops none).
    fn timer(&mut self, now: u64) {
        self.tournament_timer(now);
        if self.check_due.is_some_and(|due| now >= due) {
            // The next look is due whatever this one finds.
            self.check_due = Some(now + CHECK_EVERY_MS);
            self.call_unasked(|client| match playing(client) {
                Ok(games) => LobbyNews::Games { games, why: Listing::Check },
                // Said only when the player asks.
                Err(_) => LobbyNews::Done,
            });
        }
        if self.challenges_due.is_none_or(|due| now < due) {
            return;
        }
        self.challenges_due = None;
        let unsaid = std::mem::take(&mut self.unsaid);
        if unsaid.len() == 1 {
            let urgent: Vec<String> = unsaid;
            for t in urgent {
                self.say(t, Urgency::Urgent);
            }
            return;
        }
        let head = self.words.challenges_in(unsaid.len());
        self.say(head, Urgency::Urgent);
        for t in unsaid {
            self.say(t, Urgency::Notice);
        }
    }

    fn wants_quit(&mut self) -> bool {
        self.quit
    }

    fn prompt(&mut self) -> String {
        ">".into()
    }

    fn narrator(&mut self) -> Narrator {
        self.words
    }

    fn leave(&mut self, _now: u64) {
        if let Some(c) = self.seeking.take() {
            c.store(true, Ordering::Relaxed);
        }
        if let Some((_, stop, _)) = self.tuning.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn says_goodbye(&self) -> bool {
        true
    }

    /// Input ended: the games in progress are named as going on, and a
    /// tournament joined is left first (lichess would pair the player on).
    fn input_ended(&mut self) {
        self.games_left_at_end();
        if self.tournaments.joined_id().is_some() {
            self.leave();
        }
    }

    /// The tournament being left is waited for (its call has its own
    /// deadlines; a failure ends the wait too).
    fn busy(&mut self) -> bool {
        self.tournaments.leaving && !self.quit
    }

    fn enter(&mut self) -> Option<Box<dyn Mode>> {
        self.next.take()
    }

    /// Back from a game (or watching): in a tournament, where the player
    /// stands (an arena pairs the player again).
    fn back(&mut self, now: u64) {
        self.expect_commands();
        self.fixed(Fixed::BackInLobby);
        if self.in_game.is_some() {
            // The game left may have ended: the games in progress are
            // looked at again (the numbers heard kept).
            self.check_due = Some(now);
        }
        self.in_game = None;
        self.tournament_back(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::SpeechLang;

    /// A lobby on a server that is never called, in `lang`.
    fn lobby(lang: SpeechLang) -> Lobby {
        let settings = Settings { lang, ..Settings::default() };
        let (tx, _rx) = std::sync::mpsc::channel();
        Lobby::new(&settings, Client::new("http://127.0.0.1:9", "t"), "Player".into(), tx, None)
    }

    fn said(l: &mut Lobby) -> Vec<String> {
        l.take_output().into_iter().map(|line| line.text).collect()
    }

    /// `repeat` (the language's word or the English one) says the last
    /// news again; what is heard is read as the same words, literally.
    #[test]
    fn repeat_and_heard_input_in_the_lobby() {
        for (lang, repeat) in [
            (SpeechLang::English, "repeat"),
            (SpeechLang::Russian, "повтори"),
            (SpeechLang::Russian, "repeat"),
            (SpeechLang::German, "wiederholen"),
            (SpeechLang::Korean, "다시"),
        ] {
            let mut l = lobby(lang);
            l.news(LobbyNews::Declined, 0);
            let news = said(&mut l);
            assert_eq!(news.len(), 1, "{lang}: {news:?}");
            l.line(repeat, Channel::Typed, 0);
            assert_eq!(said(&mut l), news, "{lang}: {repeat}");
            l.heard(&[(repeat.to_string(), 0.9), ("quit".to_string(), 0.1)], 0);
            assert_eq!(said(&mut l), news, "{lang}: {repeat} heard");
            assert!(!l.wants_quit(), "{lang}: only the best of what was heard is read");
            l.line("", Channel::Typed, 0);
            assert_eq!(said(&mut l).len(), 1, "{lang}: an empty line is answered");
        }
    }

    /// A board question in the lobby is answered with the lobby's words,
    /// and `stop` asks for silence.
    #[test]
    fn a_games_command_is_not_taken_and_stop_is() {
        let mut l = lobby(SpeechLang::English);
        l.line("what is on e4", Channel::Typed, 0);
        let answer = said(&mut l).join(" ");
        assert!(answer.contains("what is on e4"), "{answer}");
        l.line("stop", Channel::Typed, 0);
        assert!(l.take_silence());
    }
}
