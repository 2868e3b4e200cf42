//! Sums of games: several positions side by side, each move made in exactly one of them —
//! the sum of Sprague (1935) and Grundy (1939), and of Conway's *On Numbers and Games*.
//!
//! A sum is written as its components with `+` between them, each a game's name, options and
//! position as for that game alone: `kayles 5 7 + wythoff 3 4 + nim 6`. A component written
//! without a game's name is another position of the game before it (`nim 3 + 4` is `nim 3 4`).
//!
//! Impartial components are answered each by its own closed form or engine: the sum is worth
//! the nim-sum of their Grundy values, and its winning moves are each component's moves to
//! the value that makes the nim-sum 0 ([`crate::rules::Ruleset::moves_to_value`]). A sum
//! with a partizan component is worth the sum of the components' values (canonical forms,
//! [`crate::cgt`]); a player's winning moves are those that leave a sum they win moving
//! second.
//!
//! ```
//! use grundy::registry::Registry;
//! use grundy::Outcome;
//!
//! let sum = Registry::catalog().parse("kayles 5 7 + wythoff 3 4 + nim 6").unwrap();
//! let a = sum.solve(100).unwrap();
//! assert_eq!(a.game.to_string(), "sum");
//! // Kayles 5 7 is worth 4 ⊕ 2, Wythoff (3, 4) is worth 2, a heap of 6 is worth 6.
//! assert_eq!(a.grundy, Some(2u32.into()));
//! assert_eq!(a.outcome, Outcome::N);
//! // The heap of 6 is taken down to 4, so that 6 ⊕ 2 ⊕ 4 = 0.
//! let nim = a.winning_moves.iter().find(|m| m.component == Some(2)).unwrap();
//! assert_eq!(nim.description, "take 2 from heap 1 in nim 6");
//! ```

use crate::analysis::{strings, strs, words_text, Analysis, GameName, Player, Token, WinningMove};
use crate::cgt::{Id, Report, Universe};
use crate::registry::{Entry, Options, PositionSpec, Registry, MISERE};
use crate::rules::{DynGame, GameInfo, Play, Position};
use crate::{GameError, Nat, Outcome};
use num_traits::Zero;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What `grundy rules` would say of a sum.
pub static INFO: GameInfo = GameInfo {
    name: "sum",
    title: "A sum of games",
    summary: "several games side by side; each move is made in exactly one of them",
    usage: "GAME POSITION + GAME POSITION + …",
    example: "kayles 5 7 + wythoff 3 4 + nim 6",
    rules: "Several games are played side by side. A player moves in exactly one of them, \
            by that game's rules; normal play: a player who cannot move in any of them loses.",
    theory: "Sprague–Grundy theorem: an impartial sum is worth the nim-sum of its components' \
             Grundy values, and it is lost for the player to move exactly when that is 0. A \
             sum with partizan components is worth the sum of the components' values (their \
             canonical forms added); its sign says who wins.",
    source: "R. Sprague, Über mathematische Kampfspiele (1935); P. M. Grundy, Mathematics and \
             games (1939); J. H. Conway, On Numbers and Games (1976), ch. 7 and 11; \
             Berlekamp, Conway and Guy, Winning Ways (1982), ch. 2.",
};

/// The registry's entry of a sum: not listed among the games, but what a query with `+`
/// reads as ([`Registry::parse_words`]). A sum is built from its parts, not from options.
pub static ENTRY: Entry = Entry {
    info: &INFO,
    about: "A sum of games: GAME POSITION + GAME POSITION + …",
    params: &[],
    position: PositionSpec {
        value_name: "GAME POSITION + …",
        help: "The components, each a game and its position, separated by '+'.",
    },
    build: |_| {
        Err(GameError::Invalid(
            "a sum is read from its components: write them with '+' between them".into(),
        ))
    },
    sequence: None,
};

/// Whether `words` are a sum: a `+` stands among them as a word of its own, or they start
/// with `sum` (a sum of one component, `sum nim 3`).
pub fn is_sum(words: &[&str]) -> bool {
    words.contains(&"+") || words.first() == Some(&"sum")
}

