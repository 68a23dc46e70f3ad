//! Media in an S3-compatible object store (`CARDSMITH_MEDIA_URL=s3://bucket/prefix`), through
//! the `object_store` crate. Objects have the same names as the local backend's files, under
//! the prefix (`prefix/media/ab/<sha256>`, `prefix/peaks/<sha256>.json`), so a data directory
//! can be copied into a bucket as it is.
//!
//! Bodies never sit whole in memory beyond [`SINGLE_PUT_MAX`]: larger files go up in
//! multipart parts read from disk, downloads stream to disk, and served ranges are ranged GETs
//! streamed through.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use futures_util::stream::{BoxStream, StreamExt, TryStreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::path::Path as Key;
use object_store::{GetOptions, GetRange, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::{CoreError, CoreResult};

/// Files up to this size go up in one PUT; larger ones in multipart parts.
pub const SINGLE_PUT_MAX: u64 = 8 * 1024 * 1024;
/// Size of one multipart part (S3 wants at least 5 MiB but the last).
const PART_SIZE: usize = 8 * 1024 * 1024;
/// Parts uploading at once: bounds memory to about this many parts.
const PARTS_IN_FLIGHT: usize = 2;
/// Bytes read from disk at a time while uploading.
const READ_CHUNK: usize = 1024 * 1024;

/// Where the bucket is and how to reach it. Values left `None` come from the usual `AWS_*`
/// environment variables (`AWS_ENDPOINT_URL`, `AWS_REGION`, `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, `AWS_ALLOW_HTTP`, …).
#[derive(Clone, Default)]
pub struct S3Settings {
    /// `s3://bucket` or `s3://bucket/prefix`.
    pub url: String,
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    /// Allow a plain `http://` endpoint (a store on the same host or network).
    pub allow_http: bool,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings")
            .field("url", &self.url)
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .field("access_key_id", &self.access_key_id)
            .field(
                "secret_access_key",
                &self.secret_access_key.as_ref().map(|_| "[redacted]"),
            )
            .field("allow_http", &self.allow_http)
            .finish()
    }
}

/// Sizes of content-addressed objects (`media/…`) this instance has seen. Such an object never
/// changes once written, so serving it needs one ranged GET instead of a HEAD and a GET (the
/// HEAD halved the Range throughput). Bounded (emptied when full); an entry goes when the
/// object is deleted here, or when a GET finds it gone (another instance deleted it).
#[derive(Default)]
struct KnownSizes(Mutex<HashMap<Key, u64>>);

/// Entries [`KnownSizes`] holds at most (about 100 bytes each).
const KNOWN_SIZES_MAX: usize = 10_000;

impl KnownSizes {
    fn get(&self, key: &Key) -> Option<u64> {
        self.0.lock().expect("known sizes").get(key).copied()
    }

    fn insert(&self, key: &Key, size: u64) {
        let mut sizes = self.0.lock().expect("known sizes");
        if sizes.len() >= KNOWN_SIZES_MAX {
            sizes.clear();
        }
        sizes.insert(key.clone(), size);
    }

    fn forget(&self, key: &Key) {
        self.0.lock().expect("known sizes").remove(key);
    }
}

/// A bucket (and prefix) holding the media.
pub struct ObjectMedia {
    store: Arc<dyn ObjectStore>,
    sizes: Arc<KnownSizes>,
    /// `""` or `a/b`, without slashes at either end.
    prefix: String,
    /// `s3://bucket/prefix`, for logs (holds no secret).
    url: String,
}

impl std::fmt::Debug for ObjectMedia {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ObjectMedia({})", self.url)
    }
}

fn failed(context: &str, e: object_store::Error) -> CoreError {
    match e {
        object_store::Error::NotFound { .. } => CoreError::not_found("the media file is missing"),
        e => CoreError::internal(context, e),
    }
}

