//! Where backups are kept: a folder, or a bucket of an S3-compatible store.
//!
//! Both hold the same layout:
//!
//! - `objects/ab/<sha256>`: every file any backup holds (the database snapshot, audio,
//!   images, waveforms, label sheets), named by the SHA-256 of its bytes. A file already there
//!   is never copied again, which makes every backup after the first incremental: an
//!   unchanged library adds only a new database snapshot and a manifest.
//! - `manifests/<id>.json`: one per backup, written last. A backup is listed, restored and
//!   kept only once its manifest exists, so a run killed half-way leaves objects nobody lists
//!   (the next prune removes them) and never a backup that looks good.
//!
//! Writes are atomic either way: in a folder a temp file, fsync, rename and directory fsync
//! (as the media store writes); in a bucket a PUT or a completed multipart upload.

use std::path::{Path, PathBuf};

use crate::media::store::{hash_file, key_of, sync_dir, ObjectMedia, S3Settings};
use crate::{CoreError, CoreResult};

/// What re-reading an object found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectState {
    Whole,
    /// Its bytes no longer hash to its name.
    Damaged,
    Missing,
}

/// A backup target.
pub enum BackupStore {
    Folder(PathBuf),
    Bucket(Box<ObjectMedia>),
}

impl std::fmt::Debug for BackupStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

impl BackupStore {
    /// The store `target` names: `s3://bucket/prefix` (reached with `s3`'s endpoint and
    /// credentials, the media store's settings), else a folder path (created when missing).
    pub fn open(target: &str, s3: &S3Settings) -> CoreResult<Self> {
        let target = target.trim();
        if target.starts_with("s3://") {
            let settings = S3Settings {
                url: target.to_owned(),
                ..s3.clone()
            };
            return Ok(Self::Bucket(Box::new(ObjectMedia::connect(&settings)?)));
        }
        if target.contains("://") {
            return Err(CoreError::invalid(
                "backup_to",
                "must be a folder or s3://bucket/prefix",
            ));
        }
        let root = PathBuf::from(target.strip_prefix("file://").unwrap_or(target));
        crate::crypto::create_private_dir(&root)
            .map_err(|e| CoreError::internal("creating the backup folder", e))?;
        Ok(Self::Folder(root))
    }

    /// The target as an admin recognises it (a bucket's URL without credentials).
    pub fn describe(&self) -> String {
        match self {
            Self::Folder(root) => root.display().to_string(),
            Self::Bucket(bucket) => bucket.url().to_owned(),
        }
    }

    fn object_name(hash: &str) -> CoreResult<String> {
        // `key_of` accepts only 64 hex digits: a manifest cannot name anything else
        Ok(format!(
            "objects/{}",
            key_of(hash)?.trim_start_matches("media/")
        ))
    }

