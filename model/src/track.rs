//! Tracks (a card's chapters), their edits, recordings and waveform peaks.

use serde::{Deserialize, Serialize};

use crate::card::TrackOut;
use crate::validate::{name_problem, track_slug_problem, Checker};
use crate::FieldError;

/// `transcode_status` values: waiting for a worker, being converted, playable, gave up, and
/// "not needed" for streams (the player fetches them itself).
pub mod transcode_status {
    pub const PENDING: &str = "pending";
    pub const PROCESSING: &str = "processing";
    pub const READY: &str = "ready";
    pub const FAILED: &str = "failed";
    pub const NOT_NEEDED: &str = "not_needed";
}

/// `stream_status` values of stream tracks.
pub mod stream_status {
    pub const REACHABLE: &str = "reachable";
    pub const UNREACHABLE: &str = "unreachable";
}

/// `source_type` values: where the audio came from.
pub mod source_type {
    pub const UPLOAD: &str = "upload";
    pub const RECORDING: &str = "recording";
    pub const STREAM: &str = "stream";
    pub const TTS: &str = "tts";
    /// An episode of a podcast feed, downloaded.
    pub const FEED: &str = "feed";
}

/// Longest description of a track.
pub const TRACK_DESCRIPTION_MAX_CHARS: usize = 2000;

/// A track with where it came from and what is being done to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackDetailOut {
    #[serde(flatten)]
    pub track: TrackOut,
    /// A source is kept audio (the original of an edit); it is not played.
    pub is_source: bool,
    /// The track this one was made from by an edit.
    pub parent_track_id: Option<String>,
    pub tts_text: Option<String>,
    pub tts_voice: Option<String>,
    pub tts_provider: Option<String>,
    pub tts_instructions: Option<String>,
    /// Why the last transcode failed, when it did.
    pub error: Option<String>,
    /// The stream's address, for stream tracks.
    pub stream_url: Option<String>,
    /// Exact length in milliseconds (`duration` is rounded to seconds).
    pub duration_ms: Option<i64>,
}

/// Kept audio that can be restored or purged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SourceTrackOut {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub description: String,
    /// Where the source's audio is served (`…/tracks/{slug}/audio`), or null without audio.
    pub audio_path: Option<String>,
    /// Seconds.
    pub duration: Option<i64>,
    pub file_size_bytes: i64,
    pub parent_track_id: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StreamTrackInput {
    /// An `http` or `https` address of audio the player streams.
    #[cfg_attr(
        feature = "openapi",
        schema(
            max_length = 2000,
            pattern = "^\\s*https?://[^/\\s\\x00-\\x1f\\x7f-\\x9f][^\\s\\x00-\\x1f\\x7f-\\x9f]*\\s*$"
        )
    )]
    pub stream_url: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
}

impl StreamTrackInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check("title", name_problem(&self.title))
            .check("stream_url", stream_url_problem(&self.stream_url));
        c.finish()
    }
}

/// Why `url` is not an acceptable stream address (syntax only; the server also checks where it
/// points).
pub fn stream_url_problem(url: &str) -> Option<&'static str> {
    let url = url.trim();
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        None if url.is_empty() => Some("is required"),
        None => Some("must start with http:// or https://"),
        Some(r) if r.is_empty() || r.starts_with('/') => Some("must name a host"),
        Some(_) if url.len() > 2000 => Some("must be at most 2000 characters"),
        Some(_) if url.chars().any(|c| c.is_whitespace() || c.is_control()) => {
            Some("must not contain spaces")
        }
        Some(_) => None,
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReorderTracksInput {
    /// Every playable track's slug (or id) in the new order.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::track_order))]
    pub positions: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackTitleInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
}

impl TrackTitleInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("title", name_problem(&self.title))
            .finish()
    }
}

/// The answer to a title change: the slug follows the title.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackTitleOutputBody {
    pub slug: String,
    pub title: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackDescriptionInput {
    #[cfg_attr(feature = "openapi", schema(max_length = 2000))]
    pub description: String,
}

impl TrackDescriptionInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let problem = (self.description.chars().count() > TRACK_DESCRIPTION_MAX_CHARS)
            .then(|| format!("must be at most {TRACK_DESCRIPTION_MAX_CHARS} characters"));
        Checker::default().check("description", problem).finish()
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IconPromptInput {
    pub icon_prompt: String,
}

impl IconPromptInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let problem =
            (self.icon_prompt.chars().count() > 500).then_some("must be at most 500 characters");
        Checker::default().check("icon_prompt", problem).finish()
    }
}

/// Where an uploaded track icon can be read (the same values as the track's `icon_path` and
/// `icon_source_path`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackIconOut {
    /// The 16x16 PNG the player shows.
    pub icon_path: String,
    /// The full-resolution picture it was made from.
    pub icon_source_path: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackSlugInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::slug))]
    pub slug: String,
}

impl TrackSlugInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("slug", track_slug_problem(&self.slug))
            .finish()
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackSlugAvailableOutputBody {
    pub available: bool,
}