/// A sum of games of a registry, whose positions are written with their components' games:
/// `kayles 5 7 + wythoff 3 4`. It answers through [`DynGame`] like any game, so `solve`,
/// `--batch`, `play` and the playground take sums with no code of their own.
pub struct SumGame {
    registry: Registry,
    /// The game of a first component written without a game's name (a batch's game).
    first: Option<(&'static Entry, Options)>,
    /// Whether a component of the sum it was built for is partizan.
    partizan: bool,
    /// The components' games, built once each (a heap game keeps its table).
    built: Mutex<HashMap<String, Arc<dyn DynGame>>>,
}

/// One component of a position: its game, the game's name and options as words, and its
/// position (as its game holds it, and as the game writes it).
#[derive(Clone)]
struct Part {
    /// The component's registry entry and options, where it was read from words (its misère
    /// twin is then built the catalog's way, with the game's misère quotient).
    source: Option<(&'static Entry, Options)>,
    game: Arc<dyn DynGame>,
    spec: Vec<String>,
    position: Position,
    tokens: Vec<Token>,
}

/// A position of a sum: its components, each read once by its own game.
#[derive(Clone)]
struct Parts(Vec<Part>);

impl Part {
    /// The component moved to `to`, which its game writes as `tokens`.
    fn moved(&self, to: Position, tokens: Vec<Token>) -> Part {
        Part {
            tokens,
            position: to,
            ..self.clone()
        }
    }

    /// How a move's words name the component: `kayles 5 7`.
    fn label(&self) -> String {
        format!("{} {}", self.spec.join(" "), words_text(&self.tokens))
    }
}

/// A sum's answer before it is written as an [`Analysis`].
struct Decided {
    outcome: Outcome,
    grundy: Option<Nat>,
    /// Winning moves, `to` being the component's new position.
    moves: Vec<WinningMove>,
    truncated: bool,
    partial: bool,
    explanation: String,
}

impl SumGame {
    /// The sum written as `words` (components separated by `+`), over the games of
    /// `registry`.
    pub fn new(registry: Registry, words: &[&str]) -> Result<Self, GameError> {
        let mut sum = SumGame {
            registry,
            first: None,
            partizan: false,
            built: Mutex::new(HashMap::new()),
        };
        sum.partizan = sum.parts(words)?.iter().any(|p| p.game.partizan());
        Ok(sum)
    }

    /// Sums whose first component may be written without its game's name, which is then the
    /// game of `query` (`grundy solve kayles --batch` reads the line `5 7 + wythoff 3 4`); a
    /// misère query makes them misère sums.
    pub fn continuing(
        registry: Registry,
        entry: &'static Entry,
        options: &Options,
    ) -> Result<Box<dyn DynGame>, GameError> {
        let partizan = crate::misere::build(entry, options)?.partizan();
        let misere = options.flag(MISERE.name);
        let options = options.clone().flag_off(MISERE.name);
        let sum = Box::new(SumGame {
            registry,
            first: Some((entry, options)),
            partizan,
            built: Mutex::new(HashMap::new()),
        });
        match misere {
            true => Ok(Box::new(crate::misere::MisereGame::new(sum)?)),
            false => Ok(sum),
        }
    }

