//! Running ffmpeg: bounded stdout and stderr, a time limit, the child killed with its job,
//! and progress read from `-progress`.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};

use super::Progress;
use crate::media::audio::decode::PeakMeter;
use crate::media::audio::time_limit;
use crate::{CoreError, CoreResult};

/// Runs ffmpeg with `args` (after the common flags), reporting progress from `-progress`.
/// The child is killed if this future is dropped (a cancelled job) or when it outlives
/// [`time_limit`] for the audio's length. Its error output is logged, never returned: it names
/// server paths.
pub async fn run(
    args: Vec<String>,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<()> {
    invoke(args, duration_ms, "error", Stdout::Progress(progress))
        .await
        .map(drop)
}

/// What ffmpeg writes on its standard output.
pub(super) enum Stdout<'a> {
    /// `-progress` lines: the fraction done goes to the callback.
    Progress(Progress<'a>),
    /// Raw `f32le` of that many interleaved channels at [`SAMPLE_RATE`], measured as it
    /// arrives; the callback gets the frames so far.
    Pcm(&'a mut PeakMeter, usize, &'a (dyn Fn(u64) + Send + Sync)),
}

/// [`run`] with a log level and a use of standard output; answers the tail of the log (the
/// caller may read a filter's summary there, never show it).
pub(super) async fn invoke(
    args: Vec<String>,
    duration_ms: Option<i64>,
    loglevel: &str,
    stdout: Stdout<'_>,
) -> CoreResult<String> {
    let limit = time_limit(duration_ms);
    match tokio::time::timeout(limit, invoke_unbounded(args, duration_ms, loglevel, stdout)).await {
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

pub(super) async fn invoke_unbounded(
    args: Vec<String>,
    duration_ms: Option<i64>,
    loglevel: &str,
    stdout: Stdout<'_>,
) -> CoreResult<String> {
    let mut command = crate::priority::command("ffmpeg");
    command.args([
        "-hide_banner",
        "-nostdin",
        "-y",
        "-nostats",
        "-loglevel",
        loglevel,
    ]);
    if matches!(stdout, Stdout::Progress(_)) {
        command.args(["-progress", "pipe:1"]);
    }
    let mut child = command
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| CoreError::internal("starting ffmpeg (is it installed?)", e))?;
    let out = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let errors = tokio::spawn(async move { tail_of(&mut stderr).await });
    match stdout {
        Stdout::Progress(progress) => follow_progress(out, duration_ms, progress).await,
        Stdout::Pcm(meter, channels, frames) => measure_pcm(out, meter, channels, frames).await,
    }
    let status = child
        .wait()
        .await
        .map_err(|e| CoreError::internal("waiting for ffmpeg", e))?;
    let errors = errors.await.unwrap_or_default();
    if status.success() {
        return Ok(errors);
    }
    tracing::warn!(%status, stderr = %errors.trim(), "ffmpeg failed");
    Err(CoreError::Internal(format!("ffmpeg failed ({status})")))
}

pub(super) async fn follow_progress(
    out: tokio::process::ChildStdout,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) {
    let mut lines = BufReader::new(out).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        if let (Some(total), Some(us)) = (duration_ms, line.strip_prefix("out_time_us=")) {
            if let Ok(us) = us.trim().parse::<i64>() {
                if total > 0 {
                    progress((us as f64 / 1000.0 / total as f64).clamp(0.0, 1.0));
                }
            }
        }
    }
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

/// Reads `f32le` of `channels` to its end into `meter`, in 256 KiB reads (a whole number of
/// frames is measured each time; a frame split across reads waits for its rest).
pub(super) async fn measure_pcm(
    mut out: tokio::process::ChildStdout,
    meter: &mut PeakMeter,
    channels: usize,
    frames: &(dyn Fn(u64) + Send + Sync),
) {
    let frame = channels * 4;
    let mut buf = vec![0u8; 256 * 1024];
    let mut filled = 0;
    let mut samples: Vec<f32> = Vec::with_capacity(buf.len() / 4);
    loop {
        let n = match out.read(&mut buf[filled..]).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        filled += n;
        let whole = filled - filled % frame;
        samples.clear();
        samples.extend(
            buf[..whole]
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
        meter.push_interleaved(&samples, channels);
        buf.copy_within(whole..filled, 0);
        filled -= whole;
        frames(meter.frames());
    }
}
