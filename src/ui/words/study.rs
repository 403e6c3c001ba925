//! The sentences of studying a game: the header, each step with its
//! annotations and comments, where the cursor is, variations, the
//! analysis's progress, mistakes and summary.

use super::Narrator;
use super::engine::say_score;
use crate::notation::pgn::PgnGame;
use crate::rules::{Color, Move, Position};
use crate::speech::lexicon::fill;
use crate::speech::say_duration;
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::study::chapters::ChapterName;
use crate::study::clocks::{Think, slowest};
use crate::study::judge::{Analysis, Judged};
use crate::study::tree::{Cursor, Stop, Tree};
use crate::ui::output::Line;

/// Comments as they are said: PGN commands ([%clk 0:03:00]) left out,
/// spaces and line ends made single spaces.
pub(crate) fn comment_text(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("[%") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find(']').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How many of each side's longest thinks are said.
const SLOWEST: usize = 5;

/// The analysis's progress as words take it: move `n` of `total`.
pub(crate) type Progress = (u32, u32);

impl Narrator {
    /// The lines said first about game `number` of `total` of a file:
    /// which game, the players, the result, the event.
    pub(crate) fn header(&self, game: &PgnGame, number: usize, total: usize) -> Vec<String> {
        let s = &self.lex.study;
        let mut lines = Vec::new();
        let tag = |name: &str| game.known_tag(name).map(str::to_string);
        match tag("ChapterName") {
            Some(name) => {
                let args = [("n", number.to_string()), ("total", total.to_string()), ("name", name)];
                lines.push(fill(&s.chapter_of, &args));
            }
            None if total > 1 => {
                lines.push(fill(&s.game_of, &[("n", number.to_string()), ("total", total.to_string())]));
            }
            None => {}
        }
        let white = tag("White").unwrap_or_else(|| color_name(self.lex, Color::White).to_string());
        let black = tag("Black").unwrap_or_else(|| color_name(self.lex, Color::Black).to_string());
        let result = match game.result.as_str() {
            "1-0" => &s.result_white,
            "0-1" => &s.result_black,
            "1/2-1/2" => &s.result_draw,
            _ => &s.result_open,
        };
        let moves = game.moves.len().div_ceil(2) as u64;
        let count = unit(self.lex, &self.lex.engine.r#move, moves);
        lines
            .push(fill(&s.opened, &[("white", white), ("black", black), ("count", count), ("result", result.clone())]));
        if let Some(event) = tag("Event") {
            let date = tag("Date").unwrap_or_default().replace(".??", "");
            let line = if date.is_empty() || date.starts_with('?') {
                format!("{event}.")
            } else {
                fill(&s.event, &[("event", event), ("date", date)])
            };
            lines.push(line);
        }
        lines
    }

    /// The chapters of a study (or the games of a file), by number and
    /// name: the chapter's name, else the event, else the players. `names`
    /// are those from chapter `from` (from 0) of `total`: a page of a long
    /// list says which, and that `chapters` goes on.
    pub(crate) fn chapters(&self, names: &[ChapterName], from: usize, total: usize) -> Line {
        let s = &self.lex.study;
        let list: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let name = n.chapter.as_deref().map_or_else(
                    || {
                        let side = |t: &Option<Box<str>>, c: Color| {
                            t.as_deref().map_or_else(|| color_name(self.lex, c).to_string(), str::to_string)
                        };
                        format!("{} - {}", side(&n.white, Color::White), side(&n.black, Color::Black))
                    },
                    str::to_string,
                );
                format!("{}. {name}", from + i + 1)
            })
            .collect();
        let count = unit(self.lex, &s.chapter, total as u64);
        let list = list.join("; ");
        let text = if names.len() >= total {
            fill(&s.chapters_list, &[("count", count), ("list", list)])
        } else {
            let (first, last) = ((from + 1).to_string(), (from + names.len()).to_string());
            let sentence = if from + names.len() < total { &s.chapters_page } else { &s.chapters_last };
            fill(sentence, &[("count", count), ("from", first), ("to", last), ("list", list)])
        };
        Line { list: true, ..Line::info(text) }
    }

    /// A move that would begin a line nested deeper than files are read.
    pub(crate) fn nested_too_deep(&self) -> String {
        fill(&self.lex.study.nested_too_deep, &[("number", crate::notation::pgn::MAX_NESTING.to_string())])
    }

    /// There is no chapter `n` of `total`.
    pub(crate) fn no_chapter(&self, n: u32, total: usize) -> String {
        let s = &self.lex.study;
        fill(&s.no_chapter, &[("n", n.to_string()), ("count", unit(self.lex, &s.chapter, total as u64))])
    }

    /// A move as a step: "12. White: knight f3."
    pub(super) fn step(&self, before: &Position, mv: &Move) -> String {
        let words = self.a_move(before, mv);
        let side = color_name(self.lex, before.turn()).to_string();
        fill(&self.lex.study.step, &[("n", before.fullmoves().to_string()), ("side", side), ("move", words)])
    }

    /// Everything about the position at `cursor`: the move that led here,
    /// its annotations and comments, the end of the line, variations ahead.
    pub(crate) fn here(&self, tree: &Tree, cursor: Cursor, ongoing: bool) -> Vec<Line> {
        self.both_many(|n| n.here_words(tree, cursor, ongoing))
    }

    fn here_words(&self, tree: &Tree, cursor: Cursor, ongoing: bool) -> Vec<String> {
        let s = &self.lex.study;
        let mut lines = Vec::new();
        match tree.last_node(cursor) {
            None => {
                lines.push(fill(&s.start, &[("to_move", self.whose_move(tree.start.turn()))]));
                lines.extend(tree.comments.iter().filter_map(|c| self.comment(c)));
            }
            Some(node) => {
                lines.extend(node.comments_before.iter().filter_map(|c| self.comment(c)));
                lines.push(self.step(&node.before, &node.mv));
                lines.extend(node.nags.iter().map(|n| self.nag(*n)));
                lines.extend(node.comments.iter().filter_map(|c| self.comment(c)));
                if tree.next_node(cursor).is_none() {
                    // A game watched that goes on has no end yet: its
                    // last move is the live position.
                    let end = match (cursor.line, ongoing) {
                        (0, true) => &s.live_now,
                        (0, false) => &s.end_of_game,
                        _ => &s.end_of_variation,
                    };
                    lines.push(end.clone());
                }
            }
        }
        if let Some(next) = tree.next_node(cursor)
            && !next.variations.is_empty()
        {
            let count = unit(self.lex, &s.variation, next.variations.len() as u64);
            lines.push(fill(&s.variations_here, &[("count", count)]));
        }
        lines
    }

    /// A comment as said ("Comment: ..."); None when nothing is left of
    /// it (a comment of PGN commands only).
    fn comment(&self, text: &str) -> Option<String> {
        let text = comment_text(text);
        (!text.is_empty()).then(|| fill(&self.lex.study.comment, &[("text", text)]))
    }

    fn nag(&self, nag: u8) -> String {
        let s = &self.lex.study;
        s.nags.get(&nag.to_string()).cloned().unwrap_or_else(|| fill(&s.nag_other, &[("n", nag.to_string())]))
    }

    /// Why the cursor cannot go where it was asked; `in_main`: the cursor
    /// is in the main line.
    pub(crate) fn stop(&self, stop: Stop, in_main: bool) -> String {
        let s = &self.lex.study;
        match stop {
            Stop::AtStart => self.lex.client.at_start.clone(),
            Stop::AtEnd if in_main => s.end_of_game.clone(),
            Stop::AtEnd => s.end_of_variation.clone(),
            Stop::InMainLine => s.in_main.clone(),
            Stop::NoVariation(n) => fill(&s.no_variation, &[("n", n.to_string())]),
            Stop::NoSuchMove(n, color) => self.no_such_move(n, color),
        }
    }

    /// Variation `n` was entered.
    pub(crate) fn entered(&self, n: u32) -> String {
        fill(&self.lex.study.entered, &[("n", n.to_string())])
    }

    /// A variation was left for the main line (`depth` 0) or for
    /// variation `number`.
    pub(crate) fn left(&self, depth: usize, number: usize) -> String {
        let s = &self.lex.study;
        if depth == 0 { s.left_main.clone() } else { fill(&s.left_variation, &[("n", number.to_string())]) }
    }

    /// The main move and the variations that begin after `cursor`.
    pub(crate) fn variations(&self, tree: &Tree, cursor: Cursor) -> Line {
        self.both_one(|n| n.variations_words(tree, cursor))
    }

    fn variations_words(&self, tree: &Tree, cursor: Cursor) -> String {
        let s = &self.lex.study;
        let Some(next) = tree.next_node(cursor) else { return s.no_variations.clone() };
        if next.variations.is_empty() {
            return s.no_variations.clone();
        }
        let main = self.a_move(&next.before, &next.mv);
        let list: Vec<String> = next
            .variations
            .iter()
            .enumerate()
            .filter_map(|(i, line)| {
                let first = tree.lines.get(*line)?.nodes.first()?;
                Some(format!("{}: {}", i + 1, self.a_move(&first.before, &first.mv)))
            })
            .collect();
        fill(&s.variations_list, &[("move", main), ("list", list.join(", "))])
    }

    /// A move of the player's own played on the board: `new`, it began
    /// a line ("New line: 2. White: knight c3."), else it went on in one.
    pub(crate) fn own_move(&self, before: &Position, mv: &Move, new: bool) -> Line {
        self.both_one(|n| {
            let step = n.step(before, mv);
            if new { fill(&n.lex.study.new_line, &[("step", step)]) } else { step }
        })
    }

    /// The clocks at the move in view (`at` moves from the start): the
    /// mover's, with how long the move took, then the other side's; the
    /// latest known of each. No clocks: said so.
    pub(crate) fn clocks_at(&self, thinks: &[Think], at: usize) -> Vec<Line> {
        let s = &self.lex.study;
        let latest = |side: Color| thinks.iter().rev().find(|t| t.ply < at && t.before.turn() == side);
        let mut sides = vec![Color::White, Color::Black];
        if let Some(last) = thinks.iter().rev().find(|t| t.ply < at) {
            sides.sort_by_key(|c| *c != last.before.turn());
        }
        let lines: Vec<String> = sides
            .into_iter()
            .filter_map(|side| {
                let t = latest(side)?;
                let name = color_name(self.lex, side).to_string();
                let left = say_duration(self.lex, t.left);
                Some(match t.took.filter(|_| t.ply + 1 == at) {
                    Some(took) => {
                        fill(&s.clock_took, &[("side", name), ("left", left), ("took", say_duration(self.lex, took))])
                    }
                    None => fill(&s.clock_left, &[("side", name), ("left", left)]),
                })
            })
            .collect();
        if lines.is_empty() {
            return vec![Line::info(self.lex.client.no_clock.clone())];
        }
        lines.into_iter().map(Line::info).collect()
    }

    /// `time` before the first move of a game with a clock: each side's
    /// starting time (`start`, ms).
    pub(crate) fn starting_clocks(&self, start: u64) -> Vec<Line> {
        let left = say_duration(self.lex, start);
        [Color::White, Color::Black]
            .into_iter()
            .map(|side| {
                let name = color_name(self.lex, side).to_string();
                Line::info(fill(&self.lex.study.clock_left, &[("side", name), ("left", left.clone())]))
            })
            .collect()
    }

    /// Each side's longest thinks (`slowest` gives them), a line a
    /// side: the moves written in the row, in words in speech. No clocks
    /// at all: said so.
    pub(crate) fn slowest(&self, thinks: &[Think]) -> Vec<Line> {
        if thinks.is_empty() {
            return vec![Line::info(self.lex.client.no_clock.clone())];
        }
        Color::ALL.iter().map(|side| self.both_one(|n| n.slowest_words(thinks, *side))).collect()
    }

    fn slowest_words(&self, thinks: &[Think], side: Color) -> String {
        let s = &self.lex.study;
        let name = color_name(self.lex, side).to_string();
        let list: Vec<String> = slowest(thinks, side, SLOWEST)
            .iter()
            .map(|t| {
                let took = say_duration(self.lex, t.took.unwrap_or(0));
                let args =
                    [("n", t.before.fullmoves().to_string()), ("move", self.a_move(&t.before, &t.mv)), ("took", took)];
                fill(&s.slowest_item, &args)
            })
            .collect();
        if list.is_empty() {
            return fill(&s.slowest_none, &[("side", name)]);
        }
        fill(&s.slowest, &[("side", name), ("list", list.join("; "))])
    }

    /// `n` lines of the player's had no place in a corrected game.
    pub(crate) fn lines_dropped(&self, n: usize) -> String {
        let s = &self.lex.study;
        fill(&s.lines_dropped, &[("count", unit(self.lex, &s.variation, n as u64))])
    }

    /// `delete line` asked first, naming the line's first move.
    pub(crate) fn delete_confirm(&self, before: &Position, mv: &Move) -> Line {
        self.both_one(|n| fill(&n.lex.study.delete_confirm, &[("step", n.step(before, mv))]))
    }

    /// Where the cursor is: the move that led here and the line.
    pub(crate) fn where_am_i(&self, tree: &Tree, cursor: Cursor) -> Line {
        self.both_one(|n| n.where_words(tree, cursor))
    }

    fn where_words(&self, tree: &Tree, cursor: Cursor) -> String {
        let s = &self.lex.study;
        let (depth, number) = tree.depth(cursor);
        let line = if depth == 0 {
            s.where_main.clone()
        } else {
            fill(&s.where_variation, &[("n", number.to_string()), ("depth", depth.to_string())])
        };
        let here = match tree.last_node(cursor) {
            None => fill(&s.start, &[("to_move", self.whose_move(tree.start.turn()))]),
            Some(node) => self.step(&node.before, &node.mv),
        };
        format!("{here} {line}")
    }

    /// How many inaccuracies, mistakes and blunders each side made.
    pub(crate) fn summary(&self, a: &Analysis) -> Vec<String> {
        let s = &self.lex.study;
        Color::ALL
            .iter()
            .map(|color| {
                let counts = a.counts(*color);
                let list: Vec<String> = [&s.inaccuracy, &s.mistake, &s.blunder]
                    .iter()
                    .zip(counts)
                    .map(|(forms, n)| unit(self.lex, forms, n as u64))
                    .collect();
                let side = color_name(self.lex, *color).to_string();
                fill(&s.summary, &[("side", side), ("list", list.join(", "))])
            })
            .collect()
    }

    /// A mistake found: the move, its mark, the better move and the
    /// scores before and after; `before` is the position it was played in.
    pub(crate) fn mistake(&self, before: &Position, j: &Judged) -> Line {
        self.both_one(|n| n.mistake_words(before, j))
    }

    fn mistake_words(&self, before: &Position, j: &Judged) -> String {
        let s = &self.lex.study;
        let best = j.best.map_or(String::new(), |m| self.a_move(before, &m));
        fill(
            &s.mistake_at,
            &[
                ("step", self.step(before, &j.played)),
                ("mark", s.marks[j.mark as usize].clone()),
                ("best", best),
                ("before", say_score(self.lex, j.before)),
                ("after", say_score(self.lex, j.after)),
            ],
        )
    }

    /// The comment a saved analysis puts on a mistake ("Mistake. Better: Nf3").
    pub(crate) fn mistake_comment(&self, j: &Judged, best: &str) -> String {
        let mark = self.lex.study.marks[j.mark as usize].clone();
        fill(&self.lex.study.pgn_comment, &[("mark", mark), ("best", best.to_string())])
    }

    /// The analysis starts on a game of `total` moves.
    pub(crate) fn analyse_start(&self, total: u32) -> String {
        let count = unit(self.lex, &self.lex.engine.r#move, u64::from(total));
        fill(&self.lex.study.analyse_start, &[("count", count)])
    }

    fn at(template: &str, (n, total): Progress) -> String {
        fill(template, &[("n", n.to_string()), ("total", total.to_string())])
    }

    /// The analysis runs already, at move `n` of `total`.
    pub(crate) fn analyse_running(&self, at: Progress) -> String {
        Self::at(&self.lex.study.analyse_running, at)
    }

    /// The analysis stopped after move `n` of `total`.
    pub(crate) fn analyse_stopped(&self, at: Progress) -> String {
        Self::at(&self.lex.study.analyse_stopped, at)
    }

    /// The analysis has reached move `n` of `total`.
    pub(crate) fn progress(&self, at: Progress) -> String {
        Self::at(&self.lex.study.progress, at)
    }
}

#[cfg(test)]
mod tests {
    use super::comment_text;

    #[test]
    fn pgn_commands_are_left_out_of_comments() {
        assert_eq!(comment_text("[%clk 0:03:00] A trap,\n  but bad. [%eval 0.3]"), "A trap, but bad.");
        assert_eq!(comment_text("an open [% bracket"), "an open");
    }

    proptest::proptest! {
        #[test]
        fn any_comment_is_read_without_commands_or_line_ends(s in ".{0,80}") {
            let out = comment_text(&s);
            proptest::prop_assert!(!out.contains("[%"));
            proptest::prop_assert!(!out.contains('\n'));
        }
    }
}
