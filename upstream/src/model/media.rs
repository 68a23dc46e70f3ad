//! Audio uploads and transcodes, cover images and display icons.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::content::{Display, Track, MEDIA_REF_PREFIX};
use super::wire::{opt_flag, opt_number};
use super::{Channels, Extra};

/// `{"upload": …}` of `GET /media/transcode/audio/uploadUrl`.
#[derive(Debug, Clone, Deserialize)]
pub struct UploadUrlEnvelope {
    pub upload: UploadSlot,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UploadSlot {
    pub upload_id: String,
    /// `None` when the platform already has audio with this SHA-256: skip the PUT.
    #[serde(default)]
    pub upload_url: Option<String>,
}

/// `{"transcode": …}` of `GET /media/upload/{uploadId}/transcoded`.
#[derive(Debug, Clone, Deserialize)]
pub struct TranscodeEnvelope {
    pub transcode: Transcode,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Transcode {
    /// Present once done; the track URL is `yoto:#` + this.
    #[serde(default)]
    pub transcoded_sha256: Option<String>,
    #[serde(default)]
    pub transcoded_info: Option<TranscodedInfo>,
    #[serde(default)]
    pub progress: Option<Progress>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// Phases seen: queued, processing, transcoding, analyzing, downloading, complete. Only
/// `failed` and `error` are failures; other unknown phases mean "keep waiting".
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Progress {
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub percent: Option<f64>,
}

impl Progress {
    pub fn is_failure(&self) -> bool {
        matches!(self.phase.as_deref(), Some("failed" | "error"))
    }
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranscodedInfo {
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub duration: Option<f64>,
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub file_size: Option<f64>,
    #[serde(default)]
    pub codec: Option<String>,
    #[serde(default)]
    pub format: Option<String>,
    #[serde(default)]
    pub channels: Option<Channels>,
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub sample_rate: Option<f64>,
    #[serde(default, deserialize_with = "opt_number::deserialize")]
    pub bitrate: Option<f64>,
    /// `metadata.title`: the default chapter title official examples use.
    #[serde(default)]
    pub metadata: Option<Value>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// A finished audio upload, ready to become a track.
#[derive(Debug, Clone, PartialEq)]
pub struct TranscodedAudio {
    pub upload_id: String,
    pub transcoded_sha256: String,
    pub info: TranscodedInfo,
    /// True when the platform already had this audio and no bytes were sent.
    pub deduplicated: bool,
}

impl TranscodedAudio {
    /// The `trackUrl` to put in a card.
    pub fn track_url(&self) -> String {
        format!("{MEDIA_REF_PREFIX}{}", self.transcoded_sha256)
    }

    /// The title the transcoder read from the file's tags, if any.
    pub fn tagged_title(&self) -> Option<&str> {
        self.info.metadata.as_ref()?.get("title")?.as_str()
    }

    /// A track for this audio. `format`, `channels`, `duration` and `fileSize` are copied
    /// verbatim: a wrong format makes players skip the track.
    pub fn to_track(&self, key: &str, title: &str, icon_media_id: Option<&str>) -> Track {
        Track {
            key: key.to_owned(),
            title: title.to_owned(),
            track_url: self.track_url(),
            format: self.info.format.clone(),
            kind: "audio".to_owned(),
            overlay_label: None,
            duration: self.info.duration,
            file_size: self.info.file_size,
            channels: self.info.channels,
            display: icon_media_id.map(|id| Display {
                icon16x16: Some(format!("{MEDIA_REF_PREFIX}{id}")),
                extra: Extra::new(),
            }),
            events: None,
            extra: Extra::new(),
        }
    }
}

/// `{"coverImage": …}` of the cover upload.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CoverEnvelope {
    pub cover_image: CoverImage,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CoverImage {
    pub media_id: String,
    /// Goes into `metadata.cover.imageL`.
    pub media_url: String,
}

/// Crop targets of the cover upload (`coverType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoverType {
    Default,
    Activities,
    Music,
    Sfx,
    Stories,
    Myo,
    Podcast,
    Radio,
}

impl CoverType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Default => "default",
            Self::Activities => "activities",
            Self::Music => "music",
            Self::Sfx => "sfx",
            Self::Stories => "stories",
            Self::Myo => "myo",
            Self::Podcast => "podcast",
            Self::Radio => "radio",
        }
    }
}

/// `{"displayIcon": …}` of the icon upload.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DisplayIconEnvelope {
    pub display_icon: DisplayIcon,
}

/// `{"displayIcons": […]}` of the icon listings.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DisplayIconList {
    #[serde(default)]
    pub display_icons: Vec<DisplayIcon>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DisplayIcon {
    /// Referenced from cards as `yoto:#<mediaId>`.
    pub media_id: String,
    #[serde(default)]
    pub display_icon_id: Option<String>,
    #[serde(default)]
    pub user_id: Option<String>,
    /// A duplicate upload answers `"url": {}`; that reads as `None`.
    #[serde(default, deserialize_with = "url_or_empty")]
    pub url: Option<String>,
    /// `Some(true)` for a new upload, absent for a duplicate.
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub new: Option<bool>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub public_tags: Vec<String>,
    #[serde(default, deserialize_with = "opt_flag::deserialize")]
    pub public: Option<bool>,
    #[serde(default)]
    pub created_at: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl DisplayIcon {
    /// The reference to put in `display.icon16x16`.
    pub fn media_ref(&self) -> String {
        format!("{MEDIA_REF_PREFIX}{}", self.media_id)
    }
}

fn url_or_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<Value>::deserialize(d)? {
        Some(Value::String(s)) if !s.is_empty() => Some(s),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_icon_answer_has_no_url() {
        let icon: DisplayIconEnvelope = serde_json::from_str(
            r#"{"displayIcon":{"mediaId":"m","userId":"u","displayIconId":"d","url":{},
            "_id":"x","createdAt":"2024-01-01"}}"#,
        )
        .unwrap();
        assert_eq!(icon.display_icon.url, None);
        assert_eq!(icon.display_icon.new, None);
        assert_eq!(icon.display_icon.media_ref(), "yoto:#m");
    }

    #[test]
    fn unknown_phases_are_not_failures() {
        for phase in ["queued", "analyzing", "downloading", "frobnicating"] {
            let p = Progress {
                phase: Some(phase.into()),
                percent: None,
            };
            assert!(!p.is_failure(), "{phase}");
        }
        assert!(Progress {
            phase: Some("error".into()),
            percent: None
        }
        .is_failure());
    }
}
