//! The grundy web playground: an embedded page and a JSON API over the library's registry.
//! Every query is written as the arguments of `grundy solve` (`q=GAME OPTIONS POSITION`), read by
//! [`grundy::registry::Registry::parse`] and answered by the library on tokio's blocking pool,
//! so that a long computation never holds up the server's other requests.
//!
//! Routes: `/` (the page), `/api/solve`, `/api/moves`, `/api/engine`, `/api/picture`,
//! `/api/games`. A bad query gets HTTP 400 with `{"error": "…"}`.

mod backend;

pub use backend::Backend;

use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use grundy::registry::Registry;
use grundy::GameError;
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;

#[derive(Deserialize)]
struct Q {
    q: Option<String>,
}

type Shared = Arc<Backend>;

/// A refused query: `{"error": the line, "kind": …, and the error's fields}`.
fn bad(e: GameError) -> Response {
    (StatusCode::BAD_REQUEST, Json(e.to_json())).into_response()
}

fn query(q: Q) -> Result<String, GameError> {
    q.q.filter(|s| !s.trim().is_empty()).ok_or_else(|| {
        GameError::Invalid(
            "missing query parameter q: a game and a position, as after grundy solve".into(),
        )
    })
}

/// Runs `work` on the query of `q` on the blocking pool.
async fn off_runtime<T: Send + 'static>(
    b: Shared,
    q: Q,
    work: fn(&Backend, &str) -> Result<T, GameError>,
) -> Result<T, GameError> {
    let q = query(q)?;
    tokio::task::spawn_blocking(move || work(&b, &q))
        .await
        .map_err(|e| GameError::Invalid(format!("the request failed: {e}")))?
}

fn answer(r: Result<Value, GameError>) -> Response {
    match r {
        Ok(v) => Json(v).into_response(),
        Err(e) => bad(e),
    }
}

async fn solve(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    match off_runtime(b, q, Backend::solve).await {
        Ok(text) => ([(header::CONTENT_TYPE, "application/json")], text).into_response(),
        Err(e) => bad(e),
    }
}

async fn moves(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    answer(off_runtime(b, q, Backend::moves).await)
}

async fn engine(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    answer(off_runtime(b, q, Backend::engine).await)
}

async fn picture(State(b): State<Shared>, Query(q): Query<Q>) -> Response {
    match off_runtime(b, q, Backend::picture).await {
        Ok(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
        Err(e) => bad(e),
    }
}

async fn games(State(b): State<Shared>) -> Response {
    Json(b.games()).into_response()
}

/// Any other address: 404 with a JSON error, like every other refusal.
async fn not_found(uri: axum::http::Uri) -> Response {
    let e = serde_json::json!({
        "error": format!("no such page: {} (the API is /api/solve, /api/moves, /api/engine, /api/picture, /api/games)", uri.path()),
        "kind": "not_found",
    });
    (StatusCode::NOT_FOUND, Json(e)).into_response()
}

/// A method other than GET on a known address: 405 with a JSON error.
async fn method_not_allowed() -> Response {
    let e = serde_json::json!({ "error": "only GET is served here", "kind": "method_not_allowed" });
    (StatusCode::METHOD_NOT_ALLOWED, Json(e)).into_response()
}

async fn index() -> Html<&'static str> {
    Html(include_str!("index.html"))
}

/// The playground's routes over the games of `registry`.
pub fn router(registry: Registry) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/solve", get(solve))
        .route("/api/moves", get(moves))
        .route("/api/engine", get(engine))
        .route("/api/picture", get(picture))
        .route("/api/games", get(games))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(Arc::new(Backend::new(registry)))
}

/// Serves the playground for the games of `registry` on `host`:`port` (127.0.0.1 keeps it to
/// this machine) until the process ends.
pub fn serve(host: &str, port: u16, registry: Registry) -> std::io::Result<()> {
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind((host, port)).await?;
        let at = listener.local_addr()?;
        eprintln!("grundy playground on http://{at}/");
        axum::serve(listener, router(registry)).await
    })
}
