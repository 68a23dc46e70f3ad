//! The one table of job kinds: for each, the pool it runs in, the function that runs it and
//! the hook that cleans up after it when it fails for good or is cancelled. The worker loop
//! (`super`) and the admin's cancel (`jobs::service`) go through here and nowhere else, and the
//! job modules it names know only [`JobContext`], not this table.

use std::future::Future;
use std::pin::Pin;

use cardsmith_model::FieldError;

use super::Pool;
use crate::db::DbTx;
use crate::jobs::context::JobContext;
use crate::jobs::kind;
use crate::jobs::queue::{ClaimedJob, Order};
use crate::jobs::requeue::{again, RetriedJob};
use crate::{backup, cards, export, feeds, icon_generation, mail, media, player, stories, tracks};
use crate::{Core, CoreError, CoreResult};

/// The pools of [`super::WorkerSettings::with_lease`], named by the rows of [`HANDLERS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PoolName {
    /// Everything ffmpeg makes player audio of: upload transcodes and the edits (trim, split,
    /// merge, fade), in one queue, so a trim asked for behind another user's twenty uploads
    /// waits for a running job to end, not for a pool of its own to work through every other
    /// trim first. One more at a time than the machine has cores: a job spends part of its
    /// time starting processes, probing and storing, and the encoders run below the server
    /// (`priority`), so the extra one fills idle cores without slowing requests.
    Audio,
    /// Library rescans, backups and their verifies: one at a time (a backup and a verify
    /// must not prune and read one target at once).
    Maintenance,
    /// The platform is rate limited: one card at a time per server.
    Player,
    /// Mail delivery: one message at a time, never behind a transcode or a publish.
    Mail,
    /// Generated content (a story spoken into a card, a cover or an icon batch asked for as a
    /// job): one at a time, beside the transcodes its tracks queue, users in turn.
    Generation,
    /// Podcast feeds read into their cards: downloads from servers that may be slow, so they
    /// wait on nobody else's work and nobody else's work waits on them; users in turn.
    Feeds,
}

impl PoolName {
    /// Audio work is what parents wait for: waited-for work first, an edit before an upload's
    /// transcode, then users in turn ([`Order::Turns`]). Generation jobs are long and a user can ask for several: users take
    /// turns over the last hour ([`Order::Fair`]). The others keep first come, first served.
    fn order(self) -> Order {
        match self {
            Self::Audio => Order::Turns {
                short: &[kind::TRIM, kind::SPLIT, kind::MERGE, kind::FADE],
            },
            Self::Generation | Self::Feeds => Order::Fair,
            _ => Order::Oldest,
        }
    }
}

/// How many of a pool's jobs run at once.
#[derive(Debug, Clone, Copy)]
enum AtOnce {
    Exactly(usize),
    /// The cores this process may use, plus one.
    CoresPlusOne,
}

impl AtOnce {
    fn count(self) -> usize {
        match self {
            Self::Exactly(n) => n,
            Self::CoresPlusOne => crate::cores() + 1,
        }
    }
}

/// Each pool and how many of its jobs run at once.
const POOLS: &[(PoolName, AtOnce)] = &[
    (PoolName::Audio, AtOnce::CoresPlusOne),
    (PoolName::Maintenance, AtOnce::Exactly(1)),
    (PoolName::Player, AtOnce::Exactly(1)),
    (PoolName::Mail, AtOnce::Exactly(1)),
    (PoolName::Generation, AtOnce::Exactly(1)),
    (PoolName::Feeds, AtOnce::Exactly(1)),
];

type Boxed<'a, T> = Pin<Box<dyn Future<Output = CoreResult<T>> + Send + 'a>>;
/// Runs a job; the `String` is its typed result as stored (JSON, [`stored`]).
type RunFn = for<'a> fn(&'a JobContext) -> Boxed<'a, String>;
/// Undoes what a job marked as in progress, once it failed for good or was cancelled.
type CleanupFn = for<'a> fn(&'a Core, &'a ClaimedJob, &'a str) -> Boxed<'a, ()>;

/// One kind of job: where it runs, what runs it, what cleans up after it.
pub(crate) struct Handler {
    pub(crate) kind: &'static str,
    pool: PoolName,
    run: RunFn,
    /// `None`: the job marks nothing as in progress, so a failure leaves nothing to undo.
    after_failure: Option<CleanupFn>,
}

