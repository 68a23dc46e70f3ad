//! Hardening of imports from the player platform: downloads the platform's answers name must
//! be at public addresses (or private ones when allowed) and within the audio limit, and the
//! OAuth callback's code and state stay out of the logs.

use std::time::Duration;

use serde_json::{json, Value};

use crate::import::import_card;
use crate::player_accounts::link_account;
use crate::support::audio_fixtures::tone;
use crate::support::helpers::{png_bytes, spawn_app_with};

/// A user-made card of the simulated account whose answers point the cover and, optionally,
/// the audio at `elsewhere` (the same simulator under another name, or any address).
fn card_pointing_at(
    sim: &cardsmith_upstream_sim::SimHandle,
    title: &str,
    audio_url: Option<&str>,
) -> String {
    let audio = sim.seed_audio(&std::fs::read(tone(1, "m4a")).unwrap());
    let mut card = cardsmith_upstream_sim::seed::user_made_card(title, 1, &audio);
    // the platform's own cover URL, under a name that is not the configured platform host
    let cover = sim
        .seed_cover(&png_bytes(64, 64), "image/png")
        .replace("127.0.0.1", "localhost");
    card["metadata"]["cover"] = json!({ "imageL": cover });
    if let Some(url) = audio_url {
        card["content"]["chapters"][0]["tracks"][0]["trackUrl"] = json!(url);
    }
    sim.seed_card(&sim.default_user(), card).unwrap()
}

/// Files the platform's answers name outside its configured host must be at public addresses:
/// a cover on a loopback name is left out, audio at the cloud metadata address or a private
/// host fails the import with a reason (without the URL); the platform's own host is fine.
#[tokio::test]
async fn platform_downloads_elsewhere_must_be_public() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;

    let covered = card_pointing_at(&sim, "Loopback cover", None);
    let (slug, done) = import_card(&admin, &account, &covered).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["track_count"], 1, "audio from the platform's own host");
    assert!(
        card["cover_hash"].is_null(),
        "the loopback cover was refused"
    );

    let port = sim.api_url().port().unwrap();
    for url in [
        "http://169.254.169.254/latest/meta-data/iam?X-Amz-Signature=SECRET1".to_owned(),
        format!("http://localhost:{port}/secret-audio?X-Amz-Signature=SECRET2"),
        "http://[64:ff9b::7f00:1]/audio?X-Amz-Signature=SECRET3".to_owned(),
    ] {
        let sneaky = card_pointing_at(&sim, "Sneaky audio", Some(&url));
        let (_, done) = import_card(&admin, &account, &sneaky).await;
        assert_eq!(done["status"], "failed", "{url}: {done}");
        let error = done["error"].as_str().unwrap();
        assert!(error.contains("private network"), "{error}");
        assert!(!error.contains("SECRET"), "no signed query in {error}");
    }
}

/// With private addresses allowed (as for streams), the same cover comes along; and audio
/// larger than the audio limit is refused while it streams in.
#[tokio::test]
async fn platform_downloads_follow_the_private_address_setting_and_the_audio_limit() {
    let app = spawn_app_with(&["--demo-upstream", "--allow-private-streams"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let covered = card_pointing_at(&sim, "Loopback cover", None);
    let (slug, done) = import_card(&admin, &account, &covered).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert!(card["cover_hash"].is_string(), "{card}");

    let app = spawn_app_with(&["--demo-upstream", "--max-audio-bytes", "2000"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let big = card_pointing_at(&sim, "Too big", None);
    let (_, done) = import_card(&admin, &account, &big).await;
    assert_eq!(done["status"], "failed", "{done}");
    let error = done["error"].as_str().unwrap();
    assert!(error.contains("2000 bytes"), "{error}");
    let leftovers: Vec<_> = std::fs::read_dir(app.core.settings.data_dir.join("tmp"))
        .map(|d| d.flatten().collect())
        .unwrap_or_default();
    assert!(
        leftovers.is_empty(),
        "the partial download was removed: {leftovers:?}"
    );
}

/// The request log of the real binary (every level on) names the path of the OAuth
/// callback, never its code and state.
#[tokio::test]
async fn the_oauth_callback_query_stays_out_of_the_logs() {
    let data = tempfile::tempdir().unwrap();
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut server = tokio::process::Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--data-dir",
        ])
        .arg(data.path())
        .args([
            "--admin-email",
            crate::support::helpers::ADMIN_EMAIL,
            "--admin-password",
            crate::support::helpers::ADMIN_PASSWORD,
            "--leptos-toml",
            "../Leptos.toml",
            "--demo-upstream",
            "--demo-bare",
        ])
        .env("RUST_LOG", "trace")
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    // drain both pipes while the server runs: trace logging fills a pipe's buffer long before
    // the server exits, and a server blocked on writing its log never answers
    let drain = |pipe: Option<Box<dyn tokio::io::AsyncRead + Unpin + Send>>| {
        tokio::spawn(async move {
            let mut text = Vec::new();
            if let Some(mut pipe) = pipe {
                tokio::io::AsyncReadExt::read_to_end(&mut pipe, &mut text)
                    .await
                    .unwrap();
            }
            text
        })
    };
    let stdout = drain(server.stdout.take().map(|p| Box::new(p) as _));
    let stderr = drain(server.stderr.take().map(|p| Box::new(p) as _));
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..600 {
        if client
            .get(format!("{base}/health"))
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "the server did not start");
    let r = client
        .get(format!(
            "{base}/api/player-accounts/callback?code=SECRET-CODE-4711&state=SECRET-STATE-0815"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422, "an unknown state");
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.start_kill().unwrap();
    server.wait().await.unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&stdout.await.unwrap()),
        String::from_utf8_lossy(&stderr.await.unwrap())
    );
    assert!(
        text.contains("/api/player-accounts/callback"),
        "the request was logged"
    );
    assert!(
        !text.contains("SECRET-CODE") && !text.contains("SECRET-STATE"),
        "the code or state was logged"
    );
}
