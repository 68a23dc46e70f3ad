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
        }
    }
}
