//! Fidelity to the platform's contract, against the in-process simulator: what it refuses is
//! refused before anything is sent, verify compares every field a publish writes, and a card
//! imported from an account is the card already there.

use serde_json::{json, Value};

use crate::import::import_card;
use crate::player_accounts::link_account;
use crate::publish::{collection_of, publish_card};
use crate::support::audio_fixtures::{card_for, tone};
use crate::support::helpers::{
    assert_problem, png_bytes, spawn_app_with, upload_ready_track, User,
};

fn plan_body(account: &str, card: &str, collection: &str, dry_run: bool) -> Value {
    json!({"account_ids": [account], "card_slugs": [card], "collection_id": collection, "dry_run": dry_run})
}

async fn plan(user: &User, account: &str, card: &str) -> Value {
    let collection = collection_of(user, card).await;
    let out = user
        .post_for_json("/api/publish", &plan_body(account, card, &collection, true))
        .await;
    out["plan"][0].clone()
}

async fn verify(user: &User, account: &str, card: &str) -> Value {
    let out = user
        .post_for_json(
            "/api/publish/verify",
            &json!({"account_ids": [account], "card_slugs": [card]}),
        )
        .await;
    out["results"][0].clone()
}

/// Contract §2.3: titles of 1–100 characters. Cardsmith keeps up to 120; the plan says which
/// cards the platform would refuse, a publish naming one is refused whole with nothing sent,
/// and the card form warns while the title is too long.
#[tokio::test]
async fn a_title_over_the_players_limit_is_refused_before_anything_is_sent() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let long_title = format!("The very long tale {}", "of the moon ".repeat(9));
    let long_title = long_title.trim().chars().take(120).collect::<String>();
    assert_eq!(long_title.chars().count(), 120);
    let shelf = admin.create_collection("Long tales").await;
    let created = admin
        .create_card(shelf["id"].as_str().unwrap(), &long_title)
        .await;
    let card = created["slug"].as_str().unwrap().to_owned();
    upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    let collection = collection_of(&admin, &card).await;

    let item = plan(&admin, &account, &card).await;
    assert_eq!(item["action"], "create");
    let problems = item["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{item}");
    let problem = problems[0].as_str().unwrap();
    assert!(
        problem.contains("120 characters") && problem.contains("at most 100"),
        "{problem}"
    );

    let refused = assert_problem(
        admin
            .post_json(
                "/api/publish",
                &plan_body(&account, &card, &collection, false),
            )
            .await,
        422,
    )
    .await;
    assert_eq!(refused["errors"][0]["pointer"], "/card_slugs/0");
    assert!(refused["errors"][0]["detail"]
        .as_str()
        .unwrap()
        .contains("at most 100"));
    // nothing was queued, nothing reached the platform
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    assert_eq!(records, json!([]));
    let stats = sim.stats();
    assert_eq!((stats.audio_puts, stats.icon_uploads), (0, 0));
    assert!(sim.cards(&sim.default_user()).is_empty());

    // (the card page's Details form warns under the title field, drawn in the browser when
    // the section opens: end2end/tests/card-page.spec.ts)

    // at exactly 100 characters the platform takes it
    let fits: String = long_title.chars().take(100).collect();
    let fits = fits.trim_end().to_owned();
    assert_eq!(
        admin
            .put_json(
                &format!("/api/cards/{card}"),
                &json!({"title": fits, "description": ""})
            )
            .await
            .status(),
        204
    );
    assert_eq!(plan(&admin, &account, &card).await["problems"], json!([]));
    let page = admin
        .get(&format!("/cards/{card}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(!page.contains("Players take titles of up to"));
    let player_card = publish_card(&admin, &account, &card).await;
    let remote = sim.card(&sim.default_user(), &player_card).unwrap();
    assert_eq!(remote["title"], fits.as_str());
}

/// Verify compares every field a publish writes: a title changed in the platform's own app,
/// a chapter's icon, the cover and the order are each named.
#[tokio::test]
async fn verify_names_each_field_changed_on_the_platform() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let me = sim.default_user();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;
    let card = card_for(&admin, "Sea songs").await;
    for seconds in [1, 2] {
        upload_ready_track(&admin, &card, &tone(seconds, "wav")).await;
    }
    let cover = admin
        .upload(
            &format!("/api/cards/{card}/cover"),
            png_bytes(64, 100),
            "c.png",
        )
        .await;
    assert_eq!(cover.status(), 204);
    let player_card = publish_card(&admin, &account, &card).await;
    let published = sim.card(&me, &player_card).unwrap();
    let result = verify(&admin, &account, &card).await;
    assert_eq!(result["state"], "in_sync", "{result}");
    assert_eq!(result["differences"], json!([]));

    // renamed on the platform: the title is the one difference
    assert!(sim.edit_card(&me, &player_card, |c| {
        c.insert("title".into(), "Songs of the sea".into());
    }));
    let result = verify(&admin, &account, &card).await;
    assert_eq!(result["state"], "changed_upstream", "{result}");
    assert_eq!(result["differences"], json!(["title"]));

    // back as published: in sync again
    assert!(sim.edit_card(&me, &player_card, |c| {
        c.insert("title".into(), "Sea songs".into());
    }));
    assert_eq!(verify(&admin, &account, &card).await["state"], "in_sync");

    // a chapter's icon, the cover and the description each count
    assert!(sim.edit_card(&me, &player_card, |c| {
        c["content"]["chapters"][1]["display"]["icon16x16"] = "yoto:#someOtherIcon".into();
        c["metadata"]["cover"]["imageL"] = "https://cdn.example/other.png".into();
        c["metadata"]["description"] = "Changed in the app".into();
    }));
    let result = verify(&admin, &account, &card).await;
    assert_eq!(result["state"], "changed_upstream");
    assert_eq!(
        result["differences"],
        json!([
            "content.chapters[1].display.icon16x16",
            "metadata.cover.imageL",
            "metadata.description"
        ])
    );

    // the order of the chapters
    assert!(sim.edit_card(&me, &player_card, |c| {
        *c = published.clone();
        c["content"]["chapters"].as_array_mut().unwrap().reverse();
    }));
    let result = verify(&admin, &account, &card).await;
    assert_eq!(result["state"], "changed_upstream");
    let differences = result["differences"].as_array().unwrap();
    for field in [
        "content.chapters[0].key",
        "content.chapters[0].title",
        "content.chapters[0].tracks[0].trackUrl",
        "content.chapters[1].tracks[0].trackUrl",
    ] {
        assert!(differences.contains(&json!(field)), "{field}: {result}");
    }

    // a chapter removed: named by the list, not field by field
    assert!(sim.edit_card(&me, &player_card, |c| {
        *c = published.clone();
        c["content"]["chapters"].as_array_mut().unwrap().pop();
    }));
    let result = verify(&admin, &account, &card).await;
    assert_eq!(result["differences"], json!(["content.chapters"]));
}

