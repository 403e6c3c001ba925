//! The commands that read and write chess as text: `perft`, `fen`,
//! `position`, `pgn`, `parse`, `say` and `config`.

use super::{Outcome, Start, bad_games, no_game, read_file};
use crate::cli::{FenArgs, ParseArgs, PerftArgs, PgnArgs, PositionArgs, SayArgs};
use crate::config::StartProblem;
use crate::notation::pgn::{pgn_games, write_pgn};
use crate::notation::{SanOptions, describe_position, read_move, read_movetext, write_san};
use crate::rules::{Move, Position, divide, perft as count};
use crate::speech::{Channel, Intent, Lexicon, Resolver, say_move};
use std::process::ExitCode;

/// The deepest perft (depth 15 from the start is about 2 * 10^21 nodes).
const MAX_PERFT_DEPTH: u32 = 15;

/// `voxchess perft`: the count is the last line.
pub fn perft(a: PerftArgs) -> Outcome {
    if a.depth > MAX_PERFT_DEPTH {
        return Err(StartProblem::PerftTooDeep { depth: a.depth, max: MAX_PERFT_DEPTH }.into());
    }
    let pos = a.position.position()?;
    if a.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, a.depth) {
            out_line!("{m}: {n}");
            total += n;
        }
        out_line!();
        out_line!("{total}");
    } else {
        out_line!("{}", count(&pos, a.depth));
    }
    Ok(ExitCode::SUCCESS)
}

/// The position after moves in running text.
fn after(start: Position, moves: &str, lang: crate::notation::NotationLang) -> anyhow::Result<Position> {
    let line = read_movetext(&start, moves, lang).map_err(|e| StartProblem::BadMoves(Box::new(e.0)))?;
    let mut pos = start;
    for m in &line {
        pos.play_unchecked(m);
    }
    Ok(pos)
}

/// `voxchess fen`: the final FEN of each game of a file, or of moves.
pub fn fen(a: FenArgs) -> Outcome {
    if let Some(path) = &a.pgn {
        let text = read_file(path)?;
        let start = a.position.fen.is_some().then(|| a.position.position()).transpose()?;
        // A game at a time: only the FENs are kept, and said once all
        // games are read.
        let mut fens = Vec::new();
        for game in pgn_games(&text, a.notation.lang, start) {
            let game = game.map_err(|e| bad_games(path, e))?;
            fens.push(game.final_position().to_fen());
        }
        if fens.is_empty() {
            return Err(no_game(path));
        }
        for fen in fens {
            out_line!("{fen}");
        }
    } else if let Some(moves) = &a.moves {
        out_line!("{}", after(a.position.position()?, moves, a.notation.lang)?.to_fen());
    }
    Ok(ExitCode::SUCCESS)
}

/// `voxchess position`: the position in words.
pub fn position(a: PositionArgs) -> Outcome {
    let pos = a.position.position()?;
    out_line!("{}", describe_position(&pos, a.notation.lang));
    Ok(ExitCode::SUCCESS)
}

/// `voxchess pgn`: a game file in any notation as standard PGN.
pub fn pgn(a: PgnArgs) -> Outcome {
    let text = read_file(&a.file)?;
    // A game at a time: only what is written is kept until all are read.
    let mut written = Vec::new();
    for game in pgn_games(&text, a.notation.lang, None) {
        let game = game.map_err(|e| bad_games(&a.file, e))?;
        written.push(write_pgn(&game));
    }
    for w in written {
        // A file's tags and comments may hold control characters: the
        // output filter takes them out.
        out_text!("{w}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `voxchess parse`: exit 0 with the move (or command), 3 with a question,
/// 2 with a refusal.
pub fn parse(a: ParseArgs) -> Outcome {
    let pos = match &a.moves {
        Some(moves) => after(Position::start(), moves, a.words.lang.notation())?,
        None => a.position.position()?,
    };
    let mut resolver = Resolver::new(a.words.lang);
    resolver.confirm = a.confirm;
    let words = crate::ui::words::Narrator::new(resolver.lexicon(), resolver.style);
    let text = a.text.join(" ");
    let san = |m: &Move| write_san(&pos, m, &SanOptions::default());
    let channel = if a.heard { Channel::Heard } else { Channel::Typed };
    match resolver.resolve(&pos, &text, channel) {
        Intent::Move(m) => {
            out_line!("{}", san(&m));
            Ok(ExitCode::SUCCESS)
        }
        Intent::Ask(q) => {
            super::out_rows(words.question(&q).speech());
            out_line!("{}", q.choices.iter().map(san).collect::<Vec<_>>().join(" "));
            Ok(ExitCode::from(3))
        }
        Intent::Refuse(why) => {
            super::out_rows(&words.refusal(&why));
            Ok(ExitCode::from(2))
        }
        Intent::Command(c) => {
            out_line!("command: {c}");
            Ok(ExitCode::SUCCESS)
        }
        Intent::Answer(ans) => {
            out_line!("answer: {ans}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `voxchess say`: the words for a move, spoken with `--speak`.
pub fn say(a: SayArgs) -> Outcome {
    let pos = a.position.position()?;
    let text = a.mv.join(" ");
    let m = match read_move(&pos, &text, a.words.lang.notation()) {
        Ok(m) => m,
        Err(_) => {
            // Why, in the session's language, as a game says it.
            let resolver = Resolver::new(a.words.lang);
            if let Intent::Refuse(why) = resolver.resolve(&pos, &text, Channel::Typed) {
                let words = crate::ui::words::Narrator::new(resolver.lexicon(), resolver.style);
                super::err_rows(&words.refusal(&why));
                return Ok(ExitCode::FAILURE);
            }
            return Err(StartProblem::CannotReadMove(crate::filter::echoed(&text)).into());
        }
    };
    let words = say_move(Lexicon::get(a.words.lang), &pos, &m, a.style);
    out_line!("{words}");
    if a.speak {
        super::sound::speak_and_wait(&words, a.words.lang);
    }
    Ok(ExitCode::SUCCESS)
}

/// `voxchess config`: the settings file's path and the settings in effect.
pub fn config(start: &Start) -> Outcome {
    let path = crate::config::config_path();
    let words = crate::ui::words::Narrator::new(Lexicon::get(start.lang()), crate::speech::Style::Brief);
    out_line!("{}", words.settings_file(&path, path.exists()));
    out_text!("{}", start.settings().to_toml());
    Ok(ExitCode::SUCCESS)
}
