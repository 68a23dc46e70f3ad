//! Publishing to the simulator: the plan, uploads only of what changed (audio, icons, cover),
//! the card document the platform gets, records and verify; refusals, and queued publishes
//! after a restart without the platform.

use std::time::Duration;

use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::support::audio_fixtures::{card_for, tone, wait_job, wait_settled};
use crate::support::helpers::{
    assert_problem, png_bytes, pointers, spawn_app_with, upload_ready_track, User,
};

/// The bytes the platform serves for a chapter icon reference `yoto:#<mediaId>`.
pub async fn remote_icon(sim: &cardsmith_upstream_sim::SimHandle, icon_ref: &str) -> Vec<u8> {
    let media_id = icon_ref.strip_prefix("yoto:#").expect("an icon reference");
    let url = sim
        .api_url()
        .join(&format!("card-content/yoto/{media_id}"))
        .unwrap();
    let r = reqwest::get(url).await.unwrap();
    assert_eq!(r.status(), 200);
    r.bytes().await.unwrap().to_vec()
}

/// Bytes of `path` of the app (e.g. an icon).
pub async fn local_bytes(user: &User, path: &str) -> Vec<u8> {
    let r = user.get(path).await;
    assert_eq!(r.status(), 200, "{path}");
    r.bytes().await.unwrap().to_vec()
}

/// Publishes `card` (of its home collection) to `account`, waits for the job to succeed and
/// answers the card's id on the platform.
pub async fn publish_card(user: &User, account: &str, card: &str) -> String {
    let collection = collection_of(user, card).await;
    let out = user
        .post_for_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection}),
        )
        .await;
    let done = wait_job(user, out["plan"][0]["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let records = user
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    records[0]["player_card_id"].as_str().unwrap().to_owned()
}

pub async fn collection_of(user: &User, card: &str) -> String {
    let c: Value = user.get_json(&format!("/api/cards/{card}")).await;
    c["collection_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn publishing_uploads_only_what_the_account_lacks() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Moon stories").await;
    let collection = collection_of(&admin, &card).await;
    let mut slugs = Vec::new();
    for seconds in [1, 2] {
        let t = upload_ready_track(&admin, &card, &tone(seconds, "wav")).await;
        slugs.push(t["slug"].as_str().unwrap().to_owned());
    }
    // chapter 1 gets its own icon; chapter 2 keeps its drawn default
    assert_eq!(
        admin
            .upload(
                &format!("/api/cards/{card}/tracks/1/icon"),
                png_bytes(40, 40),
                "star.png"
            )
            .await
            .status(),
        200
    );
    assert_eq!(
        admin
            .upload(
                &format!("/api/cards/{card}/cover"),
                png_bytes(64, 100),
                "c.png"
            )
            .await
            .status(),
        204
    );
    let body = json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection});

    // the plan, before anything is sent
    let mut dry = body.clone();
    dry["dry_run"] = json!(true);
    let r = admin.post_json("/api/publish", &dry).await;
    assert_eq!(r.status(), 200);
    let plan: Value = r.json().await.unwrap();
    assert_eq!(plan["plan"][0]["action"], "create");
    assert_eq!(plan["plan"][0]["audio_uploads"], 2);
    assert_eq!(plan["plan"][0]["cover_upload"], true);
    assert_eq!(plan["plan"][0]["icon_uploads"], 2);
    assert!(plan["plan"][0]["job_id"].is_null());
    assert_eq!(sim.stats().audio_puts, 0, "a dry run sends nothing");

    let r = admin.post_json("/api/publish", &body).await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    let job = out["plan"][0]["job_id"].as_str().unwrap().to_owned();
    let done = wait_job(&admin, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(sim.stats().audio_puts, 2);
    assert_eq!(sim.stats().icon_uploads, 2);
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    let record = &records[0];
    assert_eq!(record["status"], "published");
    let player_card = record["player_card_id"].as_str().unwrap().to_owned();
    let local: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(record["content_hash_at_publish"], local["content_hash"]);
    assert!(record["account_label"].as_str().unwrap().contains('@'));

    // what the platform holds: two chapters with audio references and each its own icon
    let remote = sim.card(&sim.default_user(), &player_card).unwrap();
    let remote = serde_json::to_value(&remote).unwrap();
    let chapters = remote["content"]["chapters"].as_array().unwrap();
    assert_eq!(chapters.len(), 2);
    for (i, chapter) in chapters.iter().enumerate() {
        let icon_ref = chapter["display"]["icon16x16"].as_str().unwrap();
        assert_eq!(
            remote_icon(&sim, icon_ref).await,
            local_bytes(&admin, &format!("/api/cards/{card}/icons/{}", i + 1)).await,
            "chapter {} shows the track's 16x16 icon",
            i + 1
        );
        assert_eq!(chapter["tracks"][0]["display"]["icon16x16"], icon_ref);
        assert!(chapter["tracks"][0]["trackUrl"]
            .as_str()
            .unwrap()
            .starts_with("yoto:#"));
        assert_eq!(chapter["tracks"][0]["type"], "audio");
    }
    assert!(remote["metadata"]["cover"]["imageL"].is_string());

    // again, unchanged: nothing queued, nothing uploaded
    let again: Value = admin.post_for_json("/api/publish", &body).await;
    assert_eq!(again["plan"][0]["action"], "unchanged");
    assert!(again["plan"][0]["job_id"].is_null());
    let verify: Value = admin
        .post_for_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await;
    assert_eq!(verify["results"][0]["state"], "in_sync");
    assert_eq!(sim.stats().icon_uploads, 2, "no icon sent twice");

    // one new track: only its audio goes up, the card is updated in place
    upload_ready_track(&admin, &card, &tone(3, "wav")).await;
    let verify: Value = admin
        .post_for_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await;
    assert_eq!(verify["results"][0]["state"], "changed_locally");
    let out: Value = admin.post_for_json("/api/publish", &body).await;
    assert_eq!(out["plan"][0]["action"], "update");
    assert_eq!(out["plan"][0]["audio_uploads"], 1);
    assert_eq!(out["plan"][0]["cover_upload"], false);
    assert_eq!(out["plan"][0]["icon_uploads"], 1);
    assert_eq!(
        wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await["status"],
        "succeeded"
    );
    assert_eq!(sim.stats().audio_puts, 3, "only the new track was uploaded");
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    assert_eq!(
        records[0]["player_card_id"],
        player_card.as_str(),
        "updated, not duplicated"
    );
    let remote =
        serde_json::to_value(sim.card(&sim.default_user(), &player_card).unwrap()).unwrap();
    assert_eq!(remote["content"]["chapters"].as_array().unwrap().len(), 3);
    // one edited track (a trim): only its audio goes up again
    let trim = admin
        .post_json(
            &format!("/api/cards/{card}/tracks/{}/trim", slugs[1]),
            &json!({"start": 0.25, "end": 1.5}),
        )
        .await;
    assert_eq!(trim.status(), 202);
    let trim: Value = trim.json().await.unwrap();
    assert_eq!(
        wait_job(&admin, trim["job_id"].as_str().unwrap()).await["status"],
        "succeeded"
    );
    let trimmed = admin.get_json(&format!("/api/cards/{card}")).await["tracks"][1]["slug"]
        .as_str()
        .unwrap()
        .to_owned();
    wait_settled(&admin, &card, &trimmed).await;
    let out: Value = admin.post_for_json("/api/publish", &body).await;
    assert_eq!(out["plan"][0]["action"], "update");
    assert_eq!(out["plan"][0]["audio_uploads"], 1, "{out}");
    assert_eq!(
        wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await["status"],
        "succeeded"
    );
    assert_eq!(
        sim.stats().audio_puts,
        4,
        "only the edited track was uploaded"
    );
}

