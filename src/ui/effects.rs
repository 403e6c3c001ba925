//! The effects layer: the work play and review ask for, done on request.
//! Files (the autosave, scores in the games folder), the engine that
//! answers questions, the analysis on a thread of its own, and the away
//! opponent (told the news; its acts come back on the session's channel).
//! A failed opponent is replaced here, in one place.
//!
//! May use: the base types, the words, and every layer below the front
//! end; never play, review or the session.

use super::effect::{Effect, EngineAnswer, Report, SaveResult};
use super::input::{AnalysisNews, Msg};
use super::words::{Narrator, file_name};
use crate::engine::analysis::{Analyse, Analyst, Limit, Line as AnalysisLine, passed};
use crate::files::write_new_numbered;
use crate::game::{Acts, EngineOpponent, Opponent, OpponentAct, OpponentFailure, SavedGame, WriteProblem};
use crate::rules::{Color, Position};
use crate::speech::EngineQuestion;
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::sync::{Arc, atomic::Ordering};

/// How long the engine thinks about a question (Stockfish at full strength
/// on one thread reaches about depth 18 in this time here).
const ANALYSIS_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// How long past its time an engine question is waited for when the
/// player leaves: an engine that does not answer is then left (and ended
/// with the program).
const LEAVING_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// The depth every position of an analysis is analysed to: the same
/// strength on any machine (Stockfish 15.1 on one core here: about 0.1 s
/// a position).
pub(crate) const ANALYSIS_DEPTH: u32 = 14;

/// The engine that answers questions and analyses: Stockfish (or the
/// chosen UCI engine) at full strength; the built-in engine when there is
/// none.
pub(crate) fn start_analyst(path: Option<PathBuf>) -> Box<dyn Analyse> {
    let started =
        path.or_else(crate::engine::uci::find_engine).and_then(|p| crate::engine::uci::UciEngine::start(&p, 20).ok());
    match started {
        Some(e) => Box::new(e),
        None => Box::new(crate::engine::builtin::BuiltinEngine::new(20)),
    }
}

/// The acts of an opponent, as messages on the session's channel.
pub(crate) fn acts_to(tx: Sender<Msg>) -> Acts {
    Arc::new(move |act: OpponentAct| {
        let _ = tx.send(Msg::Opponent(act));
    })
}

/// An engine question waiting or being answered.
struct Question {
    question: EngineQuestion,
    /// The position the engine's lines start from (for a threat, the one
    /// asked about with the other side to move).
    at: Position,
    /// The position the player asked about.
    asked: Position,
}

/// Does the work of a session.
pub(crate) struct Effects {
    tx: Sender<Msg>,
    words: Narrator,
    /// The engine program the settings name (None: Stockfish if found).
    engine_path: Option<PathBuf>,
    /// The engine that answers questions, started on the first one; away
    /// while an analysis runs or a question is answered.
    analyst: Option<Box<dyn Analyse>>,
    /// The question being answered (on a thread of its own, so the loop
    /// keeps reading input), and since when.
    asking: Option<(Question, std::time::Instant)>,
    /// Questions asked meanwhile, answered in turn.
    questions: std::collections::VecDeque<Question>,
    /// The away opponent, if one plays, and its side.
    opponent: Option<(Box<dyn Opponent>, Color)>,
    /// The built-in engine's level, for a replacement.
    level: u8,
    /// Where the unfinished game is kept.
    save_path: PathBuf,
    /// Where scores are written.
    games_dir: PathBuf,
    /// The explorer's and the tablebase's answers.
    lookups: super::lookups::Lookups,
}

impl Effects {
    /// The session's channel.
    pub(crate) fn sender(&self) -> Sender<Msg> {
        self.tx.clone()
    }

    /// The effects of a session whose messages go to `tx`.
    pub(crate) fn new(tx: Sender<Msg>, words: Narrator, settings: &crate::config::Settings) -> Effects {
        Effects {
            tx: tx.clone(),
            words,
            engine_path: settings.engine.clone(),
            analyst: None,
            asking: None,
            questions: std::collections::VecDeque::new(),
            opponent: None,
            level: settings.level,
            save_path: SavedGame::path(),
            games_dir: crate::config::data_dir().join("games"),
            lookups: super::lookups::Lookups::new(tx.clone(), settings),
        }
    }

    /// The away opponent, playing `side`.
    pub(crate) fn with_opponent(mut self, opponent: Box<dyn Opponent>, side: Color) -> Effects {
        self.opponent = Some((opponent, side));
        self
    }

    /// Where the unfinished game is kept (tests keep theirs apart).
    #[cfg(test)]
    pub(crate) fn save_to(mut self, path: PathBuf) -> Effects {
        self.save_path = path;
        self
    }

    /// The engine came back from an analysis.
    pub(crate) fn analyst_back(&mut self, analyst: Box<dyn Analyse>) {
        self.analyst = Some(analyst);
    }

