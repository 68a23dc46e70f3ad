//! Copying the media folder of a data directory into a bucket, each file checked.
//!
//! Content-addressed files (`media/ab/<sha256>`) are hashed before they leave (a file whose
//! bytes no longer match its name is reported, not copied) and skipped when the bucket has
//! them at the same size (a PUT and a completed multipart upload are atomic, so an object
//! that exists is whole). Named files (`peaks/…`, `labels/…`, `recordings/…`) are read back after the upload
//! and compared. Every copied object is read back and hashed.

use std::path::{Path, PathBuf};

use crate::media::store::{hash_file, tmp_path, ObjectMedia};
use crate::{CoreError, CoreResult};

/// The folders of a data directory that hold stored media and named files (`recordings`: the
/// chunks of takes still being recorded).
const FOLDERS: [&str; 4] = ["media", "peaks", "labels", "recordings"];

/// What the media copy did.
#[derive(Debug, Default, serde::Serialize)]
pub struct MediaReport {
    /// Files sent to the bucket (and verified there).
    pub copied: u64,
    /// Files the bucket had already.
    pub present: u64,
    /// Bytes sent.
    pub bytes_copied: u64,
    /// Files whose bytes do not match their content hash: left where they are.
    pub corrupt: Vec<String>,
}

/// Copies every media file under `data_dir` into `bucket`.
pub async fn copy_all(data_dir: &Path, bucket: &ObjectMedia) -> CoreResult<MediaReport> {
    let mut report = MediaReport::default();
    for folder in FOLDERS {
        for path in files_under(&data_dir.join(folder))? {
            let name = path
                .strip_prefix(data_dir)
                .map_err(|e| CoreError::internal("naming a media file", e))?
                .to_string_lossy()
                .replace('\\', "/");
            copy_one(
                data_dir,
                bucket,
                &path,
                &name,
                folder == "media",
                &mut report,
            )
            .await?;
        }
    }
    Ok(report)
}

async fn copy_one(
    data_dir: &Path,
    bucket: &ObjectMedia,
    path: &Path,
    name: &str,
    content_addressed: bool,
    report: &mut MediaReport,
) -> CoreResult<()> {
    let (hash, size) = hash_file(path).await?;
    if content_addressed && name.rsplit('/').next() != Some(hash.as_str()) {
        report.corrupt.push(name.to_owned());
        return Ok(());
    }
    if bucket.exists(name).await? && bucket.open(name).await?.len == size {
        if !content_addressed {
            // a named file may have been rewritten since (a label sheet): compare contents
            if verified(data_dir, bucket, name, &hash).await? {
                report.present += 1;
                return Ok(());
            }
        } else {
            report.present += 1;
            return Ok(());
        }
    }
    bucket.upload_file(name, path).await?;
    if !verified(data_dir, bucket, name, &hash).await? {
        return Err(CoreError::Internal(format!(
            "{name} reads back from the bucket with other bytes than were sent"
        )));
    }
    report.copied += 1;
    report.bytes_copied += size;
    Ok(())
}

/// Whether the object `name` holds bytes hashing to `hash` (read back into a scratch file).
async fn verified(
    data_dir: &Path,
    bucket: &ObjectMedia,
    name: &str,
    hash: &str,
) -> CoreResult<bool> {
    let scratch = tmp_path(data_dir, "verify");
    let result = async {
        bucket.download(name, &scratch).await?;
        Ok::<_, CoreError>(hash_file(&scratch).await?.0 == hash)
    }
    .await;
    let _ = tokio::fs::remove_file(&scratch).await;
    result
}

/// Every file below `dir` (none when it does not exist), in a stable order.
fn files_under(dir: &Path) -> CoreResult<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(CoreError::internal("listing media", e)),
        };
        for entry in entries {
            let entry = entry.map_err(|e| CoreError::internal("listing media", e))?;
            let kind = entry
                .file_type()
                .map_err(|e| CoreError::internal("listing media", e))?;
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    Ok(files)
}