/// Every kind of job. Adding a kind is adding a row here (a test checks none is missing).
#[rustfmt::skip]
pub(crate) const HANDLERS: &[Handler] = &[
    //  kind             pool                   run        after a final failure
    row(kind::TRANSCODE, PoolName::Audio,       TRANSCODE, Some(TRANSCODE_FAILED)),
    row(kind::TRIM,      PoolName::Audio,       EDIT,      Some(EDIT_FAILED)),
    row(kind::SPLIT,     PoolName::Audio,       EDIT,      Some(EDIT_FAILED)),
    row(kind::MERGE,     PoolName::Audio,       EDIT,      Some(EDIT_FAILED)),
    row(kind::FADE,      PoolName::Audio,       EDIT,      Some(EDIT_FAILED)),
    row(kind::RESCAN,    PoolName::Maintenance, RESCAN,    None),
    row(kind::PUBLISH,   PoolName::Player,      PUBLISH,   Some(PUBLISH_FAILED)),
    row(kind::IMPORT,    PoolName::Player,      IMPORT,    None),
    row(kind::SEED,      PoolName::Player,      SEED,      Some(PUBLISH_FAILED)),
    row(kind::MAIL_SEND, PoolName::Mail,        MAIL_SEND, Some(MAIL_FAILED)),
    row(kind::STORY,     PoolName::Generation,  STORY,     None),
    row(kind::COVER_GENERATE, PoolName::Generation, COVER, None),
    row(kind::ICONS_GENERATE, PoolName::Generation, ICONS, None),
    row(kind::BACKUP,    PoolName::Maintenance, BACKUP,    Some(BACKUP_FAILED)),
    row(kind::BACKUP_VERIFY, PoolName::Maintenance, VERIFY, Some(BACKUP_FAILED)),
    row(kind::EXPORT,    PoolName::Generation,  EXPORT,    None),
    row(kind::FEED_SYNC, PoolName::Feeds,       FEED_SYNC, None),
];

/// What an administrator's Retry does with a failed or cancelled job of one kind.
pub(crate) enum Retry {
    /// Queues it again as a new job with the same payload, through this function.
    Again(RequeueFn),
    /// Never retried; the sentence says why and what to do instead.
    Refused(&'static str),
}

/// Queues a new job like the one retried, in the caller's transaction; answers its id.
type RequeueFn = for<'a> fn(&'a Core, &'a mut DbTx<'static>, &'a RetriedJob) -> Boxed<'a, String>;

/// Every kind's Retry, beside [`HANDLERS`] (a test checks none is missing). A kind is retried
/// only when running it again can neither do its work twice nor undo what changed since:
///
/// - transcodes, edits and publishes are asked again through their domain (`requeue`), which
///   checks the track or card is still as the job needs it and marks it as being worked on,
///   as the first request did (an edit is refused once its track was edited or deleted);
/// - a rescan only repairs, a seed only adds what its player lacks, a story skips the chapters
///   it already spoke, a cover or icon batch replaces its own preview: queued as they were;
/// - an import and a mail are not: see their sentences.
#[rustfmt::skip]
pub(crate) const RETRIES: &[(&str, Retry)] = &[
    (kind::TRANSCODE,      Retry::Again(TRANSCODE_AGAIN)),
    (kind::TRIM,           Retry::Again(EDIT_AGAIN)),
    (kind::SPLIT,          Retry::Again(EDIT_AGAIN)),
    (kind::MERGE,          Retry::Again(EDIT_AGAIN)),
    (kind::FADE,           Retry::Again(EDIT_AGAIN)),
    (kind::RESCAN,         Retry::Again(RESCAN_AGAIN)),
    (kind::PUBLISH,        Retry::Again(PUBLISH_AGAIN)),
    // a failed import may have added some chapters to its card already: a second run would
    // add them again
    (kind::IMPORT,         Retry::Refused("An import is not retried: its card may already hold some of the chapters, which a second run would add again. Import the card again from the Import page.")),
    (kind::SEED,           Retry::Again(SEED_AGAIN)),
    // the outbox keeps each message's own status, which a bare job would leave saying failed
    (kind::MAIL_SEND,      Retry::Refused("Mail is sent again from Admin → Mail (Send again), which keeps the message's status right.")),
    (kind::STORY,          Retry::Again(STORY_AGAIN)),
    (kind::COVER_GENERATE, Retry::Again(COVER_AGAIN)),
    (kind::ICONS_GENERATE, Retry::Again(ICONS_AGAIN)),
    (kind::BACKUP,         Retry::Again(BACKUP_AGAIN)),
    (kind::BACKUP_VERIFY,  Retry::Again(VERIFY_AGAIN)),
    (kind::EXPORT,         Retry::Again(EXPORT_AGAIN)),
    (kind::FEED_SYNC,      Retry::Again(FEED_AGAIN)),
];

const TRANSCODE_AGAIN: RequeueFn = |_, tx, job| Box::pin(tracks::transcode_job::requeue(tx, job));
const EDIT_AGAIN: RequeueFn = |core, tx, job| Box::pin(tracks::edit::requeue(core, tx, job));
const PUBLISH_AGAIN: RequeueFn = |_, tx, job| Box::pin(player::publish::requeue(tx, job));
const RESCAN_AGAIN: RequeueFn =
    |_, tx, job| Box::pin(again::<media::rescan::RescanPayload>(tx, job));
const SEED_AGAIN: RequeueFn = |_, tx, job| Box::pin(again::<player::seed::SeedPayload>(tx, job));
const STORY_AGAIN: RequeueFn = |_, tx, job| Box::pin(again::<stories::StoryPayload>(tx, job));
const COVER_AGAIN: RequeueFn =
    |_, tx, job| Box::pin(again::<cards::generate_job::CoverJob>(tx, job));
const ICONS_AGAIN: RequeueFn =
    |_, tx, job| Box::pin(again::<icon_generation::job::IconsJob>(tx, job));

const BACKUP_AGAIN: RequeueFn = |_, tx, job| Box::pin(again::<backup::job::BackupJob>(tx, job));
const EXPORT_AGAIN: RequeueFn = |_, tx, job| Box::pin(again::<export::job::ExportJob>(tx, job));
/// A refresh only brings the card to what the feed says now: run again, it adds nothing twice
/// (a republish looks at its tracks again).
const FEED_AGAIN: RequeueFn = |_, tx, job| Box::pin(again::<feeds::sync::FeedSyncJob>(tx, job));
const VERIFY_AGAIN: RequeueFn = |_, tx, job| Box::pin(again::<backup::job::VerifyJob>(tx, job));

/// The Retry of `job_kind` (`None` for a kind this server does not know).
pub(crate) fn retry_of(job_kind: &str) -> Option<&'static Retry> {
    RETRIES
        .iter()
        .find(|(k, _)| *k == job_kind)
        .map(|(_, retry)| retry)
}

