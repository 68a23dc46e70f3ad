//! Importing from the simulator: the library lists only user-made cards, an import brings
//! audio (fetched again when its signed URL expired), icons and cover, and publishing then
//! importing reproduces a card.

use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::publish::{local_bytes, publish_card};
use crate::support::audio_fixtures::{card_for, tone, upload_track, wait_job, wait_settled};
use crate::support::helpers::{assert_problem, png_bytes, spawn_app_with, User};

/// Imports `player_card` of the linked `account` and waits for the job: the new card's slug
/// and the finished job.
pub async fn import_card(user: &User, account: &str, player_card: &str) -> (String, Value) {
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

#[tokio::test]
async fn the_library_lists_own_cards_and_imports_them() {
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
        .get_json(&format!("/api/player-accounts/{account}/library"))
        .await;
    let cards = library.as_array().unwrap();
    assert_eq!(cards.len(), 1, "only user-made cards: {library}");
    assert_eq!(cards[0]["player_card_id"], mine.as_str());
    assert_eq!(cards[0]["chapter_count"], 2);
    assert_eq!(cards[0]["already_imported"], false);

    // URLs handed out before are revoked: the job asks for fresh ones when it runs
    sim.expire_signed_urls();
    let (slug, done) = import_card(&admin, &account, &mine).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let card: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["title"], "Grandma's songs");
    assert_eq!(card["track_count"], 2);
    // an imported card is on the account: its players can be told to play it
    let den = sim
        .seed_device(&me, cardsmith_upstream_sim::DeviceSeed::named("Den"))
        .unwrap();
    let playable: Value = admin
        .get_json(&format!("/api/devices/{account}/{den}/published"))
        .await;
    assert_eq!(playable["cards"][0]["card_slug"], slug);
    assert_eq!(playable["cards"][0]["player_card_id"], mine.as_str());
    assert_eq!(playable["cards"][0]["changed_locally"], false);
    for track in card["tracks"].as_array().unwrap() {
        assert_eq!(
            track["transcode_status"], "ready",
            "kept as already transcoded"
        );
        assert_eq!(track["source_type"], "import");
        assert_eq!(track["duration"], 2);
    }
    let library: Value = admin
        .get_json(&format!("/api/player-accounts/{account}/library"))
        .await;
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
        .get_json(&format!("/api/player-accounts/{account}/library"))
        .await;
    assert_eq!(library[0]["locally_edited"], true);

    // publishing the edited import back updates the card it came from, with the new title
    let player_card = publish_card(&admin, &account, &slug).await;
    let published = serde_json::to_value(sim.card(&me, &player_card).unwrap()).unwrap();
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

#[tokio::test]
async fn publishing_then_importing_reproduces_the_card() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Round trip").await;
    for seconds in [1, 2] {
        let t = upload_track(&admin, &card, &tone(seconds, "wav")).await;
        wait_settled(&admin, &card, t["slug"].as_str().unwrap()).await;
    }
    let icon = admin
        .upload(
            &format!("/api/cards/{card}/tracks/2/icon"),
            png_bytes(32, 32),
            "moon.png",
        )
        .await;
    assert_eq!(icon.status(), 200);
    let cover = admin
        .upload(
            &format!("/api/cards/{card}/cover"),
            png_bytes(64, 100),
            "c.png",
        )
        .await;
    assert_eq!(cover.status(), 204);
    let player_card = publish_card(&admin, &account, &card).await;

    let (copy, done) = import_card(&admin, &account, &player_card).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_ne!(copy, card);

    let original: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let imported: Value = admin.get_json(&format!("/api/cards/{copy}")).await;
    assert_eq!(imported["title"], original["title"]);
    assert_eq!(imported["track_count"], 2);
    assert!(
        imported["cover_hash"].is_string(),
        "the cover came along: {imported}"
    );
    for (a, b) in original["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .zip(imported["tracks"].as_array().unwrap())
    {
        assert_eq!(a["title"], b["title"]);
        assert_eq!(a["duration"], b["duration"]);
        assert_eq!(b["transcode_status"], "ready");
    }
    // every chapter's icon came back: the uploaded one and the drawn default alike
    for position in [1, 2] {
        assert_eq!(
            local_bytes(&admin, &format!("/api/cards/{copy}/icons/{position}")).await,
            local_bytes(&admin, &format!("/api/cards/{card}/icons/{position}")).await,
            "icon of chapter {position}"
        );
    }
}
