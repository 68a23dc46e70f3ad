//! Verifying an account against local state, field by field.
//!
//! When a card is published the record keeps the fields of the document as sent (for an
//! imported card, as found on the platform): every path of a card document Cardsmith writes
//! with its value, and the length of each list. Verify reads the card back and names every
//! field that differs, so a title changed in the platform's own app is caught as surely as a
//! chapter's audio, its icon, the cover or the order.

use std::collections::{BTreeMap, BTreeSet};

use cardsmith_model::publish::{VerifyPublishInput, VerifyPublishOutputBody, VerifyResult};
use cardsmith_model::validate::CollectionRole;
use cardsmith_upstream::model::content::Card;
use cardsmith_upstream::UpstreamError;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::accounts::{self, account_client};
use super::repo::record;
use crate::auth::Actor;
use crate::cards::require_card;
use crate::{Core, CoreError, CoreResult};

/// Every path of a card document Cardsmith writes, `[]` standing for any index; a list's own
/// path stands for its length. `document_paths_are_all_compared` keeps this list whole.
const SENT_PATHS: &[&str] = &[
    "title",
    "metadata.description",
    "metadata.cover.imageL",
    "metadata.media.duration",
    "metadata.media.fileSize",
    "metadata.media.hasStreams",
    "metadata.languages",
    "metadata.languages[]",
    "content.playbackType",
    "content.chapters",
    "content.chapters[].key",
    "content.chapters[].title",
    "content.chapters[].overlayLabel",
    "content.chapters[].duration",
    "content.chapters[].fileSize",
    "content.chapters[].display.icon16x16",
    "content.chapters[].tracks",
    "content.chapters[].tracks[].key",
    "content.chapters[].tracks[].title",
    "content.chapters[].tracks[].trackUrl",
    "content.chapters[].tracks[].format",
    "content.chapters[].tracks[].type",
    "content.chapters[].tracks[].overlayLabel",
    "content.chapters[].tracks[].duration",
    "content.chapters[].tracks[].fileSize",
    "content.chapters[].tracks[].channels",
    "content.chapters[].tracks[].display.icon16x16",
    // interactive cards (contract §2.3): the player follows these, so a change is drift
    "content.editSettings.autoOverlayLabels",
    "content.editSettings.editKeys",
    "content.editSettings.interactiveContent",
    "content.config.disableTrackNav",
    "content.config.disableChapterNav",
    "content.config.autoadvance",
    "content.chapters[].tracks[].events.onLhb.cmd",
    "content.chapters[].tracks[].events.onLhb.params.chapterKey",
    "content.chapters[].tracks[].events.onLhb.params.trackKey",
    "content.chapters[].tracks[].events.onRhb.cmd",
    "content.chapters[].tracks[].events.onRhb.params.chapterKey",
    "content.chapters[].tracks[].events.onRhb.params.trackKey",
    "content.chapters[].tracks[].events.onEnd.cmd",
    "content.chapters[].tracks[].events.onEnd.params.chapterKey",
    "content.chapters[].tracks[].events.onEnd.params.trackKey",
];

/// Sent, never compared: the platform puts this default on every card it stores, linear
/// cards included (which never send it), so it says nothing about drift.
#[cfg(test)]
const SENT_NOT_COMPARED: &[&str] = &["content.config.resumeTimeout"];

/// The fields of a card document that Cardsmith writes, by path.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fingerprint(BTreeMap<String, Value>);

impl Fingerprint {
    pub fn of(card: &Card) -> Self {
        let mut all = BTreeMap::new();
        flatten(
            String::new(),
            &serde_json::to_value(card).unwrap_or_default(),
            &mut all,
        );
        Self(
            all.into_iter()
                .filter(|(path, _)| SENT_PATHS.contains(&shape(path).as_str()))
                .collect(),
        )
    }

    /// The form kept in `publish_records.remote_digest`: a JSON object of path → value.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&self.0).expect("JSON values serialise")
    }

    /// `None` for what is not a stored fingerprint (a digest of older versions).
    fn from_stored(stored: &str) -> Option<Self> {
        serde_json::from_str(stored).ok().map(Self)
    }

    /// The paths whose values differ, in document order. A field only one side has because
    /// a list changed length is not named on its own: the list's length is.
    pub fn differences(&self, now: &Self) -> Vec<String> {
        let paths: BTreeSet<&String> = self.0.keys().chain(now.0.keys()).collect();
        let differing: Vec<&String> = paths
            .into_iter()
            .filter(|p| !same(self.0.get(*p), now.0.get(*p)))
            .collect();
        differing
            .iter()
            .filter(|p| {
                let one_sided = !self.0.contains_key(**p) || !now.0.contains_key(**p);
                let under_resized_list = differing
                    .iter()
                    .any(|list| p.len() > list.len() && p.starts_with(&format!("{list}[")));
                !(one_sided && under_resized_list)
            })
            .map(|p| (*p).clone())
            .collect()
    }
}

