//! Audio figures, printed (never asserted): run with `make bench` (`scripts/bench`).
//!
//! 1. Transcode speed: a 10-minute MP3 through Cardsmith (upload → transcode job → ready,
//!    with loudness normalisation and exact measurement) against plain `ffmpeg` encoding the
//!    same file to AAC 128 kbps.
//! 2. Range serving: 1 MiB ranges of the 10-minute M4A, sequential and 8 at a time.
//! 3. Finishing a 10-minute recording sent in 5-second chunks (live encoding while the
//!    chunks arrive), and the fallback that converts the whole take at finish.

use std::path::Path;
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{json, Value};

mod common;
use common::{ffmpeg, new_card, send_take, start_server};

fn main() {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mp3 = dir.path().join("ten-minutes.mp3");
    let webm = dir.path().join("ten-minutes.webm");
    println!("making a 10-minute test file (speech-like noise)…");
    let source = "anoisesrc=d=600:c=pink:r=48000:a=0.3,volume=0.8";
    ffmpeg(&[
        "-f",
        "lavfi",
        "-i",
        source,
        "-c:a",
        "libmp3lame",
        "-b:a",
        "128k",
        mp3.to_str().unwrap(),
    ]);
    ffmpeg(&[
        "-f",
        "lavfi",
        "-i",
        source,
        "-c:a",
        "libopus",
        "-b:a",
        "48k",
        "-f",
        "webm",
        webm.to_str().unwrap(),
    ]);

    let (client, base) = start_server(&data, &[]).await;
    let card = new_card(&client, &base, "Bench").await;

    transcode(&client, &base, &card, &mp3, dir.path()).await;
    ranges(&client, &base, &card).await;
    recording(&client, &base, &card, &webm).await;
}

async fn transcode(client: &Client, base: &str, card: &str, mp3: &Path, dir: &Path) {
    let plain = dir.join("plain.m4a");
    let t = Instant::now();
    ffmpeg(&[
        "-i",
        mp3.to_str().unwrap(),
        "-c:a",
        "aac",
        "-b:a",
        "128k",
        plain.to_str().unwrap(),
    ]);
    let plain_s = t.elapsed().as_secs_f64();

    let bytes = std::fs::read(mp3).unwrap();
    let t = Instant::now();
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes).file_name("ten-minutes.mp3"),
    );
    let track: Value = client
        .post(format!("{base}/api/cards/{card}/tracks"))
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let uploaded_s = t.elapsed().as_secs_f64();
    let slug = track["slug"].as_str().unwrap();
    loop {
        let t: Value = client
            .get(format!("{base}/api/cards/{card}/tracks/{slug}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if t["transcode_status"] == "ready" {
            break;
        }
        assert_ne!(t["transcode_status"], "failed", "{t}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let ours_s = t.elapsed().as_secs_f64();
    println!("\n== transcode, 10 min MP3 → AAC 128 kbps M4A");
    println!(
        "plain ffmpeg (no normalisation):          {plain_s:6.2} s  ({:5.0}x real time)",
        600.0 / plain_s
    );
    println!("Cardsmith upload:                          {uploaded_s:6.2} s");
    println!("Cardsmith upload → ready (EBU R128, exact length, peaks): {ours_s:6.2} s  ({:5.0}x real time, {:.2}x plain ffmpeg)", 600.0 / ours_s, ours_s / plain_s);
}

async fn ranges(client: &Client, base: &str, card: &str) {
    let url = format!("{base}/api/cards/{card}/tracks/ten-minutes/audio");
    let total: u64 = client.get(&url).send().await.unwrap().headers()["content-length"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    const MIB: u64 = 1024 * 1024;
    let requests = 200;
    let t = Instant::now();
    let mut bytes = 0;
    for i in 0..requests {
        let start = (i * MIB) % total.saturating_sub(MIB).max(1);
        let r = client
            .get(&url)
            .header("range", format!("bytes={start}-{}", start + MIB - 1))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 206);
        bytes += r.bytes().await.unwrap().len();
    }
    let seq = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..8u64 {
        let (client, url) = (client.clone(), url.clone());
        tasks.push(tokio::spawn(async move {
            let mut got = 0;
            for i in 0..requests / 8 {
                let start = ((i * 8 + w) * 4096 * 37) % total.saturating_sub(MIB).max(1);
                let r = client
                    .get(&url)
                    .header("range", format!("bytes={start}-{}", start + MIB - 1))
                    .send()
                    .await
                    .unwrap();
                got += r.bytes().await.unwrap().len();
            }
            got
        }));
    }
    let mut par_bytes = 0;
    for t in tasks {
        par_bytes += t.await.unwrap();
    }
    let par = t.elapsed().as_secs_f64();
    println!(
        "\n== Range serving, 1 MiB ranges of a {:.1} MB M4A",
        total as f64 / 1e6
    );
    println!(
        "sequential: {requests} requests in {seq:.2} s = {:6.0} req/s, {:7.1} MB/s",
        f64::from(requests as u32) / seq,
        bytes as f64 / 1e6 / seq
    );
    println!(
        "8 parallel: {requests} requests in {par:.2} s = {:6.0} req/s, {:7.1} MB/s",
        f64::from(requests as u32) / par,
        par_bytes as f64 / 1e6 / par
    );
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
