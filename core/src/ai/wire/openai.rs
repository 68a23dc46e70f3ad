//! OpenAI's routes, also spoken by OpenAI-compatible servers (LocalAI, vLLM, llama.cpp, Ollama
//! under `/v1`): chat completions, image generations (`b64_json`), speech (`wav`), models.

use base64::Engine as _;
use serde::Deserialize;
use serde_json::{json, Value};

use super::http::{self, Answer, IMAGE_LIMIT, SPEECH_LIMIT, TEXT_LIMIT};
use super::{BinaryReply, Endpoint, ImageRequest, Kind, SpeechRequest, TextReply, TextRequest};
use super::{Usage, WireError};

/// OpenAI refuses longer speech input.
pub(super) const MAX_SPEECH_CHARS: usize = 4096;
const DEFAULT_IMAGE_MODEL: &str = "gpt-image-1";
const DEFAULT_SPEECH_MODEL: &str = "gpt-4o-mini-tts";

/// The voices of `/v1/audio/speech` as `(voice, name, description)`.
const VOICES: [(&str, &str); 13] = [
    ("alloy", "neutral and balanced"),
    ("ash", "clear and direct"),
    ("ballad", "soft and melodic"),
    ("coral", "warm and friendly"),
    ("echo", "calm and even"),
    ("fable", "expressive, storytelling"),
    ("onyx", "deep and steady"),
    ("nova", "bright and lively"),
    ("sage", "gentle and thoughtful"),
    ("shimmer", "light and cheerful"),
    ("verse", "versatile and animated"),
    ("marin", "natural and relaxed"),
    ("cedar", "natural and grounded"),
];

pub(super) fn voices() -> Vec<(String, String, String)> {
    VOICES
        .iter()
        .map(|(voice, description)| {
            let mut name = voice.to_string();
            name[..1].make_ascii_uppercase();
            (
                voice.to_string(),
                name,
                format!("OpenAI voice, {description}"),
            )
        })
        .collect()
}

/// The configured model when it draws, else the default image model.
pub(super) fn image_model(model: &str) -> &str {
    if model.starts_with("dall-e") || model.starts_with("gpt-image") {
        model
    } else {
        DEFAULT_IMAGE_MODEL
    }
}

/// The configured model when it speaks, else the default speech model.
pub(super) fn speech_model(model: &str) -> &str {
    if model.contains("tts") {
        model
    } else {
        DEFAULT_SPEECH_MODEL
    }
}

fn authorize(ep: &Endpoint, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    match &ep.api_key {
        Some(key) => request.bearer_auth(key),
        None => request,
    }
}

async fn post(ep: &Endpoint, path: &str, body: &Value, limit: usize) -> Result<Answer, WireError> {
    let url = http::route(ep, path);
    http::call(ep, limit, |client| {
        authorize(ep, client.post(url.clone())).json(body)
    })
    .await
}

#[derive(Deserialize)]
struct ChatCompletion {
    choices: Vec<Choice>,
    #[serde(default)]
    usage: Option<ChatUsage>,
}

#[derive(Deserialize)]
struct Choice {
    message: ChoiceMessage,
}

#[derive(Deserialize)]
struct ChoiceMessage {
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    refusal: Option<String>,
}

#[derive(Deserialize)]
struct ChatUsage {
    #[serde(default)]
    prompt_tokens: u64,
    #[serde(default)]
    completion_tokens: u64,
}

