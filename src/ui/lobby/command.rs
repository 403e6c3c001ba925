//! The lobby's commands, read from a typed line with the language's
//! command words (English ones too); time controls are read by the one
//! reader of them ([`crate::clock::server_control`]).

use crate::clock::server_control as control;
use crate::online::tv::Watched;
use crate::rules::Color;
use crate::speech::Lexicon;
use crate::speech::LobbyWord as W;

/// A lobby command.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum LobbyCommand {
    Accept(Option<usize>),
    Decline(Option<usize>),
    Seek {
        minutes: u64,
        increment: u64,
        rated: bool,
    },
    Cancel,
    Challenge {
        user: String,
        minutes: u64,
        increment: u64,
        color: Option<Color>,
    },
    Ai {
        level: u8,
        minutes: u64,
        increment: u64,
        color: Option<Color>,
    },
    Games,
    Join(usize),
    /// lichess TV's channel, or a player's game.
    Watch(Watched),
    /// lichess's puzzles (a mix, at the player's difficulty).
    Puzzles,
    /// Neither a channel nor a player's name, as typed.
    NoChannel(String),
    /// The tournaments one can join.
    Tournaments,
    /// Join the tournament of that number in the list.
    JoinTournament(usize),
    /// Leave, or pause in, the tournament.
    Withdraw,
    /// The tournament's standings.
    Standings,
    /// The broadcasts live now; with a number, that one's current round
    /// (or round `round`) followed.
    Broadcast {
        n: Option<usize>,
        round: Option<usize>,
    },
    /// The player's last games on lichess.
    MyGames,
    /// Review game N of that list.
    Review(usize),
    /// Review the game that ended last in this session.
    ReviewLast,
    Help,
    Quit,
    BadControl(String),
    Unclear,
}

/// Reads a lobby line with the language's command words (English ones
/// too).
pub(super) fn lobby_command(lex: &Lexicon, text: &str) -> LobbyCommand {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let named = |i: usize| -> Option<W> {
        let w = words.get(i)?;
        let two = words.get(i + 1).map(|n| format!("{w} {n}"));
        two.as_deref().filter(|t| lex.is_lobby_phrase(t)).and_then(|t| lex.lobby_word(t)).or_else(|| lex.lobby_word(w))
    };
    let width = |i: usize| -> usize {
        let two = words.get(i).zip(words.get(i + 1)).map(|(a, b)| format!("{a} {b}"));
        if two.is_some_and(|t| lex.is_lobby_phrase(&t)) { 2 } else { 1 }
    };
    let Some(first) = words.first() else { return LobbyCommand::Unclear };
    if let Ok(n) = first.parse::<usize>() {
        return if words.len() == 1 { LobbyCommand::Join(n) } else { LobbyCommand::Unclear };
    }
    let skip = width(0);
    let rest: Vec<&str> = words[skip.min(words.len())..].iter().map(String::as_str).collect();
    let number = rest.first().and_then(|w| w.parse::<usize>().ok());
    let color_of = |w: &str| match lex.lobby_word(w) {
        Some(W::White) => Some(Color::White),
        Some(W::Black) => Some(Color::Black),
        _ => None,
    };
    match named(0) {
        Some(W::Accept) => LobbyCommand::Accept(number),
        Some(W::Decline) => LobbyCommand::Decline(number),
        Some(W::Cancel) => LobbyCommand::Cancel,
        Some(W::Games) => LobbyCommand::Games,
        Some(W::Help) => LobbyCommand::Help,
        Some(W::Quit) => LobbyCommand::Quit,
        Some(W::Tournaments) => LobbyCommand::Tournaments,
        Some(W::JoinArena) => number.map_or(LobbyCommand::Unclear, LobbyCommand::JoinTournament),
        Some(W::Withdraw) => LobbyCommand::Withdraw,
        Some(W::Standings) => LobbyCommand::Standings,
        Some(W::Puzzles) if rest.is_empty() => LobbyCommand::Puzzles,
        Some(W::MyGames) if rest.is_empty() => LobbyCommand::MyGames,
        // "review last", or the language's order ("마지막 복기").
        Some(W::Review) if rest.first().is_some_and(|w| lex.lobby_word(w) == Some(W::Last)) => LobbyCommand::ReviewLast,
        Some(W::Last) if rest.len() == 1 && lex.lobby_word(rest[0]) == Some(W::Review) => LobbyCommand::ReviewLast,
        Some(W::Review) => number.map_or(LobbyCommand::Unclear, LobbyCommand::Review),
        Some(W::Broadcast) => {
            let numbers: Vec<Option<usize>> = rest.iter().map(|w| w.parse::<usize>().ok()).collect();
            match numbers.as_slice() {
                [] => LobbyCommand::Broadcast { n: None, round: None },
                [Some(n)] => LobbyCommand::Broadcast { n: Some(*n), round: None },
                [Some(n), Some(r)] => LobbyCommand::Broadcast { n: Some(*n), round: Some(*r) },
                _ => LobbyCommand::Unclear,
            }
        }
        // "watch", and "watch tv" (the watch words again): the first channel.
        Some(W::Watch) if rest.iter().all(|w| lex.lobby_word(w) == Some(W::Watch)) => {
            LobbyCommand::Watch(Watched::Channel(crate::online::tv::CHANNELS[0]))
        }
        Some(W::Watch) => {
            let typed = rest.join(" ");
            match channel_of(lex, &typed) {
                Some(c) => LobbyCommand::Watch(Watched::Channel(c)),
                None if rest.len() == 1 && crate::online::tv::is_username(&typed) => {
                    LobbyCommand::Watch(Watched::Player(typed))
                }
                None => LobbyCommand::NoChannel(typed),
            }
        }
        Some(W::Seek) => {
            let Some(text) = rest.first() else { return LobbyCommand::BadControl(String::new()) };
            let Some((minutes, increment)) = control(text) else { return LobbyCommand::BadControl(text.to_string()) };
            // "casual" (or the language's word, "без рейтинга" of two) after the control.
            let names_casual = |w: &str| lex.lobby_word(w) == Some(W::Casual);
            let casual = names_casual(&rest[1..].join(" ")) || rest[1..].iter().any(|w| names_casual(w));
            LobbyCommand::Seek { minutes, increment, rated: !casual }
        }
        Some(W::Challenge) => {
            let (Some(user), Some(text)) = (rest.first(), rest.get(1)) else { return LobbyCommand::Unclear };
            let Some((minutes, increment)) = control(text) else { return LobbyCommand::BadControl(text.to_string()) };
            let color = rest.get(2).and_then(|w| color_of(w));
            LobbyCommand::Challenge { user: user.to_string(), minutes, increment, color }
        }
        Some(W::Ai) => {
            let level = rest.first().and_then(|w| w.parse::<u8>().ok()).filter(|l| (1..=8).contains(l));
            let (Some(level), Some(text)) = (level, rest.get(1)) else { return LobbyCommand::Unclear };
            let Some((minutes, increment)) = control(text) else { return LobbyCommand::BadControl(text.to_string()) };
            let color = rest.get(2).and_then(|w| color_of(w));
            LobbyCommand::Ai { level, minutes, increment, color }
        }
        _ => LobbyCommand::Unclear,
    }
}

