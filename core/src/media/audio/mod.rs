//! Audio: what a file is (ffprobe), turning it into what the player wants (ffmpeg), and
//! measuring it in-process (symphonia: exact duration and waveform peaks).
//!
//! ffmpeg runs as a child process (`tokio::process`, killed when the job future is dropped),
//! so long conversions never block the async runtime; symphonia decoding runs on the blocking
//! pool.

pub mod decode;
pub mod ffmpeg;
pub mod probe;

/// Bitrate of the AAC the player platform serves (and re-encodes to).
pub const AAC_BITRATE: &str = "128k";
/// Sample rate of everything we produce.
pub const SAMPLE_RATE: u32 = 44_100;
/// EBU R128 target: every track of a card plays at the same loudness.
pub const LOUDNORM: &str = "loudnorm=I=-16:TP=-1.5:LRA=11";
