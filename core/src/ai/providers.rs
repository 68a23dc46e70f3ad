//! Provider records: a user's own (Settings → AI providers) and the instance's (admin), their
//! validation, sealed keys and audit. The row is in [`super::repo`], the test in
//! [`super::probe`].
//!
//! A user's records are theirs alone: another user's id answers 404 exactly like a missing
//! one, and nobody else's key ever leaves the server (responses only say `has_key`). Keys are
//! sealed with the row id as associated data, so `rotate-key` re-seals them with the rest.

use cardsmith_model::llm::{self, CreateProviderInput, LLMProviderOut, UpdateProviderInput};

use super::budget;
use super::repo::{micros, rows_of, ProviderRow, COLUMNS, OWNED, OWNER_SYSTEM, OWNER_USER};
use super::{endpoint, wire};
use crate::audit::{self, AuditEvent};
use crate::{new_id, time, Actor, Core, CoreError, CoreResult};

/// Records one owner may keep (a user, or the instance): a form's worth, not a store.
pub const MAX_PER_OWNER: i64 = 20;

/// Whose records an operation works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The instance's (`/admin/llm-providers`): admins only.
    System,
    /// The caller's own (`/settings/llm-providers`).
    Mine,
}

/// The entry that ends every cascade: the built-in offline provider (local speech engines,
/// procedural covers, curated icons). Free, keyless, always there.
pub fn offline_entry() -> LLMProviderOut {
    LLMProviderOut {
        id: llm::OFFLINE.into(),
        provider: llm::OFFLINE.into(),
        model: llm::OFFLINE.into(),
        owner_type: OWNER_SYSTEM.into(),
        monthly_spend_reset_at: budget::next_reset(time::now()),
        enabled: true,
        has_key: false,
        priority: llm::PRIORITY_MAX,
        budget_usd: 0.0,
        budget_left: 0.0,
        spent_usd: 0.0,
        monthly_budget_cents: None,
        monthly_spend_cents: 0,
        base_url: None,
        last_error: None,
    }
}

fn not_found() -> CoreError {
    CoreError::not_found("no provider has that id")
}

/// Whose records `scope` means, as `(owner_type, owner_user_id)`; queries select them with
/// [`OWNED`] (403 for a non-admin asking for the system's).
fn owner_of(scope: Scope, actor: &Actor) -> CoreResult<(&'static str, Option<String>)> {
    match scope {
        Scope::System => {
            actor.require_admin()?;
            Ok((OWNER_SYSTEM, None))
        }
        Scope::Mine => Ok((OWNER_USER, Some(actor.id().to_owned()))),
    }
}

pub(super) async fn find(
    core: &Core,
    actor: &Actor,
    scope: Scope,
    id: &str,
) -> CoreResult<ProviderRow> {
    let (owner_type, user) = owner_of(scope, actor)?;
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM llm_providers WHERE {OWNED} AND id = $3"
    ))
    .bind(owner_type)
    .bind(user)
    .bind(id)
    .fetch_optional(core.db.pool())
    .await?
    .ok_or_else(not_found)
}

/// The records of `scope` (the system's: admins only; 403 for others).
pub async fn list(core: &Core, actor: &Actor, scope: Scope) -> CoreResult<Vec<LLMProviderOut>> {
    let (owner_type, user) = owner_of(scope, actor)?;
    budget::reset_due(core).await?;
    let rows = rows_of(core, owner_type, user.as_deref()).await?;
    Ok(rows.into_iter().map(ProviderRow::into_out).collect())
}

/// The caller's cascade as it stands: their usable records by priority, then the instance's,
/// then the built-in `offline` entry. What is listed is what a call would try, in order
/// (each call also skips records that cannot do what it asks or whose estimate does not fit).
pub async fn cascade(core: &Core, actor: &Actor) -> CoreResult<Vec<LLMProviderOut>> {
    let admin = actor.require_admin().is_ok();
    let mut out: Vec<LLMProviderOut> = super::cascade::usable_rows(core, actor.id())
        .await?
        .into_iter()
        .map(|row| match row.owner_type == OWNER_SYSTEM && !admin {
            true => row.into_choice(),
            false => row.into_out(),
        })
        .collect();
    out.push(offline_entry());
    Ok(out)
}

