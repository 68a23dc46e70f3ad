//! Folder drop figures, printed (never asserted): run with `make bench` (`scripts/bench drops`).
//!
//! A 100-file, 2-hour audiobook folder (MP3, 128 kbps, 72 s a chapter) from the drop to every
//! chapter ready to play: the files sent three at a time (as the browser sends them), the
//! plan, the confirm, then the transcodes — against plain ffmpeg encoding the same files to
//! AAC one after another, as the reference.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{json, Value};

mod common;
use common::{json_of, new_collection, noise_file, plain_aac_seconds, start_server};

const FILES: usize = 100;
const SECONDS_EACH: u32 = 72;
/// Files on their way at once, as the page sends them.
const PARALLEL: usize = 3;

fn main() {
    common::block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    println!("making a {FILES}-file, 2-hour audiobook folder (MP3 128 kbps)…");
    let one = noise_file(
        dir.path(),
        "chapter.mp3",
        SECONDS_EACH,
        &["-c:a", "libmp3lame", "-b:a", "128k"],
    );
    // the same audio under a hundred names (and tags that differ): content-addressed storage
    // would keep one, so each file gets its own title tag and so its own bytes
    let folder = dir.path().join("Audiobook");
    std::fs::create_dir_all(&folder).unwrap();
    let files: Vec<PathBuf> = (1..=FILES)
        .map(|n| {
            let path = folder.join(format!("{n:03} Chapter.mp3"));
            common::ffmpeg(&[
                "-i",
                one.to_str().unwrap(),
                "-c",
                "copy",
                "-metadata",
                &format!("title=Chapter {n}"),
                "-metadata",
                &format!("track={n}/{FILES}"),
                path.to_str().unwrap(),
            ]);
            path
        })
        .collect();
    let bytes: u64 = files.iter().map(|f| f.metadata().unwrap().len()).sum();

    let (client, base) = start_server(&dir.path().join("data"), &[]).await;
    let collection = new_collection(&client, &base, "Bench drops").await;
    let t = Instant::now();
    let drop = json_of(
        client
            .post(format!("{base}/api/collections/{collection}/drops"))
            .json(&json!({ "name": "Audiobook" })),
    )
    .await;
    let id = drop["id"].as_str().unwrap().to_owned();
    send_all(&client, &base, &id, &files).await;
    let sent_s = t.elapsed().as_secs_f64();
    let plan = json_of(client.get(format!("{base}/api/drops/{id}"))).await;
    let planned_s = t.elapsed().as_secs_f64();
    let cards: Vec<Value> = plan["plan"]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| json!({ "title": c["title"], "cover": c["cover"]["path"], "tracks": c["tracks"] }))
        .collect();
    let made = json_of(
        client
            .post(format!("{base}/api/drops/{id}/confirm"))
            .json(&json!({ "cards": cards })),
    )
    .await;
    let confirmed_s = t.elapsed().as_secs_f64();
    let slug = made["cards"][0]["slug"].as_str().unwrap().to_owned();
    wait_ready(&client, &base, &slug).await;
    let ready_s = t.elapsed().as_secs_f64();

    println!("plain ffmpeg on the same files, one after another…");
    let out = dir.path().join("plain");
    std::fs::create_dir_all(&out).unwrap();
    let plain_s: f64 = files
        .iter()
        .enumerate()
        .map(|(n, f)| plain_aac_seconds(f, &out.join(format!("{n}.m4a")), &["-aac_coder", "fast"]))
        .sum();

    println!("\n== a {FILES}-file, 2-hour audiobook folder, from the drop to every chapter ready");
    println!(
        "{:.1} MB sent {PARALLEL} files at a time in {sent_s:.2} s ({:.1} MB/s); plan read at \
         {planned_s:.2} s; confirm answered at {confirmed_s:.2} s (one card of {FILES} chapters)",
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / sent_s
    );
    println!(
        "every chapter ready after {ready_s:.2} s; plain `ffmpeg -c:a aac -b:a 128k -aac_coder \
         fast` on the same files one after another: {plain_s:.2} s ({:.2}×)",
        ready_s / plain_s
    );
}

/// Sends `files` to drop `id`, [`PARALLEL`] requests at a time, each naming its path.
async fn send_all(client: &Client, base: &str, id: &str, files: &[PathBuf]) {
    use futures_util::stream::{self, StreamExt};
    let url = format!("{base}/api/drops/{id}/files");
    stream::iter(files)
        .map(|file| send_one(client, &url, file))
        .buffer_unordered(PARALLEL)
        .collect::<Vec<()>>()
        .await;
}

async fn send_one(client: &Client, url: &str, file: &Path) {
    let name = file.file_name().unwrap().to_str().unwrap().to_owned();
    let form = reqwest::multipart::Form::new()
        .text("path", format!("Audiobook/{name}"))
        .part(
            "file",
            reqwest::multipart::Part::bytes(std::fs::read(file).unwrap()).file_name(name),
        );
    let r = client.post(url).multipart(form).send().await.unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
}

/// Waits until every chapter of card `slug` is ready.
async fn wait_ready(client: &Client, base: &str, slug: &str) {
    loop {
        let card = json_of(client.get(format!("{base}/api/cards/{slug}"))).await;
        let tracks = card["tracks"].as_array().unwrap();
        assert!(
            tracks.iter().all(|t| t["transcode_status"] != "failed"),
            "{card}"
        );
        if tracks.iter().all(|t| t["transcode_status"] == "ready") {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
