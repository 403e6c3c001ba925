//! Playing on lichess: logging in and out, and the lobby, where the
//! player answers challenges, seeks a game, challenges a player or
//! lichess's AI, and joins a game in progress. A game, once it starts, is
//! the same session as offline (`Play`), with the server's player as the
//! opponent ([`crate::online::OnlineOpponent`]).
//!
//! May use every front-end module; nothing imports it but the binary.

mod command;

use crate::clock::TimeSource;
use crate::config::Settings;
use crate::game::{Opponent, Player};
use crate::online::opponent::{answer_challenge, challenge, challenge_ai, connect, playing, seek};
use crate::online::{ApiError, Client, LobbyNews, OnlineOpponent, SeekSpeed, lobby_stream, speed_of, token};
use crate::rules::Color;
use crate::speech::Lexicon;
use crate::ui::app::Io;
use crate::ui::effects::{Effects, acts_to};
use crate::ui::input::Msg;
use crate::ui::output::{Line, Urgency};
use crate::ui::play::{NewGame, Play};
use crate::ui::session::{Stage, run_session};
use crate::ui::sink::{Screen, Voice, show_and_say};
use crate::ui::words::{Fixed, Narrator};
use command::{LobbyCommand, lobby_command};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why logging in or the lobby could not start, in the session's words.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OnlineError(pub String);

/// `voxchess online login`: reads a token (one line of `input`), checks
/// it with the server, keeps it; says the result. The token is never
/// shown.
pub fn login(settings: &Settings, server: &str, input: &mut impl std::io::BufRead) -> Result<String, OnlineError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let line = crate::bounded::read_line_limited(input, 4096).unwrap_or_default();
    let token =
        token::checked(&String::from_utf8_lossy(&line)).ok_or_else(|| OnlineError(words.fixed(Fixed::TokenRefused)))?;
    let client = Client::new(server, &token);
    let name = client.account().map_err(|e| OnlineError(words.online_error(&e)))?;
    // The scope is checked on a board endpoint: the event stream.
    match client.stream("/api/stream/event") {
        Ok(_) => {}
        Err(e @ (ApiError::MissingScope | ApiError::Unauthorized)) => return Err(OnlineError(words.online_error(&e))),
        Err(_) => {}
    }
    token::save(&token).map_err(|_| OnlineError(words.fixed(Fixed::TokenNotSaved)))?;
    Ok(words.logged_in(&name))
}

/// While the token is typed in a terminal: no echo (restored when the
/// guard goes).
pub fn hide_input() -> super::edited::TermGuard {
    super::edited::hidden_input()
}

/// `voxchess online logout`.
pub fn logout(settings: &Settings) -> String {
    token::forget();
    Narrator::new(Lexicon::get(settings.lang), settings.style).fixed(Fixed::LoggedOut)
}

/// The words that ask for the token.
pub fn token_prompt(settings: &Settings) -> String {
    Narrator::new(Lexicon::get(settings.lang), settings.style).fixed(Fixed::TokenPrompt)
}

/// A challenge waiting for the player's answer.
struct Waiting {
    id: String,
}

/// `voxchess online`: the lobby, then a game.
pub fn run_online(settings: Settings, server: &str, plain: bool) -> Result<(), OnlineError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let token = token::load().ok_or_else(|| OnlineError(words.fixed(Fixed::NotLoggedIn)))?;
    let client = Client::new(server, &token);
    let me = client.account().map_err(|e| OnlineError(words.online_error(&e)))?;
    let io = Io::open(&settings);
    let tx = io.tx.clone();
    let news = Arc::new(move |n: LobbyNews| {
        let _ = tx.send(Msg::Lobby(n));
    });
    lobby_stream(client.clone(), me.to_lowercase(), news);
    io.run_with(plain, |io, screen, voice| {
        Lobby { io, client, me, settings: settings.clone(), words }.run(screen, voice)
    })
    .map_err(|e| OnlineError(e.to_string()))
}

struct Lobby<'a> {
    io: &'a Io,
    client: Client,
    me: String,
    settings: Settings,
    words: Narrator,
}

