//! Mail the instance sends: password resets, verifications, invitations.
//!
//! A service queues a [`Mail`] with [`enqueue`] inside its own transaction: the message is a
//! row in `mail_messages` and a `mail.send` job delivers it (`job`), so the mail exists exactly
//! when the change that caused it does. The job hands it to the SMTP server of
//! `CARDSMITH_SMTP_URL` (`smtp`); a failing server makes the job retry with the queue's growing
//! pauses, up to [`MAX_ATTEMPTS`] times, while the message stays `queued`; after the last
//! attempt it reads `failed` and an admin can re-send it (`admin`). Without an SMTP server the
//! job writes the message to `DATA_DIR/outbox/<id>.eml` and it reads `outbox`: admins read it
//! in the admin UI, so a self-hoster without mail still gets the links. No path loses a
//! message.

pub mod admin;
mod job;
pub mod letter;
mod message;
pub mod smtp;

use crate::db::DbTx;
use crate::jobs;
use crate::{new_id, time, Core, CoreError, CoreResult};

pub(crate) use job::{after_failure, run};
pub use message::{escape_html, parse_from};
pub use smtp::{SmtpConfig, SmtpTls};

/// Delivery attempts of one message before it reads `failed`. The queue pauses 5 s × the
/// attempt number between them (never longer than the job lease), so a mail server may be
/// down for about 15 minutes before an admin has to re-send.
pub const MAX_ATTEMPTS: i64 = 20;

/// One message to send. `html` must escape every user-supplied value ([`escape_html`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    /// The recipient's address (`someone@example.org`).
    pub to: String,
    /// One line; line breaks are folded into spaces.
    pub subject: String,
    /// The plain-text body.
    pub text: String,
    /// The HTML body (the same content).
    pub html: String,
}

/// Queues `mail` in the caller's transaction; the `mail.send` job delivers it by SMTP, or
/// writes it to the outbox when no SMTP server is configured. Never loses a message.
///
/// A recipient that is not an email address is a 422 naming `to`. Workers look at the queue
/// every 2 s; call `core.jobs.wake()` after committing to have it sent at once.
pub async fn enqueue(tx: &mut DbTx<'_>, mail: Mail) -> CoreResult<()> {
    let to = mail.to.trim();
    if to.parse::<lettre::Address>().is_err() {
        return Err(CoreError::invalid("to", "must be an email address"));
    }
    let subject = mail.subject.replace(['\r', '\n'], " ");
    let id = new_id();
    let job_id = queue_delivery(tx, &id).await?;
    let now = time::now_str();
    sqlx::query(
        "INSERT INTO mail_messages
             (id, recipient, subject, text_body, html_body, status, job_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $7)",
    )
    .bind(&id)
    .bind(to)
    .bind(subject.trim())
    .bind(&mail.text)
    .bind(&mail.html)
    .bind(&job_id)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Queues a `mail.send` job for message `mail_id` with [`MAX_ATTEMPTS`] attempts; its id.
async fn queue_delivery(tx: &mut DbTx<'_>, mail_id: &str) -> CoreResult<String> {
    let payload = job::Payload {
        mail_id: mail_id.to_owned(),
    };
    let job_id = jobs::enqueue(&mut **tx, None, &payload).await?;
    sqlx::query("UPDATE jobs SET max_attempts = $1 WHERE id = $2")
        .bind(MAX_ATTEMPTS)
        .bind(&job_id)
        .execute(&mut **tx)
        .await?;
    Ok(job_id)
}

/// An absolute link into this instance (from the configured public base URL), e.g.
/// `mail::link(core, "/reset-password?token=...")`.
pub fn link(core: &Core, path_and_query: &str) -> String {
    let origin = core.settings.public_origin.trim_end_matches('/');
    if path_and_query.starts_with('/') {
        format!("{origin}{path_and_query}")
    } else {
        format!("{origin}/{path_and_query}")
    }
}

/// Whether SMTP is configured (else mail goes to the outbox).
pub fn smtp_configured(core: &Core) -> bool {
    core.settings.smtp.is_some()
}

#[cfg(test)]
mod tests;
