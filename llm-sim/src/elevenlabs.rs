//! ElevenLabs: `POST /v1/text-to-speech/{voice_id}?output_format=pcm_<rate>` (bare 16-bit
//! PCM; MP3 is the real default, which the simulator cannot encode, so it refuses it) and
//! `GET /v1/voices`. `xi-api-key` is checked in front (`gate`).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::common::{bad_request, json_body, required_str};
use crate::content;
use crate::errors::{self, Refusal};
use crate::gate::info;
use crate::state::{Format, SharedState, Usage};

const F: Format = Format::ElevenLabs;
/// `(voice_id, name, accent, gender, age, use)`.
pub const VOICES: [(&str, &str, &str, &str, &str, &str); 3] = [
    (
        "21m00Tcm4TlvDq8ikWAM",
        "Rachel",
        "american",
        "female",
        "young",
        "narration",
    ),
    (
        "pNInz6obpgDQGcFmaJgB",
        "Adam",
        "american",
        "male",
        "middle aged",
        "narration",
    ),
    (
        "XB0fDUnXU5powFXDhCwa",
        "Charlotte",
        "swedish",
        "female",
        "young",
        "characters",
    ),
];
const RATES: [u32; 4] = [16_000, 22_050, 24_000, 44_100];

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/v1/text-to-speech/{voice_id}", post(speak))
        .route("/v1/voices", get(voices))
}

async fn speak(
    Path(voice_id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    body: Bytes,
) -> Result<Response, Refusal> {
    if !VOICES.iter().any(|v| v.0 == voice_id) {
        return Err(errors::error(
            F,
            StatusCode::NOT_FOUND,
            "A voice with that voice_id was not found.",
        )
        .into());
    }
    let body = json_body(F, &body)?;
    let text = required_str(F, &body, "text")?;
    let model = body
        .get("model_id")
        .and_then(Value::as_str)
        .unwrap_or("eleven_multilingual_v2")
        .to_owned();
    let format = query
        .get("output_format")
        .map_or("mp3_44100_128", String::as_str);
    let rate = format
        .strip_prefix("pcm_")
        .and_then(|r| r.parse::<u32>().ok())
        .filter(|r| RATES.contains(r))
        .ok_or_else(|| bad_request(F, "output_format: the simulator speaks only pcm_16000, pcm_22050, pcm_24000 and pcm_44100"))?;
    let usage = Usage {
        characters: text.chars().count() as u64,
        ..Usage::default()
    };
    let pcm = content::pcm(text, rate);
    Ok((
        info(model, usage),
        [(header::CONTENT_TYPE, "audio/pcm")],
        [("character-cost", usage.characters.to_string())],
        pcm,
    )
        .into_response())
}

async fn voices() -> Json<Value> {
    let voices: Vec<Value> = VOICES
        .iter()
        .map(|(id, name, accent, gender, age, use_case)| {
            json!({
                "voice_id": id,
                "name": name,
                "category": "premade",
                "description": null,
                "labels": {"accent": accent, "gender": gender, "age": age, "use_case": use_case},
                "preview_url": null,
            })
        })
        .collect();
    Json(json!({"voices": voices}))
}
