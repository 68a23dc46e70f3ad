//! The ffmpeg command lines Cardsmith runs: measuring loudness and the gain it calls for is
//! in `loudness`, running ffmpeg (bounded output, time limit, progress) in `process`.
//!
//! Every edit decodes from the best copy we have, applies sample-exact filters on decoded
//! audio, and writes FLAC (lossless, so the next edit loses nothing); the player's M4A is then
//! encoded from that FLAC with loudness normalisation.
//!
//! # Loudness in one encoding pass
//!
//! `loudnorm` in its single-pass (dynamic) mode resamples to 192 kHz and made a transcode take
//! three times as long as the AAC encoding itself. Instead [`encode_m4a`] measures the
//! integrated loudness first (`ebur128`: a decode and a cheap filter, no encoding; meanwhile
//! a second ffmpeg keeps the decoded audio for the next pass), then encodes once with a linear gain to [`TARGET_LUFS`]
//! and a look-ahead limiter that keeps peaks under [`LIMIT_DBFS`]. The same ffmpeg writes the
//! audio it encodes to a pipe as well, where [`PeakMeter`] counts its frames and waveform on
//! the other core: no decode of the result. The encoding pass of longer audio runs in parts,
//! one per core ([`parts`]), since the AAC encoder itself uses one.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::decode::{PeakMeter, Summary};
use super::parts;
use super::{guarded_file, AAC_BITRATE, LOUDNORM, SAMPLE_RATE};
use crate::{CoreError, CoreResult};

mod loudness;
mod process;

use loudness::{decode_to_wav, gain_chain, peak_window};
pub use loudness::{gain_to_target, measure_level, Level};
#[cfg(test)]
pub(crate) use loudness::{integrated_loudness, summary_value};
use process::{invoke, Stdout};
pub use process::{run, tail_of};

/// Integrated loudness every track is brought to (EBU R128 for speech and music on small
/// speakers; the same target as [`LOUDNORM`]).
pub const TARGET_LUFS: f64 = -16.0;
/// Ceiling of the limiter, in dBFS: 1.5 dB under the −1.5 dBTP of [`LOUDNORM`], room for the
/// inter-sample peaks AAC encoding adds (measured: up to 2 dB over the sample peak on clicks).
pub const LIMIT_DBFS: f64 = -3.0;
/// The most a quiet recording is raised (a near-silent file would otherwise become noise).
pub const MAX_GAIN_DB: f64 = 30.0;

/// Called with the fraction done (0..1) while ffmpeg runs.
pub type Progress<'a> = &'a (dyn Fn(f64) + Send + Sync);

/// Encodes `input` to the player's format, AAC 128 kbps in M4A brought to [`TARGET_LUFS`], and
/// measures what it encoded (frames and waveform), in one encoding pass after a measuring one.
///
/// The cores are shared by the encodes running at once: alone, an encode uses them all. While
/// the loudness is measured, a second ffmpeg decodes the source into a float WAV at
/// [`SAMPLE_RATE`] beside `output` (removed when done), and the encoding pass reads that in
/// parts, one per core (audio of 20.5 seconds or more): the encoders do not decode or
/// resample the source again. Beside other encodes (a busy queue), each is one ffmpeg
/// measuring and one encoding the source whole: parts would only add a decoded copy and a
/// join on cores that are busy anyway. Audio whose decoded copy would pass
/// [`MAX_DECODED_BYTES`] is always decoded twice, so a long audiobook never fills the disk.
///
/// `known`: what is already known of `input` (its channels from an upload's probe; its level
/// too after an edit's [`filter_to_flac_measured`]); what is known is not found out again.
pub async fn encode_m4a(
    input: &Path,
    output: &Path,
    duration_ms: Option<i64>,
    known: Known,
    progress: Progress<'_>,
) -> CoreResult<Summary> {
    let running = Running::start();
    let parts = (crate::cores() / running.now()).max(1);
    encode_m4a_in_parts(input, output, duration_ms, known, progress, parts).await
}

/// What is already known of an encode's input (an upload's probe, an edit's measuring pass),
/// so the encode need not find it out again.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Known {
    pub level: Option<Level>,
    pub channels: Option<usize>,
}

/// Encodes running in this process (see [`encode_m4a`]).
static ENCODES: AtomicUsize = AtomicUsize::new(0);

/// One encode counted in [`ENCODES`] while it lives.
struct Running;

impl Running {
    fn start() -> Self {
        ENCODES.fetch_add(1, Ordering::SeqCst);
        Self
    }

