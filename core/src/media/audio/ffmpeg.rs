//! The ffmpeg command lines Cardsmith runs, and running them with progress.
//!
//! Every edit decodes from the best copy we have, applies sample-exact filters on decoded
//! audio, and writes FLAC (lossless, so the next edit loses nothing); the player's M4A is then
//! encoded from that FLAC with loudness normalisation.

use std::path::{Path, PathBuf};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};

use super::{AAC_BITRATE, LOUDNORM, SAMPLE_RATE};
use crate::{CoreError, CoreResult};

/// Called with the fraction done (0..1) while ffmpeg runs.
pub type Progress<'a> = &'a (dyn Fn(f64) + Send + Sync);

/// Encodes `input` to the player's format: AAC 128 kbps in M4A, loudness-normalised.
pub async fn encode_m4a(
    input: &Path,
    output: &Path,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<()> {
    let mut args = args_of(&["-i", path_str(input)?, "-vn", "-map_metadata", "-1"]);
    args.extend(player_output_args());
    args.push(path_str(output)?.into());
    run(args, duration_ms, progress).await
}

/// The output options of the player's format (loudness-normalised AAC in a streamable M4A),
/// shared by transcoding and live recording so both make the same file.
pub fn player_output_args() -> Vec<String> {
    args_of(&[
        "-af",
        LOUDNORM,
        "-ar",
        &SAMPLE_RATE.to_string(),
        "-c:a",
        "aac",
        "-b:a",
        AAC_BITRATE,
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
    ])
}

/// Decodes `input`, applies the audio filter chain `filter` (e.g. `atrim=…`) and writes FLAC.
pub async fn filter_to_flac(
    input: &Path,
    filter: &str,
    output: &Path,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<()> {
    let args = args_of(&[
        "-i",
        path_str(input)?,
        "-vn",
        "-map_metadata",
        "-1",
        "-af",
        filter,
        "-c:a",
        "flac",
        "-f",
        "flac",
        path_str(output)?,
    ]);
    run(args, duration_ms, progress).await
}

/// Joins `inputs` end to end (any formats, rates and channel counts) into one FLAC.
pub async fn concat_to_flac(
    inputs: &[PathBuf],
    output: &Path,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<()> {
    let mut args = Vec::new();
    let mut graph = String::new();
    for (i, input) in inputs.iter().enumerate() {
        args.extend(["-i".to_owned(), path_str(input)?.to_owned()]);
        graph.push_str(&format!(
            "[{i}:a]aresample={SAMPLE_RATE},aformat=sample_fmts=s32:channel_layouts=stereo[a{i}];"
        ));
    }
    for i in 0..inputs.len() {
        graph.push_str(&format!("[a{i}]"));
    }
    graph.push_str(&format!("concat=n={}:v=0:a=1[out]", inputs.len()));
    args.extend(args_of(&[
        "-filter_complex",
        &graph,
        "-map",
        "[out]",
        "-c:a",
        "flac",
        "-f",
        "flac",
        path_str(output)?,
    ]));
    run(args, duration_ms, progress).await
}

/// Writes a generated test/benchmark tone: `seconds` of a sine at `freq` Hz.
pub async fn sine(output: &Path, seconds: f64, freq: u32, format: &str) -> CoreResult<()> {
    let source = format!("sine=frequency={freq}:sample_rate={SAMPLE_RATE}:duration={seconds}");
    let args = args_of(&[
        "-f",
        "lavfi",
        "-i",
        &source,
        "-f",
        format,
        path_str(output)?,
    ]);
    run(args, None, &|_| {}).await
}

fn args_of(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| (*s).to_owned()).collect()
}

fn path_str(path: &Path) -> CoreResult<&str> {
    path.to_str()
        .ok_or_else(|| CoreError::internal("media path", "not UTF-8"))
}

/// Runs ffmpeg with `args` (after the common flags), reporting progress from `-progress`.
/// The child is killed if this future is dropped (a cancelled job).
pub async fn run(
    args: Vec<String>,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<()> {
    let mut child = tokio::process::Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-nostdin",
            "-y",
            "-loglevel",
            "error",
            "-progress",
            "pipe:1",
            "-nostats",
        ])
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| CoreError::internal("starting ffmpeg (is it installed?)", e))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let errors = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });
    let mut lines = BufReader::new(stdout).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        if let (Some(total), Some(us)) = (duration_ms, line.strip_prefix("out_time_us=")) {
            if let Ok(us) = us.trim().parse::<i64>() {
                if total > 0 {
                    progress((us as f64 / 1000.0 / total as f64).clamp(0.0, 1.0));
                }
            }
        }
    }
    let status = child
        .wait()
        .await
        .map_err(|e| CoreError::internal("waiting for ffmpeg", e))?;
    let errors = errors.await.unwrap_or_default();
    if status.success() {
        Ok(())
    } else {
        let tail: String = errors
            .trim()
            .chars()
            .rev()
            .take(400)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        Err(CoreError::Internal(format!(
            "ffmpeg failed ({status}): {tail}"
        )))
    }
}
