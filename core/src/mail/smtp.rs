//! The SMTP server mail is handed to, from `CARDSMITH_SMTP_URL`:
//!
//! - `smtp://[user[:password]@]host[:port]`: STARTTLS, required (port 587 by default). A server
//!   that does not offer it is an error, never a silent fall-back to plain text.
//! - `smtps://[user[:password]@]host[:port]`: TLS from the first byte (port 465 by default).
//! - `?tls=opportunistic` on `smtp://`: STARTTLS when the server offers it, plain otherwise.
//! - `?tls=none` on `smtp://`: plain text, no TLS at all (port 25 by default): only for a relay
//!   on the same machine or a test server.
//!
//! User and password are percent-decoded (`%40` for `@`). The password is kept out of `Debug`.

use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use percent_encoding::percent_decode_str;

use crate::{CoreError, CoreResult};

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// STARTTLS, refusing servers that do not offer it (`smtp://`).
    Required,
    /// STARTTLS when offered (`smtp://…?tls=opportunistic`).
    Opportunistic,
    /// TLS from the start (`smtps://`).
    Implicit,
    /// None (`smtp://…?tls=none`).
    None,
}

/// A parsed `CARDSMITH_SMTP_URL`.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub user: Option<String>,
    password: Option<String>,
}

impl std::fmt::Debug for SmtpConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .finish()
    }
}

/// How long one SMTP conversation may take before the attempt counts as failed (and is retried).
const TIMEOUT: Duration = Duration::from_secs(30);

impl SmtpConfig {
    /// Reads a URL as described in the module documentation; the error says what is wrong
    /// (never echoing the password).
    pub fn parse(text: &str) -> Result<Self, String> {
        let url = url::Url::parse(text.trim())
            .map_err(|e| format!("the SMTP URL does not read as a URL: {e}"))?;
        let mut tls = match url.scheme() {
            "smtp" => SmtpTls::Required,
            "smtps" => SmtpTls::Implicit,
            other => {
                return Err(format!(
                    "the SMTP URL must start with smtp:// or smtps://, not {other}://"
                ))
            }
        };
        for (key, value) in url.query_pairs() {
            match (key.as_ref(), value.as_ref(), tls) {
                ("tls", "required", SmtpTls::Required) => {}
                ("tls", "opportunistic", SmtpTls::Required) => tls = SmtpTls::Opportunistic,
                ("tls", "none", SmtpTls::Required) => tls = SmtpTls::None,
                ("tls", _, SmtpTls::Implicit) => {
                    return Err("smtps:// is always TLS; drop the tls= option".into())
                }
                ("tls", other, _) => {
                    return Err(format!(
                        "tls={other} is not an SMTP TLS mode (required, opportunistic or none)"
                    ))
                }
                (other, _, _) => return Err(format!("the SMTP URL has an unknown option {other}")),
            }
        }
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or("the SMTP URL names no host")?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let port = url.port().unwrap_or(match tls {
            SmtpTls::Implicit => 465,
            SmtpTls::None => 25,
            SmtpTls::Required | SmtpTls::Opportunistic => 587,
        });
        let decode = |s: &str| percent_decode_str(s).decode_utf8_lossy().into_owned();
        let user = Some(decode(url.username())).filter(|u| !u.is_empty());
        let password = url.password().map(decode);
        if password.is_some() && user.is_none() {
            return Err("the SMTP URL has a password but no user".into());
        }
        Ok(Self {
            host,
            port,
            tls,
            user,
            password,
        })
    }

