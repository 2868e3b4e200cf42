//! `grundy.Game`: a game whose rules are Python functions, a catalog game at a position
//! (`grundy.game("kayles", 5)`), or a sum of them (`a + b`), played by the normal rule or,
//! with `.misere()`, the misère one.
//!
//! A game of Python rules alone is explored and solved by retrograde analysis (its positions
//! may cycle). In a sum, every position its components reach is explored once and handed to
//! the library as a game given by its moves (`grundy::explored::Explored`), beside the
//! catalog's games; the library's sum of games answers (`grundy::sum::SumGame::of`): the
//! nim-sum of Grundy values, the sum of canonical forms, or a misère search.

use crate::rules::Rules;
use crate::{position_words, query, run, solution, values, GameError};
use crate::{Move, Solution, Value};
use grundy::analysis::Player;
use grundy::rules::DynGame;
use grundy::Position;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, OnceLock};

/// The refusal of a component played by the misère rule.
const MISERE_PART: &str = "misère play is a convention of the whole sum (the last move \
                           anywhere loses), not of one component: add the games, then play \
                           the sum by it, as in (a + b).misere()";

/// What a `Game` is.
enum Kind {
    /// Rules in Python, with a start.
    Rules(Rules),
    /// A catalog game (or a sum written in words) at a position, as `query` reads it; or
    /// (no query) a sum of games reached by a move.
    Held {
        query: Option<grundy::query::Query>,
        game: Arc<dyn DynGame>,
        position: Position,
    },
    /// A sum of games, each rules in Python or a catalog game held (never a sum); the
    /// library's game of it, made (its Python rules explored) when first asked.
    Sum {
        parts: Vec<Py<Game>>,
        misere: bool,
        opened: OnceLock<(Arc<dyn DynGame>, Position)>,
    },
}

/// A game: rules written in Python — `Game(start=(3, 4), moves=f)` for an impartial game
/// (f(p) lists the positions one move reaches), `Game(start=p, left_moves=f,
/// right_moves=g)` for a partizan one, positions hashable, and possibly cycling — or a
/// catalog game at a position (`grundy.game("kayles", 5)`), or a sum of games (`a + b`).
#[pyclass(module = "grundy", frozen)]
pub(crate) struct Game {
    kind: Kind,
}

/// The library's game and position of a sum of `parts` (by the misère rule if `misere`):
/// the components of Python rules explored once per game, from all their starts together.
fn sum_game(
    py: Python<'_>,
    parts: &[Py<Game>],
    misere: bool,
) -> PyResult<(Arc<dyn DynGame>, Position)> {
    let mut found: Vec<Option<(Arc<dyn DynGame>, Position)>> = vec![None; parts.len()];
    for (i, part) in parts.iter().enumerate() {
        match &part.get().kind {
            Kind::Held { game, position, .. } => found[i] = Some((game.clone(), position.clone())),
            Kind::Rules(rules) if found[i].is_none() => {
                // The parts of the same rules (the same functions, the same name), each
                // from its own start.
                let (mut same, mut starts) = (Vec::new(), Vec::new());
                for (j, other) in parts.iter().enumerate().skip(i) {
                    if let Kind::Rules(other) = &other.get().kind {
                        if rules.same_as(other) {
                            same.push(j);
                            starts.push(other.start(py, None)?);
                        }
                    }
                }
                let (game, at) = rules.explored(py, &starts)?;
                for (j, p) in same.into_iter().zip(at) {
                    found[j] = Some((game.clone(), p));
                }
            }
            Kind::Rules(_) => {}
            Kind::Sum { .. } => unreachable!("a sum's parts are never sums"),
        }
    }
    let components: Vec<_> = found.into_iter().flatten().collect();
    run(py, move || {
        let (sum, p) = grundy::sum::SumGame::of(components)?;
        let game: Arc<dyn DynGame> = match misere {
            true => Arc::new(grundy::misere::MisereGame::shared(Arc::new(sum))?),
            false => Arc::new(sum),
        };
        Ok((game, p))
    })
}

