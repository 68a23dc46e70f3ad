//! The player's audio is measured, not trusted: real ffmpeg encodes generated sources (quiet,
//! loud, and quiet with hard clicks that only a limiter can tame) and the result is measured
//! again with `ebur128` (integrated loudness and true peak).

use std::path::{Path, PathBuf};

use super::decode;
use super::ffmpeg::{self, integrated_loudness, summary_value, TARGET_LUFS};

struct Measured {
    lufs: f64,
    true_peak_dbtp: f64,
}

async fn measure(path: &Path) -> Measured {
    let output = tokio::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-nostdin", "-nostats", "-i"])
        .arg(path)
        .args([
            "-af",
            "ebur128=peak=true:framelog=verbose",
            "-f",
            "null",
            "-",
        ])
        .output()
        .await
        .expect("ffmpeg runs");
    let log = String::from_utf8_lossy(&output.stderr).into_owned();
    let lufs = integrated_loudness(&log).expect("integrated loudness in the summary");
    let true_peak_dbtp = summary_value(&log, "True peak:", "Peak:").expect("true peak value");
    Measured {
        lufs,
        true_peak_dbtp,
    }
}

async fn channels(path: &Path) -> String {
    let output = tokio::process::Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-show_entries",
            "stream=channels",
            "-of",
            "csv=p=0",
        ])
        .arg(path)
        .output()
        .await
        .expect("ffprobe runs");
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

async fn source(dir: &Path, name: &str, lavfi: &str) -> PathBuf {
    let path = dir.join(format!("{name}.flac"));
    let args = ["-f", "lavfi", "-i", lavfi, "-c:a", "flac"]
        .iter()
        .map(|s| (*s).to_owned())
        .chain([path.to_str().unwrap().to_owned()])
        .collect();
    ffmpeg::run(args, None, &|_| {}).await.expect("source made");
    path
}

async fn check(name: &str, lavfi: &str, seconds: f64) {
    encode_and_check(name, lavfi, seconds, true, 1).await;
}

/// A source encoded and checked, kept until this is dropped.
struct Encoded {
    _dir: tempfile::TempDir,
    out: PathBuf,
    summary: decode::Summary,
}

/// Encodes the source (the encoding pass in up to `parts` parts) and measures the result.
/// `length_known`: whether the encoder is told the duration (then it decodes once and keeps
/// the decoded audio between its passes; otherwise it decodes twice).
async fn encode_and_check(
    name: &str,
    lavfi: &str,
    seconds: f64,
    length_known: bool,
    parts: usize,
) -> Encoded {
    let dir = tempfile::tempdir().unwrap();
    let input = source(dir.path(), name, lavfi).await;
    let before = measure(&input).await;
    let out = dir.path().join(format!("{name}.m4a"));
    let length = length_known.then_some((seconds * 1000.0) as i64);
    let summary =
        ffmpeg::encode_m4a_in_parts(&input, &out, length, Default::default(), &|_| {}, parts)
            .await
            .expect("encoded");
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [format!("{name}.flac"), format!("{name}.m4a")],
        "the decoded copy and the parts are removed"
    );
    let after = measure(&out).await;
    assert_eq!(
        channels(&out).await,
        channels(&input).await,
        "{name}: channels kept"
    );
    assert!(
        (after.lufs - TARGET_LUFS).abs() <= 1.0,
        "{name}: {:.1} LUFS in, {:.1} LUFS out (target {TARGET_LUFS})",
        before.lufs,
        after.lufs
    );
    assert!(
        after.true_peak_dbtp <= -1.0,
        "{name}: true peak {:.2} dBTP out ({:.2} in)",
        after.true_peak_dbtp,
        before.true_peak_dbtp
    );
    // What ffmpeg wrote beside the M4A is what a decoder gets back from it, give or take the
    // AAC encoder's priming that symphonia does not strip from ffmpeg's M4A (1,232 frames
    // here): the frames measured while encoding are the source's exact length.
    let decoded = decode::summarize(&out).await.expect("decodable");
    assert_eq!(summary.sample_rate, decoded.sample_rate, "{name}");
    assert!(
        summary.frames.abs_diff(decoded.frames) <= 2048,
        "{name}: {} frames measured while encoding, {} decoded",
        summary.frames,
        decoded.frames
    );
    assert!(
        (summary.duration_ms() - (seconds * 1000.0) as i64).abs() <= 30,
        "{name}"
    );
    let loudest = summary.peaks.iter().copied().fold(0f32, f32::max);
    let loudest_decoded = decoded.peaks.iter().copied().fold(0f32, f32::max);
    assert!(
        (loudest - loudest_decoded).abs() < 0.1,
        "{name}: {loudest} vs {loudest_decoded}"
    );
    Encoded {
        _dir: dir,
        out,
        summary,
    }
}

#[tokio::test]
async fn a_quiet_recording_is_raised_to_the_target() {
    check(
        "quiet",
        "anoisesrc=color=pink:amplitude=0.05:duration=12:seed=7",
        12.0,
    )
    .await;
}

#[tokio::test]
async fn a_loud_recording_is_lowered_to_the_target() {
    check(
        "loud",
        "anoisesrc=color=pink:amplitude=0.9:duration=12:seed=7,aformat=channel_layouts=stereo",
        12.0,
    )
    .await;
}

