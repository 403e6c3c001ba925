//! Following a broadcast round as a mode: the board watched is a review
//! that grows as its moves come (every board question, looking back, the
//! engine, the explorer and the tablebase work on it); the other boards
//! are kept as they come, their results said as notices; `boards` lists
//! them, `board 3` (or `3`), `next game` and `previous game` switch.
//! Several moves that come together (the stream's catching up) are one
//! line: how many, and the last. Nothing is posted; leaving stops the
//! stream.
//!
//! May use: `io`, the session, and everything below them.

use super::review::ReviewMode;
use super::watch::{Source, Watching, say};
use crate::config::Settings;
use crate::online::Client;
use crate::online::broadcast::{self, Board, MAX_BOARDS, Round, RoundNews};
use crate::rules::Position;
use crate::ui::effects::Effects;
use crate::ui::feed::Feed;
use crate::ui::input::Msg;
use crate::ui::output::{Line, Urgency};
use crate::ui::review::Review;
use crate::ui::session::Mode;
use crate::ui::shell::Front;
use crate::ui::words::Narrator;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

/// Following a broadcast round.
pub(crate) type BroadcastMode = Watching<Relay>;

/// A broadcast round's boards, one of them watched.
pub(crate) struct Relay {
    round: Round,
    /// The board watched (from 0).
    watched: usize,
    settings: Settings,
    /// Set when the player leaves: the stream stops.
    stop: Arc<AtomicBool>,
    /// The server (the event's players are asked of it, no token sent)
    /// and where its answer goes.
    server: String,
    tx: Sender<Msg>,
    /// The round's news (and the players' answer), taken a batch at a time.
    feed: Feed<RoundNews>,
}

/// What the player asks of the broadcast.
#[derive(Debug, PartialEq, Eq)]
enum Ask {
    Boards,
    Board(usize),
    Next,
    Previous,
    /// The event's players, or (true) its standings.
    Players(bool),
}

impl BroadcastMode {
    /// Following `round` of `server` from its first board; the stream's
    /// thread stops when `stop` is set.
    pub(crate) fn new(
        settings: &Settings,
        (server, round): (&str, Round),
        effects: Effects,
        (stop, feed): (Arc<AtomicBool>, Feed<RoundNews>),
        now: u64,
    ) -> BroadcastMode {
        let (server, tx) = (server.to_string(), effects.sender());
        let relay = Relay { round, watched: 0, settings: settings.clone(), stop, server, tx, feed };
        let review = relay.review_of(0, now);
        Watching::with(ReviewMode::new(review, effects), relay)
    }
}

impl Relay {
    fn words(&self) -> Narrator {
        Narrator::new(crate::speech::Lexicon::get(self.settings.lang), self.settings.style)
    }

    /// The review of board `i` (an empty round: the initial position).
    fn review_of(&self, i: usize, now: u64) -> Review {
        let count = self.round.boards.len();
        match self.round.boards.get(i) {
            Some(b) => {
                let header = self.words().board_header(i + 1, count, b);
                let mut review = Review::watching_game(&self.settings, header, b.game.clone(), b.clocks, now);
                // A board whose game has ended is a review like any other.
                if b.result.is_some() {
                    review.ended();
                }
                review
            }
            None => Review::watching(&self.settings, Vec::new(), Position::start(), None, now),
        }
    }

