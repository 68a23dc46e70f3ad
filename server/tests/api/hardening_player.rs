//! Hardening (issue 10): revoked access takes links away, relinking works without a restart,
//! jobs survive panics and missing configuration, unknown devices are 404, platform downloads
//! are guarded and capped, publish requests name each account once.

use std::time::Duration;

use cardsmith_upstream_sim::DeviceSeed;
use serde_json::{json, Value};

use crate::audio_fixtures::{card_for, tone, upload_track, wait_job, wait_settled};
use crate::helpers::{assert_problem, png_bytes, pointers, spawn_app, spawn_app_with, User};
use crate::player_accounts::link_account;

/// The ids of the cards `user` sees in a collection.
async fn cards_in(user: &User, collection_id: &str) -> Vec<String> {
    let r = user
        .get(&format!("/api/collections/{collection_id}/cards"))
        .await;
    if r.status() != 200 {
        return Vec::new();
    }
    let cards: Vec<Value> = r.json().await.unwrap();
    cards
        .iter()
        .map(|c| c["slug"].as_str().unwrap().to_owned())
        .collect()
}

async fn link(user: &User, collection_id: &str, card: &str) -> reqwest::Response {
    user.post_json(
        &format!("/api/collections/{collection_id}/cards/link"),
        &json!({ "card_id": card }),
    )
    .await
}

async fn set_role(owner: &User, collection_id: &str, user_id: &str, role: &str) {
    let r = owner
        .put_json(
            &format!("/api/collections/{collection_id}/members/{user_id}"),
            &json!({ "role": role }),
        )
        .await;
    assert_eq!(r.status(), 204, "setting role {role}");
}

