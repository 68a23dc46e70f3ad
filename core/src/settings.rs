//! Policy knobs of the domain, set once at start from the server's configuration.

use std::path::PathBuf;

use chrono::Duration;

#[derive(Debug, Clone)]
pub struct CoreSettings {
    /// Session cookies carry `Secure` (the public URL is https).
    pub secure_cookies: bool,
    /// How long a session lives without use before it expires.
    pub session_idle: Duration,
    /// Failed sign-ins in a row that lock an account.
    pub max_failed_logins: i64,
    /// How long a lockout lasts.
    pub lockout: Duration,
    /// Where media (`media/`) and generated files (`labels/`) live.
    pub data_dir: PathBuf,
    /// Largest image upload accepted, in bytes.
    pub max_image_bytes: usize,
    /// Largest audio upload (or recording) accepted, in bytes.
    pub max_audio_bytes: u64,
    /// Whether stream tracks may point at loopback/private addresses (tests, home networks).
    pub allow_private_streams: bool,
    /// Seconds of audio per recording chunk the browser is asked for.
    pub chunk_interval_s: i64,
    /// A recording session that receives nothing for this long is abandoned.
    pub recording_ttl: Duration,
    /// How long a job claim lasts without a heartbeat (then it counts as orphaned).
    pub job_lease: Duration,
}

impl Default for CoreSettings {
    fn default() -> Self {
        Self {
            secure_cookies: false,
            session_idle: Duration::days(30),
            max_failed_logins: 5,
            lockout: Duration::minutes(15),
            data_dir: PathBuf::from("data"),
            max_image_bytes: 10 * 1024 * 1024,
            max_audio_bytes: 1024 * 1024 * 1024,
            allow_private_streams: false,
            chunk_interval_s: 5,
            recording_ttl: Duration::hours(24),
            job_lease: Duration::minutes(5),
        }
    }
}
