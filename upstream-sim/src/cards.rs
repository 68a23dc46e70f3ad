//! Card documents: validation of a create/update body, what the server adds when storing, the
//! library summary, and the playable view with signed URLs.

use chrono::Utc;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::state::{timestamp, Doc};

pub const MAX_TRACKS: usize = 100;
pub const MAX_TITLE: usize = 100;
const MEDIA_REF: &str = "yoto:#";

/// Checks a `POST /content` body against the documented schema.
pub fn validate(body: &Doc) -> Result<(), ApiError> {
    let title = body
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if title.trim().is_empty() {
        return Err(ApiError::bad_request("title is required"));
    }
    if title.chars().count() > MAX_TITLE {
        return Err(ApiError::bad_request(format!(
            "title must be at most {MAX_TITLE} characters"
        )));
    }
    if let Some(id) = body.get("cardId") {
        let ok = id
            .as_str()
            .is_some_and(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric()));
        if !ok {
            return Err(ApiError::bad_request("cardId must match ^[a-zA-Z0-9]+$"));
        }
    }
    let chapters = match body.get("content").and_then(|c| c.get("chapters")) {
        None | Some(Value::Null) => return Ok(()),
        Some(Value::Array(chapters)) => chapters,
        Some(_) => return Err(ApiError::bad_request("content.chapters must be an array")),
    };
    let mut tracks = 0;
    for (i, chapter) in chapters.iter().enumerate() {
        let at = |field: &str| format!("content.chapters[{i}].{field}");
        if !chapter.get("key").is_some_and(Value::is_string) {
            return Err(ApiError::bad_request(format!("{} is required", at("key"))));
        }
        if !chapter.get("display").is_some_and(Value::is_object) {
            return Err(ApiError::bad_request(format!(
                "{} is required",
                at("display")
            )));
        }
        let Some(list) = chapter.get("tracks").and_then(Value::as_array) else {
            return Err(ApiError::bad_request(format!(
                "{} must be an array",
                at("tracks")
            )));
        };
        for (j, track) in list.iter().enumerate() {
            validate_track(track).map_err(|field| {
                ApiError::bad_request(format!(
                    "{} is invalid",
                    at(&format!("tracks[{j}].{field}"))
                ))
            })?;
        }
        tracks += list.len();
    }
    if tracks > MAX_TRACKS {
        return Err(ApiError::bad_request("track count is limited to 100"));
    }
    validate_events(chapters)
}

/// Interactive content (contract §2.3): each event of a track (`onLhb`, `onRhb`, `onEnd`) is
/// `{"cmd":"stop"}` or a `goto` whose `chapterKey` and `trackKey` name a chapter of the card
/// and a track of it; a `goto` anywhere else is refused, as the platform's player could not
/// follow it.
fn validate_events(chapters: &[Value]) -> Result<(), ApiError> {
    let has_track = |chapter_key: &str, track_key: &str| {
        chapters.iter().any(|c| {
            c.get("key").and_then(Value::as_str) == Some(chapter_key)
                && c.get("tracks")
                    .and_then(Value::as_array)
                    .is_some_and(|tracks| {
                        tracks
                            .iter()
                            .any(|t| t.get("key").and_then(Value::as_str) == Some(track_key))
                    })
        })
    };
    for (i, chapter) in chapters.iter().enumerate() {
        let tracks = chapter.get("tracks").and_then(Value::as_array);
        for (j, track) in tracks.into_iter().flatten().enumerate() {
            let Some(events) = track.get("events") else {
                continue;
            };
            let at = format!("content.chapters[{i}].tracks[{j}].events");
            let Some(events) = events.as_object() else {
                return Err(ApiError::bad_request(format!("{at} must be an object")));
            };
            for (name, event) in events {
                let cmd = event.get("cmd").and_then(Value::as_str);
                match cmd {
                    Some("goto") => {
                        let key = |field: &str| {
                            event
                                .get("params")
                                .and_then(|p| p.get(field))
                                .and_then(Value::as_str)
                        };
                        let (Some(chapter_key), Some(track_key)) =
                            (key("chapterKey"), key("trackKey"))
                        else {
                            return Err(ApiError::bad_request(format!(
                                "{at}.{name}.params needs chapterKey and trackKey"
                            )));
                        };
                        if !has_track(chapter_key, track_key) {
                            return Err(ApiError::bad_request(format!(
                                "{at}.{name} goes to {chapter_key}/{track_key}, which is not on the card"
                            )));
                        }
                    }
                    Some(_) => {}
                    None => {
                        return Err(ApiError::bad_request(format!(
                            "{at}.{name}.cmd is required"
                        )))
                    }
                }
            }
        }
    }
    Ok(())
}