    /// How many encodes run now, this one included.
    fn now(&self) -> usize {
        ENCODES.load(Ordering::SeqCst).max(1)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        ENCODES.fetch_sub(1, Ordering::SeqCst);
    }
}

/// [`encode_m4a`] whose encoding pass runs in up to `parts` parts at once (see [`parts`]):
/// only audio whose decoded copy is kept, since each part reads its own stretch of it.
pub(crate) async fn encode_m4a_in_parts(
    input: &Path,
    output: &Path,
    duration_ms: Option<i64>,
    known: Known,
    progress: Progress<'_>,
    parts: usize,
) -> CoreResult<Summary> {
    let decoded = Scratch(output.with_extension("decoded.wav"));
    // the loudness is measured while another ffmpeg (on the other core) writes the decoded
    // copy: each decodes the source, and neither waits for the other
    let decoding = async {
        let channels = match known.channels {
            Some(channels) => channels,
            None => super::probe::probe(input)
                .await?
                .channels
                .unwrap_or(1)
                .max(1) as usize,
        };
        // the decoded copy serves the parts; one part reads the source itself
        let keep = parts > 1
            && duration_ms.is_some_and(|ms| decoded_bytes(ms, channels) <= MAX_DECODED_BYTES);
        if keep {
            decode_to_wav(input, &decoded.0, duration_ms).await?;
        }
        Ok::<_, CoreError>((channels, keep))
    };
    let measuring = |f: f64| progress(f * 0.1);
    let level = async {
        match known.level {
            Some(level) => Ok(level),
            None => measure_level(input, duration_ms, &measuring).await,
        }
    };
    let (level, (channels, keep)) = tokio::try_join!(level, decoding)?;
    let chain = gain_chain(&level);
    let frames = match keep {
        true => super::decode::frames_of(&decoded.0).await?,
        false => None,
    };
    let plan = frames.map_or_else(Vec::new, |n| parts::plan(n, parts, peak_window()));
    let encoding = Encoding {
        chain: &chain,
        channels,
        duration_ms,
        progress,
    };
    let encoded = if plan.len() > 1 {
        encoding.in_parts(&decoded.0, &plan, output).await
    } else {
        let source = if keep { decoded.0.as_path() } else { input };
        encoding.whole(source, output).await
    };
    decoded.remove().await;
    encoded
}

/// The encoding pass of one track: its gain chain, what the meter reads, where progress goes.
struct Encoding<'a> {
    chain: &'a str,
    channels: usize,
    duration_ms: Option<i64>,
    progress: Progress<'a>,
}