    /// The sum of positions already read by their games — each component a game and a
    /// position of it — and the sum's position: how games named in no registry (a game
    /// explored from rules written in Python, [`crate::explored`]) are added to catalog
    /// games. A component that is itself a sum gives its components. Refused: no component,
    /// a component played by the misère rule (misère play is a convention of the whole sum:
    /// play the sum by it with [`crate::misere::MisereGame::shared`]), and two different
    /// games of one name given by their moves (their positions would be taken for one
    /// game's).
    ///
    /// ```
    /// use grundy::explored::Explored;
    /// use grundy::registry::Registry;
    /// use grundy::rules::DynGame;
    /// use grundy::sum::SumGame;
    /// use std::sync::Arc;
    ///
    /// // A heap of 2 from which 1 or 2 is taken, worth *2, beside a nim heap of 3.
    /// let mine = Explored::impartial("take12", ["2", "1", "0"].map(String::from).to_vec(),
    ///     vec![(0, 1), (0, 2), (1, 2)]).unwrap();
    /// let mine: Arc<dyn DynGame> = Arc::new(mine);
    /// let at = mine.position(&["2"]).unwrap();
    /// let (nim, heap) = Registry::catalog().parse("nim 3").unwrap().open().unwrap();
    /// let (sum, p) = SumGame::of(vec![(mine, at), (nim.into(), heap)]).unwrap();
    /// let a = sum.solve(&p, 10).unwrap();
    /// assert_eq!(a.grundy, Some(1u32.into())); // 2 ⊕ 3
    /// assert_eq!(a.winning_moves[0].description, "take 1 from heap 1 in nim 3");
    /// ```
    pub fn of(
        components: Vec<(Arc<dyn DynGame>, Position)>,
    ) -> Result<(SumGame, Position), GameError> {
        let mut parts: Vec<Part> = Vec::new();
        for (game, position) in components {
            if game.misere() {
                return Err(GameError::Invalid(format!(
                    "{}: misère play is a convention of the whole sum (the last move anywhere \
                     loses), not of one component: play the whole sum by the misère rule",
                    game.name()
                )));
            }
            if let Ok(Parts(inner)) = position.get::<Parts>() {
                parts.extend(inner.iter().cloned());
                continue;
            }
            parts.push(Part {
                source: None,
                tokens: game.canonical(&position)?,
                spec: game.name().split_whitespace().map(String::from).collect(),
                game,
                position,
            });
        }
        if parts.is_empty() {
            return Err(GameError::Invalid(
                "an empty sum: give it at least one component".into(),
            ));
        }
        let explored = |p: &Part| std::ptr::eq(p.game.info(), &crate::explored::INFO);
        for (i, a) in parts.iter().enumerate() {
            for b in &parts[..i] {
                if explored(a) && explored(b) && a.spec == b.spec && !Arc::ptr_eq(&a.game, &b.game)
                {
                    return Err(GameError::Invalid(format!(
                        "two different games are named '{}' in one sum: give each a name of \
                         its own",
                        a.spec.join(" ")
                    )));
                }
            }
        }
        let sum = SumGame {
            registry: Registry::empty(),
            first: None,
            partizan: parts.iter().any(|p| p.game.partizan()),
            built: Mutex::new(HashMap::new()),
        };
        Ok((sum, Position::new(Parts(parts))))
    }

    fn build(
        &self,
        entry: &'static Entry,
        options: &Options,
    ) -> Result<Arc<dyn DynGame>, GameError> {
        let key = format!("{} {options:?}", entry.name());
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(g) = built.get(&key) {
            return Ok(g.clone());
        }
        let game: Arc<dyn DynGame> = Arc::from(entry.build(options)?);
        if game.misere() || options.flag(MISERE.name) {
            return Err(GameError::Invalid(format!(
                "{} --misere: misère play is a convention of the whole sum (the last move \
                 anywhere loses), not of one component: write --misere once, before the sum",
                entry.name()
            )));
        }
        built.insert(key, game.clone());
        Ok(game)
    }

