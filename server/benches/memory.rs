//! Memory figures, printed (never asserted): run with `make bench` (`scripts/bench`).
//!
//! Peak resident memory of the server process and its ffmpeg children while it renders a
//! 90-card label sheet (the most a sheet may hold, every card with the same 2048 px cover)
//! and receives 3 recordings at once (the most one user may have open). The reference on the
//! same bytes, in the same run: plain `ffmpeg` doing one live encode of the same take, and
//! the arithmetic of what 90 decoded copies of the cover would take.

use std::time::{Duration, Instant};

use serde_json::json;

mod common;
use common::memory::{mib, tree_rss_kb, PeakSampler};
use common::{json_of, new_card, noise_file, send_take, start_server};

fn main() {
    common::block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let webm = noise_file(
        dir.path(),
        "two-minutes.webm",
        120,
        &["-c:a", "libopus", "-b:a", "48k", "-f", "webm"],
    );
    let take = std::fs::read(&webm).unwrap();
    // a 2048 px photo-like cover: noise, so no encoder makes it small
    let cover = image::RgbImage::from_fn(2048, 2048, |x, y| {
        let n = x
            .wrapping_mul(2_654_435_761)
            .wrapping_add(y.wrapping_mul(40_503))
            >> 7;
        image::Rgb([n as u8, (n >> 8) as u8, (x ^ y) as u8])
    });
    let mut png = std::io::Cursor::new(Vec::new());
    cover.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let png = png.into_inner();

    let data = dir.path().join("data");
    let (client, base) = start_server(&data, &["--max-image-bytes", "33554432"]).await;
    let card = new_card(&client, &base, "Memory").await;
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(png.clone()).file_name("cover.png"),
    );
    let r = client
        .post(format!("{base}/api/cards/{card}/cover"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "cover upload: {}", r.status());
    let stored_cover = client
        .get(format!("{base}/api/cards/{card}/cover"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .len();

    let me = std::process::id();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let idle_kb = tree_rss_kb(me);
    let sampler = PeakSampler::start(me, tree_rss_kb);
    let t = Instant::now();
    let sheet = {
        let (client, base, card) = (client.clone(), base.clone(), card.clone());
        tokio::spawn(async move {
            json_of(
                client
                    .post(format!("{base}/api/labels/generate"))
                    .json(&json!({
                        "card_slugs": vec![card; 90], "format": "pdf", "page_size": "a4"
                    })),
            )
            .await
        })
    };
    let mut takes = Vec::new();
    for _ in 0..3 {
        let (client, base, card, take) = (client.clone(), base.clone(), card.clone(), take.clone());
        takes.push(tokio::spawn(async move {
            let started = json_of(
                client
                    .post(format!("{base}/api/cards/{card}/tracks/record-start"))
                    .json(&json!({})),
            )
            .await;
            let session = started["session_id"].as_str().unwrap().to_owned();
            send_take(
                &client,
                &base,
                &session,
                &take,
                24,
                Duration::from_millis(40),
            )
            .await;
            json_of(
                client
                    .post(format!("{base}/api/recording/{session}/finish"))
                    .json(&json!({})),
            )
            .await;
        }));
    }
    let sheet = sheet.await.unwrap();
    for take in takes {
        take.await.unwrap();
    }
    let busy_s = t.elapsed().as_secs_f64();
    let peak_kb = sampler.peak_kb();

    // reference: plain ffmpeg doing one live encode of the same take (FLAC + AAC M4A)
    let mut child = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-i", "pipe:0"])
        .args(["-map", "0:a", "-c:a", "flac", "-f", "flac"])
        .arg(dir.path().join("ref.flac"))
        .args(["-map", "0:a", "-c:a", "aac", "-b:a", "128k", "-f", "mp4"])
        .arg(dir.path().join("ref.m4a"))
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let ref_sampler = PeakSampler::start(child.id(), tree_rss_kb);
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&take).unwrap();
    }
    child.wait().unwrap();
    let ffmpeg_kb = ref_sampler.peak_kb();

    let decoded_copies = 90.0 * 2048.0 * 2048.0 * 3.0 / (1024.0 * 1024.0);
    println!("\n== memory: a 90-card label sheet (one 2048 px cover, {:.0} KB stored) + 3 recordings at once", stored_cover as f64 / 1e3);
    println!(
        "server + ffmpeg children, idle:             {:7.1} MiB",
        mib(idle_kb)
    );
    println!(
        "server + ffmpeg children, peak:             {:7.1} MiB  (+{:.1} MiB over idle, {busy_s:.1} s busy; sheet {})",
        mib(peak_kb),
        mib(peak_kb.saturating_sub(idle_kb)),
        sheet["filename"]
    );
    println!(
        "reference: one plain ffmpeg live encode:    {:7.1} MiB  (3 of them: {:.1} MiB)",
        mib(ffmpeg_kb),
        3.0 * mib(ffmpeg_kb)
    );
    println!("reference: 90 decoded copies of the cover:  {decoded_copies:7.1} MiB  (what decoding per card would hold)");
}