pub(super) async fn chat(ep: &Endpoint, req: &TextRequest) -> Result<TextReply, WireError> {
    // JSON mode refuses requests whose messages never say "JSON".
    let mut system = req.system.clone();
    if req.json
        && !format!("{}{}", req.system, req.prompt)
            .to_ascii_lowercase()
            .contains("json")
    {
        system.push_str("\nAnswer with one JSON object.");
    }
    let mut body = json!({
        "model": ep.model,
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": req.prompt},
        ],
    });
    // OpenAI's newer models take only `max_completion_tokens`; other servers know only
    // `max_tokens`.
    let limit_field = if ep.kind == Kind::OpenAi {
        "max_completion_tokens"
    } else {
        "max_tokens"
    };
    body[limit_field] = json!(req.max_tokens);
    if req.json {
        body["response_format"] = json!({"type": "json_object"});
    }
    let answer: ChatCompletion = post(ep, "/v1/chat/completions", &body, TEXT_LIMIT)
        .await?
        .json(ep)?;
    let message = answer
        .choices
        .into_iter()
        .next()
        .ok_or_else(|| WireError::Malformed("the answer holds no choice".into()))?
        .message;
    let text = match (message.content, message.refusal) {
        (Some(text), _) if !text.is_empty() => text,
        (_, Some(_)) => return Err(WireError::Rejected("the model declined to answer".into())),
        _ => return Err(WireError::Malformed("the answer holds no text".into())),
    };
    let usage = answer.usage.map_or_else(Usage::default, |u| Usage {
        input_tokens: u.prompt_tokens,
        output_tokens: u.completion_tokens,
        ..Usage::default()
    });
    Ok(TextReply { text, usage })
}

#[derive(Deserialize)]
struct ImagesResponse {
    data: Vec<ImageData>,
}

#[derive(Deserialize)]
struct ImageData {
    #[serde(default)]
    b64_json: Option<String>,
}

/// The size nearest in shape to what was asked that the image model supports.
fn image_size(model: &str, width: u32, height: u32) -> &'static str {
    let ratio = f64::from(width.max(1)) / f64::from(height.max(1));
    let dalle3 = model.starts_with("dall-e-3");
    if model.starts_with("dall-e-2") || (0.8..=1.25).contains(&ratio) {
        "1024x1024"
    } else if ratio < 1.0 {
        if dalle3 {
            "1024x1792"
        } else {
            "1024x1536"
        }
    } else if dalle3 {
        "1792x1024"
    } else {
        "1536x1024"
    }
}

pub(super) async fn image(ep: &Endpoint, req: &ImageRequest) -> Result<BinaryReply, WireError> {
    let model = image_model(&ep.model);
    let mut body = json!({
        "model": model,
        "prompt": req.prompt,
        "n": 1,
        "size": image_size(model, req.width, req.height),
    });
    // gpt-image models always answer base64 and refuse the parameter; the others need it.
    if !model.starts_with("gpt-image") {
        body["response_format"] = json!("b64_json");
    }
    let answer: ImagesResponse = post(ep, "/v1/images/generations", &body, IMAGE_LIMIT)
        .await?
        .json(ep)?;
    let encoded = answer
        .data
        .into_iter()
        .find_map(|d| d.b64_json)
        .ok_or_else(|| WireError::Malformed("the answer holds no image".into()))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|_| WireError::Malformed("the image is not valid base64".into()))?;
    let content_type = image_type(&bytes)
        .ok_or_else(|| WireError::Malformed("the image is not PNG, JPEG or WebP".into()))?;
    Ok(BinaryReply {
        bytes,
        content_type: content_type.into(),
        usage: Usage {
            images: 1,
            ..Usage::default()
        },
    })
}

/// The media type of image bytes by their signature.
pub(super) fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Speech for text of any length: OpenAI takes at most [`MAX_SPEECH_CHARS`] a request, so
/// longer text is spoken in pieces split between sentences and the WAVs joined.
pub(super) async fn speech(ep: &Endpoint, req: &SpeechRequest) -> Result<BinaryReply, WireError> {
    let mut parts = Vec::new();
    for piece in split_text(&req.text, MAX_SPEECH_CHARS) {
        parts.push(speak(ep, req, piece).await?);
    }
    let bytes = super::wav::join(&parts).ok_or_else(|| {
        tracing::warn!(provider = %ep.kind, "speech pieces are not PCM WAV of one format");
        WireError::Malformed("the speech is not WAV audio".into())
    })?;
    Ok(BinaryReply {
        bytes,
        content_type: "audio/wav".into(),
        usage: Usage {
            characters: req.text.chars().count() as u64,
            ..Usage::default()
        },
    })
}

