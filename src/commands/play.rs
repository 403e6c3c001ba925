//! `voxchess play`, `resume` and `review`: the sessions of a game and of
//! a game file.

use super::{Outcome, Start, no_game, plain_terminal, read_file};
use crate::cli::{DrillArgs, OutputArgs, PlayArgs, PuzzleAction, PuzzleArgs, ResumeArgs, ReviewArgs, SetupArgs};
use crate::config::{ColorChoice, OpponentKind};
use crate::game::{GameSetup, SavedGame};
use crate::notation::pgn::read_pgn;
use crate::rules::Color;
use crate::ui::app::{Found, Unfinished};
use crate::ui::modes::opening::{Opening, Request};
use crate::ui::modes::puzzle::{self, ImportFailed, LichessPuzzles};
use std::process::ExitCode;

/// `voxchess play` (and bare `voxchess`): the data folder is locked for
/// this game; an unfinished game is asked about first and never lost.
pub fn play(start: &Start, a: PlayArgs) -> Outcome {
    let mut settings = start.settings();
    a.apply(&mut settings)?;
    let _lock = crate::ui::app::lock_data()?;
    // The stdin lock must end before the game reads stdin.
    let choice = crate::ui::app::unfinished_game(settings.lang, &mut std::io::stdin().lock())?;
    match choice {
        Unfinished::Continue(saved) => return resume_saved(start, *saved, a.output),
        Unfinished::Stop => return Ok(ExitCode::SUCCESS),
        Unfinished::NotKept => return Ok(ExitCode::FAILURE),
        Unfinished::None | Unfinished::Kept => {}
    }
    let mut setup = GameSetup::new(a.position.position()?, Vec::new());
    if let Some(path) = &a.pgn {
        let lang = settings.lang.notation();
        let text = read_file(path)?;
        let games = read_pgn(&text, lang, None).map_err(|e| super::bad_games(path, e))?;
        let game = games.into_iter().next().ok_or_else(|| no_game(path))?;
        setup.start = game.start;
        setup.moves = game.mainline();
    }
    setup.me = match settings.opponent {
        OpponentKind::Human => None,
        OpponentKind::Engine => Some(choose_color(settings.color)),
    };
    let plain = settings.plain || plain_terminal();
    kept_or_failure(crate::ui::app::run(Opening::Game { settings, setup: Box::new(setup) }, plain)?)
}

/// The player's colour: as chosen, or drawn by lot.
fn choose_color(choice: ColorChoice) -> Color {
    match choice {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            let nanos =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
            if nanos.is_multiple_of(2) { Color::White } else { Color::Black }
        }
    }
}

