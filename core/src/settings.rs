//! Policy knobs of the domain, set once at start from the server's configuration.

use std::path::PathBuf;

use chrono::Duration;

#[derive(Debug, Clone)]
pub struct CoreSettings {
    /// Session cookies carry `Secure` (the public URL is https).
    pub secure_cookies: bool,
    /// How long a session lives without use before it expires.
    pub session_idle: Duration,
    /// How long a session lives at most, however active (counted from sign-in).
    pub session_lifetime: Duration,
    /// Sign-in attempts a minute from one client address (429 beyond).
    pub login_attempts_per_address: u32,
    /// Sign-in attempts a minute for one email from one client address (429 beyond).
    pub login_attempts_per_account: u32,
    /// Take the client address from the last `X-Forwarded-For` entry (behind a reverse proxy
    /// that sets it) instead of the TCP peer.
    pub trust_forwarded_for: bool,
    /// Failed sign-ins in a row, for one email from one client address, that lock that
    /// address out of that email.
    pub max_failed_logins: i64,
    /// How long a lockout lasts.
    pub lockout: Duration,
    /// Where media (`media/`) and generated files (`labels/`) live.
    pub data_dir: PathBuf,
    /// Where media lives: the data directory (default) or an S3-compatible bucket.
    pub media: crate::media::store::MediaBackend,
    /// Largest image upload accepted, in bytes.
    pub max_image_bytes: usize,
    /// Largest audio upload (or recording) accepted, in bytes.
    pub max_audio_bytes: u64,
    /// Whether stream tracks may point at loopback/private addresses (tests, home networks).
    pub allow_private_streams: bool,
    /// `host:port` pairs on the operator's own network that podcast feeds (and their episodes
    /// and artwork) may be fetched from although private; everything else private is refused.
    pub feed_allow_hosts: Vec<String>,
    /// Seconds of audio per recording chunk the browser is asked for.
    pub chunk_interval_s: i64,
    /// A recording session that receives nothing for this long is abandoned.
    pub recording_ttl: Duration,
    /// A live recording encoder that receives nothing for this long is stopped (the session
    /// stays open; its saved chunks are converted when it is finished).
    pub recording_idle: Duration,
    /// Recording sessions one user may have open at once.
    pub max_open_recordings: i64,
    /// Longest audio a track may hold.
    pub max_track_duration: Duration,
    /// Playable tracks a card may hold (the player platform's own limit is 100).
    pub max_tracks_per_card: i64,
    /// Bytes of audio (originals and player copies) one user may add in all; `None` = no cap.
    pub max_storage_per_user: Option<u64>,
    /// How long a job claim lasts without a heartbeat (then it counts as orphaned).
    pub job_lease: Duration,
    /// Longest a single run of a job may take; then it is stopped and failed.
    pub job_timeout: std::time::Duration,
    /// The token a scraper presents as `Authorization: Bearer` to read `GET /metrics`;
    /// `None`: only admin sessions may.
    pub metrics_token: Option<crate::metrics::MetricsToken>,
    /// The public origin (`scheme://host[:port]`) absolute links in mail start with.
    pub public_origin: String,
    /// The SMTP server mail is handed to; `None`: mail is written to `DATA_DIR/outbox`.
    pub smtp: Option<crate::mail::SmtpConfig>,
    /// The `From` of every mail: `Name <address>` or an address.
    pub mail_from: String,
    /// A deletion request nobody decided becomes `expired` this long after it was made.
    pub deletion_request_ttl: Duration,
    /// The operator's base URL per AI provider kind (`--ai-base-url KIND=URL`), used by
    /// records without their own; trusted (not checked by the SSRF guard).
    pub ai_base_urls: std::collections::BTreeMap<String, url::Url>,
    /// Whether a user's AI provider base URL may point at loopback and private addresses.
    pub allow_private_ai_urls: bool,
    /// Longest one attempt of an AI provider call may take.
    pub ai_timeout: std::time::Duration,
    /// How long an account's player connection stays open after its last page or command.
    pub live_linger: std::time::Duration,
    /// How long a command waits for the player's acknowledgement before saying it did not
    /// answer (players that are off are the common case).
    pub live_ack_timeout: std::time::Duration,
    /// Scheduled backups (`CARDSMITH_BACKUP_TO` and its companions); `None`: off.
    pub backup: Option<crate::backup::BackupSettings>,
}

impl Default for CoreSettings {
    fn default() -> Self {
        Self {
            secure_cookies: false,
            session_idle: Duration::days(30),
            session_lifetime: Duration::days(30),
            login_attempts_per_address: 30,
            login_attempts_per_account: 10,
            trust_forwarded_for: false,
            max_failed_logins: 5,
            lockout: Duration::minutes(15),
            data_dir: PathBuf::from("data"),
            media: crate::media::store::MediaBackend::Local,
            max_image_bytes: 10 * 1024 * 1024,
            max_audio_bytes: 1024 * 1024 * 1024,
            allow_private_streams: false,
            feed_allow_hosts: Vec::new(),
            chunk_interval_s: 5,
            recording_ttl: Duration::hours(24),
            recording_idle: Duration::minutes(10),
            max_open_recordings: 3,
            max_track_duration: Duration::hours(5),
            max_tracks_per_card: 100,
            max_storage_per_user: None,
            job_lease: Duration::minutes(5),
            job_timeout: std::time::Duration::from_secs(3 * 3600),
            metrics_token: None,
            public_origin: "http://127.0.0.1:3000".into(),
            smtp: None,
            mail_from: "Cardsmith <cardsmith@localhost.localdomain>".into(),
            deletion_request_ttl: Duration::days(30),
            ai_base_urls: std::collections::BTreeMap::new(),
            allow_private_ai_urls: false,
            ai_timeout: std::time::Duration::from_secs(60),
            live_linger: crate::player::live::LINGER,
            live_ack_timeout: std::time::Duration::from_secs(5),
            backup: None,
        }
    }
}
