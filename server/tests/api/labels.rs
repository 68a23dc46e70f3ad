//! Label sheets and their share links (whose tokens are stored hashed).

use serde_json::{json, Value};

use crate::support::audio_fixtures::{bytes, tone};
use crate::support::helpers::{assert_problem, png_bytes, pointers, spawn_app, User};

#[tokio::test]
async fn labels_render_as_pdf_and_svg_and_are_private() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (other, _) = app.new_user("other@example.com", "user").await;
    let c = admin.create_collection("Labels").await;
    let id = c["id"].as_str().unwrap();
    admin.create_card(id, "Gute Nacht, Zoë").await;
    admin.create_card(id, "Plain").await;
    admin
        .upload("/api/cards/plain/cover", png_bytes(64, 64), "c.png")
        .await;

    let body =
        json!({"card_slugs": ["gute-nacht-zoe", "plain"], "format": "pdf", "page_size": "a4"});
    assert_problem(
        app.anonymous()
            .post_json("/api/labels/generate", &body)
            .await,
        401,
    )
    .await;
    assert_problem(other.post_json("/api/labels/generate", &body).await, 404).await;
    let r = admin.post_json("/api/labels/generate", &body).await;
    assert_eq!(r.status(), 201);
    let out: Value = r.json().await.unwrap();
    let filename = out["filename"].as_str().unwrap();
    assert!(filename.ends_with(".pdf"));
    let pdf = admin.get(out["url"].as_str().unwrap()).await;
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    assert_problem(other.get(&format!("/api/labels/{filename}")).await, 404).await;

    let svg: Value = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": ["plain"], "format": "svg", "page_size": "letter"}),
        )
        .await;
    let text = admin
        .get(svg["url"].as_str().unwrap())
        .await
        .text()
        .await
        .unwrap();
    assert!(text.contains("<svg") && text.contains("Plain"));

    // the chapter list is printed, on every page size
    add_track(&admin, "plain", "Ça va – Noël").await;
    for (page_size, format, content_type) in [
        ("card", "svg", "image/svg+xml"),
        ("avery-l7166", "svg", "image/svg+xml"),
        ("avery-5168", "pdf", "application/pdf"),
        ("card", "pdf", "application/pdf"),
    ] {
        let body = json!({"card_slugs": ["plain"], "format": format, "page_size": page_size});
        let out: Value = admin.post_for_json("/api/labels/generate", &body).await;
        let file = admin.get(out["url"].as_str().unwrap()).await;
        assert_eq!(file.status(), 200, "{page_size}");
        assert_eq!(file.headers()["content-type"], content_type, "{page_size}");
        let file = file.bytes().await.unwrap();
        if format == "svg" {
            let text = std::str::from_utf8(&file).unwrap();
            assert!(
                text.contains(">1.</text>"),
                "{page_size}: the chapter's number"
            );
            assert!(
                text.contains(">Ça va – Noël</text>"),
                "{page_size}: its title"
            );
            assert!(
                text.contains("image-rendering:pixelated"),
                "{page_size}: its icon (the drawn default)"
            );
        } else {
            assert!(file.starts_with(b"%PDF"), "{page_size}");
        }
    }

    let bad = admin
        .post_json(
            "/api/labels/generate",
            &json!({"card_slugs": [], "format": "doc", "page_size": "a5"}),
        )
        .await;
    assert_eq!(
        pointers(&assert_problem(bad, 422).await),
        ["/card_slugs", "/format", "/page_size"]
    );
}

