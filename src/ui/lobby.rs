//! Playing on lichess: logging in and out, and the lobby, where the
//! player answers challenges, seeks a game, challenges a player or
//! lichess's AI, and joins a game in progress. A game, once it starts, is
//! the same session as offline (`Play`), with the server's player as the
//! opponent ([`crate::online::OnlineOpponent`]).
//!
//! May use every front-end module; nothing imports it but the binary.

use super::app::Io;
use super::effects::{Effects, acts_to};
use super::input::Msg;
use super::output::{Line, Urgency};
use super::play::{NewGame, Play};
use super::session::{Stage, run_session};
use super::sink::{Screen, Voice, show_and_say};
use super::words::Narrator;
use crate::clock::TimeSource;
use crate::config::Settings;
use crate::game::{Opponent, Player};
use crate::online::opponent::{answer_challenge, challenge, challenge_ai, connect, playing, seek};
use crate::online::{ApiError, Client, LobbyNews, OnlineOpponent, SeekSpeed, lobby_stream, speed_of, token};
use crate::rules::Color;
use crate::speech::Lexicon;
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
    let o = &words.lex.client.online;
    let line = crate::bounded::read_line_limited(input, 4096).unwrap_or_default();
    let token = token::checked(&String::from_utf8_lossy(&line)).ok_or_else(|| OnlineError(o.token_refused.clone()))?;
    let client = Client::new(server, &token);
    let name = client.account().map_err(|e| OnlineError(words.online_error(&e)))?;
    // The scope is checked on a board endpoint: the event stream.
    match client.stream("/api/stream/event") {
        Ok(_) => {}
        Err(e @ (ApiError::MissingScope | ApiError::Unauthorized)) => return Err(OnlineError(words.online_error(&e))),
        Err(_) => {}
    }
    token::save(&token).map_err(|_| OnlineError(o.token_not_saved.clone()))?;
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
    Lexicon::get(settings.lang).client.online.logged_out.clone()
}

/// The words that ask for the token.
pub fn token_prompt(settings: &Settings) -> String {
    Lexicon::get(settings.lang).client.online.token_prompt.clone()
}

/// A lobby command.
#[derive(Debug, PartialEq, Eq)]
enum LobbyCommand {
    Accept(Option<usize>),
    Decline(Option<usize>),
    Seek { minutes: u64, increment: u64, rated: bool },
    Cancel,
    Challenge { user: String, minutes: u64, increment: u64, color: Option<Color> },
    Ai { level: u8, minutes: u64, increment: u64, color: Option<Color> },
    Games,
    Join(usize),
    Help,
    Quit,
    BadControl(String),
    Unclear,
}

/// "15+10" as minutes and seconds of increment.
fn control(text: &str) -> Option<(u64, u64)> {
    let (m, i) = text.split_once('+').unwrap_or((text, "0"));
    let (m, i): (u64, u64) = (m.trim().parse().ok()?, i.trim().parse().ok()?);
    (m <= 180 && i <= 180 && (m > 0 || i > 0)).then_some((m, i))
}

