//! The soak: many parents at once for minutes, against the release binary on loopback. Run
//! with `scripts/bench soak` (part of `make bench`); figures are printed, never asserted.
//!
//! `CARDSMITH_SOAK_PARENTS` parents (default 50) act for `CARDSMITH_SOAK_MINUTES` (default 10)
//! with think times of 1–5 s ([`parent`]): reads, renames, new cards, uploads of 5–60 s files,
//! recordings sent in chunks at real-time pace, trims, Range reads of audio, reorders,
//! publishing to the demo platform, sign-ins. The report gives each operation's p50/p95/p99
//! beside its target, the errors, the job queue and memory over time, the CPU of the server
//! and of its children, and what was lost: every track made is checked at the end for being
//! ready with the length it must have, every publish for having succeeded.
//!
//! Then, on the drained server, fairness: a trim alone, an upload alone, and the same trim
//! asked for just after another parent queued twenty uploads.
//!
//! `CARDSMITH_SOAK_BUSY=N` runs N busy loops beside it all (another build on the machine).

#[path = "../common/mod.rs"]
mod common;
mod fairness;
mod parent;
mod stats;
mod watch;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::processes::CardsmithProcess;
use common::{json_of, noise_file};
use parent::{Fixtures, Parent};
use reqwest::Client;
use serde_json::{json, Value};
use stats::Recorder;

const PASSWORD: &str = "soak-parent-password";

