//! What every benchmark starts with: a release server on a loopback port with its own data
//! directory, a signed-in client, and a card to work on.

use cardsmith::{Application, Cli};
use clap::Parser;
use reqwest::Client;
use serde_json::{json, Value};

const EMAIL: &str = "bench@example.com";
const PASSWORD: &str = "benchmark-password";

/// Serves Cardsmith from `data` (plus `extra_args`) in this process; answers a signed-in
/// client and the base URL.
pub async fn start_server(data: &std::path::Path, extra_args: &[&str]) -> (Client, String) {
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
    let r = client
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"email": EMAIL, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    (client, base)
}

/// A new collection with one card called `title`; answers the card's slug.
pub async fn new_card(client: &Client, base: &str, title: &str) -> String {
    let collection: Value = client
        .post(format!("{base}/api/collections"))
        .json(&json!({"name": title, "description": ""}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let card: Value = client
        .post(format!(
            "{base}/api/collections/{}/cards",
            collection["id"].as_str().unwrap()
        ))
        .json(&json!({"title": title, "description": ""}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    card["slug"].as_str().unwrap().to_owned()
}

/// Sends `take` to the recording `session` as `chunks` numbered chunks, pausing `pause`
/// after each as a browser's timeslices would.
pub async fn send_take(
    client: &Client,
    base: &str,
    session: &str,
    take: &[u8],
    chunks: usize,
    pause: std::time::Duration,
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
        .args(["-hide_banner", "-loglevel", "error", "-y"])
        .args(args)
        .status()
        .unwrap();
    assert!(ok.success(), "ffmpeg {args:?}");
}
