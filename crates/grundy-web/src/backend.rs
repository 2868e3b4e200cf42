//! The answers behind the API, each a plain function of the query text: the registry reads
//! the query, the library answers, and the answer is the JSON the page reads.

use grundy::analysis::Player;
use grundy::registry::{Query, Registry};
use grundy::GameError;
use grundy_plot::picture::{Options, Picture};
use serde_json::{json, Value};

/// The most moves whose outcome the playground is sent (the page adds the winning moves of
/// the solve answer when they are beyond, and says how many moves there are in all).
const MOVES_SHOWN: usize = 500;

/// The games the server answers for, and how it answers.
pub struct Backend {
    registry: Registry,
}

impl Backend {
    /// A backend over the games of `registry`.
    pub fn new(registry: Registry) -> Self {
        Backend { registry }
    }

    fn parse(&self, q: &str) -> Result<Query, GameError> {
        self.registry.parse(q)
    }

    /// Exactly the JSON text of `grundy solve … --json`.
    pub fn solve(&self, q: &str) -> Result<String, GameError> {
        let a = self.parse(q)?.solve(100)?;
        serde_json::to_string(&a).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The moves: `{"moves": [{"to": [...], "outcome": "P" | "N" | …}], "total": n}` (outcome
    /// of the position reached); `moves` may hold only the first of the `total` moves.
    pub fn moves(&self, q: &str) -> Result<Value, GameError> {
        self.moves_up_to(q, MOVES_SHOWN)
    }

    /// [`moves`](Self::moves), with at most `limit` moves in the list (and at most 500).
    pub fn moves_up_to(&self, q: &str, limit: usize) -> Result<Value, GameError> {
        let query = self.parse(q)?;
        let game = query.game()?;
        // A partizan game's moves are Left's then Right's, each saying whose it is (the
        // outcome is then the class of the position reached: L, R, N or P).
        let sides = if game.partizan() {
            vec![Some(Player::Left), Some(Player::Right)]
        } else {
            vec![None]
        };
        let limit = limit.min(MOVES_SHOWN);
        let (mut out, mut total) = (Vec::new(), 0);
        for player in sides {
            let options = game.options(&query.words(), player)?;
            total += options.len();
            for o in options.iter().take(limit - out.len()) {
                // Each option is a question of its own: stop with the budget, not after all.
                grundy::budget::check()?;
                let words: Vec<String> = o.iter().map(|t| t.to_string()).collect();
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                let mut m = json!({ "to": o, "outcome": game.outcome_of(&words)? });
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
        let query = self.parse(q)?;
        let report = query.game()?.value(&query.words())?;
        serde_json::to_string(&report).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The thermograph of the position's value, as SVG drawn in memory.
    pub fn thermograph(&self, q: &str) -> Result<String, GameError> {
        let query = self.parse(q)?;
        let report = query.game()?.value(&query.words())?;
        let picture = grundy_plot::Thermograph::of_value(&report.canonical)?;
        grundy_plot::thermograph_svg(&picture).map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The engine's move: `{"to": [...]}`, or `{"to": null}` when there is none.
    pub fn engine(&self, q: &str) -> Result<Value, GameError> {
        let query = self.parse(q)?;
        let game = query.game()?;
        let mv = game.engine_move(&query.words(), None)?;
        Ok(json!({ "to": mv }))
    }

    /// The game's picture as SVG (the query names the game and its options only); drawn in
    /// memory, no file is written.
    pub fn picture(&self, q: &str) -> Result<String, GameError> {
        let query = self.parse(q)?;
        if !query.position.is_empty() {
            return Err(GameError::Invalid(
                "a picture takes the game and its options, without a position".into(),
            ));
        }
        let picture = Picture::of(&query, Options::default()).map_err(GameError::Invalid)?;
        picture.svg().map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The games to choose from: `[{"name", "title", "example"}]`.
    pub fn games(&self) -> Value {
        self.registry
            .entries()
            .iter()
            .map(|e| json!({ "name": e.info.name, "title": e.info.title, "example": e.info.example }))
            .collect()
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

    /// A partizan position: its moves for both players, its value as `grundy value --json`
    /// gives it, and its thermograph drawn.
    #[test]
    fn partizan_positions_have_moves_for_both_players_a_value_and_a_thermograph() {
        let backend = Backend::new(Registry::catalog());
        // Each player's two moves leave the same position (one column, one row): listed once.
        let v = backend.moves("domineering ..|..").unwrap();
        assert_eq!(v["total"], 2);
        let players: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["player"].as_str().unwrap())
            .collect();
        assert_eq!(players, ["Left", "Right"]);
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
    }
}