/// Uploads a second of tone as a chapter of `card` named `title`.
async fn add_track(user: &User, card: &str, title: &str) {
    let file = reqwest::multipart::Part::bytes(bytes(&tone(1, "wav"))).file_name("tone.wav");
    let form = reqwest::multipart::Form::new()
        .text("title", title.to_owned())
        .part("file", file);
    let r = user
        .client
        .post(user.url(&format!("/api/cards/{card}/tracks")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
}

#[tokio::test]
async fn share_links_open_without_a_session_until_revoked() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Share").await;
    admin
        .create_card(c["id"].as_str().unwrap(), "Shared Card")
        .await;
    let out: Value = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": ["shared-card"], "format": "pdf", "page_size": "letter"}),
        )
        .await;
    let label_id = out["filename"]
        .as_str()
        .unwrap()
        .trim_end_matches(".pdf")
        .to_owned();
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(
        other
            .post_empty(&format!("/api/labels/{label_id}/share"))
            .await,
        404,
    )
    .await;
    let r = admin
        .post_empty(&format!("/api/labels/{label_id}/share"))
        .await;
    assert_eq!(r.status(), 201);
    let share: Value = r.json().await.unwrap();
    assert_eq!(share["label_id"], label_id.as_str());
    let public = share["url"].as_str().unwrap().to_owned();
    assert!(public.starts_with("/shared/labels/"));

    let stranger = app.anonymous();
    let opened = stranger.get(&public).await;
    assert_eq!(opened.status(), 200);
    assert!(opened.bytes().await.unwrap().starts_with(b"%PDF"));

    let second: Value = admin
        .post_empty(&format!(
            "/api/labels/{}/share",
            out["filename"].as_str().unwrap()
        ))
        .await
        .json()
        .await
        .unwrap();
    let listed: Vec<Value> = admin.get_list("/api/shares").await;
    assert_eq!(listed.len(), 2);
    assert!(other
        .get("/api/shares")
        .await
        .json::<Vec<Value>>()
        .await
        .unwrap()
        .is_empty());

    assert_problem(
        other
            .delete(&format!("/api/shares/{}", share["id"].as_str().unwrap()))
            .await,
        404,
    )
    .await;
    assert_eq!(
        admin
            .delete(&format!("/api/shares/{}", share["id"].as_str().unwrap()))
            .await
            .status(),
        204
    );
    assert_problem(stranger.get(&public).await, 404).await;
    assert_eq!(
        stranger.get(second["url"].as_str().unwrap()).await.status(),
        200
    );
    assert_eq!(admin.delete("/api/shares").await.status(), 204);
    assert_problem(stranger.get(second["url"].as_str().unwrap()).await, 404).await;
    assert!(admin
        .get("/api/shares")
        .await
        .json::<Vec<Value>>()
        .await
        .unwrap()
        .is_empty());
    assert_problem(app.anonymous().get("/api/shares").await, 401).await;
}

#[tokio::test]
async fn share_tokens_are_stored_hashed_and_links_still_work() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Share").await;
    admin.create_card(c["id"].as_str().unwrap(), "Shared").await;
    let out: Value = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": ["shared"], "format": "pdf", "page_size": "a4"}),
        )
        .await;
    let label_id = out["filename"].as_str().unwrap().trim_end_matches(".pdf");
    let share: Value = admin
        .post_for_json(&format!("/api/labels/{label_id}/share"), &json!({}))
        .await;
    let url = share["url"].as_str().unwrap().to_owned();
    let token = url.trim_start_matches("/shared/labels/").to_owned();
    let pool = app.core.db.pool();
    let dump: Vec<(String, String, String, String, Option<String>)> =
        sqlx::query_as("SELECT id, label_id, owner_id, token_hash, token_sealed FROM label_shares")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(dump.len(), 1);
    assert!(
        !format!("{dump:?}").contains(&token),
        "no plaintext token in the database"
    );
    assert_eq!(
        dump[0].3,
        cardsmith_core::media::store::sha256_hex(token.as_bytes())
    );
    let pdf = app.anonymous().get(&url).await;
    assert_eq!(pdf.status(), 200);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    let listed: Vec<Value> = admin.get_list("/api/shares").await;
    assert_eq!(
        listed[0]["url"],
        url.as_str(),
        "the owner still sees the link"
    );

    // a link stored before tokens were hashed is hashed at start and keeps working
    sqlx::query(
        "INSERT INTO label_shares (id, label_id, owner_id, token_hash, token_sealed, created_at)
         SELECT 'legacy-share', label_id, owner_id, 'legacy-plain-token', NULL, created_at
         FROM label_shares",
    )
    .execute(pool)
    .await
    .unwrap();
    let converted = cardsmith_core::labels::hash_legacy_share_tokens(&app.core)
        .await
        .unwrap();
    assert_eq!(converted, 1);
    let stored: String =
        sqlx::query_scalar("SELECT token_hash FROM label_shares WHERE id = 'legacy-share'")
            .fetch_one(pool)
            .await
            .unwrap();
    assert_ne!(stored, "legacy-plain-token");
    let legacy = app
        .anonymous()
        .get("/shared/labels/legacy-plain-token")
        .await;
    assert_eq!(legacy.status(), 200);
}
