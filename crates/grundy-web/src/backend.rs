//! The answers behind the API, each a plain function of the query text: the registry reads
//! the query, the library answers, and the answer is the JSON the page reads.

use grundy::analysis::Player;
use grundy::query::Query;
use grundy::registry::Registry;
use grundy::GameError;
use grundy_plot::picture::{Options, Picture};
use serde_json::{json, Value};

/// The most moves whose outcome the playground is sent (the page adds the winning moves of
/// the solve answer when they are beyond, and says how many moves there are in all).
const MOVES_SHOWN: usize = 500;

/// The games the server answers for, and how it answers.
pub struct Backend {
    registry: Registry,
    /// What `/api/games` answers, the same for every request.
    games: Value,
}

impl Backend {
    /// A backend over the games of `registry`.
    pub fn new(registry: Registry) -> Self {
        let games = registry
            .entries()
            .iter()
            .map(|e| {
                let partizan = registry
                    .parse(e.info.example)
                    .and_then(|q| q.game())
                    .is_ok_and(|g| g.partizan());
                json!({
                    "name": e.info.name,
                    "title": e.info.title,
                    "example": e.info.example,
                    "partizan": partizan,
                })
            })
            .collect();
        Backend { registry, games }
    }

    fn parse(&self, q: &str) -> Result<Query, GameError> {
        self.registry.parse(q)
    }

