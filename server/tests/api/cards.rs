//! Cards: CRUD, slugs (never shadowing fixed routes), home moves, covers (formats, limits,
//! metadata), playback, aggregates.

use serde_json::{json, Value};

use crate::support::audio_fixtures::{bytes, tone};
use crate::support::helpers::{
    assert_problem, jpeg_bytes, png_bytes, pointers, spawn_app, spawn_app_with,
};

#[tokio::test]
async fn cards_are_created_read_edited_and_deleted() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Stories").await;
    let id = c["id"].as_str().unwrap();
    assert_problem(app.anonymous().get("/api/cards").await, 401).await;

    let card = admin.create_card(id, "The Big Bear").await;
    assert_eq!(card["slug"], "the-big-bear");
    assert_eq!(card["collection_slug"], "stories");
    assert_eq!(card["collection_name"], "Stories");
    assert_eq!(card["track_count"], 0);
    assert_eq!(card["total_duration_s"], 0);
    assert_eq!(card["source_types"], json!([]));
    assert!(card["cover_hash"].is_null());
    assert_eq!(card["content_hash"].as_str().unwrap().len(), 64);

    let dup = admin.create_card(id, "The Big Bear").await;
    assert_eq!(dup["slug"], "the-big-bear-2");
    let taken = admin
        .post_json(
            &format!("/api/collections/{id}/cards"),
            &json!({"title": "X", "description": "", "slug": "the-big-bear"}),
        )
        .await;
    assert_problem(taken, 409).await;
    let bad = admin
        .post_json(
            &format!("/api/collections/{id}/cards"),
            &json!({"title": " ", "description": 3}),
        )
        .await;
    assert_problem(bad, 422).await;
    let avail: Value = admin
        .get_json("/api/cards/slug-available?slug=the-big-bear")
        .await;
    assert_eq!(avail["available"], false);

    let detail: Value = admin.get_json("/api/cards/the-big-bear").await;
    assert_eq!(detail["tracks"], json!([]));
    assert_eq!(detail["title"], "The Big Bear");

    let before = detail["content_hash"].clone();
    let r = admin
        .put_json(
            "/api/cards/the-big-bear",
            &json!({"title": "The Bigger Bear", "description": "New", "author": "Mum"}),
        )
        .await;
    assert_eq!(r.status(), 204);
    let after: Value = admin.get_json("/api/cards/the-big-bear").await;
    assert_eq!(after["author"], "Mum");
    assert_ne!(
        after["content_hash"], before,
        "publishable change, new hash"
    );

    assert_eq!(
        admin
            .put_json(
                "/api/cards/the-big-bear/slug",
                &json!({"slug": "bigger-bear"})
            )
            .await
            .status(),
        204
    );
    assert_problem(admin.get("/api/cards/the-big-bear").await, 404).await;
    assert_problem(
        admin
            .put_json(
                "/api/cards/bigger-bear/slug",
                &json!({"slug": "the-big-bear-2"}),
            )
            .await,
        409,
    )
    .await;
    let unchanged: Value = admin.get_json("/api/cards/bigger-bear").await;
    assert_eq!(
        unchanged["content_hash"], after["content_hash"],
        "a slug is not published content"
    );

    let all: Vec<Value> = admin.get_list("/api/cards").await;
    assert_eq!(all.len(), 2);
    assert_eq!(admin.delete("/api/cards/bigger-bear").await.status(), 204);
    assert_problem(admin.delete("/api/cards/bigger-bear").await, 404).await;
}

#[tokio::test]
async fn moving_home_needs_the_homes_owner_and_an_editor_of_the_new_one() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (friend, _) = app.new_user("friend@example.com", "user").await;
    let a = admin.create_collection("A").await;
    let b = admin.create_collection("B").await;
    let theirs = friend.create_collection("Theirs").await;
    admin.create_card(a["id"].as_str().unwrap(), "Mover").await;
    let r = admin
        .put_json("/api/cards/mover/home", &json!({"collection_id": b["id"]}))
        .await;
    assert_eq!(r.status(), 204);
    let moved: Value = admin.get_json("/api/cards/mover").await;
    assert_eq!(moved["collection_id"], b["id"]);
    assert_problem(
        admin
            .put_json(
                "/api/cards/mover/home",
                &json!({"collection_id": theirs["id"]}),
            )
            .await,
        404,
    )
    .await;
    assert_problem(
        friend
            .put_json(
                "/api/cards/mover/home",
                &json!({"collection_id": theirs["id"]}),
            )
            .await,
        404,
    )
    .await;
    let missing = admin
        .put_json("/api/cards/mover/home", &json!({"collection_id": ""}))
        .await;
    assert_eq!(
        pointers(&assert_problem(missing, 422).await),
        ["/collection_id"]
    );
    // an editor cannot take the card into a collection of their own: the owner keeps it
    assert_eq!(
        admin
            .add_member(b["id"].as_str().unwrap(), "friend@example.com", "editor")
            .await
            .status(),
        204
    );
    let taken = friend
        .put_json(
            "/api/cards/mover/home",
            &json!({"collection_id": theirs["id"]}),
        )
        .await;
    assert_problem(taken, 403).await;
    let kept: Value = admin.get_json("/api/cards/mover").await;
    assert_eq!(kept["collection_id"], b["id"]);
    // the home's owner may move it into a collection where they are an editor
    assert_eq!(
        friend
            .add_member(
                theirs["id"].as_str().unwrap(),
                "admin@example.com",
                "editor"
            )
            .await
            .status(),
        204
    );
    let r = admin
        .put_json(
            "/api/cards/mover/home",
            &json!({"collection_id": theirs["id"]}),
        )
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(
        friend.get_json("/api/cards/mover").await["collection_id"],
        theirs["id"]
    );
}

