//! Errors as RFC 9457 `application/problem+json`, and extractors whose rejections are problems.

use axum::body::Bytes;
use axum::extract::{FromRequest, OriginalUri, Request};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cardsmith_core::CoreError;
use cardsmith_model::problem::PROBLEM_CONTENT_TYPE;
use cardsmith_model::{FieldError, Problem};
use serde::de::DeserializeOwned;

/// An error on its way to the client.
#[derive(Debug)]
pub struct ApiError {
    problem: Problem,
    retry_after_s: Option<i64>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, detail: impl Into<String>) -> Self {
        Problem::new(status.as_u16(), detail).into()
    }
}

impl From<Problem> for ApiError {
    fn from(problem: Problem) -> Self {
        Self {
            problem,
            retry_after_s: None,
        }
    }
}

impl From<CoreError> for ApiError {
    fn from(e: CoreError) -> Self {
        e.log_if_internal();
        let retry_after_s = match &e {
            CoreError::TooManyRequests { retry_after_s, .. } => Some(*retry_after_s),
            _ => None,
        };
        Self {
            problem: e.to_problem(),
            retry_after_s,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.problem.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = serde_json::to_vec(&self.problem).unwrap_or_default();
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
        );
        if let Some(s) = self.retry_after_s {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        response
    }
}

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

/// Middleware for `/api`: any error response that is not already a problem (405 from routing,
/// 413 from a body limit, a panic caught by a layer) becomes one, so clients parse one format.
pub async fn problems_only(req: Request, next: Next) -> Response {
    let response = next.run(req).await;
    let status = response.status();
    let is_problem = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes() == PROBLEM_CONTENT_TYPE.as_bytes());
    if status.as_u16() < 400 || is_problem {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let detail = match status {
        StatusCode::METHOD_NOT_ALLOWED => "this route does not accept that method".to_owned(),
        StatusCode::PAYLOAD_TOO_LARGE => {
            "the request body is larger than this server accepts".to_owned()
        }
        s if s.is_client_error() => rejection_text(response).await,
        _ => String::new(),
    };
    let mut replaced = ApiError::new(status, detail).into_response();
    if let Some(allow) = allow {
        replaced.headers_mut().insert(header::ALLOW, allow);
    }
    replaced
}

/// The words of an extractor's plain-text rejection (e.g. axum's `Query`: "Failed to
/// deserialize query string: missing field `slug`"), which say what to fix and carry
/// nothing internal; anything else gives none.
async fn rejection_text(response: Response) -> String {
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/plain"));
    if !plain {
        return String::new();
    }
    match axum::body::to_bytes(response.into_body(), 4096).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_owned(),
        Err(_) => String::new(),
    }
}

/// `/api` paths that match no route.
pub async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no API route {method} {}", uri.path()),
    )
}
