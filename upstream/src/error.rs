//! One error type for every upstream call, keeping the HTTP status and the platform's message
//! so callers can tell "not found" from "rate limited" from "link is dead".

/// Why an account has to go through the OAuth link flow again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelinkReason {
    /// The token store holds no tokens for this account.
    NotLinked,
    /// The token set has no refresh token (the `offline_access` scope was not granted).
    NoRefreshToken,
    /// The auth host rejected the refresh token (used, revoked or expired).
    RefreshRejected(String),
    /// A refresh rotated the token pair but persisting it failed. The old refresh token is
    /// already spent and the new one is not durable, so we refuse to use either.
    SaveFailed(String),
}

impl std::fmt::Display for RelinkReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotLinked => f.write_str("account is not linked"),
            Self::NoRefreshToken => f.write_str("no refresh token was granted"),
            Self::RefreshRejected(m) => write!(f, "refresh token rejected: {m}"),
            Self::SaveFailed(m) => write!(f, "rotated token could not be saved: {m}"),
        }
    }
}

/// Errors of the upstream client.
#[derive(Debug, thiserror::Error)]
pub enum UpstreamError {
    /// The API (or a pre-signed storage URL) answered with a non-success status.
    #[error("upstream answered {status}: {message}")]
    Api {
        status: u16,
        /// The platform's kebab-case error code (`not-found`, `bad-request`) when it sent one.
        code: Option<String>,
        message: String,
    },
    /// The account must be linked again; no API call can succeed until then.
    #[error("account needs to be linked again: {reason}")]
    NeedsRelink { reason: RelinkReason },
    /// The auth host refused a code exchange (bad code, verifier or redirect URI).
    #[error("authorization failed: {error}: {description}")]
    OAuth { error: String, description: String },
    /// Loading tokens from the [`crate::TokenStore`] failed.
    #[error("token store failed: {0}")]
    Store(String),
    /// The request never got an HTTP answer (connection, timeout, TLS).
    #[error("upstream unreachable: {0}")]
    Transport(String),
    /// A success answer whose body we could not read.
    #[error("unexpected upstream response ({status}): {message}")]
    Decode { status: u16, message: String },
    /// The transcoder reported `failed` or `error`.
    #[error("transcode of upload {upload_id} failed in phase {phase}")]
    TranscodeFailed { upload_id: String, phase: String },
    /// The transcode did not finish within the poll budget.
    #[error("transcode of upload {upload_id} still unfinished (last phase {last_phase:?})")]
    TranscodeTimedOut {
        upload_id: String,
        last_phase: Option<String>,
    },
    /// A request this client refuses to send because it would damage data upstream.
    #[error("refusing to send request: {0}")]
    InvalidRequest(String),
    /// The API handed us a URL we refuse to follow (wrong scheme, downgrade to http, a
    /// private address). The message names the host, never the signed query.
    #[error("refusing URL from upstream: {0}")]
    UnsafeUrl(String),
    /// A download was larger than the caller allowed.
    #[error("the file is larger than the {limit} bytes allowed")]
    TooLarge { limit: u64 },
}

impl UpstreamError {
    /// The HTTP status of the answer that caused this error, if there was one.
    pub fn status(&self) -> Option<u16> {
        match self {
            Self::Api { status, .. } | Self::Decode { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// True for 404: the platform hides resources the account may not see behind 404.
    pub fn is_not_found(&self) -> bool {
        self.status() == Some(404)
    }

    /// True when the user has to sign in with the platform again.
    pub fn needs_relink(&self) -> bool {
        matches!(self, Self::NeedsRelink { .. })
    }

    pub(crate) fn relink(reason: RelinkReason) -> Self {
        Self::NeedsRelink { reason }
    }

    /// A request that got no answer. The URL is left out of the message: a pre-signed URL's
    /// query is a credential, and messages end up in logs and job errors.
    pub(crate) fn transport(err: reqwest::Error) -> Self {
        Self::Transport(err.without_url().to_string())
    }
}

pub type Result<T, E = UpstreamError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn transport_errors_leave_the_signed_url_out() {
        let err = reqwest::get("http://127.0.0.1:1/audio?X-Amz-Signature=SECRET")
            .await
            .unwrap_err();
        assert!(err.to_string().contains("SECRET"), "reqwest names the URL");
        let ours = UpstreamError::transport(err).to_string();
        assert!(!ours.contains("SECRET"), "{ours}");
    }
}