/// A viewer cannot pass a shared card on; an editor can, and the link lasts exactly as long as
/// they stay an editor of the card's home (removed, demoted or leaving ends it).
#[tokio::test]
async fn links_end_when_their_maker_loses_editor_in_the_home() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let (member, member_id) = app.new_user("member@example.com", "user").await;
    let (friend, _) = app.new_user("friend@example.com", "user").await;
    let family = owner.create_collection("Family").await;
    let family_id = family["id"].as_str().unwrap();
    let card = owner.create_card(family_id, "Shared Tale").await;
    let slug = card["slug"].as_str().unwrap();
    let shelf = member.create_collection("Member shelf").await;
    let shelf_id = shelf["id"].as_str().unwrap();
    // the friend sees the member's shelf (so anything linked into it)
    assert_eq!(
        member
            .add_member(shelf_id, "friend@example.com", "viewer")
            .await
            .status(),
        204
    );
    let theirs = friend.create_collection("Friend shelf").await;
    let theirs_id = theirs["id"].as_str().unwrap();

    // a viewer of the home sees the card but may not link it anywhere
    assert_eq!(
        owner
            .add_member(family_id, "member@example.com", "viewer")
            .await
            .status(),
        204
    );
    assert_eq!(
        member.get(&format!("/api/cards/{slug}")).await.status(),
        200
    );
    let refused = assert_problem(link(&member, shelf_id, slug).await, 403).await;
    assert!(
        refused["detail"].as_str().unwrap().contains("home"),
        "{refused}"
    );
    assert!(cards_in(&member, shelf_id).await.is_empty());
    // cards and collections the caller cannot see stay hidden (404)
    assert_problem(link(&member, shelf_id, "no-such-card").await, 404).await;
    assert_problem(link(&member, family_id, slug).await, 403).await;
    assert_problem(link(&friend, theirs_id, slug).await, 404).await;

    // as an editor of the home the member links it into their own shelf
    set_role(&owner, family_id, &member_id, "editor").await;
    assert_eq!(link(&member, shelf_id, slug).await.status(), 204);
    assert_eq!(cards_in(&member, shelf_id).await, vec![slug.to_owned()]);
    // the friend sees it through the link, read-only, and cannot pass it on either
    let seen: Value = friend.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(seen["viewer_role"], "viewer");
    let refused = assert_problem(link(&friend, theirs_id, slug).await, 403).await;
    assert!(
        refused["detail"].as_str().unwrap().contains("link"),
        "{refused}"
    );

    // removed from the home: the link goes, and the card with it
    assert_eq!(
        owner
            .delete(&format!("/api/collections/{family_id}/members/{member_id}"))
            .await
            .status(),
        204
    );
    assert!(cards_in(&member, shelf_id).await.is_empty());
    assert_problem(member.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_problem(friend.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_problem(link(&member, shelf_id, slug).await, 404).await;
    let shelf_now: Value = member
        .get_json(&format!("/api/collections/{shelf_id}"))
        .await;
    assert_eq!(shelf_now["card_count"], 0);

    // granted again: linking works again
    assert_eq!(
        owner
            .add_member(family_id, "member@example.com", "editor")
            .await
            .status(),
        204
    );
    assert_eq!(link(&member, shelf_id, slug).await.status(), 204);
    assert_eq!(cards_in(&member, shelf_id).await, vec![slug.to_owned()]);

    // demoted to viewer: the link goes, the member still sees the card in its home
    set_role(&owner, family_id, &member_id, "viewer").await;
    assert!(cards_in(&member, shelf_id).await.is_empty());
    assert_problem(friend.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_eq!(
        member.get(&format!("/api/cards/{slug}")).await.status(),
        200
    );

    // leaving ends the member's links too, but not somebody else's
    set_role(&owner, family_id, &member_id, "editor").await;
    assert_eq!(link(&member, shelf_id, slug).await.status(), 204);
    let other = owner.create_collection("Owner shelf").await;
    let other_id = other["id"].as_str().unwrap();
    assert_eq!(link(&owner, other_id, slug).await.status(), 204);
    assert_eq!(
        member
            .delete(&format!("/api/collections/{family_id}/members/{member_id}"))
            .await
            .status(),
        204
    );
    assert!(cards_in(&member, shelf_id).await.is_empty());
    assert_problem(member.get(&format!("/api/cards/{slug}")).await, 404).await;
    assert_eq!(cards_in(&owner, other_id).await, vec![slug.to_owned()]);
}

/// Linking again after the platform refused the saved sign-in works at once: the cached,
/// dead session is replaced, no restart needed, and the account stays linked.
#[tokio::test]
async fn linking_again_revives_the_account_without_a_restart() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let device = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Kitchen"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    // (no snapshot of the player yet, so its info cannot fall back to one)
    let info = format!("/api/devices/{account}/{device}/info");

    sim.revoke_refresh_tokens();
    sim.expire_access_tokens();
    assert_problem(admin.get(&info).await, 409).await;
    let list: Value = admin.get_json("/api/player-accounts").await;
    assert_eq!(list["accounts"][0]["status"], "needs_relink");

    assert_eq!(
        link_account(&app, &admin).await,
        account,
        "the same account"
    );
    let live: Value = admin.get_json(&info).await;
    assert_eq!(live["name"], "Kitchen");
    assert_eq!(live["cached"], false);
    for _ in 0..2 {
        let devices: Value = admin.get_json("/api/devices").await;
        assert_eq!(devices["unreachable_accounts"], json!([]), "{devices}");
        let list: Value = admin.get_json("/api/player-accounts").await;
        assert_eq!(list["accounts"][0]["status"], "linked", "{list}");
        assert!(list["accounts"][0]["status_detail"].is_null());
    }
}

/// The status of the publish records of `card`.
async fn publish_status(user: &User, card: &str) -> Value {
    user.get_json(&format!("/api/cards/{card}/publish-status"))
        .await
}

/// Publish jobs queued while the platform was configured, run after a restart without it:
/// each fails with a reason (no panic), one after the other in the same worker, and other
/// work still runs.
#[tokio::test]
async fn queued_publish_jobs_fail_with_a_reason_after_a_restart_without_the_platform() {
    let app = spawn_app_with(&["--demo-upstream", "--job-lease-secs", "2"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let collection = admin.create_collection("Restart shelf").await;
    let collection_id = collection["id"].as_str().unwrap();
    let mut slugs = Vec::new();
    for title in ["Before Restart", "Queued Behind"] {
        let card = admin.create_card(collection_id, title).await;
        let slug = card["slug"].as_str().unwrap().to_owned();
        let track = upload_track(&admin, &slug, &tone(1, "mp3")).await;
        wait_settled(&admin, &slug, track["slug"].as_str().unwrap()).await;
        slugs.push(slug);
    }
    // one publish at a time: the first job hangs on the platform, the second waits behind it
    sim.add_fault(
        cardsmith_upstream_sim::Fault::delay(1, Duration::from_secs(300))
            .on_path("/media/transcode/audio/uploadUrl"),
    );
    let out = admin
        .post_for_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": slugs, "collection_id": collection_id}),
        )
        .await;
    let jobs: Vec<String> = out["plan"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["job_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(jobs.len(), 2, "{out}");
    loop {
        let states: Vec<Value> = job_states(&admin, &jobs).await;
        if states.contains(&json!("running")) && states.contains(&json!("queued")) {
            break;
        }
        assert!(
            states.iter().all(|s| s == "running" || s == "queued"),
            "{states:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let app = app.restart_with(&["--job-lease-secs", "2"]).await;
    let admin = app.admin().await;
    for job in &jobs {
        let done = wait_job(&admin, job).await;
        assert_eq!(done["status"], "failed", "{done}");
        let error = done["error"].as_str().unwrap();
        assert!(
            error.contains("no longer connected to the player platform"),
            "{error}"
        );
    }
    for slug in &slugs {
        let status = publish_status(&admin, slug).await;
        let record = &status[0];
        assert_eq!(record["status"], "failed", "{status}");
        assert!(record["error"]
            .as_str()
            .unwrap()
            .contains("no longer connected"));
    }
    // the workers are alive: new work is done
    let card = card_for(&admin, "After Restart").await;
    let track = upload_track(&admin, &card, &tone(1, "mp3")).await;
    let settled = wait_settled(&admin, &card, track["slug"].as_str().unwrap()).await;
    assert_eq!(settled["transcode_status"], "ready");
}

async fn job_states(user: &User, jobs: &[String]) -> Vec<Value> {
    let mut states = Vec::new();
    for job in jobs {
        let j: Value = user.get_json(&format!("/api/jobs/{job}")).await;
        states.push(j["status"].clone());
    }
    states
}

/// The cards a player can play are asked for by a player of the account: another id is 404.
#[tokio::test]
async fn published_cards_of_an_unknown_player_are_404() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let device = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Den"))
        .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let known: Value = admin
        .get_json(&format!("/api/devices/{account}/{device}/published"))
        .await;
    assert_eq!(known["cards"], json!([]));
    let problem = assert_problem(
        admin
            .get(&format!("/api/devices/{account}/no-such-player/published"))
            .await,
        404,
    )
    .await;
    assert!(problem["detail"].as_str().unwrap().contains("player"));
    assert_problem(
        admin
            .get(&format!("/api/devices/no-such-account/{device}/published"))
            .await,
        404,
    )
    .await;
    // the OpenAPI document says so
    let spec = admin.get("/openapi.yaml").await.text().await.unwrap();
    let published = spec
        .split("\n  /devices/{accountID}/{deviceID}/published:")
        .nth(1)
        .expect("the operation is documented");
    let operation = published.split("\n  /").next().unwrap();
    assert!(operation.contains("'404'"), "{operation}");
}

/// Naming an account twice in one publish is refused before anything is queued.
#[tokio::test]
async fn a_publish_naming_an_account_twice_is_refused() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let collection = admin.create_collection("Twice shelf").await;
    let collection_id = collection["id"].as_str().unwrap();
    let card = admin.create_card(collection_id, "Twice").await;
    let problem = assert_problem(
        admin
            .post_json(
                "/api/publish",
                &json!({
                    "account_ids": [account, account],
                    "card_slugs": [card["slug"]],
                    "collection_id": collection_id,
                }),
            )
            .await,
        422,
    )
    .await;
    assert_eq!(pointers(&problem), vec!["/account_ids/1"]);
    let jobs: Value = admin.get_json("/api/jobs").await;
    assert_eq!(jobs, json!([]), "nothing was queued");
}

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

async fn import(user: &User, account: &str, player_card: &str) -> (String, Value) {
    let r = user
        .post_json(
            "/api/cards/import-from-player",
            &json!({"account_id": account, "player_card_id": player_card}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let started: Value = r.json().await.unwrap();
    let done = wait_job(user, started["job_id"].as_str().unwrap()).await;
    (started["card_slug"].as_str().unwrap().to_owned(), done)
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
    let (slug, done) = import(&admin, &account, &covered).await;
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
        let (_, done) = import(&admin, &account, &sneaky).await;
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
    let (slug, done) = import(&admin, &account, &covered).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert!(card["cover_hash"].is_string(), "{card}");

    let app = spawn_app_with(&["--demo-upstream", "--max-audio-bytes", "2000"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let big = card_pointing_at(&sim, "Too big", None);
    let (_, done) = import(&admin, &account, &big).await;
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
            crate::helpers::ADMIN_EMAIL,
            "--admin-password",
            crate::helpers::ADMIN_PASSWORD,
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
    let output = server.wait_with_output().await.unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
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
