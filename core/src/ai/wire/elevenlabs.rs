//! ElevenLabs speech: `xi-api-key`, `POST /v1/text-to-speech/{voice_id}` asking for bare
//! 16-bit PCM at 22,050 Hz (every plan may ask for it), which we frame as WAV; voices from
//! `GET /v1/voices`.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use super::http::{self, SPEECH_LIMIT, TEXT_LIMIT};
use super::{BinaryReply, Endpoint, SpeechRequest, Usage, WireError};

const SAMPLE_RATE: u32 = 22_050;
const DEFAULT_MODEL: &str = "eleven_multilingual_v2";
/// The longest input the multilingual model takes in one request.
const MAX_CHARS: usize = 10_000;

fn authorize(ep: &Endpoint, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    match &ep.api_key {
        Some(key) => request.header("xi-api-key", key),
        None => request,
    }
}

pub(super) async fn speech(ep: &Endpoint, req: &SpeechRequest) -> Result<BinaryReply, WireError> {
    let characters = req.text.chars().count();
    if characters > MAX_CHARS {
        return Err(WireError::Rejected(format!(
            "the text is longer than {MAX_CHARS} characters"
        )));
    }
    http::check_path_name(&req.voice, "voice")?;
    let model = if ep.model.is_empty() {
        DEFAULT_MODEL
    } else {
        ep.model.as_str()
    };
    let mut url = http::route(ep, &format!("/v1/text-to-speech/{}", req.voice));
    url.query_pairs_mut()
        .append_pair("output_format", &format!("pcm_{SAMPLE_RATE}"));
    let body = json!({"text": req.text, "model_id": model});
    let answer = http::call(ep, SPEECH_LIMIT, |client| {
        authorize(ep, client.post(url.clone())).json(&body)
    })
    .await?;
    if answer.bytes.len() < 2 {
        return Err(WireError::Malformed("the speech is empty".into()));
    }
    Ok(BinaryReply {
        bytes: super::wav::wrap_pcm16_mono(&answer.bytes, SAMPLE_RATE),
        content_type: "audio/wav".into(),
        usage: Usage {
            characters: characters as u64,
            ..Usage::default()
        },
    })
}

#[derive(Deserialize)]
struct VoiceList {
    voices: Vec<Voice>,
}

#[derive(Deserialize)]
struct Voice {
    voice_id: String,
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    labels: BTreeMap<String, String>,
}

impl Voice {
    /// The voice's own description, else its labels (accent, gender, age, use) in words.
    fn describe(&self) -> String {
        if let Some(text) = self.description.as_deref().filter(|d| !d.trim().is_empty()) {
            return text.trim().to_owned();
        }
        let labels: Vec<&str> = ["accent", "gender", "age", "description", "use_case"]
            .iter()
            .filter_map(|key| self.labels.get(*key).map(String::as_str))
            .filter(|value| !value.is_empty())
            .collect();
        if labels.is_empty() {
            "ElevenLabs voice".to_owned()
        } else {
            format!("ElevenLabs voice, {}", labels.join(", ").replace('_', " "))
        }
    }
}

pub(super) async fn voices(ep: &Endpoint) -> Result<Vec<(String, String, String)>, WireError> {
    let url = http::route(ep, "/v1/voices");
    let list: VoiceList = http::call(ep, TEXT_LIMIT, |client| {
        authorize(ep, client.get(url.clone()))
    })
    .await?
    .json(ep)?;
    Ok(list
        .voices
        .into_iter()
        .filter(|voice| http::check_path_name(&voice.voice_id, "voice").is_ok())
        .map(|voice| {
            let description = voice.describe();
            (voice.voice_id, voice.name, description)
        })
        .collect())
}
