//! What grundy answers about a position: outcome, Grundy value, winning moves, explanation.

use crate::{Nat, Outcome};
use serde::{Serialize, Serializer};
use std::fmt;

/// One positional argument of a game's notation: a number of any size, or a word such as `5x4`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// A natural number, written in JSON as an integer of any size.
    Int(Nat),
    /// Anything else, written in JSON as a string.
    Text(String),
}

impl Token {
    /// A list of number tokens.
    pub fn ints<'a>(ns: impl IntoIterator<Item = &'a Nat>) -> Vec<Token> {
        ns.into_iter().map(|n| Token::Int(n.clone())).collect()
    }
}

impl From<u64> for Token {
    fn from(n: u64) -> Self {
        Token::Int(n.into())
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A number that fits a word is written as one: num-bigint's general conversion
            // was a quarter of the time of a `--batch` line.
            Token::Int(n) => match u64::try_from(n) {
                Ok(v) => write!(f, "{v}"),
                Err(_) => write!(f, "{n}"),
            },
            Token::Text(s) => f.write_str(s),
        }
    }
}

/// Serializes a natural number as a JSON integer of any size (exact, never a float).
pub fn serialize_nat<S: Serializer>(n: &Nat, s: S) -> Result<S::Ok, S::Error> {
    if let Ok(v) = u64::try_from(n) {
        return s.serialize_u64(v);
    }
    let number: serde_json::Number = n
        .to_string()
        .parse()
        .expect("decimal digits are a JSON number");
    number.serialize(s)
}

fn serialize_opt_nat<S: Serializer>(n: &Option<Nat>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => serialize_nat(n, s),
        None => s.serialize_none(),
    }
}

impl Serialize for Token {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Token::Int(n) => serialize_nat(n, s),
            Token::Text(t) => s.serialize_str(t),
        }
    }
}

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Player {
    /// Left (by convention, the player who wins L-positions).
    Left,
    /// Right.
    Right,
}

/// A word that is not a player's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a player: Left or Right (L or R)")]
pub struct NotAPlayer(pub String);

impl std::str::FromStr for Player {
    type Err = NotAPlayer;

    /// `Left` or `Right`, or their initials, in any case.
    ///
    /// ```
    /// use grundy::analysis::Player;
    /// assert_eq!("left".parse::<Player>(), Ok(Player::Left));
    /// assert_eq!("R".parse::<Player>(), Ok(Player::Right));
    /// assert!("up".parse::<Player>().is_err());
    /// ```
    fn from_str(word: &str) -> Result<Player, NotAPlayer> {
        match word.to_ascii_lowercase().as_str() {
            "left" | "l" => Ok(Player::Left),
            "right" | "r" => Ok(Player::Right),
            _ => Err(NotAPlayer(word.to_string())),
        }
    }
}

/// A move found by a game: where it leads and how a person would say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// The position after the move.
    pub to: P,
    /// The move in words, e.g. `take 2 from heap 1`.
    pub description: String,
    /// For partizan games, who makes the move.
    pub player: Option<Player>,
}

impl<P> Move<P> {
    /// An impartial move.
    pub fn new(to: P, description: impl Into<String>) -> Self {
        Move {
            to,
            description: description.into(),
            player: None,
        }
    }
}

/// A lazily enumerated list of winning moves (there may be astronomically many).
pub type MoveIter<'a, P> = Box<dyn Iterator<Item = Move<P>> + 'a>;

/// What a game knows about one of its positions.
pub struct Verdict<'a, P> {
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague–Grundy value, where it applies and is known.
    pub grundy: Option<Nat>,
    /// Every winning move, each resulting position once — or, when `partial`, some of them.
    pub winning: MoveIter<'a, P>,
    /// Whether `winning` may leave out winning moves (too many to search; the explanation
    /// says which are listed). Answers then report their list as truncated.
    pub partial: bool,
    /// Why: the theorem applied to this position.
    pub explanation: String,
    /// What a search did to find the answer, where one was made ([`crate::search`]).
    pub search: Option<Searched>,
}

/// What a search did: shown by `grundy solve` and written in its JSON as `search`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Searched {
    /// Positions whose moves were generated.
    pub positions: u64,
    /// Positions answered by the transposition table.
    pub table_hits: u64,
    /// Positions held in the table at the end.
    pub table_entries: u64,
    /// The memory the table takes, in bytes.
    pub table_bytes: u64,
    /// Entries that replaced another in a full table.
    pub table_replaced: u64,
    /// The deepest line searched, in moves.
    pub depth: u32,
    /// How long the search took, in milliseconds.
    pub milliseconds: u64,
    /// Positions read from a checkpoint before the search started (`--checkpoint`).
    pub loaded: u64,
}

