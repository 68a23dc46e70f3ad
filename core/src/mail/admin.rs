//! The outbox as administrators read it: every queued message, newest first, with its
//! bodies (so a self-hoster without SMTP can hand a link to its recipient), and re-sending a
//! message that failed or waited in the outbox.

use cardsmith_model::mail::{
    MailDelivery, MailFilter, MailMessageDetailOut, MailMessageOut, MailPageOut, MailStatus,
    PAGE_DEFAULT, PAGE_MAX,
};

use super::{queue_delivery, smtp_configured};
use crate::audit::{self, AuditEvent};
use crate::{time, Actor, Core, CoreError, CoreResult};

const COLUMNS: &str = "id, recipient, subject, status, attempts, last_error, created_at, sent_at";

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    recipient: String,
    subject: String,
    status: String,
    attempts: i64,
    last_error: Option<String>,
    created_at: String,
    sent_at: Option<String>,
}

impl From<Row> for MailMessageOut {
    fn from(r: Row) -> Self {
        Self {
            id: r.id,
            recipient: r.recipient,
            subject: r.subject,
            // the table's CHECK allows only these four
            status: MailStatus::parse(&r.status).unwrap_or(MailStatus::Queued),
            attempts: r.attempts,
            last_error: r.last_error,
            created_at: r.created_at,
            sent_at: r.sent_at,
        }
    }
}

/// One page of messages, newest first, for an administrator (403 for anybody else, before the
/// filter is looked at).
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn list(core: &Core, actor: &Actor, filter: MailFilter) -> CoreResult<MailPageOut> {
    actor.require_admin()?;
    let limit = filter.limit.unwrap_or(PAGE_DEFAULT);
    let offset = filter.offset.unwrap_or(0);
    let mut errors = Vec::new();
    crate::paging::check_page(limit, offset, PAGE_MAX, &mut errors);
    if !errors.is_empty() {
        return Err(CoreError::Invalid(errors));
    }
    let status = filter.status.map(MailStatus::as_str);
    let total: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM mail_messages WHERE ($1 IS NULL OR status = $1)")
            .bind(status)
            .fetch_one(core.db.pool())
            .await?;
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM mail_messages WHERE ($1 IS NULL OR status = $1)
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status)
    .bind(limit)
    .bind(offset)
    .fetch_all(core.db.pool())
    .await?;
    Ok(MailPageOut {
        delivery: delivery(core),
        total,
        messages: rows.into_iter().map(Into::into).collect(),
    })
}

/// How mail goes out now.
pub fn delivery(core: &Core) -> MailDelivery {
    if smtp_configured(core) {
        MailDelivery::Smtp
    } else {
        MailDelivery::Outbox
    }
}

/// One message with its bodies (404 when there is none by that id).
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn get(core: &Core, actor: &Actor, id: &str) -> CoreResult<MailMessageDetailOut> {
    actor.require_admin()?;
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT text_body, html_body FROM mail_messages WHERE id = $1")
            .bind(id)
            .fetch_optional(core.db.pool())
            .await?;
    let (text, html) = row.ok_or_else(|| CoreError::not_found("no mail by that id"))?;
    Ok(MailMessageDetailOut {
        message: summary(core, id).await?,
        text,
        html,
    })
}

async fn summary(core: &Core, id: &str) -> CoreResult<MailMessageOut> {
    let row: Row = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM mail_messages WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(core.db.pool())
    .await?
    .ok_or_else(|| CoreError::not_found("no mail by that id"))?;
    Ok(row.into())
}

/// Queues a failed message (or one left in the outbox) for delivery again, with a fresh set of
/// attempts; audited as `mail.resent`. A message still queued or already sent is a 409.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id()))]
pub async fn resend(core: &Core, actor: &Actor, id: &str) -> CoreResult<MailMessageOut> {
    actor.require_admin()?;
    let mut tx = core.db.begin().await?;
    let found: Option<(String, String)> =
        sqlx::query_as("SELECT status, recipient FROM mail_messages WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let (status, recipient) = found.ok_or_else(|| CoreError::not_found("no mail by that id"))?;
    if !MailStatus::parse(&status).is_some_and(MailStatus::can_resend) {
        return Err(CoreError::Conflict(format!(
            "this mail is {status}; only a failed message or one in the outbox can be sent again"
        )));
    }
    let job_id = queue_delivery(&mut tx, id).await?;
    sqlx::query(
        "UPDATE mail_messages SET status = 'queued', job_id = $1, last_error = NULL,
                sent_at = NULL, updated_at = $2
         WHERE id = $3",
    )
    .bind(&job_id)
    .bind(time::now_str())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(actor, "mail.resent", format!("mail {id} to {recipient}")),
    )
    .await?;
    tx.commit().await?;
    core.jobs.wake();
    summary(core, id).await
}