    /// The components of the position written as `args`.
    fn parts(&self, args: &[&str]) -> Result<Vec<Part>, GameError> {
        let args = match args.split_first() {
            Some((&"sum", rest)) => rest,
            _ => args,
        };
        if args.is_empty() {
            return Err(GameError::Invalid(
                "an empty sum: write its components, each a game and a position, with '+' \
                 between them"
                    .into(),
            ));
        }
        let mut current = self.first.clone();
        let mut parts = Vec::new();
        for chunk in args.split(|w| *w == "+") {
            let Some(first) = chunk.first() else {
                return Err(GameError::Invalid(
                    "a sum has nothing between two '+' (or before its first or after its last)"
                        .into(),
                ));
            };
            let (entry, options, words) = if self.registry.get(first).is_some() {
                self.registry.read_game(chunk)?
            } else if let Some((entry, options)) = &current {
                let words = chunk.iter().map(|w| w.to_string()).collect();
                (*entry, options.clone(), words)
            } else {
                return Err(GameError::UnknownGame {
                    name: first.to_string(),
                });
            };
            current = Some((entry, options.clone()));
            let game = self.build(entry, &options)?;
            let options = options.clone();
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let continued = self.registry.get(first).is_none();
            let position = game.position(&args).map_err(|e| {
                if continued && first.starts_with(char::is_alphabetic) {
                    GameError::Invalid(format!(
                        "'{first}' is neither a game (see grundy list) nor a position of {}: {e}",
                        game.name()
                    ))
                } else {
                    e
                }
            })?;
            let spec = game.name().split_whitespace().map(String::from).collect();
            parts.push(Part {
                source: Some((entry, options)),
                tokens: game.canonical(&position)?,
                game,
                spec,
                position,
            });
        }
        Ok(parts)
    }

    /// The sum written out, component `i` replaced by `to` if given.
    fn written(parts: &[Part], replaced: Option<(usize, &[Token])>) -> Vec<Token> {
        let mut out = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                out.push(Token::Text("+".into()));
            }
            out.extend(p.spec.iter().map(|w| Token::Text(w.clone())));
            match replaced {
                Some((j, to)) if j == i => out.extend_from_slice(to),
                _ => out.extend_from_slice(&p.tokens),
            }
        }
        out
    }

    /// How a move of component `i` is said: the move, then the component (numbered when
    /// two components are written alike).
    fn said(parts: &[Part], i: usize, words: &str) -> String {
        let label = parts[i].label();
        let twins = parts.iter().filter(|p| p.label() == label).count();
        if twins > 1 {
            format!("{words} in {label} (component {})", i + 1)
        } else {
            format!("{words} in {label}")
        }
    }

    /// The side whose moves a component lists: the player in a partizan component, nobody in
    /// an impartial one.
    fn side(part: &Part, player: Option<Player>) -> Result<Option<Player>, GameError> {
        match (part.game.partizan(), player) {
            (true, None) => Err(crate::rules::player_needed("this sum")),
            (true, p) => Ok(p),
            (false, _) => Ok(None),
        }
    }

