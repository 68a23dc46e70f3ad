//! Content-addressed files under `DATA_DIR/media/ab/<sha256>`: identical bytes are stored
//! once, names never collide, and a file is never rewritten after it appears.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::{CoreError, CoreResult};

pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Where the file of `hash` lives. Only hex hashes are accepted, so a hash from a request can
/// never point outside the media directory.
pub fn path_of(data_dir: &Path, hash: &str) -> CoreResult<PathBuf> {
    if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(CoreError::not_found("no such media"));
    }
    Ok(data_dir.join("media").join(&hash[..2]).join(hash))
}

/// Writes `bytes` under their hash (atomically: temp file, fsync, rename) unless present.
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
        std::fs::rename(&tmp, &path)
    })
    .await
    .map_err(|e| CoreError::internal("media write task", e))?;
    written.map_err(|e| CoreError::internal("writing media", e))?;
    Ok(hash)
}

pub async fn get(data_dir: &Path, hash: &str) -> CoreResult<Vec<u8>> {
    let path = path_of(data_dir, hash)?;
    tokio::fs::read(&path).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => CoreError::not_found("the media file is missing"),
        _ => CoreError::internal("reading media", e),
    })
}