const fn row(
    kind: &'static str,
    pool: PoolName,
    run: RunFn,
    after_failure: Option<CleanupFn>,
) -> Handler {
    Handler {
        kind,
        pool,
        run,
        after_failure,
    }
}

const TRANSCODE: RunFn = |ctx| Box::pin(stored(tracks::transcode_job::run(ctx)));
/// Trim, split, merge and fade are one job; the payload says which edit.
const EDIT: RunFn = |ctx| Box::pin(stored(tracks::edit_job::run(ctx)));
const RESCAN: RunFn = |ctx| Box::pin(stored(media::rescan::run(ctx)));
const PUBLISH: RunFn = |ctx| Box::pin(stored(player::publish_job::run(ctx)));
const IMPORT: RunFn = |ctx| Box::pin(stored(player::import::run(ctx)));
const SEED: RunFn = |ctx| Box::pin(stored(player::seed::run(ctx)));
const MAIL_SEND: RunFn = |ctx| Box::pin(stored(mail::run(ctx)));
const STORY: RunFn = |ctx| Box::pin(stored(stories::run(ctx)));
/// A cover or an icon batch asked for with `Prefer: respond-async`.
const COVER: RunFn = |ctx| Box::pin(stored(cards::generate_job::run(ctx)));
const ICONS: RunFn = |ctx| Box::pin(stored(icon_generation::job::run(ctx)));
const BACKUP: RunFn = |ctx| Box::pin(stored(backup::job::run(ctx)));
const VERIFY: RunFn = |ctx| Box::pin(stored(backup::job::verify(ctx)));
const EXPORT: RunFn = |ctx| Box::pin(stored(export::job::run(ctx)));
const FEED_SYNC: RunFn = |ctx| Box::pin(stored(feeds::sync::run(ctx)));

/// A transcode that failed leaves its track failed, with the reason.
const TRANSCODE_FAILED: CleanupFn =
    |core, job, why| Box::pin(tracks::transcode_job::after_failure(core, job, why));
/// An edit that failed leaves its tracks as they were: playable.
const EDIT_FAILED: CleanupFn =
    |core, job, why| Box::pin(tracks::edit_job::after_failure(core, job, why));
/// Publishing and seeding leave the publish records they worked on saying why. (Rescans and
/// imports mark nothing as in progress, so they have nothing to undo.)
const PUBLISH_FAILED: CleanupFn =
    |core, job, why| Box::pin(player::publish_job::after_failure(core, job, why));

/// A mail that could not be delivered reads `failed`, with why, for an admin to re-send.
const MAIL_FAILED: CleanupFn = |core, job, why| Box::pin(mail::after_failure(core, job, why));

/// A backup or verify that failed for good is mailed to the admins (and shows on the health
/// page and in `/metrics`).
const BACKUP_FAILED: CleanupFn =
    |core, job, why| Box::pin(backup::job::after_failure(core, job, why));

