//! The language data files (data/*.toml, embedded at build time): the words
//! said for pieces, squares, events and times, and the words understood with
//! their meanings and costs.

use super::grammar::{Arg, render};
use super::lang::SpeechLang;
use super::sentences::*;
use crate::rules::{Color, File, Rank, Role};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;
#[derive(Debug, Deserialize)]
struct LangFile {
    code: String,
    brief_square: String,
    /// Particles that follow a word without a space (Korean 에서, 으로).
    #[serde(default)]
    particles: Vec<String>,
    /// Every heard move is asked about before it is played (a language
    /// whose recognizer was measured too unreliable to play on its word).
    #[serde(default)]
    heard_always_asks: bool,
    out: OutWords,
    pieces: PieceWords,
    squares: SquareWords,
    time: TimeWords,
    counts: CountWords,
    explain: ExplainWords,
    grammar: GrammarWords,
    board: BoardWords,
    reasons: ReasonWords,
    questions: QuestionWords,
    clock: ClockWords,
    client: ClientWords,
    engine: EngineWords,
    study: StudyWords,
    /// How Latin letters and words are said (a language written otherwise).
    #[serde(default)]
    latin: LatinWords,
    #[serde(rename = "in")]
    words_in: BTreeMap<String, Vec<String>>,
    commands: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
struct PhoneticFile {
    #[serde(rename = "in")]
    words_in: BTreeMap<String, Vec<String>>,
}

/// What a heard word may mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// A kind of piece.
    Piece(Role),
    /// A file letter.
    File(File),
    /// A rank number.
    Rank(Rank),
    /// A number (for answers and counts).
    Number(u32),
    /// "takes".
    Takes,
    /// "castle".
    Castle,
    /// "short", "king side".
    Short,
    /// "long", "queen side".
    Long,
    /// "en passant".
    EnPassant,
    /// "promotes to".
    Promote,
    /// "from".
    From,
    /// A side.
    Color(Color),
    /// "yes".
    Yes,
    /// "no".
    No,
    /// "cancel".
    Cancel,
    /// A word that carries nothing ("um", "the", "move").
    Filler,
}

/// A meaning with the cost of taking the word that way.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sense {
    /// The meaning.
    pub meaning: Meaning,
    /// 0 for the exact word; more for look-alikes and sound-alikes.
    pub cost: f32,
}

/// Everything voxchess says and understands in one language.
#[derive(Debug)]
pub struct Lexicon {
    /// The language.
    pub lang: SpeechLang,
    /// Brief style says squares compactly ("f3") rather than in words.
    pub compact_squares: bool,
    /// The written form: moves in notation with the language's piece
    /// letters ("Кf3"), squares, files and ranks as written ("f3"), for
    /// the rows a screen or Braille display shows; the words around them
    /// stay the language's.
    pub written: bool,
    /// Fixed words.
    pub out: OutWords,
    /// Piece names.
    pub pieces: PieceWords,
    /// File and rank names.
    pub squares: SquareWords,
    /// Time units.
    pub time: TimeWords,
    /// Nouns said with a count.
    pub counts: CountWords,
    /// Sentences for input not understood.
    pub explain: ExplainWords,
    /// Words with grammar.
    pub grammar: GrammarWords,
    /// The board in words.
    pub board: BoardWords,
    /// Why a move is not possible.
    pub reasons: ReasonWords,
    /// Questions before a move.
    pub questions: QuestionWords,
    /// The talking clock's sentences.
    pub clock: ClockWords,
    /// The game client's sentences.
    pub client: ClientWords,
    /// What the engine says about a position.
    pub engine: EngineWords,
    /// Reviewing a game and its mistakes.
    pub study: StudyWords,
    /// How Latin letters and words are said (none: the language writes
    /// them).
    pub latin: LatinWords,
    /// Understood words and phrases (lowercase), with their senses.
    pub words_in: BTreeMap<String, Vec<Sense>>,
    /// Command phrases (lowercase) and the command each names.
    pub commands: BTreeMap<String, String>,
    /// The longest phrase, in words.
    pub longest_phrase: usize,
    /// Particles written onto the word before (Korean), longest first.
    pub particles: Vec<String>,
    /// Every heard move is confirmed (see the data file for why).
    pub heard_always_asks: bool,
    /// English phrases understood in this language's sessions too (see
    /// [`ESSENTIAL_COMMANDS`]): typed words, not the recognizer's.
    pub borrowed: Vec<String>,
}

