//! The grundy web playground: an embedded page and a JSON API over the library's registry.
//! Every query is written as the arguments of `grundy solve` (`q=GAME OPTIONS POSITION`), read by
//! [`grundy::registry::Registry::parse`] and answered by the library on tokio's blocking pool,
//! so that a long computation never holds up the server's other requests.
//!
//! Routes: `/` (the page), `/api/solve`, `/api/moves` (`&limit=N` lists at most N moves;
//! 500 at most; `&player=left|right` only that player's in a partizan game), `/api/engine`
//! (`&player=left|right` in a partizan game), `/api/value`, `/api/thermograph`, `/api/cgt`,
//! `/api/picture` (the position, if given, marked), `/api/games`. Every refusal is JSON `{"error": "…", "kind": "…"}`:
//!
//! | status | kind | when |
//! | --- | --- | --- |
//! | 400 | `invalid`, `not_a_number`, `unknown_game`, … | the query is malformed |
//! | 403 | `forbidden_host`, `forbidden_origin` | the request names another host, or comes from a page elsewhere |
//! | 404, 405 | `not_found`, `method_not_allowed` | no such address, or not a GET |
//! | 413 | `body_refused` | the request has a body (only GET is served) |
//! | 414 | `query_too_long` | the query is longer than [`Limits::max_query`] (or the request line than [`Limits::max_head`]) |
//! | 431 | `head_too_large` | the request head is longer than [`Limits::max_head`] |
//! | 422 | `over_budget` | the answer needs more than [`Limits::budget`] of computing |
//! | 503 | `busy` | [`Limits::workers`] queries are being computed already |
//!
//! Work is bounded everywhere: each query computes under a time budget ([`grundy::budget`]),
//! at most [`Limits::workers`] at once; answers are remembered ([`Limits::cache`]); a
//! connection must send its request head within [`Limits::header_timeout`], and at most
//! [`Limits::connections`] are served at once.

mod backend;
mod heads;

pub use backend::Backend;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use grundy::registry::Registry;
use grundy::GameError;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How much work the server takes on.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The computing time one query may take before it is answered 422.
    pub budget: Duration,
    /// Queries computed at once; beyond, a query is answered 503 at once.
    pub workers: usize,
    /// The longest query text, in bytes.
    pub max_query: usize,
    /// The longest request head (request line and headers), in bytes.
    pub max_head: usize,
    /// Answers remembered (the oldest half is forgotten when full).
    pub cache: usize,
    /// The time a connection has to send its request head.
    pub header_timeout: Duration,
    /// Connections served at once; more wait to be accepted.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            budget: Duration::from_secs(1),
            workers: 8,
            max_query: 4096,
            max_head: 16 << 10,
            cache: 4096,
            header_timeout: Duration::from_secs(10),
            connections: 512,
        }
    }
}

#[derive(Deserialize)]
struct Q {
    q: Option<String>,
    /// `/api/moves`: the most moves listed (at most 500, the default).
    limit: Option<usize>,
    /// `/api/engine` in a partizan game: who moves, `left` or `right`.
    player: Option<String>,
}

/// The API routes that compute.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Route {
    Solve,
    /// With the most moves listed, of one player only if named (partizan games).
    Moves(usize, Option<grundy::analysis::Player>),
    /// As the player who moves (partizan games).
    Engine(Option<grundy::analysis::Player>),
    Cgt,
    Picture,
    Value,
    Thermograph,
}

impl Route {
    fn content_type(self) -> &'static str {
        match self {
            Route::Picture | Route::Thermograph => "image/svg+xml",
            _ => "application/json",
        }
    }

    fn answer(self, b: &Backend, q: &str) -> Result<String, GameError> {
        let text = |v: Value| v.to_string();
        match self {
            Route::Solve => b.solve(q),
            Route::Moves(limit, player) => b.moves_of(q, limit, player).map(text),
            Route::Engine(player) => b.engine_as(q, player).map(text),
            Route::Cgt => b.cgt(q),
            Route::Picture => b.picture(q),
            Route::Value => b.value(q),
            Route::Thermograph => b.thermograph(q),
        }
    }
}

