//! Users ask for their account to be deleted; an admin approves (running the deletion of
//! [`super::deletion`], with reassignments) or rejects.
//!
//! A user has at most one pending request (a second is a 409, enforced by a partial unique
//! index). A request nobody decides becomes `expired` when `deletion_request_ttl` (30 days by
//! default, `--deletion-request-days`) has passed since it was made. Expiry is applied lazily
//! and completely: every read or write of requests first marks every overdue pending request
//! `expired` (audited as `deletion_request.expired`) in the same transaction, so no answer
//! ever shows a pending request past its `expires_at`, and no timer is needed. The user may
//! then ask again.
//!
//! Asking is rate limited per client address and per (address, user) with the sign-in
//! limiter of [`crate::throttle`].

use cardsmith_i18n::t;
use cardsmith_model::deletion::{
    DeleteRequestInput, DeletionRequestItem, ReassignmentsInput, STATUS_APPROVED, STATUS_EXPIRED,
    STATUS_PENDING, STATUS_REJECTED,
};
use cardsmith_model::system::MessageOutputBody;

use super::deletion;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::db::DbTx;
use crate::error::OnUnique;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// Deletion requests a minute from one client address.
pub const REQUESTS_PER_ADDRESS: u32 = 10;
/// Deletion requests a minute from one user (at one address).
pub const REQUESTS_PER_USER: u32 = 3;

#[derive(sqlx::FromRow)]
struct RequestRow {
    id: String,
    user_id: String,
    reason: String,
    status: String,
    created_at: String,
    expires_at: String,
}

const COLUMNS: &str = "id, user_id, reason, status, created_at, expires_at";

impl RequestRow {
    fn into_item(
        self,
        owned: Option<Vec<cardsmith_model::deletion::OwnedCollection>>,
    ) -> DeletionRequestItem {
        DeletionRequestItem {
            id: self.id,
            user_id: self.user_id,
            reason: self.reason,
            status: self.status,
            created_at: self.created_at,
            expires_at: self.expires_at,
            owned_collections: owned,
        }
    }
}

/// The caller asks for their account to be deleted (201 with a message). 409 while they
/// have a pending request; 429 past the rate limit.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn request(
    core: &Core,
    actor: &Actor,
    input: DeleteRequestInput,
) -> CoreResult<MessageOutputBody> {
    core.throttles.deletion_requests.admit_actor(actor)?;
    input.validate()?;
    let reason = input
        .reason
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_owned();
    let mut tx = core.db.begin().await?;
    expire_due(&mut tx).await?;
    let id = new_id();
    // one clock reading for both, so a request lasts exactly its time to live
    let now = time::now();
    let expires_at = time::format(now + core.settings.deletion_request_ttl);
    sqlx::query(
        "INSERT INTO deletion_requests (id, user_id, reason, status, created_at, expires_at)
         VALUES ($1, $2, $3, 'pending', $4, $5)",
    )
    .bind(&id)
    .bind(actor.id())
    .bind(&reason)
    .bind(time::format(now))
    .bind(&expires_at)
    .execute(&mut *tx)
    .await
    .on_unique(|| {
        CoreError::Conflict(
            "you already asked for your account to be deleted; an admin will decide".into(),
        )
    })?;
    let detail = format!("request {id}, expires {expires_at}");
    audit::commit(
        tx,
        AuditEvent::own(actor, "account.deletion_requested", detail),
    )
    .await?;
    let expires = cardsmith_i18n::date_time(actor.locale, &expires_at);
    Ok(MessageOutputBody::new(t!(
        actor.locale,
        "account-delete-requested",
        expires = expires
    )))
}

/// The caller's latest deletion request, if they ever made one (what Settings shows).
pub async fn mine(core: &Core, actor: &Actor) -> CoreResult<Option<DeletionRequestItem>> {
    let mut tx = core.db.begin().await?;
    expire_due(&mut tx).await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM deletion_requests WHERE user_id = $1
         ORDER BY created_at DESC, id DESC LIMIT 1"
    );
    let row: Option<RequestRow> = sqlx::query_as(&sql)
        .bind(actor.id())
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row.map(|r| r.into_item(None)))
}

