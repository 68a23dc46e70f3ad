//! The durable job queue: long work (transcodes, edits, rescans, publishing, imports, seeding)
//! runs in the background.
//!
//! A job is a row in `jobs`; enqueueing is an INSERT in the caller's transaction, so a track and
//! the job that transcodes it appear together or not at all. Workers (`worker`) claim rows with
//! a lease they keep extending; a process that dies leaves a lease that runs out, and the job is
//! claimed again on the next start, up to `max_attempts`.
//!
//! What each kind does lives with its domain (`tracks::transcode_job`, `tracks::edit_job`,
//! `media::rescan`, `player::publish_job`, `player::import`, `player::seed`, `mail::job`,
//! `stories::job`, `cards::generate_job`, `icon_generation::job`); each exports its typed payload ([`JobPayload`]) and returns
//! a typed result, and sees only [`context::JobContext`]. The worker's one table
//! (`worker::handlers::HANDLERS`) names every kind with its pool, the function that runs it
//! and the one that cleans up when it fails for good or is cancelled. This module itself only
//! moves rows.

pub mod context;
pub mod queue;
pub mod requeue;
pub mod service;
pub mod supervise;
pub mod worker;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::de::DeserializeOwned;
use serde::Serialize;
use tokio::sync::Notify;

use crate::db::DbDriver;
use crate::{new_id, time, CoreError, CoreResult};

/// Kinds of job. Each has one row in the worker's table (`worker::handlers::HANDLERS`), which
/// says the pool it runs in, what runs it and what cleans up after it; a test checks every
/// kind here has one.
pub mod kind {
    /// Declares the kinds and `ALL`, so a kind added here cannot be left out of `ALL`.
    macro_rules! kinds {
        ($($name:ident = $value:literal),* $(,)?) => {
            $(pub const $name: &str = $value;)*
            /// Every kind above.
            pub const ALL: &[&str] = &[$($name),*];
        };
    }

    kinds! {
        TRANSCODE = "transcode",
        TRIM = "trim",
        SPLIT = "split",
        MERGE = "merge",
        FADE = "fade",
        RESCAN = "rescan",
        PUBLISH = "publish",
        IMPORT = "import",
        SEED = "seed",
        MAIL_SEND = "mail.send",
        STORY = "story.make",
        COVER_GENERATE = "cover.generate",
        ICONS_GENERATE = "icons.generate",
        BACKUP = "backup.run",
        BACKUP_VERIFY = "backup.verify",
        EXPORT = "export.zip",
        FEED_SYNC = "feed.sync",
    }
}

/// In-process side of the queue: wakes idle workers and cancels running jobs. Cheap to clone.
#[derive(Clone, Default)]
pub struct JobQueue {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    wake: Notify,
    running: Mutex<HashMap<String, Arc<Notify>>>,
}

impl JobQueue {
    /// Tells idle workers to look at the queue now (after the enqueueing transaction commits).
    pub fn wake(&self) {
        self.inner.wake.notify_waiters();
    }

    /// Fires at the next [`JobQueue::wake`]; a worker enables it before it reads the queue,
    /// so a wake that comes while it reads is not lost.
    pub(crate) fn woken(&self) -> tokio::sync::futures::Notified<'_> {
        self.inner.wake.notified()
    }

    /// Registers a running job; the returned signal fires when an admin cancels it.
    pub(crate) fn started(&self, id: &str) -> Arc<Notify> {
        let signal = Arc::new(Notify::new());
        self.inner
            .running
            .lock()
            .expect("job registry")
            .insert(id.to_owned(), signal.clone());
        signal
    }

    pub(crate) fn finished(&self, id: &str) {
        self.inner.running.lock().expect("job registry").remove(id);
    }

    /// Stops the job if it runs in this process (its ffmpeg child is killed with it).
    pub(crate) fn interrupt(&self, id: &str) {
        if let Some(signal) = self.inner.running.lock().expect("job registry").get(id) {
            signal.notify_one();
        }
    }
}

/// Who waits for a job, as the audio pool orders them ([`queue::Order::Turns`]). Stored as
/// `jobs.priority`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// Someone asked for it and waits in front of the screen: an edit, an upload, the last
    /// step of a recording.
    Waited = 0,
    /// Nobody watches it finish: a rescan, seeding, generation, and everything a running job
    /// queues (a story's spoken chapters, a rescan's transcodes).
    Bulk = 1,
}

/// The payload of one kind of job. Each job module exports its payload type and a `queue`
/// that writes it; its runner reads it back with [`context::JobContext::payload`]. The type
/// names its kind, so no producer writes a payload by hand or under the wrong kind.
pub trait JobPayload: Serialize + DeserializeOwned {
    /// The kind this payload is enqueued as (one of [`kind`]).
    fn kind(&self) -> &'static str;

    /// Who waits for it when a request queues it (a running job's own jobs are always bulk).
    fn priority(&self) -> Priority {
        Priority::Waited
    }
}

/// Adds the job `payload` describes to the queue inside the caller's transaction and returns
/// its id. Call `JobQueue::wake` after committing.
pub async fn enqueue<'e, E, P>(
    executor: E,
    user_id: Option<&str>,
    payload: &P,
) -> CoreResult<String>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
    P: JobPayload,
{
    enqueue_at(executor, user_id, payload, &time::now_str()).await
}

/// Like [`enqueue`], for a job not to start before `run_at` (a stored time string).
pub async fn enqueue_at<'e, E, P>(
    executor: E,
    user_id: Option<&str>,
    payload: &P,
    run_at: &str,
) -> CoreResult<String>
where
    E: sqlx::Executor<'e, Database = DbDriver>,
    P: JobPayload,
{
    // through a `Value`: its members come out in alphabetical order, as the stored payloads
    // always have (`JobOut.payload` shows them as they are)
    let text = serde_json::to_value(payload)
        .map_err(|e| CoreError::internal("job payload", e))?
        .to_string();
    let id = new_id();
    let now = time::now_str();
    // a worker runs every job as background work (`priority`)
    let priority = match crate::priority::in_background() {
        true => Priority::Bulk,
        false => payload.priority(),
    };
    sqlx::query(
        "INSERT INTO jobs (id, user_id, kind, status, payload, run_at, created_at, updated_at,
                           priority)
         VALUES ($1, $2, $3, 'queued', $4, $6, $5, $5, $7)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(payload.kind())
    .bind(text)
    .bind(&now)
    .bind(run_at)
    .bind(priority as i64)
    .execute(executor)
    .await?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    /// The OpenAPI document's `JobType` lists exactly the kinds there are.
    #[test]
    fn the_documented_job_types_are_the_kinds() {
        assert_eq!(cardsmith_model::states::JobType::WORDS, super::kind::ALL);
    }
}
