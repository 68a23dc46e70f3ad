//! The media store: content-addressed files (`media/ab/<sha256>`) where identical bytes are
//! stored once, names never collide and nothing is rewritten after it appears; plus small
//! named cache files (`peaks/<sha256>.json`).
//!
//! Two backends behind one interface, [`MediaStore`] (`core.media()`): the data directory
//! (the default; [`local`]) or an S3-compatible bucket ([`object`]). Either way ffmpeg and the
//! decoders work on local files: inputs are fetched with [`MediaStore::local`] and outputs
//! adopted with [`MediaStore::adopt_output`], both under `DATA_DIR/tmp/` ([`incoming`]).

pub mod incoming;
mod local;
pub mod object;

use std::path::Path;
use std::sync::Arc;

use sha2::{Digest, Sha256};

pub use incoming::{hash_file, tmp_path, IncomingFile, LocalMedia};
pub use local::path_of;
pub use object::{ObjectBody, ObjectMedia, S3Settings};

use crate::{CoreError, CoreResult};

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The store-relative name of the file of `hash`. Only hex hashes are accepted, so a hash
/// from a request can never name anything outside `media/`.
pub fn key_of(hash: &str) -> CoreResult<String> {
    if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(CoreError::not_found("no such media"));
    }
    Ok(format!("media/{}/{hash}", &hash[..2]))
}

/// Makes a directory's entries (a rename, a new file) survive a crash.
pub fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Where media lives, chosen once at start (`CARDSMITH_MEDIA_URL`).
#[derive(Clone, Default)]
pub enum MediaBackend {
    /// Files under the data directory.
    #[default]
    Local,
    /// Objects in an S3-compatible bucket.
    Object(Arc<ObjectMedia>),
}

impl std::fmt::Debug for MediaBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Local => f.write_str("Local"),
            Self::Object(o) => write!(f, "Object({})", o.url()),
        }
    }
}

/// A stored file opened to be served.
pub enum MediaBody {
    /// A local file: served straight from disk (the fast path).
    File { file: tokio::fs::File, len: u64 },
    /// An object: served by ranged GETs streamed through.
    Object(ObjectBody),
}

impl MediaBody {
    pub fn len(&self) -> u64 {
        match self {
            Self::File { len, .. } => *len,
            Self::Object(o) => o.len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl crate::Core {
    /// The media store of this server.
    pub fn media(&self) -> MediaStore<'_> {
        MediaStore {
            data_dir: &self.settings.data_dir,
            backend: &self.settings.media,
        }
    }
}

/// The media store's operations, whichever the backend.
pub struct MediaStore<'a> {
    data_dir: &'a Path,
    backend: &'a MediaBackend,
}

impl MediaStore<'_> {
    /// The bucket, when media lives in one.
    pub fn object(&self) -> Option<&ObjectMedia> {
        match self.backend {
            MediaBackend::Local => None,
            MediaBackend::Object(o) => Some(o),
        }
    }

    /// Stores `bytes` (small things: images) under their hash unless present; the hash.
    pub async fn put(&self, bytes: Vec<u8>) -> CoreResult<String> {
        let Some(object) = self.object() else {
            return local::put(self.data_dir, bytes).await;
        };
        let hash = sha256_hex(&bytes);
        let key = key_of(&hash)?;
        if !object.exists(&key).await? {
            object.put_bytes(&key, bytes).await?;
        }
        Ok(hash)
    }

    /// The whole content of `hash` (small things: images, audio to publish).
    pub async fn get(&self, hash: &str) -> CoreResult<Vec<u8>> {
        match self.object() {
            None => local::get(self.data_dir, hash).await,
            Some(object) => object.get_bytes(&key_of(hash)?).await,
        }
    }

    /// Whether the content of `hash` is stored.
    pub async fn exists(&self, hash: &str) -> CoreResult<bool> {
        match self.object() {
            None => Ok(tokio::fs::try_exists(path_of(self.data_dir, hash)?)
                .await
                .unwrap_or(false)),
            Some(object) => object.exists(&key_of(hash)?).await,
        }
    }

    /// Moves a finished local file (whose SHA-256 is `hash`) into the store, or drops it when
    /// those bytes are already stored. Durable before it returns: only then may the database
    /// point at it. With object storage the local file is deleted whatever the outcome.
    pub async fn adopt(&self, tmp: &Path, hash: &str) -> CoreResult<()> {
        let Some(object) = self.object() else {
            return local::adopt(self.data_dir, tmp, hash).await;
        };
        let key = key_of(hash)?;
        let stored = match object.exists(&key).await {
            Ok(true) => Ok(()),
            Ok(false) => object.upload_file(&key, tmp).await,
            Err(e) => Err(e),
        };
        let _ = tokio::fs::remove_file(tmp).await;
        stored
    }

