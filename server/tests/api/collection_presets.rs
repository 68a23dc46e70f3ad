//! Story presets, the child profile (`api::collection_presets`) and collection stats.

use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, png_bytes, pointers, spawn_app};

#[tokio::test]
async fn presets_profile_and_stats() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Kids").await;
    let id = c["id"].as_str().unwrap();
    let (viewer, _) = app.member_of(&admin, id, "v@example.com", "viewer").await;
    let preset = json!({"name": "Dino", "emoji": "🦕", "prompt_template": "A story about {x}", "vocab_level": "easy",
        "voice_id": "en", "duration_min": 5, "sort_order": 1});
    let r = admin
        .post_json(&format!("/api/collections/{id}/presets"), &preset)
        .await;
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.unwrap();
    assert_eq!(created["emoji"], "🦕");
    let pid = created["id"].as_str().unwrap();
    assert_problem(
        viewer
            .post_json(&format!("/api/collections/{id}/presets"), &preset)
            .await,
        403,
    )
    .await;
    let mut changed = preset.clone();
    changed["name"] = json!("Dinosaurs");
    assert_eq!(
        admin
            .put_json(&format!("/api/collections/{id}/presets/{pid}"), &changed)
            .await
            .status(),
        204
    );
    let missing_field = admin
        .post_json(
            &format!("/api/collections/{id}/presets"),
            &json!({"name": "x"}),
        )
        .await;
    assert_problem(missing_field, 422).await;
    let list: Vec<Value> = viewer
        .get_list(&format!("/api/collections/{id}/presets"))
        .await;
    assert_eq!(list[0]["name"], "Dinosaurs");
    assert_eq!(
        admin
            .delete(&format!("/api/collections/{id}/presets/{pid}"))
            .await
            .status(),
        204
    );
    assert_problem(
        admin
            .delete(&format!("/api/collections/{id}/presets/{pid}"))
            .await,
        404,
    )
    .await;

    let empty: Value = viewer
        .get_json(&format!("/api/collections/{id}/profile"))
        .await;
    assert_eq!(empty["child_name"], "");
    assert!(empty["child_age"].is_null());
    let profile = json!({"child_name": "Mia", "child_age": 5, "friends": "Leo", "interests": "space", "notes": "",
        "pets": "a cat", "avoid_themes": "monsters", "prompt_template": "", "vocab_level": "easy", "voice_id": "en",
        "duration_min": 8});
    let patch = admin
        .send_json(
            reqwest::Method::PATCH,
            &format!("/api/collections/{id}/profile"),
            &profile,
        )
        .await;
    assert_eq!(patch.status(), 204);
    let denied = viewer
        .send_json(
            reqwest::Method::PATCH,
            &format!("/api/collections/{id}/profile"),
            &profile,
        )
        .await;
    assert_problem(denied, 403).await;
    let mut bad = profile.clone();
    bad["child_age"] = json!(40);
    let invalid = admin
        .send_json(
            reqwest::Method::PATCH,
            &format!("/api/collections/{id}/profile"),
            &bad,
        )
        .await;
    assert_eq!(
        pointers(&assert_problem(invalid, 422).await),
        ["/child_age"]
    );
    let saved: Value = viewer
        .get_json(&format!("/api/collections/{id}/profile"))
        .await;
    assert_eq!(saved, profile);

    admin.create_card(id, "One").await;
    admin
        .upload(
            &format!("/api/collections/{id}/background"),
            png_bytes(64, 32),
            "bg.png",
        )
        .await;
    let stats: Value = viewer
        .get_json(&format!("/api/collections/{id}/stats"))
        .await;
    assert_eq!(stats["card_count"], 1);
    assert!(stats["disk_bytes"].as_i64().unwrap() > 0);
    assert_eq!(stats["track_count"], 0);
}
