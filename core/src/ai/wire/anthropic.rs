//! Anthropic's messages API: `x-api-key` and `anthropic-version` headers, `max_tokens`
//! required, text in `content[]`, usage as input and output tokens.

use serde::Deserialize;
use serde_json::json;

use super::http::{self, TEXT_LIMIT};
use super::{Endpoint, TextReply, TextRequest, Usage, WireError};

/// The API version we speak (the one its docs still name as current).
const VERSION: &str = "2023-06-01";

fn headers(ep: &Endpoint, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    let request = request.header("anthropic-version", VERSION);
    match &ep.api_key {
        Some(key) => request.header("x-api-key", key),
        None => request,
    }
}

#[derive(Deserialize)]
struct Message {
    content: Vec<Block>,
    #[serde(default)]
    stop_reason: Option<String>,
    usage: MessageUsage,
}

#[derive(Deserialize)]
struct Block {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    text: Option<String>,
}

#[derive(Deserialize)]
struct MessageUsage {
    #[serde(default)]
    input_tokens: u64,
    #[serde(default)]
    output_tokens: u64,
}

pub(super) async fn chat(ep: &Endpoint, req: &TextRequest) -> Result<TextReply, WireError> {
    // No JSON mode on this wire: the instructions ask for it and `chat` strips any fence.
    let mut system = req.system.clone();
    if req.json {
        system.push_str("\nAnswer with one JSON object and nothing else.");
    }
    let body = json!({
        "model": ep.model,
        "max_tokens": req.max_tokens.max(1),
        "system": system,
        "messages": [{"role": "user", "content": req.prompt}],
    });
    let url = http::route(ep, "/v1/messages");
    let message: Message = http::call(ep, TEXT_LIMIT, |client| {
        headers(ep, client.post(url.clone())).json(&body)
    })
    .await?
    .json(ep)?;
    if message.stop_reason.as_deref() == Some("refusal") {
        return Err(WireError::Rejected("the model declined to answer".into()));
    }
    let text: String = message
        .content
        .iter()
        .filter(|block| block.kind == "text")
        .filter_map(|block| block.text.as_deref())
        .collect();
    if text.is_empty() {
        return Err(WireError::Malformed("the answer holds no text".into()));
    }
    Ok(TextReply {
        text,
        usage: Usage {
            input_tokens: message.usage.input_tokens,
            output_tokens: message.usage.output_tokens,
            ..Usage::default()
        },
    })
}

#[derive(Deserialize)]
struct ModelList {
    data: Vec<ModelEntry>,
}

#[derive(Deserialize)]
struct ModelEntry {
    id: String,
}

pub(super) async fn models(ep: &Endpoint) -> Result<Vec<String>, WireError> {
    let url = http::route(ep, "/v1/models");
    let list: ModelList = http::call(ep, TEXT_LIMIT, |client| {
        headers(ep, client.get(url.clone()))
    })
    .await?
    .json(ep)?;
    Ok(list.data.into_iter().map(|m| m.id).collect())
}
