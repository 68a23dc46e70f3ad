//! What the benchmarks share: a Cardsmith server (in this process, or the release binary as
//! a child process — [`processes`]), the nginx reference ([`processes`]), an object store
//! ([`garage`], the API tests' own), the load generator ([`load`]), resident-memory readings
//! ([`memory`]), the hydrate bundle's sizes ([`bundle`]), and the fixtures every bench starts
//! from: a signed-in client, a card, a 10-minute MP3, a recording sent in chunks.
// each bench uses a part of the shared helpers
#![allow(dead_code)]

pub mod bundle;
/// The API tests' Garage (a real S3-compatible server on loopback, a fresh bucket per
/// call of `media_args`), shared as it is rather than copied.
#[path = "../../tests/api/garage.rs"]
pub mod garage;
pub mod load;
pub mod memory;
pub mod processes;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cardsmith::{Application, Cli};
use clap::Parser;
use reqwest::Client;
use serde_json::{json, Value};

pub const EMAIL: &str = "bench@example.com";
pub const PASSWORD: &str = "benchmark-password";

/// Runs a bench's `run` to its end on a multi-threaded Tokio runtime (a worker per core).
pub fn block_on<F: std::future::Future>(run: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(run)
}

/// Serves Cardsmith from `data` (plus `extra_args`) in this process; answers a signed-in
/// client and the base URL.
pub async fn start_server(data: &Path, extra_args: &[&str]) -> (Client, String) {
    let mut args = vec![
        "cardsmith",
        "serve",
        "--bind",
        "127.0.0.1:0",
        "--data-dir",
        data.to_str().unwrap(),
        "--admin-email",
        EMAIL,
        "--admin-password",
        PASSWORD,
    ];
    args.extend_from_slice(extra_args);
    let config = Cli::parse_from(args).into_config();
    let app = Application::build(&config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(app.serve(listener, std::future::pending()));
    let client = Client::builder().cookie_store(true).build().unwrap();
    sign_in(&client, &base).await;
    (client, base)
}

/// Signs `client` in as the bench's admin; answers the session cookie as a `Cookie` header
/// value (`name=value`), for load generators that cannot sign in themselves.
pub async fn sign_in(client: &Client, base: &str) -> String {
    let r = client
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"email": EMAIL, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok()?.split(';').next())
        .find(|c| c.contains("session"))
        .expect("the sign-in sets a session cookie")
        .to_owned()
}

/// Answers the JSON body of a request that must succeed.
pub async fn json_of(r: reqwest::RequestBuilder) -> Value {
    let r = r.send().await.unwrap();
    let status = r.status();
    assert!(status.is_success(), "{status}: {}", r.text().await.unwrap());
    r.json().await.unwrap()
}

/// The body of a GET of `url` with the extra `headers` (`Name: value`); must be 200 or 206.
pub async fn body(client: &Client, url: &str, headers: &[&str]) -> Vec<u8> {
    let mut request = client.get(url);
    for header in headers {
        let (name, value) = header.split_once(": ").unwrap();
        request = request.header(name, value);
    }
    let r = request.send().await.unwrap();
    assert!(
        matches!(r.status().as_u16(), 200 | 206),
        "{url}: {}",
        r.status()
    );
    r.bytes().await.unwrap().to_vec()
}

/// A new collection called `name`; answers its id.
pub async fn new_collection(client: &Client, base: &str, name: &str) -> String {
    let collection = json_of(
        client
            .post(format!("{base}/api/collections"))
            .json(&json!({"name": name, "description": ""})),
    )
    .await;
    collection["id"].as_str().unwrap().to_owned()
}

/// A new card called `title` in the collection `collection`; answers its slug.
pub async fn new_card_in(client: &Client, base: &str, collection: &str, title: &str) -> String {
    let card = json_of(
        client
            .post(format!("{base}/api/collections/{collection}/cards"))
            .json(&json!({"title": title, "description": ""})),
    )
    .await;
    card["slug"].as_str().unwrap().to_owned()
}

/// A new collection with one card called `title`; answers the card's slug.
pub async fn new_card(client: &Client, base: &str, title: &str) -> String {
    let collection = new_collection(client, base, title).await;
    new_card_in(client, base, &collection, title).await
}

/// Sends `take` to the recording `session` as `chunks` numbered chunks, pausing `pause`
/// after each as a browser's timeslices would.
pub async fn send_take(
    client: &Client,
    base: &str,
    session: &str,
    take: &[u8],
    chunks: usize,
    pause: Duration,
) {
    for (seq, chunk) in take.chunks(take.len().div_ceil(chunks)).enumerate() {
        let r = client
            .post(format!("{base}/api/recording/{session}/chunk?seq={seq}"))
            .header("content-type", "audio/webm;codecs=opus")
            .body(chunk.to_vec())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 204);
        tokio::time::sleep(pause).await;
    }
}

