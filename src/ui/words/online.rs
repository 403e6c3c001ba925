//! The sentences of playing on lichess outside a game: logging in, the
//! lobby (challenges, seeks, games in progress) and the server's errors.

use super::Narrator;
use crate::game::{Failure, News};
use crate::online::ApiError;
use crate::rules::Color;
use crate::speech::lexicon::fill;
use crate::speech::say_duration;

/// What an export from lichess holds: games, or a study's chapters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Items {
    /// Games.
    Games,
    /// A study's chapters.
    Chapters,
}

impl Narrator {
    /// A call to the server that failed, in words.
    pub(crate) fn online_error(&self, e: &ApiError) -> String {
        let o = &self.lex.client.online;
        match e {
            ApiError::Unauthorized => o.token_refused.clone(),
            ApiError::MissingScope => o.missing_scope.clone(),
            ApiError::NotFound => o.not_found.clone(),
            ApiError::RateLimited => o.rate_limited.clone(),
            ApiError::Quiet(secs) => fill(&o.quiet_left, &[("time", say_duration(self.lex, secs * 1000))]),
            ApiError::Refused(reason) => self.server_reason(reason),
            ApiError::Server(_) => o.server_error.clone(),
            ApiError::Network => o.unreachable.clone(),
            ApiError::NotTheApi => o.not_the_api.clone(),
            ApiError::TooLarge => o.too_large.clone(),
            ApiError::Cut => o.answer_cut.clone(),
        }
    }

    /// A time control in words: "15 minutes + 10 seconds".
    pub(crate) fn control_words(&self, minutes: u64, increment: u64) -> String {
        let base = say_duration(self.lex, minutes * 60_000);
        if increment == 0 { base } else { format!("{base} + {}", say_duration(self.lex, increment * 1000)) }
    }

    /// Logged in as `name`.
    pub(crate) fn logged_in(&self, name: &str) -> String {
        fill(&self.lex.client.online.logged_in, &[("name", name.to_string())])
    }

    /// The token lacks the tournament:write scope.
    pub(crate) fn no_tournament_scope(&self) -> String {
        self.lex.client.online.no_tournament_scope.clone()
    }

    /// The lobby is open.
    pub(crate) fn lobby_ready(&self, name: &str) -> String {
        fill(&self.lex.client.online.lobby_ready, &[("name", name.to_string())])
    }