/// A game that could not be kept on leaving (said in words already)
/// ends the program with a failure.
fn kept_or_failure(kept: bool) -> Outcome {
    Ok(if kept { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `voxchess resume`: the unfinished game, if there is one (a damaged
/// save is kept aside and a finished game's score written first, each
/// said); else a line says there is none, and the program fails.
pub fn resume(start: &Start, a: ResumeArgs) -> Outcome {
    let _lock = crate::ui::app::lock_data()?;
    match crate::ui::app::found_save(start.lang()).map_err(crate::ui::app::save_left)? {
        Found::Unfinished(saved) => resume_saved(start, *saved, a.output),
        Found::Stop => Ok(ExitCode::FAILURE),
        Found::Nothing | Found::FinishedWritten => {
            crate::ui::app::no_unfinished(start.lang());
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Continues a saved game (the data folder is locked by the caller). The
/// engine program comes from the settings file, never from the save.
fn resume_saved(start: &Start, mut saved: SavedGame, output: OutputArgs) -> Outcome {
    saved.settings.engine = start.settings().engine;
    output.apply(&mut saved.settings);
    let plain = saved.settings.plain || plain_terminal();
    let settings = saved.settings.clone();
    // Checked when it was read: a save that does not replay is said as
    // unreadable (and left as it is).
    let unreadable = || crate::ui::failure::SessionError::SaveUnreadable(SavedGame::path().display().to_string());
    let setup = saved.setup().map_err(|_| unreadable())?;
    kept_or_failure(crate::ui::app::run(Opening::Game { settings, setup: Box::new(setup) }, plain)?)
}

/// `voxchess review FILE`: the file is read in the session's notation
/// language first, then in each other one voxchess reads.
pub fn review(start: &Start, a: ReviewArgs) -> Outcome {
    let mut settings = start.settings();
    a.words.apply(&mut settings);
    if let Some(e) = &a.engine {
        settings.engine = Some(e.clone());
    }
    a.output.apply(&mut settings);
    let (text, stem) = match review_link(&a, &settings)? {
        Some((text, stem)) => {
            // lichess's export read a game (a chapter) at a time: what
            // cannot be read is left out and said, never the whole refused.
            let read = crate::online::export::read_games(&text);
            if read.games.is_empty() && read.variants + read.unreadable == 0 {
                return Err(no_game(&a.file));
            }
            let words = crate::ui::words::Narrator::new(crate::speech::Lexicon::get(settings.lang), settings.style);
            use crate::ui::words::Items;
            let items = if text.contains("[ChapterName ") { Items::Chapters } else { Items::Games };
            if read.games.is_empty() {
                let (variants, unreadable) = (read.variants, read.unreadable);
                return Err(crate::ui::failure::SessionError::NothingReadable { variants, unreadable }.into());
            }
            let notes = words.left_out(read.variants, read.unreadable, items);
            let plain = settings.plain || plain_terminal();
            let chapters = crate::study::chapters::Chapters::Read(read.games);
            let opening = Opening::Review { settings, games: chapters, number: a.game, stem, notes };
            crate::ui::app::run(opening, plain)?;
            return Ok(ExitCode::SUCCESS);
        }
        None => {
            let stem = a.file.file_stem().map_or("review".to_string(), |s| s.to_string_lossy().to_string());
            (read_file(&a.file)?, stem)
        }
    };
    // The file's games are indexed, each read and let go: a game is read
    // again when it is opened (the memory is the file, not every game).
    let games = match crate::study::chapters::Chapters::index(text, settings.lang.notation()) {
        Ok(games) => games,
        Err(Some(e)) => return Err(super::bad_games(&a.file, e)),
        Err(None) => return Err(no_game(&a.file)),
    };
    let plain = settings.plain || plain_terminal();
    crate::ui::app::run(Opening::Review { settings, games, number: a.game, stem, notes: Vec::new() }, plain)?;
    Ok(ExitCode::SUCCESS)
}

/// The PGN a review's link names, fetched from the lichess server (and
/// the id, to name saved copies); None when the argument is a file.
fn review_link(a: &ReviewArgs, settings: &crate::config::Settings) -> Result<Option<(String, String)>, anyhow::Error> {
    use crate::online::ApiError;
    use crate::online::export::{Link, fetch, link_of, looks_like_link};
    use crate::ui::failure::SessionError;
    let text = a.file.to_string_lossy().to_string();
    if !looks_like_link(&text) {
        return Ok(None);
    }
    let link = link_of(&text).ok_or_else(|| anyhow::Error::from(SessionError::NotALink(text)))?;
    let server = super::online::server_of(a.server.clone(), settings)?;
    let token = crate::online::token::load();
    // A slow export (a big study trickles in) is announced, shown and said.
    let aloud = super::sound::Aloud::start(settings);
    let words = crate::ui::words::Narrator::new(crate::speech::Lexicon::get(settings.lang), settings.style);
    let fetched =
        crate::ui::asking::waited(|| fetch(&server, token.as_deref(), &link), || aloud.rows(&words.asking_lichess()));
    aloud.finish();
    let pgn = fetched.map_err(|e| {
        let problem = match (e, &link) {
            (ApiError::NotFound | ApiError::Unauthorized | ApiError::MissingScope, Link::Study { .. }) => {
                SessionError::PrivateStudy
            }
            (e, _) => SessionError::Online(e),
        };
        anyhow::Error::from(problem)
    })?;
    Ok(Some((pgn, link.stem())))
}

/// `voxchess puzzle`: import lichess's puzzle file into the library, or
/// play puzzles from it. The data folder is locked meanwhile.
pub fn puzzle(start: &Start, a: PuzzleArgs) -> Outcome {
    let mut settings = start.settings();
    a.words.apply(&mut settings);
    a.output.apply(&mut settings);
    let _lock = crate::ui::app::lock_data()?;
    // The daily puzzle comes first, then the library's.
    let given = match a.action {
        Some(PuzzleAction::Import { file }) => {
            // Only a regular file, and its problem said as any file's is.
            let unreadable =
                |reason: String| crate::config::StartProblem::CannotRead { path: file.display().to_string(), reason };
            // Only a regular file; lichess's .csv.zst read as it is.
            let input = crate::files::bounded::open_regular(&file, true).map_err(|e| unreadable(e.to_string()))?;
            let input = crate::study::packed::unpacked(input).map_err(|e| unreadable(e.to_string()))?;
            match puzzle::import(&settings, input) {
                Ok(said) => super::out_rows(&said),
                Err(ImportFailed::NotWritten(problem)) => {
                    return Err(crate::ui::failure::SessionError::NotWritten(problem).into());
                }
                // Said in words, what was added with it; a failure.
                Err(ImportFailed::Unreadable(e, added)) => {
                    super::out_rows(&puzzle::unreadable_words(&settings, &e, added));
                    return Ok(ExitCode::FAILURE);
                }
            }
            return Ok(ExitCode::SUCCESS);
        }
        Some(PuzzleAction::Daily { server }) => {
            let server = super::online::server_of(server, &settings)?;
            // "Asking lichess…" heard as well as shown (while lichess is
            // asked), to its end before the puzzle's session speaks.
            let aloud = super::sound::Aloud::start(&settings);
            let daily = puzzle::daily(&settings, &server, |text: &str| aloud.rows(text));
            aloud.finish();
            vec![daily?]
        }
        Some(PuzzleAction::Online { words, difficulty, server }) => {
            let server = super::online::server_of(server, &settings)?;
            let (angle, difficulty) = lichess_choice(&words, difficulty)?;
            let asked = LichessPuzzles { angle, difficulty, replay_days: None };
            return lichess_puzzles(settings, &server, asked);
        }
        Some(PuzzleAction::Replay { theme, days, server }) => {
            let server = super::online::server_of(server, &settings)?;
            let (angle, difficulty) = lichess_choice(&[theme], None)?;
            let asked = LichessPuzzles { angle, difficulty, replay_days: Some(days) };
            return lichess_puzzles(settings, &server, asked);
        }
        Some(PuzzleAction::Dashboard { days, server }) => {
            let server = super::online::server_of(server, &settings)?;
            // Rows of at most 40 cells, whole items; then said.
            // A slow answer is announced as the dashboard is said: printed and spoken.
            let asking = |line: &crate::ui::output::Line| {
                super::out_rows(&line.text);
                super::sound::speak_as_set(line.speech(), &settings);
            };
            let lines = puzzle::dashboard(&settings, &server, days, asking)?;
            for line in &lines {
                super::out_rows(&line.text);
            }
            let said: Vec<&str> = lines.iter().map(|l| l.speech()).collect();
            super::sound::speak_as_set(&said.join(" "), &settings);
            return Ok(ExitCode::SUCCESS);
        }
        Some(PuzzleAction::Streak { theme }) => {
            let wanted = crate::study::library::Wanted { theme: theme.or(a.theme), rating: None };
            let plain = settings.plain || plain_terminal();
            let undone = puzzle::prepare_library(&settings, super::out_rows);
            crate::ui::app::run(Opening::Streak { settings, wanted, undone }, plain)?;
            return Ok(ExitCode::SUCCESS);
        }
        None => Vec::new(),
    };
    let wanted = crate::study::library::Wanted { theme: a.theme, rating: a.rating };
    let plain = settings.plain || plain_terminal();
    let undone = puzzle::prepare_library(&settings, super::out_rows);
    crate::ui::app::run(Opening::Puzzles { settings, wanted, given, undone }, plain)?;
    Ok(ExitCode::SUCCESS)
}

/// The theme and difficulty of `voxchess puzzle online fork harder`: a
/// word that is a difficulty is one, another is the theme (one at most);
/// no theme is lichess's mix.
fn lichess_choice(
    words: &[String],
    difficulty: Option<crate::online::puzzle::Difficulty>,
) -> Result<(String, crate::online::puzzle::Difficulty), anyhow::Error> {
    use crate::online::puzzle::{Difficulty, is_angle};
    let mut theme = None;
    let mut level = difficulty;
    for w in words {
        match Difficulty::parse(w) {
            Some(d) if level.is_none() => level = Some(d),
            _ if theme.is_none() && is_angle(w) => theme = Some(w.clone()),
            _ => {
                let values = Difficulty::ALL.iter().map(|d| d.key().to_string()).collect();
                return Err(
                    crate::config::StartProblem::BadValue { arg: "online".into(), value: w.clone(), values }.into()
                );
            }
        }
    }
    Ok((theme.unwrap_or_else(|| "mix".into()), level.unwrap_or_default()))
}

/// Plays lichess's puzzles; what there is to say instead, said.
fn lichess_puzzles(settings: crate::config::Settings, server: &str, asked: LichessPuzzles) -> Outcome {
    let plain = settings.plain || plain_terminal();
    match puzzle::online(&settings, server, &asked)? {
        Ok((client, given)) => {
            crate::ui::app::run(Opening::LichessPuzzles { settings, client, asked, given }, plain)?;
        }
        Err(line) => super::out_rows(&line),
    }
    Ok(ExitCode::SUCCESS)
}

/// `voxchess drill`: a board-sight drill.
pub fn drill(start: &Start, a: DrillArgs) -> Outcome {
    let mut settings = start.settings();
    a.words.apply(&mut settings);
    a.output.apply(&mut settings);
    let _lock = crate::ui::app::lock_data()?;
    let kind = a.drill;
    let plain = settings.plain || plain_terminal();
    crate::ui::app::run(Opening::Drill { settings, kind }, plain)?;
    Ok(ExitCode::SUCCESS)
}

/// `voxchess setup`: a board to set up (empty, or `--fen`'s), then its
/// review.
pub fn setup(start: &Start, a: SetupArgs) -> Outcome {
    let mut settings = start.settings();
    a.words.apply(&mut settings);
    a.output.apply(&mut settings);
    let from = match a.fen.fen {
        Some(_) => Some(a.fen.position()?),
        None => None,
    };
    // No data lock, as for a review: a game played from the position
    // takes it then.
    let plain = settings.plain || plain_terminal();
    let board = from.as_ref().map_or_else(crate::rules::Arrangement::empty, crate::rules::Arrangement::of);
    crate::ui::app::run(Opening::Asked(Request::Setup { settings, board }), plain)?;
    Ok(ExitCode::SUCCESS)
}
