//! What a retry is handed: the job being retried, as stored, and the plain way to queue it
//! again. The kinds whose domain must check and mark something first (an edit claims its
//! tracks, a publish its record) do that in their own module with [`RetriedJob::payload`];
//! which kind is retried how is the table `worker::handlers::RETRIES`. A leaf module, so the
//! domains can use it without reaching the worker (no import circle).

use super::context::parse_payload;
use super::{enqueue_at, JobPayload};
use crate::db::DbTx;
use crate::{time, CoreError, CoreResult};

/// A failed or cancelled job an administrator asked to run again. The row itself is left as
/// it is: it is the record of what happened.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RetriedJob {
    pub id: String,
    /// The user it worked for; the new job works for them too.
    pub user_id: Option<String>,
    pub kind: String,
    pub status: String,
    pub payload: String,
    pub run_at: String,
}

impl RetriedJob {
    /// The stored payload as the type its kind enqueues. One that does not read, or reads as
    /// another kind (a hand-edited row), is refused (422) rather than queued.
    pub fn payload<P: JobPayload>(&self) -> CoreResult<P> {
        let payload: P = parse_payload(&self.kind, &self.payload)?;
        if payload.kind() != self.kind {
            return Err(CoreError::invalid(
                "payload",
                format!("does not describe a {} job", self.kind),
            ));
        }
        Ok(payload)
    }

    /// When the new job may start: now, or the original's time while that is still ahead (a
    /// seed set for the morning and cancelled tonight runs in the morning when retried).
    pub fn due(&self) -> String {
        let now = time::now_str();
        if self.run_at > now {
            self.run_at.clone()
        } else {
            now
        }
    }
}

/// Queues `job`'s payload, read as `P`, again for its user: the retry of the kinds whose
/// jobs mark nothing when they are queued and are harmless to run twice.
pub async fn again<P: JobPayload>(tx: &mut DbTx<'static>, job: &RetriedJob) -> CoreResult<String> {
    let payload: P = job.payload()?;
    enqueue_at(&mut **tx, job.user_id.as_deref(), &payload, &job.due()).await
}
