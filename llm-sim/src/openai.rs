//! OpenAI's routes: `/v1/chat/completions`, `/v1/images/generations`, `/v1/audio/speech`,
//! `/v1/models`. The key (`Authorization: Bearer`) is checked in front (`gate`).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::Engine as _;
use serde_json::{json, Value};

use crate::common::{
    bad_request, json_body, last_user, messages, now_secs, parse_size, required_str,
};
use crate::content;
use crate::errors::Refusal;
use crate::gate::info;
use crate::state::{Format, SharedState, Usage};

const F: Format = Format::OpenAi;
/// What `/v1/models` lists.
pub const MODELS: [&str; 6] = [
    "gpt-4o-mini",
    "gpt-4.1-mini",
    "gpt-image-1",
    "dall-e-3",
    "gpt-4o-mini-tts",
    "tts-1",
];
const VOICES: [&str; 13] = [
    "alloy", "ash", "ballad", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer", "verse",
    "marin", "cedar",
];
/// OpenAI's speech answers at 24 kHz.
const SPEECH_RATE: u32 = 24_000;

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/v1/chat/completions", post(chat))
        .route("/v1/images/generations", post(images))
        .route("/v1/audio/speech", post(speech))
}

async fn chat(State(shared): State<SharedState>, body: Bytes) -> Result<Response, Refusal> {
    let body = json_body(F, &body)?;
    let model = required_str(F, &body, "model")?.to_owned();
    let messages = messages(&body);
    if messages.is_empty() {
        return Err(bad_request(F, "messages: Field required"));
    }
    let kind = body
        .pointer("/response_format/type")
        .and_then(Value::as_str);
    let json = matches!(kind, Some("json_object" | "json_schema"));
    let said_json = messages
        .iter()
        .any(|(_, text)| text.to_ascii_lowercase().contains("json"));
    if kind == Some("json_object") && !said_json {
        return Err(bad_request(
            F,
            "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        ));
    }
    let max = body
        .get("max_completion_tokens")
        .or_else(|| body.get("max_tokens"))
        .and_then(Value::as_u64);
    let text = shared
        .take_reply(F)
        .unwrap_or_else(|| content::reply(last_user(&messages), json, max));
    let input: String = messages.iter().map(|(_, t)| t.as_str()).collect();
    let usage = Usage {
        input_tokens: content::tokens(&input),
        output_tokens: content::tokens(&text),
        ..Usage::default()
    };
    let answer = json!({
        "id": format!("chatcmpl-sim-{}", content::seed(&text) % 1_000_000),
        "object": "chat.completion",
        "created": now_secs(),
        "model": model,
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": text, "refusal": null},
            "finish_reason": "stop",
        }],
        "usage": {
            "prompt_tokens": usage.input_tokens,
            "completion_tokens": usage.output_tokens,
            "total_tokens": usage.input_tokens + usage.output_tokens,
        },
    });
    Ok((info(model, usage), Json(answer)).into_response())
}

async fn images(State(shared): State<SharedState>, body: Bytes) -> Result<Response, Refusal> {
    let body = json_body(F, &body)?;
    let prompt = required_str(F, &body, "prompt")?.to_owned();
    let model = body
        .get("model")
        .and_then(Value::as_str)
        .unwrap_or("dall-e-2")
        .to_owned();
    let format = body.get("response_format").and_then(Value::as_str);
    if model.starts_with("gpt-image") && format.is_some() {
        return Err(bad_request(F, "Unknown parameter: 'response_format'."));
    }
    let size = body
        .get("size")
        .and_then(Value::as_str)
        .unwrap_or("1024x1024");
    let (width, height) = if size == "auto" {
        (1024, 1024)
    } else {
        parse_size(size).ok_or_else(|| bad_request(F, "Invalid value for 'size'."))?
    };
    let count = body.get("n").and_then(Value::as_u64).unwrap_or(1);
    if !(1..=4).contains(&count) {
        return Err(bad_request(
            F,
            "Invalid value for 'n': it must be between 1 and 4.",
        ));
    }
    let base64 = model.starts_with("gpt-image") || format == Some("b64_json");
    let mut data = Vec::new();
    for i in 0..count {
        let png = content::png(width, height, content::seed(&prompt).wrapping_add(i));
        data.push(if base64 {
            json!({"b64_json": base64::engine::general_purpose::STANDARD.encode(&png)})
        } else {
            json!({"url": format!("{}{}", shared.base_url, shared.keep_image(png))})
        });
    }
    let usage = Usage {
        input_tokens: content::tokens(&prompt),
        images: count as u32,
        ..Usage::default()
    };
    let answer = json!({"created": now_secs(), "data": data});
    Ok((info(model, usage), Json(answer)).into_response())
}

async fn speech(body: Bytes) -> Result<Response, Refusal> {
    let body = json_body(F, &body)?;
    let model = required_str(F, &body, "model")?.to_owned();
    let input = required_str(F, &body, "input")?;
    let voice = required_str(F, &body, "voice")?;
    if input.chars().count() > 4096 {
        return Err(bad_request(
            F,
            "input: string too long; at most 4096 characters",
        ));
    }
    if !VOICES.contains(&voice) {
        return Err(bad_request(F, "voice: not one of the supported voices"));
    }
    let usage = Usage {
        characters: input.chars().count() as u64,
        ..Usage::default()
    };
    let (content_type, audio) = match body.get("response_format").and_then(Value::as_str) {
        Some("wav") => ("audio/wav", content::wav(input, SPEECH_RATE)),
        Some("pcm") => ("audio/pcm", content::pcm(input, SPEECH_RATE)),
        _ => {
            return Err(bad_request(
                F,
                "response_format: the simulator speaks only 'wav' and 'pcm'",
            ))
        }
    };
    Ok((
        info(model, usage),
        [(header::CONTENT_TYPE, content_type)],
        audio,
    )
        .into_response())
}

pub async fn models() -> Json<Value> {
    let data: Vec<Value> = MODELS
        .iter()
        .map(|id| json!({"id": id, "object": "model", "created": 1_700_000_000, "owned_by": "system"}))
        .collect();
    Json(json!({"object": "list", "data": data}))
}
