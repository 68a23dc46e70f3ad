//! Removing the backups retention no longer keeps, then every object no kept backup refers
//! to, and nothing else: an object two backups share stays while either is kept.
//!
//! One writer at a time per target: a backup and a prune hold the folder's lock file (an
//! advisory lock the OS drops with the process, so a killed run leaves no stale lock). In a
//! bucket there is no lock to take; the server runs its backups as jobs, one at a time, and
//! the CLI should not be pointed at the bucket the server backs up to while it does.

use std::collections::HashSet;

use super::retention::Retention;
use super::store::BackupStore;
use crate::{CoreError, CoreResult};

/// What a prune removed.
#[derive(Debug, Default, serde::Serialize)]
pub struct PruneReport {
    pub backups_removed: Vec<String>,
    pub backups_kept: usize,
    pub objects_removed: u64,
}

/// The target's lock, held until dropped (`None` for a bucket).
pub struct TargetLock(#[allow(dead_code)] Option<std::fs::File>);

/// Takes the target's lock, or says another backup holds it.
pub fn lock(store: &BackupStore) -> CoreResult<TargetLock> {
    let BackupStore::Folder(root) = store else {
        return Ok(TargetLock(None));
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(root.join(".lock"))
        .map_err(|e| CoreError::internal("opening the backup folder's lock", e))?;
    match file.try_lock() {
        Ok(()) => Ok(TargetLock(Some(file))),
        Err(std::fs::TryLockError::WouldBlock) => Err(CoreError::Conflict(
            "another backup or prune is running on this target".into(),
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(CoreError::internal("locking the backup folder", e))
        }
    }
}

/// Applies `retention` to the backups in `store` and removes the objects left unreferenced;
/// `just_made` is kept whatever its place in the order (two backups in one millisecond).
/// The caller holds the target's lock.
pub async fn prune(
    store: &BackupStore,
    retention: Retention,
    just_made: &str,
) -> CoreResult<PruneReport> {
    let ids = store.manifest_ids().await?;
    let mut keep = retention.keep(&ids);
    keep.insert(just_made);
    let mut report = PruneReport::default();
    let mut needed = HashSet::new();
    for id in &ids {
        if keep.contains(id.as_str()) {
            // a manifest that cannot be read keeps its objects' fate open: stop, change nothing
            let manifest = super::read_manifest(store, id).await?;
            needed.extend(manifest.objects().map(|f| f.sha256.clone()));
        }
    }
    for id in &ids {
        if !keep.contains(id.as_str()) {
            store.delete_manifest(id).await?;
            report.backups_removed.push(id.clone());
        }
    }
    report.backups_kept = keep.len();
    for hash in store.objects().await? {
        if !needed.contains(&hash) {
            store.delete_object(&hash).await?;
            report.objects_removed += 1;
        }
    }
    Ok(report)
}