/// The name of the first invalid field of a track.
fn validate_track(track: &Value) -> Result<(), &'static str> {
    for field in ["key", "title", "trackUrl"] {
        if !track.get(field).is_some_and(Value::is_string) {
            return Err(field);
        }
    }
    match track.get("type").and_then(Value::as_str) {
        Some("audio" | "stream") => Ok(()),
        _ => Err("type"),
    }
}

/// The stored form of a new or replaced card: the body as sent plus server fields.
pub fn store(mut body: Doc, card_id: &str, user_id: &str, previous: Option<&Doc>) -> Doc {
    let now = timestamp(Utc::now());
    let created = previous
        .and_then(|p| p.get("createdAt").cloned())
        .unwrap_or_else(|| now.clone().into());
    let object_id = previous
        .and_then(|p| p.get("_id").cloned())
        .unwrap_or_else(|| crate::ids::hex_id(24).into());
    let title = body
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    body.insert("_id".into(), object_id);
    body.insert("cardId".into(), card_id.into());
    body.insert("userId".into(), user_id.into());
    body.insert("createdAt".into(), created);
    body.insert("updatedAt".into(), now.into());
    body.insert("deleted".into(), false.into());
    body.insert("slug".into(), slug(&title).into());
    body.insert("sortkey".into(), title.to_lowercase().into());

    let content = object(&mut body, "content");
    content
        .entry("activity")
        .or_insert_with(|| "yoto_Player".into());
    content.entry("version").or_insert_with(|| "1".into());
    content
        .entry("playbackType")
        .or_insert_with(|| "linear".into());
    content.entry("chapters").or_insert_with(|| json!([]));
    object(content, "config")
        .entry("resumeTimeout")
        .or_insert_with(|| 2_592_000.into());
    let totals = media_totals(content);

    let metadata = object(&mut body, "metadata");
    for list in ["authors", "narrators", "copyrights", "accents"] {
        metadata.entry(list).or_insert_with(|| json!([]));
    }
    metadata.entry("abridged").or_insert_with(|| false.into());
    metadata.entry("media").or_insert(totals);
    body
}

/// The library summary: no chapters.
pub fn summary(card: &Doc) -> Value {
    let mut card = card.clone();
    if let Some(Value::Object(content)) = card.get_mut("content") {
        content.remove("chapters");
    }
    Value::Object(card)
}

/// The playable view: `yoto:#` audio references become signed URLs, icon references URLs.
pub fn playable(
    card: &Doc,
    sign: impl Fn(&str) -> String,
    icon_url: impl Fn(&str) -> String,
) -> Value {
    let mut card = card.clone();
    let chapters = card
        .get_mut("content")
        .and_then(|c| c.get_mut("chapters"))
        .and_then(Value::as_array_mut);
    for chapter in chapters.into_iter().flatten() {
        resolve_icon(chapter, &icon_url);
        for track in chapter
            .get_mut("tracks")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            resolve_icon(track, &icon_url);
            if let Some(Value::String(url)) = track.get_mut("trackUrl") {
                if let Some(hash) = url.strip_prefix(MEDIA_REF) {
                    *url = sign(hash);
                }
            }
        }
    }
    Value::Object(card)
}

fn resolve_icon(node: &mut Value, icon_url: &impl Fn(&str) -> String) {
    if let Some(Value::String(icon)) = node.get_mut("display").and_then(|d| d.get_mut("icon16x16"))
    {
        if let Some(media_id) = icon.strip_prefix(MEDIA_REF) {
            *icon = icon_url(media_id);
        }
    }
}