/// The English commands a player may type in any language's session,
/// whatever the language calls them: leaving, help, a hint and hearing
/// the last words again.
pub(crate) const ESSENTIAL_COMMANDS: &[&str] = &["quit", "exit", "help", "hint", "repeat"];

/// The English answers understood in any language's session.
pub(crate) const ESSENTIAL_ANSWERS: &[&str] = &["yes", "no", "cancel"];

/// A problem in a language data file (a bug in voxchess, found by its tests).
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    /// The TOML is malformed or a field is missing.
    #[error("language data {0}: {1}")]
    Toml(&'static str, String),
    /// A meaning string cannot be read.
    #[error("language data {0}: the meaning '{1}' of '{2}' cannot be read")]
    Meaning(&'static str, String, String),
}

fn parse_sense(text: &str) -> Option<Sense> {
    let (body, cost) = match text.split_once('@') {
        Some((b, c)) => (b, c.parse::<f32>().ok()?),
        None => (text, 0.0),
    };
    let (kind, arg) = body.split_once(':').unwrap_or((body, ""));
    let meaning = match kind {
        "piece" => Meaning::Piece(Role::from_char(arg.chars().next()?)?),
        "file" => Meaning::File(File::from_char(arg.chars().next()?)?),
        "rank" => Meaning::Rank(Rank::from_char(arg.chars().next()?)?),
        "number" => Meaning::Number(arg.parse().ok()?),
        "takes" => Meaning::Takes,
        "castle" => Meaning::Castle,
        "short" => Meaning::Short,
        "long" => Meaning::Long,
        "ep" => Meaning::EnPassant,
        "promote" => Meaning::Promote,
        "from" => Meaning::From,
        "color" => Meaning::Color(match arg {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return None,
        }),
        "yes" => Meaning::Yes,
        "no" => Meaning::No,
        "cancel" => Meaning::Cancel,
        "filler" => Meaning::Filler,
        _ => return None,
    };
    Some(Sense { meaning, cost })
}

fn add_words(
    name: &'static str,
    source: &BTreeMap<String, Vec<String>>,
    into: &mut BTreeMap<String, Vec<Sense>>,
) -> Result<(), LexiconError> {
    for (word, senses) in source {
        let entry = into.entry(word.to_lowercase()).or_default();
        for s in senses {
            let sense = parse_sense(s).ok_or_else(|| LexiconError::Meaning(name, s.clone(), word.clone()))?;
            if !entry.contains(&sense) {
                entry.push(sense);
            }
        }
    }
    Ok(())
}

/// Every spelling a recognizer may write for a file letter ("see", "sea",
/// "cee" for c) sounds like the letters the letter itself rhymes with: the
/// rhymes of the letter's own word ("c": b, d, e, g) are given to each
/// word that means the letter as a homophone, at their own cost, so a
/// move heard as "see four" is asked about when b4, d4, e4 or g4 is legal
/// too, as "c four" is.
fn share_rhymes(words_in: &mut BTreeMap<String, Vec<Sense>>) {
    const HOMOPHONE: f32 = 0.35;
    let rhymes_of = |words_in: &BTreeMap<String, Vec<Sense>>, f: File| -> Vec<Sense> {
        let letter = f.char().to_string();
        let own = words_in.get(&letter).cloned().unwrap_or_default();
        own.into_iter().filter(|s| s.cost > 0.0 && matches!(s.meaning, Meaning::File(_))).collect()
    };
    let spellings: Vec<(String, File)> = words_in
        .iter()
        .filter(|(w, _)| w.chars().count() > 1)
        .filter_map(|(w, senses)| {
            senses.iter().find_map(|s| match s.meaning {
                Meaning::File(f) if s.cost <= HOMOPHONE => Some((w.clone(), f)),
                _ => None,
            })
        })
        .collect();
    for (word, file) in spellings {
        let rhymes = rhymes_of(words_in, file);
        let Some(entry) = words_in.get_mut(&word) else { continue };
        for rhyme in rhymes {
            if !entry.iter().any(|s| s.meaning == rhyme.meaning) {
                entry.push(rhyme);
            }
        }
    }
}

const PHONETIC: &str = include_str!("data/phonetic.toml");

/// The essential English commands and answers added to another
/// language's tables where that language does not use the same phrase
/// itself; the phrases added.
fn borrow_essentials(
    commands: &mut BTreeMap<String, String>,
    words_in: &mut BTreeMap<String, Vec<Sense>>,
) -> Result<Vec<String>, LexiconError> {
    let (name, text) = source(SpeechLang::English);
    let en: LangFile = toml::from_str(text).map_err(|e| LexiconError::Toml(name, e.to_string()))?;
    let mut borrowed = Vec::new();
    for phrase in ESSENTIAL_COMMANDS {
        if let Some(command) = en.commands.get(*phrase)
            && !commands.contains_key(*phrase)
            && !words_in.contains_key(*phrase)
        {
            commands.insert(phrase.to_string(), command.clone());
            borrowed.push(phrase.to_string());
        }
    }
    for phrase in ESSENTIAL_ANSWERS {
        if let Some(senses) = en.words_in.get(*phrase)
            && !commands.contains_key(*phrase)
            && !words_in.contains_key(*phrase)
        {
            let mut into = BTreeMap::new();
            add_words(name, &BTreeMap::from([(phrase.to_string(), senses.clone())]), &mut into)?;
            words_in.extend(into);
            borrowed.push(phrase.to_string());
        }
    }
    Ok(borrowed)
}

fn source(lang: SpeechLang) -> (&'static str, &'static str) {
    match lang {
        SpeechLang::English => ("en.toml", include_str!("data/en.toml")),
        SpeechLang::Russian => ("ru.toml", include_str!("data/ru.toml")),
        SpeechLang::German => ("de.toml", include_str!("data/de.toml")),
        SpeechLang::Korean => ("ko.toml", include_str!("data/ko.toml")),
    }
}

impl Lexicon {
    /// What a lobby word or two-word phrase (lowercase) names, in this
    /// language or in English ("accept", "seek", "casual", "white", ...).
    pub fn lobby_word(&self, phrase: &str) -> Option<LobbyWord> {
        let own = &self.client.online.commands;
        let en = &Lexicon::get(SpeechLang::English).client.online.commands;
        own.get(phrase).or_else(|| en.get(phrase)).copied()
    }

    /// The API's name of the TV channel this language calls `typed`
    /// (lowercase), if it names one.
    pub fn tv_channel_key(&self, typed: &str) -> Option<&str> {
        self.study.watch.channels.iter().find(|(_, name)| name.to_lowercase() == typed).map(|(key, _)| key.as_str())
    }

    /// What a broadcast's command phrase (lowercase) names, in this
    /// language or in English: "boards", "board", "next" or "previous".
    pub fn broadcast_word(&self, phrase: &str) -> Option<BroadcastWord> {
        let own = &self.study.broadcast.commands;
        let en = &Lexicon::get(SpeechLang::English).study.broadcast.commands;
        own.get(phrase).or_else(|| en.get(phrase)).copied()
    }

    /// This language's lobby command words, for the recognizer while the
    /// lobby is in view.
    pub fn lobby_phrases(&self) -> Vec<String> {
        self.client.online.commands.keys().cloned().collect()
    }

    /// Whether a two-word phrase is one of this language's lobby words.
    pub fn is_lobby_phrase(&self, phrase: &str) -> bool {
        self.client.online.commands.contains_key(phrase)
    }

    /// Reads a language's data file.
    pub fn load(lang: SpeechLang) -> Result<Lexicon, LexiconError> {
        let (name, text) = source(lang);
        let file: LangFile = toml::from_str(text).map_err(|e| LexiconError::Toml(name, e.to_string()))?;
        let phonetic: PhoneticFile =
            toml::from_str(PHONETIC).map_err(|e| LexiconError::Toml("phonetic.toml", e.to_string()))?;
        let mut words_in = BTreeMap::new();
        add_words(name, &file.words_in, &mut words_in)?;
        add_words("phonetic.toml", &phonetic.words_in, &mut words_in)?;
        // Every piece name said is also understood.
        for role in Role::ALL {
            for n in piece_names(&file.pieces, role) {
                let entry = words_in.entry(n.to_lowercase()).or_default();
                let sense = Sense { meaning: Meaning::Piece(role), cost: 0.0 };
                if !entry.contains(&sense) {
                    entry.push(sense);
                }
            }
        }
        // A side's adjective forms ("белая", "weißer") name it too, as
        // pieces are set up ("чёрная ладья h8").
        for color in Color::ALL {
            let word = file.grammar.sides.of(color);
            for form in ["nom", "pl", "m", "f", "n"] {
                let Some(text) = word.forms.get(form) else { continue };
                let entry = words_in.entry(text.to_lowercase()).or_default();
                let sense = Sense { meaning: Meaning::Color(color), cost: 0.0 };
                if !entry.iter().any(|s| matches!(s.meaning, Meaning::Color(_))) {
                    entry.push(sense);
                }
            }
        }
        share_rhymes(&mut words_in);
        let mut commands: BTreeMap<String, String> =
            file.commands.into_iter().map(|(k, v)| (k.to_lowercase(), v)).collect();
        let borrowed =
            if lang == SpeechLang::English { Vec::new() } else { borrow_essentials(&mut commands, &mut words_in)? };
        let longest_phrase =
            words_in.keys().chain(commands.keys()).map(|k| k.split_whitespace().count()).max().unwrap_or(1);
        if file.code != lang.code() {
            return Err(LexiconError::Toml(name, format!("code is '{}', expected '{}'", file.code, lang.code())));
        }
        Ok(Lexicon {
            lang,
            compact_squares: file.brief_square == "compact",
            written: false,
            out: file.out,
            pieces: file.pieces,
            squares: file.squares,
            time: file.time,
            counts: file.counts,
            explain: file.explain,
            grammar: file.grammar,
            board: file.board,
            reasons: file.reasons,
            questions: file.questions,
            clock: file.clock,
            client: file.client,
            engine: file.engine,
            study: file.study,
            latin: file.latin,
            words_in,
            commands,
            longest_phrase,
            heard_always_asks: file.heard_always_asks,
            borrowed,
            particles: {
                let mut p = file.particles;
                p.sort_by_key(|x| std::cmp::Reverse(x.chars().count()));
                p
            },
        })
    }

    /// The lexicon of a language, loaded once.
    pub fn get(lang: SpeechLang) -> &'static Lexicon {
        static CELLS: [OnceLock<Lexicon>; SpeechLang::ALL.len()] = [const { OnceLock::new() }; SpeechLang::ALL.len()];
        Lexicon::once(&CELLS, lang, false)
    }

    /// The written form of a language's words (see [`Lexicon::written`]),
    /// loaded once.
    pub fn written(lang: SpeechLang) -> &'static Lexicon {
        static CELLS: [OnceLock<Lexicon>; SpeechLang::ALL.len()] = [const { OnceLock::new() }; SpeechLang::ALL.len()];
        Lexicon::once(&CELLS, lang, true)
    }

    /// A language's lexicon from its cell, loaded on first use.
    fn once(cells: &'static [OnceLock<Lexicon>], lang: SpeechLang, written: bool) -> &'static Lexicon {
        let i = SpeechLang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
        cells[i].get_or_init(|| {
            let mut lex = Lexicon::load(lang).unwrap_or_else(|e| panic!("built-in language data is broken: {e}"));
            if written {
                lex.written = true;
                lex.compact_squares = true;
            }
            lex
        })
    }

    /// The word for a side, with its forms.
    pub fn side(&self, color: Color) -> Arg<'_> {
        Arg::Word(self.grammar.sides.of(color))
    }

    /// The word for a kind of piece, with its forms.
    pub fn piece_word(&self, role: Role) -> Arg<'_> {
        Arg::Word(self.grammar.pieces.of(role))
    }

    /// A piece's name: singular (0), plural (1) or as an object (2).
    pub fn piece(&self, role: Role, form: usize) -> &str {
        &piece_names(&self.pieces, role)[form.min(2)]
    }
}

