//! Generated covers: a pending preview per side (nothing committed), shown, regenerated and
//! accepted; bad input and callers without the editor role change nothing; a rate limit.

use serde_json::{json, Value};

use crate::support::helpers::{assert_problem, pointers, spawn_app, TestApp, User};

/// A signed-in admin with a card `slug` in a fresh collection; answers (admin, collection id).
async fn card_with(app: &TestApp, title: &str) -> (User, String, String) {
    let admin = app.admin().await;
    let collection = admin.create_collection("Covers").await;
    let id = collection["id"].as_str().unwrap().to_owned();
    let card = admin.create_card(&id, title).await;
    let slug = card["slug"].as_str().unwrap().to_owned();
    (admin, id, slug)
}

async fn generate(user: &User, slug: &str, body: &Value) -> reqwest::Response {
    user.post_json(&format!("/api/cards/{slug}/cover/generate"), body)
        .await
}

/// The preview's hash after a successful generation.
async fn generated(user: &User, slug: &str, body: &Value) -> String {
    let r = generate(user, slug, body).await;
    assert_eq!(r.status(), 200, "generate {body}");
    let out: Value = r.json().await.unwrap();
    out["preview_hash"].as_str().unwrap().to_owned()
}

async fn preview(user: &User, slug: &str, side: &str) -> reqwest::Response {
    user.get(&format!("/api/cards/{slug}/cover/preview?side={side}"))
        .await
}

/// The PNG a preview serves (its bytes, decoded, and its ETag).
async fn preview_png(
    user: &User,
    slug: &str,
    side: &str,
) -> (Vec<u8>, image::DynamicImage, String) {
    let r = preview(user, slug, side).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");
    let etag = r.headers()["etag"]
        .to_str()
        .unwrap()
        .trim_matches('"')
        .to_owned();
    let bytes = r.bytes().await.unwrap().to_vec();
    let decoded = image::load_from_memory(&bytes).unwrap();
    (bytes, decoded, etag)
}

async fn card(user: &User, slug: &str) -> Value {
    user.get_json(&format!("/api/cards/{slug}")).await
}

async fn preview_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM cover_previews")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_preview_changes_nothing_until_it_is_accepted() {
    let app = spawn_app().await;
    let (admin, _, slug) = card_with(&app, "The Sleepy Owl").await;
    let before = card(&admin, &slug).await;
    assert_problem(preview(&admin, &slug, "front").await, 404).await;

    let hash = generated(&admin, &slug, &json!({"prompt": "an owl under the stars"})).await;
    let (bytes, picture, etag) = preview_png(&admin, &slug, "front").await;
    assert_eq!((picture.width(), picture.height()), (638, 1011));
    assert_eq!(etag, hash);
    let unchanged = card(&admin, &slug).await;
    assert_eq!(unchanged["cover_hash"], before["cover_hash"]);
    assert_eq!(unchanged["content_hash"], before["content_hash"]);
    assert_eq!(unchanged["cover_prompt"], "");
    assert_problem(admin.get(&format!("/api/cards/{slug}/cover")).await, 404).await;
    let provider: String = sqlx::query_scalar("SELECT provider FROM cover_previews")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(provider, "offline", "no provider configured: drawn here");

    // accepting: the preview is the cover, its prompt the card's, the preview is gone
    let r = admin
        .post_empty(&format!("/api/cards/{slug}/cover/accept-preview"))
        .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap()["preview_hash"], hash);
    let after = card(&admin, &slug).await;
    assert_eq!(after["cover_hash"], hash);
    assert_eq!(after["cover_prompt"], "an owl under the stars");
    assert_ne!(after["content_hash"], before["content_hash"]);
    let cover = admin.get(&format!("/api/cards/{slug}/cover")).await;
    assert_eq!(cover.status(), 200);
    assert_eq!(cover.bytes().await.unwrap().to_vec(), bytes);
    assert_problem(preview(&admin, &slug, "front").await, 404).await;
    let again = admin
        .post_empty(&format!("/api/cards/{slug}/cover/accept-preview"))
        .await;
    assert_problem(again, 404).await;
    let audited: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM audit_log WHERE action IN ('card.cover_generated', 'card.cover_set')",
    )
    .fetch_one(app.core.db.pool())
    .await
    .unwrap();
    assert_eq!(audited, 2);
}

