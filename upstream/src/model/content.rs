//! Cards ("content"): the library list, a full card, and the body of a create/update.
//!
//! An update is a whole-document replace: fetch the card, change it, send it all back. Unknown
//! fields survive that round trip through the `extra` maps.

use serde::{Deserialize, Serialize};

use super::wire::{opt_flag, opt_number};
use super::{Channels, Extra};

/// The prefix of platform media references in cards (`yoto:#<hash-or-mediaId>`).
pub const MEDIA_REF_PREFIX: &str = "yoto:#";

/// `GET /content/mine`.
#[derive(Debug, Clone, Deserialize)]
pub struct CardList {
    #[serde(default)]
    pub cards: Vec<Card>,
}

/// `{"card": …}`, the answer of `GET /content/{id}` and `POST /content`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CardEnvelope {
    pub card: Card,
}

/// A card. In the library list `content.chapters` is absent (summary view).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// Absent when creating; 5 alphanumerics once created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_id: Option<String>,
    #[serde(default)]
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub deleted: Option<bool>,
    #[serde(default)]
    pub content: CardContent,
    #[serde(default)]
    pub metadata: CardMetadata,
    #[serde(flatten)]
    pub extra: Extra,
}

/// What kind of card a library entry is (the list mixes all of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    /// Made by this account ("make your own").
    UserMade,
    /// A physical card bought in a shop, or shared from another account.
    Purchased,
    /// A streaming/podcast card: online only, fed by an RSS URL.
    Streaming,
}

impl Card {
    /// Classifies a library card for the account whose platform user id is `own_user_id`.
    pub fn kind(&self, own_user_id: &str) -> CardKind {
        let streaming = self.content.config.online_only == Some(true)
            || self
                .content
                .edit_settings
                .as_ref()
                .is_some_and(|e| e.rss_url.is_some());
        if streaming {
            CardKind::Streaming
        } else if self.user_id.as_deref() == Some(own_user_id) {
            CardKind::UserMade
        } else {
            CardKind::Purchased
        }
    }

