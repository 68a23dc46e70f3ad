//! `POST /admin/seed-examples` and `GET /admin/seed-status`: example cards made offline (real
//! espeak-ng/flite, real ffmpeg transcodes through the job queue), once per instance.

use std::time::Instant;

use serde_json::Value;

use crate::support::audio_fixtures::wait_settled;
use crate::support::helpers::{assert_problem, openapi_yaml, path_block, spawn_app, User};

const SEED: &str = "/api/admin/seed-examples";
const STATUS: &str = "/api/admin/seed-status";

async fn seed(admin: &User) -> Value {
    let r = admin.post_empty(SEED).await;
    assert_eq!(r.status(), 201);
    r.json().await.unwrap()
}

/// The status and body of a seed, whatever they are.
async fn answer(user: &User) -> (u16, Value) {
    let r = user.post_empty(SEED).await;
    (r.status().as_u16(), r.json().await.unwrap())
}

async fn status(admin: &User) -> Value {
    let r = admin.get(STATUS).await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// The cards of the examples collection named by the seed status.
async fn example_cards(admin: &User) -> Vec<Value> {
    let status = status(admin).await;
    let id = status["collection_id"]
        .as_str()
        .expect("an examples collection");
    let collection = admin.get_json(&format!("/api/collections/{id}")).await;
    assert_eq!(collection["name"], "Examples");
    collection["cards"].as_array().unwrap().clone()
}

#[tokio::test]
async fn seeding_needs_a_session_and_the_admin_role() {
    let app = spawn_app().await;
    let anonymous = app.anonymous();
    assert_problem(anonymous.post_empty(SEED).await, 401).await;
    assert_problem(anonymous.get(STATUS).await, 401).await;
    let (user, _) = app.new_user("plain@example.com", "user").await;
    assert_problem(user.post_empty(SEED).await, 403).await;
    assert_problem(user.get(STATUS).await, 403).await;
    // nothing was made for them, and the instance is still unseeded
    assert!(user.get_list("/api/collections").await.is_empty());
    assert_eq!(status(&app.admin().await).await["seeded"], false);
}

#[tokio::test]
async fn an_admin_seeds_spoken_cards_with_drawn_covers_and_icons_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let before = status(&admin).await;
    assert_eq!(before["seeded"], false, "{before}");
    assert!(before["collection_id"].is_null());

    let started = Instant::now();
    let counts = seed(&admin).await;
    eprintln!("seeding answered in {:?}", started.elapsed());
    assert_eq!(counts["cards_created"], 3, "{counts}");
    assert_eq!(counts["tracks_created"], 8, "{counts}");

    let cards = example_cards(&admin).await;
    assert_eq!(cards.len(), 3);
    let mut tracks_seen = 0;
    for card in &cards {
        let slug = card["slug"].as_str().unwrap();
        assert_eq!(
            card["viewer_role"], "owner",
            "the calling admin owns the examples"
        );
        assert!(!card["description"].as_str().unwrap().is_empty());

        // the cover: a PNG at the platform's card size
        let r = admin.get(&format!("/api/cards/{slug}/cover")).await;
        assert_eq!(r.status(), 200, "{slug}");
        assert_eq!(r.headers()["content-type"], "image/png");
        let cover = image::load_from_memory(&r.bytes().await.unwrap()).unwrap();
        assert_eq!((cover.width(), cover.height()), (638, 1011), "{slug}");

        let detail = admin.get_json(&format!("/api/cards/{slug}")).await;
        let tracks = detail["tracks"].as_array().unwrap();
        assert!(
            (2..=3).contains(&tracks.len()),
            "{slug}: {} chapters",
            tracks.len()
        );
        for track in tracks {
            tracks_seen += 1;
            assert_eq!(track["source_type"], "tts");
            // transcoded through the normal path: the job queue's ffmpeg, real audio
            let t = wait_settled(&admin, slug, track["slug"].as_str().unwrap()).await;
            assert_eq!(t["transcode_status"], "ready", "{t}");
            assert_eq!(t["transcoded_format"], "m4a");
            assert_eq!(t["original_format"], "wav");
            let ms = t["duration_ms"].as_i64().unwrap();
            assert!(
                (5_000..120_000).contains(&ms),
                "a spoken chapter of {ms} ms"
            );
            let audio = admin
                .get(&format!(
                    "/api/cards/{slug}/tracks/{}/audio",
                    t["slug"].as_str().unwrap()
                ))
                .await;
            assert_eq!(audio.status(), 200);
            assert!(audio.bytes().await.unwrap().len() > 10_000);

            // the chapter icon: a drawn 16x16 PNG, and its crisp enlargement
            let position = t["position"].as_i64().unwrap();
            let r = admin
                .get(&format!("/api/cards/{slug}/icons/{position}"))
                .await;
            assert_eq!(r.status(), 200);
            assert_eq!(r.headers()["content-type"], "image/png");
            let icon = image::load_from_memory(&r.bytes().await.unwrap()).unwrap();
            assert_eq!((icon.width(), icon.height()), (16, 16));
            assert!(
                t["icon_path"].is_string(),
                "a stored icon, not the default: {t}"
            );
            let full = admin
                .get(&format!("/api/cards/{slug}/icons/{position}-full"))
                .await;
            let full = image::load_from_memory(&full.bytes().await.unwrap()).unwrap();
            assert_eq!((full.width(), full.height()), (256, 256));
        }
    }
    assert_eq!(tracks_seen, 8);
    let after = status(&admin).await;
    assert_eq!(after["seeded"], true, "{after}");
    assert_eq!(after["tracks_total"], 8);
    assert_eq!(after["tracks_ready"], 8);
    eprintln!("seeded and transcoded in {:?}", started.elapsed());

    // audited: the seed itself and what it made
    let log = admin
        .get_json("/api/admin/audit-log?action=examples.seeded")
        .await;
    let rows = log.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{log}");
    assert!(rows[0]["detail"]
        .as_str()
        .unwrap()
        .contains("3 cards, 8 tracks"));

    // a second seed adds nothing, also after the examples were deleted
    assert_eq!(
        seed(&admin).await,
        serde_json::json!({"cards_created": 0, "tracks_created": 0})
    );
    let id = after["collection_id"].as_str().unwrap();
    let r = admin
        .delete(&format!("/api/collections/{id}?cascade=true"))
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(seed(&admin).await["cards_created"], 0);
    let gone = status(&admin).await;
    assert_eq!(gone["seeded"], true);
    assert!(gone["collection_id"].is_null(), "{gone}");
    assert!(admin
        .get_list("/api/collections")
        .await
        .iter()
        .all(|c| c["name"] != "Examples"));
}

