//! The card document Cardsmith sends the platform. The platform replaces a card with what it
//! is sent, so the document is always whole; it is built here from what the publish job
//! gathered, apart from the job, so its shape can be tested without a platform.

use cardsmith_upstream::model::content::{
    Card, CardContent, CardMetadata, Chapter, Cover, Display, MediaSummary, Track,
};

/// One chapter as it goes out: its title, its one track (audio reference and the platform's
/// transcode facts, or a stream) and its icon reference.
pub(super) struct SentChapter {
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
}

/// The whole card document (the platform replaces a card with what it is sent): stable
/// chapter keys `01`, `02`, …, an icon on every chapter and its track, totals over the
/// tracks, and the language its collection speaks.
pub(super) fn document(about: About<'_>, chapters: Vec<SentChapter>) -> Card {
    let About {
        title,
        description,
        language,
        cover,
    } = about;
    let (mut duration, mut size, mut streams) = (0.0, 0.0, false);
    let chapters = chapters
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            duration += c.track.duration.unwrap_or(0.0);
            size += c.track.file_size.unwrap_or(0.0);
            streams |= c.track.kind == "stream";
            let key = format!("{:02}", i + 1);
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
                    ..c.track
                }],
                ..Default::default()
            }
        })
        .collect();
    Card {
        title: title.to_owned(),
        content: CardContent {
            chapters: Some(chapters),
            playback_type: Some("linear".into()),
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
