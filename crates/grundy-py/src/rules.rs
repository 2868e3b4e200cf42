//! Rules written in Python (`grundy.Game(start, moves=f)`, or `left_moves=`/`right_moves=`):
//! every position reachable from a start explored by calling the functions, then solved by
//! retrograde analysis (positions may cycle: draws, generalized Grundy values, loopy values)
//! or handed to the library as a game given by its moves (`grundy::explored::Explored`) for a
//! sum with other games.

use crate::game::Game;
use crate::{from_json, run, typed, values, GameError, Move, Solution, Value};
use grundy::analysis::Player;
use grundy::explored::Explored;
use grundy::rules::DynGame;
use grundy::Position;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// Most positions a game defined in Python may have (each costs a Python call).
const POSITION_LIMIT: usize = 10_000_000;

/// Rules written as Python functions of hashable positions.
pub(crate) struct Rules {
    pub(crate) start: Option<PyObject>,
    pub(crate) moves: Option<PyObject>,
    pub(crate) left_moves: Option<PyObject>,
    pub(crate) right_moves: Option<PyObject>,
    pub(crate) misere: bool,
    pub(crate) name: String,
}

/// Moves between positions, by their indices.
type Moves = Vec<(u32, u32)>;

/// Every position reachable from `starts` by `rules` (each a function of a position listing
/// positions): the positions in order of discovery (the starts first), for each rule its
/// moves as pairs of indices, and each start's index.
fn explore(
    py: Python<'_>,
    starts: &[PyObject],
    rules: &[&PyObject],
) -> PyResult<(Vec<PyObject>, Vec<Moves>, Vec<u32>)> {
    let index = PyDict::new(py);
    let mut positions: Vec<PyObject> = Vec::new();
    let find = |q: &Bound<'_, PyAny>, positions: &mut Vec<PyObject>| -> PyResult<u32> {
        if let Some(j) = index.get_item(q)? {
            return j.extract::<u32>();
        }
        if positions.len() >= POSITION_LIMIT {
            return Err(GameError::new_err(format!(
                "the game has more than {POSITION_LIMIT} positions"
            )));
        }
        let j = positions.len() as u32;
        index.set_item(q, j)?;
        positions.push(q.clone().unbind());
        Ok(j)
    };
    let mut ids = Vec::with_capacity(starts.len());
    for s in starts {
        ids.push(find(s.bind(py), &mut positions)?);
    }
    let mut edges = vec![Vec::new(); rules.len()];
    let mut i = 0;
    while i < positions.len() {
        let p = positions[i].clone_ref(py);
        for (k, rule) in rules.iter().enumerate() {
            for q in rule.bind(py).call1((p.bind(py),))?.try_iter()? {
                let j = find(&q?, &mut positions)?;
                edges[k].push((i as u32, j));
            }
        }
        i += 1;
        if i % 4096 == 0 {
            py.check_signals()?;
        }
    }
    Ok((positions, edges, ids))
}

impl Rules {
    /// The same rules, holding the same Python objects.
    pub(crate) fn clone_ref(&self, py: Python<'_>) -> Rules {
        Rules {
            start: self.start.as_ref().map(|s| s.clone_ref(py)),
            moves: self.moves.as_ref().map(|s| s.clone_ref(py)),
            left_moves: self.left_moves.as_ref().map(|s| s.clone_ref(py)),
            right_moves: self.right_moves.as_ref().map(|s| s.clone_ref(py)),
            misere: self.misere,
            name: self.name.clone(),
        }
    }

    /// Whether `other` is the same game: the same functions under the same name.
    pub(crate) fn same_as(&self, other: &Rules) -> bool {
        let same = |a: &Option<PyObject>, b: &Option<PyObject>| match (a, b) {
            (Some(a), Some(b)) => a.is(b),
            (None, None) => true,
            _ => false,
        };
        self.name == other.name
            && same(&self.moves, &other.moves)
            && same(&self.left_moves, &other.left_moves)
            && same(&self.right_moves, &other.right_moves)
    }

    /// The rules as a list: the moves of an impartial game, or Left's and Right's.
    pub(crate) fn sides(&self) -> Vec<&PyObject> {
        match (&self.moves, &self.left_moves, &self.right_moves) {
            (Some(m), _, _) => vec![m],
            (None, Some(l), Some(r)) => vec![l, r],
            _ => unreachable!("checked when the game was made"),
        }
    }