    /// The answer of a sum of impartial components: the nim-sum of their values, and each
    /// component's moves to the value that makes it 0.
    fn impartial(
        parts: &[Part],
        components: &[Analysis],
        max_moves: usize,
    ) -> Result<Decided, GameError> {
        // A component whose value is not known is still worth 0 when it is lost to move in.
        let values: Vec<Option<Nat>> = components
            .iter()
            .map(|a| {
                a.grundy
                    .clone()
                    .or_else(|| (a.outcome == Outcome::P).then(Nat::zero))
            })
            .collect();
        let known = values.iter().flatten().fold(Nat::zero(), |acc, g| acc ^ g);
        let worth: Vec<String> = parts
            .iter()
            .zip(&values)
            .map(|(p, v)| match v {
                Some(g) => format!("{} is worth {g}", p.label()),
                None => format!("{} is an N-position of unknown value", p.label()),
            })
            .collect();
        let unknown: Vec<usize> = (0..parts.len()).filter(|&i| values[i].is_none()).collect();
        match unknown[..] {
            [] => {}
            [u] if known.is_zero() => {
                // The rest is worth 0: the sum is won exactly as that component alone.
                let a = &components[u];
                let moves = a
                    .winning_moves
                    .iter()
                    .map(|m| WinningMove {
                        description: Self::said(parts, u, &m.description),
                        component: Some(u),
                        ..m.clone()
                    })
                    .collect();
                return Ok(Decided {
                    outcome: Outcome::N,
                    grundy: None,
                    moves,
                    truncated: a.winning_moves_truncated,
                    partial: a.winning_moves_partial,
                    explanation: format!(
                        "Sprague–Grundy theorem: a sum of impartial games is worth the nim-sum \
                         of its components' Grundy values. Here {}; the others together are \
                         worth 0, so the sum is won as {} alone is: by moving it to a \
                         P-position.",
                        worth.join(", "),
                        parts[u].label()
                    ),
                });
            }
            _ => {
                let which: Vec<String> = unknown.iter().map(|&i| parts[i].label()).collect();
                return Err(GameError::TooLarge(format!(
                    "the sum cannot be decided: the Grundy value of {} is not known for a \
                     position this large (only who wins it alone), and the rest of the sum is \
                     not worth 0",
                    which.join(" and ")
                )));
            }
        }
        let x = known;
        let (mut moves, mut truncated, mut partial) = (Vec::new(), false, false);
        // The components where only some kinds of moves were searched.
        let mut searched_in_part = Vec::new();
        if !x.is_zero() {
            for (i, (p, v)) in parts.iter().zip(&values).enumerate() {
                let g = v.as_ref().expect("every value is known here");
                let target = g ^ &x;
                // Once the list is full, a component is asked for none, only whether it has
                // any (then the list was cut).
                let room = max_moves - moves.len();
                let (found, more, some) = p.game.moves_to_value(&p.position, &target, room)?;
                if some {
                    partial = true;
                    searched_in_part.push(p.label());
                }
                truncated |= more;
                moves.extend(found.into_iter().map(|m| WinningMove {
                    description: Self::said(parts, i, &m.description),
                    component: Some(i),
                    ..m
                }));
                if truncated {
                    break;
                }
            }
        }
        let values: Vec<String> = values.iter().flatten().map(Nat::to_string).collect();
        let unsearched = if searched_in_part.is_empty() {
            String::new()
        } else {
            format!(
                " In {} not every move could be searched for the value needed (Grundy values \
                 not known at this size, or too many moves to list), so winning moves there may \
                 be missing from the list.",
                searched_in_part.join(" and ")
            )
        };
        let explanation = format!(
            "Sprague–Grundy theorem: a sum of impartial games is worth the nim-sum of its \
             components' Grundy values. Here {}: {} = {x}, so {}.",
            worth.join(", "),
            values.join(" ⊕ "),
            if x.is_zero() {
                "the player to move loses (every move changes one component's value, and the \
                 opponent answers in kind)"
                    .to_string()
            } else {
                format!(
                    "the player to move wins by moving one component, worth g, to a position \
                     worth g ⊕ {x}, which makes the nim-sum 0"
                )
            }
        ) + &unsearched;
        Ok(Decided {
            outcome: Outcome::from_win(!x.is_zero()),
            grundy: Some(x),
            moves,
            truncated,
            partial,
            explanation,
        })
    }

    /// The value of each component in `u`, as CGSuite writes it.
    fn values(parts: &[Part], u: &mut Universe) -> Result<Vec<(Id, String)>, GameError> {
        parts
            .iter()
            .map(|p| {
                let r = p.game.value(&p.position)?;
                Ok((u.parse(&r.canonical)?, r.canonical))
            })
            .collect()
    }

    /// The sum of `ids` in `u`, leaving out the one at `skip`.
    fn total(u: &mut Universe, ids: &[Id], skip: Option<usize>) -> Id {
        let mut t = u.zero();
        for (i, &g) in ids.iter().enumerate() {
            if Some(i) != skip {
                t = u.add(t, g);
            }
        }
        t
    }

