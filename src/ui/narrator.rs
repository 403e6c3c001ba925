//! The narrator: the game's typed events in the session's language and
//! style, as lines to show and speak. Every sentence comes from the
//! language data; this is the one place that says what happened.

use super::client::{Line, Urgency};
use crate::game::Event;
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_event::{say_claimable, say_outcome};
use crate::speech::say_move::color_name;
use crate::speech::{Lexicon, Style, say_duration, say_move};

/// Why a file could not be written, in the player's language (no outside
/// error text: it would be English in every session).
pub(crate) fn write_problem(lex: &Lexicon, e: &std::io::Error) -> String {
    let c = &lex.client;
    match crate::game::WriteProblem::of(e) {
        crate::game::WriteProblem::DiskFull => c.reason_disk_full.clone(),
        crate::game::WriteProblem::NotWritable => c.reason_not_writable.clone(),
        crate::game::WriteProblem::Other => c.reason_other.clone(),
    }
}

/// Says events in one language and style.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Narrator {
    lex: &'static Lexicon,
    style: Style,
}

fn line(text: String, urgency: Urgency) -> Line {
    Line { text, urgency }
}

impl Narrator {
    /// A narrator for a language and style.
    pub(crate) fn new(lex: &'static Lexicon, style: Style) -> Narrator {
        Narrator { lex, style }
    }

