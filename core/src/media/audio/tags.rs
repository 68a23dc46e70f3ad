//! What an audio file says about itself: title, album, artist, track and disc numbers and
//! embedded cover art, from ID3v2 (MP3), MP4 atoms (M4A), Vorbis comments (FLAC, Ogg) and
//! RIFF INFO (WAV), all read by symphonia's probe without decoding any audio.
//!
//! Tags are whatever the file's maker typed: every text is trimmed and bounded, numbers are
//! read from "3", "03" or "3/12", and a file whose tags cannot be read simply has none (tags
//! never make a file unusable; its audio is checked elsewhere).

use std::path::Path;

use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::{Limit, MetadataOptions, MetadataRevision, StandardTagKey};
use symphonia::core::probe::Hint;

/// Longest tag text kept (titles are shortened further where they become names).
const TEXT_MAX_CHARS: usize = 200;
/// Most bytes of tags read from one file, pictures apart.
const METADATA_MAX_BYTES: usize = 1024 * 1024;
/// Largest embedded picture read.
const PICTURE_MAX_BYTES: usize = 8 * 1024 * 1024;

/// The tags of one file; every field is optional.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AudioTags {
    pub title: Option<String>,
    pub album: Option<String>,
    pub artist: Option<String>,
    pub track_number: Option<u32>,
    pub disc_number: Option<u32>,
    /// The embedded front cover (or the first picture), as stored: its bytes are checked
    /// like any uploaded picture before they are used.
    pub picture: Option<Vec<u8>>,
}

impl AudioTags {
    /// The file's place by its tags, disc first, for sorting (`None`: no track number).
    pub fn order_key(&self) -> Option<(u32, u32)> {
        self.track_number
            .map(|track| (self.disc_number.unwrap_or(1), track))
    }
}

/// Reads the tags of the audio file at `path` (blocking work, on a blocking thread).
pub async fn read(path: &Path) -> AudioTags {
    let path = path.to_owned();
    tokio::task::spawn_blocking(move || read_blocking(&path))
        .await
        .unwrap_or_default()
}

fn read_blocking(path: &Path) -> AudioTags {
    let Ok(file) = std::fs::File::open(path) else {
        return AudioTags::default();
    };
    let mss = MediaSourceStream::new(Box::new(file), Default::default());
    let options = MetadataOptions {
        limit_metadata_bytes: Limit::Maximum(METADATA_MAX_BYTES),
        limit_visual_bytes: Limit::Maximum(PICTURE_MAX_BYTES),
    };
    let Ok(mut probed) = symphonia::default::get_probe().format(
        &Hint::new(),
        mss,
        &FormatOptions::default(),
        &options,
    ) else {
        return AudioTags::default();
    };
    let mut tags = AudioTags::default();
    // ID3v2 ahead of an MP3 stream is read by the probe; the container's own tags by the
    // format reader. Both may hold some: the container's win where both say something.
    if let Some(revision) = probed.metadata.get().as_ref().and_then(|m| m.current()) {
        take(&mut tags, revision);
    }
    if let Some(revision) = probed.format.metadata().current() {
        take(&mut tags, revision);
    }
    tags
}

/// Copies what `revision` says into `tags`.
fn take(tags: &mut AudioTags, revision: &MetadataRevision) {
    for tag in revision.tags() {
        let value = tag.value.to_string();
        match tag.std_key {
            Some(StandardTagKey::TrackTitle) => set_text(&mut tags.title, &value),
            Some(StandardTagKey::Album) => set_text(&mut tags.album, &value),
            Some(StandardTagKey::Artist | StandardTagKey::AlbumArtist) if tags.artist.is_none() => {
                set_text(&mut tags.artist, &value)
            }
            Some(StandardTagKey::TrackNumber) => {
                tags.track_number = leading_number(&value).or(tags.track_number)
            }
            Some(StandardTagKey::DiscNumber) => {
                tags.disc_number = leading_number(&value).or(tags.disc_number)
            }
            _ => {}
        }
    }
    let visuals = revision.visuals();
    let front = visuals
        .iter()
        .find(|v| v.usage == Some(symphonia::core::meta::StandardVisualKey::FrontCover))
        .or(visuals.first());
    if let Some(picture) = front.filter(|v| !v.data.is_empty()) {
        tags.picture = Some(picture.data.to_vec());
    }
}

fn set_text(field: &mut Option<String>, value: &str) {
    let text: String = value
        .chars()
        .filter(|c| !c.is_control())
        .take(TEXT_MAX_CHARS)
        .collect();
    let text = text.trim();
    if !text.is_empty() {
        *field = Some(text.to_owned());
    }
}

/// `3`, `03`, `3/12` → 3; zero and anything else → none.
pub fn leading_number(text: &str) -> Option<u32> {
    let digits: String = text
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .take(6)
        .collect();
    digits.parse().ok().filter(|n| *n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn track_numbers_are_read_the_ways_taggers_write_them() {
        assert_eq!(leading_number("3"), Some(3));
        assert_eq!(leading_number(" 07/12"), Some(7));
        assert_eq!(leading_number("0"), None);
        assert_eq!(leading_number("A1"), None);
        assert_eq!(leading_number("99999999999"), Some(999_999));
    }

    #[test]
    fn discs_come_before_tracks_and_untagged_files_have_no_place() {
        let t = |disc, track| AudioTags {
            disc_number: disc,
            track_number: track,
            ..Default::default()
        };
        assert!(t(Some(2), Some(1)).order_key() > t(None, Some(9)).order_key());
        assert_eq!(t(Some(2), None).order_key(), None);
    }

    #[tokio::test]
    async fn a_file_that_is_not_audio_has_no_tags() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.mp3");
        std::fs::write(&path, b"not audio at all").unwrap();
        assert_eq!(read(&path).await, AudioTags::default());
        assert_eq!(
            read(&dir.path().join("missing")).await,
            AudioTags::default()
        );
    }
}
