//! AI providers: the records a user (Settings) or an admin (system-wide) keeps, with budgets,
//! and the bodies that create, change and test them.
//!
//! Money is dollars on the wire (`budget_usd`, `spent_usd`, `budget_left`) except the
//! monthly cap, which the spec names in cents. API keys are write-only: a response only says
//! `has_key`.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

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
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
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
    /// The provider kind; `offline` needs no record (it always ends the cascade).
    #[cfg_attr(
        feature = "openapi",
        schema(
            pattern = "^(openai|anthropic|gemini|ideogram|elevenlabs|openai-compatible|ollama)$"
        )
    )]
    pub provider: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::model_name))]
    pub model: String,
    /// May be empty for kinds that need no key (`ollama`, a local `openai-compatible`
    /// server); required for the others.
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub api_key: String,
    /// Lifetime budget in dollars; a call that would exceed what is left is not made.
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 100000))]
    pub budget_usd: f64,
    pub enabled: bool,
    /// Lower runs first in the cascade.
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 1000))]
    pub priority: i64,
    /// Monthly cap in cents; absent or `null`: none.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 10000000))]
    pub monthly_budget_cents: Option<i64>,
    /// `http(s)://host[:port][/prefix]` of the server; absent: the operator's configured
    /// default for the kind. A user's URL must reach a public address unless the operator
    /// allows private ones.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 500, pattern = "^\\s*(https?://[^/\\s]\\S*)?\\s*$")
    )]
    pub base_url: Option<String>,
}

/// The body of `PUT …/llm-providers/{id}`: the create body with the key optional (absent:
/// keep the stored one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateProviderInput {
    #[cfg_attr(
        feature = "openapi",
        schema(
            pattern = "^(openai|anthropic|gemini|ideogram|elevenlabs|openai-compatible|ollama)$"
        )
    )]
    pub provider: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::model_name))]
    pub model: String,
    /// Absent or `null`: keep the stored key; `""`: remove it.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub api_key: Option<String>,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 100000))]
    pub budget_usd: f64,
    pub enabled: bool,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 1000))]
    pub priority: i64,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 10000000))]
    pub monthly_budget_cents: Option<i64>,
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 500, pattern = "^\\s*(https?://[^/\\s]\\S*)?\\s*$")
    )]
    pub base_url: Option<String>,
}

/// The body of `POST /admin/llm-providers/test`: a key tried before it is saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TestProviderInput {
    #[cfg_attr(
        feature = "openapi",
        schema(
            pattern = "^(openai|anthropic|gemini|ideogram|elevenlabs|openai-compatible|ollama)$"
        )
    )]
    pub provider: String,
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub api_key: String,
    /// The model to try; absent: the kind's usual one.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub model: Option<String>,
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 500, pattern = "^\\s*(https?://[^/\\s]\\S*)?\\s*$")
    )]
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

/// The kinds a provider record may have, in the order a form offers them. `offline` is not
/// among them: it needs no record and always ends the cascade.
pub const PROVIDER_KINDS: [&str; 7] = [
    "openai",
    "anthropic",
    "gemini",
    "ideogram",
    "elevenlabs",
    "openai-compatible",
    "ollama",
];

/// The kind of the built-in provider that ends every cascade (local speech, procedural
/// covers, curated icons); also its id and `owner_type` `system` in the cascade listing.
pub const OFFLINE: &str = "offline";

/// Longest model name.
pub const MODEL_MAX_CHARS: usize = 100;
/// Longest API key.
pub const API_KEY_MAX_CHARS: usize = 500;
/// Longest base URL.
pub const BASE_URL_MAX_CHARS: usize = 500;
/// Largest lifetime budget, in dollars.
pub const BUDGET_USD_MAX: f64 = 100_000.0;
/// Largest monthly cap, in cents (the same 100,000 dollars).
pub const MONTHLY_BUDGET_CENTS_MAX: i64 = 10_000_000;
/// Largest priority.
pub const PRIORITY_MAX: i64 = 1000;

/// Whether `kind` works without an API key (a local server).
pub fn kind_is_keyless(kind: &str) -> bool {
    matches!(kind, "ollama" | "openai-compatible" | OFFLINE)
}

fn kind_problem(kind: &str) -> Option<String> {
    if kind == OFFLINE {
        Some("offline is built in and always last in the cascade; it needs no record".into())
    } else if PROVIDER_KINDS.contains(&kind) {
        None
    } else {
        Some(format!("must be one of {}", PROVIDER_KINDS.join(", ")))
    }
}

fn model_problem(model: &str) -> Option<String> {
    let model = model.trim();
    if model.is_empty() {
        Some("is required".into())
    } else if model.chars().count() > MODEL_MAX_CHARS {
        Some(format!("must be at most {MODEL_MAX_CHARS} characters"))
    } else if model.chars().any(char::is_control) {
        Some("must not contain control characters".into())
    } else {
        None
    }
}

fn api_key_problem(kind: &str, key: Option<&str>, stored: bool) -> Option<String> {
    match key {
        Some(k) if k.chars().count() > API_KEY_MAX_CHARS => {
            Some(format!("must be at most {API_KEY_MAX_CHARS} characters"))
        }
        Some(k) if k.chars().any(|c| c.is_control() || c.is_whitespace()) => {
            Some("must not contain spaces or control characters".into())
        }
        Some("") if !kind_is_keyless(kind) => Some(format!("is required for {kind}")),
        None if !stored && !kind_is_keyless(kind) => Some(format!("is required for {kind}")),
        _ => None,
    }
}

