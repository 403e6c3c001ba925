//! Broadcasts in words: the events live now, the round opened and its
//! boards, the board watched, moves that came together, a board's game
//! over, the stream lost and back.

use super::Narrator;
use crate::game::{Account, Player};
use crate::online::broadcast::{self, Board, EventPlayer, Listed, Round};
use crate::rules::{Color, Move, Position};
use crate::speech::lexicon::fill;
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::ui::output::{Line, Urgency};

/// The most places of the standings said at once (`players` says all).
pub(crate) const STANDINGS_SAID: usize = 20;

impl Narrator {
    /// The broadcasts live now, a line each after the head; `now` is the
    /// time of day (ms since the epoch) to say when a round starts.
    pub(crate) fn broadcasts(&self, list: &[Listed], now_ms: u64) -> Vec<String> {
        let b = &self.lex.study.broadcast;
        if list.is_empty() {
            return vec![b.none.clone()];
        }
        let n = list.len() as u64;
        let mut out = vec![fill(&b.head, &[("count", unit(self.lex, &b.broadcasts, n))])];
        for (i, l) in list.iter().enumerate() {
            let when = match l.starts_at {
                _ if l.ongoing => b.live.clone(),
                Some(at) if at > now_ms => fill(&b.starts, &[("time", self.days_left(at - now_ms, true))]),
                _ => b.not_started.clone(),
            };
            out.push(fill(
                &b.item,
                &[("n", (i + 1).to_string()), ("tour", l.tour.clone()), ("round", l.round.clone()), ("when", when)],
            ));
        }
        out
    }

    /// No broadcast of that number in the list.
    pub(crate) fn no_such_broadcast(&self, n: usize) -> String {
        fill(&self.lex.study.broadcast.no_such, &[("n", n.to_string())])
    }

    /// No round of that number.
    pub(crate) fn no_round(&self, asked: usize, count: usize) -> String {
        fill(&self.lex.study.broadcast.no_round, &[("n", asked.to_string()), ("count", count.to_string())])
    }

    /// The broadcast is being opened.
    pub(crate) fn broadcast_opening(&self) -> String {
        self.lex.study.broadcast.opening.clone()
    }

    /// The round opened: which, how many boards, and how to move among
    /// them.
    pub(crate) fn round_opened(&self, round: &Round) -> Vec<String> {
        let b = &self.lex.study.broadcast;
        let boards = unit(self.lex, &b.boards, round.boards.len() as u64);
        let head = fill(
            &b.opened,
            &[
                ("tour", round.tour.clone()),
                ("round", round.name.clone()),
                ("n", round.number.to_string()),
                ("count", round.count.to_string()),
                ("boards", boards),
            ],
        );
        let how = if round.boards.is_empty() { &b.empty } else { &b.how };
        let mut said = vec![head];
        if round.unread > 0 {
            said.push(fill(&b.unread, &[("n", round.unread.to_string())]));
        }
        said.push(how.clone());
        said
    }

