//! The simulated platform's memory: accounts with their players, cards and icons, the OAuth
//! grants, uploads and stored media. One mutex guards it all; handlers hold it briefly and
//! never across an await.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use bytes::Bytes;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

use crate::config::SimConfig;
use crate::faults::Faults;

pub type Doc = Map<String, Value>;

/// Everything handlers share.
pub struct Shared {
    pub config: SimConfig,
    /// `http://127.0.0.1:<port>`, known once bound.
    pub base_url: String,
    /// Key of the fake URL signatures.
    pub signing_key: String,
    pub faults: Arc<Faults>,
    world: Mutex<World>,
    /// The players' MQTT broker, started by the first [`crate::SimHandle::broker_url`].
    pub(crate) broker: tokio::sync::OnceCell<Arc<crate::broker::Broker>>,
}

pub type SharedState = Arc<Shared>;

impl Shared {
    pub fn new(config: SimConfig, base_url: String, world: World) -> Self {
        Self {
            config,
            base_url,
            signing_key: crate::ids::secret(),
            faults: Arc::default(),
            world: Mutex::new(world),
            broker: tokio::sync::OnceCell::new(),
        }
    }

    /// Tells a running broker about tokens just handed out, so a client may connect with one
    /// as soon as it has it. Nothing to do while no broker runs.
    pub async fn sync_broker(self: &Arc<Self>) {
        if let Some(broker) = self.broker.get() {
            if let Err(e) = broker.sync(self).await {
                tracing::warn!(error = %e, "syncing the simulated broker failed");
            }
        }
    }

    /// Locks the world. A poisoned lock (a panicking test thread) is still usable: the data
    /// is plain maps and a half-applied change is better than a simulator that stops answering.
    pub fn world(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The token audience: the API base URL.
    pub fn audience(&self) -> &str {
        &self.base_url
    }
}

pub struct World {
    pub accounts: BTreeMap<String, Account>,
    /// Who the authorize endpoint signs in (the simulated browser session).
    pub login_user: String,
    /// When false, authorize answers `access_denied` (the user clicked "Deny").
    pub consent: bool,
    pub codes: HashMap<String, AuthCode>,
    pub access_tokens: HashMap<String, AccessGrant>,
    pub refresh_tokens: HashMap<String, RefreshGrant>,
    pub uploads: HashMap<String, Upload>,
    /// Source SHA-256 (hex) → upload id, for dedupe.
    pub uploads_by_sha: HashMap<String, String>,
    /// Transcoded audio by transcoded hash; images by media id.
    pub blobs: HashMap<String, Blob>,
    pub public_icons: Vec<Doc>,
    /// Signed URLs issued at or before this instant are expired.
    /// How many signed URLs were handed out (each carries its number).
    pub signed_urls_issued: u64,
    /// URLs numbered up to this one are expired (`expire_signed_urls`). A count, not a time:
    /// a URL signed in the same millisecond as the revocation must still work.
    pub signed_urls_revoked_through: u64,
    /// The next N transcodes fail.
    pub failing_transcodes: u32,
    pub stats: Stats,
}

/// Counters tests assert on.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub code_grants: u32,
    pub refresh_grants: u32,
    /// Refresh tokens presented after they were used (a client bug on the real platform).
    pub refresh_token_reuse: u32,
    pub rejected_refreshes: u32,
    /// Requests to pre-signed URLs that carried an Authorization header.
    pub presigned_with_authorization: u32,
    pub audio_puts: u32,
    /// Icon upload requests, duplicates included.
    pub icon_uploads: u32,
    pub transcode_polls: u32,
    /// 429 answers sent by the fault layer.
    pub rate_limited: u32,
    /// Requests retried before the `Retry-After` they were given had passed.
    pub early_retries: u32,
}

pub struct Account {
    pub user_id: String,
    pub email: String,
    pub family_id: String,
    pub created_at: DateTime<Utc>,
    pub devices: BTreeMap<String, Device>,
    pub cards: BTreeMap<String, Doc>,
    /// Own icons in upload order.
    pub icons: Vec<Doc>,
    pub commands: Vec<DeviceCommand>,
}

pub struct Device {
    /// Fields of the device list entry (deviceId, name, deviceType, …).
    pub summary: Doc,
    /// Extra top-level fields of the config answer (fwVersion, mac, …).
    pub details: Doc,
    pub status: Doc,
    pub config: Doc,
    pub shortcuts: Value,
    pub added_at: DateTime<Utc>,
}

/// A command a client sent to a player.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeviceCommand {
    pub device_id: String,
    pub command: String,
    pub body: Value,
}

pub struct AuthCode {
    pub client_id: String,
    pub redirect_uri: String,
    pub code_challenge: String,
    pub scope: Vec<String>,
    pub user_id: String,
    pub expires_at: DateTime<Utc>,
}

pub struct AccessGrant {
    pub user_id: String,
    pub scope: Vec<String>,
    pub expires_at: DateTime<Utc>,
}

pub struct RefreshGrant {
    pub user_id: String,
    pub scope: Vec<String>,
    /// All tokens rotated from one code share a family; reuse revokes the family.
    pub family: String,
    pub used: bool,
}

pub struct Upload {
    pub upload_id: String,
    pub sha256: Option<String>,
    pub filename: String,
    pub transcode: Option<TranscodeJob>,
}

/// A transcode in progress: it advances one phase per poll.
pub struct TranscodeJob {
    pub polls: usize,
    pub fails: bool,
    pub transcoded_sha256: String,
    pub info: Value,
}

pub struct Blob {
    pub bytes: Bytes,
    pub content_type: String,
}

impl World {
    pub fn new(default_account: Account) -> Self {
        let login_user = default_account.user_id.clone();
        let mut accounts = BTreeMap::new();
        accounts.insert(login_user.clone(), default_account);
        Self {
            accounts,
            login_user,
            consent: true,
            codes: HashMap::new(),
            access_tokens: HashMap::new(),
            refresh_tokens: HashMap::new(),
            uploads: HashMap::new(),
            uploads_by_sha: HashMap::new(),
            blobs: HashMap::new(),
            public_icons: Vec::new(),
            signed_urls_issued: 0,
            signed_urls_revoked_through: 0,
            failing_transcodes: 0,
            stats: Stats::default(),
        }
    }

    pub fn account_mut(&mut self, user_id: &str) -> Option<&mut Account> {
        self.accounts.get_mut(user_id)
    }
}

impl Account {
    pub fn new(email: &str) -> Self {
        Self {
            user_id: format!("auth0|{}", crate::ids::hex_id(24)),
            email: email.to_owned(),
            family_id: crate::ids::alphanumeric(10),
            created_at: Utc::now(),
            devices: BTreeMap::new(),
            cards: BTreeMap::new(),
            icons: Vec::new(),
            commands: Vec::new(),
        }
    }
}

/// RFC 3339 with milliseconds, the platform's timestamp format.
pub fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