    /// The player's last games (`me` is the player's name): each by
    /// number, the opponent, the result for the player, the date, the
    /// time control and the opening.
    pub(crate) fn my_games(&self, games: &[crate::notation::pgn::PgnGame], me: &str) -> Vec<crate::ui::output::Line> {
        use crate::ui::output::{Line, Urgency};
        let o = &self.lex.client.online;
        if games.is_empty() {
            return vec![Line::info(o.my_games_none.clone())];
        }
        let tag =
            |g: &crate::notation::pgn::PgnGame, t: &str| g.known_tag(t).map(crate::filter::clean).unwrap_or_default();
        let items: Vec<Line> = games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let white = tag(g, "White");
                let mine = if white.eq_ignore_ascii_case(me) {
                    crate::rules::Color::White
                } else {
                    crate::rules::Color::Black
                };
                let opponent = if mine == crate::rules::Color::White { tag(g, "Black") } else { white };
                let result = match (g.result.as_str(), mine) {
                    ("1-0", crate::rules::Color::White) | ("0-1", crate::rules::Color::Black) => &o.won,
                    ("1-0", _) | ("0-1", _) => &o.lost,
                    ("1/2-1/2", _) => &o.drawn,
                    _ => &o.unfinished,
                };
                let date = tag(g, "UTCDate").replace(".??", "");
                let date = if date.is_empty() { tag(g, "Date").replace(".??", "") } else { date };
                let control = tag(g, "TimeControl").replace('-', "");
                let args = [
                    ("n", (i + 1).to_string()),
                    ("opponent", opponent),
                    ("result", result.clone()),
                    ("date", date),
                    ("control", control),
                    ("opening", tag(g, "Opening")),
                ];
                // A tag left empty leaves no comma before the stop.
                let item = fill(&o.my_game, &args);
                let body = item.trim_end_matches('.').trim_end_matches([',', ' ']);
                Line::new(format!("{body}."), Urgency::Readout)
            })
            .collect();
        std::iter::once(Line::new(o.my_games.clone(), Urgency::Readout)).chain(items).collect()
    }

    /// `review last` with no game ended in this session.
    pub(crate) fn no_last_game(&self) -> String {
        self.lex.client.online.no_last_game.clone()
    }

    /// There is no game N in the player's list.
    pub(crate) fn my_game_missing(&self, n: usize) -> String {
        fill(&self.lex.client.online.my_game_missing, &[("n", n.to_string())])
    }

    /// A challenge to the player, numbered.
    /// The head of a list of challenges arriving together.
    pub(crate) fn challenges_in(&self, n: usize) -> String {
        fill(
            &self.lex.client.online.challenges_in,
            &[("n", crate::speech::say_time::unit(self.lex, &self.lex.counts.challenge, n as u64))],
        )
    }

    pub(crate) fn challenge_in(
        &self,
        n: usize,
        from: &str,
        rating: Option<u32>,
        control: Option<(u64, u64)>,
        rated: bool,
        color: Option<Color>,
    ) -> String {
        let o = &self.lex.client.online;
        let glue = crate::ui::output::GLUE;
        // The time control and the name with its rating are items a row
        // never splits.
        let control =
            control.map_or_else(|| "∞".to_string(), |(m, i)| self.control_words(m, i).replace(' ', &glue.to_string()));
        let color = match color {
            Some(Color::White) => o.color_white.clone(),
            Some(Color::Black) => o.color_black.clone(),
            None => o.color_random.clone(),
        };
        let args = [
            ("n", n.to_string()),
            ("name", from.to_string()),
            ("rating", rating.map_or("?".into(), |r| r.to_string())),
            ("control", control),
            ("rated", if rated { o.rated.clone() } else { o.casual.clone() }),
            ("color", color),
        ];
        fill(&o.challenge_in, &args).replacen(&format!("{from} ("), &format!("{from}{glue}("), 1)
    }

    /// Seeking a game of `minutes` + `increment`.
    pub(crate) fn seeking(&self, minutes: u64, increment: u64) -> String {
        fill(&self.lex.client.online.seeking, &[("control", self.control_words(minutes, increment))])
    }

    /// A seek too fast for a board.
    pub(crate) fn seek_too_fast(&self, minutes: u64, increment: u64) -> String {
        fill(&self.lex.client.online.seek_too_fast, &[("control", format!("{minutes}+{increment}"))])
    }

    /// A game in progress, numbered.
    pub(crate) fn game_item(&self, n: usize, g: &crate::online::InProgress) -> String {
        use crate::speech::grammar::{Arg, render};
        let o = &self.lex.client.online;
        let turn = if g.my_turn { &o.your_turn } else { &o.their_turn };
        let (n, name) = (n.to_string(), self.account_name(&g.opponent));
        // The side as a word with its forms ("вы играете чёрными").
        let mut args = vec![
            ("n", Arg::Text(&n)),
            ("name", Arg::Text(&name)),
            ("color", self.lex.side(g.color)),
            ("turn", Arg::Text(turn)),
        ];
        let left = g.left_ms.filter(|_| g.correspondence).map(|ms| self.days_left(ms, false));
        match &left {
            Some(left) => {
                args.push(("left", Arg::Text(left)));
                render(&o.game_item_correspondence, &args)
            }
            None => render(&o.game_item, &args),
        }
    }

    /// A long time (a correspondence game's, until a broadcast's round):
    /// days and hours ("2 days 3 hours"), or the clock's words under a day;
    /// `after` a preposition in the forms it takes there ("через 1
    /// минуту", "in 2 Tagen").
    pub(super) fn days_left(&self, ms: u64, after: bool) -> String {
        let (days, hours) = (ms / 86_400_000, ms / 3_600_000 % 24);
        if days == 0 && after {
            return crate::speech::say_duration_after(self.lex, ms);
        }
        if days == 0 {
            return crate::speech::say_duration(self.lex, ms);
        }
        let o = &self.lex.client.online;
        let day = if after { o.day_after.as_ref().unwrap_or(&o.day) } else { &o.day };
        let mut text = crate::speech::say_time::unit(self.lex, day, days);
        if hours > 0 {
            text.push(' ');
            text.push_str(&crate::speech::say_time::unit(self.lex, &self.lex.time.hour, hours));
        }
        text
    }

    /// lichess is asked, and its answer takes more than a moment.
    pub(crate) fn asking_lichess(&self) -> String {
        self.notice(&crate::ui::input::Notice::Asking(crate::ui::input::Asked::Lichess))
    }

    /// It is the player's move in `n` correspondence games.
    pub(crate) fn correspondence_turns(&self, n: usize) -> String {
        let o = &self.lex.client.online;
        let count = crate::speech::say_time::unit(self.lex, &o.correspondence_games, n as u64);
        fill(&o.correspondence_turns, &[("n", n.to_string()), ("count", count)])
    }

    /// A correspondence opponent has moved.
    pub(crate) fn correspondence_moved(&self, opponent: &crate::game::Account) -> String {
        fill(&self.lex.client.online.correspondence_moved, &[("name", self.account_name(opponent))])
    }

    /// What an export from lichess left out, counted as `items` (games,
    /// chapters): variants voxchess does not play, and what could not be
    /// read; nothing when nothing was.
    pub(crate) fn left_out(&self, variants: usize, unreadable: usize, items: Items) -> Vec<String> {
        let o = &self.lex.client.online;
        let noun = match items {
            Items::Games => &self.lex.study.lookup.games,
            Items::Chapters => &self.lex.study.chapter,
        };
        let count = |n: usize| ("count", crate::speech::say_time::unit(self.lex, noun, n as u64));
        let mut out = Vec::new();
        if variants > 0 {
            out.push(fill(&o.left_out_variants, &[count(variants)]));
        }
        if unreadable > 0 {
            out.push(fill(&o.left_out_unreadable, &[count(unreadable)]));
        }
        out
    }

    /// Quitting the lobby with a real-time game running: the opponent,
    /// whose move it is, and the player's clock when lichess gives it.
    pub(crate) fn running_on_quit(&self, g: &crate::online::InProgress) -> String {
        let o = &self.lex.client.online;
        let turn = if g.my_turn { &o.your_turn } else { &o.their_turn };
        let (name, turn) = (("name", self.account_name(&g.opponent)), ("turn", turn.clone()));
        match g.left_ms {
            Some(ms) => fill(&o.running_on_quit_clock, &[name, turn, ("time", say_duration(self.lex, ms))]),
            None => fill(&o.running_on_quit, &[name, turn]),
        }
    }

    /// Quitting the lobby with correspondence games: they go on (the one
    /// named).
    pub(crate) fn correspondence_on_quit(&self, games: &[&crate::online::InProgress]) -> Option<String> {
        let o = &self.lex.client.online;
        match games {
            [] => None,
            [one] => Some(fill(&o.correspondence_goes_on, &[("name", self.account_name(&one.opponent))])),
            _ => Some(o.correspondences_go_on.clone()),
        }
    }

    /// A real-time game of the player's is running: joining it.
    pub(crate) fn game_running(&self, opponent: &crate::game::Account) -> String {
        fill(&self.lex.client.online.game_running, &[("name", self.account_name(opponent))])
    }

    /// An account's name as said: lichess's AI by its level in the
    /// session's language, a person by their name.
    pub(crate) fn account_name(&self, a: &crate::game::Account) -> String {
        match a.ai_level {
            Some(level) => fill(&self.lex.client.online.ai_name, &[("level", level.to_string())]),
            None => a.name.clone(),
        }
    }

    /// A game in progress that is said and listed as number `n`, not
    /// entered.
    pub(crate) fn game_announced(&self, n: usize, g: &crate::online::InProgress) -> String {
        let item = self.game_item(n, g);
        fill(&self.lex.client.online.game_announced, &[("item", item), ("n", n.to_string())])
    }

    /// The game the player is now in.
    pub(crate) fn now_in_game(&self, name: &str) -> String {
        fill(&self.lex.client.online.now_in_game, &[("name", name.to_string())])
    }

    /// A lobby line not understood.
    pub(crate) fn lobby_unclear(&self, text: &str) -> String {
        fill(&self.lex.client.online.lobby_unclear, &[("text", text.chars().take(60).collect())])
    }

    /// Not a time control.
    pub(crate) fn bad_control(&self, text: &str) -> String {
        fill(&self.lex.client.online.bad_control, &[("text", text.chars().take(30).collect())])
    }

    /// The server's reason for refusing something, in the session's words
    /// where it is known.
    pub(crate) fn server_reason(&self, reason: &str) -> String {
        let o = &self.lex.client.online;
        if reason.contains("Not your turn") || reason.contains("game already over") {
            return o.refused_turn.clone();
        }
        if self.lex.lang == crate::speech::SpeechLang::English && !reason.trim().is_empty() {
            return fill(&o.refused, &[("reason", reason.chars().take(120).collect())]);
        }
        o.refused_other.clone()
    }

    /// What the player asked of lichess did not go through: refused (with
    /// lichess's reason in an English session), or not sent.
    pub(crate) fn request_failed(&self, request: &News, failure: &Failure) -> String {
        let (o, r) = (&self.lex.client.online, &self.lex.client.online.requests);
        let what = match request {
            News::Resigned => &r.resign,
            News::DrawOffered => &r.offer_draw,
            News::DrawAnswered { accept: true } => &r.accept_draw,
            News::DrawAnswered { accept: false } => &r.decline_draw,
            News::ClaimDraw => &r.claim_draw,
            News::TakebackProposed => &r.propose_takeback,
            News::TakebackAnswered { .. } => &r.answer_takeback,
            News::ClaimVictory => &r.claim_victory,
            News::Abort => &r.abort,
            News::GiveTime => &r.give_time,
            News::Berserk => &r.berserk,
            News::Chat(_) | News::Played(_) | News::YourMove { .. } => &r.chat,
        };
        let what = ("what", what.clone());
        match failure {
            Failure::NoConnection => fill(&o.request_not_sent, &[what]),
            Failure::AskedToWait => fill(&o.request_wait, &[what]),
            Failure::ServerError => fill(&o.request_server, &[what]),
            Failure::Refused(reason)
                if self.lex.lang == crate::speech::SpeechLang::English && !reason.trim().is_empty() =>
            {
                let reason = reason.trim().trim_end_matches('.').chars().take(120).collect();
                fill(&o.request_refused_reason, &[what, ("reason", reason)])
            }
            Failure::Refused(_) => fill(&o.request_refused, &[what]),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Account, Player};
    use crate::speech::{Lexicon, SpeechLang, Style};
    use crate::ui::words::Narrator;

    /// lichess's AI is named in the session's language (its English name
    /// is only the PGN's); a person by their name, title and rating.
    #[test]
    fn the_lichess_ai_is_named_in_the_sessions_language() {
        let ai = Account { name: "lichess AI 3".into(), ai_level: Some(3), ..Account::default() };
        for lang in SpeechLang::ALL {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            let said = n.player_name(&Player::Online(ai.clone()));
            assert!(said.contains('3'), "{lang}: {said}");
            assert_eq!(said.contains("AI"), lang == SpeechLang::English, "{lang}: {said}");
            assert!(n.correspondence_moved(&ai).contains(&said), "{lang}");
        }
        let anna = Account { name: "Anna".into(), rating: Some(2650), title: Some("GM".into()), ai_level: None };
        let en = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        assert_eq!(en.account_name(&anna), "Anna");
    }
}
