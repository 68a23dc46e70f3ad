//! Image uploads (multipart) and image responses with ETag revalidation.

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::problem::ApiError;

/// The bytes of the first file in a `multipart/form-data` body (any field name).
pub struct Upload(pub Vec<u8>);

impl<S: Send + Sync> FromRequest<S> for Upload {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let mut multipart = Multipart::from_request(req, state)
            .await
            .map_err(|rejection| {
                ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!(
                        "send the file as multipart/form-data: {}",
                        rejection.body_text()
                    ),
                )
            })?;
        while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
            let bytes = field.bytes().await.map_err(multipart_error)?;
            if !bytes.is_empty() {
                return Ok(Upload(bytes.to_vec()));
            }
        }
        Err(
            cardsmith_model::Problem::invalid(vec![cardsmith_model::FieldError::new(
                "file",
                "is required: the multipart body had no file",
            )])
            .into(),
        )
    }
}

/// Largest text field (a title beside a file) of a multipart body. Text is held in memory,
/// unlike files, so it gets a small bound of its own rather than the body's.
pub const MAX_TEXT_FIELD_BYTES: usize = 64 * 1024;

/// Reads a multipart text field of at most [`MAX_TEXT_FIELD_BYTES`]; a longer one is a 413
/// (read to its end without being kept, so the client gets to read the answer).
pub async fn bounded_text(
    mut field: axum::extract::multipart::Field<'_>,
    name: &str,
) -> Result<String, ApiError> {
    let mut kept = Vec::new();
    let mut too_long = false;
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        too_long |= kept.len() + chunk.len() > MAX_TEXT_FIELD_BYTES;
        if !too_long {
            kept.extend_from_slice(&chunk);
        }
    }
    if too_long {
        return Err(cardsmith_core::CoreError::TooLarge(format!(
            "the {name} field may hold at most {} KiB",
            MAX_TEXT_FIELD_BYTES / 1024
        ))
        .into());
    }
    String::from_utf8(kept)
        .map_err(|_| cardsmith_core::CoreError::invalid(name, "must be UTF-8 text").into())
}

pub fn multipart_error(e: axum::extract::multipart::MultipartError) -> ApiError {
    let status = e.status();
    let detail = if status == StatusCode::PAYLOAD_TOO_LARGE {
        "the file is larger than this server accepts".to_owned()
    } else {
        e.body_text()
    };
    ApiError::new(status, detail)
}

/// An image keyed by its content hash: `304` when the client already has it.
pub fn image_response(
    headers: &HeaderMap,
    bytes: Vec<u8>,
    content_type: &str,
    hash: &str,
) -> Response {
    let mut response = if etag_matches(headers, hash) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, content_type.to_owned())], bytes).into_response()
    };
    set_validators(response.headers_mut(), hash);
    response
}

/// Whether the request's `If-None-Match` names the content with this hash (or `*`).
pub fn etag_matches(headers: &HeaderMap, hash: &str) -> bool {
    let etag = format!("\"{hash}\"");
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// The headers of content served by hash: its ETag, and `no-cache` because the URL names a
/// card or track, not the bytes, so clients revalidate (cheap with the ETag).
pub fn set_validators(h: &mut HeaderMap, hash: &str) {
    h.insert(
        header::ETAG,
        HeaderValue::from_str(&format!("\"{hash}\"")).expect("hex etag"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
}