    pub(crate) fn start(&self, py: Python<'_>, position: Option<PyObject>) -> PyResult<PyObject> {
        position
            .or_else(|| self.start.as_ref().map(|s| s.clone_ref(py)))
            .ok_or_else(|| GameError::new_err("no position given, and the game has no start"))
    }

    /// The game explored from `starts` as the library's game given by its moves, and the
    /// position of each start.
    pub(crate) fn explored(
        &self,
        py: Python<'_>,
        starts: &[PyObject],
    ) -> PyResult<(Arc<dyn DynGame>, Vec<Position>)> {
        let (positions, mut edges, ids) = explore(py, starts, &self.sides())?;
        let names: Vec<String> = (positions.iter())
            .map(|p| Ok(p.bind(py).repr()?.to_string()))
            .collect::<PyResult<_>>()?;
        let name = self.name.clone();
        let game = run(py, move || match edges.len() {
            1 => Explored::impartial(&name, names, edges.remove(0)),
            _ => {
                let right = edges.remove(1);
                Explored::partizan(&name, names, edges.remove(0), right)
            }
        })?;
        let at = ids
            .iter()
            .map(|&i| game.at(i).expect("a start is a position"))
            .collect();
        Ok((Arc::new(game), at))
    }

    /// The moves from the start (of `player` in a partizan game), each position its rules
    /// list once, with the game after each.
    pub(crate) fn moves_from(&self, py: Python<'_>, player: Option<Player>) -> PyResult<Vec<Move>> {
        let start = self.start(py, None)?;
        let rule = match (&self.moves, player, &self.left_moves, &self.right_moves) {
            (Some(m), _, _, _) => m,
            (None, Some(Player::Left), Some(l), _) => l,
            (None, Some(Player::Right), _, Some(r)) => r,
            _ => {
                return Err(GameError::new_err(format!(
                    "{} is partizan: say whether Left or Right moves",
                    self.name
                )))
            }
        };
        let mut out: Vec<Move> = Vec::new();
        for q in rule.bind(py).call1((start.bind(py),))?.try_iter()? {
            let q = q?;
            if out
                .iter()
                .any(|m| m.position.bind(py).eq(&q).unwrap_or(false))
            {
                continue;
            }
            let shown = q.repr()?;
            let mover = if self.moves.is_some() { None } else { player };
            let text = match mover {
                Some(p) => format!("{p:?} moves to {shown}"),
                None => format!("move to {shown}"),
            };
            let next = Game::of_rules(Rules {
                start: Some(q.clone().unbind()),
                ..self.clone_ref(py)
            });
            out.push(Move {
                position: q.unbind(),
                text,
                game: Some(Py::new(py, next)?),
            });
        }
        Ok(out)
    }

    /// Who wins an impartial game from `start`, by retrograde analysis of every position.
    pub(crate) fn solve_impartial(
        &self,
        py: Python<'_>,
        start: PyObject,
        max_moves: usize,
    ) -> PyResult<Solution> {
        let (positions, mut edges, _) = explore(py, &[start.clone_ref(py)], &self.sides())?;
        let n = positions.len();
        let graph = grundy::graph::Graph::from_numbered_edges(n, edges.remove(0));
        let convention = grundy::graph::Convention::misere_if(self.misere);
        let sol = run(py, || Ok(graph.solve(convention)))?;
        let outcome = sol.outcome[0].to_string();
        let grundy_value = sol
            .grundy_json(&graph, 0)
            .unwrap_or(serde_json::Value::Null);
        let winners = (sol.ranked_moves(&graph, 0).into_iter())
            .filter(|&v| {
                sol.outcome[0] == grundy::Outcome::N
                    && sol.outcome[v as usize] == grundy::Outcome::P
            })
            .map(|v| (v as usize, None))
            .take(max_moves)
            .collect();
        let fields = serde_json::json!({
            "outcome": outcome,
            "grundy": grundy_value,
            "remoteness": sol.remoteness[0],
        });
        let explanation = format!(
            "retrograde analysis of the {n} positions reachable: a position is lost for the \
             player to move when every move reaches a won one"
        );
        explored_solution(py, &start, &positions, fields, winners, explanation)
    }

