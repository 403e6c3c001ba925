//! The narrator: the game's typed events in the session's language and
//! style, as lines to show and speak. Every sentence comes from the
//! language data; this is the one place that says what happened.

use super::client::{Line, Urgency};
use crate::clock::ChessClock;
use crate::engine::analysis::{Analyst, Line as AnalysisLine, Score};
use crate::game::{Event, OpponentFailure, Saving, WriteProblem};
use crate::notation::{SanOptions, write_san};
use crate::rules::{Color, File, Move, Position, Rank, Role, Square};
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_board::{
    say_attackers, say_defenders, say_file, say_legal_moves, say_pieces_by_kind, say_pieces_of, say_rank, say_square,
    say_to_move,
};
use crate::speech::say_event::{say_claimable, say_outcome};
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::speech::{Command, EngineQuestion, Lexicon, Style, say_duration, say_move};

/// A saved file as the player is told it: its name, never the whole path.
pub(crate) fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// Why a file could not be written, in the player's language (no outside
/// error text: it would be English in every session).
pub(crate) fn write_problem(lex: &Lexicon, e: &std::io::Error) -> String {
    problem_words(lex, WriteProblem::of(e))
}

fn problem_words(lex: &Lexicon, problem: WriteProblem) -> String {
    let c = &lex.client;
    match problem {
        WriteProblem::DiskFull => c.reason_disk_full.clone(),
        WriteProblem::NotWritable => c.reason_not_writable.clone(),
        WriteProblem::Other => c.reason_other.clone(),
    }
}

fn failure_words(lex: &Lexicon, failure: &OpponentFailure) -> String {
    let c = &lex.client;
    match failure {
        OpponentFailure::NotStarted => c.engine_not_started.clone(),
        OpponentFailure::NoAnswer(s) => fill(&c.engine_no_answer, &[("time", say_duration(lex, s * 1000))]),
        OpponentFailure::Stopped => c.engine_stopped.clone(),
        OpponentFailure::IllegalMove(m) => fill(&c.engine_illegal, &[("move", m.clone())]),
        OpponentFailure::NoMove => c.engine_no_move.clone(),
    }
}

/// How a position stands, in words (White's view). Thresholds in hundredths
/// of a pawn: under 30 equal; under 100 slightly better; under 300 better
/// by about N pawns (N rounded, at least 1); from 300 winning; mate in N.
pub(crate) fn say_score(lex: &Lexicon, score: Score) -> String {
    let e = &lex.engine;
    let side = |white: bool| color_name(lex, if white { Color::White } else { Color::Black }).to_string();
    let count = |n: u32, forms: &[String; 3]| unit(lex, forms, u64::from(n));
    match score {
        Score::Mate(0) => lex.engine.no_moves.clone(),
        Score::Mate(n) => fill(&e.mate, &[("side", side(n > 0)), ("moves", count(n.unsigned_abs(), &e.r#move))]),
        Score::Centipawns(cp) => {
            let size = cp.unsigned_abs();
            if size < 30 {
                e.equal.clone()
            } else if size < 100 {
                fill(&e.slightly, &[("side", side(cp > 0))])
            } else if size < 300 {
                let pawns = ((size + 50) / 100).max(1);
                fill(&e.better, &[("side", side(cp > 0)), ("pawns", count(pawns, &e.pawn))])
            } else {
                fill(&e.winning, &[("side", side(cp > 0))])
            }
        }
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
    /// The engine's answer, one line per item; `pos` is the position its
    /// lines start from.
    fn engine_answer(
        &self,
        question: EngineQuestion,
        pos: &Position,
        lines: &Result<Vec<AnalysisLine>, OpponentFailure>,
    ) -> Vec<String> {
        let lex = self.lex;
        let e = &lex.engine;
        // A threat is asked with the other side to move, which never leaves
        // a side in check: the player was in check.
        if question == EngineQuestion::Threat && pos.is_check() {
            return vec![e.in_check.clone()];
        }
        let lines = match lines {
            Ok(l) if !l.is_empty() => l,
            Ok(_) | Err(OpponentFailure::NoMove) => return vec![e.no_moves.clone()],
            Err(f) => return vec![fill(&e.failed, &[("error", failure_words(lex, f))])],
        };
        let first = |l: &AnalysisLine| l.moves.first().map(|m| say_move(lex, pos, m, self.style)).unwrap_or_default();
        match question {
            EngineQuestion::Eval => vec![say_score(lex, lines[0].score)],
            EngineQuestion::Best => {
                vec![fill(&e.best, &[("move", first(&lines[0])), ("eval", say_score(lex, lines[0].score))])]
            }
            EngineQuestion::Threat => {
                let side = color_name(lex, pos.turn()).to_string();
                let eval = say_score(lex, lines[0].score);
                vec![fill(&e.threat, &[("side", side), ("move", first(&lines[0])), ("eval", eval)])]
            }
            EngineQuestion::Top(_) => lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let words = first(l);
                    fill(&e.top, &[("n", (i + 1).to_string()), ("move", words), ("eval", say_score(lex, l.score))])
                })
                .collect(),
        }
    }

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
                line(fill(&lex.client.engine_failed, &[("error", failure_words(lex, error))]), Urgency::Urgent),
                line(c.engine_offer.clone(), Urgency::Urgent),
            ],
            Event::PlayingOnWith { name } => {
                one(fill(&lex.client.playing_on_with, &[("name", name.clone())]), Urgency::Info)
            }
            Event::GameKept => one(c.game_kept.clone(), Urgency::Info),
            Event::EngineHelpOff => one(lex.engine.help_off.clone(), Urgency::Info),
            Event::EngineWanted { .. } => Vec::new(),
            Event::EngineAnswered { question, position, analyst, lines } => {
                let mut out: Vec<Line> = self
                    .engine_answer(*question, position, lines)
                    .into_iter()
                    .map(|t| line(t, Urgency::Info))
                    .collect();
                if *analyst == Analyst::Builtin && lines.is_ok() {
                    out.push(line(lex.engine.builtin.clone(), Urgency::Info));
                }
                out
            }
            Event::Changed => Vec::new(),
            Event::Refused(why) => one(why.words(lex), Urgency::Urgent),
            Event::ControlReached { side: s, added } => {
                let args = [("side", side(*s)), ("time", say_duration(lex, *added))];
                one(format!("{}.", fill(&lex.clock.new_period, &args)), Urgency::Info)
            }
            Event::ScoreSaved { name } => one(fill(&c.score_saved, &[("name", name.clone())]), Urgency::Info),
            Event::SaveFailed { what, problem } => {
                let template = match what {
                    Saving::Game => &c.save_failed,
                    Saving::Score => &c.score_not_saved,
                    Saving::ScoreAtEnd => &c.score_failed,
                    Saving::Leaving => &c.leave_not_saved,
                };
                one(fill(template, &[("reason", problem_words(lex, *problem))]), Urgency::Urgent)
            }
            Event::Left { kept: true } => one(c.saved_resume.clone(), Urgency::Info),
            Event::Left { kept: false } => one(c.goodbye.clone(), Urgency::Info),
        }
    }
}

