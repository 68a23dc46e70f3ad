//! What a running job is handed: the core, its claimed row, its typed payload and a progress
//! reporter. Job modules (`tracks::transcode_job`, `tracks::edit_job`, `player::publish_job`, …) depend
//! on this module only, never on the worker that runs them, so the worker's table
//! (`worker::handlers::HANDLERS`) can name every job without an import circle.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use cardsmith_model::FieldError;
use serde::de::DeserializeOwned;

use cardsmith_model::validate::CollectionRole;

use super::queue::ClaimedJob;
use crate::auth::{session::background_actor, Actor};
use crate::cards::{repo::CardRow, require_card};
use crate::{Core, CoreError, CoreResult};

/// What a running job can use: the core, its row, and a progress reporter.
pub struct JobContext {
    pub core: Core,
    pub job: ClaimedJob,
    progress_per_mille: Arc<AtomicU32>,
}

impl JobContext {
    pub(crate) fn new(core: Core, job: ClaimedJob) -> Self {
        Self {
            core,
            job,
            progress_per_mille: Arc::new(AtomicU32::new(0)),
        }
    }

    /// The job's payload as the type its kind enqueued. A payload that does not read as `T`
    /// will not read on a retry either: it fails the job at once, with a reason naming the
    /// kind and what was wrong (see [`parse_payload`]).
    pub fn payload<T: super::JobPayload>(&self) -> CoreResult<T> {
        parse_payload(&self.job.kind, &self.job.payload)
    }

    /// A callback that records `fraction` (0..1) of the part of the job between `from` and
    /// `to`; the heartbeat writes it to the row twice a second.
    pub fn progress(&self, from: f64, to: f64) -> impl Fn(f64) + Send + Sync + 'static {
        let cell = self.progress_per_mille.clone();
        move |fraction: f64| {
            let value = from + (to - from) * fraction.clamp(0.0, 1.0);
            cell.store((value * 1000.0) as u32, Ordering::Relaxed);
        }
    }

    /// The user who queued this job, acting in the background, and the card `slug` they must
    /// still edit: a job that fills a card (a generation, a story) runs with the rights its
    /// user has when it runs, not those they had when they asked.
    pub async fn editor_of(&self, slug: &str) -> CoreResult<(Actor, CardRow)> {
        let user_id = self.job.user_id.as_deref().ok_or_else(|| {
            CoreError::Forbidden(format!("a {} job must belong to a user", self.job.kind))
        })?;
        let actor = background_actor(&self.core, user_id).await?;
        let card = require_card(self.core.db.pool(), &actor, slug, CollectionRole::Editor).await?;
        Ok((actor, card))
    }

    /// The progress last reported, in thousandths (read by the worker's heartbeat).
    pub(crate) fn progress_per_mille(&self) -> u32 {
        self.progress_per_mille.load(Ordering::Relaxed)
    }
}

/// Reads a stored payload of a `kind` job as `T`. The error is a refusal (permanent, so the
/// worker does not retry it) whose text names the kind and serde's reason; it is also logged,
/// since only a bug or a hand-edited row produces one.
pub(crate) fn parse_payload<T: DeserializeOwned>(kind: &str, text: &str) -> CoreResult<T> {
    serde_json::from_str(text).map_err(|e| {
        tracing::error!(kind, error = %e, "a job's payload does not read");
        CoreError::Invalid(vec![FieldError::new(
            "payload",
            format!("the {kind} job's payload does not read: {e}"),
        )])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct TrackPayload {
        track_id: String,
    }

    #[test]
    fn a_payload_reads_as_its_type() {
        let p: TrackPayload = parse_payload("transcode", r#"{"track_id":"t1"}"#).unwrap();
        assert_eq!(p.track_id, "t1");
    }

    #[test]
    fn a_payload_missing_a_field_is_a_permanent_failure_naming_kind_and_field() {
        let e = parse_payload::<TrackPayload>("transcode", "{}").unwrap_err();
        assert!(e.is_permanent(), "retrying cannot fix a payload");
        let message = e.user_message();
        assert!(
            message.starts_with("payload: the transcode job's payload"),
            "{message}"
        );
        assert!(message.contains("track_id"), "{message}");
    }

    #[test]
    fn a_payload_that_is_not_json_is_a_permanent_failure() {
        let e = parse_payload::<TrackPayload>("publish", "not json").unwrap_err();
        assert!(e.is_permanent());
        assert!(e
            .user_message()
            .contains("the publish job's payload does not read"));
    }
}
