//! The private steering routes under `/_sim` (no key, no faults, not logged): what the
//! `llm-sim` binary offers a browser run, and what [`crate::SimHandle`] does in-process.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;

use crate::faults::Fault;
use crate::gate::ADMIN_PREFIX;
use crate::state::{Call, ScriptedReply, SharedState};

pub fn routes() -> Router<SharedState> {
    Router::new().nest(
        ADMIN_PREFIX,
        Router::new()
            .route("/faults", post(add_fault).delete(clear_faults))
            .route("/reply", post(queue_reply))
            .route("/calls", get(calls).delete(clear_calls))
            .route("/key", put(set_key))
            .route("/reset", post(reset)),
    )
}

async fn add_fault(State(shared): State<SharedState>, Json(fault): Json<Fault>) -> StatusCode {
    shared.faults.push(fault);
    StatusCode::NO_CONTENT
}

async fn clear_faults(State(shared): State<SharedState>) -> StatusCode {
    shared.faults.clear();
    StatusCode::NO_CONTENT
}

async fn queue_reply(
    State(shared): State<SharedState>,
    Json(reply): Json<ScriptedReply>,
) -> StatusCode {
    shared.queue_reply(reply);
    StatusCode::NO_CONTENT
}

async fn calls(State(shared): State<SharedState>) -> Json<Vec<Call>> {
    Json(shared.calls())
}

async fn clear_calls(State(shared): State<SharedState>) -> StatusCode {
    shared.clear_calls();
    StatusCode::NO_CONTENT
}

#[derive(Deserialize)]
struct KeyBody {
    key: String,
}

async fn set_key(State(shared): State<SharedState>, Json(body): Json<KeyBody>) -> StatusCode {
    shared.set_api_key(body.key);
    StatusCode::NO_CONTENT
}

async fn reset(State(shared): State<SharedState>) -> StatusCode {
    shared.reset();
    StatusCode::NO_CONTENT
}
