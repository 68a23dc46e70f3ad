//! Extractors whose every rejection is a problem (RFC 9457), with a `detail` that says which
//! part of the request is at fault and why: a JSON body ([`ApiJson`], [`ApiJsonOrEmpty`]),
//! the query string ([`ApiQuery`]) and path parameters ([`ApiPath`]).

use axum::body::Bytes;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::{header, StatusCode};
use cardsmith_model::{FieldError, Problem};
use serde::de::DeserializeOwned;

use super::ApiError;

/// A JSON body whose every failure is a problem: wrong content type 415, too large 413,
/// malformed 400, wrong shape 422 with a pointer to the member at fault.
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the body as JSON with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            let status = rejection.status();
            let detail = if status == StatusCode::PAYLOAD_TOO_LARGE {
                "the request body is larger than this server accepts".to_owned()
            } else {
                rejection.body_text()
            };
            ApiError::new(status, detail)
        })?;
        let de = &mut serde_json::Deserializer::from_slice(&bytes);
        serde_path_to_error::deserialize(de)
            .map(ApiJson)
            .map_err(json_error)
    }
}

/// Like [`ApiJson`], for bodies that are optional as a whole: an empty body is `T::default()`.
pub struct ApiJsonOrEmpty<T>(pub T);

impl<S, T> FromRequest<S> for ApiJsonOrEmpty<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Default,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let empty = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() == b"0")
            || (!req.headers().contains_key(header::CONTENT_LENGTH)
                && !req.headers().contains_key(header::TRANSFER_ENCODING));
        if empty {
            return Ok(Self(T::default()));
        }
        ApiJson::<T>::from_request(req, state)
            .await
            .map(|ApiJson(v)| Self(v))
    }
}

fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|mime| {
            let mime = mime.trim().to_ascii_lowercase();
            mime == "application/json" || mime.ends_with("+json")
        })
        .unwrap_or(false)
}

/// Syntax errors are 400; well-formed JSON of the wrong shape is 422 with a JSON Pointer.
fn json_error(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    use serde_json::error::Category;
    let inner = e.inner();
    let message = inner.to_string();
    let message = message
        .rsplit_once(" at line ")
        .map_or(message.as_str(), |(m, _)| m)
        .to_owned();
    match inner.classify() {
        Category::Data => {
            let mut pointer = pointer_of(e.path());
            if let Some(field) = message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.strip_suffix('`'))
            {
                pointer = format!("{pointer}/{field}");
            }
            let detail = if message.starts_with("missing field") {
                "is required".to_owned()
            } else {
                message
            };
            Problem::invalid(vec![FieldError { pointer, detail }]).into()
        }
        _ => ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body is not valid JSON: {message}"),
        ),
    }
}

fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(index.to_string()),
            Segment::Map { key } => Some(key.replace('~', "~0").replace('/', "~1")),
            Segment::Enum { variant } => Some(variant.clone()),
            Segment::Unknown => None,
        })
        .fold(String::new(), |acc, s| format!("{acc}/{s}"))
}

/// Query parameters whose failure is a 400 naming the parameter and what is wrong with it
/// (`query parameter \`limit\`: invalid digit found in string`).
#[derive(FromRequestParts)]
#[from_request(via(Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// axum's words are `Failed to deserialize query string: <param>: <why>` (or `missing field
/// \`<param>\`` for one left out); the detail keeps the parameter and the reason.
impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        let text = rejection.body_text();
        let reason = text
            .strip_prefix("Failed to deserialize query string: ")
            .unwrap_or(&text);
        let detail = if let Some(name) = reason
            .strip_prefix("missing field `")
            .and_then(|r| r.strip_suffix('`'))
        {
            format!("query parameter `{name}` is required")
        } else if let Some((name, why)) = reason.split_once(": ") {
            format!("query parameter `{name}`: {why}")
        } else {
            format!("the query string is not valid: {reason}")
        };
        ApiError::new(StatusCode::BAD_REQUEST, detail)
    }
}

/// Path parameters whose failure is a 400 naming the parameter and what is wrong with it
/// (e.g. `path parameter \`slug\` is not valid UTF-8`).
#[derive(FromRequestParts)]
#[from_request(via(Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        use axum::extract::path::ErrorKind;
        let status = rejection.status();
        if status.is_server_error() {
            // a route whose parameters do not fit its handler: our bug, not the client's
            tracing::error!(error = %rejection.body_text(), "path parameters");
            return ApiError::new(status, "");
        }
        let detail = match &rejection {
            PathRejection::FailedToDeserializePathParams(e) => match e.kind() {
                ErrorKind::InvalidUtf8InPathParam { key } => {
                    format!("path parameter `{key}` is not valid UTF-8")
                }
                ErrorKind::ParseErrorAtKey {
                    key,
                    value,
                    expected_type,
                } => format!("path parameter `{key}`: `{value}` is not a valid {expected_type}"),
                ErrorKind::Message(m) => format!("a path parameter is not valid: {m}"),
                _ => format!("a path parameter is not valid: {}", e.body_text()),
            },
            other => other.body_text(),
        };
        ApiError::new(status, detail)
    }
}
