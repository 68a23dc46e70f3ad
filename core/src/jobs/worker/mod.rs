//! Workers: tasks that claim jobs and run them, in pools with their own concurrency so a burst
//! of transcodes cannot starve edits (and a 2-core machine is not asked to run ten ffmpegs).
//!
//! [`handlers::HANDLERS`] is the one place that says what runs a job and what cleans up after
//! it: every kind in [`super::kind::ALL`] has one row naming its pool, its run function and its
//! after-failure hook. A kind without a row fails at once, clearly, instead of running
//! something else. This module is the loop around it: claim, supervise (`super::supervise`:
//! panics and time limits), heartbeat, record the outcome.

pub(crate) mod handlers;

use std::sync::Arc;
use std::time::Duration as StdDuration;

use chrono::Duration;
use tokio::task::JoinHandle;

use super::context::JobContext;
use super::queue::{self, ClaimedJob};
use super::supervise::{supervised, Ended};
use crate::{Core, CoreResult, CoreSettings};

/// A pool: the kinds it runs, how many at once, and in which order.
#[derive(Debug, Clone)]
pub struct Pool {
    pub kinds: Vec<&'static str>,
    pub concurrency: usize,
    pub order: queue::Order,
}

#[derive(Debug, Clone)]
pub struct WorkerSettings {
    pub pools: Vec<Pool>,
    /// How long a claim holds without a heartbeat; after that the job counts as orphaned.
    pub lease: Duration,
    /// How often idle workers look at the queue even when nobody wakes them.
    pub poll: StdDuration,
    /// Longest one run of any job may take before it is stopped and failed.
    pub timeout: StdDuration,
}

impl WorkerSettings {
    /// The pools below with the lease and time limit of `settings`.
    pub fn for_settings(settings: &CoreSettings) -> Self {
        Self {
            timeout: settings.job_timeout,
            ..Self::with_lease(settings.job_lease)
        }
    }

    /// The pools of [`handlers::HANDLERS`]: audio (transcodes and edits) one more at a time
    /// than there are cores, rescans one, the player platform's jobs (publish, import, seed)
    /// one, mail one, generation one.
    pub fn with_lease(lease: Duration) -> Self {
        Self {
            pools: handlers::pools(),
            lease,
            poll: StdDuration::from_secs(2),
            timeout: CoreSettings::default().job_timeout,
        }
    }
}

/// Starts every pool's workers; they run until the runtime stops.
pub fn start(core: &Core, settings: &WorkerSettings) -> Vec<JoinHandle<()>> {
    let mut handles = Vec::new();
    for pool in &settings.pools {
        for _ in 0..pool.concurrency {
            let core = core.clone();
            let (kinds, order) = (pool.kinds.clone(), pool.order);
            let settings = settings.clone();
            handles.push(tokio::spawn(async move {
                work(core, kinds, order, settings).await
            }));
        }
    }
    handles
}

async fn work(core: Core, kinds: Vec<&'static str>, order: queue::Order, settings: WorkerSettings) {
    loop {
        if let Err(e) = give_up_exhausted(&core).await {
            e.log_if_internal();
        }
        // listening before the queue is read: a job enqueued (and announced) while the claim
        // finds nothing starts now, not a poll later
        let woken = core.jobs.woken();
        tokio::pin!(woken);
        woken.as_mut().enable();
        match queue::claim(core.db.pool(), &kinds, settings.lease, order).await {
            Ok(Some(job)) => run_one(&core, job, &settings).await,
            Ok(None) => {
                tokio::select! {
                    _ = woken => {}
                    _ = tokio::time::sleep(settings.poll) => {}
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "claiming a job failed");
                tokio::time::sleep(settings.poll).await;
            }
        }
    }
}

async fn give_up_exhausted(core: &Core) -> CoreResult<()> {
    for job in queue::fail_exhausted(core.db.pool()).await? {
        tracing::warn!(job_id = %job.id, kind = %job.kind, "job orphaned too often; failed");
        handlers::after_failure(core, &job, "the server stopped while it ran").await?;
    }
    Ok(())
}