/// A remembered answer: the status and the body.
type Cached = (StatusCode, Arc<str>);

struct App {
    backend: Arc<Backend>,
    limits: Limits,
    workers: Arc<Semaphore>,
    cache: Mutex<HashMap<(Route, String), Cached>>,
    /// The host names requests may address; `None`: any (the server listens on every interface).
    hosts: Option<Vec<String>>,
}

type Shared = Arc<App>;

/// A refusal: `{"error": message, "kind": kind}` with `status`.
fn refusal(status: StatusCode, kind: &str, message: &str) -> Response {
    (status, Json(json!({ "error": message, "kind": kind }))).into_response()
}

/// The status a library error is answered with.
fn status_of(e: &GameError) -> StatusCode {
    match e {
        GameError::OverBudget { .. } | GameError::Interrupted => StatusCode::UNPROCESSABLE_ENTITY,
        _ => StatusCode::BAD_REQUEST,
    }
}

/// Answers `route` for the query of `q`: from the cache, or computed off the runtime under the
/// budget by one of the workers.
async fn compute(app: Shared, route: Route, q: Result<Query<Q>, QueryRejection>) -> Response {
    let q = match q {
        Ok(Query(q)) => q.q.filter(|s| !s.trim().is_empty()),
        Err(e) => {
            return refusal(
                StatusCode::BAD_REQUEST,
                "invalid",
                &format!("the query cannot be read: {}", e.body_text()),
            )
        }
    };
    let Some(q) = q else {
        return refusal(
            StatusCode::BAD_REQUEST,
            "invalid",
            "missing query parameter q: a game and a position, as after grundy solve",
        );
    };
    if q.len() > app.limits.max_query {
        return refusal(
            StatusCode::URI_TOO_LONG,
            "query_too_long",
            &format!(
                "the query has {} bytes; the server takes at most {}",
                q.len(),
                app.limits.max_query
            ),
        );
    }
    let key = (route, q);
    let cached = app
        .cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    let (status, body) = match cached {
        Some(hit) => hit,
        None => {
            let Ok(permit) = Arc::clone(&app.workers).try_acquire_owned() else {
                return refusal(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "busy",
                    "the server is computing as many answers as it takes at once; try again \
                     in a moment",
                );
            };
            let (backend, budget, q) = (Arc::clone(&app.backend), app.limits.budget, key.1.clone());
            let done = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                grundy::budget::within(budget, || route.answer(&backend, &q))
            })
            .await;
            let (status, body): Cached = match done {
                Ok(Ok(body)) => (StatusCode::OK, body.into()),
                Ok(Err(e)) => (status_of(&e), e.to_json().to_string().into()),
                Err(_) => {
                    return refusal(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "internal",
                        "grundy failed on this query (a bug; please report it with the query)",
                    )
                }
            };
            // Over budget now may be answered later (what was computed is kept): not
            // remembered.
            if status != StatusCode::UNPROCESSABLE_ENTITY {
                remember(&app, key, (status, Arc::clone(&body)));
            }
            (status, body)
        }
    };
    let kind = if status == StatusCode::OK {
        route.content_type()
    } else {
        "application/json"
    };
    (status, [(header::CONTENT_TYPE, kind)], body.to_string()).into_response()
}

fn remember(app: &App, key: (Route, String), answer: Cached) {
    let mut cache = app.cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() >= app.limits.cache {
        // Forget about half, whichever: simple, and bounded.
        let drop: Vec<_> = cache.keys().take(cache.len() / 2 + 1).cloned().collect();
        for k in drop {
            cache.remove(&k);
        }
    }
    cache.insert(key, answer);
}

async fn solve(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    compute(a, Route::Solve, q).await
}

async fn moves(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    let limit = q.as_ref().ok().and_then(|Query(q)| q.limit);
    match player_of(&q) {
        Ok(player) => compute(a, Route::Moves(limit.unwrap_or(500), player), q).await,
        Err(why) => refusal(StatusCode::BAD_REQUEST, "invalid", &why),
    }
}