    /// The answer of a sum with a partizan component: the components' values added; a
    /// player's winning moves leave a sum that player wins moving second.
    fn partizan(parts: &[Part], max_moves: usize) -> Result<Decided, GameError> {
        let mut u = Universe::new();
        let values = Self::values(parts, &mut u)?;
        let ids: Vec<Id> = values.iter().map(|v| v.0).collect();
        let sum = Self::total(&mut u, &ids, None);
        let outcome = u.outcome(sum);
        let zero = u.zero();
        let (mut moves, mut truncated) = (Vec::new(), false);
        'search: for player in [Player::Left, Player::Right] {
            for (i, p) in parts.iter().enumerate() {
                let rest = Self::total(&mut u, &ids, Some(i));
                for (m, to) in p
                    .game
                    .listed_moves(&p.position, Self::side(p, Some(player))?)?
                {
                    crate::budget::check()?;
                    let v = p.game.value(&to)?;
                    let v = u.parse(&v.canonical)?;
                    let after = u.add(rest, v);
                    let wins = match player {
                        Player::Left => u.le(zero, after),
                        Player::Right => u.le(after, zero),
                    };
                    if !wins {
                        continue;
                    }
                    if moves.len() == max_moves {
                        truncated = true;
                        break 'search;
                    }
                    moves.push(WinningMove {
                        description: format!("{player:?} {}", Self::said(parts, i, &m.description)),
                        player: Some(player),
                        component: Some(i),
                        to: m.to,
                    });
                }
            }
        }
        let worth: Vec<String> = parts
            .iter()
            .zip(&values)
            .map(|(p, (_, text))| format!("{} is {text}", p.label()))
            .collect();
        let explanation = format!(
            "A sum is worth the sum of its components' values (Conway, On Numbers and Games, \
             ch. 7): {}, in all {}: {}.",
            worth.join(", "),
            u.show(sum),
            match outcome {
                Outcome::L => "positive, so Left wins whoever starts",
                Outcome::R => "negative, so Right wins whoever starts",
                Outcome::P => "zero, so the player to move loses",
                _ => "confused with zero, so the player to move wins",
            }
        );
        Ok(Decided {
            outcome,
            grundy: None,
            moves,
            truncated,
            partial: false,
            explanation,
        })
    }

    /// A component that ends the whole game at once (see
    /// [`crate::rules::Ruleset::ends_at_once`]): its index and whether the player to move
    /// wins.
    fn ended(parts: &[Part]) -> Result<Option<(usize, bool)>, GameError> {
        // A game already over decides before a game that can be won at once.
        let mut found = None;
        for (i, p) in parts.iter().enumerate() {
            match p.game.ends_at_once(&p.position)? {
                Some(false) => return Ok(Some((i, false))),
                Some(true) if found.is_none() => found = Some((i, true)),
                _ => {}
            }
        }
        Ok(found)
    }

    /// The answer of a sum with a component that ends the game at once.
    fn at_once(parts: &[Part], components: &[Analysis], i: usize, wins: bool) -> Decided {
        let a = &components[i];
        let moves = match wins {
            true => a
                .winning_moves
                .iter()
                .map(|m| WinningMove {
                    description: Self::said(parts, i, &m.description),
                    component: Some(i),
                    ..m.clone()
                })
                .collect(),
            false => Vec::new(),
        };
        Decided {
            outcome: Outcome::from_win(wins),
            grundy: None,
            truncated: wins && a.winning_moves_truncated,
            partial: wins && a.winning_moves_partial,
            moves,
            explanation: format!(
                "{} ends the whole game at once, whatever the rest of the sum: {}",
                parts[i].label(),
                a.explanation
            ),
        }
    }

    /// The components' answers and the sum's.
    fn decide(parts: &[Part], max_moves: usize) -> Result<(Vec<Analysis>, Decided), GameError> {
        let components: Vec<Analysis> = parts
            .iter()
            .map(|p| p.game.solve(&p.position, max_moves))
            .collect::<Result<_, _>>()?;
        let decided = if let Some((i, wins)) = Self::ended(parts)? {
            Self::at_once(parts, &components, i, wins)
        } else if parts.iter().any(|p| p.game.partizan()) {
            Self::partizan(parts, max_moves)?
        } else {
            Self::impartial(parts, &components, max_moves)?
        };
        Ok((components, decided))
    }
}