#[tracing::instrument(skip_all, fields(job_id = %job.id, kind = %job.kind, attempt = job.attempts))]
async fn run_one(core: &Core, job: ClaimedJob, settings: &WorkerSettings) {
    let cancelled = core.jobs.started(&job.id);
    let started = std::time::Instant::now();
    let ctx = Arc::new(JobContext::new(core.clone(), job.clone()));
    let run = {
        let ctx = ctx.clone();
        // below the server's priority; what the job queues is bulk work
        async move { crate::priority::as_background(run_kind(&ctx)).await }
    };
    // the losing branches drop the supervised run, which aborts the job's task
    let outcome = tokio::select! {
        ended = supervised(run, settings.timeout) => Some(ended),
        _ = cancelled.notified() => None,
        _ = keep_alive(&ctx, settings.lease) => None,
    };
    core.jobs.finished(&job.id);
    let ran = crate::metrics::jobs::Outcome::of(outcome.as_ref());
    core.metrics.jobs.observe(&job.kind, ran, started.elapsed());
    let pool = core.db.pool();
    let recorded = match outcome {
        Some(Ended::Returned(Ok(result))) => queue::succeed(pool, &job.id, &result).await,
        Some(Ended::Returned(Err(e))) => {
            e.log_if_internal();
            // stored where users read it: never ffmpeg's stderr or a path (logged just above)
            let message = e.user_message();
            // retry after a pause that grows with each attempt, never longer than the lease
            // a refusal (bad input, a conflict, something missing) will not pass by retrying
            let pause = (!e.is_permanent())
                .then(|| Duration::seconds(5 * job.attempts).min(settings.lease));
            fail(core, &job, &message, pause).await
        }
        Some(ended) => {
            // a panic is a bug and a timed-out run would time out again: neither is retried
            if let Ended::Panicked(message) = &ended {
                tracing::error!(panic = %message, "job panicked; failed, the worker goes on");
            } else {
                tracing::warn!("job ran past its time limit; stopped and failed");
            }
            let reason = ended.reason().unwrap_or_default();
            fail(core, &job, &reason, None).await
        }
        None => {
            // cancelled: the row says by whom and why
            let why = queue::error_of(pool, &job.id).await.unwrap_or(None);
            handlers::after_failure(core, &job, why.as_deref().unwrap_or("cancelled")).await
        }
    };
    if let Err(e) = recorded {
        tracing::error!(error = %e, "recording a job's outcome failed");
    }
    core.jobs.wake();
    // A job's buffers (decoded audio, drawn images, a PDF) are freed by now: hand them back
    // at once rather than at the next periodic trim, so the server is back near idle as soon
    // as its work ends. About a millisecond on the server's heap, against jobs of seconds.
    drop(tokio::task::spawn_blocking(crate::memory::trim_after_work));
}

/// Records a failed run; when it was the last, the job's domain hears of it first (its track
/// or publish record settles), so nobody reads a failed job whose record still says it runs.
async fn fail(
    core: &Core,
    job: &ClaimedJob,
    message: &str,
    pause: Option<Duration>,
) -> CoreResult<()> {
    if queue::is_final_attempt(job, pause) {
        if let Err(e) = handlers::after_failure(core, job, message).await {
            // the job is failed all the same: a job left running would be retried forever
            tracing::error!(error = %e, "cleaning up after a failed job failed");
        }
    }
    queue::fail(core.db.pool(), job, message, pause)
        .await
        .map(drop)
}

/// Runs the job through its kind's row in [`handlers::HANDLERS`].
async fn run_kind(ctx: &JobContext) -> CoreResult<String> {
    #[cfg(test)]
    if ctx.job.kind.starts_with("test-") {
        return tests::run_test_kind(ctx).await;
    }
    handlers::run(ctx).await
}