async fn engine(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    match player_of(&q) {
        Ok(player) => compute(a, Route::Engine(player), q).await,
        Err(why) => refusal(StatusCode::BAD_REQUEST, "invalid", &why),
    }
}

/// The player a partizan query names with `player=left` or `player=right` (any case).
fn player_of(
    q: &Result<Query<Q>, QueryRejection>,
) -> Result<Option<grundy::analysis::Player>, String> {
    use grundy::analysis::Player;
    let said = q.as_ref().ok().and_then(|Query(q)| q.player.clone());
    match said.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Ok(None),
        Some("left") => Ok(Some(Player::Left)),
        Some("right") => Ok(Some(Player::Right)),
        Some(other) => Err(format!(
            "player={other}: the player who moves is left or right"
        )),
    }
}

async fn cgt(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    compute(a, Route::Cgt, q).await
}

async fn picture(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    compute(a, Route::Picture, q).await
}

async fn value(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    compute(a, Route::Value, q).await
}

async fn thermograph(State(a): State<Shared>, q: Result<Query<Q>, QueryRejection>) -> Response {
    compute(a, Route::Thermograph, q).await
}

async fn games(State(a): State<Shared>) -> Response {
    Json(a.backend.games()).into_response()
}

/// Any other address: 404 with a JSON error, like every other refusal.
async fn not_found(uri: axum::http::Uri) -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        "not_found",
        &format!(
            "no such page: {} (the API is /api/solve, /api/moves, /api/engine, /api/picture, \
             /api/games, /api/value, /api/thermograph, /api/cgt)",
            uri.path()
        ),
    )
}

/// The stand-in for a request refused before it reached the router (see [`heads`]).
async fn refused(axum::extract::Path(why): axum::extract::Path<String>) -> Response {
    use heads::Refused;
    let what = [Refused::UriTooLong, Refused::HeadTooLarge, Refused::Body]
        .into_iter()
        .find(|r| r.path().rsplit('/').next() == Some(why.as_str()));
    match what {
        Some(Refused::UriTooLong) => refusal(
            StatusCode::URI_TOO_LONG,
            "query_too_long",
            "the request line is too long (a query is at most a few thousand bytes)",
        ),
        Some(Refused::HeadTooLarge) => refusal(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "head_too_large",
            "the request's headers are too large",
        ),
        Some(Refused::Body) => refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_refused",
            "a request with a body is not served here (only GET is)",
        ),
        None => not_found(axum::http::Uri::from_static("/.refused")).await,
    }
}

/// A method other than GET on a known address: 405 with a JSON error.
async fn method_not_allowed() -> Response {
    refusal(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "only GET is served here",
    )
}

async fn index() -> Html<&'static str> {
    Html(include_str!("index.html"))
}

/// The host part of a `Host` value or of an origin's authority (`[::1]:8080` → `[::1]`).
fn host_part(authority: &str) -> &str {
    match authority.strip_prefix('[') {
        Some(rest) => rest
            .find(']')
            .map_or(authority, |end| &authority[..end + 2]),
        None => authority.split(':').next().unwrap_or(authority),
    }
}

/// Refuses requests addressed to another host name (a page elsewhere reaching this server
/// through a name it controls) and requests sent by a page of another origin.
async fn guard(
    State(app): State<Shared>,
    headers: HeaderMap,
    req: Request,
    next: Next,
) -> Response {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let host = text(header::HOST).unwrap_or("");
    if let Some(hosts) = &app.hosts {
        let name = host_part(host).to_ascii_lowercase();
        if !hosts.contains(&name) {
            return refusal(
                StatusCode::FORBIDDEN,
                "forbidden_host",
                &format!(
                    "this server answers requests for {} only, not for '{host}'",
                    hosts.join(", ")
                ),
            );
        }
    }
    if let Some(origin) = text(header::ORIGIN) {
        let authority = origin.split_once("://").map_or("", |(_, a)| a);
        if !authority.eq_ignore_ascii_case(host) {
            return refusal(
                StatusCode::FORBIDDEN,
                "forbidden_origin",
                &format!("requests from pages of {origin} are not served here"),
            );
        }
    }
    next.run(req).await
}

