//! Linking accounts on the player platform: start, callback, list, unlink.

use std::sync::Arc;

use cardsmith_model::player::{account_status, PlayerAccountOut};
use cardsmith_upstream::{AccountClient, RelinkReason, UpstreamError};
use chrono::Duration;

use super::store::{self, DbTokenStore};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::media::store::sha256_hex;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// How long a started link flow may take before its state expires.
pub const LINK_TTL_MINUTES: i64 = 15;

#[derive(sqlx::FromRow)]
struct AccountRow {
    id: String,
    label: String,
    platform_user_id: String,
    status: String,
    status_detail: Option<String>,
    created_at: String,
    updated_at: String,
}

impl AccountRow {
    fn into_out(self) -> PlayerAccountOut {
        PlayerAccountOut {
            id: self.id,
            label: self.label,
            platform_user_id: self.platform_user_id,
            status: self.status,
            status_detail: self.status_detail,
            linked_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

const COLUMNS: &str = "id, label, platform_user_id, status, status_detail, created_at, updated_at";

pub async fn list(core: &Core, actor: &Actor) -> CoreResult<Vec<PlayerAccountOut>> {
    let rows: Vec<AccountRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM player_accounts WHERE user_id = $1 ORDER BY created_at, id"
    ))
    .bind(actor.id())
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows.into_iter().map(AccountRow::into_out).collect())
}

/// One of the caller's accounts (another user's is a 404).
pub async fn get(core: &Core, actor: &Actor, id: &str) -> CoreResult<PlayerAccountOut> {
    let row: Option<AccountRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM player_accounts WHERE id = $1 AND user_id = $2"
    ))
    .bind(id)
    .bind(actor.id())
    .fetch_optional(core.db.pool())
    .await?;
    row.map(AccountRow::into_out)
        .ok_or_else(|| CoreError::not_found("no linked account with that id"))
}

/// Forgets the account and its tokens.
pub async fn unlink(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    let account = get(core, actor, id).await?;
    let mut tx = core.db.begin().await?;
    sqlx::query("DELETE FROM player_accounts WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(actor, "player_account.unlinked", account.label),
    )
    .await?;
    tx.commit().await?;
    // its players' connection goes with its tokens
    core.live.forget(id);
    Ok(())
}

