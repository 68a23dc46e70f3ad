//! Small pieces every format's handlers share: reading a JSON body the way the services do
//! (a bad one is a 400 in the format's own shape), and the text inside message lists.

use axum::http::StatusCode;
use serde_json::Value;

use crate::errors::{self, Refusal};
use crate::state::Format;

/// The body as JSON, or the format's 400.
pub fn json_body(format: Format, body: &[u8]) -> Result<Value, Refusal> {
    serde_json::from_slice(body)
        .map_err(|_| bad_request(format, "We could not parse the JSON body of your request."))
}

/// A required string field, or the format's 400 naming it.
pub fn required_str<'a>(format: Format, body: &'a Value, field: &str) -> Result<&'a str, Refusal> {
    body.get(field)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| bad_request(format, &format!("{field}: Field required")))
}

pub fn bad_request(format: Format, message: &str) -> Refusal {
    errors::error(format, StatusCode::BAD_REQUEST, message).into()
}

/// The text of a message `content`: a string, or a list of parts with `text`.
pub fn content_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|part| part.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

/// The messages of a chat body as `(role, text)`.
pub fn messages(body: &Value) -> Vec<(String, String)> {
    body.get("messages")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .map(|m| {
                    let role = m.get("role").and_then(Value::as_str).unwrap_or("user");
                    (
                        role.to_owned(),
                        content_text(m.get("content").unwrap_or(&Value::Null)),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The last user message (what the default reply quotes).
pub fn last_user(messages: &[(String, String)]) -> &str {
    messages
        .iter()
        .rev()
        .find(|(role, _)| role == "user")
        .map_or("", |(_, text)| text.as_str())
}

/// Seconds since the epoch, for `created` fields.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `WxH` as numbers within the simulator's limits.
pub fn parse_size(size: &str) -> Option<(u32, u32)> {
    let (w, h) = size.split_once('x')?;
    let (w, h) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    let ok = |side: u32| (1..=crate::content::MAX_SIDE).contains(&side);
    (ok(w) && ok(h)).then_some((w, h))
}

/// A picture of about a megapixel in the ratio `a:b` (sides multiples of 16).
pub fn megapixel(a: f64, b: f64) -> (u32, u32) {
    let ratio = if a > 0.0 && b > 0.0 { a / b } else { 1.0 };
    let width = (1_048_576.0 * ratio).sqrt();
    let height = width / ratio;
    let round = |v: f64| ((v / 16.0).round() * 16.0).clamp(16.0, 4096.0) as u32;
    (round(width), round(height))
}
