//! Track icons: uploads become true 16x16 PNGs beside the kept picture, every chapter has a
//! drawn default, the icon counts toward the card's content hash, and roles apply.

use reqwest::Response;
use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tone, upload_track, wait_job};
use crate::support::helpers::{
    assert_problem, openapi_yaml, png_bytes, spawn_app, spawn_app_with, upload_ready_track, User,
};

/// A picture with transparency, wider than tall, so the crop and the alpha both matter.
fn rgba_png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        image::Rgba([
            (x % 256) as u8,
            (y % 256) as u8,
            90,
            if x < w / 2 { 0 } else { 255 },
        ])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn decoded(response: Response) -> image::DynamicImage {
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    image::load_from_memory(&response.bytes().await.unwrap()).expect("a PNG that decodes")
}

fn etag(response: &Response) -> String {
    response.headers()["etag"].to_str().unwrap().to_owned()
}

async fn card(user: &User, slug: &str) -> Value {
    user.get_json(&format!("/api/cards/{slug}")).await
}

#[tokio::test]
async fn uploaded_icons_are_16x16_and_change_the_content_hash() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Icon shelf").await;
    admin.create_card(c["id"].as_str().unwrap(), "Icons").await;
    let first = upload_track(&admin, "icons", &tone(1, "wav")).await;
    let second = upload_track(&admin, "icons", &tone(1, "wav")).await;
    let before = card(&admin, "icons").await;
    assert!(before["tracks"][0]["icon_path"].is_null(), "default icon");

    let r = admin
        .upload(
            "/api/cards/icons/tracks/1/icon",
            rgba_png(300, 200),
            "i.png",
        )
        .await;
    assert_eq!(r.status(), 200);
    let paths: Value = r.json().await.unwrap();
    let icon_path = paths["icon_path"].as_str().unwrap();
    let source_path = paths["icon_source_path"].as_str().unwrap();
    assert!(
        icon_path.starts_with("/api/cards/icons/icons/1?v="),
        "{icon_path}"
    );
    assert!(source_path.starts_with("/api/cards/icons/icons/1-full?v="));

    let icon = decoded(admin.get(icon_path).await).await;
    assert_eq!((icon.width(), icon.height()), (16, 16));
    assert!(icon.color().has_alpha(), "transparency is kept");
    let icon = icon.to_rgba8();
    assert_eq!(
        icon.get_pixel(0, 8)[3],
        0,
        "the transparent half stays clear"
    );
    assert_eq!(icon.get_pixel(15, 8)[3], 255);
    let full = decoded(admin.get(source_path).await).await;
    assert_eq!(
        (full.width(), full.height()),
        (300, 200),
        "kept as uploaded"
    );

    let after = card(&admin, "icons").await;
    assert_ne!(after["content_hash"], before["content_hash"]);
    assert_eq!(after["tracks"][0]["icon_path"], paths["icon_path"]);
    assert_eq!(
        after["tracks"][0]["icon_source_path"],
        paths["icon_source_path"]
    );
    assert!(after["tracks"][1]["icon_path"].is_null());

    // revalidation: the ETag names the bytes
    let r = admin.get("/api/cards/icons/icons/1").await;
    let tag = etag(&r);
    let cached = admin
        .client
        .get(admin.url("/api/cards/icons/icons/1"))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);

    // the icon belongs to the track, not to the position
    let r = admin
        .put_json(
            "/api/cards/icons/tracks/reorder",
            &json!({"positions": [second["slug"], first["slug"]]}),
        )
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(etag(&admin.get("/api/cards/icons/icons/2").await), tag);
    assert_ne!(etag(&admin.get("/api/cards/icons/icons/1").await), tag);
    let moved = card(&admin, "icons").await;
    assert!(moved["tracks"][1]["icon_path"]
        .as_str()
        .unwrap()
        .starts_with("/api/cards/icons/icons/2?v="));

    // a second upload replaces the icon and changes the hash again
    let r = admin
        .upload("/api/cards/icons/tracks/2/icon", png_bytes(40, 40), "j.png")
        .await;
    assert_eq!(r.status(), 200);
    assert_ne!(
        card(&admin, "icons").await["content_hash"],
        moved["content_hash"]
    );
}