impl Game {
    /// The game of `rules` at their start.
    pub(crate) fn of_rules(rules: Rules) -> Game {
        Game {
            kind: Kind::Rules(rules),
        }
    }

    /// The same game, holding the same Python objects.
    fn copy(&self, py: Python<'_>) -> Game {
        let kind = match &self.kind {
            Kind::Rules(r) => Kind::Rules(r.clone_ref(py)),
            Kind::Held {
                query,
                game,
                position,
            } => Kind::Held {
                query: query.clone(),
                game: game.clone(),
                position: position.clone(),
            },
            Kind::Sum {
                parts,
                misere,
                opened,
            } => Kind::Sum {
                parts: parts.iter().map(|p| p.clone_ref(py)).collect(),
                misere: *misere,
                opened: opened.clone(),
            },
        };
        Game { kind }
    }

    /// Whether the game is played by the misère rule.
    fn played_misere(&self) -> bool {
        match &self.kind {
            Kind::Rules(r) => r.misere,
            Kind::Held { game, .. } => game.misere(),
            Kind::Sum { misere, .. } => *misere,
        }
    }

    /// The game and position to answer, `position` (words of a catalog game) replacing the
    /// one held.
    fn opened(
        &self,
        py: Python<'_>,
        position: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Arc<dyn DynGame>, Position, Option<grundy::query::Query>)> {
        match (&self.kind, position) {
            (Kind::Held { query, game, .. }, Some(position)) => {
                let words = position_words(position)?;
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                let p = game.position(&words).map_err(crate::game_error)?;
                let query = query.clone().map(|mut q| {
                    q.position = words.iter().map(|w| w.to_string()).collect();
                    q
                });
                Ok((game.clone(), p, query))
            }
            (
                Kind::Held {
                    query,
                    game,
                    position,
                },
                None,
            ) => Ok((game.clone(), position.clone(), query.clone())),
            (
                Kind::Sum {
                    parts,
                    misere,
                    opened,
                },
                None,
            ) => {
                if opened.get().is_none() {
                    let _ = opened.set(sum_game(py, parts, *misere)?);
                }
                let (game, p) = opened.get().expect("set above");
                Ok((game.clone(), p.clone(), None))
            }
            (Kind::Sum { .. }, Some(_)) => Err(GameError::new_err(
                "a sum holds its components' positions: solve it without a position",
            )),
            (Kind::Rules(_), _) => unreachable!("rules in Python are answered their own way"),
        }
    }

    /// The game after a move of `game` to `to`, written as `tokens` (the query, if any, then
    /// reads that position).
    fn moved(
        game: &Arc<dyn DynGame>,
        query: Option<&grundy::query::Query>,
        to: Position,
        tokens: &[grundy::analysis::Token],
    ) -> Game {
        let query = query.cloned().map(|mut q| {
            q.position = tokens.iter().map(ToString::to_string).collect();
            q
        });
        Game {
            kind: Kind::Held {
                query,
                game: game.clone(),
                position: to,
            },
        }
    }

    /// The move `m` of `game` to `to` as a `Move` whose game is the game after it.
    fn after(
        py: Python<'_>,
        game: &Arc<dyn DynGame>,
        query: Option<&grundy::query::Query>,
        m: grundy::analysis::WinningMove,
        to: Position,
    ) -> PyResult<Move> {
        let next = Self::moved(game, query, to, &m.to);
        Ok(Move {
            position: crate::tokens_list(py, &m.to)?,
            text: m.description,
            game: Some(Py::new(py, next)?),
        })
    }

    /// The parts of `game` in a sum: its own, or itself.
    fn parts_of(game: &Bound<'_, Game>) -> PyResult<Vec<Py<Game>>> {
        let g = game.get();
        if g.played_misere() {
            return Err(GameError::new_err(MISERE_PART));
        }
        Ok(match &g.kind {
            Kind::Sum { parts, .. } => parts.iter().map(|p| p.clone_ref(game.py())).collect(),
            _ => vec![game.clone().unbind()],
        })
    }