/// Equal values, a missing field counting as `null` and numbers compared as numbers (`533`
/// and `533.0` are the same duration).
fn same(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a.unwrap_or(&Value::Null), b.unwrap_or(&Value::Null)) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (x, y) => x == y,
    }
}

fn flatten(path: String, value: &Value, out: &mut BTreeMap<String, Value>) {
    match value {
        Value::Object(fields) => {
            for (key, v) in fields {
                let inner = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                flatten(inner, v, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                flatten(format!("{path}[{i}]"), v, out);
            }
            out.insert(path, items.len().into());
        }
        leaf => {
            out.insert(path, leaf.clone());
        }
    }
}

/// `content.chapters[2].title` → `content.chapters[].title`.
fn shape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            c => out.push(c),
        }
    }
    out
}

/// Digest of chapter titles and audio references, which records made before fingerprints
/// hold; such a record can only say *whether* the platform's card changed, not what.
fn legacy_digest(card: &Card) -> String {
    let mut h = Sha256::new();
    for chapter in card.content.chapters.iter().flatten() {
        h.update(chapter.title.as_bytes());
        for track in &chapter.tracks {
            h.update([0]);
            h.update(track.track_url.as_bytes());
        }
        h.update([1]);
    }
    hex::encode(h.finalize())
}

/// What differs between the card on the platform and what the record says was sent (a
/// legacy record names no field: `document` then stands for the whole card).
fn changed_fields(stored: Option<&str>, remote: &Card) -> Vec<String> {
    match stored.and_then(Fingerprint::from_stored) {
        Some(sent) => sent.differences(&Fingerprint::of(remote)),
        None if stored == Some(legacy_digest(remote).as_str()) => Vec::new(),
        None => vec!["document".to_owned()],
    }
}