/// Longest fade, in milliseconds.
pub const FADE_MAX_MS: i64 = 60_000;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FadeInput {
    /// Milliseconds, 0 to 60,000; one of the two fades must be longer than 0.
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 60000))]
    pub fade_in_ms: i64,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 60000))]
    pub fade_out_ms: i64,
}

impl FadeInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let range = |v: i64| {
            (!(0..=FADE_MAX_MS).contains(&v))
                .then(|| format!("must be between 0 and {FADE_MAX_MS}"))
        };
        let mut c = Checker::default();
        c.check("fade_in_ms", range(self.fade_in_ms))
            .check("fade_out_ms", range(self.fade_out_ms));
        if self.fade_in_ms == 0 && self.fade_out_ms == 0 {
            c.check("fade_in_ms", Some("one of the fades must be longer than 0"));
        }
        c.finish()
    }
}

/// Cut a track down to `start..end` seconds.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrimInput {
    /// Seconds from the beginning, 0 or more.
    #[cfg_attr(feature = "openapi", schema(minimum = 0))]
    pub start: f64,
    /// Seconds from the beginning, after `start`.
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0))]
    pub end: f64,
    /// The kept piece's title; absent or blank: the track's.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 120))]
    pub title: Option<String>,
}

impl TrimInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check(
            "start",
            (!self.start.is_finite() || self.start < 0.0).then_some("must be 0 or more seconds"),
        )
        .check(
            "end",
            (!self.end.is_finite() || self.end <= self.start).then_some("must be after the start"),
        );
        if let Some(t) = self.title.as_deref().filter(|t| !t.trim().is_empty()) {
            c.check("title", name_problem(t));
        }
        c.finish()
    }
}

/// Cut a track into pieces at `split_points` (seconds).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SplitInput {
    /// 1 to 100 times in seconds after 0, in increasing order.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::split_points))]
    pub split_points: Vec<f64>,
    /// Titles of the pieces, in order; missing ones are numbered after the track.
    #[serde(default)]
    pub titles: Option<Vec<String>>,
}

impl SplitInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        let points = &self.split_points;
        let bad = points.is_empty()
            || points.len() > 100
            || points.iter().any(|p| !p.is_finite() || *p <= 0.0)
            || points.windows(2).any(|w| w[1] <= w[0]);
        c.check(
            "split_points",
            bad.then_some("must be 1 to 100 increasing times after 0 seconds"),
        );
        for (i, t) in self.titles.iter().flatten().enumerate() {
            if !t.trim().is_empty() {
                c.check(&format!("titles/{i}"), name_problem(t));
            }
        }
        c.finish()
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MergeInput {
    /// 2 to 100 different tracks of the card, in the order they are joined.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::tracks_to_merge))]
    pub track_slugs: Vec<String>,
    /// The joined track's title; absent or blank: the first track's.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 120))]
    pub title: Option<String>,
}

impl MergeInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        let mut seen = std::collections::HashSet::new();
        let dupes = !self.track_slugs.iter().all(|s| seen.insert(s));
        c.check(
            "track_slugs",
            (self.track_slugs.len() < 2 || self.track_slugs.len() > 100 || dupes)
                .then_some("must name 2 to 100 different tracks"),
        );
        if let Some(t) = self.title.as_deref().filter(|t| !t.trim().is_empty()) {
            c.check("title", name_problem(t));
        }
        c.finish()
    }
}

/// Waveform of a track: `peaks[i]` is the loudest absolute sample (0..1) of bucket `i`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PeaksOutputBody {
    pub duration_ms: i64,
    pub sample_rate: u32,
    pub peaks: Vec<f32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_urls_must_be_http() {
        assert_eq!(stream_url_problem("https://radio.example/live.mp3"), None);
        assert!(stream_url_problem("ftp://x").is_some());
        assert!(stream_url_problem("http://").is_some());
        assert!(stream_url_problem("").is_some());
        assert!(stream_url_problem("http://a b").is_some());
    }

    #[test]
    fn split_points_increase() {
        let ok = SplitInput {
            split_points: vec![1.0, 2.5],
            titles: None,
        };
        assert!(ok.validate().is_ok());
        let bad = SplitInput {
            split_points: vec![2.0, 1.0],
            titles: None,
        };
        assert!(bad.validate().is_err());
        assert!(SplitInput::default().validate().is_err());
    }

    #[test]
    fn trims_end_after_start() {
        assert!(TrimInput {
            start: 1.0,
            end: 2.0,
            title: None
        }
        .validate()
        .is_ok());
        assert!(TrimInput {
            start: 2.0,
            end: 2.0,
            title: None
        }
        .validate()
        .is_err());
        assert!(TrimInput {
            start: -1.0,
            end: 2.0,
            title: None
        }
        .validate()
        .is_err());
    }

    #[test]
    fn merges_need_two_different_tracks() {
        let m = |s: &[&str]| MergeInput {
            track_slugs: s.iter().map(|s| s.to_string()).collect(),
            title: None,
        };
        assert!(m(&["a", "b"]).validate().is_ok());
        assert!(m(&["a"]).validate().is_err());
        assert!(m(&["a", "a"]).validate().is_err());
    }
}