impl ObjectMedia {
    /// Builds the client (no request is made; see [`Self::check`]).
    pub fn connect(settings: &S3Settings) -> CoreResult<Self> {
        let invalid = |why: &str| CoreError::invalid("media_url", why.to_owned());
        let rest = settings
            .url
            .strip_prefix("s3://")
            .ok_or_else(|| invalid("an object store URL starts with s3://"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err(invalid("the URL names no bucket (s3://bucket/prefix)"));
        }
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
        if let Some(endpoint) = &settings.endpoint {
            builder = builder.with_endpoint(endpoint);
        }
        if let Some(region) = &settings.region {
            builder = builder.with_region(region);
        }
        if let Some(id) = &settings.access_key_id {
            builder = builder.with_access_key_id(id);
        }
        if let Some(secret) = &settings.secret_access_key {
            builder = builder.with_secret_access_key(secret);
        }
        if settings.allow_http {
            builder = builder.with_allow_http(true);
        }
        let store = builder
            .build()
            .map_err(|e| CoreError::internal("configuring object storage", e))?;
        let prefix = prefix.trim_matches('/').to_owned();
        Ok(Self {
            store: Arc::new(store),
            sizes: Arc::default(),
            url: format!("s3://{bucket}/{prefix}"),
            prefix,
        })
    }

    /// Asks the store for an object that need not exist, so a wrong endpoint, bucket or key
    /// stops the server at start instead of failing its first upload.
    pub async fn check(&self) -> CoreResult<()> {
        match self.store.head(&self.key(".cardsmith-check")).await {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(CoreError::internal(
                &format!("reaching the object store {}", self.url),
                e,
            )),
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// The object name of a store-relative name (`media/ab/<hash>`).
    fn key(&self, name: &str) -> Key {
        if self.prefix.is_empty() {
            Key::from(name)
        } else {
            Key::from(format!("{}/{name}", self.prefix))
        }
    }

    pub async fn exists(&self, name: &str) -> CoreResult<bool> {
        match self.store.head(&self.key(name)).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(CoreError::internal("asking the object store", e)),
        }
    }

    pub async fn put_bytes(&self, name: &str, bytes: Vec<u8>) -> CoreResult<()> {
        self.store
            .put(&self.key(name), PutPayload::from(bytes))
            .await
            .map(|_| ())
            .map_err(|e| failed("writing to the object store", e))
    }

    pub async fn get_bytes(&self, name: &str) -> CoreResult<Vec<u8>> {
        let got = self
            .store
            .get(&self.key(name))
            .await
            .map_err(|e| failed("reading from the object store", e))?;
        let bytes = got
            .bytes()
            .await
            .map_err(|e| failed("reading from the object store", e))?;
        Ok(bytes.to_vec())
    }

    /// Uploads a local file: one PUT when small, else multipart parts read from disk with at
    /// most [`PARTS_IN_FLIGHT`] in flight (an unfinished upload is aborted).
    pub async fn upload_file(&self, name: &str, path: &Path) -> CoreResult<()> {
        let io = |e: std::io::Error| CoreError::internal("reading a file to upload", e);
        let mut file = tokio::fs::File::open(path).await.map_err(io)?;
        let size = file.metadata().await.map_err(io)?.len();
        if size <= SINGLE_PUT_MAX {
            let mut bytes = Vec::with_capacity(size as usize);
            file.read_to_end(&mut bytes).await.map_err(io)?;
            return self.put_bytes(name, bytes).await;
        }
        let upload = self
            .store
            .put_multipart(&self.key(name))
            .await
            .map_err(|e| failed("starting a multipart upload", e))?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_SIZE);
        let mut buf = vec![0u8; READ_CHUNK];
        loop {
            let n = match file.read(&mut buf).await {
                Ok(n) => n,
                Err(e) => {
                    let _ = writer.abort().await;
                    return Err(io(e));
                }
            };
            if n == 0 {
                break;
            }
            if let Err(e) = writer.wait_for_capacity(PARTS_IN_FLIGHT).await {
                let _ = writer.abort().await;
                return Err(failed("uploading a part", e));
            }
            writer.write(&buf[..n]);
        }
        writer
            .finish()
            .await
            .map(|_| ())
            .map_err(|e| failed("finishing a multipart upload", e))
    }

    /// Streams an object to a local file (created or truncated).
    pub async fn download(&self, name: &str, to: &Path) -> CoreResult<()> {
        let got = self
            .store
            .get(&self.key(name))
            .await
            .map_err(|e| failed("reading from the object store", e))?;
        let io = |e: std::io::Error| CoreError::internal("writing a local copy of media", e);
        let mut file = tokio::fs::File::create(to).await.map_err(io)?;
        let mut stream = got.into_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| failed("reading from the object store", e))?;
            file.write_all(&chunk).await.map_err(io)?;
        }
        file.flush().await.map_err(io)
    }

    /// Deletes an object; one already gone is not an error.
    pub async fn delete(&self, name: &str) -> CoreResult<()> {
        let key = self.key(name);
        self.sizes.forget(&key);
        match self.store.delete(&key).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(CoreError::internal("deleting from the object store", e)),
        }
    }

    /// An object to serve: its length now, its bytes when asked for.
    pub async fn open(&self, name: &str) -> CoreResult<ObjectBody> {
        let key = self.key(name);
        let immutable = name.starts_with("media/");
        let len = match self.sizes.get(&key).filter(|_| immutable) {
            Some(len) => len,
            None => {
                let meta = self
                    .store
                    .head(&key)
                    .await
                    .map_err(|e| failed("asking the object store", e))?;
                if immutable {
                    self.sizes.insert(&key, meta.size);
                }
                meta.size
            }
        };
        Ok(ObjectBody {
            store: self.store.clone(),
            sizes: self.sizes.clone(),
            key,
            len,
        })
    }

    /// The store-relative names of the objects under `under` (`media`, `peaks`), sorted.
    pub async fn names(&self, under: &str) -> CoreResult<Vec<String>> {
        let objects: Vec<_> = self
            .store
            .list(Some(&self.key(under)))
            .try_collect()
            .await
            .map_err(|e| failed("listing the object store", e))?;
        let strip = if self.prefix.is_empty() {
            0
        } else {
            self.prefix.len() + 1
        };
        let mut names: Vec<String> = objects
            .into_iter()
            .map(|o| o.location.as_ref()[strip..].to_owned())
            .collect();
        names.sort();
        Ok(names)
    }

    /// Deletes the objects under `media/` that are not in `referenced` and older than
    /// `grace`: `(checked, removed)`.
    pub async fn sweep(
        &self,
        referenced: &std::collections::HashSet<String>,
        grace: Duration,
    ) -> CoreResult<(usize, usize)> {
        let objects: Vec<_> = self
            .store
            .list(Some(&self.key("media")))
            .try_collect()
            .await
            .map_err(|e| failed("listing the object store", e))?;
        let grace = chrono::Duration::from_std(grace).unwrap_or(chrono::Duration::MAX);
        let now = chrono::Utc::now();
        let (mut checked, mut removed) = (0, 0);
        for object in objects {
            checked += 1;
            let name = object.location.filename().unwrap_or_default();
            let old = now - object.last_modified > grace;
            if !referenced.contains(name)
                && old
                && self.store.delete(&object.location).await.is_ok()
            {
                self.sizes.forget(&object.location);
                removed += 1;
            }
        }
        Ok((checked, removed))
    }
}

/// A stored object being served.
pub struct ObjectBody {
    store: Arc<dyn ObjectStore>,
    sizes: Arc<KnownSizes>,
    key: Key,
    pub len: u64,
}

impl ObjectBody {
    /// Bytes `start..=end` (the whole object when `None`), as a ranged GET streamed through.
    pub async fn stream(
        self,
        range: Option<(u64, u64)>,
    ) -> CoreResult<BoxStream<'static, std::io::Result<Bytes>>> {
        let options = GetOptions {
            range: range.map(|(start, end)| GetRange::Bounded(start..end + 1)),
            ..GetOptions::default()
        };
        let got = match self.store.get_opts(&self.key, options).await {
            Ok(got) => got,
            Err(e) => {
                // a known size may be of an object another instance has deleted since
                self.sizes.forget(&self.key);
                return Err(failed("reading from the object store", e));
            }
        };
        Ok(got.into_stream().map_err(std::io::Error::other).boxed())
    }
}