    /// The lines for an event (none for events that only ask for saving).
    pub(crate) fn lines(&self, event: &Event) -> Vec<Line> {
        let lex = self.lex;
        let c = &lex.client;
        let side = |c| color_name(lex, c).to_string();
        let one = |text: String, urgency| vec![line(text, urgency)];
        match event {
            Event::Moved { before, mv } => {
                let words = say_move(lex, before, mv, self.style);
                one(format!("{}: {words}", side(before.turn())), Urgency::Move)
            }
            Event::OwnTime { remaining, .. } => {
                one(fill(&lex.client.time, &[("time", say_duration(lex, *remaining))]), Urgency::Info)
            }
            Event::ControlNear { side: s, moves } => {
                let form = crate::speech::lang::plural_form(lex.lang, u64::from(*moves));
                let count = format!("{moves} {}", lex.clock.moves[form]);
                one(fill(&lex.clock.control_near, &[("side", side(*s)), ("count", count)]), Urgency::Info)
            }
            Event::Claimable(claim) => one(say_claimable(lex, *claim), Urgency::Info),
            Event::Asked(q) => one(q.prompt.clone(), Urgency::Urgent),
            Event::Cancelled => one(c.cancelled.clone(), Urgency::Info),
            Event::NoQuestion => one(c.no_question.clone(), Urgency::Info),
            Event::ResignAsked => one(c.resign_confirm.clone(), Urgency::Urgent),
            Event::PlayOn => one(c.play_on.clone(), Urgency::Info),
            Event::DrawOffered { to } => one(fill(&lex.client.draw_offered, &[("side", side(*to))]), Urgency::Urgent),
            Event::DrawDeclined => one(c.draw_declined.clone(), Urgency::Info),
            Event::OpponentDeclinesDraw => one(c.engine_declines.clone(), Urgency::Info),
            Event::NoClaim => one(c.no_claim.clone(), Urgency::Info),
            Event::NoOfferToAccept => one(c.no_offer_accept.clone(), Urgency::Info),
            Event::NoOfferToDecline => one(c.no_offer_decline.clone(), Urgency::Info),
            Event::TakenBack { moves, to_move } => {
                // Said in the order they were played.
                let said: Vec<String> = moves
                    .iter()
                    .rev()
                    .map(|(before, mv)| {
                        let words = say_move(lex, before, mv, self.style);
                        render(&c.taken_back_item, &[("side", lex.side(before.turn())), ("words", Arg::Text(&words))])
                    })
                    .collect();
                let list = said.join(&format!(" {} ", lex.out.and));
                let args = [("moves", Arg::Text(&list)), ("side", lex.side(*to_move))];
                one(render(&lex.client.taken_back, &args), Urgency::Move)
            }
            Event::NoTakeback => one(c.no_takeback.clone(), Urgency::Info),
            Event::OpponentToMove => one(c.engine_thinking.clone(), Urgency::Info),
            Event::IsOver => one(c.is_over.clone(), Urgency::Info),
            Event::OverOnlyCommands => one(c.over_commands.clone(), Urgency::Info),
            Event::ClockCalled { side: s, remaining } => {
                let urgency = if *remaining <= 10_000 { Urgency::Urgent } else { Urgency::Info };
                one(format!("{}: {}", side(*s), say_duration(lex, *remaining)), urgency)
            }
            Event::Flag { side: s } => {
                one(format!("{}.", fill(&lex.clock.flag, &[("side", side(*s))])), Urgency::Urgent)
            }
            Event::GameOver(o) => one(fill(&lex.client.game_over, &[("words", say_outcome(lex, o))]), Urgency::Urgent),
            Event::OpponentFailed { error } => vec![
                line(render(&lex.client.engine_failed, &[("error", Arg::Text(error))]), Urgency::Urgent),
                line(c.engine_offer.clone(), Urgency::Urgent),
            ],
            Event::PlayingOnWith { name } => {
                one(fill(&lex.client.playing_on_with, &[("name", name.clone())]), Urgency::Info)
            }
            Event::GameKept => one(c.game_kept.clone(), Urgency::Info),
            Event::Changed => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Action, Game, GameSetup, Player, Seat};
    use crate::rules::{Color, Position};
    use crate::speech::SpeechLang;

    fn game() -> Game {
        Game::new(
            GameSetup {
                start: Position::start(),
                moves: Vec::new(),
                players: [Player::Human("A".into()), Player::Human("B".into())],
                seats: [Seat::Here, Seat::Here],
                me: None,
                controls: None,
                clock: None,
                schedule: Default::default(),
            },
            0,
        )
    }

    fn said(lang: SpeechLang, events: &[Event]) -> Vec<String> {
        let n = Narrator::new(Lexicon::get(lang), Style::Brief);
        events.iter().flat_map(|e| n.lines(e)).map(|l| l.text).collect()
    }

    #[test]
    fn every_event_in_russian_and_german_words() {
        let mut g = game();
        let e4 = *g.position().legal_moves().iter().find(|m| m.uci() == "e2e4").expect("e4");
        let moved = g.act(Action::Move(e4), 0);
        assert_eq!(said(SpeechLang::Russian, &moved), ["Белые: е четыре"]);
        assert_eq!(said(SpeechLang::German, &moved), ["Weiß: e4"]);
        let back = g.act(Action::Takeback, 0);
        assert_eq!(said(SpeechLang::Russian, &back), ["Возвращено: е четыре (белые). Ход белых."]);
        assert_eq!(said(SpeechLang::German, &back), ["Zurückgenommen: e4 von Weiß. Weiß ist am Zug."]);
        assert_eq!(said(SpeechLang::English, &back), ["Taken back: White's e4. White to move."]);
        let events = [
            Event::ResignAsked,
            Event::PlayOn,
            Event::NoClaim,
            Event::DrawOffered { to: Color::Black },
            Event::DrawDeclined,
            Event::Flag { side: Color::White },
            Event::ClockCalled { side: Color::Black, remaining: 60_000 },
        ];
        assert_eq!(
            said(SpeechLang::Russian, &events),
            [
                "Сдаётесь? Скажите да или нет.",
                "Игра продолжается.",
                "Требовать ничью сейчас нельзя.",
                "Предложена ничья. Черные: принимаю или отклоняю?",
                "Ничья отклонена.",
                "Белые: флажок упал.",
                "Черные: 1 минута",
            ]
        );
        for lang in [SpeechLang::Russian, SpeechLang::German] {
            for text in said(lang, &events) {
                for w in ["White", "Black", "move", "draw", "flag", "minute"] {
                    assert!(!text.contains(w), "{lang}: {text}");
                }
            }
        }
    }
}
