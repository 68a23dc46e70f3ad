//! Anthropic's routes: `/v1/messages` and `/v1/models` (`x-api-key` and `anthropic-version`
//! are checked in front, in `gate`).

use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::common::{bad_request, content_text, json_body, last_user, messages, required_str};
use crate::content;
use crate::errors::Refusal;
use crate::gate::info;
use crate::state::{Format, SharedState, Usage};

const F: Format = Format::Anthropic;
pub const MODELS: [&str; 3] = ["claude-haiku-4-5", "claude-sonnet-4-5", "claude-opus-4-1"];

pub fn routes() -> Router<SharedState> {
    Router::new().route("/v1/messages", post(create))
}

async fn create(State(shared): State<SharedState>, body: Bytes) -> Result<Response, Refusal> {
    let body = json_body(F, &body)?;
    let model = required_str(F, &body, "model")?.to_owned();
    let max = body
        .get("max_tokens")
        .and_then(Value::as_u64)
        .ok_or_else(|| bad_request(F, "max_tokens: Field required"))?;
    let messages = messages(&body);
    if messages.is_empty() {
        return Err(bad_request(F, "messages: Field required"));
    }
    let system = content_text(body.get("system").unwrap_or(&Value::Null));
    let json = system.to_ascii_lowercase().contains("json");
    let scripted = shared.take_reply(F);
    let full = scripted.unwrap_or_else(|| content::reply(last_user(&messages), json, None));
    // Like the real service, the answer stops at `max_tokens`.
    let limit = usize::try_from(max.saturating_mul(4)).unwrap_or(usize::MAX);
    let cut = full.chars().count() > limit;
    let text: String = full.chars().take(limit).collect();
    let input: String = std::iter::once(system.as_str())
        .chain(messages.iter().map(|(_, t)| t.as_str()))
        .collect();
    let usage = Usage {
        input_tokens: content::tokens(&input),
        output_tokens: content::tokens(&text),
        ..Usage::default()
    };
    let answer = json!({
        "id": format!("msg_sim_{}", content::seed(&text) % 1_000_000),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": if cut { "max_tokens" } else { "end_turn" },
        "stop_sequence": null,
        "usage": {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens},
    });
    Ok((info(model, usage), Json(answer)).into_response())
}

pub async fn models() -> Json<Value> {
    let data: Vec<Value> = MODELS
        .iter()
        .map(|id| {
            json!({"type": "model", "id": id, "display_name": id, "created_at": "2025-01-01T00:00:00Z"})
        })
        .collect();
    Json(json!({
        "data": data,
        "has_more": false,
        "first_id": MODELS.first(),
        "last_id": MODELS.last(),
    }))
}
