//! Publishing to the simulator: the plan, uploads only of what changed, the card document the
//! platform gets, records, verify, and publishing then importing nothing twice.

use serde_json::{json, Value};

use crate::audio_fixtures::{card_for, tone, upload_track, wait_job, wait_settled};
use crate::helpers::{assert_problem, png_bytes, spawn_app_with, User};
use crate::player_accounts::link_account;

async fn collection_of(user: &User, card: &str) -> String {
    let c: Value = user
        .get(&format!("/api/cards/{card}"))
        .await
        .json()
        .await
        .unwrap();
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
    for seconds in [1, 2] {
        let t = upload_track(&admin, &card, &tone(seconds, "wav")).await;
        wait_settled(&admin, &card, t["slug"].as_str().unwrap()).await;
    }
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
    assert!(plan["plan"][0]["job_id"].is_null());
    assert_eq!(sim.stats().audio_puts, 0, "a dry run sends nothing");

    let r = admin.post_json("/api/publish", &body).await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    let job = out["plan"][0]["job_id"].as_str().unwrap().to_owned();
    let done = wait_job(&admin, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(sim.stats().audio_puts, 2);
    let records: Value = admin
        .get(&format!("/api/cards/{card}/publish-status"))
        .await
        .json()
        .await
        .unwrap();
    let record = &records[0];
    assert_eq!(record["status"], "published");
    let player_card = record["player_card_id"].as_str().unwrap().to_owned();
    let local: Value = admin
        .get(&format!("/api/cards/{card}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(record["content_hash_at_publish"], local["content_hash"]);
    assert!(record["account_label"].as_str().unwrap().contains('@'));

    // what the platform holds: two chapters with audio references and an icon each
    let remote = sim.card(&sim.default_user(), &player_card).unwrap();
    let remote = serde_json::to_value(&remote).unwrap();
    let chapters = remote["content"]["chapters"].as_array().unwrap();
    assert_eq!(chapters.len(), 2);
    for chapter in chapters {
        assert!(chapter["display"]["icon16x16"]
            .as_str()
            .unwrap()
            .starts_with("yoto:#"));
        assert!(chapter["tracks"][0]["trackUrl"]
            .as_str()
            .unwrap()
            .starts_with("yoto:#"));
        assert_eq!(chapter["tracks"][0]["type"], "audio");
    }
    assert!(remote["metadata"]["cover"]["imageL"].is_string());

    // again, unchanged: nothing queued, nothing uploaded
    let again: Value = admin
        .post_json("/api/publish", &body)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again["plan"][0]["action"], "unchanged");
    assert!(again["plan"][0]["job_id"].is_null());
    let verify: Value = admin
        .post_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(verify["results"][0]["state"], "in_sync");

    // one new track: only its audio goes up, the card is updated in place
    let t = upload_track(&admin, &card, &tone(3, "wav")).await;
    wait_settled(&admin, &card, t["slug"].as_str().unwrap()).await;
    let verify: Value = admin
        .post_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(verify["results"][0]["state"], "changed_locally");
    let out: Value = admin
        .post_json("/api/publish", &body)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(out["plan"][0]["action"], "update");
    assert_eq!(out["plan"][0]["audio_uploads"], 1);
    assert_eq!(out["plan"][0]["cover_upload"], false);
    assert_eq!(
        wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await["status"],
        "succeeded"
    );
    assert_eq!(sim.stats().audio_puts, 3, "only the new track was uploaded");
    let records: Value = admin
        .get(&format!("/api/cards/{card}/publish-status"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        records[0]["player_card_id"],
        player_card.as_str(),
        "updated, not duplicated"
    );
    let remote =
        serde_json::to_value(sim.card(&sim.default_user(), &player_card).unwrap()).unwrap();
    assert_eq!(remote["content"]["chapters"].as_array().unwrap().len(), 3);
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
        .post_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection}),
        )
        .await
        .json()
        .await
        .unwrap();
    let job = wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await;
    assert_eq!(job["status"], "failed", "{job}");
    assert_eq!(job["attempts"], 1, "a refusal is not retried");
    assert!(job["error"].as_str().unwrap().contains("no tracks"));
    let records: Value = admin
        .get(&format!("/api/cards/{card}/publish-status"))
        .await
        .json()
        .await
        .unwrap();
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
        .post_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(verify["results"][0]["state"], "never_published");
}

