//! Ollama's own routes: `/api/chat` (no streaming, `format: json`) and `/api/tags`. No key;
//! one is sent as a bearer token when configured (an Ollama behind an authenticating proxy).

use serde::Deserialize;
use serde_json::json;

use super::http::{self, TEXT_LIMIT};
use super::{Endpoint, TextReply, TextRequest, Usage, WireError};

fn authorize(ep: &Endpoint, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    match &ep.api_key {
        Some(key) => request.bearer_auth(key),
        None => request,
    }
}

#[derive(Deserialize)]
struct ChatResponse {
    message: ChatMessage,
    #[serde(default)]
    prompt_eval_count: u64,
    #[serde(default)]
    eval_count: u64,
}

#[derive(Deserialize)]
struct ChatMessage {
    #[serde(default)]
    content: String,
}

pub(super) async fn chat(ep: &Endpoint, req: &TextRequest) -> Result<TextReply, WireError> {
    let mut body = json!({
        "model": ep.model,
        "messages": [
            {"role": "system", "content": req.system},
            {"role": "user", "content": req.prompt},
        ],
        "stream": false,
        "options": {"num_predict": req.max_tokens},
    });
    if req.json {
        body["format"] = json!("json");
    }
    let url = http::route(ep, "/api/chat");
    let answer: ChatResponse = http::call(ep, TEXT_LIMIT, |client| {
        authorize(ep, client.post(url.clone())).json(&body)
    })
    .await?
    .json(ep)?;
    if answer.message.content.is_empty() {
        return Err(WireError::Malformed("the answer holds no text".into()));
    }
    Ok(TextReply {
        text: answer.message.content,
        usage: Usage {
            input_tokens: answer.prompt_eval_count,
            output_tokens: answer.eval_count,
            ..Usage::default()
        },
    })
}

#[derive(Deserialize)]
struct Tags {
    models: Vec<Tag>,
}

#[derive(Deserialize)]
struct Tag {
    name: String,
}

pub(super) async fn models(ep: &Endpoint) -> Result<Vec<String>, WireError> {
    let url = http::route(ep, "/api/tags");
    let tags: Tags = http::call(ep, TEXT_LIMIT, |client| {
        authorize(ep, client.get(url.clone()))
    })
    .await?
    .json(ep)?;
    Ok(tags.models.into_iter().map(|m| m.name).collect())
}
