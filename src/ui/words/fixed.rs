//! The sentences that take no values, picked by name: the front ends
//! name a [`Fixed`] sentence (or a [`Notice`] from a helper thread) and
//! the words layer says it. No front reads the language data itself.

use super::Narrator;
use crate::ui::input::{Asked, Notice};
use crate::ui::output::{Line, Urgency};

/// Declares the fixed sentences and where each lives in the language data.
macro_rules! fixed {
    ($($(#[$doc:meta])* $variant:ident => $($field:ident).+;)*) => {
        /// A sentence with no values in it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Fixed {
            $($(#[$doc])* $variant,)*
        }

        impl Narrator {
            /// The words of a fixed sentence.
            pub(crate) fn fixed(&self, f: Fixed) -> String {
                let lex = self.lex;
                match f {
                    $(Fixed::$variant => lex.$($field).+.clone(),)*
                }
            }
        }

        #[cfg(test)]
        const ALL_FIXED: &[Fixed] = &[$(Fixed::$variant,)*];
    };
}

fixed! {
    /// The player's own name in the score.
    Human => client.human;
    /// White's name when two people play here.
    HumanWhite => client.human_white;
    /// Black's name when two people play here.
    HumanBlack => client.human_black;
    /// Back at the live position from looking back.
    BackToLive => client.back_to_live;
    /// `stop` with nothing being said.
    NothingToStop => client.nothing_to_stop;
    /// Looking back reached the start.
    AtStart => client.at_start;
    /// Already at the live position.
    AtLive => client.at_live;
    /// A move typed while looking back is played on the live position.
    MoveWhileLooking => client.move_while_looking;
    /// Input ended during the game.
    InputEnded => client.input_ended;
    /// Leaving a server's game, which goes on there.
    LeftGame => client.online.left_game;
    /// A study command during a game.
    ReviewOnly => study.review_only;
    /// The study after a game begins.
    AfterGame => study.after_game;
    /// `rematch` after a game not played on lichess.
    RematchNone => study.rematch_none;
    /// A rematch asked for already after this game.
    RematchAsked => study.rematch_asked;
    /// An answer that waits for the analysis.
    StudyDeferred => study.deferred;
    /// A game command in a study.
    NotInGame => study.not_in_game;
    /// No analysis yet.
    NotAnalysed => study.not_analysed;
    /// No mistake further on.
    NoNextMistake => study.no_next_mistake;
    /// No mistake further back.
    NoPreviousMistake => study.no_previous_mistake;
    /// No mistake of the player's to practise.
    NoMistakesToPractise => study.no_practice;
    /// A line deleted.
    LineDeleted => study.deleted;
    /// A line not deleted after all.
    LineKept => study.kept;
    /// `delete line` in the main line.
    MainLineStays => study.main_stays;
    /// A variation made the main line.
    LinePromoted => study.promoted;
    /// The analysis was of a main line that is one no more.
    AnalysisDropped => study.analysis_dropped;
    /// A move of the player's own at the live end of a game watched.
    LiveEnd => study.live_end;
    /// `promote line` in a game watched as it is played.
    LiveMainLine => study.live_main;
    /// Leaving with lines of the player's own not saved.
    LinesNotSaved => study.not_saved;
    /// `play from here` while an unfinished game is kept.
    UnfinishedKept => study.unfinished_kept;
    /// A question about a move, answered no.
    Cancelled => client.cancelled;
    /// The analysis judged every move.
    AnalyseDone => study.analyse_done;
    /// No moves to analyse.
    NoMovesYet => client.no_moves_yet;
    /// The built-in engine analyses (no other was found).
    BuiltinEngine => engine.builtin;
    /// How to get help.
    TypeHelp => client.type_help;
    /// An empty line.
    Empty => client.empty;
    /// A line over the limit.
    TooLong => client.too_long;
    /// Leaving.
    Goodbye => client.goodbye;
    /// No engine program found: the built-in one plays.
    NoEngine => client.no_engine;
    /// No voice model exists for the language.
    #[cfg_attr(not(all(feature = "voice", feature = "tts")), allow(dead_code))]
    NoModelExists => client.no_model_exists;
    /// The Braille display is connected.
    BrailleBack => client.braille.back;
    /// No Braille display.
    BrailleAbsent => client.braille.absent;
    /// Built without voice input.
    #[cfg_attr(all(feature = "voice", feature = "tts"), allow(dead_code))]
    VoiceNotBuilt => client.voice_not_built;
    /// Voice input is on.
    Listening => client.listening;
    /// Voice input is off.
    NotListening => client.not_listening;
    /// Voice input does not run.
    VoiceOff => client.voice_off;
    /// `resume` with no unfinished game.
    NoUnfinished => client.no_unfinished;
    /// An unfinished game was found: continue?
    UnfinishedFound => client.unfinished_found;
    /// The unfinished game is left as it was.
    NothingChanged => client.nothing_changed;
    /// Yes or no, please.
    YesOrNo => client.yes_or_no;
    /// Back in the lobby after a game.
    BackInLobby => client.online.back_in_lobby;
    /// The token is forgotten.
    LoggedOut => client.online.logged_out;
    /// Asks for the token.
    TokenPrompt => client.online.token_prompt;
    /// No token kept: log in first.
    NotLoggedIn => client.online.not_logged_in;
    /// The server refused the token.
    TokenRefused => client.online.token_refused;
    /// The token could not be kept.
    TokenNotSaved => client.online.token_not_saved;
    /// Several games in progress: pick one.
    PickGame => client.online.pick_game;
    /// The game asked for is being joined already.
    Joining => client.online.joining;
    /// Quitting with a real-time game running: quit anyway?
    QuitAnyway => client.online.quit_anyway;
    /// The answer to quitting anyway was no.
    StayInLobby => client.online.stay_in_lobby;
    /// No challenge to answer.
    NoChallenge => client.online.no_challenge;
    /// A challenge declined.
    Declined => client.online.declined;
    /// The seek is cancelled.
    SeekCancelled => client.online.seek_cancelled;
    /// The challenge is sent.
    ChallengeSent => client.online.challenge_sent;
    /// No games in progress.
    NoGames => client.online.no_games;
    /// A challenge was withdrawn.
    ChallengeGone => client.online.challenge_gone;
    /// The connection to the server is back.
    ConnectionBack => client.online.connection_back;
    /// The connection to the server is lost.
    ConnectionLost => client.online.connection_lost;
}

impl Narrator {
    /// A fixed sentence as a line of information.
    pub(crate) fn fixed_line(&self, f: Fixed) -> Line {
        Line::info(self.fixed(f))
    }

    /// What a helper thread reports (speech, the microphone, the model).
    pub(crate) fn notice(&self, n: &Notice) -> String {
        let c = &self.lex.client;
        match n {
            Notice::SpeechJoined => c.speech_joined.clone(),
            Notice::SpeechUnavailable => c.speech_unavailable.clone(),
            Notice::SpeechNoAnswer => c.speech_no_answer.clone(),
            Notice::VoiceNoLibrary => c.voice_no_library.clone(),
            Notice::BadModel(code) => self.bad_model(code),
            Notice::NoMicrophone => c.no_microphone.clone(),
            Notice::Listening => c.listening.clone(),
            Notice::Asking(Asked::Lichess) => c.asking_lichess.clone(),
            Notice::Asking(Asked::Explorer) => c.asking_explorer.clone(),
            Notice::Asking(Asked::Tablebase) => c.asking_tablebase.clone(),
        }
    }

    fn readout(lines: &[String]) -> Vec<Line> {
        lines.iter().map(|l| Line::new(l.clone(), Urgency::Readout)).collect()
    }

    /// The keys of the board mode.
    pub(crate) fn board_keys(&self) -> Vec<Line> {
        Self::readout(&self.lex.client.board_keys)
    }

    /// The study's help.
    pub(crate) fn study_help(&self) -> Vec<Line> {
        Self::readout(&self.lex.study.help)
    }

    /// The lobby's help.
    pub(crate) fn lobby_help(&self) -> Vec<Line> {
        Self::readout(&self.lex.client.online.help)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speech::{Lexicon, SpeechLang, Style};

    /// Every fixed sentence has words in every language.
    #[test]
    fn every_fixed_sentence_in_every_language() {
        for lang in [SpeechLang::English, SpeechLang::Russian, SpeechLang::German, SpeechLang::Korean] {
            let n = Narrator::new(Lexicon::get(lang), Style::Brief);
            for f in ALL_FIXED {
                assert!(!n.fixed(*f).trim().is_empty(), "{lang}: {f:?}");
            }
        }
    }
}