    /// How the game is written: its name and position.
    fn written(&self, py: Python<'_>) -> PyResult<String> {
        Ok(match &self.kind {
            Kind::Rules(r) => match &r.start {
                Some(s) => format!("{} {}", r.name, s.bind(py).repr()?),
                None => r.name.clone(),
            },
            Kind::Held { game, position, .. } => {
                let tokens = game.canonical(position).map_err(crate::game_error)?;
                let words = grundy::analysis::words_text(&tokens);
                match is_sum(game.as_ref()) {
                    // A sum writes each component's game.
                    true => words,
                    false => format!("{} {words}", game.name()),
                }
            }
            Kind::Sum { parts, .. } => {
                let each: Vec<String> = (parts.iter())
                    .map(|p| p.get().written(py))
                    .collect::<PyResult<_>>()?;
                each.join(" + ")
            }
        })
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (start=None, moves=None, *, left_moves=None, right_moves=None, misere=false, name="game"))]
    fn new(
        start: Option<PyObject>,
        moves: Option<PyObject>,
        left_moves: Option<PyObject>,
        right_moves: Option<PyObject>,
        misere: bool,
        name: &str,
    ) -> PyResult<Self> {
        match (&moves, &left_moves, &right_moves) {
            (Some(_), None, None) | (None, Some(_), Some(_)) => {}
            _ => {
                return Err(GameError::new_err(
                    "a game has moves=f (impartial) or both left_moves=f and right_moves=g \
                     (partizan)",
                ))
            }
        }
        if name.is_empty() || name.contains(char::is_whitespace) || name == "+" {
            return Err(GameError::new_err(format!(
                "'{name}' cannot name a game: a game's name is one word"
            )));
        }
        Ok(Game {
            kind: Kind::Rules(Rules {
                start,
                moves,
                left_moves,
                right_moves,
                misere,
                name: name.to_string(),
            }),
        })
    }

    /// Who wins from `position` (default: the start, or the position held), the Grundy value
    /// and at most `max_moves` winning moves. Rules in Python alone are solved by retrograde
    /// analysis of every position reachable (cycles make draws, and generalized values `∞(…)`
    /// as strings); a catalog game or a sum is answered by the library, as `grundy solve`.
    #[pyo3(signature = (position=None, *, max_moves=None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: Option<&Bound<'_, PyAny>>,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Solution> {
        let max_moves: usize = match max_moves {
            Some(m) => crate::whole(m, "max_moves")?,
            None => grundy::analysis::MAX_MOVES,
        };
        if let Kind::Rules(rules) = &self.kind {
            let start = rules.start(py, position.map(|p| p.clone().unbind()))?;
            return match rules.moves {
                Some(_) => rules.solve_impartial(py, start, max_moves),
                None => rules.solve_partizan(py, start, max_moves),
            };
        }
        let (game, p, query) = self.opened(py, position)?;
        let floor = grundy::budget::listing_floor();
        let analysis = run(py, || {
            grundy::budget::with_listing_floor(floor, || game.solve(&p, max_moves))
        })?;
        solution(py, analysis, query.map(|q| (q, max_moves, floor)))
    }

    /// The value of `position` (default: the start, or the position held): a partizan game's
    /// canonical form (its sides `S & T` when rules in Python cycle), an impartial game's
    /// nimber, a misère game's misère form.
    #[pyo3(signature = (position=None))]
    fn value(&self, py: Python<'_>, position: Option<&Bound<'_, PyAny>>) -> PyResult<Value> {
        if let Kind::Rules(rules) = &self.kind {
            if rules.misere {
                return Err(GameError::new_err(
                    "the value of a game of rules in Python is its normal-play value: make \
                     the game without misere=True, or add it to another and ask the sum's \
                     .misere().value()",
                ));
            }
            let start = rules.start(py, position.map(|p| p.clone().unbind()))?;
            return rules.value(py, start);
        }
        let (game, p, _) = self.opened(py, position)?;
        values::of_position(py, game.as_ref(), &p)
    }

    /// The same game played by the misère rule (the player who makes the last move loses);
    /// for a sum, the whole sum's convention.
    fn misere(&self, py: Python<'_>) -> PyResult<Game> {
        let kind = match self.copy(py).kind {
            Kind::Rules(r) => Kind::Rules(Rules { misere: true, ..r }),
            Kind::Held { game, .. } if game.misere() => return Ok(self.copy(py)),
            Kind::Held {
                query: Some(mut query),
                ..
            } => {
                // The catalog's misère game (a heap game's decided by its misère quotient).
                query.options = query.options.clone().flag_on(grundy::registry::MISERE.name);
                let (game, position) = query.open().map_err(crate::game_error)?;
                Kind::Held {
                    query: Some(query),
                    game: Arc::from(game),
                    position,
                }
            }
            Kind::Held {
                query: None,
                game,
                position,
            } => Kind::Held {
                query: None,
                game: Arc::new(
                    grundy::misere::MisereGame::shared(game).map_err(crate::game_error)?,
                ),
                position,
            },
            Kind::Sum { parts, .. } => Kind::Sum {
                parts,
                misere: true,
                opened: OnceLock::new(),
            },
        };
        Ok(Game { kind })
    }

    /// Every move from the position (of `player`, "Left" or "Right", in a partizan game),
    /// as `grundy play` lists them: each a `Move` whose `game` is the game after it.
    #[pyo3(signature = (player=None))]
    fn moves(&self, py: Python<'_>, player: Option<&str>) -> PyResult<Vec<Move>> {
        let player = player_of(player)?;
        if let Kind::Rules(rules) = &self.kind {
            return rules.moves_from(py, player);
        }
        let (game, p, query) = self.opened(py, None)?;
        let plays = run(py, || game.listed_moves(&p, player))?;
        (plays.into_iter())
            .map(|(m, to)| Self::after(py, &game, query.as_ref(), m, to))
            .collect()
    }

    /// The game after `move` (of `player` in a partizan game): a `Move` of `moves()`, or the
    /// move in words as `grundy play` reads them (`"take 2 from heap 1"`, or the position it
    /// leaves).
    #[pyo3(signature = (r#move, player=None))]
    fn play(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        player: Option<&str>,
    ) -> PyResult<Py<Game>> {
        if let Ok(m) = r#move.downcast::<Move>() {
            if let Some(game) = &m.get().game {
                return Ok(game.clone_ref(py));
            }
        }
        let said = r#move.str()?.to_string();
        if let Kind::Rules(_) = &self.kind {
            let moves = self.moves(py, player)?;
            for m in moves {
                let found = m.text == said
                    || m.position.bind(py).eq(r#move)?
                    || m.position.bind(py).repr()?.to_string() == said;
                if found {
                    return Ok(m.game.expect("a listed move has its game"));
                }
            }
            return Err(GameError::new_err(format!(
                "'{said}' is not a move from {} (see moves())",
                self.written(py)?
            )));
        }
        let player = player_of(player)?;
        let (game, p, query) = self.opened(py, None)?;
        let to = run(py, || game.read_move(&p, player, &said))?;
        let tokens = game.canonical(&to).map_err(crate::game_error)?;
        Py::new(py, Self::moved(&game, query.as_ref(), to, &tokens))
    }

    /// The move a perfect player makes (as `player` in a partizan game): a winning move when
    /// there is one, else the move `grundy play`'s engine makes; None when there is no move.
    #[pyo3(signature = (player=None))]
    fn best_move(&self, py: Python<'_>, player: Option<&str>) -> PyResult<Option<Move>> {
        let who = player_of(player)?;
        if let Kind::Rules(rules) = &self.kind {
            let start = rules.start(py, None)?;
            let answer = match rules.moves {
                Some(_) => rules.solve_impartial(py, start, usize::MAX)?,
                None => rules.solve_partizan(py, start, usize::MAX)?,
            };
            let mine = |m: &Move| match who {
                Some(p) => m.text.starts_with(&format!("{p:?} ")),
                None => true,
            };
            let mut moves = self.moves(py, player)?;
            for w in answer
                .winning_moves
                .iter()
                .map(|w| w.get())
                .filter(|w| mine(w))
            {
                for (i, m) in moves.iter().enumerate() {
                    if m.position.bind(py).eq(w.position.bind(py))? {
                        return Ok(Some(moves.swap_remove(i)));
                    }
                }
            }
            return Ok(moves.into_iter().next());
        }
        let (game, p, query) = self.opened(py, None)?;
        match run(py, || game.engine_move(&p, who))? {
            Some((m, to)) => Ok(Some(Self::after(py, &game, query.as_ref(), m, to)?)),
            None => Ok(None),
        }
    }

    /// Whether the game is played by the misère rule.
    #[getter]
    fn is_misere(&self) -> bool {
        self.played_misere()
    }

    /// The sum of this game and `other` (each played by the normal rule): `a + b`, and
    /// `sum([a, b, c])` (0 + a is a).
    fn __add__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = slf.py();
        let Ok(other) = other.downcast::<Game>() else {
            return Ok(py.NotImplemented());
        };
        let mut parts = Self::parts_of(slf)?;
        parts.extend(Self::parts_of(other)?);
        let sum = Game {
            kind: Kind::Sum {
                parts,
                misere: false,
                opened: OnceLock::new(),
            },
        };
        Ok(Py::new(py, sum)?.into_any())
    }

    /// `0 + a` is `a`, so that `sum([a, b, c])` adds games.
    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        if other.extract::<i64>().ok() != Some(0) {
            return Ok(slf.py().NotImplemented());
        }
        Self::parts_of(slf)?;
        Ok(slf.clone().into_any().unbind())
    }

    /// In Jupyter, a board game's position (Domineering, Cram, Clobber, Toads and Frogs) drawn as its grid;
    /// nothing for other games.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        let Kind::Held { game, position, .. } = &self.kind else {
            return Ok(None);
        };
        let tokens = game.canonical(position).map_err(crate::game_error)?;
        crate::board::position_svg(&tokens)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // A catalog game's name says --misere; a sum's does not.
        let named = matches!(&self.kind, Kind::Held { game, .. } if !is_sum(game.as_ref()));
        let misere = if self.played_misere() && !named {
            ", misère"
        } else {
            ""
        };
        Ok(format!("Game({}{misere})", self.written(py)?))
    }
}

