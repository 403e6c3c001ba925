//! Word-making, pure: every sentence the front end says is made here from
//! typed values (the game's events, board questions about a view, engine
//! answers, file results, questions and refusals, study sentences, the
//! greeting and the prompt), in the session's language and style, from
//! the language data. Nothing here does I/O or keeps state.
//!
//! May use: the output types (`ui::output`), effect types (`ui::effect`),
//! and every layer below the front end.

mod board;
mod engine;
mod events;
mod files;
mod play;
mod study;

pub(crate) use board::View;
pub(crate) use files::file_name;

use crate::speech::{Lexicon, Style};

/// Makes the sentences of one session: its language and style.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Narrator {
    pub(crate) lex: &'static Lexicon,
    pub(crate) style: Style,
}

impl Narrator {
    /// A narrator for a language and style.
    pub(crate) fn new(lex: &'static Lexicon, style: Style) -> Narrator {
        Narrator { lex, style }
    }
}
