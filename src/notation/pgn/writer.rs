//! Writing games as standard PGN (English SAN, lines of at most 79 characters).

use super::walk::{Step, walk};
use super::{PgnGame, PgnNode};
use crate::notation::san::{SanOptions, write_san};
use crate::rules::{Color, Position};

/// The Seven Tag Roster, written first and in this order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// Where the writing stands in a line: the position before its last move
/// (its variations start there), its position, and whether the next move
/// needs its number.
struct LineAt {
    before: Position,
    pos: Position,
    need_number: bool,
}

/// The words of a line of moves and its variations, nested to any depth
/// (a walk with its own stack).
fn write_line(start: &Position, nodes: &[PgnNode], words: &mut Vec<String>) {
    let opts = SanOptions::default();
    let mut lines = vec![LineAt { before: *start, pos: *start, need_number: true }];
    for step in walk(nodes) {
        let Some(at) = lines.last_mut() else { break };
        match step {
            Step::Move { mv, comments_before, nags, comments } => {
                for c in comments_before {
                    words.push(comment(c));
                    at.need_number = true;
                }
                if at.pos.turn() == Color::White {
                    words.push(format!("{}.", at.pos.fullmoves()));
                } else if at.need_number {
                    words.push(format!("{}...", at.pos.fullmoves()));
                }
                words.push(write_san(&at.pos, &mv, &opts));
                at.need_number = false;
                for n in nags {
                    words.push(format!("${n}"));
                }
                for c in comments {
                    words.push(comment(c));
                    at.need_number = true;
                }
                at.before = at.pos;
                at.pos.play_unchecked(&mv);
            }
            Step::Open(_) => {
                words.push("(".into());
                let from = at.before;
                lines.push(LineAt { before: from, pos: from, need_number: true });
            }
            Step::Close => {
                words.push(")".into());
                lines.pop();
                if let Some(at) = lines.last_mut() {
                    at.need_number = true;
                }
            }
        }
    }
}

/// The game as PGN text, ending with a blank line.
pub fn write_pgn(game: &PgnGame) -> String {
    let mut out = String::new();
    for name in ROSTER {
        let value = match name {
            "Result" => game.result.clone(),
            _ => game.tag(name).unwrap_or("?").to_string(),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    for (name, value) in &game.tags {
        if !ROSTER.contains(&name.as_str()) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    if game.start != Position::start() && game.tag("FEN").is_none() {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
    }
    out.push('\n');
    let mut words: Vec<String> = game.comments.iter().map(|c| comment(c)).collect();
    write_line(&game.start, &game.moves, &mut words);
    words.push(game.result.clone());
    let mut line = String::new();
    for w in words {
        let glue = line.is_empty() || line.ends_with('(') || w == ")";
        if !glue && line.chars().count() + 1 + w.chars().count() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        } else if !glue {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
