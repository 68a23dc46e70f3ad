//! The session cookie: its name and the exact `Set-Cookie` values both doors send.

/// Name of the cookie carrying the session token on plain http.
pub const SESSION_COOKIE: &str = "cardsmith_session";

/// Name of the cookie behind https. Browsers accept a `__Host-` cookie only when it is
/// `Secure`, has `Path=/` and no `Domain`, and only from the host itself: a sibling subdomain
/// or a man in the middle on plain http cannot plant one (session fixation).
pub const SECURE_SESSION_COOKIE: &str = "__Host-cardsmith_session";

/// The cookie name in use: `__Host-` prefixed when the public URL is https.
pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        SECURE_SESSION_COOKIE
    } else {
        SESSION_COOKIE
    }
}

/// `Set-Cookie` value that installs `token` for `max_age_s` seconds.
///
/// HttpOnly keeps it from scripts, SameSite=Lax keeps it off cross-site subrequests and POSTs,
/// Secure (and the `__Host-` name) are used when the public URL is https.
pub fn set_session(token: &str, max_age_s: i64, secure: bool) -> String {
    let name = cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={token}; Path=/; Max-Age={max_age_s}; HttpOnly; SameSite=Lax{secure}")
}

/// `Set-Cookie` value that removes the session cookie.
pub fn clear_session(secure: bool) -> String {
    set_session("", 0, secure)
}

/// The session token in a `Cookie` request header, if any. Behind https only the `__Host-`
/// cookie counts: a plain one may have been planted by somebody else.
pub fn token_from_header(cookie_header: &str, secure: bool) -> Option<&str> {
    let wanted = cookie_name(secure);
    cookie_header
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == wanted && !value.is_empty())
        .map(|(_, value)| value)
}

/// The session token a request carries, if any: the one reading both doors (REST extractor
/// and server functions) use, so they cannot disagree about which cookie counts.
pub fn session_token(headers: &http::HeaderMap, secure: bool) -> Option<&str> {
    headers
        .get_all(http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| token_from_header(v, secure))
}

/// The value of the cookie `name` in a request, if any and not empty (for short-lived cookies
/// besides the session's, e.g. the OIDC flow's).
pub fn named<'h>(headers: &'h http::HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, value)| *n == name && !value.is_empty())
        .map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_token_among_other_cookies() {
        assert_eq!(
            token_from_header("a=1; cardsmith_session=tok; b=2", false),
            Some("tok")
        );
        assert_eq!(token_from_header("cardsmith_session=", false), None);
        assert_eq!(token_from_header("other=x", false), None);
    }

    #[test]
    fn https_uses_only_the_host_prefixed_cookie() {
        assert_eq!(token_from_header("cardsmith_session=planted", true), None);
        assert_eq!(
            token_from_header(
                "cardsmith_session=planted; __Host-cardsmith_session=mine",
                true
            ),
            Some("mine")
        );
        assert_eq!(
            token_from_header("__Host-cardsmith_session=mine", false),
            None
        );
    }

    #[test]
    fn reads_the_token_from_any_cookie_header() {
        let mut headers = http::HeaderMap::new();
        assert_eq!(session_token(&headers, false), None);
        headers.append(http::header::COOKIE, "a=1".parse().unwrap());
        headers.append(
            http::header::COOKIE,
            "cardsmith_session=tok; __Host-cardsmith_session=safe"
                .parse()
                .unwrap(),
        );
        assert_eq!(session_token(&headers, false), Some("tok"));
        assert_eq!(session_token(&headers, true), Some("safe"));
    }

    #[test]
    fn secure_only_when_asked() {
        let secure = set_session("t", 60, true);
        assert!(secure.starts_with("__Host-cardsmith_session=t; Path=/;"));
        assert!(secure.ends_with("; Secure"));
        assert!(!secure.contains("Domain"));
        assert!(set_session("t", 60, false).starts_with("cardsmith_session=t;"));
        assert!(!clear_session(false).contains("Secure"));
        assert!(clear_session(false).contains("Max-Age=0"));
    }
}
