//! Errors as RFC 9457 `application/problem+json`: the error type, the extractors whose
//! rejections are problems (`extract`) and the problem responses the API documents
//! (`responses`).

use axum::extract::{OriginalUri, Request};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cardsmith_core::CoreError;
use cardsmith_model::problem::PROBLEM_CONTENT_TYPE;
use cardsmith_model::Problem;

mod extract;
pub mod responses;

pub use extract::{ApiJson, ApiJsonOrEmpty, ApiPath, ApiQuery};

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

/// The words of a plain-text rejection from an extractor outside the `Api*` family (those
/// answer problems themselves), which say what to fix and carry nothing internal; anything
/// else gives none.
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