/// Extends the lease and writes progress until the job ends (never returns by itself).
async fn keep_alive(ctx: &JobContext, lease: Duration) {
    let pool = ctx.core.db.pool();
    let beat_every = (lease / 3).to_std().unwrap_or(StdDuration::from_secs(1));
    let mut last_beat = tokio::time::Instant::now();
    let mut last_progress = u32::MAX;
    loop {
        tokio::time::sleep(StdDuration::from_millis(500)).await;
        let now = ctx.progress_per_mille();
        if now != last_progress {
            last_progress = now;
            let _ = queue::set_progress(pool, &ctx.job.id, f64::from(now) / 1000.0).await;
        }
        if last_beat.elapsed() >= beat_every {
            last_beat = tokio::time::Instant::now();
            let _ = queue::heartbeat(pool, &ctx.job.id, lease).await;
            if queue::is_cancelled(pool, &ctx.job.id)
                .await
                .unwrap_or(false)
            {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{crypto::EncryptionKey, Db};

    /// The payload of a kind that exists only in these tests.
    #[derive(serde::Serialize, serde::Deserialize)]
    struct TestJob {
        #[serde(skip)]
        kind: &'static str,
        #[serde(skip)]
        bulk: bool,
    }

    impl TestJob {
        fn of(kind: &'static str) -> Self {
            Self { kind, bulk: false }
        }
    }

    impl crate::jobs::JobPayload for TestJob {
        fn kind(&self) -> &'static str {
            self.kind
        }

        fn priority(&self) -> crate::jobs::Priority {
            match self.bulk {
                true => crate::jobs::Priority::Bulk,
                false => crate::jobs::Priority::Waited,
            }
        }
    }

    /// Job kinds that exist only in these tests: one panics, one hangs, one succeeds.
    pub(super) async fn run_test_kind(ctx: &JobContext) -> CoreResult<String> {
        match ctx.job.kind.as_str() {
            "test-panic" => panic!("a bug in a job"),
            "test-hang" => {
                tokio::time::sleep(StdDuration::from_secs(3600)).await;
                Ok("woke".into())
            }
            _ => Ok("ran".into()),
        }
    }

    async fn add_users(core: &Core, ids: &[&str]) {
        for id in ids {
            let user = crate::users::repo::NewUser {
                id,
                email: &format!("{id}@example.com"),
                display_name: id,
                password_hash: "x",
                role: "user",
            };
            crate::users::repo::insert(core.db.pool(), user)
                .await
                .unwrap();
        }
    }

    async fn core_in(dir: &std::path::Path) -> Core {
        let db = Db::connect(&format!("sqlite://{}", dir.join("jobs.db").display()))
            .await
            .unwrap();
        let settings = CoreSettings {
            data_dir: dir.to_path_buf(),
            ..CoreSettings::default()
        };
        Core::new(
            db,
            settings,
            EncryptionKey::parse(&"ab".repeat(32)).unwrap(),
        )
    }

    async fn wait_done(core: &Core, id: &str) -> (String, Option<String>) {
        for _ in 0..200 {
            let row: (String, Option<String>) =
                sqlx::query_as("SELECT status, error FROM jobs WHERE id = $1")
                    .bind(id)
                    .fetch_one(core.db.pool())
                    .await
                    .unwrap();
            if row.0 != "queued" && row.0 != "running" {
                return row;
            }
            tokio::time::sleep(StdDuration::from_millis(25)).await;
        }
        panic!("job {id} did not finish");
    }

    /// A fair pool takes users in turn: one who queued three jobs before another's one gets
    /// their first, then the other's, then the rest. The oldest-first order keeps arrival.
    #[tokio::test]
    async fn a_fair_pool_takes_users_in_turn() {
        let dir = tempfile::tempdir().unwrap();
        let core = core_in(dir.path()).await;
        let pool = core.db.pool();
        add_users(&core, &["u-a", "u-b"]).await;
        let lease = Duration::seconds(30);
        for (order, expected) in [
            (queue::Order::Fair, ["u-a", "u-b", "u-a", "u-a"]),
            (queue::Order::Oldest, ["u-a", "u-a", "u-a", "u-b"]),
        ] {
            let kind = if order == queue::Order::Fair {
                "test-fair"
            } else {
                "test-oldest"
            };
            for user in ["u-a", "u-a", "u-a", "u-b"] {
                super::super::enqueue(pool, Some(user), &TestJob::of(kind))
                    .await
                    .unwrap();
            }
            let mut taken = Vec::new();
            while let Some(job) = queue::claim(pool, &[kind], lease, order).await.unwrap() {
                queue::succeed(pool, &job.id, "{}").await.unwrap();
                taken.push(job.user_id.unwrap());
            }
            assert_eq!(taken, expected, "{order:?}");
        }
    }

    /// The audio pool's order: waited-for work first, then users in turn per kind. A parent
    /// queued three uploads before another parent's one and both asked for a trim: the other
    /// parent's upload and both trims go before the rest of the burst, and the bulk job
    /// (queued first of all) goes last. A job queued while a job runs is bulk.
    #[tokio::test]
    async fn the_audio_pool_takes_waited_work_first_then_users_in_turn() {
        let dir = tempfile::tempdir().unwrap();
        let core = core_in(dir.path()).await;
        let pool = core.db.pool();
        add_users(&core, &["u-a", "u-b"]).await;
        let bulk = TestJob {
            kind: "test-upload",
            bulk: true,
        };
        let queued = [
            ("u-b", bulk),
            ("u-a", TestJob::of("test-upload")),
            ("u-a", TestJob::of("test-upload")),
            ("u-a", TestJob::of("test-upload")),
            ("u-b", TestJob::of("test-upload")),
            ("u-a", TestJob::of("test-trim")),
            ("u-b", TestJob::of("test-trim")),
        ];
        for (user, job) in &queued {
            super::super::enqueue(pool, Some(user), job).await.unwrap();
            // distinct creation times (milliseconds), so "older" is well defined
            tokio::time::sleep(StdDuration::from_millis(3)).await;
        }
        let (kinds, lease) = (["test-upload", "test-trim"], Duration::seconds(30));
        let mut taken = Vec::new();
        let turns = queue::Order::Turns { short: &[] };
        while let Some(job) = queue::claim(pool, &kinds, lease, turns).await.unwrap() {
            queue::succeed(pool, &job.id, "{}").await.unwrap();
            let priority: i64 = sqlx::query_scalar("SELECT priority FROM jobs WHERE id = $1")
                .bind(&job.id)
                .fetch_one(pool)
                .await
                .unwrap();
            taken.push(format!("{} {} {priority}", job.user_id.unwrap(), job.kind));
            tokio::time::sleep(StdDuration::from_millis(3)).await;
        }
        let expected = [
            "u-a test-upload 0",
            "u-b test-upload 0",
            "u-a test-trim 0",
            "u-b test-trim 0",
            "u-a test-upload 0",
            "u-a test-upload 0",
            "u-b test-upload 1",
        ];
        assert_eq!(taken, expected);

        let inside = crate::priority::as_background(super::super::enqueue(
            pool,
            None,
            &TestJob::of("test-upload"),
        ))
        .await
        .unwrap();
        let priority: i64 = sqlx::query_scalar("SELECT priority FROM jobs WHERE id = $1")
            .bind(&inside)
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(priority, 1, "what a running job queues is bulk work");
    }

    /// The short kinds' fast lane: another parent's upload was queued first, yet a parent's
    /// trim goes first; while that trim runs, the same parent's next trims take their turns
    /// like any job, so the upload goes next, not behind all of them.
    #[tokio::test]
    async fn an_edit_goes_before_an_upload_one_per_user_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let core = core_in(dir.path()).await;
        let pool = core.db.pool();
        add_users(&core, &["u-a", "u-b"]).await;
        let queued = [
            ("u-b", "test-upload"),
            ("u-a", "test-trim"),
            ("u-a", "test-trim"),
            ("u-a", "test-trim"),
        ];
        for (user, kind) in queued {
            super::super::enqueue(pool, Some(user), &TestJob::of(kind))
                .await
                .unwrap();
            tokio::time::sleep(StdDuration::from_millis(3)).await;
        }
        let kinds = ["test-upload", "test-trim"];
        let order = queue::Order::Turns {
            short: &["test-trim"],
        };
        let lease = Duration::seconds(30);
        let claim = || queue::claim(pool, &kinds, lease, order);
        let first = claim().await.unwrap().unwrap();
        assert_eq!(
            (first.user_id.as_deref(), &*first.kind),
            (Some("u-a"), "test-trim")
        );
        tokio::time::sleep(StdDuration::from_millis(3)).await;
        let second = claim().await.unwrap().unwrap();
        assert_eq!(
            (second.user_id.as_deref(), &*second.kind),
            (Some("u-b"), "test-upload"),
            "one edit per user in the fast lane"
        );
        queue::succeed(pool, &first.id, "{}").await.unwrap();
        let third = claim().await.unwrap().unwrap();
        assert_eq!(
            (third.user_id.as_deref(), &*third.kind),
            (Some("u-a"), "test-trim")
        );
    }

    /// An idle worker sleeps for its poll interval unless woken: with an hour's poll, a job
    /// enqueued and announced after the worker went idle runs all the same.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_idle_worker_starts_a_job_when_woken() {
        let dir = tempfile::tempdir().unwrap();
        let core = core_in(dir.path()).await;
        let settings = WorkerSettings {
            pools: vec![Pool {
                kinds: vec!["test-ok"],
                concurrency: 1,
                order: queue::Order::Oldest,
            }],
            lease: Duration::seconds(30),
            poll: StdDuration::from_secs(3600),
            timeout: StdDuration::from_secs(60),
        };
        let payload = TestJob::of("test-ok");
        let enqueue = || super::super::enqueue(core.db.pool(), None, &payload);
        let first = enqueue().await.unwrap();
        let workers = start(&core, &settings);
        // the worker found the first job by itself; then it found none and went to sleep
        assert_eq!(wait_done(&core, &first).await.0, "succeeded");
        let second = enqueue().await.unwrap();
        core.jobs.wake();
        assert_eq!(wait_done(&core, &second).await.0, "succeeded");
        for worker in &workers {
            worker.abort();
        }
    }

    /// One worker, three jobs in a row: the panicking one and the hanging one fail with a reason
    /// each, and the same worker still runs the job queued after them.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_or_hanging_job_fails_and_the_pool_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let core = core_in(dir.path()).await;
        let mut ids = Vec::new();
        for kind in ["test-panic", "test-hang", "test-ok", "mystery"] {
            ids.push(
                super::super::enqueue(core.db.pool(), None, &TestJob::of(kind))
                    .await
                    .unwrap(),
            );
        }
        let settings = WorkerSettings {
            pools: vec![Pool {
                kinds: vec!["test-panic", "test-hang", "test-ok", "mystery"],
                concurrency: 1,
                order: queue::Order::Oldest,
            }],
            lease: Duration::seconds(30),
            poll: StdDuration::from_millis(20),
            timeout: StdDuration::from_millis(300),
        };
        let workers = start(&core, &settings);

        let (status, error) = wait_done(&core, &ids[0]).await;
        assert_eq!(status, "failed");
        assert!(error.unwrap().contains("internal error"));
        let (status, error) = wait_done(&core, &ids[1]).await;
        assert_eq!(status, "failed");
        assert!(error.unwrap().contains("time limit of 300 ms"));
        let (status, _) = wait_done(&core, &ids[2]).await;
        assert_eq!(status, "succeeded", "the worker survived both");
        // a kind nobody handles fails at once, saying so, instead of running something else
        let (status, error) = wait_done(&core, &ids[3]).await;
        assert_eq!(status, "failed");
        assert!(error.unwrap().contains("kind mystery"));
        for worker in &workers {
            assert!(!worker.is_finished());
            worker.abort();
        }
    }
}