#[tokio::test]
async fn sides_are_independent_and_regenerating_draws_anew() {
    let app = spawn_app().await;
    let (admin, _, slug) = card_with(&app, "Pip and the Paper Boat").await;
    let body = json!({"prompt": "a paper boat on the sea"});
    let first = generated(&admin, &slug, &body).await;
    let second = generated(&admin, &slug, &body).await;
    assert_ne!(first, second, "the same prompt again is a new picture");
    let (_, front, _) = preview_png(&admin, &slug, "front").await;

    let back_body = json!({"prompt": "a paper boat on the sea", "side": "back"});
    let back = generated(&admin, &slug, &back_body).await;
    assert_ne!(back, second);
    let (_, back_picture, _) = preview_png(&admin, &slug, "back").await;
    assert_eq!((back_picture.width(), back_picture.height()), (638, 1011));
    assert_ne!(back_picture, front);

    // accepting the back leaves the front's preview pending and the front cover alone
    let r = admin
        .post_json(
            &format!("/api/cards/{slug}/cover/accept-preview"),
            &json!({"side": "back"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let after = card(&admin, &slug).await;
    assert_eq!(after["back_cover_hash"], back);
    assert_eq!(after["back_cover_prompt"], "a paper boat on the sea");
    assert!(after["cover_hash"].is_null());
    assert_eq!(after["cover_prompt"], "");
    assert_eq!(preview(&admin, &slug, "front").await.status(), 200);
    assert_problem(preview(&admin, &slug, "back").await, 404).await;

    // after accepting, the same prompt still draws something new
    let third = generated(&admin, &slug, &back_body).await;
    assert_ne!(third, back);
}

#[tokio::test]
async fn bad_input_is_422_and_changes_nothing() {
    let app = spawn_app().await;
    let (admin, _, slug) = card_with(&app, "Rocket").await;
    let long = "a".repeat(1001);
    for (body, pointer) in [
        (json!({"prompt": ""}), "/prompt"),
        (json!({"prompt": "   "}), "/prompt"),
        (json!({"prompt": long}), "/prompt"),
        (json!({"prompt": "a rocket", "side": "sideways"}), "/side"),
        (json!({"side": "front"}), "/prompt"),
        (json!({"prompt": 7}), "/prompt"),
    ] {
        let problem = assert_problem(generate(&admin, &slug, &body).await, 422).await;
        assert_eq!(pointers(&problem), vec![pointer.to_owned()], "{body}");
    }
    assert_problem(preview(&admin, &slug, "sideways").await, 422).await;
    let r = admin
        .post_json(
            &format!("/api/cards/{slug}/cover/accept-preview"),
            &json!({"side": "top"}),
        )
        .await;
    assert_problem(r, 422).await;
    assert_eq!(preview_rows(&app).await, 0);
    assert!(card(&admin, &slug).await["cover_hash"].is_null());
    // 1000 characters is fine (counted as characters, not bytes)
    generated(&admin, &slug, &json!({"prompt": "é".repeat(1000)})).await;
}

#[tokio::test]
async fn only_editors_generate_see_and_accept_previews() {
    let app = spawn_app().await;
    let (admin, collection, slug) = card_with(&app, "Secret Garden").await;
    let (viewer, _) = app
        .member_of(&admin, &collection, "viewer@example.com", "viewer")
        .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    let (editor, editor_id) = app
        .member_of(&admin, &collection, "editor@example.com", "editor")
        .await;
    let body = json!({"prompt": "flowers"});
    generated(&admin, &slug, &body).await;
    for (who, status) in [(&viewer, 403), (&stranger, 404)] {
        // the role is checked before the body: a malformed body gets the same answer
        assert_problem(generate(who, &slug, &body).await, status).await;
        assert_problem(generate(who, &slug, &json!({"prompt": ""})).await, status).await;
        assert_problem(preview(who, &slug, "front").await, status).await;
        let r = who
            .post_empty(&format!("/api/cards/{slug}/cover/accept-preview"))
            .await;
        assert_problem(r, status).await;
    }
    assert!(card(&admin, &slug).await["cover_hash"].is_null());
    assert_eq!(preview_rows(&app).await, 1);

    // granted: an editor may; revoked: no longer
    let mine = generated(&editor, &slug, &body).await;
    assert_eq!(preview(&editor, &slug, "front").await.status(), 200);
    let r = admin
        .delete(&format!(
            "/api/collections/{collection}/members/{editor_id}"
        ))
        .await;
    assert!(r.status().is_success());
    assert_problem(generate(&editor, &slug, &body).await, 404).await;
    let r = editor
        .post_empty(&format!("/api/cards/{slug}/cover/accept-preview"))
        .await;
    assert_problem(r, 404).await;
    assert!(card(&admin, &slug).await["cover_hash"].is_null());
    let pending: String = sqlx::query_scalar("SELECT image_hash FROM cover_previews")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(pending, mine);

    let anon = app.anonymous();
    for r in [
        generate(&anon, &slug, &body).await,
        preview(&anon, &slug, "front").await,
        anon.post_empty(&format!("/api/cards/{slug}/cover/accept-preview"))
            .await,
    ] {
        assert_problem(r, 401).await;
    }
}

#[tokio::test]
async fn generation_is_rate_limited_per_user() {
    let app = spawn_app().await;
    let (admin, _, slug) = card_with(&app, "Busy").await;
    let (other, _) = app.new_user("other@example.com", "user").await;
    let mine = other.create_collection("Mine").await;
    let other_card = other
        .create_card(mine["id"].as_str().unwrap(), "Other")
        .await;
    let other_slug = other_card["slug"].as_str().unwrap();
    let body = json!({"prompt": "x"});
    let mut refused = None;
    for attempt in 0..40 {
        let r = generate(&admin, &slug, &body).await;
        if r.status() == 429 {
            refused = Some((attempt, r));
            break;
        }
        assert_eq!(r.status(), 200);
    }
    let (attempt, r) = refused.expect("refused within 40 generations");
    assert!(attempt >= 10, "the first ten pass ({attempt})");
    let retry: i64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1);
    assert_problem(r, 429).await;
    // another user is not held back (same address, own budget)
    assert_eq!(generate(&other, other_slug, &body).await.status(), 200);
}

#[tokio::test]
async fn a_users_image_provider_draws_the_preview_and_is_recorded() {
    let sim = cardsmith_llm_sim::spawn().await;
    let url = format!("openai={}", sim.base_url());
    let app = crate::support::helpers::spawn_app_with(&[
        "--ai-base-url",
        &url,
        "--allow-private-ai-urls",
        "--ai-timeout-secs",
        "5",
    ])
    .await;
    let (admin, _, slug) = card_with(&app, "Whale Song").await;
    let r = admin
        .post_json(
            "/api/settings/llm-providers",
            &json!({"provider": "openai", "model": "gpt-image-1", "api_key": sim.api_key(),
                    "budget_usd": 1.0, "enabled": true, "priority": 1}),
        )
        .await;
    assert_eq!(r.status(), 201);
    let hash = generated(&admin, &slug, &json!({"prompt": "a whale singing"})).await;
    let (provider, prompt): (String, String) =
        sqlx::query_as("SELECT provider, prompt FROM cover_previews")
            .fetch_one(app.core.db.pool())
            .await
            .unwrap();
    assert_eq!(
        (provider.as_str(), prompt.as_str()),
        ("openai", "a whale singing")
    );
    let images: Vec<_> = sim
        .calls()
        .into_iter()
        .filter(|c| c.path == "/v1/images/generations" && c.status == 200)
        .collect();
    assert_eq!(images.len(), 1, "one picture was asked for");
    // the provider's picture, cut and sized to the cover
    let r = preview(&admin, &slug, "front").await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["etag"], format!("\"{hash}\""));
    let picture = image::load_from_memory(&r.bytes().await.unwrap()).unwrap();
    assert_eq!((picture.width(), picture.height()), (638, 1011));
    let r = admin
        .post_empty(&format!("/api/cards/{slug}/cover/accept-preview"))
        .await;
    assert_eq!(r.status(), 200);
    assert_eq!(card(&admin, &slug).await["cover_hash"], hash);
}
