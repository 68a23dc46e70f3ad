//! Fairness on a quiet server: how long a trim takes alone, how long one 60-second upload
//! takes alone, and how long the same trim takes when another parent queued twenty 60-second
//! uploads just before it. With users in turn it waits for the jobs already running, not
//! for the twenty: the target is at most 1.5 × its time alone plus one upload's.

use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::json;

use super::common::{json_of, new_card_in};
use super::parent::{Fixtures, Parent};

pub async fn fairness(a: &Parent, b: &Parent, fixtures: &Fixtures) {
    let (bytes, _) = fixtures
        .files
        .iter()
        .find(|(_, s)| *s == 60.0)
        .expect("a 60-second file")
        .clone();
    let base = &b.base;
    let b_card = new_card_in(&b.client, base, &b.collection, "Fair trims").await;
    let t = Instant::now();
    let track = upload(&b.client, base, &b_card, &bytes).await;
    ready(&b.client, base, &b_card, &track).await;
    let upload_alone = t.elapsed();
    let trim_alone = trim(&b.client, base, &b_card, &track, 57.0).await;

    let a_card = new_card_in(&a.client, base, &a.collection, "Twenty uploads").await;
    let t = Instant::now();
    let mut burst = Vec::new();
    for _ in 0..20 {
        burst.push(upload(&a.client, base, &a_card, &bytes).await);
    }
    let queued_in = t.elapsed();
    let trim_busy = trim(&b.client, base, &b_card, &track, 54.0).await;
    for slug in &burst {
        ready(&a.client, base, &a_card, slug).await;
    }
    let burst_done = t.elapsed();
    let bound = trim_alone.mul_f64(1.5) + upload_alone;
    println!(
        "a trim of a 60-second track alone:            {:.2} s",
        trim_alone.as_secs_f64()
    );
    println!(
        "a 60-second upload alone, to ready:           {:.2} s",
        upload_alone.as_secs_f64()
    );
    println!(
        "the trim just after another parent queued 20 uploads (in {:.1} s): {:.2} s \
         (target ≤ 1.5 × alone + one upload = {:.2} s); the 20 were ready after {:.1} s",
        queued_in.as_secs_f64(),
        trim_busy.as_secs_f64(),
        bound.as_secs_f64(),
        burst_done.as_secs_f64()
    );
}

async fn upload(client: &Client, base: &str, card: &str, bytes: &[u8]) -> String {
    let part = reqwest::multipart::Part::bytes(bytes.to_vec()).file_name("story.mp3");
    let form = reqwest::multipart::Form::new().part("file", part);
    let url = format!("{base}/api/cards/{card}/tracks");
    json_of(client.post(url).multipart(form)).await["slug"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn ready(client: &Client, base: &str, card: &str, slug: &str) {
    let url = format!("{base}/api/cards/{card}/tracks/{slug}");
    loop {
        let track = json_of(client.get(&url)).await;
        match track["transcode_status"].as_str() {
            Some("ready") => return,
            Some("failed") => panic!("the upload failed: {track}"),
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
}

/// Trims the track to `[1, end]` and waits for the job: answers submit → done.
async fn trim(client: &Client, base: &str, card: &str, slug: &str, end: f64) -> Duration {
    let t = Instant::now();
    let url = format!("{base}/api/cards/{card}/tracks/{slug}/trim");
    let job = json_of(client.post(url).json(&json!({"start": 1.0, "end": end}))).await;
    let url = format!("{base}/api/jobs/{}", job["job_id"].as_str().unwrap());
    loop {
        let job = json_of(client.get(&url)).await;
        match job["status"].as_str() {
            Some("succeeded") => return t.elapsed(),
            Some("failed" | "cancelled") => panic!("the trim failed: {job}"),
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
}
