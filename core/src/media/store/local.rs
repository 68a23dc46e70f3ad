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

/// Writes a named file whole, atomically (temp file then rename), so a reader never sees
/// half of it.
pub async fn write_named(path: &Path, bytes: &[u8]) -> CoreResult<()> {
    let dir = path.parent().expect("named files live in a folder");
    let tmp = dir.join(format!(".{}.tmp", crate::new_id()));
    let io = |e: std::io::Error| CoreError::internal("writing a stored file", e);
    tokio::fs::create_dir_all(dir).await.map_err(io)?;
    if let Err(e) = tokio::fs::write(&tmp, bytes).await {
        let _ = tokio::fs::remove_file(&tmp).await;
        return Err(io(e));
    }
    tokio::fs::rename(&tmp, path).await.map_err(io)
}
