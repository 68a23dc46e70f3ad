//! AI providers: the records a user (Settings) or an admin (system-wide) keeps, with budgets,
//! and the bodies that create, change and test them.
//!
//! Money is dollars on the wire (`budget_usd`, `spent_usd`, `budget_left`) except the
//! monthly cap, which the spec names in cents. API keys are write-only: a response only says
//! `has_key`.

use serde::{Deserialize, Serialize};

/// A provider record (`LLMProviderOut`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LLMProviderOut {
    pub id: String,
    /// The provider kind (wire format and price list): `openai`, `openai-compatible`,
    /// `ollama`, `anthropic`, `gemini`, `ideogram`, `elevenlabs`, `offline`.
    pub provider: String,
    pub model: String,
    /// `user` (the caller's own) or `system` (the instance's, set by an admin).
    pub owner_type: String,
    /// When the monthly spend next returns to zero.
    pub monthly_spend_reset_at: String,
    pub enabled: bool,
    /// Whether a key is stored; the key itself is never returned.
    pub has_key: bool,
    /// Lower runs first in the cascade.
    pub priority: i64,
    pub budget_usd: f64,
    pub budget_left: f64,
    pub spent_usd: f64,
    /// Monthly cap in cents; `null`: none.
    pub monthly_budget_cents: Option<i64>,
    pub monthly_spend_cents: i64,
    /// Where an OpenAI-compatible or Ollama server answers; `null`: the configured default.
    #[serde(default)]
    pub base_url: Option<String>,
    /// The last failure of a call to this provider, in words; `null` after a success.
    #[serde(default)]
    pub last_error: Option<String>,
}

/// The body of `POST /settings/llm-providers` and `POST /admin/llm-providers`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreateProviderInput {
    pub provider: String,
    pub model: String,
    /// May be empty for kinds that need no key (`ollama`, `offline`, a local
    /// `openai-compatible` server).
    pub api_key: String,
    pub budget_usd: f64,
    pub enabled: bool,
    pub priority: i64,
    #[serde(default)]
    pub monthly_budget_cents: Option<i64>,
    #[serde(default)]
    pub base_url: Option<String>,
}

/// The body of `PUT …/llm-providers/{id}`: the create body with the key optional (absent:
/// keep the stored one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateProviderInput {
    pub provider: String,
    pub model: String,
    #[serde(default)]
    pub api_key: Option<String>,
    pub budget_usd: f64,
    pub enabled: bool,
    pub priority: i64,
    #[serde(default)]
    pub monthly_budget_cents: Option<i64>,
    #[serde(default)]
    pub base_url: Option<String>,
}

/// The body of `POST /admin/llm-providers/test`: a key tried before it is saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TestProviderInput {
    pub provider: String,
    pub api_key: String,
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub base_url: Option<String>,
}

/// The answer of a provider test: a failed test is still 200, with `ok: false` and the
/// reason in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TestProviderOutputBody {
    pub ok: bool,
    pub message: String,
}
