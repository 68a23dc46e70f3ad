//! The audit trail: who did what to whom, appended by services as they act.

use std::net::IpAddr;

use crate::db::DbPool;
use crate::{new_id, time, CoreResult};

/// One event to record. `user_id` is whom it concerns, `actor_id` who caused it.
pub struct AuditEvent<'a> {
    pub action: &'a str,
    pub user_id: &'a str,
    pub actor_id: &'a str,
    pub detail: String,
}

impl<'a> AuditEvent<'a> {
    /// An event the actor caused about their own account or content.
    pub fn own(actor: &'a crate::Actor, action: &'a str, detail: impl Into<String>) -> Self {
        Self {
            action,
            user_id: actor.id(),
            actor_id: actor.id(),
            detail: detail.into(),
        }
    }
}

/// Appends `event` with no client address (the caller has none at hand).
pub async fn record<'e, E>(executor: E, event: AuditEvent<'_>) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    record_from(executor, event, None).await
}

/// Appends `event` with the address of the client whose request caused it (`audit_log.ip`;
/// empty when unknown). Sign-in events always pass it: it is what tells an owner's failed
/// attempt from a stranger's.
pub async fn record_from<'e, E>(
    executor: E,
    event: AuditEvent<'_>,
    ip: Option<IpAddr>,
) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    sqlx::query(
        "INSERT INTO audit_log (id, user_id, actor_id, action, detail, ip, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new_id())
    .bind(event.user_id)
    .bind(event.actor_id)
    .bind(event.action)
    .bind(event.detail)
    .bind(ip.map(|ip| ip.to_string()).unwrap_or_default())
    .bind(time::now_str())
    .execute(executor)
    .await?;
    Ok(())
}

/// The actions recorded so far, newest first (used by tests and, later, the admin log).
pub async fn actions_for(pool: &DbPool, user_id: &str) -> CoreResult<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT action FROM audit_log WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}
