//! Gemini's routes: `POST /v1beta/models/{model}:generateContent` (text, or a picture as
//! `inlineData` when `responseModalities` asks for `IMAGE` on an image model) and
//! `GET /v1beta/models`. The key (`x-goog-api-key` or `?key=`) is checked in front (`gate`).

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine as _;
use serde_json::{json, Value};

use crate::common::{bad_request, content_text, json_body, megapixel};
use crate::content;
use crate::errors::{self, Refusal};
use crate::gate::info;
use crate::state::{Format, SharedState, Usage};

const F: Format = Format::Gemini;
pub const MODELS: [&str; 3] = [
    "gemini-2.5-flash",
    "gemini-2.5-flash-lite",
    "gemini-2.5-flash-image",
];

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/v1beta/models", get(models))
        .route("/v1beta/models/{call}", post(generate))
}

async fn generate(
    State(shared): State<SharedState>,
    Path(call): Path<String>,
    body: Bytes,
) -> Result<Response, Refusal> {
    let Some((model, "generateContent")) = call.split_once(':') else {
        return Err(errors::error(F, StatusCode::NOT_FOUND, "Method not found.").into());
    };
    let model = model.to_owned();
    let body = json_body(F, &body)?;
    let contents = body
        .get("contents")
        .and_then(Value::as_array)
        .filter(|c| !c.is_empty())
        .ok_or_else(|| {
            bad_request(
                F,
                "* GenerateContentRequest.contents: contents is not specified",
            )
        })?;
    let prompt: String = contents
        .iter()
        .map(|c| content_text(c.get("parts").unwrap_or(&Value::Null)))
        .collect::<Vec<_>>()
        .join("\n");
    let system = content_text(
        body.pointer("/systemInstruction/parts")
            .unwrap_or(&Value::Null),
    );
    let config = body.get("generationConfig").cloned().unwrap_or(Value::Null);
    let wants_image = config
        .get("responseModalities")
        .and_then(Value::as_array)
        .is_some_and(|m| m.iter().any(|v| v == "IMAGE"));
    let input_tokens = content::tokens(&format!("{system}{prompt}"));
    let (parts, usage) = if wants_image {
        if !model.contains("image") {
            return Err(bad_request(
                F,
                "The requested combination of response modalities is not supported by the model.",
            ));
        }
        let ratio = config
            .pointer("/imageConfig/aspectRatio")
            .and_then(Value::as_str)
            .unwrap_or("1:1");
        let (a, b) = ratio
            .split_once(':')
            .and_then(|(a, b)| Some((a.parse::<f64>().ok()?, b.parse::<f64>().ok()?)))
            .ok_or_else(|| bad_request(F, "imageConfig.aspectRatio is not valid"))?;
        let (width, height) = megapixel(a, b);
        let png = content::png(width, height, content::seed(&prompt));
        let data = base64::engine::general_purpose::STANDARD.encode(&png);
        let usage = Usage {
            input_tokens,
            output_tokens: 1290,
            images: 1,
            ..Usage::default()
        };
        (
            json!([{"inlineData": {"mimeType": "image/png", "data": data}}]),
            usage,
        )
    } else {
        let json = config
            .get("responseMimeType")
            .is_some_and(|m| m == "application/json");
        let max = config.get("maxOutputTokens").and_then(Value::as_u64);
        let text = shared
            .take_reply(F)
            .unwrap_or_else(|| content::reply(&prompt, json, max));
        let usage = Usage {
            input_tokens,
            output_tokens: content::tokens(&text),
            ..Usage::default()
        };
        (json!([{"text": text}]), usage)
    };
    let answer = json!({
        "candidates": [{
            "content": {"role": "model", "parts": parts},
            "finishReason": "STOP",
            "index": 0,
        }],
        "usageMetadata": {
            "promptTokenCount": usage.input_tokens,
            "candidatesTokenCount": usage.output_tokens,
            "totalTokenCount": usage.input_tokens + usage.output_tokens,
        },
        "modelVersion": model,
    });
    Ok((info(model, usage), Json(answer)).into_response())
}

async fn models() -> Json<Value> {
    let models: Vec<Value> = MODELS
        .iter()
        .map(|id| {
            json!({
                "name": format!("models/{id}"),
                "displayName": id,
                "supportedGenerationMethods": ["generateContent", "countTokens"],
            })
        })
        .collect();
    Json(json!({"models": models}))
}