    /// A partizan game solved: who wins when Left starts and when Right starts (infinite
    /// play a draw), and each player's winning moves when that player starts.
    pub(crate) fn solve_partizan(
        &self,
        py: Python<'_>,
        start: PyObject,
        max_moves: usize,
    ) -> PyResult<Solution> {
        use grundy::cgt::loopy::Play;
        let (positions, edges, _) = explore(py, &[start.clone_ref(py)], &self.sides())?;
        let n = positions.len();
        let (outcome, winners) = run(py, || {
            let graph = partizan_graph(n, &edges)?;
            let (left_first, right_first) = graph.play(0);
            let mut winners = Vec::new();
            if left_first == Play::LeftWins {
                for &o in graph.left(0) {
                    if graph.play(o).1 == Play::LeftWins {
                        winners.push((o, "Left"));
                    }
                }
            }
            if right_first == Play::RightWins {
                for &o in graph.right(0) {
                    if graph.play(o).0 == Play::RightWins {
                        winners.push((o, "Right"));
                    }
                }
            }
            Ok((graph.outcome(0), winners))
        })?;
        let outcome = serde_json::to_value(outcome)
            .map_err(|e| GameError::new_err(e.to_string()))?
            .as_str()
            .unwrap_or_default()
            .to_string();
        let winners = (winners.into_iter())
            .map(|(o, p)| (o, Some(p)))
            .take(max_moves)
            .collect();
        let fields = serde_json::json!({"outcome": outcome, "grundy": null});
        let explanation = format!(
            "retrograde analysis of the {n} positions reachable, with Left or Right to move \
             (play that goes on for ever is a draw)"
        );
        explored_solution(py, &start, &positions, fields, winners, explanation)
    }

    /// The value of `start`: a partizan game's canonical form (its sides `S & T` when its
    /// positions cycle), an impartial game's nimber.
    pub(crate) fn value(&self, py: Python<'_>, start: PyObject) -> PyResult<Value> {
        let sides = self.sides();
        let rules = match sides.len() {
            1 => vec![sides[0], sides[0]],
            _ => sides,
        };
        let (positions, edges, _) = explore(py, &[start], &rules)?;
        let n = positions.len();
        let text = run(py, || -> Result<String, grundy::GameError> {
            let mut graph = partizan_graph(n, &edges)?;
            Ok(graph
                .report(&mut grundy::cgt::Universe::new(), 0)?
                .canonical)
        })?;
        values::cgt(py, &text)
    }
}

/// The answer for the start of a game defined in Python: `fields` (outcome, Grundy value, …)
/// with the position, the winning moves (by index into `positions`, and who makes each in a
/// partizan game) and how many positions were explored.
fn explored_solution(
    py: Python<'_>,
    start: &PyObject,
    positions: &[PyObject],
    mut fields: serde_json::Value,
    winners: Vec<(usize, Option<&str>)>,
    explanation: String,
) -> PyResult<Solution> {
    let mut moves_out = Vec::new();
    let mut moves_json = Vec::new();
    for (o, player) in winners {
        let to = positions[o].clone_ref(py);
        let shown = to.bind(py).repr()?;
        let text = match player {
            Some(p) => format!("{p} moves to {shown}"),
            None => format!("move to {shown}"),
        };
        let mut m = serde_json::json!({"to": to.bind(py).str()?.to_string(), "move": text});
        if let Some(p) = player {
            m["player"] = p.into();
        }
        moves_json.push(m);
        moves_out.push(Py::new(
            py,
            Move {
                position: to,
                text,
                game: None,
            },
        )?);
    }
    fields["position"] = start.bind(py).str()?.to_string().into();
    fields["winning_moves"] = moves_json.into();
    fields["positions"] = positions.len().into();
    Ok(Solution {
        boards: None,
        later: None,
        outcome: typed::outcome(py, fields["outcome"].as_str().unwrap_or_default())?,
        grundy: from_json(py, &fields["grundy"].to_string())?,
        winning_moves: moves_out,
        explanation,
        json: std::sync::OnceLock::from(fields.to_string()),
    })
}

/// The loopy partizan graph of `n` positions with Left's moves `edges[0]` and Right's
/// `edges[1]`.
fn partizan_graph(
    n: usize,
    edges: &[Moves],
) -> Result<grundy::cgt::loopy::Graph, grundy::GameError> {
    let mut graph = grundy::cgt::loopy::Graph::new();
    for _ in 0..n {
        graph.vertex()?;
    }
    let mut sides = [vec![Vec::new(); n], vec![Vec::new(); n]];
    for (side, moves) in sides.iter_mut().zip(edges) {
        for &(a, b) in moves {
            side[a as usize].push(b as usize);
        }
    }
    let [left, right] = sides;
    for (v, (l, r)) in left.into_iter().zip(right).enumerate() {
        graph.set(v, l, r);
    }
    Ok(graph)
}
