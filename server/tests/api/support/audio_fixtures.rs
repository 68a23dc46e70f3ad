//! Audio fixtures made at test time with the real tools (ffmpeg, sox, espeak-ng), once per
//! test process, plus helpers that wait for tracks and jobs.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::LazyLock;
use std::time::Duration;

use serde_json::Value;

use crate::support::helpers::User;

static DIR: LazyLock<tempfile::TempDir> =
    LazyLock::new(|| tempfile::tempdir().expect("fixture dir"));
/// Tests run in parallel: one fixture is made at a time, and only once.
static MAKING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn run(cmd: &mut Command) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("running {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs ffmpeg quietly with `args`, writing `out`; panics when it fails.
pub fn ffmpeg(args: &[&str], out: &Path) {
    run(Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y"])
        .args(args)
        .arg(out));
}

/// ffmpeg making `seconds` of a `hz` tone at 44.1 kHz; the caller adds options and the output.
fn sine(hz: u32, seconds: u32) -> Command {
    let mut cmd = Command::new("ffmpeg");
    cmd.args([
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
    ])
    .arg(format!(
        "sine=frequency={hz}:sample_rate=44100:duration={seconds}"
    ));
    cmd
}

/// `seconds` of a 440 Hz tone at 44.1 kHz in `format` (mp3, flac, ogg, opus, webm, m4a, wav),
/// made by ffmpeg.
pub fn tone(seconds: u32, format: &str) -> PathBuf {
    let _one_at_a_time = MAKING.lock().unwrap_or_else(|e| e.into_inner());
    let path = DIR.path().join(format!("tone-{seconds}s.{format}"));
    if !path.exists() {
        let tmp = DIR
            .path()
            .join(format!(".tone-{seconds}-{}.{format}", std::process::id()));
        let codec: &[&str] = match format {
            "ogg" => &["-c:a", "libvorbis"],
            "opus" => &["-c:a", "libopus", "-f", "ogg"],
            "webm" => &["-c:a", "libopus"],
            "m4a" => &["-c:a", "aac"],
            _ => &[],
        };
        run(sine(440, seconds).args(codec).arg(&tmp));
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

/// A second of tone as an MP3 named `name` in `dir`, with ID3 tags: title "Tagged N", track
/// `track`/9 and disc `disc` (to check what is read from tags).
pub fn tagged_mp3(dir: &Path, name: &str, track: u32, disc: u32) -> PathBuf {
    let path = dir.join(name);
    run(sine(330, 1)
        .args(["-metadata", &format!("track={track}/9")])
        .args(["-metadata", &format!("disc={disc}")])
        .args(["-metadata", &format!("title=Tagged {track}")])
        .arg(&path));
    path
}

/// Speech from espeak-ng (WAV), for a take that sounds like a parent reading.
pub fn speech() -> PathBuf {
    let _one_at_a_time = MAKING.lock().unwrap_or_else(|e| e.into_inner());
    let path = DIR.path().join("speech.wav");
    if !path.exists() {
        let tmp = DIR
            .path()
            .join(format!(".speech-{}.wav", std::process::id()));
        run(Command::new("espeak-ng")
            .args(["-w"])
            .arg(&tmp)
            .arg("Once upon a time, the moon said goodnight to every star."));
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

/// A FLAC of silence then noise, made by sox.
pub fn sox_flac() -> PathBuf {
    let _one_at_a_time = MAKING.lock().unwrap_or_else(|e| e.into_inner());
    let path = DIR.path().join("sox.flac");
    if !path.exists() {
        let tmp = DIR.path().join(format!(".sox-{}.flac", std::process::id()));
        run(Command::new("sox")
            .args(["-n", "-r", "44100", "-c", "2"])
            .arg(&tmp)
            .args(["synth", "2", "pinknoise", "vol", "0.3"]));
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

pub fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// Sends a file as a new track of `card`, whatever the answer.
pub async fn try_upload(user: &User, card: &str, path: &Path) -> reqwest::Response {
    let name = path.file_name().unwrap().to_str().unwrap();
    user.upload(&format!("/api/cards/{card}/tracks"), bytes(path), name)
        .await
}

/// Uploads a file as a track and returns the 201 body.
pub async fn upload_track(user: &User, card: &str, path: &Path) -> Value {
    let name = path.file_name().unwrap().to_str().unwrap();
    let r = try_upload(user, card, path).await;
    assert_eq!(
        r.status(),
        201,
        "upload of {name}: {}",
        r.text().await.unwrap()
    );
    r.json().await.unwrap()
}

/// How long a wait for background work may last before the test gives up. A bound on
/// liveness, not on speed: `make test` runs the browser suite beside this one, and the encoders
/// run below both (`priority`), so on two busy cores a transcode can take ten times as long as
/// on a quiet machine.
const SETTLE_WITHIN: Duration = Duration::from_secs(240);

/// Polls a track until its transcode settles (ready or failed) and returns its detail.
pub async fn wait_settled(user: &User, card: &str, track: &str) -> Value {
    let deadline = tokio::time::Instant::now() + SETTLE_WITHIN;
    let mut t = Value::Null;
    while tokio::time::Instant::now() < deadline {
        t = user
            .get_json(&format!("/api/cards/{card}/tracks/{track}"))
            .await;
        let settled = !matches!(
            t["transcode_status"].as_str(),
            Some("pending" | "processing")
        ) && t["processing_job_id"].is_null();
        if settled {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("track {card}/{track} never settled: {t}");
}

/// Polls a job until it is no longer queued or running and returns it.
pub async fn wait_job(user: &User, id: &str) -> Value {
    let deadline = tokio::time::Instant::now() + SETTLE_WITHIN;
    let mut job = Value::Null;
    while tokio::time::Instant::now() < deadline {
        job = user.get_json(&format!("/api/jobs/{id}")).await;
        if !matches!(job["status"].as_str(), Some("queued" | "running")) {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("job {id} never finished: {job}");
}

/// Runs a library rescan as `user`, waits for it and answers its report.
pub async fn rescan_report(user: &User) -> Value {
    let r = user.post_empty("/api/library/rescan").await;
    assert_eq!(r.status(), 202);
    let message: Value = r.json().await.unwrap();
    // "rescan queued as job <id>"
    let job = message["message"]
        .as_str()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .to_owned();
    let done = wait_job(user, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    serde_json::from_str(done["result"].as_str().unwrap()).unwrap()
}

/// A card of a new collection, ready for tracks; returns its slug.
pub async fn card_for(user: &User, title: &str) -> String {
    let collection = user.create_collection(&format!("{title} shelf")).await;
    let card = user
        .create_card(collection["id"].as_str().unwrap(), title)
        .await;
    card["slug"].as_str().unwrap().to_owned()
}

/// The length ffprobe reports for a fixture, in milliseconds.
pub fn duration_ms(path: &Path) -> i64 {
    let out = Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-show_entries",
            "format=duration",
            "-of",
            "csv=p=0",
        ])
        .arg(path)
        .output()
        .unwrap();
    let seconds: f64 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    (seconds * 1000.0).round() as i64
}
