//! `cardsmith backup verify`: re-reads every object the backups refer to and says, backup by
//! backup, which files are missing or damaged. Each object is read once however many backups
//! share it.

use std::collections::HashMap;
use std::path::Path;

use super::store::{BackupStore, ObjectState};
use crate::CoreResult;

/// What a verify found.
#[derive(Debug, Default, serde::Serialize)]
pub struct VerifyReport {
    pub backups: Vec<BackupCheck>,
    pub objects_checked: u64,
    pub bytes_checked: u64,
}

impl VerifyReport {
    /// Whether every backup checked is whole.
    pub fn ok(&self) -> bool {
        self.backups.iter().all(BackupCheck::ok)
    }
}

/// One backup's files that did not read back whole (by their names in the instance).
#[derive(Debug, Default, serde::Serialize)]
pub struct BackupCheck {
    pub id: String,
    /// A manifest that cannot be read says so here (and lists nothing else).
    pub unreadable: Option<String>,
    pub missing: Vec<String>,
    pub damaged: Vec<String>,
}

impl BackupCheck {
    pub fn ok(&self) -> bool {
        self.unreadable.is_none() && self.missing.is_empty() && self.damaged.is_empty()
    }
}

/// Verifies backup `only`, or every backup in `store`. `scratch` is a file path a bucket's
/// objects are read through.
pub async fn verify(
    store: &BackupStore,
    only: Option<&str>,
    scratch: &Path,
    mut progress: impl FnMut(usize, usize),
) -> CoreResult<VerifyReport> {
    let ids = match only {
        Some(id) => vec![id.to_owned()],
        None => store.manifest_ids().await?,
    };
    let mut manifests = Vec::new();
    let mut report = VerifyReport::default();
    for id in ids {
        match super::read_manifest(store, &id).await {
            Ok(manifest) => manifests.push(manifest),
            Err(crate::CoreError::NotFound(e)) if only.is_some() => {
                return Err(crate::CoreError::NotFound(e))
            }
            Err(e) => report.backups.push(BackupCheck {
                id,
                unreadable: Some(e.to_string()),
                ..BackupCheck::default()
            }),
        }
    }
    let total: usize = manifests.iter().map(|m| m.objects().count()).sum();
    let mut seen: HashMap<String, ObjectState> = HashMap::new();
    let mut done = 0;
    for manifest in &manifests {
        let mut check = BackupCheck {
            id: manifest.id.clone(),
            ..BackupCheck::default()
        };
        for file in manifest.objects() {
            progress(done, total);
            done += 1;
            let state = match seen.get(&file.sha256) {
                Some(state) => *state,
                None => {
                    let state = store.check_object(&file.sha256, scratch).await?;
                    report.objects_checked += 1;
                    report.bytes_checked += file.size;
                    seen.insert(file.sha256.clone(), state);
                    state
                }
            };
            match state {
                ObjectState::Whole => {}
                ObjectState::Damaged => check.damaged.push(file.name.clone()),
                ObjectState::Missing => check.missing.push(file.name.clone()),
            }
        }
        report.backups.push(check);
    }
    progress(total, total);
    report.backups.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(report)
}