/// One option a game was built with, as its command line writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameOption {
    /// A value written before the position, without a name: the code of `octal 0.6`.
    Leading(&'static str, String),
    /// A named value: `--max 3`.
    Named(&'static str, String),
    /// A switch that is on: `--misere`.
    Flag(&'static str),
}

/// A game as built: its command name and its options. Displayed, it is the game as written on
/// the command line (`bash --max 3 --misere`); in JSON, three fields: `game` (the name),
/// `options` (an object: each value as written, a switch as `true`) and `spec` (the written
/// form, to ask again about another position).
///
/// ```
/// use grundy::analysis::{GameName, GameOption};
///
/// let g = GameName::new("bash", vec![GameOption::Named("max", "3".into()), GameOption::Flag("misere")]);
/// assert_eq!(g.to_string(), "bash --max 3 --misere");
/// let json = serde_json::to_value(&g).unwrap();
/// assert_eq!(json, serde_json::json!({
///     "game": "bash", "options": {"max": "3", "misere": true}, "spec": "bash --max 3 --misere",
/// }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameName {
    /// The command name, e.g. `octal`.
    pub name: &'static str,
    /// The options, in the order the command line writes them.
    pub options: Vec<GameOption>,
}

impl GameName {
    /// The game `name` with `options`.
    pub fn new(name: &'static str, options: Vec<GameOption>) -> Self {
        Self { name, options }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        for o in &self.options {
            match o {
                GameOption::Leading(_, v) => write!(f, " {v}")?,
                GameOption::Named(k, v) => write!(f, " --{k} {v}")?,
                GameOption::Flag(k) => write!(f, " --{k}")?,
            }
        }
        Ok(())
    }
}

impl Serialize for GameName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Options<'a>(&'a [GameOption]);
        impl Serialize for Options<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for o in self.0 {
                    match o {
                        GameOption::Leading(k, v) | GameOption::Named(k, v) => {
                            m.serialize_entry(k, v)?
                        }
                        GameOption::Flag(k) => m.serialize_entry(k, &true)?,
                    }
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("game", self.name)?;
        m.serialize_entry("options", &Options(&self.options))?;
        m.serialize_entry("spec", &self.to_string())?;
        m.end()
    }
}

/// How many winning moves an answer lists unless asked for more or fewer (`--max-moves`).
pub const MAX_MOVES: usize = 100;

/// A report about a game with the game's name and options before it, in one JSON object:
/// what `grundy sequence --json` prints (the command line, Python's `to_dict` and the MPI
/// runner write it alike).
///
/// ```
/// use grundy::analysis::{GameName, Named};
///
/// #[derive(serde::Serialize)]
/// struct Count { heaps: u32 }
/// let named = Named { game: GameName::new("nim", vec![]), report: Count { heaps: 3 } };
/// assert_eq!(
///     serde_json::to_string(&named).unwrap(),
///     r#"{"game":"nim","options":{},"spec":"nim","heaps":3}"#
/// );
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Named<R> {
    /// The game and its options.
    #[serde(flatten)]
    pub game: GameName,
    /// What is said about it.
    #[serde(flatten)]
    pub report: R,
}

/// A winning move as reported to users (`to` in the game's notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// The resulting position, written as the command's positional arguments.
    pub to: Vec<Token>,
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// Who moves, for partizan games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Player>,
    /// In a sum of games, the component moved in (0-based; `to` is then that component's new
    /// position); absent for one game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<usize>,
}

/// The full answer for one position; its JSON form is the `grundy solve --json` contract.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game: in JSON its name (`game`), its options (`options`) and both as written on
    /// the command line (`spec`).
    #[serde(flatten)]
    pub game: GameName,
    /// The position, written as the command's positional arguments.
    pub position: Vec<Token>,
    /// Who wins with perfect play.
    pub outcome: Outcome,
    /// The exact Sprague–Grundy value; `null` where it does not apply (misère, partizan)
    /// or is not known for a position this large.
    #[serde(serialize_with = "serialize_opt_nat")]
    pub grundy: Option<Nat>,
    /// Every winning move, up to the requested maximum.
    pub winning_moves: Vec<WinningMove>,
    /// Whether `winning_moves` was cut at the maximum.
    pub winning_moves_truncated: bool,
    /// Whether only some kinds of winning moves were searched for, so that more may exist
    /// whatever the maximum (a heap too large to search every move of; the explanation says
    /// which moves are listed).
    pub winning_moves_partial: bool,
    /// The theorem that decides the position, applied to it.
    pub explanation: String,
    /// How many moves the game lasts with best play, the winner hastening and the loser
    /// delaying (see [`crate::rules::remoteness`]); absent where not known or not asked for
    /// ([`crate::rules::DynGame::solve`] leaves it out; `grundy solve` asks for it).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_opt_nat"
    )]
    pub remoteness: Option<Nat>,
    /// For a sum of games (`game` is `sum`), each component's own answer; absent for one game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<Vec<Analysis>>,
    /// What a search did to find the answer (positions, depth, table, milliseconds), where
    /// one was made ([`crate::search`]); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<Searched>,
}

