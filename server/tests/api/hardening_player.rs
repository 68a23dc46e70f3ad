//! Hardening (issue 10): revoked access takes links away, relinking works without a restart,
//! jobs survive panics and missing configuration, unknown devices are 404, publish requests
//! name each account once. Platform downloads are in `hardening_import`.

use std::time::Duration;

use cardsmith_upstream_sim::DeviceSeed;
use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::support::audio_fixtures::{card_for, tone, upload_track, wait_job, wait_settled};
use crate::support::helpers::{assert_problem, pointers, spawn_app, spawn_app_with, User};

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
