//! Recognising audio by its content (ffprobe), never by its name or declared type.

use std::path::Path;

use serde::Deserialize;

use crate::{CoreError, CoreResult};

/// What an accepted audio file is.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    /// Our name for the format: mp3, m4a, aac, wav, flac, ogg, opus or webm.
    pub format: &'static str,
    pub codec: String,
    pub duration_ms: Option<i64>,
    pub sample_rate: Option<u32>,
    /// Channels of the audio stream (1 mono, 2 stereo, …).
    pub channels: Option<u32>,
}

#[derive(Deserialize)]
struct FfprobeOut {
    #[serde(default)]
    streams: Vec<FfprobeStream>,
    format: Option<FfprobeFormat>,
}

#[derive(Deserialize)]
struct FfprobeStream {
    codec_type: Option<String>,
    codec_name: Option<String>,
    sample_rate: Option<String>,
    channels: Option<u32>,
}

#[derive(Deserialize)]
struct FfprobeFormat {
    format_name: Option<String>,
    duration: Option<String>,
}

const ACCEPTED: &str = "MP3, M4A/AAC, WAV, FLAC, Ogg Vorbis, Opus or WebM audio";

/// How long ffprobe may look at a file: it reads headers, not the whole stream.
const PROBE_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Probes `path`; anything that is not one of the accepted audio formats is a 415.
///
/// ffprobe runs with the input guard (local file only, accepted demuxers only), so a playlist
/// or concat script is refused before anything it names is opened.
pub async fn probe(path: &Path) -> CoreResult<Probe> {
    let unsupported = || CoreError::UnsupportedMedia(format!("the file is not {ACCEPTED}"));
    let mut args: Vec<String> = ["-v", "error", "-print_format", "json"]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    args.extend(super::guarded_file(path)?);
    args.extend(["-show_format".to_owned(), "-show_streams".to_owned()]);
    let run = crate::priority::command("ffprobe")
        .args(&args)
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output();
    let out = match tokio::time::timeout(PROBE_LIMIT, run).await {
        Ok(out) => {
            out.map_err(|e| CoreError::internal("running ffprobe (is ffmpeg installed?)", e))?
        }
        Err(_) => {
            tracing::warn!("ffprobe ran past its time limit; killed");
            return Err(unsupported());
        }
    };
    if !out.status.success() {
        return Err(unsupported());
    }
    let parsed: FfprobeOut = serde_json::from_slice(&out.stdout).map_err(|_| unsupported())?;
    classify(&parsed).ok_or_else(unsupported)
}

/// Whether `head` (the first bytes of a stream) starts like one of the accepted containers.
///
/// Used where bytes are kept before ffprobe can look at a whole file (the first chunk of a
/// recording), so a playlist or script is refused on arrival rather than stored.
pub fn starts_like_audio(head: &[u8]) -> bool {
    let at = |offset: usize, magic: &[u8]| head.get(offset..offset + magic.len()) == Some(magic);
    at(0, &[0x1A, 0x45, 0xDF, 0xA3]) // Matroska / WebM (EBML)
        || at(4, b"ftyp") // MP4 / M4A
        || at(0, b"OggS")
        || at(0, b"fLaC")
        || (at(0, b"RIFF") && at(8, b"WAVE"))
        || at(0, b"ID3") // MP3 with a tag
        || (head.len() >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0) // MPEG/ADTS frame
}

fn classify(out: &FfprobeOut) -> Option<Probe> {
    let audio = out
        .streams
        .iter()
        .find(|s| s.codec_type.as_deref() == Some("audio"))?;
    let codec = audio.codec_name.clone()?;
    let container = out.format.as_ref()?.format_name.as_deref()?;
    let format = match (container, codec.as_str()) {
        ("mp3", "mp3") => "mp3",
        (c, "aac" | "alac" | "mp3") if c.starts_with("mov,mp4,m4a") => "m4a",
        ("aac", "aac") => "aac",
        ("wav", c) if c.starts_with("pcm_") => "wav",
        ("flac", "flac") => "flac",
        ("ogg", "vorbis" | "flac") => "ogg",
        ("ogg", "opus") => "opus",
        ("matroska,webm", "opus" | "vorbis") => "webm",
        _ => return None,
    };
    let duration_ms = out
        .format
        .as_ref()
        .and_then(|f| f.duration.as_deref())
        .and_then(|d| d.parse::<f64>().ok())
        .map(|s| (s * 1000.0).round() as i64);
    Some(Probe {
        format,
        codec,
        duration_ms,
        sample_rate: audio.sample_rate.as_deref().and_then(|r| r.parse().ok()),
        channels: audio.channels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(container: &str, codec: &str) -> FfprobeOut {
        FfprobeOut {
            streams: vec![FfprobeStream {
                codec_type: Some("audio".into()),
                codec_name: Some(codec.into()),
                sample_rate: Some("48000".into()),
                channels: Some(1),
            }],
            format: Some(FfprobeFormat {
                format_name: Some(container.into()),
                duration: Some("1.5".into()),
            }),
        }
    }

    #[test]
    fn accepted_formats_are_named() {
        assert_eq!(classify(&out("mp3", "mp3")).unwrap().format, "mp3");
        assert_eq!(
            classify(&out("mov,mp4,m4a,3gp,3g2,mj2", "aac"))
                .unwrap()
                .format,
            "m4a"
        );
        assert_eq!(
            classify(&out("matroska,webm", "opus")).unwrap().format,
            "webm"
        );
        assert_eq!(classify(&out("ogg", "opus")).unwrap().format, "opus");
        assert_eq!(
            classify(&out("wav", "pcm_s16le")).unwrap().duration_ms,
            Some(1500)
        );
    }

    #[test]
    fn containers_are_recognised_by_their_first_bytes() {
        assert!(starts_like_audio(&[0x1A, 0x45, 0xDF, 0xA3, 0x9F]));
        assert!(starts_like_audio(b"\0\0\0\x1cftypiso5"));
        assert!(starts_like_audio(b"OggS\0\x02"));
        assert!(starts_like_audio(b"RIFF\x24\0\0\0WAVEfmt "));
        assert!(starts_like_audio(b"ID3\x04"));
        assert!(starts_like_audio(&[0xFF, 0xFB, 0x90]));
        assert!(!starts_like_audio(b"#EXTM3U\n#EXT-X-TARGETDURATION:10"));
        assert!(!starts_like_audio(
            b"ffconcat version 1.0\nfile /etc/passwd"
        ));
        assert!(!starts_like_audio(b"RIFF\x24\0\0\0AVI "));
        assert!(!starts_like_audio(b""));
    }

    #[test]
    fn other_things_are_refused() {
        assert!(classify(&out("png_pipe", "png")).is_none());
        assert!(classify(&out("matroska,webm", "vp9")).is_none());
        assert!(classify(&FfprobeOut {
            streams: vec![],
            format: None
        })
        .is_none());
    }
}