#[tokio::test]
async fn publishing_refuses_what_it_cannot_do() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Empty").await;
    let collection = collection_of(&admin, &card).await;
    assert_problem(
        admin
            .post_json(
                "/api/publish",
                &json!({"account_ids": [], "card_slugs": [card], "collection_id": collection}),
            )
            .await,
        422,
    )
    .await;
    assert_problem(admin.post_json("/api/publish", &json!({"account_ids": ["nope"], "card_slugs": [card], "collection_id": collection})).await, 422).await;
    assert_problem(admin.post_json("/api/publish", &json!({"account_ids": [account], "card_slugs": ["other"], "collection_id": collection})).await, 422).await;
    // a card without tracks fails its job with the reason, and the record says so
    let out: Value = admin
        .post_for_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection}),
        )
        .await;
    let job = wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await;
    assert_eq!(job["status"], "failed", "{job}");
    assert_eq!(job["attempts"], 1, "a refusal is not retried");
    assert!(job["error"].as_str().unwrap().contains("no tracks"));
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    assert_eq!(records[0]["status"], "failed");
    // another user cannot publish to this account or see the card
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(other.post_json("/api/publish", &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection})).await, 404).await;
    assert_problem(
        other
            .get(&format!("/api/cards/{card}/publish-status"))
            .await,
        404,
    )
    .await;
    let verify: Value = admin
        .post_for_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await;
    assert_eq!(verify["results"][0]["state"], "never_published");
}

#[tokio::test]
async fn publishing_rides_out_rate_limits_and_platform_outages() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Storm stories").await;
    upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    let collection = collection_of(&admin, &card).await;

    // two 429s with Retry-After, then the card document meets a 503 once
    sim.rate_limit_next(2, Some(1));
    sim.add_fault(cardsmith_upstream_sim::Fault::error(1, 503, "maintenance").on_path("/content"));
    let out: Value = admin
        .post_for_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection}),
        )
        .await;
    let done = wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(
        done["attempts"], 2,
        "the 503 failed one attempt, the retry published"
    );
    let stats = sim.stats();
    assert_eq!(stats.rate_limited, 2);
    assert_eq!(stats.early_retries, 0, "Retry-After was honoured");
    assert_eq!(
        stats.audio_puts, 1,
        "the retry did not upload the audio again"
    );
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    assert_eq!(records[0]["status"], "published");
    assert!(records[0]["error"].is_null());
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
        upload_ready_track(&admin, &slug, &tone(1, "mp3")).await;
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
    upload_ready_track(&admin, &card, &tone(1, "mp3")).await;
}

async fn job_states(user: &User, jobs: &[String]) -> Vec<Value> {
    let mut states = Vec::new();
    for job in jobs {
        let j: Value = user.get_json(&format!("/api/jobs/{job}")).await;
        states.push(j["status"].clone());
    }
    states
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
