//! Starting a simulator: every format's routes, the `/_sim` steering routes, and the gate
//! (faults, keys, call log) in front of all but those, on one local port.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{middleware, Router};
use tokio::sync::oneshot;

use crate::handle::{Guard, SimHandle};
use crate::state::{Format, Shared, SharedState};
use crate::{admin, anthropic, elevenlabs, errors, gate, gemini, ideogram, ollama, openai};

/// Largest request body accepted (prompts are small; this only keeps a runaway client sane).
const MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;

/// Binds `bind` and serves the simulator there. `public_url` is the base URL clients use
/// when it is not `http://<bind>` (it goes into Ideogram's picture URLs). The server runs
/// while any clone of the returned handle exists (or for good after
/// [`SimHandle::keep_running`]).
pub async fn start(bind: SocketAddr, public_url: Option<String>) -> std::io::Result<SimHandle> {
    let listener = tokio::net::TcpListener::bind(bind).await?;
    let addr = listener.local_addr()?;
    let base_url = public_url
        .map(|url| url.trim_end_matches('/').to_owned())
        .unwrap_or_else(|| format!("http://{addr}"));
    let shared = Arc::new(Shared::new(base_url));
    let app = router(shared.clone());
    let (shutdown, stopped) = oneshot::channel::<()>();
    tokio::spawn(async move {
        let serve = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = stopped.await;
        });
        if let Err(e) = serve.await {
            tracing::error!(error = %e, "LLM simulator stopped");
        }
    });
    Ok(SimHandle::new(shared, addr, Guard::new(shutdown)))
}

/// A simulator on `127.0.0.1:0` for a test; panics if it cannot bind.
pub async fn spawn() -> SimHandle {
    start(SocketAddr::from(([127, 0, 0, 1], 0)), None)
        .await
        .expect("the LLM simulator binds a local port")
}

/// `GET /v1/models`, which OpenAI and Anthropic both serve: Anthropic's list when the
/// request carries Anthropic's headers.
async fn models(headers: HeaderMap) -> Response {
    match gate::format_of("/v1/models", &headers) {
        Format::Anthropic => anthropic::models().await.into_response(),
        _ => openai::models().await.into_response(),
    }
}

/// The whole simulator as one router.
pub fn router(shared: SharedState) -> Router {
    Router::new()
        .merge(openai::routes())
        .merge(anthropic::routes())
        .merge(gemini::routes())
        .merge(ideogram::routes())
        .merge(elevenlabs::routes())
        .merge(ollama::routes())
        .merge(admin::routes())
        .route("/v1/models", get(models))
        .fallback(|| async { errors::error(Format::OpenAi, StatusCode::NOT_FOUND, "Not Found") })
        .layer(middleware::from_fn_with_state(shared.clone(), gate::gate))
        .layer(DefaultBodyLimit::max(MAX_REQUEST_BYTES))
        .with_state(shared)
}
