//! Plain line mode: one short line per event, no escape sequences, moves
//! typed in any notation. A first, two-player version of the game client.

use crate::notation::{NotationLang, SanOptions, describe_position, read_move, write_san};
use crate::rules::{DrawClaim, History, Outcome, Position};
use std::io::{BufRead, Write};

/// Plays a game between two people at one keyboard, reading commands from
/// `input` and writing one line per event to `output`. Returns the outcome,
/// if the game ended.
pub fn play_two_players(
    start: Position,
    lang: NotationLang,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> std::io::Result<Option<Outcome>> {
    let mut history = History::new(start);
    let opts = SanOptions::lang(lang);
    writeln!(output, "voxchess. Type moves like e4 or Nf3.")?;
    writeln!(output, "Type help for commands.")?;
    let mut line = String::new();
    loop {
        let pos = *history.current();
        if let Some(outcome) = history.outcome() {
            writeln!(output, "Game over: {outcome}")?;
            return Ok(Some(outcome));
        }
        let dots = if pos.turn() == crate::rules::Color::White { "." } else { "..." };
        write!(output, "{}{dots} {} to move> ", pos.fullmoves(), pos.turn())?;
        output.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(output)?;
            writeln!(output, "Input ended; game not finished.")?;
            return Ok(None);
        }
        let text: String = line.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        match text.to_lowercase().as_str() {
            "" => writeln!(output, "Type a move, or help.")?,
            "help" | "?" => {
                writeln!(output, "Moves: e4, Nf3, exd5, O-O, e8=Q,")?;
                writeln!(output, "or long: e2-e4. Commands: board,")?;
                writeln!(output, "fen, claim, takeback, quit.")?;
            }
            "quit" | "exit" => {
                writeln!(output, "Game left unfinished.")?;
                return Ok(None);
            }
            "board" | "pieces" => writeln!(output, "{}", describe_position(&pos, lang))?,
            "fen" => writeln!(output, "{}", pos.to_fen())?,
            "takeback" => match history.pop() {
                Some(_) => writeln!(output, "Move taken back.")?,
                None => writeln!(output, "No move to take back.")?,
            },
            "claim" => match history.claimable_draw() {
                Some(claim) => {
                    let outcome = Outcome::Draw(claim.into());
                    writeln!(output, "Game over: {outcome}")?;
                    return Ok(Some(outcome));
                }
                None => writeln!(output, "No draw can be claimed now.")?,
            },
            _ => match read_move(&pos, text, lang) {
                Ok(m) => {
                    let san = write_san(&pos, &m, &opts);
                    if history.push(m).is_err() {
                        writeln!(output, "That move is not legal.")?;
                        continue;
                    }
                    writeln!(output, "{}: {san}", pos.turn())?;
                    if let Some(claim) = history.claimable_draw() {
                        let why = match claim {
                            DrawClaim::ThreefoldRepetition => "threefold repetition",
                            DrawClaim::FiftyMoves => "the 50-move rule",
                        };
                        writeln!(output, "Draw claimable: {why}.")?;
                    }
                }
                Err(e) => writeln!(output, "{e}")?,
            },
        }
    }
}
