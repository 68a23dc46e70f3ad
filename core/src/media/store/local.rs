//! The default media backend: content-addressed files under `DATA_DIR/media/ab/<sha256>`.
//! Writes are atomic (temp file, fsync, rename, directory fsync), so a name that exists always
//! holds its whole content, and a file is never rewritten after it appears.

use std::path::{Path, PathBuf};

use super::{key_of, sha256_hex, sync_dir};
use crate::{CoreError, CoreResult};

/// Where the file of `hash` lives. Only hex hashes are accepted (see [`key_of`]), so a hash
/// from a request can never point outside the media directory.
pub fn path_of(data_dir: &Path, hash: &str) -> CoreResult<PathBuf> {
    Ok(data_dir.join(key_of(hash)?))
}

/// Writes `bytes` under their hash unless present.
pub async fn put(data_dir: &Path, bytes: Vec<u8>) -> CoreResult<String> {
    let hash = sha256_hex(&bytes);
    let path = path_of(data_dir, &hash)?;
    if tokio::fs::try_exists(&path).await.unwrap_or(false) {
        return Ok(hash);
    }
    let dir = path.parent().expect("media path has a parent").to_owned();
    let tmp = dir.join(format!(".{hash}.{}.tmp", crate::new_id()));
    let written = tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        std::fs::create_dir_all(&dir)?;
        std::fs::write(&tmp, &bytes)?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, &path)?;
        sync_dir(&dir)
    })
    .await
    .map_err(|e| CoreError::internal("media write task", e))?;
    written.map_err(|e| CoreError::internal("writing media", e))?;
    Ok(hash)
}

pub async fn get(data_dir: &Path, hash: &str) -> CoreResult<Vec<u8>> {
    read(&path_of(data_dir, hash)?).await
}

/// The bytes of a file of the store (or of its named files), `NotFound` when missing.
pub async fn read(path: &Path) -> CoreResult<Vec<u8>> {
    tokio::fs::read(path).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => CoreError::not_found("the media file is missing"),
        _ => CoreError::internal("reading media", e),
    })
}

/// Moves a finished file into the store under `hash` (or drops it when those bytes are
/// already stored).
///
/// Durable before it returns: the file's data is synced before the rename (so a crash never
/// leaves a named but empty file that its hash claims to be), and the directory after it (so
/// the name itself survives a crash). Only then may the database point at it.
pub async fn adopt(data_dir: &Path, tmp: &Path, hash: &str) -> CoreResult<()> {
    let path = path_of(data_dir, hash)?;
    if tokio::fs::try_exists(&path).await.unwrap_or(false) {
        let _ = tokio::fs::remove_file(tmp).await;
        return Ok(());
    }
    let (tmp, target) = (tmp.to_owned(), path);
    tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        let dir = target.parent().expect("media path has a parent");
        std::fs::create_dir_all(dir)?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, &target)?;
        sync_dir(dir)
    })
    .await
    .map_err(|e| CoreError::internal("media adopt task", e))?
    .map_err(|e| CoreError::internal("moving a file into the media store", e))
}

/// Writes a named file whole, atomically and durably (temp file, fsync, rename, directory
/// fsync), so a reader never sees half of it and a crash never loses one that was written
/// (a recording's chunk is counted as soon as this returns).
pub async fn write_named(path: &Path, bytes: &[u8]) -> CoreResult<()> {
    let dir = path
        .parent()
        .expect("named files live in a folder")
        .to_owned();
    let tmp = dir.join(format!(".{}.tmp", crate::new_id()));
    let (path, bytes) = (path.to_owned(), bytes.to_vec());
    let written = tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        std::fs::create_dir_all(&dir)?;
        let result = std::fs::write(&tmp, &bytes)
            .and_then(|()| std::fs::File::open(&tmp)?.sync_all())
            .and_then(|()| std::fs::rename(&tmp, &path));
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.and_then(|()| sync_dir(&dir))
    })
    .await
    .map_err(|e| CoreError::internal("named file write task", e))?;
    written.map_err(|e| CoreError::internal("writing a stored file", e))
}

/// The names (relative to `data_dir`) of the files under `data_dir/under`, sorted; none when
/// it does not exist.
pub async fn names_under(data_dir: &Path, under: &str) -> CoreResult<Vec<String>> {
    let (root, under) = (data_dir.to_owned(), under.to_owned());
    tokio::task::spawn_blocking(move || {
        let mut names = Vec::new();
        let mut dirs = vec![root.join(&under)];
        while let Some(dir) = dirs.pop() {
            let entries = match std::fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            for entry in entries {
                let path = entry?.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if let Ok(name) = path.strip_prefix(&root) {
                    names.push(name.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        names.sort();
        Ok(names)
    })
    .await
    .map_err(|e| CoreError::internal("listing task", e))?
    .map_err(|e| CoreError::internal("listing stored files", e))
}
