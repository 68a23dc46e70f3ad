//! The HTTP formats of the providers, as thin clients over the workspace's one `reqwest`
//! (no SDK crates: each would bring a second HTTP/TLS stack to build).
//!
//! Everything here is stateless: an [`Endpoint`] says where and as whom to call, a function
//! makes one call (with bounded retries of 429 and 5xx) and answers what came back with its
//! [`Usage`], from which the caller computes the price. Which provider to call, budgets and
//! recording failures are the caller's business (`ai`), not this module's.

use std::time::Duration;

use url::Url;

use super::{Capability, ImageRequest, SpeechRequest, TextRequest};

mod anthropic;
mod elevenlabs;
mod gemini;
mod http;
mod ideogram;
mod ollama;
mod openai;
#[cfg(test)]
mod tests;
mod wav;

/// The wire formats we speak. `Offline` never reaches this module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// api.openai.com: chat, images, speech.
    OpenAi,
    /// Any server speaking OpenAI's routes under a base URL (LocalAI, vLLM, llama.cpp, …).
    OpenAiCompatible,
    /// Ollama's own routes (`/api/chat`, `/api/tags`), no key.
    Ollama,
    /// Anthropic messages.
    Anthropic,
    /// Google Gemini `generateContent`.
    Gemini,
    /// Ideogram image generation.
    Ideogram,
    /// ElevenLabs speech.
    ElevenLabs,
}

/// Where and as whom to call.
#[derive(Debug, Clone)]
pub struct Endpoint {
    pub kind: Kind,
    /// Scheme, host and optional path prefix; routes are appended to it.
    pub base_url: Url,
    pub api_key: Option<String>,
    pub model: String,
    /// Longest one attempt may take.
    pub timeout: Duration,
    /// The client to send with: a plain one for operator-configured URLs, an SSRF-pinned
    /// one (`cardsmith_upstream::guard`) for a base URL a user typed.
    pub client: reqwest::Client,
}

/// What a call consumed, as the provider reported it (or counted by us where it reports
/// nothing: characters of speech, images).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub images: u32,
    pub characters: u64,
}

#[derive(Debug, Clone)]
pub struct TextReply {
    pub text: String,
    pub usage: Usage,
}

#[derive(Debug, Clone)]
pub struct BinaryReply {
    pub bytes: Vec<u8>,
    /// The media type the provider declared (`image/png`, `audio/mpeg`, …).
    pub content_type: String,
    pub usage: Usage,
}

/// Why a call produced nothing. `retryable` ones (after our own bounded retries) make the
/// cascade move to the next provider; the others too, but they also say the provider is
/// misconfigured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("the provider refused the key")]
    Unauthorized,
    #[error("the provider is rate limiting")]
    RateLimited,
    #[error("the provider answered {0}")]
    Server(u16),
    #[error("the provider did not answer in time")]
    Timeout,
    #[error("the provider could not be reached")]
    Unreachable,
    #[error("the provider rejected the request: {0}")]
    Rejected(String),
    #[error("the provider's answer could not be read: {0}")]
    Malformed(String),
    #[error("this provider cannot do that")]
    Unsupported,
}

/// How long one attempt may take when the caller does not say.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

impl Kind {
    /// Every kind, in the order a settings page lists them.
    pub const ALL: [Kind; 7] = [
        Kind::OpenAi,
        Kind::OpenAiCompatible,
        Kind::Ollama,
        Kind::Anthropic,
        Kind::Gemini,
        Kind::Ideogram,
        Kind::ElevenLabs,
    ];