#[tokio::test]
async fn the_library_lists_own_cards_and_an_import_reproduces_them() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let me = sim.default_user();
    let audio = sim.seed_audio(&std::fs::read(tone(2, "m4a")).unwrap());
    let mine = sim
        .seed_card(
            &me,
            cardsmith_upstream_sim::seed::user_made_card("Grandma's songs", 2, &audio),
        )
        .unwrap();
    sim.seed_card(
        &me,
        cardsmith_upstream_sim::seed::purchased_card("Shop card", &audio),
    )
    .unwrap();
    sim.seed_card(
        &me,
        cardsmith_upstream_sim::seed::streaming_card("Podcast", "https://feeds.example/rss"),
    )
    .unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;

    let library: Value = admin
        .get(&format!("/api/player-accounts/{account}/library"))
        .await
        .json()
        .await
        .unwrap();
    let cards = library.as_array().unwrap();
    assert_eq!(cards.len(), 1, "only user-made cards: {library}");
    assert_eq!(cards[0]["player_card_id"], mine.as_str());
    assert_eq!(cards[0]["chapter_count"], 2);
    assert_eq!(cards[0]["already_imported"], false);

    // URLs handed out before are revoked: the job asks for fresh ones when it runs
    sim.expire_signed_urls();
    let r = admin
        .post_json(
            "/api/cards/import-from-player",
            &json!({"account_id": account, "player_card_id": mine}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let started: Value = r.json().await.unwrap();
    let done = wait_job(&admin, started["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let slug = started["card_slug"].as_str().unwrap();
    let card: Value = admin
        .get(&format!("/api/cards/{slug}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(card["title"], "Grandma's songs");
    assert_eq!(card["track_count"], 2);
    for track in card["tracks"].as_array().unwrap() {
        assert_eq!(
            track["transcode_status"], "ready",
            "kept as already transcoded"
        );
        assert_eq!(track["source_type"], "import");
        assert_eq!(track["duration"], 2);
    }
    let library: Value = admin
        .get(&format!("/api/player-accounts/{account}/library"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(library[0]["already_imported"], true);
    assert_eq!(library[0]["locally_edited"], false);
    assert_eq!(
        admin
            .put_json(
                &format!("/api/cards/{slug}"),
                &json!({"title": "Grandma's best songs", "description": ""})
            )
            .await
            .status(),
        204
    );
    let library: Value = admin
        .get(&format!("/api/player-accounts/{account}/library"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(library[0]["locally_edited"], true);

    // publishing the imported card back reproduces it on a fresh card of the account
    let collection = collection_of(&admin, slug).await;
    let out: Value = admin
        .post_json(
            "/api/publish",
            &json!({"account_ids": [account], "card_slugs": [slug], "collection_id": collection}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        wait_job(&admin, out["plan"][0]["job_id"].as_str().unwrap()).await["status"],
        "succeeded"
    );
    let records: Value = admin
        .get(&format!("/api/cards/{slug}/publish-status"))
        .await
        .json()
        .await
        .unwrap();
    let published = serde_json::to_value(
        sim.card(&me, records[0]["player_card_id"].as_str().unwrap())
            .unwrap(),
    )
    .unwrap();
    assert_eq!(published["title"], "Grandma's best songs");
    assert_eq!(
        published["content"]["chapters"].as_array().unwrap().len(),
        2
    );

    assert_problem(
        admin
            .post_json(
                "/api/cards/import-from-player",
                &json!({"account_id": account, "player_card_id": "zzzzz"}),
            )
            .await,
        422,
    )
    .await;
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(
        other
            .get(&format!("/api/player-accounts/{account}/library"))
            .await,
        404,
    )
    .await;
}
