//! The domain of Cardsmith: one layer behind both doors (REST handlers and server functions).
//!
//! A door extracts input, calls one service function here with an [`Actor`] (who is asking), and
//! shapes the result. Validation, authorization, transactions and audit live here; doors never
//! run SQL.

pub mod ai;
pub mod archive;
pub mod audit;
pub mod auth;
pub mod backup;
pub mod cards;
pub mod collections;
pub mod crypto;
pub mod db;
pub mod drops;
pub mod error;
pub mod examples;
pub mod export;
pub mod feeds;
pub mod fleet;
pub mod health;
pub mod icon_generation;
pub mod jobs;
pub mod labels;
pub mod mail;
pub mod media;
pub mod memory;
pub mod metrics;
pub mod migrate_storage;
mod paging;
pub mod player;
pub mod priority;
pub mod recording;
pub mod settings;
pub mod slug;
pub mod stories;
pub mod throttle;
pub mod time;
pub mod tracks;
pub mod tts;
pub mod users;

pub use auth::Actor;
pub use db::Db;
pub use error::{CoreError, CoreResult};
pub use settings::CoreSettings;

/// Everything a service needs: the database and the policy knobs. Cheap to clone.
#[derive(Clone)]
pub struct Core {
    pub db: Db,
    pub settings: std::sync::Arc<CoreSettings>,
    /// Encrypts stored secrets (linked-account tokens) at rest.
    pub key: crypto::EncryptionKey,
    /// Wakes workers and cancels running jobs (the queue itself is the `jobs` table).
    pub jobs: jobs::JobQueue,
    /// Live encoders of takes being recorded in this process.
    pub recorders: recording::Recorders,
    /// The player platform client; `None` until a client id is configured.
    pub upstream: Option<std::sync::Arc<cardsmith_upstream::UpstreamClient>>,
    /// Every rate limit (in memory, per process): sign-ins, mail, speech, generations, ….
    pub throttles: std::sync::Arc<throttle::Throttles>,
    /// The OpenID Connect provider people may sign in with; `None` when not configured.
    pub oidc: Option<std::sync::Arc<users::oidc::Oidc>>,
    /// Request, job and platform-call counters of this process (`GET /metrics`).
    pub metrics: std::sync::Arc<metrics::Metrics>,
    /// Users' card lists as answered, kept while nothing in them changes; see
    /// [`cards::list_cache`].
    pub card_lists: cards::list_cache::ListCache,
    /// Linked accounts' players, live (one connection per account being looked at).
    pub live: player::live::LiveHub,
}

impl Core {
    pub fn new(db: Db, settings: CoreSettings, key: crypto::EncryptionKey) -> Self {
        let throttles = std::sync::Arc::new(throttle::Throttles::new(&settings));
        Self {
            db,
            settings: std::sync::Arc::new(settings),
            key,
            jobs: jobs::JobQueue::default(),
            recorders: recording::Recorders::default(),
            upstream: None,
            oidc: None,
            throttles,
            metrics: std::sync::Arc::default(),
            card_lists: cards::list_cache::ListCache::default(),
            live: player::live::LiveHub::default(),
        }
    }
}

/// The cores this process may use (at least one): what pools, hashing and encoders size
/// themselves by.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A fresh, time-ordered identifier (UUIDv7), so ids sort by creation.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}
