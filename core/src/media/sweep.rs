//! The media sweep: housekeeping that deletes files nothing references any more.
//!
//! Files are written first and referenced after (a transcode adopts its M4A into `media/`,
//! then commits the row that names it), so "not referenced right now" is not "garbage": it may
//! be the output of a job about to commit. The sweep therefore never deletes a file younger
//! than the grace period, nor one whose hash a queued or running job's payload names. It runs
//! on the server's housekeeping tick and never on a user's request.

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use crate::{Core, CoreResult};

/// How old an unreferenced file must be before the sweep deletes it. Longer than any
/// adopt-then-commit window, and than a temp file's quiet spells while it is still written.
pub const GRACE: Duration = Duration::from_secs(3600);

#[derive(Debug, Default, Serialize, PartialEq)]
pub struct SweepReport {
    pub files_checked: usize,
    pub orphan_files_removed: usize,
    pub temp_files_removed: usize,
}

/// Deletes unreferenced media and abandoned temp files older than `grace`.
pub async fn sweep(core: &Core, grace: Duration) -> CoreResult<SweepReport> {
    let referenced = referenced(core.db.pool()).await?;
    // with object storage the bucket is swept; temp files are local whatever the backend
    let swept_bucket = match core.media().object() {
        Some(bucket) => Some(bucket.sweep(&referenced, grace).await?),
        None => None,
    };
    let data = core.settings.data_dir.clone();
    let report = tokio::task::spawn_blocking(move || {
        let (files_checked, orphan_files_removed) = swept_bucket
            .unwrap_or_else(|| remove_unreferenced(&data.join("media"), &referenced, grace));
        SweepReport {
            files_checked,
            orphan_files_removed,
            temp_files_removed: remove_old(&data.join("tmp"), grace),
        }
    })
    .await
    .map_err(|e| crate::CoreError::internal("media sweep task", e))?;
    Ok(report)
}

/// Every hash a row or a pending job of the database `pool` names (the live one, or a
/// backup's snapshot).
pub async fn referenced(pool: &crate::db::DbPool) -> CoreResult<HashSet<String>> {
    let mut names: HashSet<String> = sqlx::query_scalar::<_, Option<String>>(
        "SELECT original_hash FROM tracks UNION SELECT audio_hash FROM tracks
         UNION SELECT icon_hash FROM tracks UNION SELECT icon_source_hash FROM tracks
         UNION SELECT hash FROM images",
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .flatten()
    .collect();
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload FROM jobs WHERE status IN ('queued', 'running')")
            .fetch_all(pool)
            .await?;
    // a batch's undo keeps the files of the tracks it deleted until it is replaced
    let undos: Vec<String> = sqlx::query_scalar("SELECT undo FROM track_batches")
        .fetch_all(pool)
        .await?;
    for text in payloads.iter().chain(&undos) {
        names.extend(hashes_in(text));
    }
    Ok(names)
}

/// The 64-hex-digit runs of `text` (a job payload may name files by hash anywhere in it).
fn hashes_in(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_ascii_hexdigit())
        .filter(|run| run.len() == 64)
        .map(str::to_ascii_lowercase)
}

fn older_than(entry: &std::fs::DirEntry, grace: Duration) -> bool {
    entry
        .metadata()
        .and_then(|m| m.modified())
        .is_ok_and(|t| t.elapsed().unwrap_or_default() > grace)
}

fn remove_unreferenced(
    media: &Path,
    referenced: &HashSet<String>,
    grace: Duration,
) -> (usize, usize) {
    let (mut checked, mut removed) = (0, 0);
    let Ok(prefixes) = std::fs::read_dir(media) else {
        return (0, 0);
    };
    for prefix in prefixes.flatten() {
        let Ok(files) = std::fs::read_dir(prefix.path()) else {
            continue;
        };
        for file in files.flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            checked += 1;
            // in-flight writes of the local store's `put` are dot files; they age like the rest
            let unreferenced = name.starts_with('.') || !referenced.contains(&name);
            if unreferenced && older_than(&file, grace) && std::fs::remove_file(file.path()).is_ok()
            {
                removed += 1;
            }
        }
    }
    (checked, removed)
}

fn remove_old(tmp: &Path, grace: Duration) -> usize {
    let Ok(files) = std::fs::read_dir(tmp) else {
        return 0;
    };
    // folders are a crashed instance's live-encoder scratch (`recording::live`)
    files
        .flatten()
        .filter(|f| older_than(f, grace))
        .filter(|f| match f.file_type() {
            Ok(t) if t.is_dir() => std::fs::remove_dir_all(f.path()).is_ok(),
            _ => std::fs::remove_file(f.path()).is_ok(),
        })
        .count()
}

#[cfg(test)]
mod tests {
    #[test]
    fn payload_hashes_are_found_anywhere() {
        let h = "ab".repeat(32);
        let payload = format!(r#"{{"track_id":"x","inputs":["{h}"],"n":1}}"#);
        assert_eq!(super::hashes_in(&payload).collect::<Vec<_>>(), vec![h]);
        assert_eq!(super::hashes_in(&"a".repeat(65)).count(), 0);
    }
}