/// Fills a sentence's {placeholders} with text: fill("{side} to move",
/// &[("side", "White")]). The one template mechanism is
/// [`super::grammar::render`]; this is its form for plain text.
pub(crate) fn fill(template: &str, pairs: &[(&str, String)]) -> String {
    let args: Vec<(&str, Arg<'_>)> = pairs.iter().map(|(k, v)| (*k, Arg::Text(v.as_str()))).collect();
    render(template, &args)
}

fn piece_names(p: &PieceWords, role: Role) -> &[String; 3] {
    match role {
        Role::Pawn => &p.pawn,
        Role::Knight => &p.knight,
        Role::Bishop => &p.bishop,
        Role::Rook => &p.rook,
        Role::Queen => &p.queen,
        Role::King => &p.king,
    }
}

/// How a language says Latin letters and words (none: it writes them).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LatinWords {
    /// The names of the letters a to z.
    pub letters: Vec<String>,
    /// Words (as written, any case) and how they are said.
    pub words: BTreeMap<String, String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Korean sentences never say a placeholder particle ("을(를)"): a
    /// particle after a word is chosen by its last sound ("{piece:을/를}"),
    /// or the sentence is made so that none follows a word it cannot know.
    #[test]
    fn korean_particles_are_chosen_never_written_both() {
        let text = include_str!("data/ko.toml");
        for both in ["을(를)", "를(을)", "은(는)", "는(은)", "이(가)", "가(이)", "(으)로", "와(과)", "과(와)"]
        {
            let found: Vec<&str> = text.lines().filter(|l| l.contains(both)).collect();
            assert!(found.is_empty(), "{both}: {found:?}");
        }
        // No placeholder is followed by a particle written for one sound:
        // "{n}을" would be wrong for a word that ends in a vowel.
        let particles = ["은", "는", "이", "가", "을", "를", "과", "와", "으로", "로", "이다"];
        let fixed: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .filter(|l| {
                l.match_indices('}').any(|(i, _)| {
                    let after = &l[i + 1..];
                    particles.iter().any(|p| {
                        after
                            .strip_prefix(p)
                            .is_some_and(|rest| !rest.starts_with(|c: char| ('가'..='힣').contains(&c)))
                    })
                })
            })
            .collect();
        assert!(fixed.is_empty(), "a particle after a placeholder, not chosen by its sound: {fixed:#?}");
        // The chosen particle follows the sound: a final consonant, a
        // vowel, and ㄹ before 으로/로.
        let w = |t: &str, pair: [&str; 2], rieul: bool| {
            crate::speech::grammar::with_particle(t, &pair.map(str::to_string), rieul)
        };
        assert_eq!(w("나이트", ["을", "를"], false), "나이트를");
        assert_eq!(w("룩", ["을", "를"], false), "룩을");
        assert_eq!(w("이 팔", ["으로", "로"], true), "이 팔로");
        assert_eq!(w("이 삼", ["으로", "로"], true), "이 삼으로");
        // A number as it is read: 일, 이, 삼, 사, 오, 육, 칠, 팔, 구, 십,
        // 이십일, 백, 천, 영; a square by its rank.
        let read =
            ["1은", "2는", "3은", "4는", "5는", "6은", "7은", "8은", "9는", "10은", "21은", "100은", "1000은", "0은"];
        for said in read {
            let n = said.trim_end_matches(['은', '는']);
            assert_eq!(w(n, ["은", "는"], false), said);
        }
        assert_eq!(w("e4", ["을", "를"], false), "e4를");
        assert_eq!(w("Nf3", ["을", "를"], false), "Nf3을");
        assert_eq!(w("O-O-O", ["을", "를"], false), "O-O-O을");
        assert_eq!(w("O-O+", ["을", "를"], false), "O-O+를");
        assert_eq!(w("Nf3+", ["을", "를"], false), "Nf3+를");
        assert_eq!(w("1", ["으로", "로"], true), "1로");
        assert_eq!(w("3", ["으로", "로"], true), "3으로");
    }
    use crate::rules::Position;
    use crate::speech::{Channel, Command, EngineQuestion, Intent, Question, Resolver};

    /// quit, help, hint and repeat, and the answers yes, no and cancel,
    /// typed in English, are understood in every language's session; the
    /// recognizer is not given them in another language.
    #[test]
    fn the_essential_english_words_work_in_every_session() {
        let pos = Position::start();
        for lang in SpeechLang::ALL {
            let r = Resolver::new(lang);
            let command = |t: &str| r.resolve(&pos, t, Channel::Typed);
            assert_eq!(command("quit"), Intent::Command(Command::Quit), "{lang:?}");
            assert_eq!(command("exit"), Intent::Command(Command::Quit), "{lang:?}");
            assert_eq!(command("help"), Intent::Command(Command::Help), "{lang:?}");
            assert_eq!(command("repeat"), Intent::Command(Command::Repeat), "{lang:?}");
            assert_eq!(command("hint"), Intent::Command(Command::Engine(EngineQuestion::Best)), "{lang:?}");
            let m = crate::notation::read_move(&pos, "e4", crate::notation::NotationLang::English).expect("e4");
            let q = Question::moves(pos, vec![m]);
            // As in an English session: yes plays the move asked about.
            let en = Resolver::new(SpeechLang::English);
            for word in ["yes", "no", "cancel"] {
                let expected = en.resolve_answer(&pos, &q, word, Channel::Typed);
                assert!(!matches!(expected, Intent::Refuse(_)), "{word}: {expected:?}");
                assert_eq!(r.resolve_answer(&pos, &q, word, Channel::Typed), expected, "{lang:?} {word}");
            }
            let vocabulary = crate::speech::vocabulary::vocabulary(lang);
            let listened = ["quit", "help", "yes"].iter().any(|w| vocabulary.iter().any(|v| v == w));
            assert_eq!(listened, lang == SpeechLang::English, "{lang:?}");
        }
    }
}