    fn manifest_name(id: &str) -> CoreResult<String> {
        if id.is_empty() || id.len() > 40 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(CoreError::not_found("no such backup"));
        }
        Ok(format!("manifests/{id}.json"))
    }

    /// Whether the object of `hash` is stored.
    pub async fn has_object(&self, hash: &str) -> CoreResult<bool> {
        let name = Self::object_name(hash)?;
        match self {
            Self::Folder(root) => Ok(tokio::fs::try_exists(root.join(name))
                .await
                .unwrap_or(false)),
            Self::Bucket(bucket) => bucket.exists(&name).await,
        }
    }

    /// Stores the file at `path` as the object of `hash` unless it is stored already; whether
    /// it was copied. The bytes are hashed on the way: a file that no longer hashes to `hash`
    /// (changed or damaged since it was hashed) is refused.
    pub async fn put_object(&self, hash: &str, path: &Path) -> CoreResult<bool> {
        if self.has_object(hash).await? {
            return Ok(false);
        }
        let name = Self::object_name(hash)?;
        match self {
            Self::Folder(root) => {
                let target = root.join(&name);
                let dir = target
                    .parent()
                    .expect("object path has a parent")
                    .to_owned();
                let tmp = dir.join(format!(".{hash}.{}.tmp", crate::new_id()));
                tokio::fs::create_dir_all(&dir)
                    .await
                    .map_err(|e| CoreError::internal("creating a backup folder", e))?;
                tokio::fs::copy(path, &tmp)
                    .await
                    .map_err(|e| CoreError::internal("copying into the backup", e))?;
                let copied = hash_file(&tmp).await?.0;
                if copied != hash {
                    let _ = tokio::fs::remove_file(&tmp).await;
                    return Err(CoreError::Internal(format!(
                        "{hash} changed while it was backed up"
                    )));
                }
                tokio::task::spawn_blocking(move || place(&tmp, &target))
                    .await
                    .map_err(|e| CoreError::internal("backup write task", e))?
                    .map_err(|e| CoreError::internal("writing into the backup", e))?;
            }
            Self::Bucket(bucket) => bucket.upload_file(&name, path).await?,
        }
        Ok(true)
    }

    /// Copies the object of `hash` to `to`, checking that its bytes still hash to `hash`:
    /// `Ok(false)` when they do not (a damaged object), `NotFound` when it is missing.
    pub async fn fetch_object(&self, hash: &str, to: &Path) -> CoreResult<bool> {
        let name = Self::object_name(hash)?;
        match self {
            Self::Folder(root) => match tokio::fs::copy(root.join(&name), to).await {
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(CoreError::not_found("the object is missing"))
                }
                Err(e) => return Err(CoreError::internal("reading the backup", e)),
            },
            Self::Bucket(bucket) => {
                if !bucket.exists(&name).await? {
                    return Err(CoreError::not_found("the object is missing"));
                }
                bucket.download(&name, to).await?;
            }
        }
        Ok(hash_file(to).await?.0 == hash)
    }

    /// Re-reads the object of `hash` and says whether it is whole. A bucket's object is
    /// downloaded to `scratch` (removed after); a folder's is hashed where it is.
    pub async fn check_object(&self, hash: &str, scratch: &Path) -> CoreResult<ObjectState> {
        let read = match self {
            Self::Folder(root) => hash_file(&root.join(Self::object_name(hash)?)).await,
            Self::Bucket(_) => {
                let fetched = self.fetch_object(hash, scratch).await;
                let _ = tokio::fs::remove_file(scratch).await;
                return Ok(match fetched {
                    Ok(true) => ObjectState::Whole,
                    Ok(false) => ObjectState::Damaged,
                    Err(CoreError::NotFound(_)) => ObjectState::Missing,
                    Err(e) => return Err(e),
                });
            }
        };
        Ok(match read {
            Ok((found, _)) if found == hash => ObjectState::Whole,
            Ok(_) => ObjectState::Damaged,
            Err(_) if !self.has_object(hash).await? => ObjectState::Missing,
            Err(e) => return Err(e),
        })
    }

    /// The hashes of every stored object.
    pub async fn objects(&self) -> CoreResult<Vec<String>> {
        let names = match self {
            Self::Folder(root) => {
                let root = root.join("objects");
                tokio::task::spawn_blocking(move || files_in_two_levels(&root))
                    .await
                    .map_err(|e| CoreError::internal("backup listing task", e))?
                    .map_err(|e| CoreError::internal("listing the backup", e))?
            }
            Self::Bucket(bucket) => bucket.names("objects").await?,
        };
        Ok(names
            .into_iter()
            .filter_map(|n| n.rsplit('/').next().map(str::to_owned))
            .filter(|h| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()))
            .collect())
    }

    /// Deletes the object of `hash`.
    pub async fn delete_object(&self, hash: &str) -> CoreResult<()> {
        let name = Self::object_name(hash)?;
        match self {
            Self::Folder(root) => remove_if_present(&root.join(name)).await,
            Self::Bucket(bucket) => bucket.delete(&name).await,
        }
    }

    /// Writes the manifest of backup `id`: the step that makes the backup exist.
    pub async fn put_manifest(&self, id: &str, bytes: Vec<u8>) -> CoreResult<()> {
        let name = Self::manifest_name(id)?;
        match self {
            Self::Folder(root) => {
                let target = root.join(&name);
                let dir = target
                    .parent()
                    .expect("manifest path has a parent")
                    .to_owned();
                let tmp = dir.join(format!(".{id}.{}.tmp", crate::new_id()));
                tokio::task::spawn_blocking(move || -> std::io::Result<()> {
                    std::fs::create_dir_all(&dir)?;
                    std::fs::write(&tmp, &bytes)?;
                    place(&tmp, &target)
                })
                .await
                .map_err(|e| CoreError::internal("backup write task", e))?
                .map_err(|e| CoreError::internal("writing a backup manifest", e))
            }
            Self::Bucket(bucket) => bucket.put_bytes(&name, bytes).await,
        }
    }

    /// The manifest of backup `id`, as stored.
    pub async fn manifest(&self, id: &str) -> CoreResult<Vec<u8>> {
        let name = Self::manifest_name(id)?;
        match self {
            Self::Folder(root) => match tokio::fs::read(root.join(name)).await {
                Ok(bytes) => Ok(bytes),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    Err(CoreError::not_found("no such backup"))
                }
                Err(e) => Err(CoreError::internal("reading a backup manifest", e)),
            },
            Self::Bucket(bucket) => {
                if !bucket.exists(&name).await? {
                    return Err(CoreError::not_found("no such backup"));
                }
                bucket.get_bytes(&name).await
            }
        }
    }

    /// The ids of every backup whose manifest exists, oldest first (ids sort by time).
    pub async fn manifest_ids(&self) -> CoreResult<Vec<String>> {
        let names = match self {
            Self::Folder(root) => match std::fs::read_dir(root.join("manifests")) {
                Ok(entries) => entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(CoreError::internal("listing backups", e)),
            },
            Self::Bucket(bucket) => bucket.names("manifests").await?,
        };
        let mut ids: Vec<String> = names
            .iter()
            .filter_map(|n| n.rsplit('/').next()?.strip_suffix(".json"))
            .filter(|id| Self::manifest_name(id).is_ok())
            .map(str::to_owned)
            .collect();
        ids.sort();
        Ok(ids)
    }

    /// Deletes the manifest of backup `id` (its objects go at the next prune).
    pub async fn delete_manifest(&self, id: &str) -> CoreResult<()> {
        let name = Self::manifest_name(id)?;
        match self {
            Self::Folder(root) => remove_if_present(&root.join(name)).await,
            Self::Bucket(bucket) => bucket.delete(&name).await,
        }
    }
}

