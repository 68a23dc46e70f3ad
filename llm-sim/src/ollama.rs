//! Ollama's own routes: `/api/chat` (streaming NDJSON unless `stream: false`, as the real
//! server does) and `/api/tags`. No key.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::common::{bad_request, json_body, last_user, messages, required_str};
use crate::content;
use crate::errors::Refusal;
use crate::gate::info;
use crate::state::{Format, SharedState, Usage};

const F: Format = Format::Ollama;
pub const MODELS: [&str; 2] = ["llama3.2:latest", "qwen2.5:0.5b"];

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/api/chat", post(chat))
        .route("/api/tags", get(tags))
}

async fn chat(State(shared): State<SharedState>, body: Bytes) -> Result<Response, Refusal> {
    let body = json_body(F, &body)?;
    let model = required_str(F, &body, "model")?.to_owned();
    let messages = messages(&body);
    if messages.is_empty() {
        return Err(bad_request(F, "messages are required"));
    }
    let json = body
        .get("format")
        .is_some_and(|f| f == "json" || f.is_object());
    let max = body.pointer("/options/num_predict").and_then(Value::as_u64);
    let text = shared
        .take_reply(F)
        .unwrap_or_else(|| content::reply(last_user(&messages), json, max));
    let input: String = messages.iter().map(|(_, t)| t.as_str()).collect();
    let usage = Usage {
        input_tokens: content::tokens(&input),
        output_tokens: content::tokens(&text),
        ..Usage::default()
    };
    let created_at = "2025-01-01T00:00:00Z";
    let done = json!({
        "model": model,
        "created_at": created_at,
        "message": {"role": "assistant", "content": if body.get("stream") == Some(&json!(false)) { text.as_str() } else { "" }},
        "done": true,
        "done_reason": "stop",
        "total_duration": 1_000_000,
        "prompt_eval_count": usage.input_tokens,
        "eval_count": usage.output_tokens,
    });
    if body.get("stream") == Some(&json!(false)) {
        return Ok((info(model, usage), Json(done)).into_response());
    }
    let first = json!({
        "model": model,
        "created_at": created_at,
        "message": {"role": "assistant", "content": text},
        "done": false,
    });
    let lines = format!("{first}\n{done}\n");
    Ok((
        info(model, usage),
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        lines,
    )
        .into_response())
}

async fn tags() -> Json<Value> {
    let models: Vec<Value> = MODELS
        .iter()
        .map(|name| {
            json!({
                "name": name,
                "model": name,
                "modified_at": "2025-01-01T00:00:00Z",
                "size": 1_000_000_000u64,
                "digest": format!("{:064x}", content::seed(name)),
            })
        })
        .collect();
    Json(json!({"models": models}))
}