/// Reads a lobby line with the language's command words (English ones
/// too).
fn lobby_command(lex: &Lexicon, text: &str) -> LobbyCommand {
    let en = &Lexicon::get(crate::speech::SpeechLang::English).client.online.commands;
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let named = |i: usize| -> Option<&str> {
        let w = words.get(i)?;
        let two = words.get(i + 1).map(|n| format!("{w} {n}"));
        let own = &lex.client.online.commands;
        two.as_ref().and_then(|t| own.get(t)).or_else(|| own.get(w)).or_else(|| en.get(w)).map(String::as_str)
    };
    let width = |i: usize| -> usize {
        let two = words.get(i).zip(words.get(i + 1)).map(|(a, b)| format!("{a} {b}"));
        if two.is_some_and(|t| lex.client.online.commands.contains_key(&t)) { 2 } else { 1 }
    };
    let Some(first) = words.first() else { return LobbyCommand::Unclear };
    if let Ok(n) = first.parse::<usize>() {
        return if words.len() == 1 { LobbyCommand::Join(n) } else { LobbyCommand::Unclear };
    }
    let skip = width(0);
    let rest: Vec<&str> = words[skip.min(words.len())..].iter().map(String::as_str).collect();
    let number = rest.first().and_then(|w| w.parse::<usize>().ok());
    let color_of = |w: &str| match lex.client.online.commands.get(w).or_else(|| en.get(w)).map(String::as_str) {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    };
    match named(0) {
        Some("accept") => LobbyCommand::Accept(number),
        Some("decline") => LobbyCommand::Decline(number),
        Some("cancel") => LobbyCommand::Cancel,
        Some("games") => LobbyCommand::Games,
        Some("help") => LobbyCommand::Help,
        Some("quit") => LobbyCommand::Quit,
        Some("seek") => {
            let Some(text) = rest.first() else { return LobbyCommand::BadControl(String::new()) };
            let Some((minutes, increment)) = control(text) else { return LobbyCommand::BadControl(text.to_string()) };
            // "casual" (or the language's word, "без рейтинга" of two) after the control.
            let names_casual =
                |w: &str| lex.client.online.commands.get(w).or_else(|| en.get(w)).is_some_and(|c| c == "casual");
            let casual = names_casual(&rest[1..].join(" ")) || rest[1..].iter().any(|w| names_casual(w));
            LobbyCommand::Seek { minutes, increment, rated: !casual }
        }
        Some("challenge") => {
            let (Some(user), Some(text)) = (rest.first(), rest.get(1)) else { return LobbyCommand::Unclear };
            let Some((minutes, increment)) = control(text) else { return LobbyCommand::BadControl(text.to_string()) };
            let color = rest.get(2).and_then(|w| color_of(w));
            LobbyCommand::Challenge { user: user.to_string(), minutes, increment, color }
        }
        Some("ai") => {
            let level = rest.first().and_then(|w| w.parse::<u8>().ok()).filter(|l| (1..=8).contains(l));
            let (Some(level), Some(text)) = (level, rest.get(1)) else { return LobbyCommand::Unclear };
            let Some((minutes, increment)) = control(text) else { return LobbyCommand::BadControl(text.to_string()) };
            let color = rest.get(2).and_then(|w| color_of(w));
            LobbyCommand::Ai { level, minutes, increment, color }
        }
        _ => LobbyCommand::Unclear,
    }
}

/// A challenge waiting for the player's answer.
struct Waiting {
    id: String,
}

