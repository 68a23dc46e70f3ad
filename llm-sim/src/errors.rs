//! Error answers in each format's own shape, so a client's error handling meets what the
//! real service sends.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::state::Format;

/// An error answer on its way out of a handler (boxed: a `Response` is large).
pub struct Refusal(Box<Response>);

impl From<Response> for Refusal {
    fn from(response: Response) -> Self {
        Self(Box::new(response))
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        *self.0
    }
}

/// `status` with `message` in `format`'s error body.
pub fn error(format: Format, status: StatusCode, message: &str) -> Response {
    let code = status.as_u16();
    let body = match format {
        Format::OpenAi => json!({"error": {
            "message": message,
            "type": openai_type(status),
            "param": null,
            "code": if code == 401 { json!("invalid_api_key") } else { json!(null) },
        }}),
        Format::Anthropic => json!({"type": "error", "error": {
            "type": anthropic_type(status),
            "message": message,
        }}),
        Format::Gemini => json!({"error": {
            "code": code,
            "message": message,
            "status": gemini_status(status),
        }}),
        Format::ElevenLabs => json!({"detail": {
            "status": if code == 401 { "invalid_api_key" } else { "error" },
            "message": message,
        }}),
        Format::Ideogram | Format::Ollama => json!({"error": message}),
    };
    (status, Json(body)).into_response()
}

/// 429 in `format`'s shape, with `Retry-After` when given.
pub fn rate_limited(format: Format, retry_after_secs: Option<u64>) -> Response {
    let mut response = error(
        format,
        StatusCode::TOO_MANY_REQUESTS,
        "Rate limit reached. Please try again later.",
    );
    if let Some(secs) = retry_after_secs {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, secs.into());
    }
    response
}

/// Gemini's answer to a key it does not know: 400, not 401.
pub fn gemini_bad_key() -> Response {
    let body = json!({"error": {
        "code": 400,
        "message": "API key not valid. Please pass a valid API key.",
        "status": "INVALID_ARGUMENT",
        "details": [{
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            "reason": "API_KEY_INVALID",
            "domain": "googleapis.com",
        }],
    }});
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

fn openai_type(status: StatusCode) -> &'static str {
    match status.as_u16() {
        401 | 403 => "invalid_request_error",
        429 => "rate_limit_exceeded",
        500..=599 => "server_error",
        _ => "invalid_request_error",
    }
}

fn anthropic_type(status: StatusCode) -> &'static str {
    match status.as_u16() {
        401 => "authentication_error",
        403 => "permission_error",
        404 => "not_found_error",
        413 => "request_too_large",
        429 => "rate_limit_error",
        529 => "overloaded_error",
        500..=599 => "api_error",
        _ => "invalid_request_error",
    }
}

fn gemini_status(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "INVALID_ARGUMENT",
        401 => "UNAUTHENTICATED",
        403 => "PERMISSION_DENIED",
        404 => "NOT_FOUND",
        429 => "RESOURCE_EXHAUSTED",
        503 => "UNAVAILABLE",
        504 => "DEADLINE_EXCEEDED",
        _ => "INTERNAL",
    }
}