/// Starts linking: remembers state and PKCE verifier for this session and returns the
/// platform's authorization URL to send the browser to.
pub async fn start_link(core: &Core, actor: &Actor) -> CoreResult<String> {
    let client = super::client(core)?;
    let request = client.link_request();
    let now = time::now_str();
    sqlx::query("DELETE FROM player_link_states WHERE expires_at < $1")
        .bind(&now)
        .execute(core.db.pool())
        .await?;
    let state_hash = sha256_hex(request.csrf_state.as_bytes());
    sqlx::query(
        "INSERT INTO player_link_states (state_hash, session_id, user_id, verifier, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&state_hash)
    .bind(&actor.session_id)
    .bind(actor.id())
    .bind(
        core.key
            .seal(request.pkce_verifier.as_bytes(), state_hash.as_bytes()),
    )
    .bind(time::from_now(Duration::minutes(LINK_TTL_MINUTES)))
    .bind(&now)
    .execute(core.db.pool())
    .await?;
    Ok(request.url.to_string())
}

/// What the platform sent back to the callback.
#[derive(Default, Clone)]
pub struct Callback {
    pub state: Option<String>,
    pub code: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

impl std::fmt::Debug for Callback {
    /// The code and state are credentials while the flow is open: never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let redacted = |v: &Option<String>| v.as_ref().map(|_| "<redacted>");
        f.debug_struct("Callback")
            .field("state", &redacted(&self.state))
            .field("code", &redacted(&self.code))
            .field("error", &self.error)
            .field("error_description", &self.error_description)
            .finish()
    }
}

/// How a callback ended.
#[derive(Debug)]
pub enum Finished {
    /// The session that started the link completed it.
    Linked(PlayerAccountOut),
    /// A handed-off link ([`super::handoff`]): the tokens wait for the person to type the
    /// code their client shows, on the page of this link id.
    Authorized { link_id: String },
}

/// Finishes linking. A state this session started (single use, unexpired): the code is
/// exchanged, the tokens sealed and stored, and the account labelled with the family's
/// primary email; linking the same platform account again refreshes its tokens. A state of
/// a handed-off link is finished by [`super::handoff::authorize`] in any browser.
pub async fn finish_link(
    core: &Core,
    actor: Option<&Actor>,
    callback: Callback,
) -> CoreResult<Finished> {
    let client = super::client(core)?;
    let state = callback
        .state
        .clone()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| CoreError::invalid("state", "is required"))?;
    let state_hash = sha256_hex(state.as_bytes());
    let claimed: Option<(String, String, String, String)> = sqlx::query_as(
        "DELETE FROM player_link_states WHERE state_hash = $1
         RETURNING session_id, user_id, verifier, expires_at",
    )
    .bind(&state_hash)
    .fetch_optional(core.db.pool())
    .await?;
    let Some((session_id, user_id, verifier, expires_at)) = claimed else {
        let link_id = super::handoff::authorize(core, &state_hash, callback).await?;
        return Ok(Finished::Authorized { link_id });
    };
    let Some(actor) = actor.filter(|a| a.session_id == session_id && a.id() == user_id) else {
        return Err(CoreError::Forbidden(
            "this link was started in another session; start linking again from this browser"
                .into(),
        ));
    };
    if expires_at < time::now_str() {
        return Err(CoreError::invalid(
            "state",
            "has expired; start linking again",
        ));
    }
    refused_by_platform(&callback)?;
    let code = callback
        .code
        .filter(|c| !c.is_empty())
        .ok_or_else(|| CoreError::invalid("code", "is required"))?;
    let verifier = String::from_utf8(core.key.open(&verifier, state_hash.as_bytes())?)
        .map_err(|_| CoreError::Internal("stored verifier is not text".into()))?;
    let tokens = client
        .exchange_code(&code, &verifier)
        .await
        .map_err(upstream_error)?;
    let id = save_account(core, actor.id(), tokens).await?;
    let linked = get(core, actor, &id).await?;
    audit::record(
        core.db.pool(),
        AuditEvent::own(actor, "player_account.linked", linked.label.clone()),
    )
    .await?;
    Ok(Finished::Linked(linked))
}

/// The 409 of a callback that carries the platform's `error` instead of a code.
pub(super) fn refused_by_platform(callback: &Callback) -> CoreResult<()> {
    match &callback.error {
        Some(error) => {
            let why = callback.error_description.as_deref().unwrap_or_default();
            Err(CoreError::Conflict(format!(
                "the player platform did not link the account ({error}) {why}"
            )))
        }
        None => Ok(()),
    }
}