/// `voxchess online`: the lobby, then a game.
pub fn run_online(settings: Settings, server: &str, plain: bool) -> Result<(), OnlineError> {
    let words = Narrator::new(Lexicon::get(settings.lang), settings.style);
    let o = &words.lex.client.online;
    let token = token::load().ok_or_else(|| OnlineError(o.not_logged_in.clone()))?;
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
        let o = &self.words.lex.client.online;
        self.say(screen, voice, self.words.lobby_ready(&self.me), Urgency::Info);
        let mut games = playing(&self.client).unwrap_or_default();
        let bye = || vec![Line::info(self.words.lex.client.goodbye.clone())];
        match games.len() {
            0 => {}
            1 => {
                if self.play(&games[0].0.clone(), screen, voice) {
                    return bye();
                }
            }
            _ => {
                self.say(screen, voice, o.pick_game.clone(), Urgency::Info);
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
                            let help: Vec<Line> =
                                o.help.iter().map(|l| Line::new(l.clone(), Urgency::Readout)).collect();
                            show_and_say(screen, voice, &help);
                        }
                        LobbyCommand::Accept(n) | LobbyCommand::Decline(n) => {
                            let accept = matches!(cmd, LobbyCommand::Accept(_));
                            let chosen = match n {
                                Some(k) => k.checked_sub(1).filter(|k| *k < waiting.len()),
                                None => waiting.len().checked_sub(1),
                            };
                            match chosen {
                                None => self.say(screen, voice, o.no_challenge.clone(), Urgency::Info),
                                Some(k) => {
                                    let c = waiting.remove(k);
                                    if let Err(e) = answer_challenge(&self.client, &c.id, accept) {
                                        self.say(screen, voice, self.words.online_error(&e), Urgency::Urgent);
                                    } else if !accept {
                                        self.say(screen, voice, o.declined.clone(), Urgency::Info);
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
                            self.say(screen, voice, o.seek_cancelled.clone(), Urgency::Info);
                        }
                        LobbyCommand::Challenge { user, minutes, increment, color } => {
                            let sent = challenge(&self.client, &user, minutes, increment, color);
                            let text = sent.map_or_else(|e| self.words.online_error(&e), |()| o.challenge_sent.clone());
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
                                self.say(screen, voice, o.no_games.clone(), Urgency::Info);
                            }
                            self.list(&games, screen, voice);
                        }
                        LobbyCommand::Join(n) => match n.checked_sub(1).and_then(|k| games.get(k)) {
                            Some((id, ..)) => {
                                if self.play(&id.clone(), screen, voice) {
                                    return bye();
                                }
                            }
                            None => self.say(screen, voice, o.no_games.clone(), Urgency::Info),
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
                            self.say(screen, voice, o.challenge_gone.clone(), Urgency::Info);
                        }
                        LobbyNews::Declined => self.say(screen, voice, o.declined.clone(), Urgency::Info),
                        LobbyNews::GameStart { id } => {
                            if let Some(c) = seeking.take() {
                                c.store(true, Ordering::Relaxed);
                            }
                            if self.play(&id, screen, voice) {
                                return bye();
                            }
                        }
                        LobbyNews::Connection { up } => {
                            let text = if up { o.connection_back.clone() } else { o.connection_lost.clone() };
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
                Msg::Notice(text) => show_and_say(screen, voice, &[Line::info(text)]),
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
            self.say(screen, voice, self.words.lex.client.online.back_in_lobby.clone(), Urgency::Info);
            screen.prompt(">");
        }
        end_all
    }
}

#[cfg(test)]
mod tests {
    use super::{LobbyCommand as C, lobby_command};
    use crate::rules::Color;
    use crate::speech::{Lexicon, SpeechLang};

    /// Lobby commands in every language (and English in every session).
    #[test]
    fn lobby_commands_in_every_language() {
        let en = Lexicon::get(SpeechLang::English);
        assert_eq!(lobby_command(en, "seek 15+10"), C::Seek { minutes: 15, increment: 10, rated: true });
        assert_eq!(lobby_command(en, "seek 15+10 casual"), C::Seek { minutes: 15, increment: 10, rated: false });
        assert_eq!(lobby_command(en, "accept"), C::Accept(None));
        assert_eq!(lobby_command(en, "decline 2"), C::Decline(Some(2)));
        assert_eq!(
            lobby_command(en, "challenge Anna 10+5 black"),
            C::Challenge { user: "anna".into(), minutes: 10, increment: 5, color: Some(Color::Black) }
        );
        assert_eq!(lobby_command(en, "ai 3 15+10"), C::Ai { level: 3, minutes: 15, increment: 10, color: None });
        assert_eq!(lobby_command(en, "seek x"), C::BadControl("x".into()));
        assert_eq!(lobby_command(en, "2"), C::Join(2));
        let ru = Lexicon::get(SpeechLang::Russian);
        assert_eq!(
            lobby_command(ru, "искать 15+10 без рейтинга"),
            C::Seek { minutes: 15, increment: 10, rated: false }
        );
        assert_eq!(lobby_command(ru, "принять"), C::Accept(None));
        assert_eq!(lobby_command(ru, "партии"), C::Games);
        let de = Lexicon::get(SpeechLang::German);
        assert_eq!(lobby_command(de, "annehmen 1"), C::Accept(Some(1)));
        assert_eq!(lobby_command(de, "suchen 20+0"), C::Seek { minutes: 20, increment: 0, rated: true });
        let ko = Lexicon::get(SpeechLang::Korean);
        assert_eq!(lobby_command(ko, "게임 목록"), C::Games);
        assert_eq!(lobby_command(ko, "수락"), C::Accept(None));
    }
}