#[tokio::test]
async fn chapters_without_an_icon_get_a_drawn_default() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Defaults").await;
    admin.create_card(c["id"].as_str().unwrap(), "Plain").await;
    upload_track(&admin, "plain", &tone(1, "wav")).await;

    let r = admin.get("/api/cards/plain/icons/1").await;
    let tag = etag(&r);
    let icon = decoded(r).await.to_rgba8();
    assert_eq!(icon.dimensions(), (16, 16));
    assert!(
        icon.pixels().filter(|p| p[3] == 255).count() > 200,
        "a filled tile"
    );
    let again = admin.get("/api/cards/plain/icons/1").await;
    assert_eq!(etag(&again), tag, "the same bytes every time");
    let cached = admin
        .client
        .get(admin.url("/api/cards/plain/icons/1"))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);

    let full = decoded(admin.get("/api/cards/plain/icons/1-full").await)
        .await
        .to_rgba8();
    assert_eq!(full.dimensions(), (256, 256));
    assert_eq!(full.get_pixel(8 * 16 + 5, 4 * 16 + 9), icon.get_pixel(8, 4));

    assert_problem(admin.get("/api/cards/plain/icons/2").await, 404).await;
    assert_problem(admin.get("/api/cards/plain/icons/0-full").await, 404).await;
    assert_problem(admin.get("/api/cards/plain/icons/one").await, 422).await;
    assert_problem(admin.get("/api/cards/plain/icons/1-small").await, 422).await;
    assert_problem(admin.get("/api/cards/nope/icons/1").await, 404).await;
}

/// The light pixels of a drawn default: its number (or initial), whatever the tile's colour.
async fn drawn_mark(user: &User, path: &str) -> Vec<(u32, u32)> {
    let icon = decoded(user.get(path).await).await.to_rgba8();
    icon.enumerate_pixels()
        .filter(|(_, _, p)| p[3] == 255 && p[0] > 200 && p[1] > 200 && p[2] > 200)
        .map(|(x, y, _)| (x, y))
        .collect()
}

/// A chapter's default icon shows its place on the card, not a number in its title, and
/// deleting a chapter moves the later ones up: the numbers stay 1, 2, 3 and follow.
#[tokio::test]
async fn default_icons_number_chapters_by_their_place() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Numbers").await;
    let id = c["id"].as_str().unwrap();
    admin.create_card(id, "Three").await;
    admin.create_card(id, "One").await;
    let mut slugs = Vec::new();
    for _ in 0..3 {
        slugs.push(
            upload_track(&admin, "three", &tone(1, "wav")).await["slug"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    upload_track(&admin, "one", &tone(1, "wav")).await;
    let title = json!({ "title": "07 Seven" });
    let path = format!("/api/cards/three/tracks/{}/title", slugs[0]);
    let renamed: Value = admin.put_json(&path, &title).await.json().await.unwrap();
    assert_eq!(renamed["title"], "07 Seven");
    let first = renamed["slug"].as_str().unwrap().to_owned();

    let one = drawn_mark(&admin, "/api/cards/one/icons/1").await;
    let two = drawn_mark(&admin, "/api/cards/three/icons/2").await;
    assert!(!one.is_empty() && one != two);
    assert_eq!(
        drawn_mark(&admin, "/api/cards/three/icons/1").await,
        one,
        "a 1, not the title's 7"
    );

    let r = admin
        .delete(&format!("/api/cards/three/tracks/{first}"))
        .await;
    assert_eq!(r.status(), 204);
    let tracks = admin.get_json("/api/cards/three").await["tracks"].clone();
    let positions: Vec<i64> = tracks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["position"].as_i64().unwrap())
        .collect();
    assert_eq!(positions, [1, 2], "the later chapters moved up");
    assert_eq!(tracks[0]["slug"], slugs[1].as_str());
    assert_eq!(drawn_mark(&admin, "/api/cards/three/icons/1").await, one);
    assert_eq!(drawn_mark(&admin, "/api/cards/three/icons/2").await, two);
    assert_problem(admin.get("/api/cards/three/icons/3").await, 404).await;
}

/// Chapters deleted at the same moment still leave the others numbered 1, 2, 3 in order.
#[tokio::test]
async fn chapters_deleted_at_once_leave_no_gap() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Gaps").await;
    admin.create_card(c["id"].as_str().unwrap(), "Six").await;
    let mut slugs = Vec::new();
    for _ in 0..6 {
        let track = upload_track(&admin, "six", &tone(1, "wav")).await;
        slugs.push(track["slug"].as_str().unwrap().to_owned());
    }
    let mut deletes = tokio::task::JoinSet::new();
    for i in [1, 2, 4] {
        let request = admin
            .client
            .delete(admin.url(&format!("/api/cards/six/tracks/{}", slugs[i])));
        deletes.spawn(async move { request.send().await.unwrap().status().as_u16() });
    }
    assert_eq!(deletes.join_all().await, [204, 204, 204]);
    let tracks = admin.get_json("/api/cards/six").await["tracks"].clone();
    let left: Vec<(i64, &str)> = tracks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["position"].as_i64().unwrap(), t["slug"].as_str().unwrap()))
        .collect();
    assert_eq!(
        left,
        [
            (1, slugs[0].as_str()),
            (2, slugs[3].as_str()),
            (3, slugs[5].as_str())
        ]
    );
}