impl SumGame {
    /// The components of `p`, a position this sum read.
    fn held(p: &Position) -> Result<&[Part], GameError> {
        Ok(&p.get::<Parts>()?.0)
    }

    /// The sum's position with component `i` moved to `to`, which its game writes as
    /// `tokens` (as a listed move already says).
    fn replaced(parts: &[Part], i: usize, to: Position, tokens: Vec<Token>) -> Position {
        let mut moved = parts.to_vec();
        moved[i] = parts[i].moved(to, tokens);
        Position::new(Parts(moved))
    }
}

impl DynGame for SumGame {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn name(&self) -> String {
        "sum".into()
    }

    fn game_name(&self) -> GameName {
        GameName::new("sum", Vec::new())
    }

    fn position(&self, words: &[&str]) -> Result<Position, GameError> {
        Ok(Position::new(Parts(self.parts(words)?)))
    }

    fn solve(&self, p: &Position, max_moves: usize) -> Result<Analysis, GameError> {
        let parts = Self::held(p)?;
        let (components, d) = Self::decide(parts, max_moves)?;
        Ok(Analysis {
            game: self.game_name(),
            position: Self::written(parts, None),
            outcome: d.outcome,
            grundy: d.grundy,
            winning_moves: d.moves,
            winning_moves_truncated: d.truncated,
            winning_moves_partial: d.partial,
            explanation: d.explanation,
            remoteness: None,
            components: Some(components),
            search: None,
        })
    }