    /// Does `effect`; what it reports at once comes back.
    pub(crate) fn perform(&mut self, effect: Effect) -> Option<Report> {
        match effect {
            Effect::Keep(game, what) => Some(Report::Saved(match game.save(&self.save_path) {
                Ok(()) => SaveResult::Kept { what },
                Err(e) => SaveResult::Failed { what, problem: WriteProblem::of(&e) },
            })),
            Effect::ClearAutosave => Some(Report::Saved(match SavedGame::clear(&self.save_path) {
                Ok(()) => SaveResult::Cleared,
                Err(e) => SaveResult::Failed { what: super::effect::Saving::Clearing, problem: WriteProblem::of(&e) },
            })),
            Effect::WriteScore { stem, pgn, what } => {
                Some(Report::Saved(match write_new_numbered(&self.games_dir, &stem, "pgn", &pgn) {
                    Ok(path) => SaveResult::Written { what, name: file_name(&path) },
                    Err(e) => SaveResult::Failed { what, problem: WriteProblem::of(&e) },
                }))
            }
            Effect::AskEngine(question, asked) => {
                let at = if question == EngineQuestion::Threat { passed(&asked) } else { Some(asked) };
                let Some(at) = at else {
                    // In check: the threat is the check; no engine is asked.
                    let lines = Ok(Vec::new());
                    return Some(Report::Answered(EngineAnswer {
                        question,
                        position: asked,
                        asked,
                        analyst: Analyst::Full,
                        lines,
                    }));
                };
                self.questions.push_back(Question { question, at, asked });
                self.next_question();
                None
            }
            Effect::Analyse { wanted, stop } => {
                let analyst = self.analyst.take();
                let path = self.engine_path.clone();
                let tx = self.tx.clone();
                std::thread::spawn(move || {
                    let mut analyst = analyst.unwrap_or_else(|| start_analyst(path));
                    for (i, pos) in wanted {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let result = analyst
                            .analyse(&pos, 1, Limit::Depth(ANALYSIS_DEPTH))
                            .map_err(|e| OpponentFailure::from(&e));
                        let failed = result.is_err();
                        if tx.send(Msg::Analysis(AnalysisNews::Evaluated(i, result))).is_err() || failed {
                            break;
                        }
                    }
                    let _ = tx.send(Msg::Analysis(AnalysisNews::Ended(analyst)));
                });
                None
            }
            Effect::Tell(news, history) => {
                if let Some((opponent, _)) = &mut self.opponent {
                    opponent.hear(&history, news);
                }
                None
            }
            Effect::ReplaceOpponent => {
                let side = self.opponent.as_ref().map_or(Color::Black, |(_, side)| *side);
                let acts = acts_to(self.tx.clone());
                let engine = crate::engine::builtin::BuiltinEngine::new(self.level);
                let opponent = EngineOpponent::new(Box::new(engine), side, acts.clone());
                let name = self.words.opponent_name(opponent.name(), opponent.builtin_level());
                self.opponent = Some((Box::new(opponent), side));
                acts(OpponentAct::Joined { name });
                None
            }
            Effect::Lookup(lookup, pos) => self.lookups.ask(lookup, pos).map(Report::Looked),
        }
    }

    /// Asks the engine the next question, if none is being answered: on a
    /// thread, starting the engine on the first question (a broken engine
    /// is started again on the next). The answer comes as a message.
    fn next_question(&mut self) {
        if self.asking.is_some() {
            return;
        }
        let Some(next) = self.questions.pop_front() else { return };
        let count = if let EngineQuestion::Top(n) = next.question { n as usize } else { 1 };
        let at = next.at;
        let engine = self.analyst.take();
        let path = self.engine_path.clone();
        let tx = self.tx.clone();
        std::thread::spawn(move || {
            let mut engine = engine.unwrap_or_else(|| start_analyst(path));
            let who = engine.analyst();
            let lines = engine.analyse(&at, count, Limit::Time(ANALYSIS_TIME)).map_err(|e| OpponentFailure::from(&e));
            let engine = lines.is_ok().then_some(engine);
            let _ = tx.send(Msg::Analysis(AnalysisNews::Answered { who, lines, engine }));
        });
        self.asking = Some((next, std::time::Instant::now()));
    }

    /// The engine answered the question being answered; the next is asked.
    pub(crate) fn answered(
        &mut self,
        who: Analyst,
        lines: Result<Vec<AnalysisLine>, OpponentFailure>,
        engine: Option<Box<dyn Analyse>>,
    ) -> Option<Report> {
        if self.analyst.is_none() {
            self.analyst = engine;
        }
        let (Question { question, at, asked }, _) = self.asking.take()?;
        self.next_question();
        Some(Report::Answered(EngineAnswer { question, position: at, asked, analyst: who, lines }))
    }

    /// The explorer or the tablebase answered; the next is asked.
    pub(crate) fn looked(&mut self, looked: crate::online::lookup::Looked) -> Report {
        Report::Looked(self.lookups.answered(looked))
    }

    /// Whether the explorer or the tablebase is being asked.
    pub(crate) fn looking(&self) -> bool {
        self.lookups.busy()
    }

    /// When the player leaves, how long the answer being given is still
    /// waited for: until a second past its time.
    pub(crate) fn answer_due(&self) -> Option<std::time::Instant> {
        self.asking.as_ref().map(|(_, since)| *since + ANALYSIS_TIME + LEAVING_GRACE)
    }
}
