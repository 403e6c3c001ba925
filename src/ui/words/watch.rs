//! Watching lichess TV in words: the channel, the game featured and where
//! it is, moves missed, the feed lost and back, the clocks.

use super::Narrator;
use crate::game::{Account, Player};
use crate::online::tv::Watched;
use crate::rules::{Color, Position};
use crate::speech::lexicon::fill;
use crate::speech::say_move::color_name;
use crate::speech::say_time::say_duration;
use crate::ui::output::Line;

impl Narrator {
    /// A channel (the API's name) as the language calls it.
    pub(crate) fn channel_name(&self, channel: &str) -> String {
        self.lex.study.watch.channels.get(channel).cloned().unwrap_or_else(|| channel.to_string())
    }

    /// The feed of `channel` is being opened.
    pub(crate) fn watch_opening(&self, channel: &str) -> String {
        fill(&self.lex.study.watch.opening, &[("channel", self.channel_name(channel))])
    }

    /// A player's game is being looked for.
    pub(crate) fn watch_player_opening(&self, name: &str) -> String {
        fill(&self.lex.study.watch.opening_player, &[("name", name.to_string())])
    }

    /// No such channel: which there are.
    pub(crate) fn no_channel(&self, typed: &str) -> String {
        let list: Vec<String> = crate::online::tv::CHANNELS.iter().map(|c| self.channel_name(c)).collect();
        fill(&self.lex.study.watch.no_channel, &[("name", typed.to_string()), ("list", list.join(", "))])
    }

    /// The game featured (on a channel, or a player's): its players, and
    /// where it is.
    pub(crate) fn featured(&self, what: &Watched, players: &[Account; 2], pos: &Position) -> Vec<String> {
        let w = &self.lex.study.watch;
        let name = |a: &Account, side: Color| {
            if a.name.is_empty() {
                color_name(self.lex, side).to_string()
            } else {
                self.player_name(&Player::Online(a.clone()))
            }
        };
        let (white, black) = (name(&players[0], Color::White), name(&players[1], Color::Black));
        let head = match what {
            Watched::Channel(c) => {
                fill(&w.featured, &[("channel", self.channel_name(c)), ("white", white), ("black", black)])
            }
            Watched::Player(p) => {
                // The name as lichess writes it, when it is one of the two.
                let shown = players.iter().find(|a| a.name.eq_ignore_ascii_case(p)).map_or(p, |a| &a.name);
                fill(&w.player_game, &[("name", shown.clone()), ("white", white), ("black", black)])
            }
        };
        vec![head, self.watch_now(&w.now, pos)]
    }

    /// Moves were missed: where the game is now.
    pub(crate) fn watch_jumped(&self, pos: &Position) -> Line {
        Line::info(self.watch_now(&self.lex.study.watch.jumped, pos))
    }

    fn watch_now(&self, template: &str, pos: &Position) -> String {
        fill(template, &[("n", pos.fullmoves().to_string()), ("to_move", self.whose_move(pos.turn()))])
    }

    /// A move of the game watched, as it comes: "31... Black: Qxe5."
    pub(crate) fn watched_move(&self, before: &Position, mv: &crate::rules::Move) -> Line {
        self.both(|n| vec![Line::new(n.step(before, mv), crate::ui::output::Urgency::Live)])
            .pop()
            .unwrap_or_else(|| Line::info(String::new()))
    }

    /// The player asked for plays no game now.
    pub(crate) fn not_playing(&self, name: &str) -> String {
        fill(&self.lex.study.watch.not_playing, &[("name", name.to_string())])
    }

    /// The game watched ended.
    pub(crate) fn watched_over(&self, winner: Option<Color>, draw: bool) -> String {
        let (w, s) = (&self.lex.study.watch, &self.lex.study);
        let result = match (winner, draw) {
            (Some(Color::White), _) => &s.result_white,
            (Some(Color::Black), _) => &s.result_black,
            (None, true) => &s.result_draw,
            (None, false) => return w.over_plain.clone(),
        };
        fill(&w.over, &[("result", result.clone())])
    }

    /// The feed lost, or back.
    pub(crate) fn watch_connection(&self, up: bool) -> String {
        let w = &self.lex.study.watch;
        if up { w.back.clone() } else { w.lost.clone() }
    }

    /// Both clocks (ms), one line each.
    pub(crate) fn watch_clocks(&self, clocks: [u64; 2]) -> Vec<Line> {
        Color::ALL
            .iter()
            .zip(clocks)
            .map(|(side, ms)| {
                let time = say_duration(self.lex, ms);
                Line::info(fill(
                    &self.lex.study.watch.clock,
                    &[("side", color_name(self.lex, *side).to_string()), ("time", time)],
                ))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::{Lexicon, SpeechLang, Style};

    #[test]
    fn a_featured_game_in_english_and_korean() {
        let players = [
            Account { name: "Anna".into(), rating: Some(2650), title: Some("GM".into()), ai_level: None },
            Account::default(),
        ];
        let pos = Position::from_fen("3r1rk1/pp2p1b1/4P2p/3NP1p1/4qp2/5Q2/PP4K1/3R3R b - - 5 31").unwrap();
        let en = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        let glue = crate::ui::output::GLUE;
        assert_eq!(
            en.featured(&Watched::Channel("rapid"), &players, &pos),
            [format!("lichess TV, rapid: GM{glue}Anna{glue}(2650) against Black."), "Move 31. Black to move.".into()]
        );
        let ko = Narrator::new(Lexicon::get(SpeechLang::Korean), Style::Brief);
        assert!(ko.no_channel("atomic").contains("블리츠"));
        assert_eq!(ko.watch_clocks([61_000, 9_000]).len(), 2);
    }
}