/// A catalog game at a position, as a `Game` to solve, value or add to others:
/// `game("kayles", 5)`, `game("subtraction", 10, set=[1, 3, 4])`, a whole line
/// (`game("kayles 5 + nim 3")`); the keywords are `solve`'s.
#[pyfunction]
#[pyo3(signature = (game, position=None, **options))]
pub(crate) fn game(
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    let query = query(game, position, options)?;
    let (game, position) = query.open().map_err(crate::game_error)?;
    Ok(Game {
        kind: Kind::Held {
            query: Some(query),
            game: Arc::from(game),
            position,
        },
    })
}

/// Whether `game` is a sum of games (or one played by the misère rule).
fn is_sum(game: &dyn DynGame) -> bool {
    std::ptr::eq(game.info(), &grundy::sum::INFO)
}

/// The player named `player` ("Left" or "Right", any case), for a partizan game's moves.
fn player_of(player: Option<&str>) -> PyResult<Option<Player>> {
    let Some(name) = player else {
        return Ok(None);
    };
    match name.to_ascii_lowercase().as_str() {
        "left" | "l" => Ok(Some(Player::Left)),
        "right" | "r" => Ok(Some(Player::Right)),
        _ => Err(GameError::new_err(format!(
            "player '{name}': say Left or Right"
        ))),
    }
}
