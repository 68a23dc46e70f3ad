//! The HTTP formats of the providers, as thin clients over the workspace's one `reqwest`
//! (no SDK crates: each would bring a second HTTP/TLS stack to build).
//!
//! Everything here is stateless: an [`Endpoint`] says where and as whom to call, a function
//! makes one call (with bounded retries of 429 and 5xx) and answers what came back with its
//! [`Usage`], from which the caller computes the price. Which provider to call, budgets and
//! recording failures are the caller's business (`ai`), not this module's.

use std::time::Duration;

use url::Url;

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
