//! Broadcasts in words: the events live now, the round opened and its
//! boards, the board watched, moves that came together, a board's game
//! over, the stream lost and back.

use super::Narrator;
use crate::game::{Account, Player};
use crate::online::broadcast::{Board, Listed, Round};
use crate::rules::{Color, Move, Position};
use crate::speech::lexicon::fill;
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::ui::output::{Line, Urgency};

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
                Some(at) if at > now_ms => fill(&b.starts, &[("time", self.days_left(at - now_ms))]),
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
        vec![head, how.clone()]
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
        Round { tour: "Cup".into(), id: "abcdefgh".into(), name: "Round 3".into(), number: 3, count: 9, boards }
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
}
