//! The voxchess binary: parses the command line and dispatches to the
//! library's commands (`voxchess::commands`), where their bodies live.

use clap::Parser;
use std::process::ExitCode;
use voxchess::cli::{Cli, Command};
use voxchess::commands::{self, Outcome, Start, online, play, sound, text};

fn main() -> ExitCode {
    // A file size limit is a write error said in words, not a kill.
    voxchess::platform::size_limit_as_error();
    // Started again as the watcher of a run's engines: nothing else.
    if let Some(run) = std::env::var_os(voxchess::reaper::WATCH_VAR) {
        voxchess::reaper::watch(&run.to_string_lossy());
        return ExitCode::SUCCESS;
    }
    voxchess::reaper::want_watcher();
    let args: Vec<String> = std::env::args().collect();
    // The settings file is read once, and the session's language known,
    // before the command line is read.
    let start = Start::read(&args);
    let code = match Cli::try_parse() {
        Ok(cli) => start.exit_code(dispatch(&start, cli)),
        Err(e) => commands::arguments::command_line_error(&start, e),
    };
    // Every engine of this run ends with it (a hung one too).
    voxchess::reaper::end_all();
    code
}

fn dispatch(start: &Start, cli: Cli) -> Outcome {
    let Some(command) = cli.command else { return play::play(start, cli.play) };
    match command {
        Command::Play(a) => play::play(start, a),
        Command::Resume(a) => play::resume(start, a),
        Command::Review(a) => play::review(start, a),
        Command::Online(a) => online::online(start, a),
        Command::Config => text::config(start),
        Command::Perft(a) => text::perft(a),
        Command::Fen(a) => text::fen(a),
        Command::Position(a) => text::position(a),
        Command::Pgn(a) => text::pgn(a),
        Command::Parse(a) => text::parse(a),
        Command::Say(a) => text::say(a),
        Command::Clock(a) => sound::clock(a),
        Command::Listen(a) => sound::listen(a),
        Command::Models(a) => sound::models(start, a),
        Command::Puzzle(a) => play::puzzle(start, a),
        Command::Drill(a) => play::drill(start, a),
        Command::Setup(a) => play::setup(start, a),
    }
}