fn media_totals(content: &Doc) -> Value {
    let tracks = content
        .get("chapters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("tracks").and_then(Value::as_array))
        .flatten();
    let (mut duration, mut size, mut streams) = (0.0, 0.0, false);
    for track in tracks {
        duration += track.get("duration").and_then(Value::as_f64).unwrap_or(0.0);
        size += track.get("fileSize").and_then(Value::as_f64).unwrap_or(0.0);
        streams |= track.get("type").and_then(Value::as_str) == Some("stream");
    }
    json!({ "duration": duration.round() as i64, "fileSize": size.round() as i64, "hasStreams": streams })
}

/// The object at `key`, replacing a non-object value.
fn object<'a>(doc: &'a mut Doc, key: &str) -> &'a mut Doc {
    let slot = doc.entry(key).or_insert_with(|| json!({}));
    if !slot.is_object() {
        *slot = json!({});
    }
    match slot {
        Value::Object(map) => map,
        _ => unreachable!("replaced by an object above"),
    }
}

fn slug(title: &str) -> String {
    let mut slug = String::new();
    for c in title.to_lowercase().chars() {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(v: Value) -> Doc {
        crate::seed::as_doc(v)
    }

    #[test]
    fn rejects_the_documented_bad_bodies() {
        assert!(validate(&doc(json!({ "title": "" }))).is_err());
        assert!(validate(&doc(json!({ "title": "x".repeat(101) }))).is_err());
        // the limit counts characters, not bytes (contract §2.3: 1–100)
        assert!(validate(&doc(json!({ "title": "é".repeat(100) }))).is_ok());
        assert!(validate(&doc(json!({ "title": "é".repeat(101) }))).is_err());
        assert!(validate(&doc(json!({ "title": "t", "cardId": "a-b" }))).is_err());
        let no_display =
            json!({ "title": "t", "content": { "chapters": [{ "key": "1", "tracks": [] }] } });
        assert!(validate(&doc(no_display)).is_err());
        let card = crate::seed::user_made_card("t", 101, "h");
        let error = validate(card.as_object().unwrap()).unwrap_err();
        assert_eq!(error.message, "track count is limited to 100");
        assert!(validate(
            crate::seed::user_made_card("t", 100, "h")
                .as_object()
                .unwrap()
        )
        .is_ok());
    }

    #[test]
    fn interactive_events_must_go_to_a_track_of_the_card() {
        let card = |target: &str| {
            doc(
                json!({ "title": "Story", "content": { "playbackType": "interactive", "chapters": [
                { "key": "Start", "display": {}, "tracks": [{ "key": "Start", "title": "Start",
                  "trackUrl": "yoto:#a", "type": "audio", "events": {
                    "onLhb": { "cmd": "goto", "params": { "chapterKey": target, "trackKey": target } },
                    "onEnd": { "cmd": "stop" } } }] },
                { "key": "Cave", "display": {}, "tracks": [{ "key": "Cave", "title": "Cave",
                  "trackUrl": "yoto:#b", "type": "audio" }] },
            ] } }),
            )
        };
        assert!(validate(&card("Cave")).is_ok());
        let error = validate(&card("Nowhere")).unwrap_err();
        assert!(
            error.message.contains("onLhb goes to Nowhere/Nowhere"),
            "{}",
            error.message
        );
        let mut no_cmd = card("Cave");
        no_cmd["content"]["chapters"][0]["tracks"][0]["events"]["onRhb"] = json!({});
        assert!(validate(&no_cmd).is_err());
    }

    #[test]
    fn storing_adds_server_fields_and_keeps_unknown_ones() {
        let stored = store(
            doc(json!({ "title": "My Card!", "custom": 1 })),
            "abcde",
            "u1",
            None,
        );
        assert_eq!(stored["cardId"], "abcde");
        assert_eq!(stored["slug"], "my-card");
        assert_eq!(stored["custom"], 1);
        assert_eq!(stored["content"]["config"]["resumeTimeout"], 2_592_000);
        assert_eq!(stored["metadata"]["authors"], json!([]));
    }
}