fn budget_problem(usd: f64) -> Option<String> {
    if !usd.is_finite() || !(0.0..=BUDGET_USD_MAX).contains(&usd) {
        Some(format!("must be between 0 and {BUDGET_USD_MAX}"))
    } else {
        None
    }
}

fn priority_problem(priority: i64) -> Option<String> {
    (!(0..=PRIORITY_MAX).contains(&priority))
        .then(|| format!("must be between 0 and {PRIORITY_MAX}"))
}

fn monthly_problem(cents: Option<i64>) -> Option<String> {
    cents
        .filter(|c| !(0..=MONTHLY_BUDGET_CENTS_MAX).contains(c))
        .map(|_| format!("must be between 0 and {MONTHLY_BUDGET_CENTS_MAX}"))
}

/// Why a base URL is not acceptable on its face (the server also resolves it).
pub fn base_url_problem(url: Option<&str>) -> Option<String> {
    let url = url?;
    if url.is_empty() {
        return None;
    }
    if url.chars().count() > BASE_URL_MAX_CHARS {
        return Some(format!("must be at most {BASE_URL_MAX_CHARS} characters"));
    }
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    match rest {
        None => Some("must start with http:// or https://".into()),
        Some(rest) if rest.is_empty() || rest.starts_with('/') => Some("names no host".into()),
        Some(_) if url.chars().any(|c| c.is_whitespace() || c.is_control()) => {
            Some("must not contain spaces".into())
        }
        Some(_) if url.contains('@') || url.contains('?') || url.contains('#') => {
            Some("must be scheme, host, port and path only".into())
        }
        _ => None,
    }
}

impl CreateProviderInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("provider", kind_problem(&self.provider))
            .check("model", model_problem(&self.model))
            .check(
                "api_key",
                api_key_problem(&self.provider, Some(&self.api_key), false),
            )
            .check("budget_usd", budget_problem(self.budget_usd))
            .check("priority", priority_problem(self.priority))
            .check(
                "monthly_budget_cents",
                monthly_problem(self.monthly_budget_cents),
            )
            .check("base_url", base_url_problem(self.base_url.as_deref()))
            .finish()
    }
}

impl UpdateProviderInput {
    /// `key_stored`: whether the record holds a key now (an absent key keeps it).
    pub fn validate(&self, key_stored: bool) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("provider", kind_problem(&self.provider))
            .check("model", model_problem(&self.model))
            .check(
                "api_key",
                api_key_problem(&self.provider, self.api_key.as_deref(), key_stored),
            )
            .check("budget_usd", budget_problem(self.budget_usd))
            .check("priority", priority_problem(self.priority))
            .check(
                "monthly_budget_cents",
                monthly_problem(self.monthly_budget_cents),
            )
            .check("base_url", base_url_problem(self.base_url.as_deref()))
            .finish()
    }
}

impl TestProviderInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check("provider", kind_problem(&self.provider))
            .check(
                "api_key",
                api_key_problem(&self.provider, Some(&self.api_key), false),
            )
            .check("base_url", base_url_problem(self.base_url.as_deref()));
        if let Some(model) = &self.model {
            c.check("model", model_problem(model));
        }
        c.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn create(provider: &str, key: &str) -> CreateProviderInput {
        CreateProviderInput {
            provider: provider.into(),
            model: "gpt-4o-mini".into(),
            api_key: key.into(),
            budget_usd: 5.0,
            enabled: true,
            priority: 0,
            monthly_budget_cents: None,
            base_url: None,
        }
    }

    fn fields(r: Result<(), Vec<FieldError>>) -> Vec<String> {
        r.err()
            .unwrap_or_default()
            .into_iter()
            .map(|e| e.pointer)
            .collect()
    }

    #[test]
    fn keys_are_required_where_the_kind_needs_one() {
        assert!(create("openai", "sk-1").validate().is_ok());
        assert_eq!(fields(create("openai", "").validate()), ["/api_key"]);
        assert!(create("ollama", "").validate().is_ok());
        assert_eq!(fields(create("offline", "").validate()), ["/provider"]);
        assert_eq!(fields(create("openai ", "k").validate()), ["/provider"]);
    }

    #[test]
    fn numbers_and_urls_are_bounded() {
        let mut input = create("openai", "k");
        input.budget_usd = f64::NAN;
        input.priority = 1001;
        input.monthly_budget_cents = Some(-1);
        input.base_url = Some("ftp://x".into());
        input.model = "m".repeat(101);
        assert_eq!(
            fields(input.validate()),
            [
                "/model",
                "/budget_usd",
                "/priority",
                "/monthly_budget_cents",
                "/base_url"
            ]
        );
        assert_eq!(base_url_problem(Some("http://127.0.0.1:8080/v1")), None);
        assert!(base_url_problem(Some("http://user@host")).is_some());
    }

    #[test]
    fn an_update_may_keep_the_stored_key() {
        let update = UpdateProviderInput {
            provider: "anthropic".into(),
            model: "claude-haiku-4-5".into(),
            api_key: None,
            budget_usd: 1.0,
            enabled: true,
            priority: 3,
            monthly_budget_cents: Some(500),
            base_url: None,
        };
        assert!(update.validate(true).is_ok());
        assert_eq!(fields(update.validate(false)), ["/api_key"]);
    }
}