    /// What a line asks of the broadcast, if it asks anything of it.
    fn ask(&self, text: &str) -> Option<Ask> {
        use crate::speech::BroadcastWord;
        let lex = crate::speech::Lexicon::get(self.settings.lang);
        let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
        let number = |w: &String| w.parse::<usize>().ok();
        match words.as_slice() {
            [n] if number(n).is_some() => number(n).map(Ask::Board),
            [a] => match lex.broadcast_word(a)? {
                BroadcastWord::Boards => Some(Ask::Boards),
                BroadcastWord::Players => Some(Ask::Players(false)),
                BroadcastWord::Standings => Some(Ask::Players(true)),
                _ => None,
            },
            [a, n] if number(n).is_some() => {
                (lex.broadcast_word(a)? == BroadcastWord::Board).then(|| number(n).map(Ask::Board)).flatten()
            }
            [a, b] => match lex.broadcast_word(&format!("{a} {b}"))? {
                BroadcastWord::Next => Some(Ask::Next),
                BroadcastWord::Previous => Some(Ask::Previous),
                BroadcastWord::Boards => Some(Ask::Boards),
                BroadcastWord::Players => Some(Ask::Players(false)),
                BroadcastWord::Standings => Some(Ask::Players(true)),
                BroadcastWord::Board => None,
            },
            _ => None,
        }
    }

    /// The event's players asked of lichess on a thread of its own; the
    /// answer comes as [`RoundNews::Players`].
    fn ask_players(&self, standings: bool) {
        let (server, tour, tx) = (self.server.clone(), self.round.tour_id.clone(), self.tx.clone());
        let (feed, stop) = (self.feed.clone(), self.stop.clone());
        let _ = std::thread::Builder::new().name("lichess-players".into()).spawn(move || {
            let players = broadcast::players(&Client::new(&server, ""), &tour);
            let id = feed.id();
            feed.put(RoundNews::Players { standings, players }, &stop, || {
                let _ = tx.send(Msg::Broadcast(id));
            });
        });
    }

    /// Board `i` watched from now on, said.
    fn switch(&mut self, inner: &mut ReviewMode, i: usize, now: u64) {
        self.watched = i;
        inner.replace(self.review_of(i, now));
        inner.greet(now);
    }

    /// A game as it stands now: the board watched says its new moves (or
    /// where it is, corrected) and its end; another board says only its
    /// end; a new board is said.
    fn update(&mut self, inner: &mut ReviewMode, board: Board, now: u64) {
        let Some(i) = self.round.boards.iter().position(|b| b.key == board.key) else {
            if self.round.boards.len() >= MAX_BOARDS {
                return;
            }
            self.round.boards.push(board);
            let n = self.round.boards.len();
            let text = self.words().new_board(n, &self.round.boards[n - 1]);
            if n == 1 {
                return self.switch(inner, 0, now);
            }
            return say(inner, text, Urgency::Notice);
        };
        let old = std::mem::replace(&mut self.round.boards[i], board);
        let new = &self.round.boards[i];
        let ended = new.result.filter(|_| old.result.is_none());
        let (was, is) = (old.game.mainline(), new.game.mainline());
        if i == self.watched {
            let same_start = old.game.start.to_fen() == new.game.start.to_fen();
            if same_start && is.starts_with(&was) {
                inner.review().watched_moves(&is[was.len()..], new.clocks, now);
            } else if is != was || !same_start {
                inner.review().replaced(new.game.clone(), new.clocks, now);
            }
            if let Some(winner) = ended {
                inner.review().ended();
                let text = self.words().watched_over(winner, winner.is_none());
                say(inner, text, Urgency::Move);
            }
        } else if let Some(winner) = ended {
            let text = self.words().board_over(i + 1, new, winner);
            say(inner, text, Urgency::Notice);
        }
    }
}

impl Source for Relay {
    fn greet(&mut self, inner: &mut ReviewMode, _now: u64) {
        for text in self.words().round_opened(&self.round) {
            say(inner, text, Urgency::Readout);
        }
    }

    fn line(&mut self, inner: &mut ReviewMode, text: &str, now: u64) -> bool {
        let Some(ask) = self.ask(text) else { return false };
        let count = self.round.boards.len();
        let words = self.words();
        let to = match ask {
            Ask::Boards => {
                let lines = words.board_items(&self.round.boards);
                inner.review().shell().answer(lines.into_iter().map(Line::info).collect());
                return true;
            }
            Ask::Players(standings) => {
                self.ask_players(standings);
                return true;
            }
            Ask::Board(n) => n.checked_sub(1).filter(|i| *i < count).ok_or(n),
            Ask::Next if count > 0 => Ok((self.watched + 1) % count),
            Ask::Previous if count > 0 => Ok((self.watched + count - 1) % count),
            Ask::Next | Ask::Previous => Err(1),
        };
        match to {
            Ok(i) => self.switch(inner, i, now),
            Err(n) => say(inner, words.no_board(n, count), Urgency::Info),
        }
        true
    }

