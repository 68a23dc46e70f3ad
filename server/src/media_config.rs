//! Where media lives (`--media-url`): the data directory, or an S3-compatible bucket reached
//! with the `--s3-*` settings, each falling back to the usual `AWS_*` variable.

use std::sync::Arc;

use anyhow::Context;
use cardsmith_core::media::store::{MediaBackend, ObjectMedia, S3Settings};
use clap::Args;

#[derive(Clone, Args)]
pub struct MediaConfig {
    /// Where media lives: `s3://bucket/prefix` for an S3-compatible object store, or `file://` (the data directory) [default: DATA_DIR/media].
    #[arg(long, env = "CARDSMITH_MEDIA_URL")]
    pub media_url: Option<String>,

    /// Endpoint of the object store, e.g. http://127.0.0.1:3900 [default: AWS_ENDPOINT_URL, else AWS].
    #[arg(long, env = "CARDSMITH_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,

    /// Region of the bucket [default: AWS_REGION, else us-east-1].
    #[arg(long, env = "CARDSMITH_S3_REGION")]
    pub s3_region: Option<String>,

    /// Access key id [default: AWS_ACCESS_KEY_ID].
    #[arg(long, env = "CARDSMITH_S3_ACCESS_KEY_ID")]
    pub s3_access_key_id: Option<String>,

    /// Secret access key [default: AWS_SECRET_ACCESS_KEY].
    #[arg(long, env = "CARDSMITH_S3_SECRET_ACCESS_KEY", hide_env_values = true)]
    pub s3_secret_access_key: Option<String>,

    /// Allow a plain http:// endpoint (an object store on this host or a private network).
    #[arg(long, env = "CARDSMITH_S3_ALLOW_HTTP")]
    pub s3_allow_http: bool,
}

impl std::fmt::Debug for MediaConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MediaConfig")
            .field("media_url", &self.media_url)
            .field("s3_endpoint", &self.s3_endpoint)
            .field("s3_region", &self.s3_region)
            .field("s3_access_key_id", &self.s3_access_key_id)
            .field(
                "s3_secret_access_key",
                &self.s3_secret_access_key.as_ref().map(|_| "[redacted]"),
            )
            .field("s3_allow_http", &self.s3_allow_http)
            .finish()
    }
}

impl MediaConfig {
    /// The object store's endpoint and credentials (without a bucket URL): for an `s3://`
    /// backup target.
    pub fn s3_settings(&self) -> S3Settings {
        S3Settings {
            url: String::new(),
            endpoint: self.s3_endpoint.clone(),
            region: self.s3_region.clone(),
            access_key_id: self.s3_access_key_id.clone(),
            secret_access_key: self.s3_secret_access_key.clone(),
            allow_http: self.s3_allow_http,
        }
    }

    /// The backend these settings name; a bucket is asked once, so a wrong endpoint or key
    /// stops the server at start.
    pub async fn open(&self) -> anyhow::Result<MediaBackend> {
        let url = match self.media_url.as_deref().map(str::trim) {
            None | Some("") => return Ok(MediaBackend::Local),
            Some(url) if url.starts_with("file://") => return Ok(MediaBackend::Local),
            Some(url) => url,
        };
        anyhow::ensure!(
            url.starts_with("s3://"),
            "CARDSMITH_MEDIA_URL must be s3://bucket/prefix or file:// (got a {} URL)",
            url.split("://").next().unwrap_or("schemeless")
        );
        let settings = S3Settings {
            url: url.to_owned(),
            endpoint: self.s3_endpoint.clone(),
            region: self.s3_region.clone(),
            access_key_id: self.s3_access_key_id.clone(),
            secret_access_key: self.s3_secret_access_key.clone(),
            allow_http: self.s3_allow_http,
        };
        let bucket = ObjectMedia::connect(&settings)
            .map_err(|e| anyhow::anyhow!("CARDSMITH_MEDIA_URL: {e}"))?;
        bucket
            .check()
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))
            .context("CARDSMITH_MEDIA_URL")?;
        tracing::info!(store = bucket.url(), "media lives in object storage");
        Ok(MediaBackend::Object(Arc::new(bucket)))
    }
}