/// One request of at most [`MAX_SPEECH_CHARS`]: its WAV bytes.
async fn speak(ep: &Endpoint, req: &SpeechRequest, text: &str) -> Result<Vec<u8>, WireError> {
    let model = speech_model(&ep.model);
    let mut body = json!({
        "model": model,
        "input": text,
        "voice": req.voice,
        "response_format": "wav",
    });
    // tts-1 and tts-1-hd do not take instructions.
    if let Some(instructions) = req.instructions.as_deref().filter(|i| !i.trim().is_empty()) {
        if !model.starts_with("tts-1") {
            body["instructions"] = json!(instructions);
        }
    }
    let answer = post(ep, "/v1/audio/speech", &body, SPEECH_LIMIT).await?;
    if !super::wav::is_wav(&answer.bytes) {
        tracing::warn!(provider = %ep.kind, content_type = ?answer.content_type, "speech answer is not WAV");
        return Err(WireError::Malformed("the speech is not WAV audio".into()));
    }
    Ok(answer.bytes)
}

/// `text` in pieces of at most `max` characters, cut after the last sentence end (or else
/// the last space) that fits; a piece with neither is cut at `max`.
fn split_text(text: &str, max: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text.trim();
    while rest.chars().count() > max {
        let limit = rest.char_indices().nth(max).map_or(rest.len(), |(i, _)| i);
        let head = &rest[..limit];
        let sentence = head
            .char_indices()
            .rev()
            .find(|&(i, c)| {
                matches!(c, '.' | '!' | '?' | '\n')
                    && rest[i + c.len_utf8()..].starts_with(char::is_whitespace)
            })
            .map(|(i, c)| i + c.len_utf8());
        let cut = sentence
            .or_else(|| head.rfind(char::is_whitespace))
            .filter(|&cut| cut > 0)
            .unwrap_or(limit);
        pieces.push(rest[..cut].trim());
        rest = rest[cut..].trim_start();
    }
    if !rest.is_empty() {
        pieces.push(rest);
    }
    pieces
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
        authorize(ep, client.get(url.clone()))
    })
    .await?
    .json(ep)?;
    Ok(list.data.into_iter().map(|m| m.id).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_sizes_follow_the_shape_asked_for() {
        assert_eq!(image_size("gpt-image-1", 638, 1011), "1024x1536");
        assert_eq!(image_size("gpt-image-1", 600, 600), "1024x1024");
        assert_eq!(image_size("dall-e-3", 1011, 638), "1792x1024");
        assert_eq!(image_size("dall-e-2", 638, 1011), "1024x1024");
    }

    #[test]
    fn long_text_is_split_between_sentences() {
        assert_eq!(split_text("Short.", 10), ["Short."]);
        assert_eq!(
            split_text("One two. Three four five. Six", 18),
            ["One two.", "Three four five.", "Six"]
        );
        assert_eq!(split_text("abcdefghij klm", 8), ["abcdefgh", "ij klm"]);
        let long = "Sentence number one is here. ".repeat(300);
        let pieces = split_text(&long, MAX_SPEECH_CHARS);
        assert!(pieces.len() == 3, "{}", pieces.len());
        assert!(pieces
            .iter()
            .all(|p| p.chars().count() <= MAX_SPEECH_CHARS && p.ends_with('.')));
    }

    #[test]
    fn chat_models_do_not_draw_or_speak() {
        assert_eq!(image_model("gpt-4o-mini"), "gpt-image-1");
        assert_eq!(image_model("dall-e-3"), "dall-e-3");
        assert_eq!(speech_model("gpt-4o-mini"), "gpt-4o-mini-tts");
        assert_eq!(speech_model("tts-1-hd"), "tts-1-hd");
    }
}
