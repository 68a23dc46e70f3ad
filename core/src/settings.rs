//! Policy knobs of the domain, set once at start from the server's configuration.

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
}

impl Default for CoreSettings {
    fn default() -> Self {
        Self {
            secure_cookies: false,
            session_idle: Duration::days(30),
            max_failed_logins: 5,
            lockout: Duration::minutes(15),
        }
    }
}
