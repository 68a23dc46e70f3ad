//! The `mail.send` job: delivers one stored message, by SMTP or into the outbox.
//!
//! The message row is the truth and the job only moves it on: each attempt is counted on the
//! row with its failure, the row stays `queued` while the queue retries, and only a delivered
//! message reads `sent` (or `outbox`). When the job fails for good, [`after_failure`] marks the
//! row `failed` with the reason, and an admin can queue it again.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::message::{self, Stored};
use crate::jobs::context::JobContext;
use crate::jobs::queue::ClaimedJob;
use crate::jobs::{kind, JobPayload};
use crate::{crypto, time, Core, CoreError, CoreResult};

/// The payload of a `mail.send` job: the stored message to deliver.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Payload {
    pub(crate) mail_id: String,
}

impl JobPayload for Payload {
    fn kind(&self) -> &'static str {
        kind::MAIL_SEND
    }
}

/// What a `mail.send` job did: the message's status (`sent`, `outbox`).
#[derive(Serialize)]
pub(crate) struct Delivered {
    status: String,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    recipient: String,
    subject: String,
    text_body: String,
    html_body: String,
    status: String,
}

/// The folder of `DATA_DIR` unsent mail is written to.
pub(crate) fn outbox_dir(core: &Core) -> PathBuf {
    core.settings.data_dir.join("outbox")
}

pub(crate) async fn run(ctx: &JobContext) -> CoreResult<Delivered> {
    let Payload { mail_id } = ctx.payload()?;
    let core = &ctx.core;
    let row: Row = sqlx::query_as(
        "SELECT id, recipient, subject, text_body, html_body, status
         FROM mail_messages WHERE id = $1",
    )
    .bind(&mail_id)
    .fetch_optional(core.db.pool())
    .await?
    .ok_or_else(|| CoreError::not_found("this mail is no longer stored"))?;
    if row.status == "sent" || row.status == "outbox" {
        return Ok(Delivered { status: row.status });
    }
    let outcome = deliver(core, &row).await;
    let now = time::now_str();
    match outcome {
        Ok(status) => {
            sqlx::query(
                "UPDATE mail_messages SET status = $1, attempts = attempts + 1, last_error = NULL,
                        sent_at = $2, updated_at = $2
                 WHERE id = $3",
            )
            .bind(status)
            .bind(&now)
            .bind(&row.id)
            .execute(core.db.pool())
            .await?;
            Ok(Delivered {
                status: status.to_owned(),
            })
        }
        Err(e) => {
            // the row stays queued: the queue retries, and only the last failure marks it failed
            sqlx::query(
                "UPDATE mail_messages SET attempts = attempts + 1, last_error = $1, updated_at = $2
                 WHERE id = $3",
            )
            .bind(e.user_message())
            .bind(&now)
            .bind(&row.id)
            .execute(core.db.pool())
            .await?;
            Err(e)
        }
    }
}

/// Sends `row` and says the status it reaches.
async fn deliver(core: &Core, row: &Row) -> CoreResult<&'static str> {
    let email = message::build(
        &core.settings,
        &Stored {
            id: &row.id,
            recipient: &row.recipient,
            subject: &row.subject,
            text: &row.text_body,
            html: &row.html_body,
        },
    )?;
    match &core.settings.smtp {
        Some(smtp) => {
            smtp.send(email).await?;
            Ok("sent")
        }
        None => {
            write_outbox(core, &row.id, &email.formatted()).await?;
            Ok("outbox")
        }
    }
}

/// Writes the message as `outbox/<id>.eml`, whole or not at all (written aside, synced, then
/// renamed), so a reader of the folder never sees half a message.
async fn write_outbox(core: &Core, id: &str, bytes: &[u8]) -> CoreResult<()> {
    let dir = outbox_dir(core);
    let io = |e: std::io::Error| CoreError::internal("writing to the mail outbox", e);
    crypto::create_private_dir(&dir).map_err(io)?;
    let path = dir.join(format!("{id}.eml"));
    let partial = dir.join(format!(".{id}.eml.partial"));
    {
        use tokio::io::AsyncWriteExt;
        let mut file = tokio::fs::File::create(&partial).await.map_err(io)?;
        file.write_all(bytes).await.map_err(io)?;
        file.sync_all().await.map_err(io)?;
    }
    tokio::fs::rename(&partial, &path).await.map_err(io)?;
    Ok(())
}

/// The job failed for good (or an admin cancelled it): the message reads `failed`, with why.
pub(crate) async fn after_failure(core: &Core, job: &ClaimedJob, why: &str) -> CoreResult<()> {
    let Ok(Payload { mail_id }) = serde_json::from_str::<Payload>(&job.payload) else {
        return Ok(());
    };
    sqlx::query(
        "UPDATE mail_messages SET status = 'failed', last_error = $1, updated_at = $2
         WHERE id = $3 AND status = 'queued'",
    )
    .bind(why)
    .bind(time::now_str())
    .bind(&mail_id)
    .execute(core.db.pool())
    .await?;
    Ok(())
}
