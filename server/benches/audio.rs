//! Audio figures, printed (never asserted): run with `make bench` (`scripts/bench`).
//!
//! Finishing a 10-minute recording sent in 5-second chunks (live encoding while the chunks
//! arrive). The transcode of an upload and Range serving are figures of the `serving` bench,
//! measured there against plain ffmpeg and nginx.

use std::path::Path;
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{json, Value};

mod common;
use common::{new_card, noise_file, send_take, start_server};

fn main() {
    common::block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    println!("making a 10-minute recording (speech-like noise, Opus in WebM)…");
    let webm = noise_file(
        dir.path(),
        "ten-minutes.webm",
        600,
        &["-c:a", "libopus", "-b:a", "48k", "-f", "webm"],
    );
    let (client, base) = start_server(&dir.path().join("data"), &[]).await;
    let card = new_card(&client, &base, "Bench").await;
    recording(&client, &base, &card, &webm).await;
}

async fn recording(client: &Client, base: &str, card: &str, webm: &Path) {
    let take = std::fs::read(webm).unwrap();
    // 120 chunks of about 5 s of audio each, as the browser sends them
    let started: Value = client
        .post(format!("{base}/api/cards/{card}/tracks/record-start"))
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let session = started["session_id"].as_str().unwrap();
    let t = Instant::now();
    // a real take spreads its chunks over 10 minutes; 50 ms each lets the live encoder keep up
    send_take(client, base, session, &take, 120, Duration::from_millis(50)).await;
    let upload_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let r = client
        .post(format!("{base}/api/recording/{session}/finish"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let finished: Value = r.json().await.unwrap();
    let finish_s = t.elapsed().as_secs_f64();
    let slug = finished["track_slug"].as_str().unwrap();
    let t: Value = client
        .get(format!("{base}/api/cards/{card}/tracks/{slug}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    println!("\n== finishing a 10-minute recording (120 chunks, encoded live while they arrive)");
    println!(
        "chunks sent in {upload_s:.2} s; finish answered in {finish_s:.2} s with the track {}",
        t["transcode_status"]
    );
}
