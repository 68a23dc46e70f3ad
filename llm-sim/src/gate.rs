//! In front of every provider route: which format the request speaks, the key it carries
//! (checked exactly as the real service checks it), the next injected fault, and the call
//! log entry once it has been answered.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::errors;
use crate::faults::FaultKind;
use crate::state::{Call, Format, SharedState, Usage};

/// The private steering routes: no faults, no key, not logged.
pub const ADMIN_PREFIX: &str = "/_sim";
/// Where Ideogram's temporary pictures are served (no key, like the real signed URLs).
pub const EPHEMERAL_PREFIX: &str = "/ideogram/ephemeral/";

/// What a handler tells the call log: the model asked for and what the answer reported.
#[derive(Debug, Clone, Default)]
pub struct CallInfo {
    pub model: Option<String>,
    pub usage: Usage,
}

/// A handler's answer part that tells the call log its model and usage.
pub fn info(model: impl Into<String>, usage: Usage) -> axum::Extension<CallInfo> {
    axum::Extension(CallInfo {
        model: Some(model.into()),
        usage,
    })
}

/// The format a request speaks, by its route (and, for `/v1/models`, which both OpenAI and
/// Anthropic serve, by Anthropic's headers).
pub fn format_of(path: &str, headers: &HeaderMap) -> Format {
    if path.starts_with("/v1beta/") || path == "/v1beta" {
        Format::Gemini
    } else if path.starts_with("/api/") {
        Format::Ollama
    } else if path.starts_with("/v1/messages")
        || (path.starts_with("/v1/models")
            && (headers.contains_key("x-api-key") || headers.contains_key("anthropic-version")))
    {
        Format::Anthropic
    } else if path.starts_with("/v1/ideogram") || path.starts_with("/ideogram/") {
        Format::Ideogram
    } else if path.starts_with("/v1/text-to-speech") || path.starts_with("/v1/voices") {
        Format::ElevenLabs
    } else {
        Format::OpenAi
    }
}

/// The key as the format carries it.
fn key_seen(format: Format, request: &Request) -> Option<String> {
    let headers = request.headers();
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    match format {
        Format::OpenAi | Format::Ollama => text(header::AUTHORIZATION.as_str())
            .map(|v| v.strip_prefix("Bearer ").map(str::to_owned).unwrap_or(v)),
        Format::Anthropic => text("x-api-key"),
        Format::Gemini => text("x-goog-api-key").or_else(|| {
            url::form_urlencoded::parse(request.uri().query().unwrap_or("").as_bytes())
                .find(|(name, _)| name == "key")
                .map(|(_, value)| value.into_owned())
        }),
        Format::Ideogram => text("api-key"),
        Format::ElevenLabs => text("xi-api-key"),
    }
}

/// The real service's refusal of a missing or wrong key, if it would refuse.
fn check_auth(
    format: Format,
    request: &Request,
    key: Option<&str>,
    accepted: &str,
) -> Option<Response> {
    let path = request.uri().path();
    if format == Format::Ollama || path.starts_with(EPHEMERAL_PREFIX) {
        return None;
    }
    if format == Format::OpenAi {
        // The header must be exactly `Bearer <key>`.
        let exact = request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.strip_prefix("Bearer ") == Some(accepted));
        return (!exact).then(|| {
            let message = if key.is_none() {
                "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
            } else {
                "Incorrect API key provided."
            };
            errors::error(format, StatusCode::UNAUTHORIZED, message)
        });
    }
    if format == Format::Anthropic && !request.headers().contains_key("anthropic-version") {
        return Some(errors::error(
            format,
            StatusCode::BAD_REQUEST,
            "anthropic-version: header is required",
        ));
    }
    match (format, key) {
        (_, Some(key)) if key == accepted => None,
        (Format::Gemini, Some(_)) => Some(errors::gemini_bad_key()),
        (Format::Gemini, None) => Some(errors::error(
            format,
            StatusCode::FORBIDDEN,
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        )),
        (Format::Anthropic, None) => Some(errors::error(
            format,
            StatusCode::UNAUTHORIZED,
            "x-api-key header is required",
        )),
        (Format::Anthropic, Some(_)) => Some(errors::error(
            format,
            StatusCode::UNAUTHORIZED,
            "invalid x-api-key",
        )),
        _ => Some(errors::error(format, StatusCode::UNAUTHORIZED, "Invalid API key")),
    }
}

/// Middleware: fault, key check, handler, call log.
pub async fn gate(State(shared): State<SharedState>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    if path.starts_with(ADMIN_PREFIX) {
        return next.run(request).await;
    }
    let format = format_of(&path, request.headers());
    let key = key_seen(format, &request);
    let method = request.method().to_string();
    let fault = shared.faults.take(&path);
    let fault_name = fault.as_ref().map(|f| f.name().to_owned());
    let response = match fault {
        Some(FaultKind::RateLimit { retry_after_secs }) => {
            errors::rate_limited(format, retry_after_secs)
        }
        Some(FaultKind::Status { status }) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            errors::error(format, status, status.canonical_reason().unwrap_or("Error"))
        }
        Some(FaultKind::Oversized { bytes, chunked }) => oversized(bytes, chunked),
        Some(FaultKind::Delay { millis }) => {
            tokio::time::sleep(Duration::from_millis(millis)).await;
            serve(&shared, format, key.as_deref(), request, next).await
        }
        None => serve(&shared, format, key.as_deref(), request, next).await,
    };
    let status = response.status();
    let info = response
        .extensions()
        .get::<CallInfo>()
        .cloned()
        .unwrap_or_default();
    shared.record(Call {
        format,
        method,
        path,
        model: info.model,
        status: status.as_u16(),
        usage: if status.is_success() {
            info.usage
        } else {
            Usage::default()
        },
        key,
        fault: fault_name,
    });
    response
}

async fn serve(
    shared: &SharedState,
    format: Format,
    key: Option<&str>,
    request: Request,
    next: Next,
) -> Response {
    match check_auth(format, &request, key, &shared.api_key()) {
        Some(refusal) => refusal,
        None => next.run(request).await,
    }
}

/// A 200 whose body is `bytes` of filler: with a `Content-Length`, or streamed without one.
fn oversized(bytes: u64, chunked: bool) -> Response {
    const CHUNK: usize = 64 * 1024;
    if !chunked {
        let body = vec![b' '; usize::try_from(bytes).unwrap_or(usize::MAX)];
        return ([(header::CONTENT_TYPE, "application/json")], body).into_response();
    }
    let chunks = bytes.div_ceil(CHUNK as u64);
    let last = bytes - (chunks.saturating_sub(1)) * CHUNK as u64;
    let stream = futures_util::stream::iter((0..chunks).map(move |i| {
        let len = if i + 1 == chunks {
            last as usize
        } else {
            CHUNK
        };
        Ok::<_, std::io::Error>(bytes::Bytes::from(vec![b' '; len]))
    }));
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from_stream(stream),
    )
        .into_response()
}
