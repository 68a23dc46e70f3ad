//! The session cookie: its name and the exact `Set-Cookie` values both doors send.

/// Name of the cookie carrying the session token.
pub const SESSION_COOKIE: &str = "cardsmith_session";

/// `Set-Cookie` value that installs `token` for `max_age_s` seconds.
///
/// HttpOnly keeps it from scripts, SameSite=Lax keeps it off cross-site subrequests and POSTs,
/// Secure is added when the public URL is https.
pub fn set_session(token: &str, max_age_s: i64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{SESSION_COOKIE}={token}; Path=/; Max-Age={max_age_s}; HttpOnly; SameSite=Lax{secure}")
}

/// `Set-Cookie` value that removes the session cookie.
pub fn clear_session(secure: bool) -> String {
    set_session("", 0, secure)
}

/// The session token in a `Cookie` request header, if any.
pub fn token_from_header(cookie_header: &str) -> Option<&str> {
    cookie_header
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == SESSION_COOKIE && !value.is_empty())
        .map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_token_among_other_cookies() {
        assert_eq!(
            token_from_header("a=1; cardsmith_session=tok; b=2"),
            Some("tok")
        );
        assert_eq!(token_from_header("cardsmith_session="), None);
        assert_eq!(token_from_header("other=x"), None);
    }

    #[test]
    fn secure_only_when_asked() {
        assert!(set_session("t", 60, true).ends_with("; Secure"));
        assert!(!clear_session(false).contains("Secure"));
        assert!(clear_session(false).contains("Max-Age=0"));
    }
}
