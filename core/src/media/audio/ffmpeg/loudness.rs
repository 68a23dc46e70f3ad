//! Measuring loudness (EBU R128 with `ebur128`) and the gain that brings a track to
//! [`TARGET_LUFS`], with a limiter only when the raised peaks need one.

use std::path::Path;

use super::process::{invoke, run, Stdout};
use super::{args_of, path_str, Progress, LIMIT_DBFS, MAX_GAIN_DB, TARGET_LUFS};
use crate::media::audio::{guarded_file, SAMPLE_RATE};
use crate::CoreResult;

/// The gain to [`TARGET_LUFS`] as ffmpeg filters (ending in a comma), with a limiter when the
/// raised audio's loudest sample would pass [`LIMIT_DBFS`] (a peak we could not measure
/// counts). The limiter costs a few percent of the encoding time, so it runs only then.
pub(super) fn gain_chain(level: &Level) -> String {
    let gain = gain_to_target(level.integrated_lufs);
    let mut chain = format!("volume={gain:.2}dB,");
    if level
        .sample_peak_dbfs
        .is_none_or(|peak| peak + gain > LIMIT_DBFS)
    {
        let limit = 10f64.powf(LIMIT_DBFS / 20.0);
        chain.push_str(&format!(
            "alimiter=limit={limit:.4}:level=false:latency=true,"
        ));
    }
    chain
}

/// Samples of one waveform window at [`SAMPLE_RATE`].
pub(super) fn peak_window() -> u64 {
    u64::from(SAMPLE_RATE * crate::media::audio::decode::PEAK_WINDOW_MS / 1000)
}

/// The gain that brings `loudness` (LUFS; `None` for silence) to [`TARGET_LUFS`], bounded.
pub fn gain_to_target(loudness: Option<f64>) -> f64 {
    match loudness {
        Some(lufs) if lufs.is_finite() => (TARGET_LUFS - lufs).clamp(-MAX_GAIN_DB, MAX_GAIN_DB),
        _ => 0.0,
    }
}

/// What the measuring pass learns of a file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    /// Integrated loudness (EBU R128), `None` for silence or audio too short to gate.
    pub integrated_lufs: Option<f64>,
    /// The loudest sample, in dBFS.
    pub sample_peak_dbfs: Option<f64>,
}

/// Measures `input` with ffmpeg's `ebur128` (a decode and a cheap filter; nothing is encoded).
pub async fn measure_level(
    input: &Path,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<Level> {
    let mut args = guarded_file(input)?;
    let meter = "ebur128=framelog=verbose:peak=sample";
    args.extend(args_of(&["-vn", "-af", meter, "-f", "null", "-"]));
    let log = invoke(args, duration_ms, "info", Stdout::Progress(progress)).await?;
    Ok(Level::from_log(&log))
}

impl Level {
    /// The level in the summary an `ebur128=peak=sample` filter logged at the info level.
    pub(super) fn from_log(log: &str) -> Self {
        Level {
            integrated_lufs: integrated_loudness(log),
            sample_peak_dbfs: summary_value(log, "Sample peak:", "Peak:"),
        }
    }
}

/// Decodes `input` into `wav`, resampled to [`SAMPLE_RATE`], as 32-bit floats (RF64 past
/// 4 GiB): what the encoding pass reads instead of decoding the source again.
pub(super) async fn decode_to_wav(
    input: &Path,
    wav: &Path,
    duration_ms: Option<i64>,
) -> CoreResult<()> {
    let mut args = guarded_file(input)?;
    let resample = format!("aresample={SAMPLE_RATE},aformat=sample_fmts=flt");
    args.extend(args_of(&["-vn", "-af", &resample, "-map_metadata", "-1"]));
    args.extend(args_of(&[
        "-c:a",
        "pcm_f32le",
        "-rf64",
        "auto",
        "-f",
        "wav",
    ]));
    args.push(path_str(wav)?.to_owned());
    run(args, duration_ms, &|_| {}).await
}

/// Reads `I: -23.4 LUFS` from the summary `ebur128` prints at the info level when it ends
/// (`framelog=verbose` keeps its per-frame lines under that level).
pub(crate) fn integrated_loudness(log: &str) -> Option<f64> {
    let value = summary_value(log, "Integrated loudness:", "I:")?;
    // −70 LUFS is the absolute gate: what measures there is silence.
    (value > -70.0).then_some(value)
}

/// The number on the first `key` line after the last `section` heading of `ebur128`'s summary.
pub(crate) fn summary_value(log: &str, section: &str, key: &str) -> Option<f64> {
    let summary = &log[log.rfind(section)?..];
    let line = summary
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(key))?;
    line.split_whitespace().next()?.parse().ok()
}
