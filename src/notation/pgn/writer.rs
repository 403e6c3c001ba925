//! Writing games as standard PGN (English SAN, lines of at most 79 characters).

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

fn write_line(start: &Position, nodes: &[PgnNode], words: &mut Vec<String>) {
    let opts = SanOptions::default();
    let mut pos = *start;
    let mut need_number = true;
    for node in nodes {
        let notes = node.notes();
        for c in &notes.comments_before {
            words.push(comment(c));
            need_number = true;
        }
        if pos.turn() == Color::White {
            words.push(format!("{}.", pos.fullmoves()));
        } else if need_number {
            words.push(format!("{}...", pos.fullmoves()));
        }
        words.push(write_san(&pos, &node.mv, &opts));
        need_number = false;
        for n in &notes.nags {
            words.push(format!("${n}"));
        }
        for c in &notes.comments {
            words.push(comment(c));
            need_number = true;
        }
        for v in &notes.variations {
            words.push("(".into());
            write_line(&pos, v, words);
            words.push(")".into());
            need_number = true;
        }
        pos.play_unchecked(&node.mv);
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