/// A base URL as given, checked: http(s) and, for a user's record, reaching a public
/// address unless the operator allows private ones (an admin's is trusted). A user's record
/// of a local kind (Ollama, OpenAI-compatible) must name one, unless the operator set a
/// default for the kind: the built-in loopback defaults are for admins' records only (see
/// [`endpoint`]).
pub(super) async fn checked_base_url(
    core: &Core,
    scope: Scope,
    kind: &str,
    url: Option<&str>,
) -> CoreResult<Option<String>> {
    let field = "base_url";
    let Some(text) = url.map(str::trim).filter(|u| !u.is_empty()) else {
        let local = wire::Kind::parse(kind).is_some_and(|k| wire::public_base_url(k).is_none());
        if scope == Scope::Mine && local && !core.settings.ai_base_urls.contains_key(kind) {
            return Err(CoreError::invalid(
                field,
                format!("is required for a {kind} provider: the address of its server"),
            ));
        }
        return Ok(None);
    };
    let parsed = url::Url::parse(text)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
        .ok_or_else(|| CoreError::invalid(field, "is not an http(s) URL"))?;
    if scope == Scope::Mine {
        endpoint::guard(core, &parsed)
            .await
            .map_err(|why| CoreError::invalid(field, format!("cannot be used: {why}")))?;
    }
    Ok(Some(parsed.as_str().trim_end_matches('/').to_owned()))
}

fn seal_key(core: &Core, id: &str, key: &str) -> Option<String> {
    (!key.is_empty()).then(|| core.key.seal(key.as_bytes(), id.as_bytes()))
}

fn audit_detail(scope: Scope, kind: &str, model: &str, id: &str) -> String {
    let whose = match scope {
        Scope::System => "system",
        Scope::Mine => "own",
    };
    format!("{whose} {kind} {model} ({id})")
}

/// Adds a record (201). 409 when the owner already keeps [`MAX_PER_OWNER`].
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn create(
    core: &Core,
    actor: &Actor,
    scope: Scope,
    input: CreateProviderInput,
) -> CoreResult<LLMProviderOut> {
    let (owner_type, user) = owner_of(scope, actor)?;
    input.validate()?;
    let base_url =
        checked_base_url(core, scope, &input.provider, input.base_url.as_deref()).await?;
    let id = new_id();
    let now = time::now_str();
    let mut tx = core.db.begin().await?;
    let count: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM llm_providers WHERE {OWNED}"))
            .bind(owner_type)
            .bind(&user)
            .fetch_one(&mut *tx)
            .await?;
    if count >= MAX_PER_OWNER {
        return Err(CoreError::Conflict(format!(
            "at most {MAX_PER_OWNER} providers may be kept; delete one first"
        )));
    }
    sqlx::query(
        "INSERT INTO llm_providers (id, owner_type, owner_user_id, provider, model, base_url,
             api_key_sealed, enabled, priority, budget_micros, monthly_budget_cents,
             monthly_spend_reset_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
    )
    .bind(&id)
    .bind(owner_type)
    .bind(&user)
    .bind(&input.provider)
    .bind(input.model.trim())
    .bind(&base_url)
    .bind(seal_key(core, &id, &input.api_key))
    .bind(crate::db::Flag(input.enabled))
    .bind(input.priority)
    .bind(micros(input.budget_usd))
    .bind(input.monthly_budget_cents)
    .bind(budget::next_reset(time::now()))
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    let detail = audit_detail(scope, &input.provider, input.model.trim(), &id);
    audit::commit(tx, AuditEvent::own(actor, "llm_provider.created", detail)).await?;
    find(core, actor, scope, &id)
        .await
        .map(ProviderRow::into_out)
}