    /// The provider id as stored and shown on the wire (`openai`, `openai-compatible`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::OpenAi => "openai",
            Kind::OpenAiCompatible => "openai-compatible",
            Kind::Ollama => "ollama",
            Kind::Anthropic => "anthropic",
            Kind::Gemini => "gemini",
            Kind::Ideogram => "ideogram",
            Kind::ElevenLabs => "elevenlabs",
        }
    }

    /// The kind a provider id names; `None` for `offline` and anything unknown.
    pub fn parse(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == id)
    }

    /// Whether a call is pointless without a key. Local servers (Ollama, LocalAI and other
    /// OpenAI-compatible ones) usually run without one.
    pub fn needs_key(self) -> bool {
        !matches!(self, Kind::Ollama | Kind::OpenAiCompatible)
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Endpoint {
    /// An endpoint with [`DEFAULT_TIMEOUT`] and a plain client: right for operator-configured
    /// URLs. A base URL a user typed needs [`Endpoint::with_client`] with an SSRF-pinned one.
    pub fn new(
        kind: Kind,
        base_url: Url,
        api_key: Option<String>,
        model: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            base_url,
            api_key: api_key.filter(|key| !key.is_empty()),
            model: model.into(),
            timeout: DEFAULT_TIMEOUT,
            client: http::plain_client(),
        }
    }

    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    pub fn with_client(mut self, client: reqwest::Client) -> Self {
        self.client = client;
        self
    }
}

/// What each kind can do. The cascade offers a call only to kinds that list its capability.
pub fn capabilities(kind: Kind) -> &'static [Capability] {
    match kind {
        Kind::OpenAi | Kind::OpenAiCompatible => {
            &[Capability::Text, Capability::Image, Capability::Speech]
        }
        Kind::Gemini => &[Capability::Text, Capability::Image],
        Kind::Ollama | Kind::Anthropic => &[Capability::Text],
        Kind::Ideogram => &[Capability::Image],
        Kind::ElevenLabs => &[Capability::Speech],
    }
}

/// The provider's own public address, for the hosted kinds; `None` for the local ones
/// (Ollama, OpenAI-compatible), which only have a loopback default.
pub fn public_base_url(kind: Kind) -> Option<Url> {
    let hosted = !matches!(kind, Kind::OpenAiCompatible | Kind::Ollama);
    hosted.then(|| default_base_url(kind))
}

/// Where a kind's public service lives (local servers: their usual local port). Operators
/// override it per kind in config; tests point every kind at the simulator.
pub fn default_base_url(kind: Kind) -> Url {
    let url = match kind {
        Kind::OpenAi => "https://api.openai.com",
        Kind::OpenAiCompatible => "http://127.0.0.1:8080",
        Kind::Ollama => "http://127.0.0.1:11434",
        Kind::Anthropic => "https://api.anthropic.com",
        Kind::Gemini => "https://generativelanguage.googleapis.com",
        Kind::Ideogram => "https://api.ideogram.ai",
        Kind::ElevenLabs => "https://api.elevenlabs.io",
    };
    Url::parse(url).expect("default base URLs are valid")
}

/// The model a call of `capability` actually runs on for an endpoint configured with `model`
/// (one provider record has one model; OpenAI's chat model cannot draw or speak, so those
/// calls use the kind's default image or speech model unless the configured one is of that
/// sort). The price table prices what this answers.
pub fn model_for(kind: Kind, capability: Capability, model: &str) -> String {
    match (kind, capability) {
        (Kind::OpenAi | Kind::OpenAiCompatible, Capability::Image) => {
            openai::image_model(model).to_owned()
        }
        (Kind::OpenAi | Kind::OpenAiCompatible, Capability::Speech) => {
            openai::speech_model(model).to_owned()
        }
        (Kind::Gemini, Capability::Image) => gemini::image_model(model).to_owned(),
        _ => model.to_owned(),
    }
}

/// Text for `req`: one chat/messages/generateContent call.
pub async fn chat(ep: &Endpoint, req: &TextRequest) -> Result<TextReply, WireError> {
    let mut reply = match ep.kind {
        Kind::OpenAi | Kind::OpenAiCompatible => openai::chat(ep, req).await?,
        Kind::Anthropic => anthropic::chat(ep, req).await?,
        Kind::Gemini => gemini::chat(ep, req).await?,
        Kind::Ollama => ollama::chat(ep, req).await?,
        Kind::Ideogram | Kind::ElevenLabs => return Err(WireError::Unsupported),
    };
    if req.json {
        reply.text = strip_code_fence(&reply.text).to_owned();
    }
    Ok(reply)
}

