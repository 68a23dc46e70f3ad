//! The stored take: its chunks, each a named file of the media store
//! (`recordings/<session>/<seq>-<nonce>`) listed in `recording_chunks`.
//!
//! Keeping the take in the media store, not on one machine's disk, is what lets several
//! instances share a recording: any of them may receive the next chunk or finish the take.
//! A chunk is written under a name no other write uses, then counted by one conditional
//! update of its session (`next_seq` must still be the chunk's number). So two instances
//! racing for the same number cannot both count, nor overwrite each other's bytes: the loser
//! deletes its file and answers from what the winner stored. A file without a row (a crash
//! between the write and the commit) is never read and goes with the session.

use std::path::Path;

use tokio::io::AsyncWriteExt;

use crate::media::store::{tmp_path, LocalMedia};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// The folder of the store holding session `id`'s chunks.
pub(super) fn folder(id: &str) -> String {
    format!("recordings/{id}")
}

/// Whether a chunk written by [`store_chunk`] was counted.
pub(super) enum Counted {
    /// Counted: the session's new `(next_seq, bytes)`.
    Yes { next_seq: i64, bytes: i64 },
    /// Another chunk was counted under this number first (another instance, a retry racing
    /// its original): nothing of this one was kept.
    Lost,
}

/// Stores chunk `seq` of session `id`, then counts it if the session still expects `seq` and
/// holds `bytes_before` bytes.
pub(super) async fn store_chunk(
    core: &Core,
    id: &str,
    seq: i64,
    bytes_before: i64,
    content_type: &str,
    bytes: &[u8],
) -> CoreResult<Counted> {
    let name = format!("{}/{seq}-{}", folder(id), new_id());
    let media = core.media();
    media.write_named(&name, bytes.to_vec()).await?;
    let next_seq = seq + 1;
    let total = bytes_before + bytes.len() as i64;
    let mut tx = core.db.begin().await?;
    let counted = sqlx::query(
        "UPDATE recording_sessions SET next_seq = $1, bytes = $2,
           content_type = CASE WHEN content_type = '' THEN $3 ELSE content_type END, updated_at = $4
         WHERE id = $5 AND next_seq = $6 AND bytes = $7",
    )
    .bind(next_seq)
    .bind(total)
    .bind(content_type)
    .bind(time::now_str())
    .bind(id)
    .bind(seq)
    .bind(bytes_before)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !counted {
        drop(tx);
        media.remove_named(&name).await?;
        return Ok(Counted::Lost);
    }
    sqlx::query(
        "INSERT INTO recording_chunks (session_id, seq, name, bytes) VALUES ($1, $2, $3, $4)",
    )
    .bind(id)
    .bind(seq)
    .bind(&name)
    .bind(bytes.len() as i64)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Counted::Yes {
        next_seq,
        bytes: total,
    })
}

/// The stored names of chunks `from..to` of session `id`, in order; an error when one is
/// missing. (Names rather than a callback over the bytes: async closures do not yet make
/// `Send` futures, which the HTTP handlers need.)
pub(super) async fn chunk_names(
    core: &Core,
    id: &str,
    from: i64,
    to: i64,
) -> CoreResult<Vec<String>> {
    let chunks: Vec<(i64, String)> = sqlx::query_as(
        "SELECT seq, name FROM recording_chunks WHERE session_id = $1 AND seq >= $2 AND seq < $3
         ORDER BY seq",
    )
    .bind(id)
    .bind(from)
    .bind(to)
    .fetch_all(core.db.pool())
    .await?;
    let complete = chunks.len() as i64 == to - from
        && chunks
            .iter()
            .zip(from..)
            .all(|((seq, _), expected)| *seq == expected);
    if !complete {
        return Err(CoreError::Internal(format!(
            "recording {id} lacks some of chunks {from}..{to}"
        )));
    }
    Ok(chunks.into_iter().map(|(_, name)| name).collect())
}

/// The first `chunks` chunks of session `id` as one local file, for ffmpeg (deleted when the
/// guard is dropped).
pub(super) async fn assemble(core: &Core, id: &str, chunks: i64) -> CoreResult<LocalMedia> {
    let take = LocalMedia::copy(tmp_path(&core.settings.data_dir, "take"));
    write_take(core, id, chunks, take.path()).await?;
    Ok(take)
}

async fn write_take(core: &Core, id: &str, chunks: i64, path: &Path) -> CoreResult<()> {
    let io = |e| CoreError::internal("assembling a take", e);
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir).await.map_err(io)?;
    }
    let mut file = tokio::fs::File::create(path).await.map_err(io)?;
    for name in chunk_names(core, id, 0, chunks).await? {
        let bytes = core.media().read_named(&name).await?;
        file.write_all(&bytes).await.map_err(io)?;
    }
    file.flush().await.map_err(io)
}

/// Deletes every stored chunk of session `id`, counted or not.
pub(super) async fn remove(core: &Core, id: &str) -> CoreResult<()> {
    core.media().remove_under(&folder(id)).await
}

/// Deletes the stored chunks of sessions that no longer exist: what an instance that stopped
/// between ending a session and deleting its chunks left behind. No grace period is needed:
/// a session's row exists before its first chunk is written, and goes before its chunks do.
/// Answers how many sessions' chunks went.
pub(super) async fn remove_orphans(core: &Core) -> CoreResult<usize> {
    let names = core.media().names_under("recordings").await?;
    let sessions: std::collections::BTreeSet<&str> = names
        .iter()
        .filter_map(|name| name.strip_prefix("recordings/")?.split('/').next())
        .collect();
    let mut removed = 0;
    for id in sessions {
        let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM recording_sessions WHERE id = $1")
            .bind(id)
            .fetch_one(core.db.pool())
            .await?;
        if open == 0 {
            remove(core, id).await?;
            removed += 1;
        }
    }
    Ok(removed)
}