/// Moves the finished file `tmp` to `target` so that it survives a crash whole or not at all:
/// its data synced, then the rename, then the folder's entry synced.
fn place(tmp: &Path, target: &Path) -> std::io::Result<()> {
    std::fs::File::open(tmp)?.sync_all()?;
    std::fs::rename(tmp, target)?;
    sync_dir(target.parent().expect("a stored file has a folder"))
}

async fn remove_if_present(path: &Path) -> CoreResult<()> {
    match tokio::fs::remove_file(path).await {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(CoreError::internal("deleting from the backup", e)),
    }
}

/// The files of `root/ab/<name>` (a content-addressed tree), as `ab/<name>`. Leftover temp
/// files of a killed run start with a dot and are listed too, so a prune removes them.
fn files_in_two_levels(root: &Path) -> std::io::Result<Vec<String>> {
    let mut out = Vec::new();
    let prefixes = match std::fs::read_dir(root) {
        Ok(p) => p,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for prefix in prefixes.flatten() {
        if !prefix.file_type()?.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(prefix.path())?.flatten() {
            out.push(format!(
                "{}/{}",
                prefix.file_name().to_string_lossy(),
                file.file_name().to_string_lossy()
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_hashes_and_ids_only() {
        let h = "ab".repeat(32);
        assert_eq!(
            BackupStore::object_name(&h).unwrap(),
            format!("objects/ab/{h}")
        );
        assert!(BackupStore::object_name("../../etc/passwd").is_err());
        assert!(BackupStore::manifest_name("20261130T175000123Zabcd").is_ok());
        for bad in ["", "../x", "a/b", "a.json", &"a".repeat(41)] {
            assert!(BackupStore::manifest_name(bad).is_err(), "{bad}");
        }
    }
}