/// The pending requests, oldest first, each with the collections its user owns (admin).
pub async fn list(core: &Core, actor: &Actor) -> CoreResult<Vec<DeletionRequestItem>> {
    actor.require_admin()?;
    let mut tx = core.db.begin().await?;
    expire_due(&mut tx).await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM deletion_requests WHERE status = 'pending'
         ORDER BY created_at, id"
    );
    let rows: Vec<RequestRow> = sqlx::query_as(&sql).fetch_all(&mut *tx).await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        let owned = deletion::owned_collections(&mut *tx, &row.user_id).await?;
        items.push(row.into_item(Some(owned)));
    }
    tx.commit().await?;
    Ok(items)
}

/// Approves a pending request: the account is deleted as `DELETE /admin/users/{id}` would,
/// with `input`'s reassignments, in the same transaction.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), request_id = %id))]
pub async fn approve(
    core: &Core,
    actor: &Actor,
    id: &str,
    input: ReassignmentsInput,
) -> CoreResult<()> {
    actor.require_admin()?;
    input.validate()?;
    let mut tx = core.db.begin().await?;
    let user_id = decide(&mut tx, actor, id, STATUS_APPROVED).await?;
    let leftovers = deletion::cascade(&mut tx, actor, &user_id, input.into_map()).await?;
    tx.commit().await?;
    leftovers.clean_up(core).await;
    Ok(())
}

/// Rejects a pending request: the account stays, and its user may ask again.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), request_id = %id))]
pub async fn reject(core: &Core, actor: &Actor, id: &str) -> CoreResult<()> {
    actor.require_admin()?;
    let mut tx = core.db.begin().await?;
    decide(&mut tx, actor, id, STATUS_REJECTED).await?;
    tx.commit().await?;
    Ok(())
}

/// Marks request `id` approved or rejected and audits it; returns its user. 404 for no such
/// request, 409 when it is no longer pending (decided, or expired).
async fn decide(
    tx: &mut DbTx<'static>,
    actor: &Actor,
    id: &str,
    status: &str,
) -> CoreResult<String> {
    expire_due(tx).await?;
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT user_id, status FROM deletion_requests WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?;
    let (user_id, current) =
        row.ok_or_else(|| CoreError::not_found("no deletion request has that id"))?;
    if current != STATUS_PENDING {
        return Err(CoreError::Conflict(format!(
            "this request is already {current}"
        )));
    }
    sqlx::query(
        "UPDATE deletion_requests SET status = $1, decided_at = $2, decided_by = $3 WHERE id = $4",
    )
    .bind(status)
    .bind(time::now_str())
    .bind(actor.id())
    .bind(id)
    .execute(&mut **tx)
    .await?;
    let action = if status == STATUS_APPROVED {
        "deletion_request.approved"
    } else {
        "deletion_request.rejected"
    };
    audit::record(
        &mut **tx,
        AuditEvent::about(actor, &user_id, action, format!("request {id}")),
    )
    .await?;
    Ok(user_id)
}

/// The user is being deleted directly (`DELETE /admin/users/{id}`): a pending request of
/// theirs is settled as approved by this admin.
pub(super) async fn close_for_deleted(
    tx: &mut DbTx<'static>,
    actor: &Actor,
    user_id: &str,
) -> CoreResult<()> {
    sqlx::query(
        "UPDATE deletion_requests SET status = $1, decided_at = $2, decided_by = $3
         WHERE user_id = $4 AND status = 'pending'",
    )
    .bind(STATUS_APPROVED)
    .bind(time::now_str())
    .bind(actor.id())
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Marks every pending request past its `expires_at` as expired, auditing each.
async fn expire_due(tx: &mut DbTx<'static>) -> CoreResult<()> {
    let now = time::now_str();
    let expired: Vec<(String, String)> = sqlx::query_as(
        "UPDATE deletion_requests SET status = $1, decided_at = $2
         WHERE status = 'pending' AND expires_at <= $2
         RETURNING id, user_id",
    )
    .bind(STATUS_EXPIRED)
    .bind(&now)
    .fetch_all(&mut **tx)
    .await?;
    for (id, user_id) in &expired {
        audit::record(
            &mut **tx,
            AuditEvent::unattended(
                "deletion_request.expired",
                user_id,
                "",
                format!("request {id} was not decided in time"),
                None,
            ),
        )
        .await?;
    }
    Ok(())
}
