//! Files on local disk on their way into the store or out of it: uploads and downloads
//! arriving in pieces, ffmpeg's outputs, and local copies of stored media for ffmpeg's inputs.
//! All live under `DATA_DIR/tmp/` and are deleted when their guard is dropped.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::{CoreError, CoreResult};

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

/// Stored media as a file on local disk, for ffmpeg and the decoders that need a path. With
/// the local backend it is the stored file itself (never deleted here); with object storage
/// it is a copy under `tmp/`, deleted when this guard is dropped, whatever the job did.
#[derive(Debug)]
pub struct LocalMedia {
    path: PathBuf,
    temporary: bool,
}

impl LocalMedia {
    /// The stored file itself.
    pub(super) fn stored(path: PathBuf) -> Self {
        Self {
            path,
            temporary: false,
        }
    }

    /// A copy this guard deletes.
    pub fn copy(path: PathBuf) -> Self {
        Self {
            path,
            temporary: true,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for LocalMedia {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
