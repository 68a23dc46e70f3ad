//! The domain of Cardsmith: one layer behind both doors (REST handlers and server functions).
//!
//! A door extracts input, calls one service function here with an [`Actor`] (who is asking), and
//! shapes the result. Validation, authorization, transactions and audit live here; doors never
//! run SQL.

pub mod ai;
pub mod audit;
pub mod auth;
pub mod cards;
pub mod collections;
pub mod crypto;
pub mod db;
pub mod error;
pub mod examples;
pub mod fleet;
pub mod generation;
pub mod health;
pub mod icon_gen;
pub mod jobs;
pub mod labels;
pub mod mail;
pub mod media;
pub mod memory;
pub mod metrics;
pub mod migrate_storage;
mod paging;
pub mod player;
pub mod recording;
pub mod settings;
pub mod slug;
pub mod stories;
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
    /// Sign-in attempts per client address and account (in memory, per process).
    pub login_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// The OpenID Connect provider people may sign in with; `None` when not configured.
    pub oidc: Option<std::sync::Arc<auth::oidc::Oidc>>,
    /// Request, job and platform-call counters of this process (`GET /metrics`).
    pub metrics: std::sync::Arc<metrics::Metrics>,
    /// Requests that make the server mail a link (forgot-password, resend-verification), per
    /// client address and per (address, email); see [`users::recovery`].
    pub mail_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Account deletion requests, per client address and per (address, user); see
    /// [`users::deletion_requests`].
    pub deletion_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Speech previews and spoken tracks, per client address and per (address, user); see
    /// [`tts::preview`].
    pub tts_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Cover generations, per client address and per (address, user); see
    /// [`cards::generate`].
    pub cover_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Icon generations (theme suggestions, batches, variations), per client address and
    /// per (address, user); see [`icon_gen`].
    pub icon_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Story drafts and story cards, per client address and per (address, user); see
    /// [`stories`].
    pub story_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Collection invitations, per client address and per (address, inviter); see
    /// [`collections::invitations`].
    pub invitation_throttle: std::sync::Arc<auth::throttle::LoginThrottle>,
    /// Users' card lists as answered, kept while nothing in them changes; see
    /// [`cards::list_cache`].
    pub card_lists: cards::list_cache::ListCache,
}

impl Core {
    pub fn new(db: Db, settings: CoreSettings, key: crypto::EncryptionKey) -> Self {
        let login_throttle = std::sync::Arc::new(auth::throttle::LoginThrottle::new(
            settings.login_attempts_per_address,
            settings.login_attempts_per_account,
        ));
        Self {
            db,
            settings: std::sync::Arc::new(settings),
            key,
            jobs: jobs::JobQueue::default(),
            recorders: recording::Recorders::default(),
            upstream: None,
            oidc: None,
            login_throttle,
            metrics: std::sync::Arc::default(),
            mail_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                users::recovery::MAIL_REQUESTS_PER_ADDRESS,
                users::recovery::MAIL_REQUESTS_PER_ACCOUNT,
            )),
            deletion_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                users::deletion_requests::REQUESTS_PER_ADDRESS,
                users::deletion_requests::REQUESTS_PER_USER,
            )),
            tts_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                tts::preview::SPEECH_PER_ADDRESS,
                tts::preview::SPEECH_PER_USER,
            )),
            cover_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                cards::generate::GENERATIONS_PER_ADDRESS,
                cards::generate::GENERATIONS_PER_USER,
            )),
            icon_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                icon_gen::GENERATIONS_PER_ADDRESS,
                icon_gen::GENERATIONS_PER_USER,
            )),
            story_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                stories::STORIES_PER_ADDRESS,
                stories::STORIES_PER_USER,
            )),
            invitation_throttle: std::sync::Arc::new(auth::throttle::LoginThrottle::new(
                collections::invitations::INVITATIONS_PER_ADDRESS,
                collections::invitations::INVITATIONS_PER_USER,
            )),
            card_lists: cards::list_cache::ListCache::default(),
        }
    }
}

/// A fresh, time-ordered identifier (UUIDv7), so ids sort by creation.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}