    /// Exactly the JSON text of `grundy solve … --json`.
    pub fn solve(&self, q: &str) -> Result<String, GameError> {
        let a = self.parse(q)?.solve_in_full(100)?;
        serde_json::to_string(&a).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The moves: `{"moves": [{"to": [...], "outcome": "P" | "N" | …}], "total": n}` (outcome
    /// of the position reached); `moves` may hold only the first of the `total` moves.
    pub fn moves(&self, q: &str) -> Result<Value, GameError> {
        self.moves_up_to(q, MOVES_SHOWN)
    }

    /// [`moves`](Self::moves), with at most `limit` moves in the list (and at most 500).
    pub fn moves_up_to(&self, q: &str, limit: usize) -> Result<Value, GameError> {
        self.moves_of(q, limit, None)
    }

    /// [`moves_up_to`](Self::moves_up_to), of `player` only when one is named (in a partizan
    /// game; an impartial game's moves are everyone's).
    pub fn moves_of(
        &self,
        q: &str,
        limit: usize,
        player: Option<Player>,
    ) -> Result<Value, GameError> {
        let (game, at) = self.parse(q)?.open()?;
        // A partizan game's moves are Left's then Right's (or the named player's), each saying
        // whose it is (the outcome is then the class of the position reached: L, R, N or P).
        let sides = match (game.partizan(), player) {
            (true, Some(p)) => vec![Some(p)],
            (true, None) => vec![Some(Player::Left), Some(Player::Right)],
            (false, _) => vec![None],
        };
        let limit = limit.min(MOVES_SHOWN);
        let (mut out, mut total) = (Vec::new(), 0);
        for player in sides {
            let moves = game.listed_moves(&at, player)?;
            total += moves.len();
            for (mv, to) in moves.iter().take(limit - out.len()) {
                // Each option is a question of its own: stop with the budget, not after all.
                grundy::budget::check()?;
                let mut m = json!({
                    "to": mv.to,
                    "move": mv.description,
                    "outcome": game.outcome_of(to)?,
                });
                if let Some(p) = player {
                    m["player"] = json!(p);
                }
                out.push(m);
            }
        }
        Ok(json!({ "moves": out, "total": total }))
    }

    /// The position's value as a short game: exactly the JSON of `grundy value … --json`.
    pub fn value(&self, q: &str) -> Result<String, GameError> {
        let (game, p) = self.parse(q)?.open()?;
        let report = grundy::notation::value_of(game.as_ref(), &p)?;
        serde_json::to_string(&report).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The thermograph of a position's value, or of a value written in CGSuite's notation
    /// (as `grundy plot thermograph` takes either), as SVG drawn in memory.
    pub fn thermograph(&self, q: &str) -> Result<String, GameError> {
        let words: Vec<&str> = q.split_whitespace().collect();
        let (mut u, g) = grundy::notation::short_game(&self.registry, &words)?;
        let picture = grundy_plot::Thermograph::of(&mut u, g);
        grundy_plot::thermograph_svg(&picture).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The engine's move in an impartial game: see [`Backend::engine_as`].
    pub fn engine(&self, q: &str) -> Result<Value, GameError> {
        self.engine_as(q, None)
    }

    /// The engine's move as `player` (required in a partizan game): `{"to": [...], "move":
    /// words}` (with `"player"` in a partizan game), or `{"to": null}` when there is none.
    pub fn engine_as(&self, q: &str, player: Option<Player>) -> Result<Value, GameError> {
        let (game, p) = self.parse(q)?.open()?;
        if game.partizan() && player.is_none() {
            return Err(GameError::Invalid(format!(
                "{} is partizan: say who moves with player=left or player=right",
                game.name()
            )));
        }
        let player = player.filter(|_| game.partizan());
        Ok(match game.engine_move(&p, player)? {
            Some((m, _)) => {
                serde_json::to_value(m).map_err(|e| GameError::Invalid(e.to_string()))?
            }
            None => json!({ "to": null }),
        })
    }

    /// A value in CGSuite's notation: exactly the JSON of `grundy cgt EXPR --json`.
    pub fn cgt(&self, q: &str) -> Result<String, GameError> {
        let report = grundy::notation::answer(q)?;
        serde_json::to_string(&report).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The game's picture as SVG, with the query's position marked if it names one; drawn in
    /// memory, no file is written.
    pub fn picture(&self, q: &str) -> Result<String, GameError> {
        let query = self.parse(q)?;
        let picture = Picture::of(&query, Options::default()).map_err(GameError::Invalid)?;
        picture.svg().map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The games to choose from: `[{"name", "title", "example", "partizan"}]` (partizan: the
    /// players have different moves, Left and Right).
    pub fn games(&self) -> Value {
        self.games.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Found by the fuzzer (fuzz/run.sh, target query): 705 options, each solved with a
    /// Grundy-value search, ran for a minute past any budget. The moves' outcomes alone are
    /// cheap now; a budget still stops a long list.
    #[test]
    fn the_moves_of_a_large_position_are_listed_by_outcome_and_stop_with_the_budget() {
        let backend = Backend::new(Registry::catalog());
        let v = grundy::budget::within(Duration::from_secs(30), || {
            backend.moves("moore --k 3 0 705")
        })
        .unwrap();
        assert_eq!(v["total"], 705);
        let r = grundy::budget::within(Duration::ZERO, || backend.moves("moore --k 3 0 705"));
        assert_eq!(r.unwrap_err().kind(), "over_budget");
    }

    /// A misère expression and a misère position get their misère canonical forms, as
    /// `grundy cgt --json` and `grundy value --json` print them.
    #[test]
    fn misere_forms_are_answered_as_the_cli_answers_them() {
        let backend = Backend::new(Registry::catalog());
        let c: Value = serde_json::from_str(&backend.cgt("*[2]+*[2]").unwrap()).unwrap();
        assert_eq!(c["canonical"], "*[2[2]]");
        assert_eq!(c["misere_outcome"], "P");
        let v: Value = serde_json::from_str(&backend.value("kayles --misere 5").unwrap()).unwrap();
        assert_eq!(v["canonical"], "*[2[2]321]");
        assert_eq!(v["genus"], "4^146");
    }

    /// A loopy game gets its simplest form and CGSuite's outcome class, as `grundy cgt
    /// --json` prints them; the fields defined for short games only are null.
    #[test]
    fn loopy_games_are_answered_as_the_cli_answers_them() {
        let backend = Backend::new(Registry::catalog());
        let c: Value = serde_json::from_str(&backend.cgt("{pass|3/2}").unwrap()).unwrap();
        assert_eq!(c["canonical"], "3/2under");
        assert_eq!(c["outcome"], "L");
        assert_eq!(c["stopper"], true);
        assert!(c["mean"].is_null());
        let d: Value = serde_json::from_str(&backend.cgt("on + off").unwrap()).unwrap();
        assert_eq!(
            (d["canonical"].as_str(), d["outcome"].as_str()),
            (Some("dud"), Some("D"))
        );
    }

    /// A partizan position: its moves for both players, its value as `grundy value --json`
    /// gives it, and its thermograph drawn.
    #[test]
    fn partizan_positions_have_moves_for_both_players_a_value_and_a_thermograph() {
        let backend = Backend::new(Registry::catalog());
        // Each player has two moves (either column, either row), each leaving the whole board.
        let v = backend.moves("domineering ..|..").unwrap();
        assert_eq!(v["total"], 4);
        let players: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["player"].as_str().unwrap())
            .collect();
        assert_eq!(players, ["Left", "Left", "Right", "Right"]);
        assert_eq!(v["moves"][0]["outcome"], "L");
        let value: Value =
            serde_json::from_str(&backend.value("domineering ..|..").unwrap()).unwrap();
        assert_eq!(value["canonical"], "+-1");
        assert_eq!(value["temperature"], "1");
        let svg = backend.thermograph("clobber xox|ox.").unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("temperature"),
            "{}",
            &svg[..80]
        );
        assert!(backend.value("domineering ..|x").is_err());
        // An expression in CGSuite's notation, as `grundy plot thermograph` takes it; a
        // loopy game has none.
        let svg = backend.thermograph("{2|-2} + {1|-1}").unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("+-{3|1}"),
            "{}",
            &svg[..80]
        );
        let e = backend.thermograph("on").unwrap_err().to_string();
        assert!(e.contains("loopy games have no thermograph"), "{e}");
        // One side's moves, for the page playing that side.
        let right = backend
            .moves_of("domineering ..|..", 500, Some(Player::Right))
            .unwrap();
        assert_eq!(right["total"], 2);
        assert_eq!(right["moves"][0]["player"], "Right");
        assert_eq!(right["moves"][1]["move"], "a2-b2");
        let games = backend.games();
        let partizan = |name: &str| {
            games
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["name"] == name)
                .unwrap()["partizan"]
                .clone()
        };
        assert_eq!(partizan("domineering"), true);
        assert_eq!(partizan("nim"), false);
    }

    /// The picture marks the position asked about; a board is drawn with its winning moves;
    /// a partizan game with neither map nor board is refused, saying what to draw instead.
    #[test]
    fn the_picture_marks_the_position_and_a_partizan_game_points_to_its_thermograph() {
        let backend = Backend::new(Registry::catalog());
        let svg = backend.picture("wythoff 3 5").unwrap();
        assert!(svg.contains("the position (3 5)"), "no mark");
        let svg = backend.picture("kayles 5 7").unwrap();
        assert!(svg.contains("heaps of the position"), "no marks");
        assert!(!backend.picture("wythoff").unwrap().contains("the position"));
        // Beyond the map's reach, the mark is said to be beyond.
        let svg = backend.picture("wythoff 3 500").unwrap();
        assert!(svg.contains("(3 500: beyond the map)"));
        // A board is drawn with the boards its winning moves leave.
        let svg = backend.picture("domineering ...|...").unwrap();
        assert!(svg.contains("Left") && svg.contains("N: "), "no board");
        let e = backend.picture("hackenbush lrl").unwrap_err().to_string();
        assert!(e.contains("grundy plot thermograph hackenbush lrl"), "{e}");
    }

    /// A partizan game is played to its end through the API: moves in words, the engine's
    /// move as the side named, and the empty position (`0`) a position like any other.
    #[test]
    fn a_partizan_game_is_played_to_its_end_through_the_api() {
        let backend = Backend::new(Registry::catalog());
        let v = backend.moves("hackenbush lrlerrr").unwrap();
        // Left chops either blue edge or the green one, Right any red edge or the green one.
        assert_eq!(v["total"], 8, "{v}");
        let v = backend.moves("domineering ...|...").unwrap();
        assert_eq!(v["moves"][0]["move"], "a1-a2", "{v}");
        assert_eq!(v["moves"][0]["to"][0], "#..|#..", "{v}");
        let err = backend.engine("domineering ...|...").unwrap_err();
        assert!(err.to_string().contains("player=left"), "{err}");
        let mut q = "hackenbush e".to_string();
        let mut player = Player::Right;
        loop {
            let e = backend.engine_as(&q, Some(player)).unwrap();
            if e["to"].is_null() {
                break;
            }
            assert!(e["move"].is_string(), "{e}");
            let to: Vec<String> = e["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
                .collect();
            q = format!("hackenbush {}", to.join(" "));
            player = match player {
                Player::Left => Player::Right,
                Player::Right => Player::Left,
            };
        }
        assert_eq!(q, "hackenbush 0");
        let solved: Value = serde_json::from_str(&backend.solve("hackenbush 0").unwrap()).unwrap();
        assert_eq!(solved["outcome"], "P");
        assert_eq!(backend.moves("hackenbush 0").unwrap()["total"], 0);
        let cgt: Value = serde_json::from_str(&backend.cgt("{2|-2} + {1|-1}").unwrap()).unwrap();
        assert_eq!(cgt["canonical"], "+-{3|1}");
    }

    /// A sum of games through the API: solved with its components, its moves listed as whole
    /// positions of the sum, played by the engine, valued, and its picture refused in words.
    #[test]
    fn a_sum_of_games_is_solved_and_played_through_the_api() {
        let backend = Backend::new(Registry::catalog());
        let q = "kayles 5 7 + wythoff 3 4 + nim 6";
        let a: Value = serde_json::from_str(&backend.solve(q).unwrap()).unwrap();
        assert_eq!(a["game"], "sum");
        assert_eq!(a["grundy"], 2);
        assert_eq!(a["components"].as_array().unwrap().len(), 3);
        assert_eq!(a["components"][1]["game"], "wythoff");
        assert_eq!(a["winning_moves"][0]["component"], 0);
        let moves = backend.moves(q).unwrap();
        let first = &moves["moves"][0];
        assert_eq!(first["to"][0], "kayles", "{first}");
        assert!(first["move"].as_str().unwrap().ends_with("in kayles 5 7"));
        // The engine moves to a position worth 0, written as a whole sum.
        let e = backend.engine(q).unwrap();
        let to: Vec<String> = e["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.to_string().trim_matches('"').to_string())
            .collect();
        let after: Value =
            serde_json::from_str(&backend.solve(&format!("sum {}", to.join(" "))).unwrap())
                .unwrap();
        assert_eq!(after["outcome"], "P", "{e}");
        // A partizan sum: moves by side, a value.
        let m = backend
            .moves_of("hackenbush l + nim 1", 10, Some(Player::Right))
            .unwrap();
        assert_eq!(m["total"], 1, "{m}");
        let v: Value =
            serde_json::from_str(&backend.value("hackenbush l + nim 1").unwrap()).unwrap();
        assert_eq!(v["canonical"], "1*");
        assert!(backend.picture(q).is_err());
        let e = backend.solve("kayles 5 + + nim 3").unwrap_err();
        assert!(e.to_string().contains("nothing between two '+'"), "{e}");
    }
}
