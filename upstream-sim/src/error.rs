//! The three error dialects of the platform, so clients meet the shapes they will meet live:
//! the API's `{"error":{"code","message"}}`, the auth host's `{"error","error_description"}`,
//! and storage's S3-style XML.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An API host error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub fn card_not_found(card_id: &str) -> Self {
        Self::not_found(format!("Card {card_id} does not exist."))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({ "error": { "code": self.code, "message": self.message } });
        (self.status, axum::Json(body)).into_response()
    }
}

/// An auth host (OAuth) error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OAuthError {
    pub status: StatusCode,
    pub error: &'static str,
    pub description: String,
}

impl OAuthError {
    pub fn new(status: StatusCode, error: &'static str, description: impl Into<String>) -> Self {
        Self {
            status,
            error,
            description: description.into(),
        }
    }

    pub fn invalid_request(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_request", description)
    }

    /// The auth host answers 403 for dead grants (codes and refresh tokens).
    pub fn invalid_grant(description: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "invalid_grant", description)
    }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let body = json!({ "error": self.error, "error_description": self.description });
        (
            self.status,
            [(header::CACHE_CONTROL, "no-store")],
            axum::Json(body),
        )
            .into_response()
    }
}

/// A storage (pre-signed URL) error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorageError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: &'static str,
}

impl StorageError {
    pub const EXPIRED: Self = Self {
        status: StatusCode::FORBIDDEN,
        code: "AccessDenied",
        message: "Request has expired",
    };
    pub const BAD_SIGNATURE: Self = Self {
        status: StatusCode::FORBIDDEN,
        code: "SignatureDoesNotMatch",
        message: "The request signature we calculated does not match the signature you provided.",
    };
    pub const NO_SUCH_KEY: Self = Self {
        status: StatusCode::NOT_FOUND,
        code: "NoSuchKey",
        message: "The specified key does not exist.",
    };
    /// What S3 says when a pre-signed request also carries an Authorization header.
    pub const TWO_AUTH_MECHANISMS: Self = Self {
        status: StatusCode::BAD_REQUEST,
        code: "InvalidArgument",
        message: "Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified",
    };
    pub const BAD_DIGEST: Self = Self {
        status: StatusCode::BAD_REQUEST,
        code: "BadDigest",
        message: "The SHA-256 you specified did not match the calculated checksum.",
    };
    pub const TOO_LARGE: Self = Self {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        code: "EntityTooLarge",
        message: "Your proposed upload exceeds the maximum allowed size",
    };
}

impl IntoResponse for StorageError {
    fn into_response(self) -> Response {
        let body = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>{}</Code><Message>{}</Message></Error>",
            self.code, self.message
        );
        (
            self.status,
            [(header::CONTENT_TYPE, "application/xml")],
            body,
        )
            .into_response()
    }
}
