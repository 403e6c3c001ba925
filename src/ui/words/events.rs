//! The game's typed events as lines: the one place that says what
//! happened in a game.

use super::Narrator;
use super::engine::failure_words;
use crate::game::{Event, Failure, News, NotDone, PlayerKind, Premove};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_event::{say_claimable, say_outcome};
use crate::speech::say_move::color_name;
use crate::speech::{say_duration, say_question, say_refusal};
use crate::ui::output::{Line, Urgency};

fn line(text: String, urgency: Urgency) -> Line {
    Line::new(text, urgency)
}

impl Narrator {
    /// The lines for an event (none for events that only ask for work:
    /// saving, the engine, telling the opponent): rows written, speech in
    /// words.
    pub(crate) fn lines(&self, event: &Event) -> Vec<Line> {
        self.both(|n| n.event_lines(event))
    }

    fn event_lines(&self, event: &Event) -> Vec<Line> {
        let lex = self.lex;
        let c = &lex.client;
        let o = &lex.client.online;
        let side = |c| color_name(lex, c).to_string();
        let one = |text: String, urgency| vec![line(text, urgency)];
        match event {
            Event::Moved { before, mv } => one(self.side_move(before, mv), Urgency::Move),
            Event::Premove { before, mv, what } => {
                let (template, urgency) = match what {
                    Premove::Kept => (&c.premove_kept, Urgency::Info),
                    Premove::Played => (&c.premove_played, Urgency::Move),
                    Premove::Dropped => (&c.premove_dropped, Urgency::Urgent),
                    Premove::Cancelled => (&c.premove_cancelled, Urgency::Info),
                };
                one(fill(template, &[("move", self.a_move(before, mv))]), urgency)
            }
            Event::OwnTime { remaining, .. } => {
                one(fill(&lex.client.time, &[("time", say_duration(lex, *remaining))]), Urgency::Info)
            }
            Event::ControlNear { side: s, moves } => {
                let count = crate::speech::say_time::unit(lex, &lex.clock.moves, u64::from(*moves));
                one(fill(&lex.clock.control_near, &[("side", side(*s)), ("count", count)]), Urgency::Info)
            }
            Event::Claimable(claim) => one(say_claimable(lex, *claim), Urgency::Info),
            Event::Asked(q) => one(say_question(lex, self.style, q), Urgency::Urgent),
            Event::Cancelled => one(c.cancelled.clone(), Urgency::Info),
            Event::ResignAsked => one(c.resign_confirm.clone(), Urgency::Urgent),
            Event::PlayOn | Event::TakebackDeclined => one(c.play_on.clone(), Urgency::Info),
            Event::DrawOffered { to } => one(fill(&lex.client.draw_offered, &[("side", side(*to))]), Urgency::Urgent),
            Event::DrawOfferSent => one(c.draw_offer_sent.clone(), Urgency::Info),
            Event::DrawDeclined => one(c.draw_declined.clone(), Urgency::Info),
            Event::OpponentDeclinesDraw(PlayerKind::Engine) => one(c.engine_declines.clone(), Urgency::Info),
            Event::OpponentDeclinesDraw(PlayerKind::Person) => one(o.draw_declined.clone(), Urgency::Info),
            Event::NotDone(why) => one(self.not_done(*why), Urgency::Info),
            Event::TakenBack { moves, to_move } => {
                // Said in the order they were played.
                let said: Vec<String> = moves
                    .iter()
                    .rev()
                    .map(|(before, mv)| {
                        let words = self.a_move(before, mv);
                        // A move with its side is one item: a row never splits it.
                        let item = render(
                            &c.taken_back_item,
                            &[("side", lex.side(before.turn())), ("words", Arg::Text(&words))],
                        );
                        if lex.written { item.replace(' ', &crate::ui::output::GLUE.to_string()) } else { item }
                    })
                    .collect();
                let list = said.join(&format!(" {} ", lex.out.and));
                let args = [("moves", Arg::Text(&list)), ("side", lex.side(*to_move))];
                one(render(&lex.client.taken_back, &args), Urgency::Move)
            }
            Event::TakebackSent => one(c.takeback_sent.clone(), Urgency::Info),
            Event::TakebackProposed => one(c.takeback_proposed.clone(), Urgency::Urgent),
            Event::OpponentDeclinesTakeback => one(c.opponent_declines_takeback.clone(), Urgency::Info),
            // Calls a second apart (the last ten seconds, or from the
            // low-time call down) are a countdown said as a bare number, so
            // each ends before the next is due; the row keeps the side.
            Event::ClockCalled { side: s, remaining, countdown: true } => {
                let text = format!("{}: {}", side(*s), say_duration(lex, *remaining));
                vec![Line { spoken: Some(remaining.div_ceil(1000).to_string()), ..line(text, Urgency::Countdown) }]
            }
            Event::ClockCalled { side: s, remaining, .. } => {
                one(format!("{}: {}", side(*s), say_duration(lex, *remaining)), Urgency::Clock)
            }
            Event::Flag { side: s } => {
                one(format!("{}.", fill(&lex.clock.flag, &[("side", side(*s))])), Urgency::Urgent)
            }
            Event::GameOver(o) => one(fill(&lex.client.game_over, &[("words", say_outcome(lex, o))]), Urgency::Urgent),
            Event::Aborted => one(c.aborted.clone(), Urgency::Urgent),
            Event::OpponentLeft { claim_in: None } => one(c.opponent_left.clone(), Urgency::Urgent),
            Event::OpponentLeft { claim_in: Some(ms) } => one(
                fill(&c.opponent_left_claim, &[("time", crate::speech::say_duration_after(lex, *ms))]),
                Urgency::Urgent,
            ),
            Event::OpponentReturned => one(c.opponent_returned.clone(), Urgency::Info),
            Event::OpponentFailed { error } => vec![
                line(fill(&lex.client.engine_failed, &[("error", failure_words(lex, error))]), Urgency::Urgent),
                line(c.engine_offer.clone(), Urgency::Urgent),
            ],
            Event::PlayingOnWith { name } => {
                one(fill(&lex.client.playing_on_with, &[("name", name.clone())]), Urgency::Info)
            }
            Event::GameKept => one(c.game_kept.clone(), Urgency::Info),
            Event::Refused(why) => one(say_refusal(lex, why), Urgency::Urgent),
            Event::ControlReached { side: s, added } => {
                let args = [("side", side(*s)), ("time", say_duration(lex, *added))];
                one(format!("{}.", fill(&lex.clock.new_period, &args)), Urgency::Info)
            }
            Event::Sent => one(o.sent.clone(), Urgency::Info),
            Event::ConnectionLost => one(o.connection_lost.clone(), Urgency::Urgent),
            Event::ConnectionBack => one(o.connection_back.clone(), Urgency::Urgent),
            Event::ServerRefused { reason } => one(self.server_reason(reason), Urgency::Urgent),
            Event::MoveNotSent { before, mv, why } => {
                let template = match why {
                    Failure::AskedToWait => &o.not_sent_wait,
                    Failure::ServerError | Failure::Refused(_) => &o.not_sent_server,
                    Failure::NoConnection => &o.not_sent,
                };
                one(fill(template, &[("move", self.a_move(before, mv))]), Urgency::Urgent)
            }
            Event::OpenedElsewhere => one(o.opened_elsewhere.clone(), Urgency::Urgent),
            Event::RequestTaken(News::GiveTime) => one(o.time_given.clone(), Urgency::Info),
            Event::RequestTaken(News::Berserk) => one(o.berserk_taken.clone(), Urgency::Info),
            Event::RequestTaken(_) => Vec::new(),
            Event::MoveUnanswered { before, mv } => {
                one(fill(&o.move_unanswered, &[("move", self.a_move(before, mv))]), Urgency::Urgent)
            }
            Event::RequestFailed { request, failure } => one(self.request_failed(request, failure), Urgency::Urgent),
            Event::EngineWanted(_) | Event::Changed | Event::Tell(_) | Event::ReplaceOpponent => Vec::new(),
        }
    }