/// The host names a server listening on `host` answers for: the loopback names and `host`
/// itself; `None` (any) when it listens on every interface.
fn allowed_hosts(host: &str) -> Option<Vec<String>> {
    let unspecified = host
        .parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_unspecified());
    if unspecified {
        return None;
    }
    let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "[::1]"].map(String::from).into();
    let own = match host.parse::<std::net::Ipv6Addr>() {
        Ok(_) => format!("[{host}]"),
        Err(_) => host.to_ascii_lowercase(),
    };
    if !hosts.contains(&own) {
        hosts.push(own);
    }
    Some(hosts)
}

/// The playground's routes over the games of `registry`, for a server listening on loopback
/// with the default [`Limits`].
pub fn router(registry: Registry) -> Router {
    router_with(registry, "127.0.0.1", Limits::default())
}

/// The playground's routes over the games of `registry`, for a server listening on `host`,
/// with `limits`.
pub fn router_with(registry: Registry, host: &str, limits: Limits) -> Router {
    let app = Arc::new(App {
        backend: Arc::new(Backend::new(registry)),
        workers: Arc::new(Semaphore::new(limits.workers)),
        cache: Mutex::new(HashMap::new()),
        hosts: allowed_hosts(host),
        limits,
    });
    Router::new()
        .route("/", get(index))
        .route("/api/solve", get(solve))
        .route("/api/moves", get(moves))
        .route("/api/engine", get(engine))
        .route("/api/picture", get(picture))
        .route("/api/games", get(games))
        .route("/api/value", get(value))
        .route("/api/thermograph", get(thermograph))
        .route("/api/cgt", get(cgt))
        .route("/.refused/{why}", get(refused))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(Arc::clone(&app), guard))
        .with_state(app)
}

/// Serves the playground for the games of `registry` on `host`:`port` (127.0.0.1 keeps it to
/// this machine) with the default [`Limits`] until the process ends.
pub fn serve(host: &str, port: u16, registry: Registry) -> std::io::Result<()> {
    serve_with(host, port, registry, Limits::default())
}

/// Serves the playground with `limits`.
pub fn serve_with(
    host: &str,
    port: u16,
    registry: Registry,
    limits: Limits,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind((host, port)).await?;
        let at = listener.local_addr()?;
        eprintln!("grundy playground on http://{at}/");
        let (header_timeout, connections) = (limits.header_timeout, limits.connections);
        let max_head = limits.max_head;
        let app = router_with(registry, host, limits);
        let open = Arc::new(Semaphore::new(connections));
        loop {
            // Beyond the limit, connections wait in the listen queue.
            let permit = Arc::clone(&open)
                .acquire_owned()
                .await
                .expect("the semaphore is never closed");
            let (stream, _) = match listener.accept().await {
                Ok(s) => s,
                // Out of file descriptors and the like: wait a little and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let service = TowerToHyperService::new(app.clone());
            tokio::spawn(async move {
                let _permit = permit;
                let connection = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(header_timeout)
                    .serve_connection(TokioIo::new(heads::Heads::new(stream, max_head)), service);
                let _ = connection.await;
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_are_read_without_their_port() {
        assert_eq!(host_part("localhost:8080"), "localhost");
        assert_eq!(host_part("[::1]:8080"), "[::1]");
        assert_eq!(host_part("[::1]"), "[::1]");
        assert_eq!(host_part("example.com"), "example.com");
    }

    #[test]
    fn a_server_on_loopback_answers_for_loopback_names_only() {
        let hosts = allowed_hosts("127.0.0.1").unwrap();
        assert!(hosts.contains(&"localhost".to_string()));
        assert!(!hosts.contains(&"evil.example".to_string()));
        assert_eq!(allowed_hosts("0.0.0.0"), None);
        assert!(allowed_hosts("::1").unwrap().contains(&"[::1]".to_string()));
        assert!(allowed_hosts("192.168.1.5")
            .unwrap()
            .contains(&"192.168.1.5".to_string()));
    }
}
