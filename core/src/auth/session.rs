//! Server-side sessions. The cookie holds a random token; the database holds its SHA-256, so
//! sessions can be listed and revoked per user, and a copy of the database opens no session.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Duration;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::auth::{session_cache, Actor};
use crate::db::DbPool;
use crate::users::repo;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// A freshly created session: the token goes into the cookie and nowhere else.
pub struct NewSession {
    pub token: String,
    pub max_age_s: i64,
}

pub(crate) fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    hex::encode(digest)
}

pub async fn create<'e, E>(core: &Core, executor: E, user_id: &str) -> CoreResult<NewSession>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $4, $5)",
    )
    .bind(new_id())
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(&now)
    .bind(time::from_now(first_span(core)))
    .execute(executor)
    .await?;
    Ok(NewSession {
        token,
        max_age_s: first_span(core).num_seconds(),
    })
}

/// How long a new session lasts unless used: the idle timeout, capped by the lifetime.
fn first_span(core: &Core) -> Duration {
    core.settings
        .session_idle
        .min(core.settings.session_lifetime)
}

/// The actor behind `token`, if the session is live and the account may still act.
///
/// A session ends after `session_idle` without use and, however active, `session_lifetime`
/// after sign-in (a stolen cookie does not work for ever). Each use slides the idle expiry
/// forward, at most once a minute to spare the writer. That write is bookkeeping: when it
/// fails (disk full, database busy) the request is still served and a warning logged.
pub async fn authenticate(core: &Core, token: Option<&str>) -> CoreResult<Actor> {
    let unauthenticated = || CoreError::Unauthenticated("sign in first".to_owned());
    let token = token.ok_or_else(unauthenticated)?;
    let hash = token_hash(token);
    if let Some(actor) = session_cache::recall(&hash) {
        return Ok(actor);
    }
    let pool = core.db.pool();
    let now = time::now();
    let born_after = time::format(now - core.settings.session_lifetime);
    let row: Option<(String, String, String, String, String)> = sqlx::query_as(
        "SELECT id, user_id, created_at, last_seen_at, expires_at FROM sessions
         WHERE token_hash = $1 AND expires_at > $2 AND created_at > $3",
    )
    .bind(&hash)
    .bind(time::format(now))
    .bind(&born_after)
    .fetch_optional(pool)
    .await?;
    let (session_id, user_id, created_at, last_seen, expires_at) =
        row.ok_or_else(unauthenticated)?;
    let user = repo::find_by_id(pool, &user_id)
        .await?
        .filter(|u| u.status != "deactivated")
        .ok_or_else(unauthenticated)?;
    let stale = time::parse(&last_seen).is_none_or(|t| now - t > Duration::minutes(1));
    let mut expires = time::parse(&expires_at).unwrap_or(now);
    if stale {
        let ends =
            time::parse(&created_at).map_or(now, |born| born + core.settings.session_lifetime);
        expires = (now + core.settings.session_idle).min(ends);
        let slid =
            sqlx::query("UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id = $3")
                .bind(time::format(now))
                .bind(time::format(expires))
                .bind(&session_id)
                .execute(pool)
                .await;
        if let Err(e) = slid {
            tracing::warn!(error = %e, %session_id, "could not record the session's last use; serving the request anyway");
        }
    }
    let actor = Actor {
        locale: super::chosen_locale(user.locale.as_deref()).unwrap_or_default(),
        user,
        session_id,
        ip: None,
    };
    let left = (expires - now).to_std().unwrap_or_default();
    session_cache::remember(&hash, &actor, left);
    Ok(actor)
}

/// Ends the session behind `token` (sign out) and says whose it was. Unknown tokens are
/// fine: the goal is reached.
pub async fn end(pool: &DbPool, token: &str) -> CoreResult<Option<String>> {
    let hash = token_hash(token);
    session_cache::forget_token(&hash);
    Ok(
        sqlx::query_scalar("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
            .bind(&hash)
            .fetch_optional(pool)
            .await?,
    )
}

/// Ends every session of `user_id`, except `keep` when given. Returns how many ended.
pub async fn end_all<'e, E>(executor: E, user_id: &str, keep: Option<&str>) -> CoreResult<u64>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    session_cache::forget_user(user_id);
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(executor)
        .await?;
    Ok(done.rows_affected())
}

/// Drops expired sessions; run periodically so the table does not grow without bound.
pub async fn purge_expired(pool: &DbPool) -> CoreResult<u64> {
    let done = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
        .bind(time::now_str())
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

/// The user a background job acts for, as an [`Actor`] with no session: the job checks
/// roles as the request that queued it did, and a user deactivated since then acts no more.
pub async fn background_actor(core: &Core, user_id: &str) -> CoreResult<Actor> {
    let user = repo::find_by_id(core.db.pool(), user_id)
        .await?
        .filter(|u| u.status != "deactivated")
        .ok_or_else(|| {
            CoreError::Forbidden("the account that queued this job is not active".into())
        })?;
    Ok(Actor {
        locale: super::chosen_locale(user.locale.as_deref()).unwrap_or_default(),
        user,
        session_id: String::new(),
        ip: None,
    })
}