/// What a board question is asked about: a position in view (the live
/// one, or one looked back at), the moves that led to it, and the clock.
pub(crate) struct View<'a> {
    /// Positions from the start to the one in view (never empty).
    pub(crate) positions: &'a [Position],
    /// The moves between them (one fewer).
    pub(crate) moves: &'a [Move],
    /// The clock, if the game has one.
    pub(crate) clock: Option<&'a ChessClock>,
    /// The player's colour (None: two people here).
    pub(crate) me: Option<Color>,
    /// The board is read from Black's side.
    pub(crate) flipped: bool,
    /// The time now (ms).
    pub(crate) now: u64,
}

impl View<'_> {
    pub(crate) fn pos(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a view has a position"))
    }
}

impl Narrator {
    /// The answer to a board question about the view; None for commands
    /// that are not questions (they change something).
    pub(crate) fn query(&self, c: &Command, v: &View) -> Option<Vec<String>> {
        let lex = self.lex;
        let pos = v.pos();
        Some(match c {
            Command::Board => self.board(pos, v.flipped),
            Command::Pieces => say_pieces_by_kind(lex, pos),
            Command::PiecesOf { color, role } => {
                let color = color.or(v.me).unwrap_or(pos.turn());
                vec![say_pieces_of(lex, pos, color, *role)]
            }
            Command::ScanFile(f) => vec![say_file(lex, pos, *f)],
            Command::ScanRank(r) => vec![say_rank(lex, pos, *r)],
            Command::Square(s) => vec![say_square(lex, pos, *s)],
            Command::Attackers(s) => vec![say_attackers(lex, pos, *s)],
            Command::Defenders(s) => vec![say_defenders(lex, pos, *s)],
            Command::LegalMoves(s) => vec![say_legal_moves(lex, pos, *s)],
            Command::LastMove => self.last_moves(v, 1),
            Command::LastMoves(n) => self.last_moves(v, *n as usize),
            Command::Score => self.score(v),
            Command::Time => self.times(v),
            Command::Material => vec![self.material(pos)],
            Command::WhoseMove => vec![say_to_move(lex, pos.turn())],
            Command::Fen => vec![pos.to_fen()],
            Command::Help => lex.client.help.clone(),
            _ => return None,
        })
    }

    /// The board as text, from White's side or Black's, with file letters
    /// above and below and rank numbers at both ends.
    fn board(&self, pos: &Position, flipped: bool) -> Vec<String> {
        let ranks: Vec<Rank> = if flipped { Rank::ALL.to_vec() } else { Rank::ALL.iter().rev().copied().collect() };
        let files: Vec<File> = if flipped { File::ALL.iter().rev().copied().collect() } else { File::ALL.to_vec() };
        let letters: Vec<String> = files.iter().map(|f| f.char().to_string()).collect();
        let header = format!("  {}", letters.join(" "));
        let mut lines = vec![self.lex.board.legend.clone(), header.clone()];
        lines.extend(ranks.iter().map(|r| {
            let cells: Vec<String> = files
                .iter()
                .map(|f| pos.piece_at(Square::from_coords(*f, *r)).map_or("-".into(), |p| p.fen_char().to_string()))
                .collect();
            format!("{} {} {}", r.char(), cells.join(" "), r.char())
        }));
        lines.push(header);
        lines
    }