    fn misere_components(
        &self,
        p: &Position,
        max_moves: usize,
    ) -> Result<Option<Vec<Analysis>>, GameError> {
        let misere = MISERE.name;
        Self::held(p)?
            .iter()
            .map(|p| match &p.source {
                Some((entry, options)) => {
                    // The component's game played by the misère rule is another game: its
                    // position is read again, from the words it is written in.
                    let options = options.clone().flag_on(misere);
                    let game = crate::misere::build(entry, &options)?;
                    let words = strings(&p.tokens);
                    game.solve(&game.position(&strs(&words))?, max_moves)
                }
                None => {
                    crate::misere::MisereGame::shared(p.game.clone())?.solve(&p.position, max_moves)
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    fn outcome_of(&self, p: &Position) -> Result<Outcome, GameError> {
        Ok(Self::decide(Self::held(p)?, 0)?.1.outcome)
    }

    fn canonical(&self, p: &Position) -> Result<Vec<Token>, GameError> {
        Ok(Self::written(Self::held(p)?, None))
    }

    fn normal_form(&self, p: &Position) -> Result<Vec<Token>, GameError> {
        // Each component in its normal form, the components in any order.
        let mut parts = Self::held(p)?.to_vec();
        for p in &mut parts {
            p.tokens = p.game.normal_form(&p.position)?;
        }
        parts.sort_by_cached_key(|p| (p.spec.clone(), crate::nat::join(&p.tokens)));
        Ok(Self::written(&parts, None))
    }

    fn options(&self, p: &Position, player: Option<Player>) -> Result<Vec<Position>, GameError> {
        Ok(self
            .listed_moves(p, player)?
            .into_iter()
            .map(|m| m.1)
            .collect())
    }

    fn listed_moves(&self, p: &Position, player: Option<Player>) -> Result<Vec<Play>, GameError> {
        let parts = Self::held(p)?;
        if player.is_none() && parts.iter().any(|p| p.game.partizan()) {
            return Err(crate::rules::player_needed("this sum"));
        }
        let mut out = Vec::new();
        if let Some((_, false)) = Self::ended(parts)? {
            // The game is over.
            return Ok(out);
        }
        for (i, p) in parts.iter().enumerate() {
            for (m, to) in p.game.listed_moves(&p.position, Self::side(p, player)?)? {
                let said = WinningMove {
                    to: Self::written(parts, Some((i, &m.to))),
                    description: Self::said(parts, i, &m.description),
                    player: m.player.or(player.filter(|_| self.partizan)),
                    component: Some(i),
                };
                out.push((said, Self::replaced(parts, i, to, m.to)));
            }
        }
        Ok(out)
    }

    fn read_move(
        &self,
        p: &Position,
        player: Option<Player>,
        typed: &str,
    ) -> Result<Position, GameError> {
        let parts = Self::held(p)?;
        let listed = self.listed_moves(p, player)?;
        if let Some((_, to)) = listed
            .iter()
            .find(|(m, _)| crate::moves::says(typed, &m.description, m.player))
        {
            return Ok(to.clone());
        }
        // A move of one component, as that component's game says it.
        let mut found: Vec<(Vec<Token>, Position)> = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            if let Ok(to) = p.game.read_move(&p.position, Self::side(p, player)?, typed) {
                let tokens = p.game.canonical(&to)?;
                let whole = Self::written(parts, Some((i, &tokens)));
                found.push((whole, Self::replaced(parts, i, to, tokens)));
            }
        }
        found.dedup_by(|a, b| a.0 == b.0);
        match found.len() {
            1 => return Ok(found.remove(0).1),
            0 => {}
            _ => {
                return Err(GameError::Invalid(format!(
                    "'{}' is a move in more than one component: say which, as in '{}'",
                    typed.trim(),
                    listed
                        .first()
                        .map(|m| m.0.description.as_str())
                        .unwrap_or("take 1 in nim 3")
                )))
            }
        }
        // The whole position after the move.
        let words: Vec<&str> = typed.split_whitespace().collect();
        if let Ok(to) = self.position(&words) {
            let to = self.canonical(&to)?;
            if let Some((_, at)) = listed.into_iter().find(|(m, _)| m.to == to) {
                return Ok(at);
            }
        }
        Err(GameError::Invalid(format!(
            "'{}' is not a move from {} (type moves to list them)",
            typed.trim(),
            words_text(&Self::written(parts, None))
        )))
    }

    fn partizan(&self) -> bool {
        self.partizan
    }

    fn misere(&self) -> bool {
        false
    }

    fn ends_at_once(&self, p: &Position) -> Result<Option<bool>, GameError> {
        Ok(Self::ended(Self::held(p)?)?.map(|(_, wins)| wins))
    }

    fn moves_to_value(
        &self,
        _p: &Position,
        _target: &Nat,
        _max: usize,
    ) -> Result<(Vec<WinningMove>, bool, bool), GameError> {
        Err(GameError::Invalid(
            "a sum is not a component of another sum: write its components in one sum".into(),
        ))
    }

    fn engine_move(&self, p: &Position, player: Option<Player>) -> Result<Option<Play>, GameError> {
        let parts = Self::held(p)?;
        let (_, d) = Self::decide(parts, 1000)?;
        let mine = |m: &WinningMove| !self.partizan || m.player == player;
        for m in d.moves.into_iter().filter(|m| mine(m)) {
            let i = m.component.expect("a sum's move names its component");
            // The component's own move to the position the winning move names.
            let part = &parts[i];
            for (listed, to) in part
                .game
                .listed_moves(&part.position, Self::side(part, player)?)?
            {
                if listed.to == m.to {
                    let said = WinningMove {
                        to: Self::written(parts, Some((i, &m.to))),
                        ..m
                    };
                    return Ok(Some((said, Self::replaced(parts, i, to, listed.to))));
                }
            }
        }
        // No winning move: the one that leaves the most play (the largest total of the
        // position's numbers).
        Ok(self
            .listed_moves(p, player.filter(|_| self.partizan))?
            .into_iter()
            .max_by_key(|m| crate::rules::play_left(&m.0.to)))
    }

    fn value(&self, p: &Position) -> Result<Report, GameError> {
        let parts = Self::held(p)?;
        let mut u = Universe::new();
        let ids: Vec<Id> = Self::values(parts, &mut u)?
            .into_iter()
            .map(|v| v.0)
            .collect();
        let sum = Self::total(&mut u, &ids, None);
        u.report(sum)
    }
}
