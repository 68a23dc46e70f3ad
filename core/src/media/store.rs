//! Content-addressed files under `DATA_DIR/media/ab/<sha256>`: identical bytes are stored
//! once, names never collide, and a file is never rewritten after it appears.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::{CoreError, CoreResult};

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
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
        std::fs::rename(&tmp, &path)?;
        sync_dir(&dir)
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

/// Where files being written live until they are complete (same filesystem as `media/`, so
/// adopting one is a rename).
pub fn tmp_path(data_dir: &Path, extension: &str) -> PathBuf {
    data_dir
        .join("tmp")
        .join(format!("{}.{extension}", crate::new_id()))
}

/// A file arriving in pieces (an upload, a download), hashed as it is written so it is never
/// held whole in memory and never read twice. Dropped unfinished, it deletes itself.
pub struct IncomingFile {
    path: PathBuf,
    file: Option<tokio::fs::File>,
    hasher: Sha256,
    size: u64,
    limit: u64,
}

impl IncomingFile {
    /// Starts a file under `tmp/` that refuses to grow beyond `limit` bytes.
    pub async fn create(data_dir: &Path, limit: u64) -> CoreResult<Self> {
        let path = tmp_path(data_dir, "part");
        let dir = path.parent().expect("tmp path has a parent");
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|e| CoreError::internal("creating tmp dir", e))?;
        let file = tokio::fs::File::create(&path)
            .await
            .map_err(|e| CoreError::internal("creating upload file", e))?;
        Ok(Self {
            path,
            file: Some(file),
            hasher: Sha256::new(),
            size: 0,
            limit,
        })
    }

    pub async fn write(&mut self, bytes: &[u8]) -> CoreResult<()> {
        use tokio::io::AsyncWriteExt;
        self.size += bytes.len() as u64;
        if self.size > self.limit {
            return Err(CoreError::TooLarge(format!(
                "the file is larger than the limit of {} bytes",
                self.limit
            )));
        }
        self.hasher.update(bytes);
        let file = self.file.as_mut().expect("file open until finish");
        file.write_all(bytes)
            .await
            .map_err(|e| CoreError::internal("writing upload", e))
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    /// Flushes to disk and hands over the finished file: `(path, sha256, size)`. The caller
    /// adopts it into the store (or deletes it).
    pub async fn finish(mut self) -> CoreResult<(PathBuf, String, u64)> {
        let file = self.file.take().expect("finish once");
        file.sync_all()
            .await
            .map_err(|e| CoreError::internal("syncing upload", e))?;
        drop(file);
        let hash = hex::encode(std::mem::take(&mut self.hasher).finalize());
        let path = std::mem::take(&mut self.path);
        Ok((path, hash, self.size))
    }
}

impl Drop for IncomingFile {
    fn drop(&mut self) {
        if !self.path.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// SHA-256 of a file on disk, read in blocks (for files ffmpeg wrote).
pub async fn hash_file(path: &Path) -> CoreResult<(String, u64)> {
    let path = path.to_owned();
    tokio::task::spawn_blocking(move || -> std::io::Result<(String, u64)> {
        use std::io::Read;
        let mut file = std::fs::File::open(&path)?;
        let mut hasher = Sha256::new();
        let mut buf = vec![0u8; 256 * 1024];
        let mut size = 0u64;
        loop {
            let n = file.read(&mut buf)?;
            if n == 0 {
                break;
            }
            size += n as u64;
            hasher.update(&buf[..n]);
        }
        let hash = hex::encode(hasher.finalize());
        Ok((hash, size))
    })
    .await
    .map_err(|e| CoreError::internal("hash task", e))?
    .map_err(|e| CoreError::internal("hashing a media file", e))
}

/// Moves a finished file into the store under `hash` (or drops it when those bytes are
/// already stored) and returns the stored path.
///
/// Durable before it returns: the file's data is synced before the rename (so a crash never
/// leaves a named but empty file that its hash claims to be), and the directory after it (so
/// the name itself survives a crash). Only then may the database point at it.
pub async fn adopt(data_dir: &Path, tmp: &Path, hash: &str) -> CoreResult<PathBuf> {
    let path = path_of(data_dir, hash)?;
    if tokio::fs::try_exists(&path).await.unwrap_or(false) {
        let _ = tokio::fs::remove_file(tmp).await;
        return Ok(path);
    }
    let (tmp, target) = (tmp.to_owned(), path.clone());
    tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        let dir = target.parent().expect("media path has a parent");
        std::fs::create_dir_all(dir)?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, &target)?;
        sync_dir(dir)
    })
    .await
    .map_err(|e| CoreError::internal("media adopt task", e))?
    .map_err(|e| CoreError::internal("moving a file into the media store", e))?;
    Ok(path)
}

/// Makes a directory's entries (a rename, a new file) survive a crash.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Stores a file ffmpeg produced: hashes it and moves it in. Returns `(hash, size)`.
pub async fn adopt_output(data_dir: &Path, tmp: &Path) -> CoreResult<(String, u64)> {
    let (hash, size) = hash_file(tmp).await?;
    adopt(data_dir, tmp, &hash).await?;
    Ok((hash, size))
}