    /// The last `n` moves in the announcement style, one per line
    /// ("White: knight f3"); the last one alone as "Last move: ...".
    pub(crate) fn last_moves(&self, v: &View, n: usize) -> Vec<String> {
        let lex = self.lex;
        let (moves, positions) = (v.moves, v.positions);
        if moves.is_empty() {
            return vec![lex.client.no_moves_yet.clone()];
        }
        let words = |i: usize| say_move(lex, &positions[i], &moves[i], self.style);
        if n == 1 {
            let i = moves.len() - 1;
            let words = words(i);
            let args = [("side", lex.side(positions[i].turn())), ("words", Arg::Text(&words))];
            return vec![render(&lex.client.last_move, &args)];
        }
        (moves.len().saturating_sub(n)..moves.len())
            .map(|i| format!("{}: {}", color_name(lex, positions[i].turn()), words(i)))
            .collect()
    }

    /// The whole score in the notation of the session's language, as many
    /// whole moves to a line as fit ("1. e4 e5 2. Кf3 Кc6").
    fn score(&self, v: &View) -> Vec<String> {
        let (moves, positions) = (v.moves, v.positions);
        if moves.is_empty() {
            return vec![self.lex.client.no_moves_yet.clone()];
        }
        let opts = SanOptions::lang(self.lex.lang.notation());
        let mut line = String::new();
        let mut lines = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let pos = &positions[i];
            let san = write_san(pos, m, &opts);
            let item = if pos.turn() == Color::White || i == 0 {
                let dots = if pos.turn() == Color::White { "." } else { "..." };
                format!("{}{dots} {san}", pos.fullmoves())
            } else {
                san
            };
            if !line.is_empty() && line.chars().count() + item.chars().count() + 1 > super::plain::WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&item);
        }
        lines.push(line);
        lines
    }

    /// Both clocks, one line each.
    pub(crate) fn times(&self, v: &View) -> Vec<String> {
        let lex = self.lex;
        let Some(c) = v.clock else {
            return vec![lex.client.no_clock.clone()];
        };
        Color::ALL
            .iter()
            .map(|col| format!("{}: {}", color_name(lex, *col), say_duration(lex, c.remaining(*col, v.now))))
            .collect()
    }

    /// The material count (pawn 1, knight and bishop 3, rook 5, queen 9).
    fn material(&self, pos: &Position) -> String {
        let worth = |c: Color| -> i32 {
            [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
                .iter()
                .map(|(r, v)| pos.board().pieces(c, *r).count() as i32 * v)
                .sum()
        };
        let (w, b) = (worth(Color::White), worth(Color::Black));
        let c = &self.lex.client;
        let template = match w.cmp(&b) {
            std::cmp::Ordering::Equal => &c.material_equal,
            std::cmp::Ordering::Greater => &c.material_white,
            std::cmp::Ordering::Less => &c.material_black,
        };
        fill(template, &[("white", w.to_string()), ("black", b.to_string()), ("diff", (w - b).abs().to_string())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Action, Game, GameSetup, Player, Seat};
    use crate::speech::{Channel, SpeechLang};

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
                engine_help: true,
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
        let moved = g.act(Action::Move { mv: e4, channel: Channel::Typed }, 0);
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

    #[test]
    fn saving_refusals_and_controls_in_russian_and_german() {
        use crate::game::{Saving, WriteProblem};
        use crate::speech::Refusal;
        let events = [
            Event::ScoreSaved { name: "2026-11-30-1.pgn".into() },
            Event::SaveFailed { what: Saving::Game, problem: WriteProblem::DiskFull },
            Event::SaveFailed { what: Saving::Score, problem: WriteProblem::NotWritable },
            Event::Left { kept: true },
            Event::Refused(Refusal::NothingHeard),
            Event::ControlReached { side: Color::White, added: 1_800_000 },
        ];
        let ru = said(SpeechLang::Russian, &events);
        assert_eq!(ru[1], "Партию не удалось сохранить: диск заполнен; освободите место. Игра продолжается.");
        assert_eq!(ru[2], "Запись сохранить не удалось: в папку данных нельзя записать.");
        let de = said(SpeechLang::German, &events);
        assert_eq!(de[2], "Die Partie konnte nicht gespeichert werden: der Datenordner ist nicht beschreibbar.");
        for (lang, lines) in [(SpeechLang::Russian, ru), (SpeechLang::German, de)] {
            assert_eq!(lines.len(), events.len(), "{lang}: one line each");
            assert!(lines[0].contains("2026-11-30-1.pgn"), "{lang}: {}", lines[0]);
            for text in lines {
                for w in ["White", "saved", "game", "time", "minutes", "heard"] {
                    assert!(!text.contains(w), "{lang}: {text}");
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