#[tokio::test]
async fn covers_accept_images_strip_metadata_and_revalidate() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Covers").await;
    admin.create_card(c["id"].as_str().unwrap(), "Pretty").await;
    assert_problem(admin.get("/api/cards/pretty/cover").await, 404).await;

    // A JPEG carrying an EXIF block with a secret in it.
    let mut jpeg = jpeg_bytes(32, 32);
    let secret = b"Exif\0\0GPS-SECRET-LOCATION";
    let mut app1 = vec![0xFF, 0xE1];
    app1.extend_from_slice(&((secret.len() + 2) as u16).to_be_bytes());
    app1.extend_from_slice(secret);
    jpeg.splice(2..2, app1);
    assert_eq!(
        admin
            .upload("/api/cards/pretty/cover", jpeg, "front.jpg")
            .await
            .status(),
        204
    );
    let front = admin.get("/api/cards/pretty/cover").await;
    assert_eq!(front.status(), 200);
    assert_eq!(front.headers()["content-type"], "image/jpeg");
    let etag = front.headers()["etag"].to_str().unwrap().to_owned();
    let body = front.bytes().await.unwrap();
    assert!(
        !body.windows(10).any(|w| w == b"GPS-SECRET"),
        "metadata must be stripped"
    );
    let card: Value = admin.get_json("/api/cards/pretty").await;
    assert_eq!(
        format!("\"{}\"", card["cover_hash"].as_str().unwrap()),
        etag
    );
    let cached = admin
        .client
        .get(admin.url("/api/cards/pretty/cover"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);

    assert_eq!(
        admin
            .upload(
                "/api/cards/pretty/cover?side=back",
                png_bytes(16, 16),
                "back.png"
            )
            .await
            .status(),
        204
    );
    let back = admin.get("/api/cards/pretty/cover?side=back").await;
    // an opaque PNG is stored as JPEG (bounded size; the platform takes JPEG covers)
    assert_eq!(back.headers()["content-type"], "image/jpeg");
    let after: Value = admin.get_json("/api/cards/pretty").await;
    assert!(after["back_cover_hash"].is_string());
    assert_eq!(after["cover_hash"], card["cover_hash"]);
    assert_problem(
        admin.get("/api/cards/pretty/cover?side=sideways").await,
        422,
    )
    .await;

    let not_image = admin
        .upload(
            "/api/cards/pretty/cover",
            b"%PDF-1.4 not an image".to_vec(),
            "x.png",
        )
        .await;
    assert_problem(not_image, 415).await;
    let empty = admin
        .client
        .post(admin.url("/api/cards/pretty/cover"))
        .header("content-type", "image/png")
        .body(png_bytes(4, 4))
        .send()
        .await
        .unwrap();
    assert_problem(empty, 415).await;
    let unchanged: Value = admin.get_json("/api/cards/pretty").await;
    assert_eq!(
        unchanged["cover_hash"], card["cover_hash"],
        "failed uploads change nothing"
    );
}

#[tokio::test]
async fn oversized_covers_are_413() {
    let app = spawn_app_with(&["--max-image-bytes", "2000"]).await;
    let admin = app.admin().await;
    let c = admin.create_collection("Big").await;
    admin.create_card(c["id"].as_str().unwrap(), "Huge").await;
    let big = jpeg_bytes(400, 400);
    assert!(big.len() > 2000);
    assert_problem(
        admin.upload("/api/cards/huge/cover", big, "big.jpg").await,
        413,
    )
    .await;
    let way_bigger = vec![0u8; 200_000];
    assert_problem(
        admin
            .upload("/api/cards/huge/cover", way_bigger, "big.jpg")
            .await,
        413,
    )
    .await;
}

