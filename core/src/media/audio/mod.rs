//! Audio: what a file is (ffprobe), turning it into what the player wants (ffmpeg), and
//! measuring it in-process (symphonia: exact duration and waveform peaks).
//!
//! ffmpeg runs as a child process (`tokio::process`, killed when the job future is dropped),
//! so long conversions never block the async runtime; symphonia decoding runs on the blocking
//! pool.

pub mod decode;
pub mod ffmpeg;
pub mod parts;
pub mod probe;
pub mod tags;

/// Bitrate of the AAC the player platform serves (and re-encodes to).
pub const AAC_BITRATE: &str = "128k";
/// Sample rate of everything we produce.
pub const SAMPLE_RATE: u32 = 44_100;
/// EBU R128 target: every track of a card plays at the same loudness.
pub const LOUDNORM: &str = "loudnorm=I=-16:TP=-1.5:LRA=11";

/// The only demuxers ffmpeg and ffprobe may use on audio that came from a user: the accepted
/// containers (MP3, MP4/M4A, ADTS AAC, WAV, FLAC, Ogg, Matroska/WebM). Playlists and
/// indirections (`hls`, `concat`, `subfile`, image sequences…) are not on it, so a file that is
/// really a playlist naming `/etc/passwd` or another user's media is refused, never followed.
pub const DEMUXERS: &str = "mp3,mov,aac,wav,flac,ogg,matroska";

/// Input options that go before every `-i` of user audio: read local files (or our own pipe)
/// only, never the network, and only with the accepted demuxers.
pub fn guarded_input(protocols: &str, input: &str) -> Vec<String> {
    [
        "-protocol_whitelist",
        protocols,
        "-format_whitelist",
        DEMUXERS,
        "-i",
        input,
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

/// [`guarded_input`] for a file on disk, named `file:PATH` so that a path can never be read
/// as another protocol's URL.
pub fn guarded_file(path: &std::path::Path) -> crate::CoreResult<Vec<String>> {
    let path = path
        .to_str()
        .ok_or_else(|| crate::CoreError::internal("media path", "not UTF-8"))?;
    Ok(guarded_input("file", &format!("file:{path}")))
}

/// How long one ffmpeg run over `duration_ms` of audio may take before it is killed: a minute
/// to start plus the audio's own length (transcoding runs at about 1/30 of real time here, so
/// only a stuck or hostile input gets near it). Unknown lengths get an hour.
pub fn time_limit(duration_ms: Option<i64>) -> std::time::Duration {
    let audio_ms = duration_ms.filter(|d| *d > 0).unwrap_or(3_600_000) as u64;
    std::time::Duration::from_millis(60_000 + audio_ms)
}

#[cfg(test)]
mod loudness_tests;
