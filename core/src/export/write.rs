//! Writing a parent's cards into a ZIP file on disk, one file at a time: audio and pictures
//! are copied from the media store into the archive without being held whole in memory
//! (stored, not compressed: audio and pictures do not shrink), `card.yaml` beside them.

use std::io::Write;
use std::path::Path;

use cardsmith_model::export::{CardFile, ExportIndex, FileRef, TrackFile, CARD_FILE_FORMAT};
use zip::write::SimpleFileOptions;
use zip::ZipWriter;

use crate::cards::repo::CardRow;
use crate::media::store::hash_file;
use crate::tracks::repo::TrackRow;
use crate::{time, Core, CoreError, CoreResult};

type Zip = ZipWriter<std::fs::File>;

/// Writes `cards` into a new ZIP at `to`; `progress` hears (cards done, cards in all).
pub async fn write_zip(
    core: &Core,
    cards: &[CardRow],
    to: &Path,
    mut progress: impl FnMut(usize, usize),
) -> CoreResult<()> {
    let file = std::fs::File::create(to).map_err(|e| CoreError::internal("creating the ZIP", e))?;
    let mut zip = Some(ZipWriter::new(file));
    let mut folders = Vec::with_capacity(cards.len());
    for (i, card) in cards.iter().enumerate() {
        progress(i, cards.len());
        let folder = format!("{:03}-{}", i + 1, card.slug);
        let tracks = crate::tracks::repo::list_playable(core.db.pool(), &card.id).await?;
        let mut out = CardFile {
            format: CARD_FILE_FORMAT,
            title: card.title.clone(),
            description: card.description.clone(),
            author: card.author.clone(),
            cover: None,
            playback: card.playback(),
            playback_type: card.playback_type.clone(),
            tracks: Vec::with_capacity(tracks.len()),
            story: story_with_keys(card, &tracks),
        };
        if let Some(hash) = &card.cover_hash {
            out.cover = Some(picture(core, &mut zip, &folder, "cover", hash).await?);
        }
        for (n, track) in tracks.iter().enumerate() {
            let Some(hash) = &track.original_hash else {
                continue; // a stream track: nothing of its own to carry
            };
            let name = format!(
                "{:02} {}.{}",
                n + 1,
                file_title(&track.title),
                extension(track)
            );
            let audio = stored(core, &mut zip, &folder, &name, hash).await?;
            let (icon, icon_picture) = match (&track.icon_hash, &track.icon_source_hash) {
                (Some(icon), Some(source)) => {
                    let stem = format!("icons/{:02}", n + 1);
                    let icon = picture(core, &mut zip, &folder, &stem, icon).await?;
                    let stem = format!("icons/{:02}-picture", n + 1);
                    let source = picture(core, &mut zip, &folder, &stem, source).await?;
                    (Some(icon), Some(source))
                }
                _ => (None, None),
            };
            out.tracks.push(TrackFile {
                title: track.title.clone(),
                description: track.description.clone(),
                audio,
                duration_ms: track.duration_ms,
                icon,
                icon_picture,
            });
        }
        let yaml = serde_norway::to_string(&out)
            .map_err(|e| CoreError::internal("writing card.yaml", e))?;
        zip = Some(entry(zip.take(), format!("{folder}/card.yaml"), yaml.into_bytes()).await?);
        folders.push(folder);
    }
    let index = ExportIndex {
        format: CARD_FILE_FORMAT,
        made_by: format!("Cardsmith {}", env!("CARGO_PKG_VERSION")),
        exported_at: time::now_str(),
        cards: folders,
    };
    let yaml = serde_norway::to_string(&index)
        .map_err(|e| CoreError::internal("writing export.yaml", e))?;
    let zip = entry(zip.take(), "export.yaml".into(), yaml.into_bytes()).await?;
    tokio::task::spawn_blocking(move || zip.finish().map(|_| ()))
        .await
        .map_err(|e| CoreError::internal("ZIP task", e))?
        .map_err(|e| CoreError::internal("finishing the ZIP", e))?;
    progress(cards.len(), cards.len());
    Ok(())
}

