//! Ideogram v3: `POST /v1/ideogram-v3/generate` (a multipart form; `Api-Key` checked in
//! front) answers temporary URLs of pictures the simulator serves under
//! `/ideogram/ephemeral/`. A prompt containing `[unsafe]` comes back flagged
//! `is_image_safe: false` with no URL, as the real service answers pictures it withholds.

use axum::extract::{Multipart, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::common::{bad_request, megapixel, now_secs};
use crate::content;
use crate::errors::{self, Refusal};
use crate::gate::{info, EPHEMERAL_PREFIX};
use crate::state::{Format, SharedState, Usage};

const F: Format = Format::Ideogram;
const ASPECT_RATIOS: [&str; 15] = [
    "1x3", "3x1", "1x2", "2x1", "9x16", "16x9", "10x16", "16x10", "2x3", "3x2", "3x4", "4x3",
    "4x5", "5x4", "1x1",
];

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/v1/ideogram-v3/generate", post(generate))
        .route("/ideogram/ephemeral/{file}", get(ephemeral))
}

async fn generate(
    State(shared): State<SharedState>,
    mut form: Multipart,
) -> Result<Response, Refusal> {
    let mut prompt = None;
    let mut aspect = "1x1".to_owned();
    let mut speed = "DEFAULT".to_owned();
    let mut count = 1u64;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|_| bad_request(F, "The form could not be read."))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        let value = field
            .text()
            .await
            .map_err(|_| bad_request(F, "The form could not be read."))?;
        match name.as_str() {
            "prompt" => prompt = Some(value),
            "aspect_ratio" => aspect = value,
            "rendering_speed" => speed = value,
            "num_images" => count = value.parse().unwrap_or(0),
            _ => {}
        }
    }
    let prompt = prompt
        .filter(|p| !p.trim().is_empty())
        .ok_or_else(|| bad_request(F, "prompt is required"))?;
    if !ASPECT_RATIOS.contains(&aspect.as_str()) {
        return Err(bad_request(F, "aspect_ratio is not supported"));
    }
    if !(1..=8).contains(&count) {
        return Err(bad_request(F, "num_images must be between 1 and 8"));
    }
    let (a, b) = aspect.split_once('x').unwrap_or(("1", "1"));
    let (width, height) = megapixel(a.parse().unwrap_or(1.0), b.parse().unwrap_or(1.0));
    let safe = !prompt.contains("[unsafe]");
    let mut data = Vec::new();
    for i in 0..count {
        let seed = content::seed(&prompt).wrapping_add(i);
        let url = safe.then(|| {
            let path = shared.keep_image(content::png(width, height, seed));
            format!("{}{path}", shared.base_url)
        });
        data.push(json!({
            "prompt": prompt,
            "resolution": format!("{width}x{height}"),
            "is_image_safe": safe,
            "seed": seed % 2_147_483_648,
            "url": url,
            "style_type": "GENERAL",
        }));
    }
    let usage = Usage {
        images: if safe { count as u32 } else { 0 },
        ..Usage::default()
    };
    let answer = json!({"created": now_secs().to_string(), "data": data});
    Ok((
        info(format!("ideogram-v3-{}", speed.to_ascii_lowercase()), usage),
        Json(answer),
    )
        .into_response())
}

async fn ephemeral(State(shared): State<SharedState>, Path(file): Path<String>) -> Response {
    match shared.image(&format!("{EPHEMERAL_PREFIX}{file}")) {
        Some(png) => ([(header::CONTENT_TYPE, "image/png")], png).into_response(),
        None => errors::error(F, StatusCode::NOT_FOUND, "The image has expired."),
    }
}
