//! The opening explorer's and the endgame tablebase's answers in words:
//! the games from a position and its most played moves with how they
//! scored, the opening's name; the result with best play, its distance,
//! and the best moves with theirs.

use super::Narrator;
use crate::online::api::ApiError;
use crate::online::explorer::{Database, Explored, Opening};
use crate::online::lookup::{Answer, Looked, Lookup, LookupError};
use crate::online::tablebase::{Outcome, Probed, ProbedMove};
use crate::rules::{Color, Position};
use crate::speech::Urgency;
use crate::speech::grammar::{Arg, render};
use crate::speech::lexicon::fill;
use crate::speech::say_move::color_name;
use crate::speech::say_time::unit;
use crate::ui::output::Line;

/// The most moves the explorer's answer says.
const EXPLORER_MOVES: usize = 5;
/// The most moves the tablebase's answer says.
const TABLEBASE_MOVES: usize = 4;

/// `part` of `whole` in whole percent (0 when there is no whole).
fn percent(part: u64, whole: u64) -> u64 {
    if whole == 0 {
        return 0;
    }
    ((u128::from(part) * 100 + u128::from(whole) / 2) / u128::from(whole)) as u64
}

impl Narrator {
    /// The explorer and the tablebase are not asked in the player's own
    /// game.
    pub(crate) fn lookup_not_in_game(&self) -> String {
        self.lex.study.lookup.not_in_game.clone()
    }

    /// An answer of the explorer or the tablebase; `now` is the position
    /// in view (an answer about another one says which it is about).
    pub(crate) fn looked(&self, looked: &Looked, now: &Position) -> Vec<Line> {
        let mut out = Vec::new();
        if looked.position != *now {
            let pos = &looked.position;
            let args = [("n", Arg::Text(&pos.fullmoves().to_string())), ("side", self.lex.side(pos.turn()))];
            out.push(Line::info(render(&self.lex.study.lookup.earlier, &args)));
        }
        let answer = self.both_many(|n| n.looked_words(looked));
        // Rows of moves are a readout: the player's next line or any news
        // cuts them (a refusal, one row, is said to its end).
        let urgency = if answer.len() > 1 { Urgency::Readout } else { Urgency::Info };
        out.extend(answer.into_iter().map(|l| Line { urgency, ..l }));
        out
    }

    /// An opening named: "Opening: Sicilian Defense: Najdorf Variation,
    /// B90." In another language the family in its words ("Дебют:
    /// Сицилианская защита, B90."), or the code alone when the language
    /// has no name for it: never English words.
    pub(crate) fn opening(&self, o: &Opening) -> Option<Line> {
        self.both_many(|n| n.opening_words(o).into_iter().collect()).pop()
    }

    fn opening_words(&self, o: &Opening) -> Option<String> {
        let w = &self.lex.study.lookup;
        let name = if self.lex.lang == crate::speech::SpeechLang::English {
            Some(o.name.clone())
        } else {
            w.openings.get(o.family()).cloned()
        };
        match (name, o.eco.is_empty()) {
            (Some(name), true) => Some(fill(&w.opening, &[("name", name)])),
            // The code stays with the name on a row: never alone.
            (Some(name), false) => {
                let text = fill(&w.opening_code, &[("name", name), ("eco", o.eco.clone())]);
                let glued = format!(",{}{}", crate::ui::output::GLUE, o.eco);
                Some(if self.lex.written { text.replace(&format!(", {}", o.eco), &glued) } else { text })
            }
            (None, false) => Some(fill(&w.code_only, &[("eco", o.eco.clone())])),
            (None, true) => None,
        }
    }

    fn source(&self, lookup: Lookup) -> &str {
        let w = &self.lex.study.lookup;
        match lookup {
            Lookup::Explorer(Database::Masters) => &w.masters,
            Lookup::Explorer(Database::Lichess) => &w.lichess,
            Lookup::Tablebase => &w.tablebase,
        }
    }

    fn looked_words(&self, looked: &Looked) -> Vec<String> {
        let w = &self.lex.study.lookup;
        match &looked.answer {
            Ok(Answer::Explored(e)) => self.explored(looked.lookup, &looked.position, e),
            Ok(Answer::Probed(p)) => self.probed(&looked.position, p),
            Err(LookupError::NoToken) => vec![w.need_token.clone()],
            Err(LookupError::TooManyPieces(n)) => vec![fill(&w.too_many, &[("n", n.to_string())])],
            // Not found: the server does not know the position.
            Err(LookupError::Api(ApiError::NotFound)) => match looked.lookup {
                Lookup::Tablebase => vec![w.unknown.clone()],
                Lookup::Explorer(_) => vec![fill(&w.none, &[("source", self.source(looked.lookup).to_string())])],
            },
            Err(LookupError::Api(e)) => {
                let source = self.source(looked.lookup).to_string();
                vec![fill(&w.failed, &[("source", source), ("error", self.online_error(e))])]
            }
        }
    }

    fn explored(&self, lookup: Lookup, pos: &Position, e: &Explored) -> Vec<String> {
        let w = &self.lex.study.lookup;
        let source = self.source(lookup).to_string();
        let mut out = Vec::new();
        if let Some(line) = e.opening.as_ref().and_then(|o| self.opening_words(o)) {
            out.push(line);
        }
        let total = e.games();
        if total == 0 || e.moves.is_empty() {
            out.push(fill(&w.none, &[("source", source)]));
            return out;
        }
        out.push(fill(&w.head, &[("source", source), ("count", unit(self.lex, &w.games, total))]));
        for m in e.moves.iter().take(EXPLORER_MOVES) {
            let games = m.games();
            let score = percent(m.white.saturating_mul(2).saturating_add(m.draws), games.saturating_mul(2));
            out.push(fill(
                &w.row,
                &[
                    ("move", self.a_move(pos, &m.mv)),
                    ("share", unit(self.lex, &self.lex.counts.percent, percent(games, total))),
                    ("score", unit(self.lex, &self.lex.counts.percent, score)),
                ],
            ));
        }
        out
    }