    fn transport(&self) -> CoreResult<AsyncSmtpTransport<Tokio1Executor>> {
        let parameters = || {
            TlsParameters::new(self.host.clone())
                .map_err(|e| CoreError::internal("SMTP TLS parameters", e))
        };
        let tls = match self.tls {
            SmtpTls::Required => Tls::Required(parameters()?),
            SmtpTls::Opportunistic => Tls::Opportunistic(parameters()?),
            SmtpTls::Implicit => Tls::Wrapper(parameters()?),
            SmtpTls::None => Tls::None,
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&self.host)
            .port(self.port)
            .tls(tls)
            .timeout(Some(TIMEOUT));
        if let Some(user) = &self.user {
            builder = builder.credentials(Credentials::new(
                user.clone(),
                self.password.clone().unwrap_or_default(),
            ));
        }
        Ok(builder.build())
    }

    /// Hands `message` to the server. A failure that may pass (the server unreachable or busy,
    /// a 4xx answer) is `Unavailable`, so the job retries it; a 5xx refusal is permanent.
    pub(crate) async fn send(&self, message: Message) -> CoreResult<()> {
        let transport = self.transport()?;
        match transport.send(message).await {
            Ok(_) => Ok(()),
            Err(e) => Err(classify(&e)),
        }
    }
}

/// The sentence an admin reads about a failed attempt. The server's own answer is shown (it
/// says what it wants); connection and TLS details go to the log only.
fn classify(e: &lettre::transport::smtp::Error) -> CoreError {
    tracing::warn!(error = %e, "handing a mail to the SMTP server failed");
    let answer = || {
        let text: String = e.to_string().chars().take(300).collect();
        text.replace(['\r', '\n'], " ")
    };
    if e.is_permanent() {
        CoreError::Conflict(format!("the mail server refused the message: {}", answer()))
    } else if e.is_transient() {
        CoreError::Unavailable(format!(
            "the mail server asked to try again later: {}",
            answer()
        ))
    } else if e.is_timeout() {
        CoreError::Unavailable("the mail server did not answer in time".into())
    } else if e.is_tls() {
        CoreError::Unavailable("a TLS connection to the mail server failed".into())
    } else {
        CoreError::Unavailable("the mail server could not be reached".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_means_required_starttls_on_587() {
        let c = SmtpConfig::parse("smtp://mail.example.org").unwrap();
        assert_eq!(
            (c.host.as_str(), c.port, c.tls),
            ("mail.example.org", 587, SmtpTls::Required)
        );
        assert_eq!(c.user, None);
    }

    #[test]
    fn smtps_is_implicit_tls_on_465_and_refuses_a_tls_option() {
        let c = SmtpConfig::parse("smtps://mail.example.org").unwrap();
        assert_eq!((c.port, c.tls), (465, SmtpTls::Implicit));
        assert!(SmtpConfig::parse("smtps://h?tls=none").is_err());
    }

    #[test]
    fn tls_options_and_ports() {
        let c = SmtpConfig::parse("smtp://127.0.0.1:2525?tls=none").unwrap();
        assert_eq!(
            (c.host.as_str(), c.port, c.tls),
            ("127.0.0.1", 2525, SmtpTls::None)
        );
        let c = SmtpConfig::parse("smtp://h?tls=opportunistic").unwrap();
        assert_eq!(c.tls, SmtpTls::Opportunistic);
        assert_eq!(SmtpConfig::parse("smtp://h?tls=none").unwrap().port, 25);
        assert!(SmtpConfig::parse("smtp://h?tls=maybe").is_err());
        assert!(SmtpConfig::parse("smtp://h?pool=3").is_err());
        assert!(SmtpConfig::parse("http://h").is_err());
        assert!(SmtpConfig::parse("not a url").is_err());
    }

    #[test]
    fn credentials_are_decoded_and_the_password_never_shown() {
        let c = SmtpConfig::parse("smtp://me%40example.org:s3cr%3At@mail.example.org:587").unwrap();
        assert_eq!(c.user.as_deref(), Some("me@example.org"));
        assert_eq!(c.password.as_deref(), Some("s3cr:t"));
        let shown = format!("{c:?}");
        assert!(!shown.contains("s3cr"), "{shown}");
        assert!(SmtpConfig::parse("smtp://:pw@h").is_err());
    }
}