    /// Every track of every chapter, in order.
    pub fn tracks(&self) -> impl Iterator<Item = &Track> {
        self.content
            .chapters
            .iter()
            .flatten()
            .flat_map(|c| c.tracks.iter())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardContent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activity: Option<String>,
    /// `None` in the library summary; the full card always carries a list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapters: Option<Vec<Chapter>>,
    #[serde(default)]
    pub config: CardConfig,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit_settings: Option<EditSettings>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playback_type: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub restricted: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardConfig {
    /// Absent counts as `false`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub online_only: Option<bool>,
    /// Seconds after which the card starts again from its beginning.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub resume_timeout: Option<f64>,
    /// Interactive cards: the buttons choose, they do not skip.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub disable_track_nav: Option<bool>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub disable_chapter_nav: Option<bool>,
    /// `none` on interactive cards: a track's `onEnd` says what comes next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub autoadvance: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditSettings {
    /// Present only on streaming/podcast cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rss_url: Option<String>,
    /// `chapters` on interactive cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_overlay_labels: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub edit_keys: Option<bool>,
    /// `true` on interactive cards.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub interactive_content: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Chapter {
    pub key: String,
    #[serde(default)]
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlay_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub duration: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub file_size: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_from: Option<String>,
    /// Required by the card schema on chapters; tracks default to their chapter's icon.
    #[serde(default)]
    pub display: Display,
    #[serde(default)]
    pub tracks: Vec<Track>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Track {
    pub key: String,
    #[serde(default)]
    pub title: String,
    /// `yoto:#<transcodedSha256>` for uploaded audio; a signed https URL in playable answers;
    /// the stream URL for `type: "stream"`.
    #[serde(default)]
    pub track_url: String,
    /// Must match the transcoded file, or players skip the track; copy it from the transcode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// `audio` or `stream`.
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlay_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub duration: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub file_size: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channels: Option<Channels>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<Display>,
    /// What the player does on a button or at the track's end (interactive cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<TrackEvents>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// A track's events on an interactive card (contract §2.3): the left button (`onLhb`), the
/// right button (`onRhb`), and the end of the track with no button pressed (`onEnd`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackEvents {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_lhb: Option<TrackEvent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_rhb: Option<TrackEvent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_end: Option<TrackEvent>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `{"cmd":"goto","params":{"chapterKey":K,"trackKey":K}}` or `{"cmd":"stop"}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TrackEvent {
    #[serde(default)]
    pub cmd: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params: Option<GotoParams>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GotoParams {
    #[serde(default)]
    pub chapter_key: String,
    #[serde(default)]
    pub track_key: String,
}

impl TrackEvent {
    pub fn goto(key: &str) -> Self {
        TrackEvent {
            cmd: "goto".into(),
            params: Some(GotoParams {
                chapter_key: key.to_owned(),
                track_key: key.to_owned(),
            }),
        }
    }

    pub fn stop() -> Self {
        TrackEvent {
            cmd: "stop".into(),
            params: None,
        }
    }

    /// The chapter a `goto` leads to.
    pub fn goto_key(&self) -> Option<&str> {
        (self.cmd == "goto")
            .then(|| self.params.as_ref().map(|p| p.chapter_key.as_str()))
            .flatten()
    }
}

impl Track {
    /// True for a signed download URL (playable answers) rather than a `yoto:#` reference.
    pub fn has_download_url(&self) -> bool {
        self.track_url.starts_with("https://") || self.track_url.starts_with("http://")
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Display {
    /// `yoto:#<mediaId>` when sending; a URL in playable answers. `null` is allowed.
    #[serde(default)]
    pub icon16x16: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardMetadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<Cover>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<MediaSummary>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Cover {
    /// The cover upload's `mediaUrl`.
    #[serde(rename = "imageL", default, skip_serializing_if = "Option::is_none")]
    pub image_l: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// Totals over the card's tracks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MediaSummary {
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub duration: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_number")]
    pub file_size: Option<f64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "opt_flag::deserialize"
    )]
    pub has_streams: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_fields_survive_a_round_trip() {
        let json = r#"{"cardId":"iMG7o","title":"T","sortkey":"t","content":{"activity":"yoto_Player",
            "chapters":[{"key":"01","title":"c","display":{"icon16x16":"yoto:#x"},"defaultTrackDisplay":null,
            "tracks":[{"key":"01","title":"t","trackUrl":"yoto:#h","type":"audio","format":"aac",
            "duration":533,"fileSize":100,"channels":2,"ambient":{"x":1}}]}],
            "config":{"resumeTimeout":2592000},"editSettings":{"editKeys":false}},
            "metadata":{"media":{"duration":533},"category":"none"}}"#;
        let card: Card = serde_json::from_str(json).unwrap();
        assert_eq!(card.kind("someone"), CardKind::Purchased);
        let back = serde_json::to_value(&card).unwrap();
        assert_eq!(back["sortkey"], "t");
        assert_eq!(back["content"]["config"]["resumeTimeout"], 2592000);
        assert_eq!(back["content"]["editSettings"]["editKeys"], false);
        let track = &back["content"]["chapters"][0]["tracks"][0];
        assert_eq!(track["ambient"]["x"], 1);
        assert_eq!(track["channels"], "stereo");
        assert_eq!(track["duration"], 533);
        assert_eq!(back["metadata"]["category"], "none");
    }

    #[test]
    fn streaming_cards_are_recognised() {
        let card: Card = serde_json::from_str(
            r#"{"cardId":"a","title":"P","userId":"me","content":{"config":{"onlineOnly":true},
            "editSettings":{"rssUrl":"https://feed"}}}"#,
        )
        .unwrap();
        assert_eq!(card.kind("me"), CardKind::Streaming);
        assert!(card.content.chapters.is_none());
    }
}