    /// Why what the player asked for changed nothing.
    pub(crate) fn not_done(&self, why: NotDone) -> String {
        let (c, o) = (&self.lex.client, &self.lex.client.online);
        match why {
            NotDone::NoQuestion => c.no_question.clone(),
            NotDone::NoClaim => c.no_claim.clone(),
            NotDone::NoOfferToAccept => c.no_offer_accept.clone(),
            NotDone::NoOfferToDecline => c.no_offer_decline.clone(),
            NotDone::NoTakeback => c.no_takeback.clone(),
            NotDone::NoTakebacks => c.no_takebacks.clone(),
            NotDone::OpponentToMove(PlayerKind::Engine) => c.engine_thinking.clone(),
            NotDone::OpponentToMove(PlayerKind::Person) => c.opponent_to_move.clone(),
            NotDone::IsOver => c.is_over.clone(),
            NotDone::OverOnlyCommands => c.over_commands.clone(),
            NotDone::EngineHelpOff => self.lex.engine.help_off.clone(),
            NotDone::FairPlay => o.fair_play.clone(),
            NotDone::NotInThisGame => o.not_online.clone(),
            NotDone::NotArena => o.not_arena.clone(),
            NotDone::AlreadyMoved => o.berserk_late.clone(),
        }
    }

    /// A refusal's words (what the player said cannot be played, and why).
    pub(crate) fn refusal(&self, why: &crate::speech::Refusal) -> String {
        say_refusal(self.lex, why)
    }

