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
}

#[derive(Deserialize)]
struct FfprobeFormat {
    format_name: Option<String>,
    duration: Option<String>,
}

const ACCEPTED: &str = "MP3, M4A/AAC, WAV, FLAC, Ogg Vorbis, Opus or WebM audio";

/// Probes `path`; anything that is not one of the accepted audio formats is a 415.
pub async fn probe(path: &Path) -> CoreResult<Probe> {
    let out = tokio::process::Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-print_format",
            "json",
            "-show_format",
            "-show_streams",
        ])
        .arg(path)
        .kill_on_drop(true)
        .output()
        .await
        .map_err(|e| CoreError::internal("running ffprobe (is ffmpeg installed?)", e))?;
    let unsupported = || CoreError::UnsupportedMedia(format!("the file is not {ACCEPTED}"));
    if !out.status.success() {
        return Err(unsupported());
    }
    let parsed: FfprobeOut = serde_json::from_slice(&out.stdout).map_err(|_| unsupported())?;
    classify(&parsed).ok_or_else(unsupported)
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