impl Lobby<'_> {
    fn say(&self, screen: &mut dyn Screen, voice: &mut dyn Voice, text: String, urgency: Urgency) {
        show_and_say(screen, voice, &[Line::new(text, urgency)]);
    }

    fn run(self, screen: &mut dyn Screen, voice: &mut dyn Voice) -> Vec<Line> {
        let o = |f| self.words.fixed(f);
        self.say(screen, voice, self.words.lobby_ready(&self.me), Urgency::Info);
        let mut games = playing(&self.client).unwrap_or_default();
        let bye = || vec![self.words.fixed_line(Fixed::Goodbye)];
        match games.len() {
            0 => {}
            1 => {
                if self.play(&games[0].0.clone(), screen, voice) {
                    return bye();
                }
            }
            _ => {
                self.say(screen, voice, o(Fixed::PickGame), Urgency::Info);
                self.list(&games, screen, voice);
            }
        }
        screen.prompt(">");
        let mut waiting: Vec<Waiting> = Vec::new();
        let mut seeking: Option<Arc<AtomicBool>> = None;
        while let Ok(msg) = self.io.rx.recv() {
            match msg {
                Msg::Typed(text) => {
                    voice.player_acts();
                    let cmd = lobby_command(self.words.lex, &text);
                    match cmd {
                        LobbyCommand::Quit => break,
                        LobbyCommand::Help => {
                            show_and_say(screen, voice, &self.words.lobby_help());
                        }
                        LobbyCommand::Accept(n) | LobbyCommand::Decline(n) => {
                            let accept = matches!(cmd, LobbyCommand::Accept(_));
                            let chosen = match n {
                                Some(k) => k.checked_sub(1).filter(|k| *k < waiting.len()),
                                None => waiting.len().checked_sub(1),
                            };
                            match chosen {
                                None => self.say(screen, voice, o(Fixed::NoChallenge), Urgency::Info),
                                Some(k) => {
                                    let c = waiting.remove(k);
                                    if let Err(e) = answer_challenge(&self.client, &c.id, accept) {
                                        self.say(screen, voice, self.words.online_error(&e), Urgency::Urgent);
                                    } else if !accept {
                                        self.say(screen, voice, o(Fixed::Declined), Urgency::Info);
                                    }
                                }
                            }
                        }
                        LobbyCommand::Seek { minutes, increment, rated } => {
                            if speed_of(minutes, increment) == SeekSpeed::TooFast {
                                self.say(screen, voice, self.words.seek_too_fast(minutes, increment), Urgency::Info);
                            } else {
                                let cancel = Arc::new(AtomicBool::new(false));
                                seeking = Some(cancel.clone());
                                let (client, tx) = (self.client.clone(), self.io.tx.clone());
                                std::thread::spawn(move || {
                                    if let Err(e) = seek(&client, minutes, increment, rated, &cancel) {
                                        let _ = tx.send(Msg::Lobby(LobbyNews::Failed(e)));
                                    }
                                });
                                self.say(screen, voice, self.words.seeking(minutes, increment), Urgency::Info);
                            }
                        }
                        LobbyCommand::Cancel => {
                            if let Some(c) = seeking.take() {
                                c.store(true, Ordering::Relaxed);
                            }
                            self.say(screen, voice, o(Fixed::SeekCancelled), Urgency::Info);
                        }
                        LobbyCommand::Challenge { user, minutes, increment, color } => {
                            let sent = challenge(&self.client, &user, minutes, increment, color);
                            let text = sent.map_or_else(|e| self.words.online_error(&e), |()| o(Fixed::ChallengeSent));
                            self.say(screen, voice, text, Urgency::Info);
                        }
                        LobbyCommand::Ai { level, minutes, increment, color } => {
                            if let Err(e) = challenge_ai(&self.client, level, minutes, increment, color) {
                                self.say(screen, voice, self.words.online_error(&e), Urgency::Urgent);
                            }
                        }
                        LobbyCommand::Games => {
                            games = playing(&self.client).unwrap_or_default();
                            if games.is_empty() {
                                self.say(screen, voice, o(Fixed::NoGames), Urgency::Info);
                            }
                            self.list(&games, screen, voice);
                        }
                        LobbyCommand::Join(n) => match n.checked_sub(1).and_then(|k| games.get(k)) {
                            Some((id, ..)) => {
                                if self.play(&id.clone(), screen, voice) {
                                    return bye();
                                }
                            }
                            None => self.say(screen, voice, o(Fixed::NoGames), Urgency::Info),
                        },
                        LobbyCommand::BadControl(t) => {
                            self.say(screen, voice, self.words.bad_control(&t), Urgency::Info)
                        }
                        LobbyCommand::Unclear => {
                            self.say(screen, voice, self.words.lobby_unclear(&text), Urgency::Info)
                        }
                    }
                    screen.prompt(">");
                }
                Msg::Lobby(news) => {
                    match news {
                        LobbyNews::Challenge { id, from, rating, control, rated, color } => {
                            waiting.push(Waiting { id });
                            let text = self.words.challenge_in(waiting.len(), &from, rating, control, rated, color);
                            self.say(screen, voice, text, Urgency::Urgent);
                        }
                        LobbyNews::ChallengeGone { id } => {
                            waiting.retain(|w| w.id != id);
                            self.say(screen, voice, o(Fixed::ChallengeGone), Urgency::Info);
                        }
                        LobbyNews::Declined => self.say(screen, voice, o(Fixed::Declined), Urgency::Info),
                        LobbyNews::GameStart { id } => {
                            if let Some(c) = seeking.take() {
                                c.store(true, Ordering::Relaxed);
                            }
                            if self.play(&id, screen, voice) {
                                return bye();
                            }
                        }
                        LobbyNews::Connection { up } => {
                            let text = o(if up { Fixed::ConnectionBack } else { Fixed::ConnectionLost });
                            self.say(screen, voice, text, Urgency::Urgent);
                        }
                        LobbyNews::Failed(e) => {
                            self.say(screen, voice, self.words.online_error(&e), Urgency::Urgent);
                            if matches!(e, ApiError::Unauthorized | ApiError::MissingScope) {
                                break;
                            }
                        }
                    }
                    screen.prompt(">");
                }
                Msg::Notice(n) => show_and_say(screen, voice, &[Line::info(self.words.notice(&n))]),
                // The display's keys read it; its going and coming are said.
                Msg::Braille(news) => {
                    let said = self.words.braille_news(&news);
                    screen.braille(news);
                    show_and_say(screen, voice, &said.into_iter().collect::<Vec<_>>());
                }
                Msg::Eof | Msg::Quit => break,
                _ => {}
            }
        }
        bye()
    }

    fn list(&self, games: &[(String, String, Color, bool)], screen: &mut dyn Screen, voice: &mut dyn Voice) {
        let lines: Vec<Line> = games
            .iter()
            .enumerate()
            .map(|(i, (_, name, color, turn))| {
                Line::new(self.words.game_item(i + 1, name, *color, *turn), Urgency::Readout)
            })
            .collect();
        show_and_say(screen, voice, &lines);
    }

    /// Joins game `id` and plays it until the player leaves it (`quit`:
    /// back to the lobby, where `games` can switch to another game);
    /// true when the whole program should end (input ended, a signal).
    fn play(&self, id: &str, screen: &mut dyn Screen, voice: &mut dyn Voice) -> bool {
        let (game, lines) = match connect(&self.client, id, &self.me.to_lowercase()) {
            Ok(g) => g,
            Err(e) => {
                self.say(screen, voice, self.words.online_error(&e), Urgency::Urgent);
                return false;
            }
        };
        let players = game.players.clone().map(Player::Online);
        self.say(screen, voice, self.words.game_starts(&players), Urgency::Info);
        let time = game.control_text.as_ref().and_then(|c| c.parse().ok());
        let settings = Settings { time, ..self.settings.clone() };
        let me = game.me;
        let opponent = OnlineOpponent::start(self.client.clone(), &game, lines, acts_to(self.io.tx.clone()));
        let [white, black] = players;
        let (own, theirs) = if me == Color::White { (white, black) } else { (black, white) };
        let new = NewGame {
            settings: settings.clone(),
            start: game.start,
            moves: game.moves.clone(),
            me: Some(me),
            opponent: Some(theirs),
            own: Some(own),
            clock: None,
            date: None,
            terms: opponent.terms(),
            site: Some(game.url.clone()),
        };
        let play = Play::new(new, self.io.time.now_ms());
        let effects = Effects::new(self.io.tx.clone(), self.words, &settings).with_opponent(Box::new(opponent), !me);
        let end = run_session(Stage::Play(Box::new(play), None), effects, &self.io.time, &self.io.rx, screen, voice);
        let end_all = end.end_all;
        show_and_say(screen, voice, &end.lines);
        if !end_all {
            self.say(screen, voice, self.words.fixed(Fixed::BackInLobby), Urgency::Info);
            screen.prompt(">");
        }
        end_all
    }
}
