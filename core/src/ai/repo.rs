//! The provider records as stored (`llm_providers`): the row, what it says of itself (key,
//! budgets, whether the cascade may use it, how it is shown) and the reads every part of
//! `ai` shares. Like `cards::repo` and `tracks::repo`: no rules about who may see what, which
//! are the callers' ([`super::providers`], [`super::cascade`]).

use cardsmith_model::llm::{self, LLMProviderOut};

use super::budget::MICROS_PER_CENT;
use super::prices;
use crate::{Core, CoreResult};

pub(crate) const OWNER_SYSTEM: &str = "system";
pub(crate) const OWNER_USER: &str = "user";

/// A provider row as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct ProviderRow {
    pub id: String,
    pub owner_type: String,
    pub provider: String,
    pub model: String,
    pub base_url: Option<String>,
    pub api_key_sealed: Option<String>,
    #[sqlx(try_from = "crate::db::Flag")]
    pub enabled: bool,
    pub priority: i64,
    pub budget_micros: i64,
    pub spent_micros: i64,
    pub monthly_budget_cents: Option<i64>,
    pub monthly_spent_micros: i64,
    pub monthly_spend_reset_at: String,
    pub last_error: Option<String>,
}

pub(crate) const COLUMNS: &str = "id, owner_type, provider, model, base_url, api_key_sealed, \
    enabled, priority, budget_micros, spent_micros, monthly_budget_cents, monthly_spent_micros, \
    monthly_spend_reset_at, last_error";

pub(crate) fn dollars(micros: i64) -> f64 {
    micros as f64 / 1_000_000.0
}

pub(crate) fn micros(dollars: f64) -> i64 {
    (dollars * 1_000_000.0).round() as i64
}

impl ProviderRow {
    pub fn has_key(&self) -> bool {
        self.api_key_sealed.is_some()
    }

    pub fn budget_left_micros(&self) -> i64 {
        (self.budget_micros - self.spent_micros).max(0)
    }

    /// Whether the monthly cap (if any) is used up.
    pub fn monthly_cap_reached(&self) -> bool {
        self.monthly_budget_cents
            .is_some_and(|cents| self.monthly_spent_micros >= cents * MICROS_PER_CENT)
    }

    /// Whether the cascade may try this record at all: enabled, keyed where the kind needs a
    /// key, and (unless its calls are free) money left in both budgets. Whether one call's
    /// estimate fits is decided when it is reserved.
    pub fn usable(&self) -> bool {
        let paid = !prices::is_free(&self.provider);
        self.enabled
            && (self.has_key() || llm::kind_is_keyless(&self.provider))
            && !(paid && (self.budget_left_micros() <= 0 || self.monthly_cap_reached()))
    }

    pub fn into_out(self) -> LLMProviderOut {
        LLMProviderOut {
            has_key: self.has_key(),
            budget_usd: dollars(self.budget_micros),
            budget_left: dollars(self.budget_left_micros()),
            spent_usd: dollars(self.spent_micros),
            monthly_spend_cents: self.monthly_spent_micros / MICROS_PER_CENT,
            id: self.id,
            provider: self.provider,
            model: self.model,
            owner_type: self.owner_type,
            monthly_spend_reset_at: self.monthly_spend_reset_at,
            enabled: self.enabled,
            priority: self.priority,
            monthly_budget_cents: self.monthly_budget_cents,
            base_url: self.base_url,
            last_error: self.last_error,
        }
    }
}

impl ProviderRow {
    /// What a user who is not an admin may know of an instance's record: that it is there,
    /// its kind, model and place in the cascade. Where it answers, how it last failed and
    /// what it spent are the admins' business: those fields are `null` and the money 0.
    pub(crate) fn into_choice(self) -> LLMProviderOut {
        LLMProviderOut {
            budget_usd: 0.0,
            budget_left: 0.0,
            spent_usd: 0.0,
            monthly_budget_cents: None,
            monthly_spend_cents: 0,
            base_url: None,
            last_error: None,
            ..self.into_out()
        }
    }
}

/// The condition on one owner's records, with the owner in `$1` and `$2` (`providers::owner_of`).
pub(crate) const OWNED: &str = "owner_type = $1 AND owner_user_id IS NOT DISTINCT FROM $2";

/// The records of `scope`, in cascade order (priority, then age).
pub(crate) async fn rows_of(
    core: &Core,
    owner_type: &str,
    user_id: Option<&str>,
) -> CoreResult<Vec<ProviderRow>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM llm_providers WHERE {OWNED} ORDER BY priority, id"
    ))
    .bind(owner_type)
    .bind(user_id)
    .fetch_all(core.db.pool())
    .await?)
}