#[tokio::test]
async fn clicks_in_quiet_audio_are_limited_under_the_true_peak_ceiling() {
    // A tone raised by about 7 dB, with half-millisecond clicks at almost full scale once a
    // second (like plosives in close-miked speech): raised, they would clip without the limiter.
    check(
        "clicks",
        "aevalsrc=exprs=0.1*sin(2*PI*440*t)+if(lt(mod(t\\,1)\\,0.0005)\\,0.95\\,0):s=44100:d=12",
        12.0,
    )
    .await;
}

#[tokio::test]
async fn audio_of_unknown_length_is_decoded_twice_to_the_same_loudness() {
    encode_and_check(
        "unknown-length",
        "anoisesrc=color=pink:amplitude=0.05:duration=12:seed=7,aformat=channel_layouts=stereo",
        12.0,
        false,
        2,
    )
    .await;
}

/// 31 s of clicks in a quiet tone (the limiter at work) encoded in three parts is one track:
/// loudness and true peak on target, the meter's waveform the one a single encode measures,
/// and the decoded M4A's waveform that of the single encode's M4A (a part off by a frame or
/// a click at a join would show).
#[tokio::test]
async fn audio_encoded_in_parts_plays_as_one_encode() {
    let clicks =
        "aevalsrc=exprs=0.1*sin(2*PI*440*t)+if(lt(mod(t+0.3\\,1)\\,0.0005)\\,0.95\\,0):s=44100:d=31";
    let parts = encode_and_check("parts", clicks, 31.0, true, 3).await;
    let one = encode_and_check("one", clicks, 31.0, true, 1).await;
    assert_eq!(parts.summary.frames, 31 * 44_100);
    assert_eq!(parts.summary.frames, one.summary.frames);
    assert_eq!(parts.summary.peaks.len(), one.summary.peaks.len());
    let metered = largest_difference(&parts.summary.peaks, &one.summary.peaks);
    assert!(
        metered < 0.01,
        "waveforms measured while encoding differ by {metered}"
    );
    let (joined, single) = (
        decode::summarize(&parts.out).await.unwrap(),
        decode::summarize(&one.out).await.unwrap(),
    );
    let decoded = largest_difference(&joined.peaks, &single.peaks);
    assert!(decoded < 0.1, "decoded waveforms differ by {decoded}");
}

/// The largest difference between two waveforms, window by window.
fn largest_difference(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[test]
fn the_gain_is_bounded_and_silence_is_left_alone() {
    assert_eq!(ffmpeg::gain_to_target(Some(-26.0)), 10.0);
    assert_eq!(ffmpeg::gain_to_target(Some(-90.0)), ffmpeg::MAX_GAIN_DB);
    assert_eq!(ffmpeg::gain_to_target(None), 0.0);
}

/// Stereo audio at `sample_rate`.
fn stereo(sample_rate: u32) -> ffmpeg::SourceAudio {
    ffmpeg::SourceAudio {
        sample_rate,
        channels: 2,
    }
}

/// An edit's one pass (cut to FLAC, metered and measured on the way) reads what decoding the
/// FLAC afterwards and measuring it apart read: the same frames and waveform, the same level.
#[tokio::test]
async fn an_edit_measures_its_flac_while_writing_it() {
    let dir = tempfile::tempdir().unwrap();
    let lavfi = "anoisesrc=color=pink:amplitude=0.2:duration=9:seed=3:sample_rate=44100,\
                 aformat=channel_layouts=stereo";
    let input = source(dir.path(), "edited", lavfi).await;
    let out = dir.path().join("cut.flac");
    let cut = "atrim=start_sample=22050:end_sample=330750,asetpts=PTS-STARTPTS";
    let (summary, known) =
        ffmpeg::filter_to_flac_measured(&input, cut, &out, stereo(44_100), Some(9_000), &|_| {})
            .await
            .expect("cut and measured");
    assert_eq!(known.channels, Some(2));
    assert_eq!(summary.frames, 330_750 - 22_050);
    let decoded = decode::summarize(&out).await.unwrap();
    assert_eq!(summary.frames, decoded.frames);
    assert_eq!(summary.peaks.len(), decoded.peaks.len());
    let difference = largest_difference(&summary.peaks, &decoded.peaks);
    assert!(difference < 1e-3, "waveforms differ by {difference}");
    let apart = ffmpeg::measure_level(&out, Some(7_000), &|_| {})
        .await
        .unwrap();
    let (one, two) = (known.level.unwrap(), apart);
    assert!(
        (one.integrated_lufs.unwrap() - two.integrated_lufs.unwrap()).abs() < 0.1,
        "{one:?} against {two:?}"
    );
    assert!((one.sample_peak_dbfs.unwrap() - two.sample_peak_dbfs.unwrap()).abs() < 0.1);
    // told the wrong rate, the meter's count disagrees with the FLAC, which is read back
    let (misled, _) =
        ffmpeg::filter_to_flac_measured(&input, cut, &out, stereo(48_000), Some(9_000), &|_| {})
            .await
            .expect("cut and measured");
    assert_eq!(misled, decode::summarize(&out).await.unwrap());
}
