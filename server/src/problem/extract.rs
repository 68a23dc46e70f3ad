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
        let value = parse_json(&bytes)?;
        from_value(value).map(ApiJson)
    }
}

/// The body as JSON (400 when it is not JSON), its numbers as JSON Schema sees them: a
/// number with no fraction (`6.0`) is an integer there, so it is one here too, and a
/// schema-valid `6.0` reaches an integer field as 6 instead of being refused.
fn parse_json(bytes: &[u8]) -> Result<serde_json::Value, ApiError> {
    let mut value = serde_json::from_slice(bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body is not valid JSON: {}", without_position(&e)),
        )
    })?;
    whole_numbers_as_integers(&mut value);
    Ok(value)
}

/// Well-formed JSON into `T`: of the wrong shape, 422 with a pointer to the member at fault.
/// A body for an object must be an object: serde would also fill a struct from an array of
/// its fields in order, which no schema allows.
fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    if !value.is_object() && shape::wants_object::<T>() {
        return Err(
            cardsmith_core::CoreError::invalid("", "the body must be a JSON object").into(),
        );
    }
    serde_path_to_error::deserialize(value).map_err(json_error)
}

/// Which JSON a type asks for, found by letting it ask a deserializer that only listens.
mod shape {
    use serde::de::{self, DeserializeOwned, Visitor};

    /// The kind of value the type asked for, as an error (the listener never answers).
    #[derive(Debug)]
    struct Listened(String);

    impl std::fmt::Display for Listened {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.0)
        }
    }

    impl std::error::Error for Listened {}

    impl de::Error for Listened {
        fn custom<T: std::fmt::Display>(msg: T) -> Self {
            Self(msg.to_string())
        }
    }

    struct Listener;

    const OBJECT: &str = "object";

    impl<'de> de::Deserializer<'de> for Listener {
        type Error = Listened;

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Listened> {
            Err(Listened("other".into()))
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            _: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Listened> {
            Err(Listened(OBJECT.into()))
        }

        fn deserialize_map<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Listened> {
            Err(Listened(OBJECT.into()))
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct enum
            identifier ignored_any
        }
    }

    /// Whether `T` is read from a JSON object (a struct or a map).
    pub fn wants_object<T: DeserializeOwned>() -> bool {
        matches!(T::deserialize(Listener), Err(Listened(asked)) if asked == OBJECT)
    }

    #[cfg(test)]
    mod tests {
        #[derive(serde::Deserialize)]
        #[allow(dead_code)]
        struct Fields {
            name: Option<String>,
        }

        #[test]
        fn structs_and_maps_want_objects_the_rest_do_not() {
            assert!(super::wants_object::<Fields>());
            assert!(super::wants_object::<std::collections::HashMap<String, i64>>());
            assert!(!super::wants_object::<Vec<Fields>>());
            assert!(!super::wants_object::<serde_json::Value>());
            assert!(!super::wants_object::<String>());
        }
    }
}

fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) => {
            // within ±2^53 every f64 with no fraction is exactly that integer
            const EXACT: f64 = 9_007_199_254_740_992.0;
            if let Some(f) = n.as_f64().filter(|_| n.is_f64()) {
                if f.fract() == 0.0 && f.abs() <= EXACT {
                    *n = serde_json::Number::from(f as i64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        Value::Object(members) => members.values_mut().for_each(whole_numbers_as_integers),
        _ => {}
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
        let ApiJson(value) = ApiJson::<serde_json::Value>::from_request(req, state).await?;
        if value.is_null() {
            // `null` is the document's other way of saying "no body"
            return Ok(Self(T::default()));
        }
        from_value(value).map(Self)
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
    let message = without_position(inner);
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

/// A serde_json message without its ` at line … column …` tail.
fn without_position(e: &serde_json::Error) -> String {
    let message = e.to_string();
    message
        .rsplit_once(" at line ")
        .map_or(message.as_str(), |(m, _)| m)
        .to_owned()
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