#[tokio::test]
async fn two_admins_seeding_at_once_make_one_set() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (other, _) = app.new_user("second-admin@example.com", "admin").await;
    let (a, b) = tokio::join!(answer(&admin), answer(&other));
    // each either made the set, found it made (201, zeros) or was told one runs (409)
    let mut cards = 0;
    for (code, body) in [&a, &b] {
        match code {
            201 => cards += body["cards_created"].as_i64().unwrap(),
            409 => assert!(
                body["detail"].as_str().unwrap().contains("right now"),
                "{body}"
            ),
            _ => panic!("unexpected answer {code} {body}"),
        }
    }
    assert_eq!(cards, 3, "exactly one set was made: {a:?} {b:?}");
    assert_eq!(seed(&other).await["cards_created"], 0);
    assert_eq!(seed(&admin).await["cards_created"], 0);
    assert_eq!(status(&other).await["seeded"], true);
    // the set belongs to whichever admin's seed won; neither sees a second one
    let mut examples = Vec::new();
    for caller in [&admin, &other] {
        examples.extend(
            caller
                .get_list("/api/collections")
                .await
                .into_iter()
                .filter(|c| c["name"] == "Examples")
                .map(|c| c["id"].clone()),
        );
    }
    assert_eq!(examples.len(), 1, "{examples:?}");
}

#[tokio::test]
async fn the_openapi_document_lists_both_operations_with_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let seed = path_block(&yaml, "/admin/seed-examples");
    for status in ["'201'", "'401'", "'403'", "'409'"] {
        assert!(
            seed.contains(status),
            "seed-examples lacks {status}:\n{seed}"
        );
    }
    assert!(seed.contains("SeedExampleOutputBody"));
    let status = path_block(&yaml, "/admin/seed-status");
    for code in ["'200'", "'401'", "'403'"] {
        assert!(status.contains(code), "seed-status lacks {code}:\n{status}");
    }
    assert!(status.contains("SeedStatusOutputBody"));
}
