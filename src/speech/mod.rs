//! Spoken chess: moves, positions, times and events to words, and words
//! (heard or typed) back to moves, commands and answers. English, Russian,
//! German and Korean, with the FIDE phonetic file names and the NATO
//! alphabet.
//! Uses the rules core and notation; no audio here.

pub mod benchmark;
pub(crate) mod command;
pub(crate) mod explain;
pub mod grammar;
pub(crate) mod hear;
pub(crate) mod intent;
pub(crate) mod lang;
pub(crate) mod lexicon;
pub(crate) mod move_words;
pub(crate) mod placement;
pub(crate) mod resolver;
pub mod say_board;
pub mod say_event;
pub mod say_latin;
pub(crate) mod say_move;
pub(crate) mod say_notation;
pub(crate) mod say_question;
pub(crate) mod say_time;
pub(crate) mod sentences;
pub(crate) mod urgency;
pub mod vocabulary;

pub use command::{BrailleView, Command, CommandError, EngineQuestion, GameCommand};
pub use intent::{Answer, Channel, Confirm, Intent, Question, QuestionKind, Refusal};
pub use lang::{SpeechLang, Style};
pub use lexicon::Lexicon;
pub use placement::{SetupError, SetupOrder, lone_square, parse_setup};
pub use resolver::Resolver;
pub use say_latin::say_latin;
pub use say_move::say_move;
pub use say_notation::say_notation;
pub use say_question::{say_question, say_refusal};
pub use say_time::{say_duration, say_duration_after};
pub(crate) use sentences::{BroadcastWord, LobbyWord};
pub use urgency::Urgency;