/// One picture for `req`, as the provider encoded it (PNG, JPEG or WebP; `content_type`
/// says which). Its size follows the provider's nearest supported size or aspect ratio; the
/// caller crops and scales.
pub async fn image(ep: &Endpoint, req: &ImageRequest) -> Result<BinaryReply, WireError> {
    match ep.kind {
        Kind::OpenAi | Kind::OpenAiCompatible => openai::image(ep, req).await,
        Kind::Gemini => gemini::image(ep, req).await,
        Kind::Ideogram => ideogram::image(ep, req).await,
        Kind::Anthropic | Kind::Ollama | Kind::ElevenLabs => Err(WireError::Unsupported),
    }
}

/// Speech for `req` as WAV (`audio/wav`), which ffmpeg and our probe read.
pub async fn speech(ep: &Endpoint, req: &SpeechRequest) -> Result<BinaryReply, WireError> {
    if req.text.trim().is_empty() {
        return Err(WireError::Rejected("there is no text to speak".into()));
    }
    match ep.kind {
        Kind::OpenAi | Kind::OpenAiCompatible => openai::speech(ep, req).await,
        Kind::ElevenLabs => elevenlabs::speech(ep, req).await,
        _ => Err(WireError::Unsupported),
    }
}

/// One minimal real call that proves the URL and key work (a model or voice list; nothing
/// billed). `Ok` carries what happened in words, for the provider's "test" button.
pub async fn check(ep: &Endpoint) -> Result<String, WireError> {
    if ep.kind.needs_key() && ep.api_key.is_none() {
        return Err(WireError::Unauthorized);
    }
    let models = match ep.kind {
        Kind::OpenAi | Kind::OpenAiCompatible => openai::models(ep).await?,
        Kind::Anthropic => anthropic::models(ep).await?,
        Kind::Gemini => gemini::models(ep).await?,
        Kind::Ollama => ollama::models(ep).await?,
        Kind::Ideogram => return ideogram::check(ep).await,
        Kind::ElevenLabs => {
            let voices = elevenlabs::voices(ep).await?;
            return Ok(format!(
                "Connected to ElevenLabs: the key works and {} voices are available.",
                voices.len()
            ));
        }
    };
    Ok(describe_models(ep, &models))
}

/// The voices of a speech provider as `(voice, name, description)`: OpenAI's fixed list, or
/// ElevenLabs' `GET /v1/voices`. Empty for kinds that do not speak.
pub async fn voices(ep: &Endpoint) -> Result<Vec<(String, String, String)>, WireError> {
    match ep.kind {
        Kind::OpenAi | Kind::OpenAiCompatible => Ok(openai::voices()),
        Kind::ElevenLabs => elevenlabs::voices(ep).await,
        _ => Ok(Vec::new()),
    }
}

/// The success message of [`check`] for kinds that list models.
fn describe_models(ep: &Endpoint, models: &[String]) -> String {
    let name = provider_name(ep.kind);
    let count = models.len();
    let plural = if count == 1 { "model" } else { "models" };
    if ep.model.is_empty() {
        format!("Connected to {name}: {count} {plural} available.")
    } else if models
        .iter()
        .any(|m| m == &ep.model || m.strip_suffix(":latest") == Some(ep.model.as_str()))
    {
        format!(
            "Connected to {name}: {count} {plural} available, including {}.",
            ep.model
        )
    } else {
        format!(
            "Connected to {name}: {count} {plural} available, but {} is not among them.",
            ep.model
        )
    }
}

/// The provider's name for people.
fn provider_name(kind: Kind) -> &'static str {
    match kind {
        Kind::OpenAi => "OpenAI",
        Kind::OpenAiCompatible => "the OpenAI-compatible server",
        Kind::Ollama => "Ollama",
        Kind::Anthropic => "Anthropic",
        Kind::Gemini => "Google Gemini",
        Kind::Ideogram => "Ideogram",
        Kind::ElevenLabs => "ElevenLabs",
    }
}

/// Models asked for JSON still like to wrap it in a Markdown fence; the JSON inside is what
/// the caller parses.
fn strip_code_fence(text: &str) -> &str {
    let trimmed = text.trim();
    let Some(rest) = trimmed.strip_prefix("```") else {
        return trimmed;
    };
    let body = rest.split_once('\n').map_or("", |(_, body)| body);
    body.strip_suffix("```").unwrap_or(body).trim()
}