/// Replaces a record's settings (204). The key stays unless a new one is sent (`""`
/// removes it); what was spent stays.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), provider_id = %id))]
pub async fn update(
    core: &Core,
    actor: &Actor,
    scope: Scope,
    id: &str,
    input: UpdateProviderInput,
) -> CoreResult<()> {
    let row = find(core, actor, scope, id).await?;
    input.validate(row.has_key())?;
    let base_url =
        checked_base_url(core, scope, &input.provider, input.base_url.as_deref()).await?;
    let sealed = match input.api_key.as_deref() {
        None => row.api_key_sealed.clone(),
        Some(key) => seal_key(core, id, key),
    };
    let (owner_type, user) = owner_of(scope, actor)?;
    let mut tx = core.db.begin().await?;
    let done = sqlx::query(&format!(
        "UPDATE llm_providers SET provider = $4, model = $5, base_url = $6, api_key_sealed = $7,
             enabled = $8, priority = $9, budget_micros = $10, monthly_budget_cents = $11,
             updated_at = $12
         WHERE {OWNED} AND id = $3"
    ))
    .bind(owner_type)
    .bind(user)
    .bind(id)
    .bind(&input.provider)
    .bind(input.model.trim())
    .bind(&base_url)
    .bind(sealed)
    .bind(crate::db::Flag(input.enabled))
    .bind(input.priority)
    .bind(micros(input.budget_usd))
    .bind(input.monthly_budget_cents)
    .bind(time::now_str())
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Err(not_found()); // deleted meanwhile
    }
    let mut detail = audit_detail(scope, &input.provider, input.model.trim(), id);
    if input.api_key.is_some() {
        detail.push_str("; key replaced");
    }
    audit::commit(tx, AuditEvent::own(actor, "llm_provider.updated", detail)).await
}

/// Deletes a record (204); the record of its calls stays.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), provider_id = %id))]
pub async fn delete(core: &Core, actor: &Actor, scope: Scope, id: &str) -> CoreResult<()> {
    let row = find(core, actor, scope, id).await?;
    let (owner_type, user) = owner_of(scope, actor)?;
    let mut tx = core.db.begin().await?;
    let done = sqlx::query(&format!(
        "DELETE FROM llm_providers WHERE {OWNED} AND id = $3"
    ))
    .bind(owner_type)
    .bind(user)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Err(not_found());
    }
    let detail = audit_detail(scope, &row.provider, &row.model, id);
    audit::commit(tx, AuditEvent::own(actor, "llm_provider.deleted", detail)).await
}

/// Adds a system provider of `kind` (at the kind's configured base URL) unless the instance
/// has one already; answers whether it added one. Demo mode adds the built-in simulator this
/// way: the record keeps no URL of its own, so it follows the simulator's port from start to
/// start. It gets no budget: a local kind's calls cost nothing.
pub async fn ensure_system_provider(
    core: &Core,
    kind: &str,
    model: &str,
    api_key: &str,
) -> CoreResult<bool> {
    let mut tx = core.db.begin().await?;
    let existing: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM llm_providers WHERE owner_type = 'system'")
            .fetch_one(&mut *tx)
            .await?;
    if existing > 0 {
        return Ok(false);
    }
    let id = new_id();
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO llm_providers (id, owner_type, provider, model, api_key_sealed,
             enabled, priority, budget_micros, monthly_spend_reset_at, created_at, updated_at)
         VALUES ($1, 'system', $2, $3, $4, 1, 0, 0, $5, $6, $6)",
    )
    .bind(&id)
    .bind(kind)
    .bind(model)
    .bind(seal_key(core, &id, api_key))
    .bind(budget::next_reset(time::now()))
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    let detail = format!("system {kind} {model} ({id}), added at start");
    audit::commit(
        tx,
        AuditEvent::unattended("llm_provider.created", "", "", detail, None),
    )
    .await?;
    Ok(true)
}