/// The TV channel a typed name names: the API's name (any case) or the
/// language's.
fn channel_of(lex: &Lexicon, typed: &str) -> Option<&'static str> {
    crate::online::tv::channel(lex.tv_channel_key(typed).unwrap_or(typed))
}

#[cfg(test)]
mod tests {
    use super::{LobbyCommand as C, Watched as W, lobby_command};
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
        assert_eq!(lobby_command(en, "watch"), C::Watch(W::Channel("best")));
        assert_eq!(lobby_command(en, "watch tv"), C::Watch(W::Channel("best")));
        assert_eq!(lobby_command(en, "tournament"), C::Tournaments);
        assert_eq!(lobby_command(en, "broadcast"), C::Broadcast { n: None, round: None });
        assert_eq!(lobby_command(en, "broadcasts 2"), C::Broadcast { n: Some(2), round: None });
        assert_eq!(lobby_command(en, "broadcast 2 5"), C::Broadcast { n: Some(2), round: Some(5) });
        assert_eq!(lobby_command(en, "broadcast two"), C::Unclear);
        assert_eq!(lobby_command(ru, "трансляции 1"), C::Broadcast { n: Some(1), round: None });
        assert_eq!(lobby_command(en, "watch Rapid"), C::Watch(W::Channel("rapid")));
        assert_eq!(lobby_command(en, "tv top rated"), C::Watch(W::Channel("best")));
        assert_eq!(lobby_command(en, "watch Anna_2"), C::Watch(W::Player("anna_2".into())));
        assert_eq!(lobby_command(en, "watch two words"), C::NoChannel("two words".into()));
        assert_eq!(lobby_command(ru, "смотреть блиц"), C::Watch(W::Channel("blitz")));
        assert_eq!(lobby_command(ru, "смотреть атомные"), C::NoChannel("атомные".into()));
        assert_eq!(lobby_command(ru, "смотреть rapid"), C::Watch(W::Channel("rapid")));
        assert_eq!(lobby_command(de, "zuschauen schnellschach"), C::Watch(W::Channel("rapid")));
        assert_eq!(lobby_command(ko, "관전 블리츠"), C::Watch(W::Channel("blitz")));
        for (lex, text) in [
            (en, "review last"),
            (en, "review last game"),
            (ru, "разбор последней"),
            (de, "durchgehen letzte"),
            (ko, "복기 마지막"),
            (ko, "마지막 복기"),
            (ru, "review last"),
        ] {
            assert_eq!(lobby_command(lex, text), C::ReviewLast, "{text}");
        }
        assert_eq!(lobby_command(en, "review 2"), C::Review(2));
        assert_eq!(lobby_command(en, "tournaments"), C::Tournaments);
        assert_eq!(lobby_command(en, "join 2"), C::JoinTournament(2));
        assert_eq!(lobby_command(en, "join"), C::Unclear);
        assert_eq!(lobby_command(ru, "вступить 1"), C::JoinTournament(1));
        assert_eq!(lobby_command(ru, "таблица"), C::Standings);
        assert_eq!(lobby_command(de, "turniere"), C::Tournaments);
        assert_eq!(lobby_command(ko, "참가 3"), C::JoinTournament(3));
        assert_eq!(lobby_command(ko, "휴식"), C::Withdraw);
    }
}
