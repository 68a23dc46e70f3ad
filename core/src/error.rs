//! The one error type of the domain. Each variant documents its HTTP status and why.

use cardsmith_model::{FieldError, Problem};

pub type CoreResult<T, E = CoreError> = Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    /// 422: the input breaks a rule; every broken rule is listed.
    #[error("invalid input")]
    Invalid(Vec<FieldError>),
    /// 401: no valid session, or sign-in credentials did not match.
    #[error("{0}")]
    Unauthenticated(String),
    /// 403: signed in, but the role or account state does not allow this.
    #[error("{0}")]
    Forbidden(String),
    /// 404: nothing by that id, or nothing the caller may know about.
    #[error("{0}")]
    NotFound(String),
    /// 409: the request collides with current state (email taken, last admin).
    #[error("{0}")]
    Conflict(String),
    /// 413: an upload is larger than this server accepts.
    #[error("{0}")]
    TooLarge(String),
    /// 415: an upload is not of a kind this endpoint takes.
    #[error("{0}")]
    UnsupportedMedia(String),
    /// 429: too many attempts; `retry_after_s` says when to try again.
    #[error("{detail}")]
    TooManyRequests { detail: String, retry_after_s: i64 },
    /// 502: the player platform failed or could not be reached; retrying later may work
    /// (jobs do retry it).
    #[error("{0}")]
    Unavailable(String),
    /// 500: a database failure. The cause is logged, never sent to the client.
    #[error("database error")]
    Database(#[from] sqlx::Error),
    /// 500: any other internal failure. Logged, never echoed.
    #[error("internal error: {0}")]
    Internal(String),
}

impl CoreError {
    pub fn invalid(field: &str, detail: impl Into<String>) -> Self {
        Self::Invalid(vec![FieldError::new(field, detail)])
    }

    pub fn not_found(what: impl Into<String>) -> Self {
        Self::NotFound(what.into())
    }

    pub fn internal(context: &str, e: impl std::fmt::Display) -> Self {
        Self::Internal(format!("{context}: {e}"))
    }

    /// Failures that retrying cannot fix: the request itself is refused.
    pub fn is_permanent(&self) -> bool {
        matches!(
            self,
            Self::Invalid(_)
                | Self::Forbidden(_)
                | Self::NotFound(_)
                | Self::Conflict(_)
                | Self::UnsupportedMedia(_)
                | Self::TooLarge(_)
        )
    }

    pub fn status(&self) -> u16 {
        match self {
            Self::Invalid(_) => 422,
            Self::Unauthenticated(_) => 401,
            Self::Forbidden(_) => 403,
            Self::NotFound(_) => 404,
            Self::Conflict(_) => 409,
            Self::TooLarge(_) => 413,
            Self::UnsupportedMedia(_) => 415,
            Self::TooManyRequests { .. } => 429,
            Self::Unavailable(_) => 502,
            Self::Database(_) | Self::Internal(_) => 500,
        }
    }

    /// The client-facing document. Internal causes are replaced by a generic sentence.
    pub fn to_problem(&self) -> Problem {
        match self {
            Self::Invalid(errors) => Problem::invalid(errors.clone()),
            Self::Database(_) | Self::Internal(_) => Problem::new(
                500,
                "something went wrong on the server; it has been logged",
            ),
            other => Problem::new(other.status(), other.to_string()),
        }
    }

    /// The sentence a user may read about this failure where it is stored for later (a job's
    /// `error`, a track's `transcode_error`): internal causes (ffmpeg's stderr, paths, SQL) are
    /// replaced by a generic sentence, as in [`Self::to_problem`]; refusals say what was wrong.
    pub fn user_message(&self) -> String {
        match self {
            Self::Database(_) | Self::Internal(_) => {
                "the server could not finish this; the cause is in its log".to_owned()
            }
            Self::Invalid(errors) => errors
                .iter()
                .map(|e| {
                    let field = e.pointer.trim_start_matches('/');
                    if field.is_empty() {
                        e.detail.clone()
                    } else {
                        format!("{field}: {}", e.detail)
                    }
                })
                .collect::<Vec<_>>()
                .join("; "),
            other => other.to_string(),
        }
    }

    /// Logs internal failures once, at the boundary, with their cause.
    pub fn log_if_internal(&self) {
        if self.status() >= 500 {
            tracing::error!(error = %self, cause = ?self, "internal error");
        }
    }
}

impl From<Vec<FieldError>> for CoreError {
    fn from(errors: Vec<FieldError>) -> Self {
        Self::Invalid(errors)
    }
}

/// Turns a unique-constraint violation into a client error at the call site.
pub trait OnUnique<T> {
    fn on_unique(self, err: impl FnOnce() -> CoreError) -> CoreResult<T>;
}

impl<T> OnUnique<T> for Result<T, sqlx::Error> {
    fn on_unique(self, err: impl FnOnce() -> CoreError) -> CoreResult<T> {
        self.map_err(|e| match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => err(),
            _ => CoreError::Database(e),
        })
    }
}