impl Analysis {
    /// The answer in one line, as `grundy solve --batch` prints it: the position, who wins,
    /// the Grundy value, and the first winning move with how many more there are.
    ///
    /// ```
    /// use grundy::rules::Ruleset;
    /// use grundy::games::nim::Nim;
    ///
    /// let nim = Nim::default();
    /// let a = nim.answer(&nim.read("3 4 5").unwrap(), 100).unwrap();
    /// assert_eq!(a.brief(), "3 4 5: N, grundy 2, take 2 from heap 1 → 1 4 5");
    /// let a = nim.answer(&nim.read("1 2 3").unwrap(), 100).unwrap();
    /// assert_eq!(a.brief(), "1 2 3: P, grundy 0");
    /// ```
    pub fn brief(&self) -> String {
        let mut out = String::new();
        let mut line = Brief::start(&mut out, &self.position);
        line.outcome(self.outcome);
        if let Some(g) = &self.grundy {
            line.grundy(g);
        }
        if let Some(m) = self.winning_moves.first() {
            line.first_move(&m.description, &m.to);
            let open = self.winning_moves_truncated || self.winning_moves_partial;
            line.more(self.winning_moves.len() - 1, open);
        }
        out
    }
}

/// Writes the one-line answer of [`Analysis::brief`] piece by piece, so that a game's fast
/// path for small positions (see [`crate::rules::Ruleset::brief_fast`]) writes exactly the
/// same line without building an [`Analysis`].
pub struct Brief<'a> {
    out: &'a mut String,
}

/// What can be written as a word of a position: a token, a number, or a machine word.
pub trait Word {
    /// Appends the word to `out`.
    fn put(&self, out: &mut String);
}

impl Word for u64 {
    fn put(&self, out: &mut String) {
        out.push_str(itoa::Buffer::new().format(*self));
    }
}

impl Word for Nat {
    fn put(&self, out: &mut String) {
        match u64::try_from(self) {
            Ok(v) => v.put(out),
            Err(_) => {
                let _ = fmt::Write::write_fmt(out, format_args!("{self}"));
            }
        }
    }
}

impl Word for Token {
    fn put(&self, out: &mut String) {
        match self {
            Token::Int(n) => n.put(out),
            Token::Text(s) => out.push_str(s),
        }
    }
}

/// The words of a position's tokens.
pub(crate) fn strings(tokens: &[Token]) -> Vec<String> {
    tokens.iter().map(Token::to_string).collect()
}

/// Words borrowed, as the games take them.
pub(crate) fn strs(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

/// A position's words as answers print them: separated by spaces, `(empty)` for none.
pub fn words_text<W: Word>(words: &[W]) -> String {
    let mut out = String::new();
    put_words(&mut out, words);
    out
}

fn put_words<W: Word>(out: &mut String, words: &[W]) {
    if words.is_empty() {
        out.push_str("(empty)");
    }
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        w.put(out);
    }
}

impl<'a> Brief<'a> {
    /// Starts the line of `position` at the end of `out`.
    pub fn start<W: Word>(out: &'a mut String, position: &[W]) -> Self {
        put_words(out, position);
        out.push_str(": ");
        Brief { out }
    }

    /// Who wins.
    pub fn outcome(&mut self, o: Outcome) -> &mut Self {
        self.out.push_str(o.letter());
        self
    }

    /// The Grundy value.
    pub fn grundy<W: Word>(&mut self, g: &W) -> &mut Self {
        self.out.push_str(", grundy ");
        g.put(self.out);
        self
    }

    /// The first winning move: its words (written by `describe`) and where it leads.
    pub fn first_move<W: Word>(&mut self, describe: impl Describe, to: &[W]) -> &mut Self {
        self.out.push_str(", ");
        describe.describe(self.out);
        self.out.push_str(" → ");
        put_words(self.out, to);
        self
    }

    /// How many more winning moves were found, and whether there may be others (`open`).
    pub fn more(&mut self, more: usize, open: bool) -> &mut Self {
        // "(+2 more)"; where the list was cut or only some moves were searched, "(+ at least
        // 99 more)" (or "(+ maybe more)" when none more was counted).
        if more > 0 && !open {
            self.out.push_str(" (+");
            (more as u64).put(self.out);
            self.out.push_str(" more)");
        } else if open && more > 0 {
            self.out.push_str(" (+ at least ");
            (more as u64).put(self.out);
            self.out.push_str(" more)");
        } else if open {
            self.out.push_str(" (+ maybe more)");
        }
        self
    }
}

/// A move's words, written into the line: a ready sentence, or a fast path's few words.
pub trait Describe {
    /// Appends the words to `out`.
    fn describe(self, out: &mut String);
}

impl Describe for &String {
    fn describe(self, out: &mut String) {
        out.push_str(self);
    }
}

impl<F: FnOnce(&mut String)> Describe for F {
    fn describe(self, out: &mut String) {
        self(out)
    }
}
