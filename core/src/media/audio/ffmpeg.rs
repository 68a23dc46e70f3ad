//! The ffmpeg command lines Cardsmith runs, and running them with progress.
//!
//! Every edit decodes from the best copy we have, applies sample-exact filters on decoded
//! audio, and writes FLAC (lossless, so the next edit loses nothing); the player's M4A is then
//! encoded from that FLAC with loudness normalisation.

use std::path::{Path, PathBuf};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};

use super::{guarded_file, time_limit, AAC_BITRATE, LOUDNORM, SAMPLE_RATE};
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
    let mut args = guarded_file(input)?;
    args.extend(args_of(&["-vn", "-map_metadata", "-1"]));
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
    let mut args = guarded_file(input)?;
    args.extend(args_of(&[
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
    ]));
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
        args.extend(guarded_file(input)?);
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
/// The child is killed if this future is dropped (a cancelled job) or when it outlives
/// [`time_limit`] for the audio's length. Its error output is logged, never returned: it names
/// server paths.
pub async fn run(
    args: Vec<String>,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<()> {
    let limit = time_limit(duration_ms);
    match tokio::time::timeout(limit, run_unbounded(args, duration_ms, progress)).await {
        Ok(result) => result,
        Err(_) => {
            tracing::warn!(
                limit_s = limit.as_secs(),
                "ffmpeg ran past its time limit; killed"
            );
            Err(CoreError::Internal(format!(
                "ffmpeg ran longer than {} s and was stopped",
                limit.as_secs()
            )))
        }
    }
}

async fn run_unbounded(
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
    let errors = tokio::spawn(async move { tail_of(&mut stderr).await });
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
        return Ok(());
    }
    tracing::warn!(%status, stderr = %errors.trim(), "ffmpeg failed");
    Err(CoreError::Internal(format!("ffmpeg failed ({status})")))
}

/// Reads a child's error output to its end (so the child never blocks on a full pipe) and
/// keeps the last 16 KiB, which is where ffmpeg says what went wrong.
pub async fn tail_of(stream: &mut (impl tokio::io::AsyncRead + Unpin)) -> String {
    const KEEP: usize = 16 * 1024;
    let mut kept = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = stream.read(&mut buf).await {
        if n == 0 {
            break;
        }
        kept.extend_from_slice(&buf[..n]);
        if kept.len() > KEEP {
            kept.drain(..kept.len() - KEEP);
        }
    }
    String::from_utf8_lossy(&kept).into_owned()
}
