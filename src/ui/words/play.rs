//! The sentences of a session around the moves: the greeting, the prompt,
//! where the view is while looking back, the board's side, the opponent's
//! name, what was heard, and the notices of the wiring (engine, voice).

use super::Narrator;
use crate::game::Player;
use crate::rules::{Color, Move, Position};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_board::say_to_move;
use crate::speech::say_move::color_name;
use crate::ui::output::{Line, Urgency};

impl Narrator {
    /// The opening lines of a game: who plays, the time control, the
    /// player's side, how to get help. Who plays and the side are short
    /// and said first, before a recap, as a greeting: the opponent's first
    /// move goes ahead of it (heard at once) and it is said again after;
    /// the control and the help are a readout any news or input cuts.
    /// A time control that is minutes and an increment is said in words
    /// ("15 minutes + 10 seconds"); the row keeps it written ("15+10").
    pub(crate) fn greeting(&self, players: &[Player; 2], control: Option<String>, me: Option<Color>) -> Vec<Line> {
        let c = &self.lex.client;
        let mut lines = vec![Line::new(self.players_line(players), Urgency::Greeting)];
        if let Some(control) = control {
            let row = fill(&c.clock, &[("control", control.clone())]);
            let spoken = crate::clock::server_control(&control)
                .map(|(minutes, increment)| fill(&c.clock, &[("control", self.control_words(minutes, increment))]));
            lines.push(Line { spoken, ..Line::new(row, Urgency::Readout) });
        }
        if let Some(me) = me {
            lines.push(Line::new(render(&c.you_play, &[("side", self.lex.side(me))]), Urgency::Greeting));
        }
        lines.push(Line::new(c.type_help.clone(), Urgency::Readout));
        lines
    }

    /// Who plays whom: "Anna (1600) against Player (1500)."; a game on a
    /// server says it starts there.
    pub(crate) fn players_line(&self, players: &[Player; 2]) -> String {
        let c = &self.lex.client;
        let [white, black] = players.each_ref().map(|p| self.player_name(p));
        let online = players.iter().any(|p| matches!(p, Player::Online(_)));
        let template = if online { &c.online.game_starts } else { &c.players };
        fill(template, &[("white", white), ("black", black)])
    }

    /// A player as named aloud: a person on a server with their title
    /// and rating ("GM Anna (2650)").
    pub(crate) fn player_name(&self, player: &Player) -> String {
        match player {
            Player::Online(a) => {
                // One item: a row never splits a name from its title or rating.
                let glue = crate::ui::output::GLUE;
                let name = self.account_name(a);
                let titled = a.title.as_ref().map_or_else(|| name.clone(), |t| format!("{t}{glue}{name}"));
                a.rating.map_or_else(|| titled.clone(), |r| format!("{titled}{glue}({r})"))
            }
            other => other.name().to_string(),
        }
    }

    /// A player's name alone (lichess's AI by its level, in words).
    pub(crate) fn bare_name(&self, player: &Player) -> String {
        match player {
            Player::Online(a) => self.account_name(a),
            other => other.name().to_string(),
        }
    }

    /// The prompt: move number and side to move ("12. White>"), or the
    /// game-over prompt.
    pub(crate) fn prompt(&self, pos: &Position, over: bool) -> String {
        if over {
            return self.lex.client.game_over_prompt.clone();
        }
        let dots = if pos.turn() == Color::White { "." } else { "..." };
        format!("{}{dots} {}>", pos.fullmoves(), color_name(self.lex, pos.turn()))
    }

    /// Who is to move.
    pub(crate) fn whose_move(&self, side: Color) -> String {
        say_to_move(self.lex, side)
    }

    /// Which position is in view while looking back: the move that led to
    /// it ("Looking back: after 3. White's knight f3"), or the start.
    pub(crate) fn viewing(&self, led_here: Option<(&Position, &Move)>) -> Line {
        self.both_one(|n| n.viewing_words(led_here))
    }

    fn viewing_words(&self, led_here: Option<(&Position, &Move)>) -> String {
        let c = &self.lex.client;
        match led_here {
            None => c.viewing_start.clone(),
            Some((before, mv)) => {
                let n = before.fullmoves().to_string();
                let side = color_name(self.lex, before.turn()).to_string();
                let words = self.a_move(before, mv);
                fill(&c.viewing, &[("n", n), ("side", side), ("move", words)])
            }
        }
    }

    /// There is no move `n` of `side` in the line.
    pub(crate) fn no_such_move(&self, n: u32, side: Option<Color>) -> String {
        let args = [("n", Arg::Text(&n.to_string())), ("side", self.lex.side(side.unwrap_or(Color::White)))];
        render(&self.lex.study.no_such_move, &args)
    }

    /// The board is read from this side now.
    pub(crate) fn board_from(&self, flipped: bool) -> String {
        let side = if flipped { Color::Black } else { Color::White };
        render(&self.lex.client.board_from, &[("side", self.lex.side(side))])
    }

    /// The built-in engine's name in the session's language, any other
    /// engine's its own.
    pub(crate) fn opponent_name(&self, name: String, builtin_level: Option<u8>) -> String {
        match builtin_level {
            Some(level) => fill(&self.lex.client.builtin_engine, &[("level", level.to_string())]),
            None => name,
        }
    }

    /// What the recognizer heard, as shown before it is acted on.
    pub(crate) fn heard(&self, text: &str) -> String {
        fill(&self.lex.client.heard, &[("text", text.to_string())])
    }

    /// A saved game is continued after this many plies: said as moves
    /// (a move is White's and Black's; the last may be White's alone).
    pub(crate) fn continuing(&self, plies: usize) -> String {
        let lex = self.lex;
        let count = plies.div_ceil(2);
        let moves = crate::speech::say_time::unit(lex, &lex.clock.moves, count as u64);
        fill(&lex.client.continuing, &[("count", count.to_string()), ("moves", moves)])
    }

    /// The engine program named in the settings is not there.
    pub(crate) fn engine_missing(&self, path: &std::path::Path) -> String {
        fill(&self.lex.client.engine_missing, &[("path", path.display().to_string())])
    }

    /// No voice model of the language is installed.
    #[cfg_attr(not(all(feature = "voice", feature = "tts")), allow(dead_code))]
    pub(crate) fn no_model(&self, lang: &str) -> String {
        fill(&self.lex.client.no_model, &[("lang", lang.to_string())])
    }

    /// The voice model of the language cannot be read.
    #[cfg_attr(not(all(feature = "voice", feature = "tts")), allow(dead_code))]
    pub(crate) fn bad_model(&self, lang: &str) -> String {
        fill(&self.lex.client.voice_bad_model, &[("lang", lang.to_string())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::{Lexicon, SpeechLang, Style};

    /// A time control is written in the row and said in words.
    #[test]
    fn the_greeting_says_the_time_control_in_words() {
        let n = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        let players = [Player::Human(String::new()), Player::Human(String::new())];
        let lines = n.greeting(&players, Some("15+10".into()), None);
        let clock = lines.iter().find(|l| l.text.starts_with("Clock")).expect("the clock line");
        assert_eq!(clock.text, "Clock: 15+10.");
        assert_eq!(clock.speech(), "Clock: 15 minutes + 10 seconds.");
        let lines = n.greeting(&players, Some("15".into()), None);
        assert_eq!(lines[1].speech(), "Clock: 15 minutes.");
    }
}