impl Encoding<'_> {
    /// Encodes all of `source` into `output` in one ffmpeg.
    async fn whole(&self, source: &Path, output: &Path) -> CoreResult<Summary> {
        let mut args = guarded_file(source)?;
        args.extend(self.graph(None));
        args.extend(m4a_args());
        args.push(path_str(output)?.to_owned());
        args.extend(meter_output());
        self.encode(args, &|frames| self.report(frames)).await
    }

    /// Encodes `plan`'s parts of the decoded copy `source` at once, each into ADTS beside
    /// `output`, then joins their frames into `output` (see [`parts`]).
    async fn in_parts(
        &self,
        source: &Path,
        plan: &[parts::Part],
        output: &Path,
    ) -> CoreResult<Summary> {
        let files: Vec<Scratch> = (0..plan.len())
            .map(|k| Scratch(output.with_extension(format!("part{k}.aac"))))
            .collect();
        let done: Vec<AtomicU64> = plan.iter().map(|_| AtomicU64::new(0)).collect();
        let runs = plan
            .iter()
            .zip(&files)
            .enumerate()
            .map(|(k, (part, file))| {
                let done = &done;
                async move {
                    let mut args = guarded_file(source)?;
                    args.extend(self.graph(Some(part)));
                    args.extend(aac_args());
                    args.extend(args_of(&["-f", "adts"]));
                    args.push(path_str(&file.0)?.to_owned());
                    args.extend(meter_output());
                    let reported = move |frames: u64| {
                        done[k].store(frames, Ordering::Relaxed);
                        self.report(done.iter().map(|d| d.load(Ordering::Relaxed)).sum());
                    };
                    self.encode(args, &reported).await
                }
            });
        let summaries = futures_util::future::try_join_all(runs).await?;
        let joined = Scratch(output.with_extension("joined.aac"));
        let spliced: Vec<(PathBuf, parts::Part)> = files
            .iter()
            .zip(plan)
            .map(|(file, part)| (file.0.clone(), *part))
            .collect();
        let target = joined.0.clone();
        crate::priority::blocking(move || parts::splice(&spliced, &target)).await??;
        // the edit list of one encode: the first frame starts the encoder's priming early
        let priming = parts::AAC_PRIMING as f64 / f64::from(SAMPLE_RATE);
        let mut args = args_of(&["-itsoffset", &format!("-{priming:.6}"), "-f", "aac"]);
        args.extend(guarded_file(&joined.0)?);
        args.extend(args_of(&["-map_metadata", "-1", "-c:a", "copy"]));
        args.extend(m4a_container_args());
        args.push(path_str(output)?.to_owned());
        run(args, self.duration_ms, &|_| {}).await?;
        for scratch in files.into_iter().chain([joined]) {
            scratch.remove().await;
        }
        Ok(Summary::joined(summaries))
    }

    /// The filter graph of an encoding run (and its `-map` of the encoder's audio): `part`'s
    /// stretch of the input, the gain chain, the encoder's rate; the meter's branch gets only
    /// the samples the part keeps.
    ///
    /// The meter reads the encoder's audio as it is (same channels, as interleaved floats).
    /// Its branch converts on its own (`aresample` before `aformat`): both branches of `asplit`
    /// share one format, and a layout asked for on the meter's side would reach the encoder
    /// too (a mono source once came out stereo, at twice the cost).
    fn graph(&self, part: Option<&parts::Part>) -> Vec<String> {
        let (input, kept) = match part {
            None => (String::new(), String::new()),
            Some(part) => {
                let input = trim(part.input_start(), part.input_end());
                let lead_in = part.lead_in();
                let kept = trim(lead_in, part.end.map(|end| end - part.start + lead_in));
                (format!("{input}asetpts=PTS-STARTPTS,"), kept)
            }
        };
        let chain = self.chain;
        let graph = format!(
            "[0:a]{input}{chain}aresample={SAMPLE_RATE},asplit=2[enc][pcm];\
             [pcm]{kept}aresample,aformat=sample_fmts=flt[meter]"
        );
        args_of(&[
            "-filter_complex",
            &graph,
            "-map_metadata",
            "-1",
            "-map",
            "[enc]",
        ])
    }

    /// Runs one encoding ffmpeg, measuring the audio it writes to its standard output.
    async fn encode(
        &self,
        args: Vec<String>,
        frames: &(dyn Fn(u64) + Send + Sync),
    ) -> CoreResult<Summary> {
        let mut meter = PeakMeter::new(SAMPLE_RATE);
        let pcm = Stdout::Pcm(&mut meter, self.channels, frames);
        invoke(args, self.duration_ms, "error", pcm).await?;
        Ok(meter.finish())
    }

    /// Progress after `frames` frames encoded: the encoding pass is the last 90 %.
    fn report(&self, frames: u64) {
        if let Some(done) = fraction_done(frames, SAMPLE_RATE, self.duration_ms) {
            (self.progress)(0.1 + 0.9 * done);
        }
    }
}

/// How much of `duration_ms` (when known) `frames` at `sample_rate` are, from 0 to 1.
fn fraction_done(frames: u64, sample_rate: u32, duration_ms: Option<i64>) -> Option<f64> {
    let total = duration_ms?.max(1) as f64 * f64::from(sample_rate) / 1000.0;
    Some((frames as f64 / total).clamp(0.0, 1.0))
}

/// The sample rate and channels of an input, as a probe found them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SourceAudio {
    pub sample_rate: u32,
    pub channels: usize,
}

/// `atrim` to the samples `start..end` (`end` `None`: to the end), ending in a comma.
fn trim(start: u64, end: Option<u64>) -> String {
    match end {
        Some(end) => format!("atrim=start_sample={start}:end_sample={end},"),
        None => format!("atrim=start_sample={start},"),
    }
}

/// The meter's output: raw interleaved floats on standard output.
fn meter_output() -> Vec<String> {
    args_of(&["-map", "[meter]", "-f", "f32le", "pipe:1"])
}

/// The largest decoded copy [`encode_m4a`] keeps between its passes: 1 GiB, about 50
/// minutes of stereo (100 of mono) as 32-bit floats at [`SAMPLE_RATE`].
pub const MAX_DECODED_BYTES: u64 = 1 << 30;

/// The size of `duration_ms` of `channels` as 32-bit floats at [`SAMPLE_RATE`].
fn decoded_bytes(duration_ms: i64, channels: usize) -> u64 {
    duration_ms.max(0) as u64 * u64::from(SAMPLE_RATE) / 1000 * channels as u64 * 4
}