/// A 16x16 PNG of one colour, so each chapter's icon is its own.
fn icon_png(shade: u8) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(16, 16, image::Rgb([shade, 90, 200]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A card of the account, imported and published back, is the card already there: unchanged
/// while unedited (nothing sent), then an update of that card uploading nothing the account
/// holds. The platform keeps one card throughout.
#[tokio::test]
async fn an_imported_card_published_back_is_the_card_already_there() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let sim = app.sim.clone().unwrap();
    let me = sim.default_user();
    let mut doc = cardsmith_upstream_sim::seed::user_made_card("Three tales", 3, "none");
    for (i, seconds) in [1, 2, 3].into_iter().enumerate() {
        let audio = sim.seed_audio(&std::fs::read(tone(seconds, "m4a")).unwrap());
        let icon = sim.seed_icon(&icon_png(40 * i as u8));
        let chapter = &mut doc["content"]["chapters"][i];
        chapter["tracks"][0]["trackUrl"] = format!("yoto:#{audio}").into();
        chapter["display"]["icon16x16"] = icon.clone().into();
        chapter["tracks"][0]["display"]["icon16x16"] = icon.into();
    }
    doc["metadata"]["cover"] = json!({"imageL": sim.seed_cover(&png_bytes(64, 100), "image/png")});
    let player_card = sim.seed_card(&me, doc).unwrap();
    let admin = app.admin().await;
    let account = link_account(&app, &admin).await;

    let (card, done) = import_card(&admin, &account, &player_card).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let imported: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(imported["track_count"], 3);
    assert!(imported["cover_hash"].is_string(), "{imported}");

    // unedited: the card already on the account, nothing to send
    let item = plan(&admin, &account, &card).await;
    assert_eq!(item["action"], "unchanged", "{item}");
    assert_eq!(item["audio_uploads"], 0);
    assert_eq!(item["icon_uploads"], 0);
    assert_eq!(item["cover_upload"], false);
    assert_eq!(verify(&admin, &account, &card).await["state"], "in_sync");
    let collection = collection_of(&admin, &card).await;
    let out = admin
        .post_for_json(
            "/api/publish",
            &plan_body(&account, &card, &collection, false),
        )
        .await;
    assert!(out["plan"][0]["job_id"].is_null(), "{out}");
    assert_eq!(sim.cards(&me).len(), 1, "still one card on the platform");
    let records: Value = admin
        .get_json(&format!("/api/cards/{card}/publish-status"))
        .await;
    assert_eq!(records[0]["player_card_id"], player_card.as_str());

    // one track renamed: an update of the same card, uploading nothing the account holds
    let second = imported["tracks"][1]["slug"].as_str().unwrap();
    let renamed = admin
        .put_json(
            &format!("/api/cards/{card}/tracks/{second}/title"),
            &json!({"title": "The second tale, retold"}),
        )
        .await;
    assert_eq!(renamed.status(), 200);
    let item = plan(&admin, &account, &card).await;
    assert_eq!(item["action"], "update", "{item}");
    assert_eq!(item["audio_uploads"], 0);
    assert_eq!(item["icon_uploads"], 0);
    assert_eq!(item["cover_upload"], false);
    let before = sim.stats();
    assert_eq!(publish_card(&admin, &account, &card).await, player_card);
    let after = sim.stats();
    assert_eq!(after.audio_puts, before.audio_puts, "no audio sent again");
    assert_eq!(
        after.icon_uploads, before.icon_uploads,
        "no icon sent again"
    );
    let cards = sim.cards(&me);
    assert_eq!(cards.len(), 1, "still one card on the platform");
    let remote = &cards[0];
    assert_eq!(remote["cardId"], player_card.as_str());
    let chapters = remote["content"]["chapters"].as_array().unwrap();
    assert_eq!(chapters.len(), 3);
    assert_eq!(chapters[1]["title"], "The second tale, retold");
    // the platform's own audio, icons and cover, by their references
    let seeded = [1, 2, 3].map(|s| {
        format!(
            "yoto:#{}",
            sim.seed_audio(&std::fs::read(tone(s, "m4a")).unwrap())
        )
    });
    for (chapter, audio) in chapters.iter().zip(&seeded) {
        assert_eq!(chapter["tracks"][0]["trackUrl"], audio.as_str());
        assert!(chapter["display"]["icon16x16"]
            .as_str()
            .unwrap()
            .starts_with("yoto:#"));
    }
    assert_eq!(verify(&admin, &account, &card).await["state"], "in_sync");
}