/// Compares each card on each account with the local card.
pub async fn verify(
    core: &Core,
    actor: &Actor,
    input: VerifyPublishInput,
) -> CoreResult<VerifyPublishOutputBody> {
    super::client(core)?;
    let mut results = Vec::new();
    for (i, account_id) in input.account_ids.iter().enumerate() {
        accounts::get(core, actor, account_id).await.map_err(|_| {
            CoreError::invalid(
                &format!("account_ids/{i}"),
                "is not one of your linked accounts",
            )
        })?;
        let client = account_client(core, account_id)?;
        for (j, slug) in input.card_slugs.iter().enumerate() {
            let card = require_card(core.db.pool(), actor, slug, CollectionRole::Viewer)
                .await
                .map_err(|_| {
                    CoreError::invalid(&format!("card_slugs/{j}"), "is not a card you can reach")
                })?;
            let record = record(core, &card.id, account_id).await?;
            let mut differences = Vec::new();
            let (state, player_card_id) =
                match record.and_then(|r| r.player_card_id.clone().map(|id| (r, id))) {
                    None => ("never_published", None),
                    Some((r, id)) => {
                        let state = match client.card(&id).await {
                            Ok(remote) if remote.deleted != Some(true) => {
                                differences = changed_fields(r.remote_digest.as_deref(), &remote);
                                if !differences.is_empty() {
                                    "changed_upstream"
                                } else if r.content_hash_at_publish.as_deref()
                                    != Some(card.content_hash().as_str())
                                {
                                    "changed_locally"
                                } else {
                                    "in_sync"
                                }
                            }
                            Ok(_) | Err(UpstreamError::Api { status: 404, .. }) => "missing",
                            Err(e) => return Err(accounts::call_failed(core, account_id, e).await),
                        };
                        (state, Some(id))
                    }
                };
            results.push(VerifyResult {
                card_slug: card.slug.clone(),
                account_id: account_id.clone(),
                state: state.to_owned(),
                player_card_id,
                differences,
            });
        }
    }
    Ok(VerifyPublishOutputBody {
        results: Some(results),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsmith_upstream::model::content::Cover;

    fn card(json: Value) -> Card {
        serde_json::from_value(json).unwrap()
    }

    fn published() -> Card {
        card(serde_json::json!({
            "cardId": "abcde", "title": "Moon", "_id": "x", "updatedAt": "2026-01-01T00:00:00Z",
            "metadata": {"description": "d", "cover": {"imageL": "https://c/1"},
                "media": {"duration": 3, "fileSize": 10, "hasStreams": false}, "authors": []},
            "content": {"playbackType": "linear", "config": {"resumeTimeout": 2592000},
                "chapters": [
                    {"key": "01", "title": "One", "display": {"icon16x16": "yoto:#i1"},
                     "tracks": [{"key": "01", "title": "One", "trackUrl": "yoto:#a", "type": "audio", "duration": 1.0}]},
                    {"key": "02", "title": "Two", "display": {"icon16x16": "yoto:#i2"},
                     "tracks": [{"key": "02", "title": "Two", "trackUrl": "yoto:#b", "type": "audio", "duration": 2}]}
                ]}
        }))
    }

    #[test]
    fn server_fields_are_ignored_and_numbers_compare_as_numbers() {
        let sent = Fingerprint::of(&published());
        assert!(!sent
            .0
            .keys()
            .any(|p| p == "_id" || p == "updatedAt" || p == "cardId"));
        let mut again = published();
        again.updated_at = Some("2026-02-02T00:00:00Z".into());
        if let Some(chapters) = again.content.chapters.as_mut() {
            chapters[0].tracks[0].duration = Some(1.0);
        }
        assert!(sent.differences(&Fingerprint::of(&again)).is_empty());
        let stored = Fingerprint::from_stored(&sent.to_stored()).unwrap();
        assert_eq!(stored, sent);
    }

    #[test]
    fn each_changed_field_is_named() {
        let sent = Fingerprint::of(&published());
        let mut now = published();
        now.title = "Sun".into();
        now.metadata.cover = Some(Cover {
            image_l: Some("https://c/2".into()),
            ..Default::default()
        });
        let chapters = now.content.chapters.as_mut().unwrap();
        chapters[1].display.icon16x16 = Some("yoto:#other".into());
        chapters[0].tracks[0].track_url = "yoto:#z".into();
        assert_eq!(
            sent.differences(&Fingerprint::of(&now)),
            vec![
                "content.chapters[0].tracks[0].trackUrl",
                "content.chapters[1].display.icon16x16",
                "metadata.cover.imageL",
                "title",
            ]
        );
        // order: the chapters swapped
        let mut swapped = published();
        swapped.content.chapters.as_mut().unwrap().reverse();
        assert!(sent
            .differences(&Fingerprint::of(&swapped))
            .contains(&"content.chapters[0].title".to_owned()));
        // a chapter removed: named once, by the list's length
        let mut shorter = published();
        shorter.content.chapters.as_mut().unwrap().pop();
        assert_eq!(
            sent.differences(&Fingerprint::of(&shorter)),
            vec!["content.chapters"]
        );
    }

    #[test]
    fn legacy_records_still_tell_whether_the_card_changed() {
        let remote = published();
        let digest = legacy_digest(&remote);
        assert!(changed_fields(Some(digest.as_str()), &remote).is_empty());
        assert_eq!(changed_fields(Some("0000"), &remote), vec!["document"]);
    }

    /// Whatever the publish job puts in a document, verify compares: a field added to the
    /// document without a place in `SENT_PATHS` fails here.
    #[test]
    fn document_paths_are_all_compared() {
        use super::super::document::{document, About, SentChapter};
        use cardsmith_model::interactive::StoryGraph;
        use cardsmith_upstream::model::content::Track;
        use cardsmith_upstream::model::Channels;
        let audio = Track {
            title: "One".into(),
            track_url: "yoto:#a".into(),
            format: Some("aac".into()),
            kind: "audio".into(),
            duration: Some(3.0),
            file_size: Some(10.0),
            channels: Some(Channels::Stereo),
            ..Default::default()
        };
        let stream = Track {
            title: "Live".into(),
            track_url: "https://radio.example/live".into(),
            format: Some("mp3".into()),
            kind: "stream".into(),
            ..Default::default()
        };
        let chapter = |id: &str, title: &str, track, icon: &str| SentChapter {
            track_id: id.into(),
            title: title.into(),
            track,
            icon: icon.into(),
        };
        // a story that uses every event: a choice on each button, a goto and a stop
        let story: StoryGraph = serde_json::from_value(serde_json::json!({
            "start": "a",
            "passages": [
                {"track_id": "a", "left": {"label": "On", "target": "b"},
                 "right": {"label": "Back", "target": "a"}, "ending": {"kind": "goto", "target": "b"}},
                {"track_id": "b", "ending": {"kind": "stop"}},
            ],
        }))
        .unwrap();
        for story in [None, Some(&story)] {
            let about = About {
                title: "Moon",
                description: "Words",
                language: "fr",
                cover: Some("https://cover.example/c".into()),
                story,
            };
            let doc = document(
                about,
                vec![
                    chapter("a", "One", audio.clone(), "yoto:#i"),
                    chapter("b", "Live", stream.clone(), "yoto:#j"),
                ],
            );
            let mut sent = BTreeMap::new();
            flatten(
                String::new(),
                &serde_json::to_value(&doc).unwrap(),
                &mut sent,
            );
            let compared = Fingerprint::of(&doc);
            for path in sent.keys() {
                assert!(
                    compared.0.contains_key(path)
                        || SENT_NOT_COMPARED.contains(&shape(path).as_str()),
                    "{path} is sent, not compared"
                );
            }
            assert!(compared
                .0
                .contains_key("content.chapters[1].tracks[0].trackUrl"));
        }
    }

    #[test]
    fn paths_are_shaped_without_indices() {
        assert_eq!(
            shape("content.chapters[12].tracks[0].title"),
            "content.chapters[].tracks[].title"
        );
    }
}