/// A file of ours that goes away with this value, whatever happened in between.
struct Scratch(PathBuf);

impl Scratch {
    /// Deletes the file on the blocking pool: a decoded copy can be a GiB, and freeing that
    /// much is filesystem work a runtime thread must not wait for. A scratch file dropped
    /// instead (an error, a cancelled job) is deleted there and then.
    async fn remove(mut self) {
        let path = std::mem::take(&mut self.0);
        let _ = tokio::fs::remove_file(path).await;
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !self.0.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

/// The output options of a live recording (loudness-normalised AAC in a streamable M4A): a
/// live take cannot be measured before it is encoded, so it keeps `loudnorm`'s dynamic mode.
pub fn player_output_args() -> Vec<String> {
    let mut args = args_of(&["-af", LOUDNORM, "-ar", &SAMPLE_RATE.to_string()]);
    args.extend(m4a_args());
    args
}

/// The player's container and codec: AAC at [`AAC_BITRATE`] in an M4A whose index comes
/// first, so it streams.
fn m4a_args() -> Vec<String> {
    let mut args = aac_args();
    args.extend(m4a_container_args());
    args
}

/// The player's codec: AAC at [`AAC_BITRATE`], with ffmpeg's `fast` coder.
///
/// The encoder is most of what every job costs, and its default `twoloop` search was most of
/// the encoder. Measured on this 2-core machine (ffmpeg 5.1): 58 s of mono speech took 1.40
/// CPU-s with `twoloop` and 0.84 with `fast`, the same speech as stereo 3.45 against 1.44, 30 s
/// of stereo noise and tone 0.59 against 0.31; the files are the same size. At 128 kbps the
/// difference in quality is below what a child's player shows: the decoded speech was nearer
/// the source with `fast` (46 dB signal-to-noise against 32 dB), `twoloop` spending its
/// search on perceptual shaping a speaker this small does not reproduce.
fn aac_args() -> Vec<String> {
    args_of(&["-c:a", "aac", "-aac_coder", "fast", "-b:a", AAC_BITRATE])
}

/// The player's container: an M4A whose index comes first, so it streams.
fn m4a_container_args() -> Vec<String> {
    args_of(&["-movflags", "+faststart", "-f", "mp4"])
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

/// [`filter_to_flac`] that measures what it writes in the same decode: the FLAC's length and
/// waveform (as [`super::decode::summarize`] would read them back) and its loudness, which the
/// encoding pass of an edit then uses instead of decoding the FLAC twice more. `source` is the
/// input's rate and channels (an edit's filters keep both).
pub async fn filter_to_flac_measured(
    input: &Path,
    filter: &str,
    output: &Path,
    source: SourceAudio,
    duration_ms: Option<i64>,
    progress: Progress<'_>,
) -> CoreResult<(Summary, Known)> {
    let mut args = guarded_file(input)?;
    // one branch to the FLAC encoder, one to the meter, one to `ebur128` (its summary is in
    // the log); each side branch converts on its own, so nothing it needs reaches the FLAC
    let graph = format!(
        "[0:a]{filter},asplit=3[flac][pcm][loud];\
         [pcm]aresample,aformat=sample_fmts=flt[meter];\
         [loud]aresample,ebur128=framelog=verbose:peak=sample,anullsink"
    );
    args.extend(args_of(&[
        "-vn",
        "-filter_complex",
        &graph,
        "-map_metadata",
        "-1",
        "-map",
        "[flac]",
        "-c:a",
        "flac",
        "-f",
        "flac",
        path_str(output)?,
    ]));
    args.extend(meter_output());
    let mut meter = PeakMeter::new(source.sample_rate);
    let frames = |n: u64| {
        if let Some(done) = fraction_done(n, source.sample_rate, duration_ms) {
            progress(done);
        }
    };
    let channels = source.channels.max(1);
    let log = invoke(
        args,
        duration_ms,
        "info",
        Stdout::Pcm(&mut meter, channels, &frames),
    )
    .await?;
    let known = Known {
        level: Some(Level::from_log(&log)),
        channels: Some(channels),
    };
    let mut summary = meter.finish();
    // the FLAC's header says its length and rate: a decoder that yields another rate than
    // the probe said would make the meter's windows wrong, so then the FLAC is read back
    let written = super::decode::length_of(output).await?;
    if written != Some((summary.frames, summary.sample_rate)) {
        tracing::warn!("an edit's meter disagreed with its FLAC; measuring the FLAC again");
        summary = super::decode::summarize(output).await?;
    }
    Ok((summary, known))
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
