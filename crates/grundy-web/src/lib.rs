//! The grundy web playground: an embedded page and a JSON API over a [`Backend`] that answers
//! queries written as `grundy solve` arguments (`q=nim 3 4 5`).

use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// What the server asks of grundy. Every method takes the query as typed (game, options and
/// position, as after `grundy solve`) and returns a one-line error for a bad query.
pub trait Backend: Send + Sync + 'static {
    /// Exactly the JSON text of `grundy solve … --json`.
    fn solve(&self, q: &str) -> Result<String, String>;
    /// The moves: `{"moves": [{"to": [...], "outcome": "P" | "N" | …}], "total": n}` (outcome of
    /// the position reached); `moves` may hold only the first of the `total` moves.
    fn moves(&self, q: &str) -> Result<Value, String>;
    /// The engine's move: `{"to": [...]}` or `{"to": null}` when there is none.
    fn engine(&self, q: &str) -> Result<Value, String>;
    /// The game's picture as SVG (the query names the game and its options only).
    fn picture(&self, q: &str) -> Result<String, String>;
    /// The games to choose from: `[{"name", "title", "example"}]`.
    fn games(&self) -> Value;
}

#[derive(Deserialize)]
struct Q {
    q: Option<String>,
}

type Shared = Arc<dyn Backend>;

fn bad(e: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "error": e }))).into_response()
}

fn query(q: Q) -> Result<String, String> {
    q.q.filter(|s| !s.trim().is_empty())
        .ok_or_else(|| "missing query parameter q, e.g. q=nim 3 4 5".to_string())
}

fn answer(r: Result<Value, String>) -> Response {
    match r {
        Ok(v) => Json(v).into_response(),
        Err(e) => bad(e),
    }
}

async fn solve(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    match query(q).and_then(|q| b.solve(&q)) {
        Ok(text) => ([(header::CONTENT_TYPE, "application/json")], text).into_response(),
        Err(e) => bad(e),
    }
}

async fn moves(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    answer(query(q).and_then(|q| b.moves(&q)))
}

async fn engine(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    answer(query(q).and_then(|q| b.engine(&q)))
}

async fn picture(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    match query(q).and_then(|q| b.picture(&q)) {
        Ok(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        Err(e) => bad(e),
    }
}

async fn games(State(b): State<Shared>) -> Response {
    Json(b.games()).into_response()
}

async fn index() -> Html<&'static str> {
    Html(include_str!("index.html"))
}

/// The routes: `/` (the page), `/api/solve`, `/api/moves`, `/api/engine`, `/api/picture`,
/// `/api/games`.
pub fn router(backend: Arc<dyn Backend>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/solve", get(solve))
        .route("/api/moves", get(moves))
        .route("/api/engine", get(engine))
        .route("/api/picture", get(picture))
        .route("/api/games", get(games))
        .with_state(backend)
}

/// Serves the playground on 127.0.0.1:`port` until the process ends.
pub fn serve(port: u16, backend: Arc<dyn Backend>) -> std::io::Result<()> {
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        eprintln!("grundy playground on http://127.0.0.1:{port}/");
        axum::serve(listener, router(backend)).await
    })
}
