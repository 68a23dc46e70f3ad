//! The export as a job: the ZIP is written to `DATA_DIR/exports/<job id>.zip` with its
//! progress, then downloaded by the parent who asked (`download`), for a day. When media
//! lives in a bucket the finished ZIP goes there too (`exports/<job id>.zip`), so whichever
//! instance of a fleet the download reaches can serve it.

use std::path::PathBuf;

use cardsmith_model::export::ExportInput;
use cardsmith_model::validate::CollectionRole;
use serde::{Deserialize, Serialize};

use crate::auth::session::background_actor;
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::jobs::context::JobContext;
use crate::jobs::{self, kind, JobPayload, Priority};
use crate::media::store::ObjectBody;
use crate::{cards, time, Core, CoreError, CoreResult};

/// How long a finished export stays downloadable.
pub const KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Which cards to export; the job's user is who asked (and whose view of them counts).
#[derive(Serialize, Deserialize)]
pub struct ExportJob {
    pub collection_id: Option<String>,
    /// Only these cards (slug or id), in this order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_slugs: Option<Vec<String>>,
}

impl JobPayload for ExportJob {
    fn kind(&self) -> &'static str {
        kind::EXPORT
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// What an export made (`JobOut.result`).
#[derive(Debug, Serialize)]
pub struct ExportResult {
    pub cards: usize,
    pub bytes: u64,
    /// Where to download it.
    pub download: String,
}

/// Queues an export of collection `input.collection_id` (a viewer may) or of every card the
/// caller can see; the job's id. The same export of the same caller still waiting or running
/// is answered instead of a second, so a burst of clicks (or of requests) writes one ZIP.
pub async fn start(core: &Core, actor: &Actor, input: ExportInput) -> CoreResult<String> {
    input.validate()?;
    if let Some(id) = &input.collection_id {
        require_collection(core.db.pool(), actor, id, CollectionRole::Viewer).await?;
    }
    if let Some(keys) = &input.card_slugs {
        chosen(core, actor, keys).await?;
    }
    let payload = ExportJob {
        collection_id: input.collection_id,
        card_slugs: input.card_slugs,
    };
    let stored = serde_json::to_value(&payload)
        .map_err(|e| CoreError::internal("job payload", e))?
        .to_string();
    let mut tx = core.db.begin().await?;
    let pending: Option<String> = sqlx::query_scalar(
        "SELECT id FROM jobs WHERE kind = $1 AND user_id = $2 AND payload = $3
         AND status IN ('queued', 'running') ORDER BY created_at LIMIT 1",
    )
    .bind(kind::EXPORT)
    .bind(actor.id())
    .bind(&stored)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = pending {
        return Ok(id);
    }
    let id = jobs::enqueue(&mut *tx, Some(actor.id()), &payload).await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(id)
}

/// The cards `keys` names, each one the caller can see: 422 naming those it cannot (the same
/// words for a card that does not exist).
async fn chosen(
    core: &Core,
    actor: &Actor,
    keys: &[String],
) -> CoreResult<Vec<cards::repo::CardRow>> {
    let mut found = Vec::with_capacity(keys.len());
    let mut missing = Vec::new();
    for seen in cards::each_seen(core.db.pool(), actor, keys, "card_slugs").await? {
        match seen {
            Ok(card) => found.push(card),
            Err(e) => missing.push(e),
        }
    }
    if missing.is_empty() {
        Ok(found)
    } else {
        Err(missing.into())
    }
}

/// Runs an export job, with the rights its user has when it runs.
pub async fn run(ctx: &JobContext) -> CoreResult<ExportResult> {
    let job: ExportJob = ctx.payload()?;
    let user = ctx
        .job
        .user_id
        .as_deref()
        .ok_or_else(|| CoreError::Forbidden("an export belongs to a user".into()))?;
    let actor = background_actor(&ctx.core, user).await?;
    let pool = ctx.core.db.pool();
    let mut list = match &job.collection_id {
        Some(id) => {
            require_collection(pool, &actor, id, CollectionRole::Viewer).await?;
            cards::repo::list_in_collection(pool, actor.id(), id).await?
        }
        None => cards::repo::list_reachable(pool, actor.id()).await?,
    };
    if let Some(keys) = &job.card_slugs {
        // the chosen cards the caller still sees when the job runs, in the order named
        let ids: Vec<String> = chosen(&ctx.core, &actor, keys)
            .await?
            .into_iter()
            .map(|c| c.id)
            .collect();
        list.retain(|c| ids.contains(&c.id));
        list.sort_by_key(|c| ids.iter().position(|id| *id == c.id));
    }
    let path = file_of(&ctx.core, &ctx.job.id);
    tokio::fs::create_dir_all(path.parent().expect("exports have a folder"))
        .await
        .map_err(|e| CoreError::internal("creating the exports folder", e))?;
    let progress = ctx.progress(0.0, 1.0);
    let written = super::write::write_zip(&ctx.core, &list, &path, |done, total| {
        progress(done as f64 / total.max(1) as f64)
    })
    .await;
    if let Err(e) = written {
        let _ = tokio::fs::remove_file(&path).await;
        return Err(e);
    }
    let bytes = tokio::fs::metadata(&path)
        .await
        .map_err(|e| CoreError::internal("measuring the export", e))?
        .len();
    if let Some(bucket) = ctx.core.media().object() {
        let uploaded = bucket.upload_file(&object_name(&ctx.job.id), &path).await;
        let _ = tokio::fs::remove_file(&path).await;
        uploaded?;
    }
    Ok(ExportResult {
        cards: list.len(),
        bytes,
        download: format!("/api/exports/{}/download", ctx.job.id),
    })
}

/// A finished export, where it is kept.
pub enum ExportFile {
    Local {
        path: PathBuf,
        size: u64,
    },
    /// In the media bucket (`ObjectBody::len` is its size).
    Object(ObjectBody),
}

/// The finished export `job_id` of the caller. Anybody else's, or none, is a 404; one still
/// being written a 409; one past its day a 404.
pub async fn download(core: &Core, actor: &Actor, job_id: &str) -> CoreResult<ExportFile> {
    let found: Option<(String, Option<String>)> = sqlx::query_as(
        "SELECT status, completed_at FROM jobs WHERE id = $1 AND kind = $2 AND user_id = $3",
    )
    .bind(job_id)
    .bind(kind::EXPORT)
    .bind(actor.id())
    .fetch_optional(core.db.pool())
    .await?;
    let gone = || CoreError::not_found("that export is no longer kept (a day): export again");
    match found {
        None => return Err(CoreError::not_found("no export with that id")),
        Some((status, _)) if status == "queued" || status == "running" => {
            return Err(CoreError::Conflict(
                "the export is still being written: follow its job".into(),
            ))
        }
        Some((status, _)) if status != "succeeded" => {
            return Err(CoreError::not_found("that export did not finish"))
        }
        Some((_, completed)) => {
            let kept = chrono::Duration::from_std(KEPT_FOR).expect("a day");
            if completed
                .as_deref()
                .and_then(time::parse)
                .is_none_or(|at| time::now() - at > kept)
            {
                return Err(gone());
            }
        }
    }
    if let Some(bucket) = core.media().object() {
        let name = object_name(job_id);
        if !bucket.exists(&name).await? {
            return Err(gone());
        }
        return Ok(ExportFile::Object(bucket.open(&name).await?));
    }
    let path = file_of(core, job_id);
    let size = tokio::fs::metadata(&path).await.map_err(|_| gone())?.len();
    Ok(ExportFile::Local { path, size })
}

/// The bucket's name of export `job_id`.
fn object_name(job_id: &str) -> String {
    format!("exports/{}.zip", safe(job_id))
}

/// Job ids are UUIDs the server made; names are built from nothing else.
fn safe(job_id: &str) -> String {
    job_id
        .chars()
        .filter(|c| c.is_ascii_hexdigit() || *c == '-')
        .collect()
}

fn file_of(core: &Core, job_id: &str) -> PathBuf {
    core.settings
        .data_dir
        .join("exports")
        .join(format!("{}.zip", safe(job_id)))
}

/// Deletes the exports past their day (housekeeping, every few minutes): those whose job
/// finished between a day and a week ago, in the data folder and the bucket, and any file
/// of the exports folder older than a day (an export whose job row is gone).
pub async fn remove_expired(core: &Core) -> CoreResult<usize> {
    let now = time::now();
    let kept = chrono::Duration::from_std(KEPT_FOR).expect("a day");
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM jobs WHERE kind = $1 AND status = 'succeeded'
         AND completed_at < $2 AND completed_at > $3",
    )
    .bind(kind::EXPORT)
    .bind(time::format(now - kept))
    .bind(time::format(now - kept - chrono::Duration::days(6)))
    .fetch_all(core.db.pool())
    .await?;
    if let Some(bucket) = core.media().object() {
        for id in &ids {
            bucket.delete(&object_name(id)).await?;
        }
    }
    let folder = core.settings.data_dir.join("exports");
    let removed = tokio::task::spawn_blocking(move || {
        let Ok(files) = std::fs::read_dir(folder) else {
            return 0;
        };
        files
            .flatten()
            .filter(|f| {
                f.metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| t.elapsed().unwrap_or_default() > KEPT_FOR)
            })
            .filter(|f| std::fs::remove_file(f.path()).is_ok())
            .count()
    })
    .await
    .map_err(|e| CoreError::internal("export sweep task", e))?;
    Ok(removed + ids.len())
}