#[tokio::test]
async fn playback_settings_round_trip_with_validation() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Play").await;
    let id = c["id"].as_str().unwrap();
    let (viewer, _) = app.member_of(&admin, id, "v@example.com", "viewer").await;
    admin.create_card(id, "Loop").await;
    let defaults: Value = viewer.get_json("/api/cards/loop/playback").await;
    assert_eq!(
        defaults,
        json!({"autoadvance": "next", "shuffle": "off", "overlay_timeout": 5, "resume_timeout": 3600})
    );
    let wanted = json!({"autoadvance": "repeat", "shuffle": "on", "overlay_timeout": 10, "resume_timeout": 60});
    assert_problem(
        viewer.put_json("/api/cards/loop/playback", &wanted).await,
        403,
    )
    .await;
    let before: Value = admin.get_json("/api/cards/loop").await;
    assert_eq!(
        admin
            .put_json("/api/cards/loop/playback", &wanted)
            .await
            .status(),
        204
    );
    assert_eq!(viewer.get_json("/api/cards/loop/playback").await, wanted);
    let after: Value = admin.get_json("/api/cards/loop").await;
    assert_ne!(before["content_hash"], after["content_hash"]);
    let bad = admin.put_json("/api/cards/loop/playback", &json!({"autoadvance": "sometimes", "shuffle": "on", "overlay_timeout": -1, "resume_timeout": 60})).await;
    assert_eq!(
        pointers(&assert_problem(bad, 422).await),
        ["/autoadvance", "/overlay_timeout"]
    );
}

#[tokio::test]
async fn slugs_never_shadow_fixed_routes() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Routes").await;
    let id = collection["id"].as_str().unwrap();
    let card = admin.create_card(id, "Slug available").await;
    assert_eq!(card["slug"], "slug-available-2");
    let r = admin
        .post_json(
            &format!("/api/collections/{id}/cards"),
            &json!({"title": "Import", "description": "", "slug": "import-from-player"}),
        )
        .await;
    let problem = assert_problem(r, 422).await;
    assert!(problem.to_string().contains("/slug"), "{problem}");
    let r = admin
        .put_json(
            "/api/cards/slug-available-2/slug",
            &json!({"slug": "slug-available"}),
        )
        .await;
    assert_problem(r, 422).await;
    // the card is reachable by its slug, and so are the fixed routes
    let fetched: Value = admin.get_json("/api/cards/slug-available-2").await;
    assert_eq!(fetched["title"], "Slug available");

    let upload = admin
        .upload(
            "/api/cards/slug-available-2/tracks",
            bytes(&tone(1, "wav")),
            "Stream.wav",
        )
        .await;
    assert_eq!(upload.status(), 201);
    let track: Value = upload.json().await.unwrap();
    assert_eq!(track["slug"], "stream-2");
    let r = admin
        .put_json(
            "/api/cards/slug-available-2/tracks/stream-2/slug",
            &json!({"slug": "tts"}),
        )
        .await;
    assert_problem(r, 422).await;
    let r = admin
        .get("/api/cards/slug-available-2/tracks/slug-available?slug=reorder")
        .await;
    assert_problem(r, 422).await;
}

/// The lists read each card as one JSON object the database writes, a single card as
/// columns: both say the same, to the character, on SQLite and on PostgreSQL.
#[tokio::test]
async fn a_card_reads_the_same_in_the_lists_as_alone() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shelf = admin.create_collection("Shelf").await;
    let shelf_id = shelf["id"].as_str().unwrap();
    let r = admin
        .post_json(
            &format!("/api/collections/{shelf_id}/cards"),
            &json!({
                "title": "Mia's \"Boat\" \\ 🚣 — über",
                "description": "line one\nline\ttwo, </script> & 'quotes'",
                "author": "Ñandú",
            }),
        )
        .await;
    assert_eq!(r.status(), 201);
    let slug = r.json::<Value>().await.unwrap()["slug"]
        .as_str()
        .unwrap()
        .to_owned();
    let alone: Value = admin.get_json(&format!("/api/cards/{slug}")).await;
    let listed = admin.get_list("/api/cards").await;
    let in_shelf = admin
        .get_list(&format!("/api/collections/{shelf_id}/cards"))
        .await;
    for list in [listed, in_shelf] {
        let found = list.iter().find(|c| c["slug"] == slug.as_str()).unwrap();
        for (key, value) in found.as_object().unwrap() {
            if let Some(single) = alone.get(key) {
                assert_eq!(single, value, "{key}");
            }
        }
        assert_eq!(found["title"], "Mia's \"Boat\" \\ 🚣 — über");
        assert_eq!(found["total_duration_s"], 0);
        assert_eq!(found["viewer_role"], "owner");
    }
}