fn main() {
    common::block_on(run());
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

async fn run() {
    let parents = setting("CARDSMITH_SOAK_PARENTS", 50) as usize;
    let minutes = setting("CARDSMITH_SOAK_MINUTES", 10);
    let busy = setting("CARDSMITH_SOAK_BUSY", 0) as usize;
    let dir = tempfile::tempdir().unwrap();
    println!("making the parents' audio (MP3s of 5–60 s, a 20-second take in WebM)…");
    let fixtures = Arc::new(fixtures(dir.path()));
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    // the parents all come from 127.0.0.1: the per-address sign-in limit is for one home
    let flags = ["--demo-upstream", "--login-attempts-per-address", "100000"];
    let server = CardsmithProcess::start_with(&data, &flags).await;
    let base = server.base.clone();
    let recorder = Arc::new(Recorder::default());

    println!("signing in {parents} parents, each with a collection, a card and a linked player…");
    let mut family = Vec::new();
    for i in 0..parents {
        family.push(new_parent(&server, i, fixtures.clone(), recorder.clone()).await);
    }

    let _busy = common::processes::BusyLoops::start(busy);
    println!(
        "\n== soak: {parents} parents for {minutes} min (think 1–5 s), release server, SQLite, local media{}",
        if busy > 0 {
            format!(", beside {busy} busy loops (a machine shared with other work)")
        } else {
            String::new()
        }
    );
    let started = Instant::now();
    let end = started + Duration::from_secs(minutes * 60);
    // what is still processing when the parents stop gets five more minutes
    let drain_until = end + Duration::from_secs(300);
    let cpu_before = watch::cpu_seconds(server.pid());
    let bench_before = watch::cpu_seconds(std::process::id());
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = tokio::spawn(watch::watch(
        server.client.clone(),
        base.clone(),
        server.pid(),
        Duration::from_secs(5),
        stop.clone(),
    ));
    let tasks: Vec<_> = family
        .into_iter()
        .map(|mut p| {
            tokio::spawn(async move {
                p.run(end, drain_until).await;
                p
            })
        })
        .collect();
    let mut family = Vec::new();
    for t in tasks {
        family.push(t.await.unwrap());
    }
    let wall = started.elapsed();
    let cpu_after = watch::cpu_seconds(server.pid());
    let bench_after = watch::cpu_seconds(std::process::id());
    stop.store(true, Ordering::Relaxed);
    let samples = sampler.await.unwrap();

    println!(
        "{} requests in {:.0} s ({:.1} a second; the parents acted for {minutes} min, then waited for their work), {} errors",
        recorder.requests(),
        wall.as_secs_f64(),
        recorder.requests() as f64 / wall.as_secs_f64(),
        recorder.errors(),
    );
    recorder.print();
    let (own, children) = (cpu_after.0 - cpu_before.0, cpu_after.1 - cpu_before.1);
    println!(
        "CPU: the server {:.2} cores, its children (ffmpeg, speech engines) {:.2} cores; \
         the parents (this process, on the same cores) {:.2} cores",
        own / wall.as_secs_f64(),
        children / wall.as_secs_f64(),
        (bench_after.0 - bench_before.0) / wall.as_secs_f64(),
    );
    println!("\n== the job queue and memory over the soak (every 30 s)");
    watch::print(&samples, 6);
    watch::print_job_runs(&server.client, &base).await;
    println!("\n== what was made, checked at the end");
    check(&server, &family).await;
    drop(_busy);
    println!("\n== fairness, on the drained server");
    fairness::fairness(&family[0], &family[family.len().min(2) - 1], &fixtures).await;
}

/// 5, 15, 30 and 60-second MP3s (128 kbps) and a 20-second take (Opus in WebM).
fn fixtures(dir: &Path) -> Fixtures {
    let mp3 = ["-c:a", "libmp3lame", "-b:a", "128k"];
    let files = [5u32, 15, 30, 60]
        .iter()
        .map(|&s| {
            let path = noise_file(dir, &format!("{s}s.mp3"), s, &mp3);
            (Arc::new(std::fs::read(path).unwrap()), f64::from(s))
        })
        .collect();
    let webm = ["-c:a", "libopus", "-b:a", "48k", "-f", "webm"];
    let take = noise_file(dir, "take.webm", 20, &webm);
    Fixtures {
        files,
        take: Arc::new(std::fs::read(take).unwrap()),
        take_seconds: 20.0,
    }
}

/// Parent `i`: an account the admin makes, signed in on a client of its own, with a
/// collection, a card, and the demo platform's account linked.
async fn new_parent(
    server: &CardsmithProcess,
    i: usize,
    fixtures: Arc<Fixtures>,
    recorder: Arc<Recorder>,
) -> Parent {
    let base = &server.base;
    let email = format!("parent-{i}@example.com");
    json_of(server.client.post(format!("{base}/api/admin/users")).json(&json!({
        "email": email, "password": PASSWORD, "role": "user", "display_name": format!("Parent {i}")
    })))
    .await;
    let client = Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let login = json!({"email": email, "password": PASSWORD});
    json_of(client.post(format!("{base}/api/auth/login")).json(&login)).await;
    let collection = json_of(
        client
            .post(format!("{base}/api/collections"))
            .json(&json!({"name": format!("Family {i}"), "description": ""})),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let card = common::new_card_in(&client, base, &collection, "Bedtime").await;
    let mut parent = Parent::new(
        client,
        base,
        i as u64 + 1,
        email,
        PASSWORD.to_owned(),
        collection,
        card,
        fixtures,
        recorder,
    );
    parent.account = Some(link(&parent.client, base).await);
    parent
}

/// Links the demo platform's family account: Cardsmith sends the browser to the platform's
/// authorize page, which approves at once and sends it back to the callback.
async fn link(client: &Client, base: &str) -> String {
    let r = client
        .get(format!("{base}/api/player-accounts/link"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 204, "linking starts");
    let authorize = r.headers()["location"].to_str().unwrap().to_owned();
    let r = client.get(authorize).send().await.unwrap();
    assert!(
        r.status().is_redirection(),
        "the platform approves: {}",
        r.status()
    );
    let back = r.headers()["location"].to_str().unwrap().to_owned();
    let back = if back.starts_with("http") {
        back
    } else {
        format!("{base}{back}")
    };
    let r = client.get(back).send().await.unwrap();
    assert_eq!(r.status(), 204, "the callback links");
    let accounts = json_of(client.get(format!("{base}/api/player-accounts"))).await;
    accounts["accounts"][0]["id"].as_str().unwrap().to_owned()
}

/// Every track a parent made is there, ready, with the length it must have (a trim's two
/// seconds off); every publish succeeded. What is not is lost, and said.
async fn check(server: &CardsmithProcess, family: &[Parent]) {
    let (mut tracks, mut lost, mut late) = (0, Vec::new(), 0);
    for p in family {
        late += p.still_waiting();
        for m in &p.made {
            tracks += 1;
            let url = format!("{}/api/cards/{}/tracks/{}", server.base, m.card, m.slug);
            let track: Value = match p.client.get(url).send().await {
                Ok(r) if r.status() == 200 => r.json().await.unwrap_or_default(),
                Ok(r) => {
                    lost.push(format!("{} ({}): {}", m.slug, m.how, r.status()));
                    continue;
                }
                Err(e) => {
                    lost.push(format!("{} ({}): {e}", m.slug, m.how));
                    continue;
                }
            };
            let seconds = track["duration"].as_f64().unwrap_or(-1.0);
            if track["transcode_status"] != "ready" || (seconds - m.seconds).abs() > 1.5 {
                lost.push(format!(
                    "{} ({}): {} at {seconds} s, expected {} s",
                    m.slug, m.how, track["transcode_status"], m.seconds
                ));
            }
        }
    }
    let publishes: Vec<&(String, bool)> = family.iter().flat_map(|p| &p.publishes).collect();
    let published = publishes.iter().filter(|(_, ok)| *ok).count();
    let count = |how: &str| {
        family
            .iter()
            .flat_map(|p| &p.made)
            .filter(|m| m.how == how)
            .count()
    };
    println!(
        "{tracks} tracks ({} uploads, {} recordings, {} trimmed last), {published} of {} publishes done; \
         {} lost or wrong, {late} still processing after the drain",
        count("upload"),
        count("recording"),
        count("trim"),
        publishes.len(),
        lost.len()
    );
    for l in lost.iter().take(10) {
        println!("  lost: {l}");
    }
}
