//! Generation figures, printed (never asserted): run with `make bench` (`scripts/bench`).
//! Everything here is the offline path (no provider, no network), on a release build:
//!
//! 1. Speaking 1,000 words: `POST /cards/{slug}/tracks/tts` with the default offline voice
//!    (the text in two requests, as one request takes at most 5,000 characters), against
//!    the plain engine (`flite` or `espeak-ng`) speaking the same two texts to WAV files.
//! 2. A generated cover: `POST /cards/{slug}/cover/generate` (drawn, 638x1011 PNG), against
//!    ffmpeg rendering and encoding a gradient PNG of the same size.
//! 3. Icons for a card of 20 chapters: `POST /cards/{slug}/icons/generate`.

use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{json, Value};

mod common;
use common::{new_card, start_server};

/// 1,000 words of story-like text, as two halves of 500 words.
fn thousand_words() -> [String; 2] {
    const SENTENCES: [&str; 5] = [
        "The little fox looked up at the moon and smiled at the quiet sky.",
        "Down by the river the otters were building a raft out of sticks.",
        "Grandma said that every star is a lantern for a sleepy traveller.",
        "The wind hummed a soft song through the tall green pine trees tonight.",
        "Everyone was safe and warm, so the owl closed her big round eyes.",
    ];
    let mut words: Vec<&str> = Vec::new();
    let mut i = 0;
    while words.len() < 1_000 {
        words.extend(SENTENCES[i % SENTENCES.len()].split(' '));
        i += 1;
    }
    words.truncate(1_000);
    [words[..500].join(" "), words[500..].join(" ")]
}

fn main() {
    common::block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let (client, base) = start_server(&dir.path().join("data"), &[]).await;
    let voices: Vec<Value> = client
        .get(format!("{base}/api/tts/voices"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let voice = ["flite:slt", "espeak:en-us+f3", "espeak:en-us"]
        .into_iter()
        .find(|v| voices.iter().any(|x| x["id"] == *v))
        .expect("an offline voice (flite or espeak-ng) is installed");
    println!("\n== Generation, offline (voice {voice}) ==");
    speech(&client, &base, dir.path(), voice).await;
    cover(&client, &base, dir.path()).await;
    icons(&client, &base, voice).await;
}

async fn speech(client: &Client, base: &str, dir: &std::path::Path, voice: &str) {
    let card = new_card(client, base, "Speech bench").await;
    let halves = thousand_words();
    let started = Instant::now();
    for (i, text) in halves.iter().enumerate() {
        let r = client
            .post(format!("{base}/api/cards/{card}/tracks/tts"))
            .json(&json!({"text": text, "voice": voice, "title": format!("Part {}", i + 1)}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    }
    let ours = started.elapsed();
    let started = Instant::now();
    for (i, text) in halves.iter().enumerate() {
        plain_engine(voice, text, &dir.join(format!("plain-{i}.wav")));
    }
    let plain = started.elapsed();
    println!(
        "speak 1,000 words: Cardsmith {:.2} s (synthesis and the track's upload path; the AAC \
         transcode runs afterwards as a job), plain engine {:.2} s, ratio {:.2}x",
        ours.as_secs_f64(),
        plain.as_secs_f64(),
        ours.as_secs_f64() / plain.as_secs_f64()
    );
}

/// The engine behind `voice`, run directly on `text` into `out`.
fn plain_engine(voice: &str, text: &str, out: &std::path::Path) {
    let (engine, name) = voice.split_once(':').unwrap();
    let txt = out.with_extension("txt");
    std::fs::write(&txt, text).unwrap();
    let status = match engine {
        "flite" => std::process::Command::new("flite")
            .args(["-voice", name, "-f"])
            .arg(&txt)
            .arg("-o")
            .arg(out)
            .status(),
        _ => std::process::Command::new("espeak-ng")
            .args(["-v", name, "-f"])
            .arg(&txt)
            .arg("-w")
            .arg(out)
            .status(),
    };
    assert!(status.unwrap().success());
}

async fn cover(client: &Client, base: &str, dir: &std::path::Path) {
    const RUNS: u32 = 5;
    let card = new_card(client, base, "Cover bench").await;
    let started = Instant::now();
    for i in 0..RUNS {
        let r = client
            .post(format!("{base}/api/cards/{card}/cover/generate"))
            .json(&json!({"prompt": format!("a fox under the moon by the sea, take {i}")}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
    let ours = started.elapsed() / RUNS;
    let started = Instant::now();
    for i in 0..RUNS {
        let out = dir.join(format!("gradient-{i}.png"));
        let status = std::process::Command::new("ffmpeg")
            .args(["-v", "error", "-y", "-f", "lavfi", "-i"])
            .arg(format!("gradients=s=638x1011:seed={i}"))
            .args(["-frames:v", "1"])
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
    }
    let reference = started.elapsed() / RUNS;
    println!(
        "generate a cover (638x1011 PNG, drawn): Cardsmith {} per cover, ffmpeg gradient PNG \
         of the same size {} (includes process start), ratio {:.2}x",
        ms(ours),
        ms(reference),
        ours.as_secs_f64() / reference.as_secs_f64()
    );
}

async fn icons(client: &Client, base: &str, voice: &str) {
    let card = new_card(client, base, "Icon bench").await;
    const TITLES: [&str; 20] = [
        "The Moon",
        "A Red Car",
        "The Sleepy Cat",
        "Rain",
        "The Big Tree",
        "A Boat Trip",
        "The Dragon",
        "Birthday Cake",
        "The Train",
        "Snow Day",
        "The Owl",
        "Music Time",
        "The Castle",
        "A Rocket",
        "The Fish",
        "Flowers",
        "The Dog",
        "A Star",
        "The House",
        "Good Night",
    ];
    for title in TITLES {
        let r = client
            .post(format!("{base}/api/cards/{card}/tracks/tts"))
            .json(&json!({"text": title, "voice": voice, "title": title}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    }
    let started = Instant::now();
    let r = client
        .post(format!("{base}/api/cards/{card}/icons/generate"))
        .send()
        .await
        .unwrap();
    let took = started.elapsed();
    let body: Value = r.json().await.unwrap();
    println!(
        "generate icons for 20 chapters (keyword-matched pixel glyphs, 16x16 PNG): Cardsmith {} \
         for {} icons ({} per icon)",
        ms(took),
        body["generated"],
        ms(took / body["generated"].as_u64().unwrap_or(1).max(1) as u32)
    );
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
