//! Every integration test in one binary (as ripgrep gathers its own):
//! one link of the program instead of one per file. Each module is a
//! former test file; the tests drive the real binary and the real
//! components (speech-dispatcher, PulseAudio, vosk, Stockfish, tmux).

mod common;

mod analysis_board;
mod audio;
mod braille;
mod broadcast;
mod cli;
mod clock;
mod clock_cli;
mod correspondence;
mod differential;
mod drill;
mod engine_help;
mod explorer;
mod faults;
mod game_first;
mod hardening;
mod notation;
mod online;
mod perft;
mod pgn;
mod play;
mod practice;
mod properties;
mod puzzle;
mod puzzle_files;
mod puzzle_online;
mod puzzle_streak;
mod readers;
mod review;
mod rules;
mod seeds;
mod setup;
mod speech_in;
mod speech_out;
mod spoken;
mod terminal;
mod tournament;
mod trust;
mod voice_game;
mod watch;