    fn probed(&self, pos: &Position, p: &Probed) -> Vec<String> {
        let w = &self.lex.study.lookup;
        let side = |c: Color| color_name(self.lex, c).to_string();
        let moves = |n: u32| unit(self.lex, &self.lex.engine.r#move, u64::from(n));
        let (mover, other) = (pos.turn(), !pos.turn());
        if p.checkmate {
            return vec![fill(&w.checkmate, &[("side", side(other))])];
        }
        if p.stalemate {
            return vec![w.stalemate.clone()];
        }
        let winner = match p.outcome {
            Outcome::Win | Outcome::CursedWin => Some(mover),
            Outcome::Loss | Outcome::BlessedLoss => Some(other),
            Outcome::Draw | Outcome::Unknown => None,
        };
        let result = match (p.outcome, winner) {
            (Outcome::Unknown, _) => w.unknown.clone(),
            (Outcome::Draw, _) | (_, None) => w.draw.clone(),
            (Outcome::CursedWin | Outcome::BlessedLoss, Some(c)) => fill(&w.cursed, &[("side", side(c))]),
            (_, Some(c)) => match (p.mate_in, p.zeroing_in) {
                (Some(n), _) => fill(&w.win_mate, &[("side", side(c)), ("moves", moves(n))]),
                (None, Some(n)) => fill(&w.win_zeroing, &[("side", side(c)), ("moves", moves(n))]),
                (None, None) => fill(&w.win, &[("side", side(c))]),
            },
        };
        let mut out = vec![result];
        let best: Vec<String> = p.moves.iter().take(TABLEBASE_MOVES).map(|m| self.probed_move(pos, m)).collect();
        if !best.is_empty() {
            out.push(fill(&w.best, &[("list", best.join(", "))]));
        }
        out
    }

    fn probed_move(&self, pos: &Position, m: &ProbedMove) -> String {
        let w = &self.lex.study.lookup;
        let mv = self.a_move(pos, &m.mv);
        let moves = |n: u32| unit(self.lex, &self.lex.engine.r#move, u64::from(n));
        match (m.outcome, m.mate_in) {
            (Outcome::Win, Some(n)) => fill(&w.move_win_mate, &[("move", mv), ("moves", moves(n))]),
            (Outcome::Win, None) => fill(&w.move_win, &[("move", mv)]),
            (Outcome::CursedWin, _) => fill(&w.move_cursed, &[("move", mv)]),
            (Outcome::Draw, _) => fill(&w.move_draw, &[("move", mv)]),
            (Outcome::BlessedLoss, _) => fill(&w.move_blessed, &[("move", mv)]),
            (Outcome::Loss, _) => fill(&w.move_loss, &[("move", mv)]),
            (Outcome::Unknown, _) => fill(&w.move_unknown, &[("move", mv)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::explorer::ExploredMove;
    use crate::speech::{Lexicon, SpeechLang, Style};

    fn mv(pos: &Position, uci: &str) -> crate::rules::Move {
        *pos.legal_moves().iter().find(|m| m.uci() == uci).expect("legal")
    }

    #[test]
    fn the_explorer_says_shares_and_scores() {
        let pos = Position::start();
        let e = Explored {
            opening: None,
            white: 60,
            draws: 20,
            black: 20,
            moves: vec![ExploredMove { mv: mv(&pos, "e2e4"), white: 27, draws: 9, black: 9 }],
        };
        let looked =
            Looked { lookup: Lookup::Explorer(Database::Masters), position: pos, answer: Ok(Answer::Explored(e)) };
        let n = Narrator::new(Lexicon::get(SpeechLang::English), Style::Brief);
        let lines = n.looked(&looked, &pos);
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            ["Masters' games: 100 games from here.", "e4: 45 percent of games, White scores 70 percent."]
        );
        assert_eq!(lines[1].speech(), "e4: 45 percent of games, White scores 70 percent.");
    }

    #[test]
    fn the_tablebase_says_the_result_in_russian() {
        let pos = Position::from_fen("4k3/6KP/8/8/8/8/7p/8 w - - 0 1").unwrap();
        let p = Probed {
            outcome: Outcome::Win,
            mate_in: Some(9),
            zeroing_in: None,
            checkmate: false,
            stalemate: false,
            moves: vec![ProbedMove {
                mv: mv(&pos, "h7h8q"),
                outcome: Outcome::Win,
                mate_in: Some(9),
                checkmate: false,
            }],
        };
        let looked = Looked { lookup: Lookup::Tablebase, position: pos, answer: Ok(Answer::Probed(p)) };
        let n = Narrator::new(Lexicon::get(SpeechLang::Russian), Style::Brief);
        let texts: Vec<String> = n.looked(&looked, &pos).iter().map(|l| l.text.clone()).collect();
        assert_eq!(texts, ["Белые выигрывают; мат в 9 ходов.", "Лучшие ходы: h8Ф+ выигрывает, мат в 9 ходов."]);
    }
}