/// Runs ffmpeg quietly with `args`; panics when it fails.
pub fn ffmpeg(args: &[&str]) {
    let ok = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-nostats", "-y"])
        .args(args)
        .status()
        .unwrap();
    assert!(ok.success(), "ffmpeg {args:?}");
}

/// Writes `seconds` of speech-like noise to `dir/name` with the encoder arguments `codec`
/// (e.g. `["-c:a", "libmp3lame", "-b:a", "128k"]`); answers the path.
pub fn noise_file(dir: &Path, name: &str, seconds: u32, codec: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let source = format!("anoisesrc=d={seconds}:c=pink:r=48000:a=0.3,volume=0.8");
    let mut args = vec!["-f", "lavfi", "-i", &source];
    args.extend_from_slice(codec);
    args.push(path.to_str().unwrap());
    ffmpeg(&args);
    path
}

/// The 10-minute MP3 (128 kbps) the transcode and serving figures start from.
pub fn ten_minute_mp3(dir: &Path) -> PathBuf {
    noise_file(
        dir,
        "ten-minutes.mp3",
        600,
        &["-c:a", "libmp3lame", "-b:a", "128k"],
    )
}

/// Seconds plain ffmpeg takes to encode `source` to AAC 128 kbps in `out`, with `options`
/// added (e.g. `-aac_coder fast`, the coder Cardsmith uses): the reference of the transcode
/// (no loudness measurement, no normalisation, no peaks).
pub fn plain_aac_seconds(source: &Path, out: &Path, options: &[&str]) -> f64 {
    let t = Instant::now();
    let mut args = vec![
        "-i",
        source.to_str().unwrap(),
        "-c:a",
        "aac",
        "-b:a",
        "128k",
    ];
    args.extend_from_slice(options);
    args.push(out.to_str().unwrap());
    ffmpeg(&args);
    t.elapsed().as_secs_f64()
}

/// What uploading a file as a track took.
pub struct Upload {
    /// The track's slug.
    pub track: String,
    /// Seconds until the upload was answered.
    pub uploaded_s: f64,
    /// Seconds until the track's transcode was `ready` (from the start of the upload).
    pub ready_s: f64,
}

/// Uploads `file` as a track of `card` and waits until its M4A is ready.
pub async fn upload_until_ready(client: &Client, base: &str, card: &str, file: &Path) -> Upload {
    let bytes = std::fs::read(file).unwrap();
    let name = file.file_name().unwrap().to_str().unwrap().to_owned();
    let t = Instant::now();
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes).file_name(name),
    );
    let track = json_of(
        client
            .post(format!("{base}/api/cards/{card}/tracks"))
            .multipart(form),
    )
    .await;
    let uploaded_s = t.elapsed().as_secs_f64();
    let slug = track["slug"].as_str().unwrap().to_owned();
    loop {
        let t = json_of(client.get(format!("{base}/api/cards/{card}/tracks/{slug}"))).await;
        if t["transcode_status"] == "ready" {
            break;
        }
        assert_ne!(t["transcode_status"], "failed", "{t}");
        // finely, so the figure is the transcode's and not this loop's (a look costs ~1 ms)
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Upload {
        track: slug,
        uploaded_s,
        ready_s: t.elapsed().as_secs_f64(),
    }
}

/// `collections` collections of `per_collection` cards each ("Story 0000", …), made through
/// the API `seeders` requests at a time; answers the cards' slugs in title order.
pub async fn seed_cards(
    client: &Client,
    base: &str,
    collections: usize,
    per_collection: usize,
    seeders: usize,
) -> Vec<String> {
    let mut shelves = Vec::new();
    for c in 0..collections {
        shelves.push(new_collection(client, base, &format!("Shelf {c}")).await);
    }
    let titles: Vec<(String, String)> = (0..collections * per_collection)
        .map(|i| (shelves[i % collections].clone(), format!("Story {i:04}")))
        .collect();
    let mut tasks = Vec::new();
    for part in titles.chunks(titles.len().div_ceil(seeders)) {
        let (client, base, part) = (client.clone(), base.to_owned(), part.to_vec());
        tasks.push(tokio::spawn(async move {
            let mut slugs = Vec::new();
            for (collection, title) in part {
                slugs.push(new_card_in(&client, &base, &collection, &title).await);
            }
            slugs
        }));
    }
    let mut slugs = Vec::new();
    for task in tasks {
        slugs.extend(task.await.unwrap());
    }
    slugs
}
