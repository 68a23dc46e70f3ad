//! The audit trail: who did what to whom, appended by services as they act and read by
//! administrators a page at a time ([`list`]).

use std::net::IpAddr;

use cardsmith_model::audit::{AuditLogEntryOut, AuditLogFilter, PAGE_DEFAULT, PAGE_MAX};
use cardsmith_model::FieldError;

use crate::db::{DbPool, DbTx};
use crate::{new_id, time, Actor, Core, CoreError, CoreResult};

/// One event to record. `user_id` is whom it concerns, `actor_id` who caused it, and `ip` the
/// address of the client whose request caused it (`None` for the system or when unknown).
///
/// Build it with a constructor: [`AuditEvent::own`] and [`AuditEvent::about`] take the client
/// address from the [`Actor`], so a signed-in caller's events always carry it.
pub struct AuditEvent<'a> {
    pub action: &'a str,
    pub user_id: &'a str,
    pub actor_id: &'a str,
    pub detail: String,
    pub ip: Option<IpAddr>,
}

impl<'a> AuditEvent<'a> {
    /// An event the actor caused about their own account or content.
    pub fn own(actor: &'a Actor, action: &'a str, detail: impl Into<String>) -> Self {
        Self::about(actor, actor.id(), action, detail)
    }

    /// An event the actor caused about another user (an admin acting on an account).
    pub fn about(
        actor: &'a Actor,
        user_id: &'a str,
        action: &'a str,
        detail: impl Into<String>,
    ) -> Self {
        Self {
            action,
            user_id,
            actor_id: actor.id(),
            detail: detail.into(),
            ip: actor.ip,
        }
    }

    /// An event with no signed-in actor: a sign-in attempt, a link followed from a mail, a
    /// notification from an identity provider. `actor_id` is who it was done as ('' when
    /// nobody), `ip` the client's address when a request caused it.
    pub fn unattended(
        action: &'a str,
        user_id: &'a str,
        actor_id: &'a str,
        detail: impl Into<String>,
        ip: Option<IpAddr>,
    ) -> Self {
        Self {
            action,
            user_id,
            actor_id,
            detail: detail.into(),
            ip,
        }
    }
}

/// Appends `event` to the trail, in the caller's transaction when it passes one (so the row
/// exists exactly when the change does).
pub async fn record<'e, E>(executor: E, event: AuditEvent<'_>) -> CoreResult<()>
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
    .bind(event.ip.map(|ip| ip.to_string()).unwrap_or_default())
    .bind(time::now_str())
    .execute(executor)
    .await?;
    Ok(())
}

/// Ends a change: its audit row joins the change's transaction and both commit together,
/// so the trail holds a row exactly for every change that happened.
pub async fn commit(mut tx: DbTx<'static>, event: AuditEvent<'_>) -> CoreResult<()> {
    record(&mut *tx, event).await?;
    tx.commit().await?;
    Ok(())
}

/// The actions recorded about `user_id`, newest first (for tests; admins read [`list`]).
pub async fn actions_for(pool: &DbPool, user_id: &str) -> CoreResult<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT action FROM audit_log WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?)
}

#[derive(sqlx::FromRow)]
struct EntryRow {
    id: String,
    user_id: String,
    actor_id: String,
    action: String,
    detail: String,
    ip: String,
    created_at: String,
}

impl From<EntryRow> for AuditLogEntryOut {
    fn from(r: EntryRow) -> Self {
        Self {
            id: r.id,
            user_id: r.user_id,
            actor_id: r.actor_id,
            action: r.action,
            detail: r.detail,
            ip: r.ip,
            created_at: r.created_at,
        }
    }
}

/// One page of the log, newest first, for an administrator (403 for anybody else, before the
/// filters are looked at). `user_id` must be a user id (a UUID) so a typo is a 422 rather
/// than a silently empty page; `action` matches exactly. One query a page: the ids are the
/// answer, a client that wants names reads the user list once.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn list(
    core: &Core,
    actor: &Actor,
    filter: AuditLogFilter,
) -> CoreResult<Vec<AuditLogEntryOut>> {
    actor.require_admin()?;
    let user_id = filter.user_id.filter(|s| !s.is_empty());
    let action = filter.action.filter(|s| !s.is_empty());
    let limit = filter.limit.unwrap_or(PAGE_DEFAULT);
    let offset = filter.offset.unwrap_or(0);
    let mut errors = Vec::new();
    if let Some(id) = &user_id {
        // the hyphenated form only: the one ids are stored in
        if id.len() != 36 || uuid::Uuid::try_parse(id).is_err() {
            errors.push(FieldError::new(
                "user_id",
                "must be a user id (a hyphenated UUID)",
            ));
        }
    }
    crate::paging::check_page(limit, offset, PAGE_MAX, &mut errors);
    if !errors.is_empty() {
        return Err(CoreError::Invalid(errors));
    }
    let rows: Vec<EntryRow> = sqlx::query_as(
        "SELECT id, user_id, actor_id, action, detail, ip, created_at FROM audit_log
         WHERE ($1 IS NULL OR user_id = $1) AND ($2 IS NULL OR action = $2)
         ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(user_id)
    .bind(action)
    .bind(limit)
    .bind(offset)
    .fetch_all(core.db.pool())
    .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}