#[tokio::test]
async fn icon_uploads_check_roles_position_and_content() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let c = admin.create_collection("Guarded").await;
    let id = c["id"].as_str().unwrap();
    let (viewer, _) = app
        .member_of(&admin, id, "viewer@example.com", "viewer")
        .await;
    admin.create_card(id, "Kept").await;
    upload_track(&admin, "kept", &tone(1, "wav")).await;
    let before = card(&admin, "kept").await;

    let anon = app.anonymous();
    assert_problem(anon.get("/api/cards/kept/icons/1").await, 401).await;
    assert_problem(
        anon.upload("/api/cards/kept/tracks/1/icon", png_bytes(8, 8), "a.png")
            .await,
        401,
    )
    .await;
    assert_eq!(viewer.get("/api/cards/kept/icons/1").await.status(), 200);
    assert_problem(
        viewer
            .upload("/api/cards/kept/tracks/1/icon", png_bytes(8, 8), "a.png")
            .await,
        403,
    )
    .await;

    let upload = |path: &'static str, bytes: Vec<u8>| admin.upload(path, bytes, "x.png");
    assert_problem(
        upload("/api/cards/kept/tracks/2/icon", png_bytes(8, 8)).await,
        404,
    )
    .await;
    assert_problem(
        upload("/api/cards/kept/tracks/two/icon", png_bytes(8, 8)).await,
        422,
    )
    .await;
    assert_problem(
        upload(
            "/api/cards/kept/tracks/1/icon",
            b"%PDF-1.4 not an image".to_vec(),
        )
        .await,
        415,
    )
    .await;
    assert_eq!(
        card(&admin, "kept").await["content_hash"],
        before["content_hash"],
        "refused uploads change nothing"
    );
}

#[tokio::test]
async fn oversized_icons_are_413() {
    let app = spawn_app_with(&["--max-image-bytes", "2000"]).await;
    let admin = app.admin().await;
    let c = admin.create_collection("Big icons").await;
    admin.create_card(c["id"].as_str().unwrap(), "Huge").await;
    upload_track(&admin, "huge", &tone(1, "wav")).await;
    let big = rgba_png(400, 400);
    assert!(big.len() > 2000);
    assert_problem(
        admin
            .upload("/api/cards/huge/tracks/1/icon", big, "big.png")
            .await,
        413,
    )
    .await;
}

#[tokio::test]
async fn an_edited_track_keeps_its_icon() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card_slug = card_for(&admin, "Edited").await;
    let t = upload_ready_track(&admin, &card_slug, &tone(2, "wav")).await;
    let slug = t["slug"].as_str().unwrap();
    let r = admin
        .upload(
            &format!("/api/cards/{card_slug}/tracks/1/icon"),
            png_bytes(24, 24),
            "i.png",
        )
        .await;
    let paths: Value = r.json().await.unwrap();

    let r = admin
        .post_json(
            &format!("/api/cards/{card_slug}/tracks/{slug}/trim"),
            &json!({"start": 0.2, "end": 1.0}),
        )
        .await;
    assert_eq!(r.status(), 202);
    let job: Value = r.json().await.unwrap();
    let done = wait_job(&admin, job["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let after = card(&admin, &card_slug).await;
    assert_ne!(
        after["tracks"][0]["id"], t["id"],
        "the trim made a new track"
    );
    assert_eq!(after["tracks"][0]["icon_path"], paths["icon_path"]);
}

#[tokio::test]
async fn icon_operations_are_documented() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    for needle in [
        "/cards/{slug}/icons/{position}:",
        "/cards/{slug}/icons/{position}-full:",
        "/cards/{slug}/tracks/{position}/icon:",
        "operationId: get-track-icon-full",
        "TrackIconOut:",
    ] {
        assert!(yaml.contains(needle), "openapi.yaml lacks {needle}");
    }
}
