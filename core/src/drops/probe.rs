//! What each file of a drop is, for the plan: a picture, audio Cardsmith can use (with its
//! tags), audio it cannot (with why, in words for the parent), or something else. Content
//! decides, never the name: the first bytes are sniffed, audio is probed by ffprobe with the
//! same demuxer allowlist as every upload, and tags are read by symphonia.

use std::path::Path;

use super::plan::{AudioFacts, DroppedFile, FileKind};
use crate::media::audio::{probe, tags};
use crate::tracks::limits::duration_problem;

/// Bytes read to tell what a file is.
const HEAD_BYTES: usize = 64;

/// What the file at `path` is, named `name` in the drop; tracks may last `max_track`.
pub async fn probe_file(path: &Path, name: &str, max_track: chrono::Duration) -> DroppedFile {
    let kind = kind_of(path, max_track).await;
    DroppedFile {
        path: name.to_owned(),
        kind,
    }
}

async fn kind_of(path: &Path, max_track: chrono::Duration) -> FileKind {
    let head = match head_of(path).await {
        Ok(head) => head,
        Err(_) => return FileKind::Other,
    };
    if is_picture(&head) {
        return FileKind::Image;
    }
    if !probe::starts_like_audio(&head) {
        return FileKind::Other;
    }
    let probed = match probe::probe(path).await {
        Ok(probed) => probed,
        Err(_) => {
            return FileKind::Unusable("is not audio Cardsmith can read (it may be damaged)".into())
        }
    };
    if let Some(problem) = probed
        .duration_ms
        .and_then(|ms| duration_problem(max_track, ms))
    {
        return FileKind::Unusable(problem);
    }
    let read = tags::read(path).await;
    FileKind::Audio(AudioFacts {
        title: read.title,
        album: read.album,
        track_number: read.track_number,
        disc_number: read.disc_number,
        has_picture: read.picture.is_some(),
        format: probed.format.to_owned(),
        duration_ms: probed.duration_ms,
        channels: probed.channels,
    })
}

async fn head_of(path: &Path) -> std::io::Result<Vec<u8>> {
    use tokio::io::AsyncReadExt;
    let mut file = tokio::fs::File::open(path).await?;
    let mut head = vec![0u8; HEAD_BYTES];
    let mut filled = 0;
    while filled < head.len() {
        let n = file.read(&mut head[filled..]).await?;
        if n == 0 {
            break;
        }
        filled += n;
    }
    head.truncate(filled);
    Ok(head)
}

/// JPEG, PNG or WebP by their first bytes (the pictures a cover may be; decoding checks them
/// properly when one is used).
fn is_picture(head: &[u8]) -> bool {
    head.starts_with(&[0xFF, 0xD8, 0xFF])
        || head.starts_with(b"\x89PNG\r\n\x1a\n")
        || (head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn ffmpeg(args: &[&str], out: &Path) {
        let status = Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-y"])
            .args(args)
            .arg(out)
            .status()
            .unwrap();
        assert!(status.success());
    }

    #[tokio::test]
    async fn content_decides_what_each_file_is() {
        let dir = tempfile::tempdir().unwrap();
        let tagged = dir.path().join("a");
        ffmpeg(
            &[
                "-f",
                "lavfi",
                "-i",
                "sine=duration=1",
                "-metadata",
                "track=4/9",
                "-metadata",
                "album=Owls",
                "-f",
                "mp3",
            ],
            &tagged,
        );
        let long = dir.path().join("b");
        ffmpeg(
            &["-f", "lavfi", "-i", "sine=duration=3", "-f", "wav"],
            &long,
        );
        let picture = dir.path().join("c");
        ffmpeg(
            &[
                "-f",
                "lavfi",
                "-i",
                "color=c=red:s=8x8",
                "-frames:v",
                "1",
                "-f",
                "image2",
                "-c:v",
                "png",
            ],
            &picture,
        );
        let broken = dir.path().join("d");
        std::fs::write(&broken, b"ID3\x04\x00\x00\x00\x00\x00\x00not really audio").unwrap();
        let text = dir.path().join("e");
        std::fs::write(&text, b"notes for the audiobook").unwrap();

        let max = chrono::Duration::seconds(2);
        let audio = probe_file(&tagged, "Book/04.mp3", max).await;
        assert_eq!(audio.path, "Book/04.mp3");
        let FileKind::Audio(facts) = audio.kind else {
            panic!("{audio:?}")
        };
        assert_eq!(facts.track_number, Some(4));
        assert_eq!(facts.album.as_deref(), Some("Owls"));
        let FileKind::Unusable(why) = probe_file(&long, "long.wav", max).await.kind else {
            panic!("too long")
        };
        assert!(why.contains("a track may last at most"), "{why}");
        assert_eq!(
            probe_file(&picture, "cover.png", max).await.kind,
            FileKind::Image
        );
        assert!(matches!(
            probe_file(&broken, "x.mp3", max).await.kind,
            FileKind::Unusable(_)
        ));
        assert_eq!(
            probe_file(&text, "notes.txt", max).await.kind,
            FileKind::Other
        );
        assert_eq!(
            probe_file(&dir.path().join("gone"), "gone", max).await.kind,
            FileKind::Other
        );
    }
}