    /// A board's players, by name (or side, unnamed).
    fn board_players(&self, players: &[Account; 2]) -> [(&'static str, String); 2] {
        let name = |a: &Account, side: Color| {
            if a.name.is_empty() {
                color_name(self.lex, side).to_string()
            } else {
                self.player_name(&Player::Online(a.clone()))
            }
        };
        [("white", name(&players[0], Color::White)), ("black", name(&players[1], Color::Black))]
    }

    /// The board watched (`n` of `count`): its players, and where its
    /// game is.
    pub(crate) fn board_header(&self, n: usize, count: usize, board: &Board) -> Vec<String> {
        let b = &self.lex.study.broadcast;
        let mut pairs = vec![("n", n.to_string()), ("count", count.to_string())];
        pairs.extend(self.board_players(&board.players));
        let head = fill(&b.board, &pairs);
        let pos = board.game.final_position();
        let now = match board.result {
            Some(winner) => self.watched_over(winner, winner.is_none()),
            None => fill(
                &self.lex.study.watch.now,
                &[("n", pos.fullmoves().to_string()), ("to_move", self.whose_move(pos.turn()))],
            ),
        };
        vec![head, now]
    }

    /// A result in the study's words.
    fn result_words(&self, result: Option<Color>) -> String {
        let s = &self.lex.study;
        match result {
            Some(Color::White) => s.result_white.clone(),
            Some(Color::Black) => s.result_black.clone(),
            None => s.result_draw.clone(),
        }
    }

    /// The boards of the round, a line each (none yet: said).
    pub(crate) fn board_items(&self, boards: &[Board]) -> Vec<String> {
        let b = &self.lex.study.broadcast;
        if boards.is_empty() {
            return vec![b.empty.clone()];
        }
        boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                let mut pairs = vec![("n", (i + 1).to_string())];
                pairs.extend(self.board_players(&board.players));
                match board.result {
                    Some(r) => {
                        pairs.push(("result", self.result_words(r)));
                        fill(&b.item_over, &pairs)
                    }
                    None => {
                        let pos = board.game.final_position();
                        pairs.push(("moves", pos.fullmoves().to_string()));
                        pairs.push(("to_move", self.whose_move(pos.turn()).trim_end_matches('.').to_lowercase()));
                        fill(&b.item_playing, &pairs)
                    }
                }
            })
            .collect()
    }

    /// No board of that number.
    pub(crate) fn no_board(&self, n: usize, count: usize) -> String {
        fill(&self.lex.study.broadcast.no_board, &[("n", n.to_string()), ("count", count.to_string())])
    }

    /// Several moves of the game watched came together: how many, and
    /// the last ("30 moves came together. Last: 31. Black: Qxe5.").
    pub(crate) fn moves_caught_up(&self, count: usize, before: &Position, last: &Move) -> Line {
        self.both(|n| {
            let text =
                fill(&n.lex.study.broadcast.caught_up, &[("count", count.to_string()), ("move", n.step(before, last))]);
            vec![Line::new(text, Urgency::Live)]
        })
        .pop()
        .unwrap_or_else(|| Line::info(String::new()))
    }

    /// Board `n`'s game ended (a board not watched).
    pub(crate) fn board_over(&self, n: usize, board: &Board, result: Option<Color>) -> String {
        let mut pairs = vec![("n", n.to_string()), ("result", self.result_words(result))];
        pairs.extend(self.board_players(&board.players));
        fill(&self.lex.study.broadcast.over, &pairs)
    }

    /// A board came into the round.
    pub(crate) fn new_board(&self, n: usize, board: &Board) -> String {
        let mut pairs = vec![("n", n.to_string())];
        pairs.extend(self.board_players(&board.players));
        fill(&self.lex.study.broadcast.new_board, &pairs)
    }

    /// The event's players (`standings`: its standings, at most
    /// [`STANDINGS_SAID`] places), a line each after the head.
    pub(crate) fn event_players(&self, tour: &str, players: &[EventPlayer], standings: bool) -> Vec<String> {
        let b = &self.lex.study.broadcast;
        if players.is_empty() {
            return vec![b.no_players.clone()];
        }
        let listed = if standings {
            broadcast::standings(players)
        } else {
            let mut all = players.to_vec();
            all.sort_by_key(|p| p.name.to_lowercase());
            all
        };
        if listed.is_empty() {
            return vec![b.no_standings.clone()];
        }
        let count = listed.len();
        let mut out = vec![if standings {
            fill(&b.standings_head, &[("tour", tour.to_string())])
        } else {
            fill(&b.players_head, &[("tour", tour.to_string()), ("count", unit(self.lex, &b.players, count as u64))])
        }];
        let said = if standings { count.min(STANDINGS_SAID) } else { count };
        for (i, p) in listed.iter().take(said).enumerate() {
            let n = if standings { p.rank.map_or(i + 1, |r| r as usize) } else { i + 1 };
            out.push(self.event_player(n, p));
        }
        if said < count {
            out.push(fill(&b.standings_more, &[("shown", said.to_string()), ("count", count.to_string())]));
        }
        out
    }

    /// A player in a list: the title and name, the rating and federation,
    /// the score of the games played.
    fn event_player(&self, n: usize, p: &EventPlayer) -> String {
        let b = &self.lex.study.broadcast;
        let name = match &p.title {
            Some(t) => format!("{t} {}", p.name),
            None => p.name.clone(),
        };
        let details: Vec<String> = p.rating.map(|r| r.to_string()).into_iter().chain(p.fed.clone()).collect();
        let player = if details.is_empty() {
            name
        } else {
            fill(&b.player_details, &[("name", name), ("details", details.join(", "))])
        };
        let Some(halves) = p.halves else {
            return fill(&b.player_unscored, &[("n", n.to_string()), ("player", player)]);
        };
        let points = self.points(u64::from(halves));
        let score = match p.played {
            Some(played) => fill(&b.score_of, &[("points", points), ("played", played.to_string())]),
            None => points,
        };
        fill(&b.player_item, &[("n", n.to_string()), ("player", player), ("score", score)])
    }

    /// The round's stream lost, or back.
    pub(crate) fn broadcast_connection(&self, up: bool) -> String {
        let b = &self.lex.study.broadcast;
        if up { b.back.clone() } else { b.lost.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::{Lexicon, SpeechLang, Style};

    fn round() -> Round {
        let text = "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";
        let boards = crate::online::broadcast::boards_of(text);
        Round {
            tour: "Cup".into(),
            tour_id: "cupcup01".into(),
            id: "abcdefgh".into(),
            name: "Round 3".into(),
            number: 3,
            count: 9,
            boards,
            unread: 0,
        }
    }

    #[test]
    fn a_round_in_english_and_russian() {
        let en = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        let r = round();
        assert_eq!(en.round_opened(&r)[0], "Cup, Round 3: round 3 of 9, 2 boards.");
        assert_eq!(
            en.board_header(1, 2, &r.boards[0]),
            ["Board 1 of 2: Anna against Boris.", "Move 2. Black to move."]
        );
        assert_eq!(
            en.board_items(&r.boards),
            ["1: Anna against Boris, move 2, black to move.", "2: Carl against Dora, Black won."]
        );
        assert_eq!(en.board_over(2, &r.boards[1], Some(Color::Black)), "Board 2, Carl against Dora: Black won.");
        let ru = Narrator::new(Lexicon::get(SpeechLang::Russian), Style::Brief);
        assert_eq!(ru.round_opened(&r)[0], "Cup, Round 3: тур 3 из 9, 2 доски.");
        let listed = Listed {
            tour_id: "abcdefgh".into(),
            tour: "Cup".into(),
            round_id: "abcdefgh".into(),
            round: "Round 3".into(),
            ongoing: false,
            starts_at: Some(3_600_000),
        };
        assert_eq!(en.broadcasts(std::slice::from_ref(&listed), 0)[1], "1: Cup, Round 3, starts in 1 hour.");
        assert!(ru.broadcasts(std::slice::from_ref(&listed), 0)[1].contains("начало через"));
        let later = Listed { starts_at: Some(5 * 86_400_000), ..listed };
        assert_eq!(en.broadcasts(&[later], 0)[1], "1: Cup, Round 3, starts in 5 days.");
    }

    fn player(name: &str, halves: Option<u32>, rank: Option<u32>) -> EventPlayer {
        EventPlayer { name: name.into(), title: None, rating: None, fed: None, halves, played: halves.map(|_| 4), rank }
    }

    #[test]
    fn players_and_standings_in_every_language() {
        let mut many: Vec<EventPlayer> = (0..25).map(|i| player(&format!("P{i:02}"), Some(50 - 2 * i), None)).collect();
        many.push(player("Zed", None, None));
        let en = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        let all = en.event_players("Cup", &many, false);
        assert_eq!(all.len(), 27, "every player: {all:?}");
        assert_eq!(all[0], "Cup: 26 players.");
        assert_eq!(all[26], "26. Zed.");
        let table = en.event_players("Cup", &many, true);
        assert_eq!(table[0], "Cup, standings:");
        assert_eq!(table[1], "1. P00: 25 points of 4.");
        assert_eq!(table.len(), STANDINGS_SAID + 2);
        assert_eq!(table[STANDINGS_SAID + 1], "20 of 25 places said; players lists them all.");
        assert_eq!(en.event_players("Cup", &[], false), ["lichess lists no players for this event."]);
        assert_eq!(en.event_players("Cup", &[player("Zed", None, None)], true), ["The event has no standings yet."]);
        // lichess's place first, then the score.
        let placed = [player("B", Some(3), Some(2)), player("A", Some(1), Some(1)), player("C", Some(9), None)];
        let table = en.event_players("Cup", &placed, true);
        assert_eq!(table[1..], ["1. A: 0.5 points of 4.", "2. B: 1.5 points of 4.", "3. C: 4.5 points of 4."]);
        let full =
            EventPlayer { title: Some("GM".into()), rating: Some(2700), fed: Some("NOR".into()), ..placed[0].clone() };
        for (lang, expected) in [
            (SpeechLang::Russian, "1. GM B (2700, NOR): 1,5 очка из 4."),
            (SpeechLang::German, "1. GM B (2700, NOR): 1,5 Punkte aus 4."),
            (SpeechLang::Korean, "1. GM B (2700, NOR): 4국 중 1.5점."),
        ] {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            let lines = n.event_players("Cup", std::slice::from_ref(&full), false);
            assert_eq!(lines[1], expected, "{lang:?}");
            assert!(!lines[0].contains("players"), "{lang:?}: {lines:?}");
        }
    }
}