    /// Stores a file ffmpeg produced: hashes it and moves it in. Returns `(hash, size)`.
    pub async fn adopt_output(&self, tmp: &Path) -> CoreResult<(String, u64)> {
        let (hash, size) = hash_file(tmp).await?;
        self.adopt(tmp, &hash).await?;
        Ok((hash, size))
    }

    /// The content of `hash` as a local file, for ffmpeg and the decoders.
    pub async fn local(&self, hash: &str) -> CoreResult<LocalMedia> {
        let Some(object) = self.object() else {
            return Ok(LocalMedia::stored(path_of(self.data_dir, hash)?));
        };
        let key = key_of(hash)?;
        let copy = LocalMedia::copy(tmp_path(self.data_dir, "media"));
        if let Some(dir) = copy.path().parent() {
            tokio::fs::create_dir_all(dir)
                .await
                .map_err(|e| CoreError::internal("creating tmp dir", e))?;
        }
        object.download(&key, copy.path()).await?;
        Ok(copy)
    }

    /// Deletes the content of `hash` (the caller checked nothing references it).
    pub async fn remove(&self, hash: &str) -> CoreResult<()> {
        match self.object() {
            None => {
                let _ = tokio::fs::remove_file(path_of(self.data_dir, hash)?).await;
                Ok(())
            }
            Some(object) => object.delete(&key_of(hash)?).await,
        }
    }

    /// Opens the content of `hash` to serve it (`NotFound` when missing).
    pub async fn open(&self, hash: &str) -> CoreResult<MediaBody> {
        let Some(object) = self.object() else {
            let path = path_of(self.data_dir, hash)?;
            // opened and measured on one hop to the blocking pool, not two: this runs for
            // every Range request of a track
            let opened = tokio::task::spawn_blocking(move || {
                let file = std::fs::File::open(&path)?;
                let len = file.metadata()?.len();
                Ok::<_, std::io::Error>((file, len))
            })
            .await
            .map_err(|e| CoreError::internal("opening media", e))?;
            let (file, len) = opened.map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => CoreError::not_found("the media file is missing"),
                _ => CoreError::internal("opening media", e),
            })?;
            let file = tokio::fs::File::from_std(file);
            return Ok(MediaBody::File { file, len });
        };
        Ok(MediaBody::Object(object.open(&key_of(hash)?).await?))
    }

    /// A named file (`peaks/<hash>.json`, `labels/<id>.pdf`); `NotFound` when missing.
    pub async fn read_named(&self, name: &str) -> CoreResult<Vec<u8>> {
        let name = checked_name(name)?;
        match self.object() {
            None => local::read(&self.data_dir.join(name)).await,
            Some(object) => object.get_bytes(name).await,
        }
    }

    /// Writes a named file whole (replacing it).
    pub async fn write_named(&self, name: &str, bytes: Vec<u8>) -> CoreResult<()> {
        let name = checked_name(name)?;
        match self.object() {
            None => local::write_named(&self.data_dir.join(name), &bytes).await,
            Some(object) => object.put_bytes(name, bytes).await,
        }
    }

    /// Deletes a named file; one already gone is not an error.
    pub async fn remove_named(&self, name: &str) -> CoreResult<()> {
        let name = checked_name(name)?;
        match self.object() {
            None => match tokio::fs::remove_file(self.data_dir.join(name)).await {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(CoreError::internal("deleting a stored file", e))
                }
                _ => Ok(()),
            },
            Some(object) => object.delete(name).await,
        }
    }
}

impl MediaStore<'_> {
    /// The named files under `under` (`recordings/<session>`), sorted.
    pub async fn names_under(&self, under: &str) -> CoreResult<Vec<String>> {
        let under = checked_name(under)?;
        match self.object() {
            None => local::names_under(self.data_dir, under).await,
            Some(object) => object.names(under).await,
        }
    }

    /// Deletes every named file under `under`; nothing there is not an error.
    pub async fn remove_under(&self, under: &str) -> CoreResult<()> {
        let under = checked_name(under)?;
        let Some(object) = self.object() else {
            return match tokio::fs::remove_dir_all(self.data_dir.join(under)).await {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(CoreError::internal("deleting stored files", e))
                }
                _ => Ok(()),
            };
        };
        for name in object.names(under).await? {
            object.delete(&name).await?;
        }
        Ok(())
    }
}

/// Names given to the named-file calls are made by the server (`peaks/<hash>.json`,
/// `labels/<id>.<ext>`); this refuses anything that could step outside the store anyway.
fn checked_name(name: &str) -> CoreResult<&str> {
    let safe = !name.is_empty()
        && name
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
        && !name.contains('\\');
    if safe {
        Ok(name)
    } else {
        Err(CoreError::not_found("no such file"))
    }
}
