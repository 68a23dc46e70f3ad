//! Files the platform names in its answers (chapter audio, icons, covers), fetched under limits.
//!
//! The platform hands out URLs; the client (`cardsmith_upstream`) refuses to follow them into a
//! private network unless they are on the configured platform hosts (or the operator allows
//! private addresses, as for streams). Here every download is capped, and audio goes to a file
//! under `tmp/` chunk by chunk, hashed on the way, so a large (or endless) answer never fills
//! the memory.

use std::path::PathBuf;

use cardsmith_upstream::{AccountClient, UpstreamError};

use crate::media::store::IncomingFile;
use crate::{Core, CoreError};

/// Most bytes a cover or chapter icon from the platform may have (its covers are small JPEGs,
/// its icons 16x16).
pub const MAX_IMAGE_DOWNLOAD: u64 = 5 * 1024 * 1024;

/// A failed fetch: the platform's side (an expired URL is a 403 worth retrying with a fresh
/// one) or ours (disk, limits).
#[derive(Debug)]
pub enum Failure {
    Upstream(UpstreamError),
    Local(CoreError),
}

impl From<CoreError> for Failure {
    fn from(e: CoreError) -> Self {
        Self::Local(e)
    }
}

impl From<UpstreamError> for Failure {
    fn from(e: UpstreamError) -> Self {
        Self::Upstream(e)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Upstream(e) => e.fmt(f),
            Self::Local(e) => e.fmt(f),
        }
    }
}

/// A downloaded file under `tmp/`: path, SHA-256, size. The caller adopts or deletes it.
pub struct Fetched {
    pub path: PathBuf,
    pub hash: String,
    pub size: u64,
}

/// Streams `url` into a file under `tmp/`, refusing more than the audio limit
/// (`CARDSMITH_MAX_AUDIO_BYTES`).
pub async fn audio(core: &Core, client: &AccountClient, url: &str) -> Result<Fetched, Failure> {
    to_file(core, client, url, core.settings.max_audio_bytes).await
}

/// A cover or icon, at most [`MAX_IMAGE_DOWNLOAD`] bytes (and never more than image uploads
/// may have), through a file like audio, then read for decoding.
pub async fn image(core: &Core, client: &AccountClient, url: &str) -> Result<Vec<u8>, Failure> {
    let limit = MAX_IMAGE_DOWNLOAD.min(core.settings.max_image_bytes as u64);
    let fetched = to_file(core, client, url, limit).await?;
    let bytes = tokio::fs::read(&fetched.path)
        .await
        .map_err(|e| CoreError::internal("reading a downloaded image", e));
    let _ = tokio::fs::remove_file(&fetched.path).await;
    Ok(bytes?)
}

async fn to_file(
    core: &Core,
    client: &AccountClient,
    url: &str,
    limit: u64,
) -> Result<Fetched, Failure> {
    let mut download = client.download_signed(url, limit).await?;
    // dropped unfinished (an error below), the file deletes itself
    let mut file = IncomingFile::create(&core.settings.data_dir, limit).await?;
    while let Some(chunk) = download.chunk().await? {
        file.write(&chunk).await?;
    }
    let (path, hash, size) = file.finish().await?;
    Ok(Fetched { path, hash, size })
}