    /// A question (which move was meant): the moves written in the row,
    /// in words in speech.
    pub(crate) fn question(&self, q: &crate::speech::Question) -> Line {
        self.both_one(|n| say_question(n.lex, n.style, q))
    }

    /// Chat lines came (from each writer, in order); `chat` reads them.
    /// One notice for all, which a move or an answer never waits for.
    pub(crate) fn chat_arrived(&self, from: &[String]) -> Line {
        let o = &self.lex.client.online;
        let mut names: Vec<&str> = Vec::new();
        for name in from {
            if !names.contains(&name.as_str()) {
                names.push(name);
            }
        }
        let names = names.join(", ");
        let text = match from.len() {
            1 => fill(&o.chat_arrived, &[("from", names)]),
            n => fill(&o.chat_burst, &[("n", n.to_string()), ("from", names)]),
        };
        line(text, Urgency::Notice)
    }

    /// The chat lines kept, oldest first: (who, text).
    pub(crate) fn chat_lines(&self, lines: &[(String, String)]) -> Vec<Line> {
        let o = &self.lex.client.online;
        if lines.is_empty() {
            return vec![line(o.no_chat.clone(), Urgency::Info)];
        }
        let said =
            |(from, text): &(String, String)| fill(&o.chat_line, &[("from", from.clone()), ("text", text.clone())]);
        lines.iter().map(|l| line(said(l), Urgency::Readout)).collect()
    }

    /// The player's chat line was sent.
    pub(crate) fn chat_sent(&self) -> Line {
        line(self.lex.client.online.chat_sent.clone(), Urgency::Info)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Action, Event, Game, GameSetup, NotDone, Player, PlayerKind};
    use crate::rules::{Color, Position};
    use crate::speech::{Lexicon, SpeechLang, Style};
    use crate::ui::words::Narrator;

    fn game() -> Game {
        let mut setup = GameSetup::new(Position::start(), Vec::new());
        setup.players = [Player::Human("A".into()), Player::Human("B".into())];
        Game::new(setup, 0)
    }

    fn said(lang: SpeechLang, events: &[Event]) -> Vec<String> {
        let n = Narrator::new(Lexicon::get(lang), Style::Brief);
        // As rows show them: glue inside an item is a space.
        events.iter().flat_map(|e| n.lines(e)).map(|l| l.text.replace(crate::ui::output::GLUE, " ")).collect()
    }

    fn spoken(lang: SpeechLang, events: &[Event]) -> Vec<String> {
        let n = Narrator::new(Lexicon::get(lang), Style::Brief);
        events.iter().flat_map(|e| n.lines(e)).map(|l| l.speech().to_string()).collect()
    }

