//! Google Gemini's `generateContent`: `x-goog-api-key`, the model in the path, text and
//! images (`inlineData`, base64) in `candidates[0].content.parts`, usage in `usageMetadata`.

use base64::Engine as _;
use serde::Deserialize;
use serde_json::{json, Value};

use super::http::{self, Answer, IMAGE_LIMIT, TEXT_LIMIT};
use super::{BinaryReply, Endpoint, ImageRequest, TextReply, TextRequest, Usage, WireError};

const DEFAULT_IMAGE_MODEL: &str = "gemini-2.5-flash-image";

/// Aspect ratios `imageConfig` accepts, as (name, width / height).
const ASPECT_RATIOS: [(&str, f64); 10] = [
    ("1:1", 1.0),
    ("2:3", 2.0 / 3.0),
    ("3:2", 1.5),
    ("3:4", 0.75),
    ("4:3", 4.0 / 3.0),
    ("4:5", 0.8),
    ("5:4", 1.25),
    ("9:16", 9.0 / 16.0),
    ("16:9", 16.0 / 9.0),
    ("21:9", 21.0 / 9.0),
];

/// The configured model when it draws, else the default image model.
pub(super) fn image_model(model: &str) -> &str {
    if model.contains("image") {
        model
    } else {
        DEFAULT_IMAGE_MODEL
    }
}

fn authorize(ep: &Endpoint, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    match &ep.api_key {
        Some(key) => request.header("x-goog-api-key", key),
        None => request,
    }
}

async fn generate(
    ep: &Endpoint,
    model: &str,
    body: &Value,
    limit: usize,
) -> Result<Answer, WireError> {
    let model = model.strip_prefix("models/").unwrap_or(model);
    http::check_path_name(model, "model")?;
    let url = http::route(ep, &format!("/v1beta/models/{model}:generateContent"));
    http::call(ep, limit, |client| {
        authorize(ep, client.post(url.clone())).json(body)
    })
    .await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GenerateResponse {
    #[serde(default)]
    candidates: Vec<Candidate>,
    #[serde(default)]
    usage_metadata: Option<UsageMetadata>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Candidate {
    #[serde(default)]
    content: Option<Content>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Content {
    #[serde(default)]
    parts: Vec<Part>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Part {
    #[serde(default)]
    text: Option<String>,
    #[serde(default, alias = "inline_data")]
    inline_data: Option<InlineData>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct InlineData {
    #[serde(alias = "mime_type")]
    mime_type: String,
    data: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UsageMetadata {
    #[serde(default)]
    prompt_token_count: u64,
    #[serde(default)]
    candidates_token_count: u64,
}

impl GenerateResponse {
    /// The first candidate's parts; a blocked or empty answer is an error in our words.
    fn parts(self) -> Result<(Vec<Part>, Usage), WireError> {
        let usage = self.usage_metadata.map_or_else(Usage::default, |u| Usage {
            input_tokens: u.prompt_token_count,
            output_tokens: u.candidates_token_count,
            ..Usage::default()
        });
        let candidate = self
            .candidates
            .into_iter()
            .next()
            .ok_or_else(|| WireError::Rejected("the model declined to answer".into()))?;
        if matches!(
            candidate.finish_reason.as_deref(),
            Some("SAFETY" | "PROHIBITED_CONTENT" | "BLOCKLIST" | "IMAGE_SAFETY" | "RECITATION")
        ) {
            return Err(WireError::Rejected("the model declined to answer".into()));
        }
        Ok((
            candidate.content.map(|c| c.parts).unwrap_or_default(),
            usage,
        ))
    }
}

pub(super) async fn chat(ep: &Endpoint, req: &TextRequest) -> Result<TextReply, WireError> {
    let mut config = json!({"maxOutputTokens": req.max_tokens});
    if req.json {
        config["responseMimeType"] = json!("application/json");
    }
    let body = json!({
        "systemInstruction": {"parts": [{"text": req.system}]},
        "contents": [{"role": "user", "parts": [{"text": req.prompt}]}],
        "generationConfig": config,
    });
    let answer: GenerateResponse = generate(ep, &ep.model, &body, TEXT_LIMIT).await?.json(ep)?;
    let (parts, usage) = answer.parts()?;
    let text: String = parts.iter().filter_map(|p| p.text.as_deref()).collect();
    if text.is_empty() {
        return Err(WireError::Malformed("the answer holds no text".into()));
    }
    Ok(TextReply { text, usage })
}

fn aspect_ratio(width: u32, height: u32) -> &'static str {
    let wanted = f64::from(width.max(1)) / f64::from(height.max(1));
    ASPECT_RATIOS
        .iter()
        .min_by(|a, b| {
            let da = (a.1 / wanted).ln().abs();
            let db = (b.1 / wanted).ln().abs();
            da.total_cmp(&db)
        })
        .map_or("1:1", |(name, _)| name)
}

pub(super) async fn image(ep: &Endpoint, req: &ImageRequest) -> Result<BinaryReply, WireError> {
    let body = json!({
        "contents": [{"role": "user", "parts": [{"text": req.prompt}]}],
        "generationConfig": {
            "responseModalities": ["IMAGE"],
            "imageConfig": {"aspectRatio": aspect_ratio(req.width, req.height)},
        },
    });
    let answer: GenerateResponse = generate(ep, image_model(&ep.model), &body, IMAGE_LIMIT)
        .await?
        .json(ep)?;
    let (parts, usage) = answer.parts()?;
    let inline = parts
        .into_iter()
        .find_map(|p| p.inline_data.filter(|d| d.mime_type.starts_with("image/")))
        .ok_or_else(|| WireError::Malformed("the answer holds no image".into()))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(inline.data.trim())
        .map_err(|_| WireError::Malformed("the image is not valid base64".into()))?;
    let content_type = super::openai::image_type(&bytes)
        .ok_or_else(|| WireError::Malformed("the image is not PNG, JPEG or WebP".into()))?;
    Ok(BinaryReply {
        bytes,
        content_type: content_type.into(),
        usage: Usage { images: 1, ..usage },
    })
}

#[derive(Deserialize)]
struct ModelList {
    #[serde(default)]
    models: Vec<ModelEntry>,
}

#[derive(Deserialize)]
struct ModelEntry {
    name: String,
}

pub(super) async fn models(ep: &Endpoint) -> Result<Vec<String>, WireError> {
    let url = http::route(ep, "/v1beta/models");
    let list: ModelList = http::call(ep, TEXT_LIMIT, |client| {
        authorize(ep, client.get(url.clone()))
    })
    .await?
    .json(ep)?;
    Ok(list
        .models
        .into_iter()
        .map(|m| {
            m.name
                .strip_prefix("models/")
                .map(str::to_owned)
                .unwrap_or(m.name)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aspect_ratios_are_the_nearest_supported() {
        assert_eq!(aspect_ratio(638, 1011), "2:3");
        assert_eq!(aspect_ratio(600, 600), "1:1");
        assert_eq!(aspect_ratio(520, 400), "4:3");
    }
}