/// A runner's typed result as the row keeps it: JSON text.
async fn stored<R: serde::Serialize>(
    run: impl Future<Output = CoreResult<R>>,
) -> CoreResult<String> {
    let result = run.await?;
    serde_json::to_string(&result).map_err(|e| CoreError::internal("job result", e))
}

fn handler(job_kind: &str) -> Option<&'static Handler> {
    HANDLERS.iter().find(|h| h.kind == job_kind)
}

/// [`POOLS`], each running the kinds [`HANDLERS`] puts in it.
pub(super) fn pools() -> Vec<Pool> {
    POOLS
        .iter()
        .map(|&(name, at_once)| Pool {
            kinds: HANDLERS
                .iter()
                .filter(|h| h.pool == name)
                .map(|h| h.kind)
                .collect(),
            concurrency: at_once.count(),
            order: name.order(),
        })
        .collect()
}

/// Runs the job by its kind's row; a kind without one fails at once and is not retried.
pub(super) async fn run(ctx: &JobContext) -> CoreResult<String> {
    match handler(&ctx.job.kind) {
        Some(handler) => (handler.run)(ctx).await,
        None => Err(unknown_kind(&ctx.job.kind)),
    }
}

fn unknown_kind(job_kind: &str) -> CoreError {
    CoreError::Invalid(vec![FieldError::new(
        "type",
        format!("no worker of this server runs jobs of kind {job_kind}"),
    )])
}

/// A job failed for good or was cancelled: its kind's hook undoes what it marked as in
/// progress (tracks "processing", publish records "publishing"), so they say why instead.
pub(crate) async fn after_failure(core: &Core, job: &ClaimedJob, message: &str) -> CoreResult<()> {
    match handler(&job.kind).and_then(|h| h.after_failure) {
        Some(cleanup) => cleanup(core, job, message).await,
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::WorkerSettings;
    use super::*;
    use chrono::Duration;

    #[test]
    fn every_kind_has_exactly_one_handler_and_every_handler_a_known_kind() {
        for k in kind::ALL {
            let rows = HANDLERS.iter().filter(|h| h.kind == *k).count();
            assert_eq!(rows, 1, "kind {k} has {rows} rows in HANDLERS");
        }
        for h in HANDLERS {
            assert!(
                kind::ALL.contains(&h.kind),
                "{} is not in kind::ALL",
                h.kind
            );
        }
    }

    #[test]
    fn every_kind_says_once_whether_it_is_retried() {
        for k in kind::ALL {
            let rows = RETRIES.iter().filter(|(r, _)| r == k).count();
            assert_eq!(rows, 1, "kind {k} has {rows} rows in RETRIES");
        }
        assert_eq!(RETRIES.len(), kind::ALL.len(), "no row for an unknown kind");
        for (k, retry) in RETRIES {
            if let Retry::Refused(why) = retry {
                assert!(
                    why.ends_with('.') && why.len() > 40,
                    "{k}: say why, in a sentence"
                );
            }
        }
        // what the spec's Retry relies on, and what must never run twice
        assert!(matches!(retry_of(kind::SEED), Some(Retry::Again(_))));
        assert!(matches!(retry_of(kind::TRIM), Some(Retry::Again(_))));
        assert!(matches!(retry_of(kind::IMPORT), Some(Retry::Refused(_))));
        assert!(retry_of("teleport").is_none());
    }

    #[test]
    fn the_default_pools_run_every_kind_once_and_none_is_empty() {
        let settings = WorkerSettings::with_lease(Duration::seconds(30));
        let mut kinds: Vec<_> = settings
            .pools
            .iter()
            .flat_map(|p| p.kinds.clone())
            .collect();
        kinds.sort_unstable();
        let mut all = kind::ALL.to_vec();
        all.sort_unstable();
        assert_eq!(kinds, all);
        assert!(settings
            .pools
            .iter()
            .all(|p| !p.kinds.is_empty() && p.concurrency > 0));
        // the platform is rate limited: everything that calls it shares one worker
        let player = settings
            .pools
            .iter()
            .find(|p| p.kinds.contains(&kind::PUBLISH));
        let player = player.unwrap();
        assert_eq!(player.concurrency, 1);
        assert!(player.kinds.contains(&kind::IMPORT) && player.kinds.contains(&kind::SEED));
    }

    #[test]
    fn an_unknown_kind_is_a_permanent_failure_naming_it() {
        let e = unknown_kind("teleport");
        assert!(e.is_permanent());
        assert!(
            e.user_message().contains("kind teleport"),
            "{}",
            e.user_message()
        );
    }
}