    #[test]
    fn every_event_in_russian_and_german_words() {
        let mut g = game();
        let e4 = *g.position().legal_moves().iter().find(|m| m.uci() == "e2e4").expect("e4");
        let moved = g.act(Action::Move(e4), 0);
        assert_eq!(said(SpeechLang::Russian, &moved), ["Белые: e4"]);
        assert_eq!(spoken(SpeechLang::Russian, &moved), ["Белые: е четыре"]);
        assert_eq!(said(SpeechLang::German, &moved), ["Weiß: e4"]);
        let back = g.act(Action::Game(crate::speech::GameCommand::Takeback), 0);
        assert_eq!(said(SpeechLang::Russian, &back), ["Возвращено: e4 (белые). Ход белых."]);
        assert_eq!(spoken(SpeechLang::Russian, &back), ["Возвращено: е четыре (белые). Ход белых."]);
        assert_eq!(said(SpeechLang::German, &back), ["Zurückgenommen: e4 von Weiß. Weiß ist am Zug."]);
        assert_eq!(said(SpeechLang::English, &back), ["Taken back: White's e4. White to move."]);
        let events = [
            Event::ResignAsked,
            Event::PlayOn,
            Event::NotDone(NotDone::NoClaim),
            Event::DrawOffered { to: Color::Black },
            Event::DrawDeclined,
            Event::Flag { side: Color::White },
            Event::ClockCalled { side: Color::Black, remaining: 60_000, countdown: false },
        ];
        assert_eq!(
            said(SpeechLang::Russian, &events),
            [
                "Сдаётесь? Скажите да или нет.",
                "Игра продолжается.",
                "Требовать ничью сейчас нельзя.",
                "Предложена ничья. Чёрные: принимаю или отклоняю?",
                "Ничья отклонена.",
                "Белые: флажок упал.",
                "Чёрные: 1 минута",
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

    /// What an opponent does on its own is said in every language, with
    /// no English left in the others.
    #[test]
    fn what_the_opponent_does_in_every_language() {
        let events = [
            Event::DrawOfferSent,
            Event::TakebackSent,
            Event::TakebackProposed,
            Event::OpponentDeclinesTakeback,
            Event::OpponentLeft { claim_in: None },
            Event::OpponentLeft { claim_in: Some(30_000) },
            Event::OpponentReturned,
            Event::Aborted,
        ];
        for lang in [SpeechLang::English, SpeechLang::Russian, SpeechLang::German, SpeechLang::Korean] {
            let lines = said(lang, &events);
            assert_eq!(lines.len(), events.len(), "{lang}: one line each");
            assert!(lines[5].contains('3'), "{lang}: the time to claim: {}", lines[5]);
            if lang != SpeechLang::English {
                for text in &lines {
                    for w in ["opponent", "draw", "game", "victory", "back"] {
                        assert!(!text.contains(w), "{lang}: {text}");
                    }
                }
            }
        }
    }

    /// Waiting for the opponent's move: an engine thinks, a person (on a
    /// server) is to move; never "the engine" about a person. Every
    /// reason for changing nothing has words in every language.
    #[test]
    fn the_opponent_to_move_is_an_engine_or_a_person() {
        let engine = Event::NotDone(NotDone::OpponentToMove(PlayerKind::Engine));
        let person = Event::NotDone(NotDone::OpponentToMove(PlayerKind::Person));
        assert_eq!(said(SpeechLang::English, &[engine]), ["Wait: the engine is thinking."]);
        assert_eq!(said(SpeechLang::English, std::slice::from_ref(&person)), ["Wait: it is your opponent's move."]);
        assert_eq!(said(SpeechLang::Russian, std::slice::from_ref(&person)), ["Подождите: ход соперника."]);
        let declined = Event::OpponentDeclinesDraw(PlayerKind::Person);
        assert_eq!(said(SpeechLang::English, &[declined]), ["Your opponent declines the draw."]);
        let all = [
            NotDone::NoQuestion,
            NotDone::NoClaim,
            NotDone::NoOfferToAccept,
            NotDone::NoOfferToDecline,
            NotDone::NoTakeback,
            NotDone::NoTakebacks,
            NotDone::OpponentToMove(PlayerKind::Engine),
            NotDone::OpponentToMove(PlayerKind::Person),
            NotDone::IsOver,
            NotDone::OverOnlyCommands,
            NotDone::EngineHelpOff,
            NotDone::FairPlay,
            NotDone::NotInThisGame,
            NotDone::NotArena,
            NotDone::AlreadyMoved,
        ];
        for lang in [SpeechLang::English, SpeechLang::Russian, SpeechLang::German, SpeechLang::Korean] {
            let lines = said(lang, &all.map(Event::NotDone));
            assert_eq!(lines.len(), all.len(), "{lang}");
            assert!(lines.iter().all(|l| !l.is_empty()), "{lang}: {lines:?}");
            assert_ne!(lines[6], lines[7], "{lang}: an engine thinks, a person is to move");
            if lang != SpeechLang::English {
                for text in &lines {
                    for w in ["engine", "opponent", "the ", "move"] {
                        assert!(!text.contains(w), "{lang}: {text}");
                    }
                }
            }
        }
    }

    #[test]
    fn an_engine_failure_is_said_in_the_session_language() {
        use crate::game::OpponentFailure;
        let failures = [
            OpponentFailure::NotStarted,
            OpponentFailure::NoAnswer(10),
            OpponentFailure::Stopped,
            OpponentFailure::IllegalMove("e2e5".into()),
            OpponentFailure::NoMove,
        ];
        let events: Vec<Event> = failures.into_iter().map(|error| Event::OpponentFailed { error }).collect();
        let ru = said(SpeechLang::Russian, &events);
        assert_eq!(ru[2], "Движок не ответил. Время ожидания: 10 секунд. Партия сохранена.");
        let de = said(SpeechLang::German, &events);
        assert_eq!(de[4], "Die Engine arbeitet nicht mehr. Die Partie bleibt erhalten.");
        assert_eq!(
            said(SpeechLang::English, &events)[2],
            "The engine did not answer within 10 seconds. The game is kept."
        );
        for (lang, lines) in [(SpeechLang::Russian, ru), (SpeechLang::German, de)] {
            for text in lines {
                for w in ["engine ", "the ", "answer", "stopped", "illegal"] {
                    assert!(!text.contains(w), "{lang}: {text}");
                }
            }
        }
    }
}