/// Stores `tokens` as an account of `user_id` (a relink of the same platform account keeps
/// its row and refreshes its tokens), gives them to this process's client and labels the
/// account with the family's primary email. Returns the account's id.
pub(super) async fn save_account(
    core: &Core,
    user_id: &str,
    tokens: cardsmith_upstream::TokenSet,
) -> CoreResult<String> {
    let platform_user_id = tokens.subject().unwrap_or_else(|| "unknown".to_owned());
    let now = time::now_str();
    // The tokens are sealed to the row's id; a relink keeps the existing row (and its id), so
    // they are sealed again to that one, in the same transaction.
    let fresh_id = new_id();
    let mut tx = core.db.begin().await?;
    let id: String = sqlx::query_scalar(
        "INSERT INTO player_accounts (id, user_id, platform_user_id, label, tokens, status, created_at, updated_at)
         VALUES ($1, $2, $3, $3, $4, 'linked', $5, $5)
         ON CONFLICT (user_id, platform_user_id) DO UPDATE
             SET tokens = excluded.tokens, status = 'linked', status_detail = NULL, updated_at = excluded.updated_at
         RETURNING id",
    )
    .bind(&fresh_id)
    .bind(user_id)
    .bind(&platform_user_id)
    .bind(store::seal(&core.key, &tokens, &fresh_id))
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    if id != fresh_id {
        sqlx::query("UPDATE player_accounts SET tokens = $1 WHERE id = $2")
            .bind(store::seal(&core.key, &tokens, &id))
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    // This process may hold the account's old session, marked dead when the platform refused
    // it: the new tokens must replace it now, or the relink would only work after a restart.
    let account = account_client(core, &id)?;
    account.install(tokens).await.map_err(upstream_error)?;
    if let Ok(family) = account.family().await {
        if let Some(email) = family.primary_email() {
            sqlx::query("UPDATE player_accounts SET label = $1 WHERE id = $2")
                .bind(email)
                .bind(&id)
                .execute(core.db.pool())
                .await?;
        }
    }
    Ok(id)
}

/// A client for one stored account (tokens loaded and rotated through the database). Fails,
/// rather than panics, when this server has no platform configured: a job queued while it had
/// one may run after a restart without it.
pub fn account_client(core: &Core, account_id: &str) -> CoreResult<AccountClient> {
    let client = core.upstream.clone().ok_or_else(|| {
        CoreError::Conflict(format!(
            "this server is no longer connected to the player platform: {}",
            super::CLIENT_ID_HELP
        ))
    })?;
    let store = Arc::new(DbTokenStore {
        db: core.db.clone(),
        key: core.key.clone(),
    });
    Ok(client.account(account_id.to_owned(), store))
}

/// Marks an account as needing relinking with the reason (the UI says so).
pub async fn mark_needs_relink(core: &Core, account_id: &str, reason: &str) -> CoreResult<()> {
    sqlx::query(
        "UPDATE player_accounts SET status = $1, status_detail = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(account_status::NEEDS_RELINK)
    .bind(reason)
    .bind(time::now_str())
    .bind(account_id)
    .execute(core.db.pool())
    .await?;
    Ok(())
}

/// A failed platform call on an account: a lost link is recorded on the account (the UI says
/// so and the answer is a 409); other failures keep the platform's message.
pub async fn call_failed(core: &Core, account_id: &str, e: UpstreamError) -> CoreError {
    if let UpstreamError::NeedsRelink { reason } = &e {
        let why = format!(
            "the player platform no longer accepts this link: {}; link it again",
            relink_words(reason)
        );
        if let Err(db) = mark_needs_relink(core, account_id, &why).await {
            return db;
        }
        return CoreError::Conflict(why);
    }
    upstream_error(e)
}

/// Why a link was lost, in words a parent can act on.
fn relink_words(reason: &RelinkReason) -> String {
    match reason {
        RelinkReason::NotLinked => "Cardsmith holds no sign-in for it".to_owned(),
        RelinkReason::NoRefreshToken => {
            "the platform granted no lasting access (offline_access)".to_owned()
        }
        RelinkReason::RefreshRejected(m) => {
            format!("it refused the saved sign-in, which was revoked, expired or used elsewhere ({m})")
        }
        RelinkReason::SaveFailed(m) => format!(
            "its renewed sign-in could not be saved on this server ({m}), so neither the old nor the new one is used"
        ),
    }
}

/// The platform's failures in our terms: its message is kept, its status mapped; its own
/// outages (5xx, unreachable) stay retryable.
pub fn upstream_error(e: UpstreamError) -> CoreError {
    match e {
        UpstreamError::Api {
            status: 404,
            message,
            ..
        } => CoreError::NotFound(message),
        UpstreamError::Api {
            status: 429,
            message,
            ..
        } => CoreError::TooManyRequests {
            detail: format!("the player platform is busy: {message}"),
            retry_after_s: 30,
        },
        UpstreamError::Api { status, .. } if status >= 500 => {
            CoreError::Unavailable(format!("the player platform failed: {e}"))
        }
        UpstreamError::TooLarge { limit } => CoreError::TooLarge(format!(
            "a file on the player platform is larger than the {limit} bytes this server accepts"
        )),
        UpstreamError::Transport(_) | UpstreamError::TranscodeTimedOut { .. } => {
            CoreError::Unavailable(format!("the player platform is unavailable: {e}"))
        }
        other => CoreError::Conflict(format!("the player platform answered: {other}")),
    }
}
