//! The card document Cardsmith sends the platform. The platform replaces a card with what it
//! is sent, so the document is always whole; it is built here from what the publish job
//! gathered, apart from the job, so its shape can be tested without a platform.

use cardsmith_model::interactive::{chapter_keys, playback_type, StoryGraph};

use super::story_events::events_of;
use cardsmith_upstream::model::content::{
    Card, CardConfig, CardContent, CardMetadata, Chapter, Cover, Display, EditSettings,
    MediaSummary, Track, TrackEvents,
};

/// One chapter as it goes out: its title, its one track (audio reference and the platform's
/// transcode facts, or a stream) and its icon reference.
pub(super) struct SentChapter {
    /// The track it is, which an interactive card's story names.
    pub track_id: String,
    pub title: String,
    pub track: Track,
    pub icon: String,
}

/// What a card says about itself beside its chapters.
pub(super) struct About<'a> {
    pub title: &'a str,
    pub description: &'a str,
    /// Its home collection's language, one of the platform's (`metadata.languages`).
    pub language: &'a str,
    /// The cover's `mediaUrl` on the platform.
    pub cover: Option<String>,
    /// An interactive card's story (checked: no errors); `None` plays the chapters in order.
    pub story: Option<&'a StoryGraph>,
}

/// The whole card document (the platform replaces a card with what it is sent): an icon on
/// every chapter and its track, totals over the tracks, and the language its collection
/// speaks. A linear card's chapters are keyed `01`, `02`, …; an interactive card's as the
/// platform's converter keys passages (by name, [`chapter_keys`]), each track carrying its
/// passage's events, with the converter's `editSettings` and `config`.
pub(super) fn document(about: About<'_>, mut chapters: Vec<SentChapter>) -> Card {
    let About {
        title,
        description,
        language,
        cover,
        story,
    } = about;
    // a player starts an interactive card at its first chapter: the story's start
    if let Some(at) = story.and_then(|s| chapters.iter().position(|c| c.track_id == s.start)) {
        let start = chapters.remove(at);
        chapters.insert(0, start);
    }
    let keys: Vec<String> = match story {
        Some(_) => chapter_keys(
            &chapters
                .iter()
                .map(|c| c.title.as_str())
                .collect::<Vec<_>>(),
        ),
        None => (1..=chapters.len()).map(|i| format!("{i:02}")).collect(),
    };
    let key_of = |track_id: &str| {
        chapters
            .iter()
            .position(|c| c.track_id == track_id)
            .map(|i| keys[i].clone())
    };
    let events: Vec<Option<TrackEvents>> = chapters
        .iter()
        .map(|c| story.map(|s| events_of(s, &c.track_id, &key_of)))
        .collect();
    let (mut duration, mut size, mut streams) = (0.0, 0.0, false);
    let chapters = chapters
        .into_iter()
        .zip(keys)
        .zip(events)
        .enumerate()
        .map(|(i, ((c, key), events))| {
            duration += c.track.duration.unwrap_or(0.0);
            size += c.track.file_size.unwrap_or(0.0);
            streams |= c.track.kind == "stream";
            let label = Some((i + 1).to_string());
            let display = Display {
                icon16x16: Some(c.icon),
                ..Default::default()
            };
            Chapter {
                key: key.clone(),
                title: c.title,
                overlay_label: label.clone(),
                duration: c.track.duration,
                file_size: c.track.file_size,
                display: display.clone(),
                tracks: vec![Track {
                    key,
                    overlay_label: label,
                    display: Some(display),
                    events,
                    ..c.track
                }],
                ..Default::default()
            }
        })
        .collect();
    let (playback, edit_settings, config) = match story {
        Some(_) => (
            playback_type::INTERACTIVE,
            Some(EditSettings {
                auto_overlay_labels: Some("chapters".into()),
                edit_keys: Some(false),
                interactive_content: Some(true),
                ..Default::default()
            }),
            CardConfig {
                resume_timeout: Some(2_592_000.0),
                disable_track_nav: Some(true),
                disable_chapter_nav: Some(true),
                autoadvance: Some("none".into()),
                ..Default::default()
            },
        ),
        None => (playback_type::LINEAR, None, CardConfig::default()),
    };
    Card {
        title: title.to_owned(),
        content: CardContent {
            chapters: Some(chapters),
            playback_type: Some(playback.into()),
            edit_settings,
            config,
            ..Default::default()
        },
        metadata: CardMetadata {
            description: Some(description.to_owned()).filter(|d| !d.is_empty()),
            cover: cover.map(|url| Cover {
                image_l: Some(url),
                ..Default::default()
            }),
            media: Some(MediaSummary {
                duration: Some(duration),
                file_size: Some(size),
                has_streams: Some(streams),
                ..Default::default()
            }),
            extra: [("languages".to_owned(), serde_json::json!([language]))]
                .into_iter()
                .collect(),
        },
        ..Default::default()
    }
}