    /// A batch of the round's news at a time: a line typed or a signal
    /// that came meanwhile is taken before the next batch.
    fn message(&mut self, inner: &mut ReviewMode, msg: Msg, now: u64) -> Option<Msg> {
        let Msg::Broadcast(id) = msg else { return Some(msg) };
        if id != self.feed.id() {
            return Some(msg);
        }
        let (feed, tx) = (self.feed.clone(), self.tx.clone());
        feed.drain(|news| self.news(inner, news, now), || drop(tx.send(Msg::Broadcast(id))));
        None
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Relay {
    /// One item of the round's news.
    fn news(&mut self, inner: &mut ReviewMode, news: RoundNews, now: u64) {
        match news {
            RoundNews::Board(board) => self.update(inner, *board, now),
            RoundNews::Connection { up } => {
                let text = self.words().broadcast_connection(up);
                say(inner, text, Urgency::Urgent);
            }
            RoundNews::Failed(e) => {
                let text = self.words().online_error(&e);
                say(inner, text, Urgency::Urgent);
            }
            RoundNews::Players { players: Err(e), .. } => {
                let text = self.words().online_error(&e);
                say(inner, text, Urgency::Info);
            }
            RoundNews::Players { standings, players: Ok(players) } => {
                let lines = self.words().event_players(&self.round.tour, &players, standings);
                inner.review().shell().answer(lines.into_iter().map(Line::info).collect());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_asked_for_in_every_language() {
        let mut settings = Settings::default();
        let relay = |settings: &Settings| Relay {
            round: Round {
                tour: String::new(),
                tour_id: String::new(),
                id: String::new(),
                name: String::new(),
                number: 1,
                count: 1,
                boards: Vec::new(),
                unread: 0,
            },
            watched: 0,
            settings: settings.clone(),
            stop: Arc::default(),
            server: String::new(),
            tx: std::sync::mpsc::channel().0,
            feed: Feed::new(),
        };
        let en = relay(&settings);
        assert_eq!(en.ask("boards"), Some(Ask::Boards));
        assert_eq!(en.ask("Board 3"), Some(Ask::Board(3)));
        assert_eq!(en.ask("3"), Some(Ask::Board(3)));
        assert_eq!(en.ask("next game"), Some(Ask::Next));
        assert_eq!(en.ask("board"), None, "the board read aloud is the review's");
        assert_eq!(en.ask("next"), None, "a step forward is the review's");
        settings.lang = crate::speech::SpeechLang::Russian;
        let ru = relay(&settings);
        assert_eq!(ru.ask("доска 2"), Some(Ask::Board(2)));
        assert_eq!(ru.ask("следующая партия"), Some(Ask::Next));
        assert_eq!(ru.ask("boards"), Some(Ask::Boards));
        assert_eq!(en.ask("players"), Some(Ask::Players(false)));
        assert_eq!(en.ask("Standings"), Some(Ask::Players(true)));
        assert_eq!(ru.ask("игроки"), Some(Ask::Players(false)));
        assert_eq!(ru.ask("турнирная таблица"), Some(Ask::Players(true)));
        settings.lang = crate::speech::SpeechLang::German;
        let de = relay(&settings);
        assert_eq!(de.ask("Spieler"), Some(Ask::Players(false)));
        assert_eq!(de.ask("tabelle"), Some(Ask::Players(true)));
        settings.lang = crate::speech::SpeechLang::Korean;
        let ko = relay(&settings);
        assert_eq!(ko.ask("선수 목록"), Some(Ask::Players(false)));
        assert_eq!(ko.ask("순위"), Some(Ask::Players(true)));
    }
}