/// The story with each track id written as `track:N` (1-based, in play order), so an import
/// can give it the new tracks' ids.
fn story_with_keys(card: &CardRow, tracks: &[TrackRow]) -> Option<String> {
    let mut text = card.story.clone()?;
    for (n, track) in tracks.iter().enumerate() {
        text = text.replace(
            &format!("\"{}\"", track.id),
            &format!("\"track:{}\"", n + 1),
        );
    }
    Some(text)
}

/// A picture of the media store as `{folder}/{stem}.{its type's extension}`.
async fn picture(
    core: &Core,
    zip: &mut Option<Zip>,
    folder: &str,
    stem: &str,
    hash: &str,
) -> CoreResult<FileRef> {
    let (bytes, content_type) = crate::media::image::load(core, hash).await?;
    let extension = match content_type.as_str() {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        _ => "bin",
    };
    let name = format!("{folder}/{stem}.{extension}");
    let out = FileRef {
        file: format!("{stem}.{extension}"),
        sha256: crate::media::store::sha256_hex(&bytes),
        size: bytes.len() as u64,
    };
    *zip = Some(entry(zip.take(), name, bytes).await?);
    Ok(out)
}

/// A stored file of the media store (audio) copied into the ZIP from disk.
async fn stored(
    core: &Core,
    zip: &mut Option<Zip>,
    folder: &str,
    name: &str,
    hash: &str,
) -> CoreResult<FileRef> {
    let local = core.media().local(hash).await?;
    let (sha256, size) = hash_file(local.path()).await?;
    let path = local.path().to_owned();
    let inside = format!("{folder}/{name}");
    let writer = zip.take().expect("the ZIP is open");
    let writer = tokio::task::spawn_blocking(move || -> std::io::Result<Zip> {
        let mut writer = writer;
        writer.start_file(inside, options().large_file(size >= u64::from(u32::MAX)))?;
        let mut file = std::fs::File::open(&path)?;
        std::io::copy(&mut file, &mut writer)?;
        Ok(writer)
    })
    .await
    .map_err(|e| CoreError::internal("ZIP task", e))?
    .map_err(|e| CoreError::internal("writing the ZIP", e))?;
    drop(local);
    *zip = Some(writer);
    Ok(FileRef {
        file: name.to_owned(),
        sha256,
        size,
    })
}

/// Adds a small entry held in memory (a `card.yaml`, a picture).
async fn entry(zip: Option<Zip>, name: String, bytes: Vec<u8>) -> CoreResult<Zip> {
    let mut writer = zip.expect("the ZIP is open");
    tokio::task::spawn_blocking(move || -> std::io::Result<Zip> {
        writer.start_file(name, options())?;
        writer.write_all(&bytes)?;
        Ok(writer)
    })
    .await
    .map_err(|e| CoreError::internal("ZIP task", e))?
    .map_err(|e| CoreError::internal("writing the ZIP", e))
}

/// Entries are stored: audio and pictures are compressed already. An entry of 4 GiB or more
/// is written with ZIP64 records.
fn options() -> SimpleFileOptions {
    SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .unix_permissions(0o644)
}

/// A track's title as a file name: letters, digits and a few marks, at most 60 characters.
fn file_title(title: &str) -> String {
    let cleaned: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_(),'".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    match cleaned.trim() {
        "" => "track".to_owned(),
        t => t.to_owned(),
    }
}

/// The original's extension, from its format as the probe named it.
fn extension(track: &TrackRow) -> &'static str {
    match track.original_format.as_str() {
        "mp3" => "mp3",
        "wav" => "wav",
        "flac" => "flac",
        "ogg" | "vorbis" => "ogg",
        "opus" => "opus",
        "webm" | "matroska,webm" => "webm",
        "m4a" | "mp4" | "aac" | "mov,mp4,m4a,3gp,3g2,mj2" => "m4a",
        _ => "audio",
    }
}

#[cfg(test)]
mod tests {
    use super::file_title;

    #[test]
    fn titles_become_safe_file_names() {
        assert_eq!(file_title("Chapter 1: The Owl"), "Chapter 1_ The Owl");
        assert_eq!(file_title("../../etc/passwd"), "______etc_passwd");
        assert_eq!(file_title("   "), "track");
        assert_eq!(file_title(&"x".repeat(100)).len(), 60);
    }
}
