//! Generated chapter icons over REST: theme suggestion and approval, icons for every chapter
//! in the theme's colours (keywords pick the glyph), uploaded icons kept, variations
//! previewed and selected, bad input refused with nothing changed, roles, the rate limit, and
//! a text model's pixel grid (from the provider simulator) rendered exactly.

use cardsmith_core::icon_generation::library;
use cardsmith_core::icon_generation::render::render;
use cardsmith_core::icon_generation::theme::Style;
use cardsmith_core::media::colour::parse_hex;
use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tone};
use crate::support::helpers::{
    assert_problem, png_bytes, spawn_app, spawn_app_with, upload_ready_track, TestApp, User,
};

const NIGHT: [&str; 5] = ["#101828", "#2e3a6e", "#5b6bbf", "#c9c3f5", "#f6e27a"];

/// A card with chapters titled `titles`, in order; answers its slug.
async fn card_with(user: &User, name: &str, titles: &[&str]) -> String {
    let slug = card_for(user, name).await;
    for title in titles {
        let track = upload_ready_track(user, &slug, &tone(1, "wav")).await;
        let track_slug = track["slug"].as_str().unwrap();
        let r = user
            .put_json(
                &format!("/api/cards/{slug}/tracks/{track_slug}/title"),
                &json!({ "title": title }),
            )
            .await;
        assert_eq!(r.status(), 200, "title {title}");
    }
    slug
}

async fn approve(user: &User, slug: &str, colors: &[&str], style: &str) {
    let r = user
        .put_json(
            &format!("/api/cards/{slug}/icons/theme"),
            &json!({"colors": colors, "palette_name": "Moonlit night", "style": style}),
        )
        .await;
    assert_eq!(r.status(), 204, "{}", r.text().await.unwrap());
}

async fn png_at(user: &User, path: &str) -> (Vec<u8>, image::RgbaImage) {
    let r = user.get(path).await;
    assert_eq!(r.status(), 200, "{path}");
    assert_eq!(r.headers()["content-type"], "image/png");
    let bytes = r.bytes().await.unwrap().to_vec();
    let decoded = image::load_from_memory(&bytes).unwrap();
    assert_eq!(
        decoded.color(),
        image::ColorType::Rgba8,
        "RGBA, not a palette"
    );
    assert_eq!((decoded.width(), decoded.height()), (16, 16));
    (bytes, decoded.to_rgba8())
}

fn only_colours(icon: &image::RgbaImage, colors: &[&str]) {
    let allowed: Vec<[u8; 3]> = colors.iter().map(|c| parse_hex(c).unwrap()).collect();
    for p in icon.pixels() {
        assert!(
            p[3] == 0 || (p[3] == 255 && allowed.contains(&[p[0], p[1], p[2]])),
            "{p:?} is not a theme colour"
        );
    }
    assert!(icon.pixels().any(|p| p[3] == 255), "something is drawn");
}

async fn generate(user: &User, slug: &str) -> Value {
    let r = user
        .post_empty(&format!("/api/cards/{slug}/icons/generate"))
        .await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

async fn icon_theme(app: &TestApp, slug: &str) -> Option<String> {
    sqlx::query_scalar("SELECT icon_theme FROM cards WHERE slug = $1")
        .bind(slug)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_suggested_theme_is_approved_and_every_icon_uses_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_with(
        &admin,
        "Goodnight stories",
        &["The Moon", "A cat naps", "Chapter 3"],
    )
    .await;

    let r = admin
        .post_empty(&format!("/api/cards/{slug}/icons/theme"))
        .await;
    assert_eq!(r.status(), 200);
    let suggested: Value = r.json().await.unwrap();
    let palettes = suggested["palettes"].as_array().unwrap();
    assert!(palettes.len() >= 3, "{suggested}");
    for p in palettes {
        let colors = p["colors"].as_array().unwrap();
        assert!((4..=8).contains(&colors.len()));
        assert!(
            colors
                .iter()
                .all(|c| parse_hex(c.as_str().unwrap()).is_some()),
            "{p}"
        );
        assert!(!p["name"].as_str().unwrap().is_empty());
        assert!(["pixel", "flat", "tile"].contains(&p["style"].as_str().unwrap()));
    }
    assert_eq!(
        palettes[0]["name"], "Moonlit night",
        "the words call for the night"
    );
    assert!(
        icon_theme(&app, &slug).await.is_none(),
        "a suggestion stores nothing"
    );
    let card = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert!(
        card.get("icon_theme").is_none(),
        "no theme approved yet: {card}"
    );

    approve(&admin, &slug, &NIGHT, "pixel").await;
    let stored: Value = serde_json::from_str(&icon_theme(&app, &slug).await.unwrap()).unwrap();
    assert_eq!(stored["palette_name"], "Moonlit night");
    assert_eq!(stored["colors"][0], "#101828");

    let before = admin.get_json(&format!("/api/cards/{slug}")).await;
    // the card says which theme is approved (the Icons panel shows it after a reload)
    assert_eq!(before["icon_theme"]["name"], "Moonlit night");
    assert_eq!(before["icon_theme"]["style"], "pixel");
    assert_eq!(before["icon_theme"]["colors"][0], "#101828");
    let done = generate(&admin, &slug).await;
    assert_eq!(done["generated"], 3, "{done}");
    for position in 1..=3 {
        let (_, icon) = png_at(&admin, &format!("/api/cards/{slug}/icons/{position}")).await;
        only_colours(&icon, &NIGHT);
    }
    // "The Moon" is the library's moon, drawn in the theme as is
    let palette: Vec<[u8; 3]> = NIGHT.iter().map(|c| parse_hex(c).unwrap()).collect();
    let moon = render(library::named("moon").unwrap(), &palette, Style::Pixel, 0);
    let (_, first) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    assert_eq!(first, moon);
    let cat = render(library::named("cat").unwrap(), &palette, Style::Pixel, 0);
    let (_, second) = png_at(&admin, &format!("/api/cards/{slug}/icons/2")).await;
    assert_eq!(second, cat);
    // the enlarged picture is kept for -full
    let full = admin.get(&format!("/api/cards/{slug}/icons/1-full")).await;
    let full = image::load_from_memory(&full.bytes().await.unwrap()).unwrap();
    assert_eq!((full.width(), full.height()), (256, 256));

    let after = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_ne!(
        after["content_hash"], before["content_hash"],
        "icons are published"
    );
    assert!(after["tracks"][0]["icon_path"].is_string());

    // the same again draws the same icons; a sample draws two
    assert_eq!(generate(&admin, &slug).await["generated"], 3);
    let (_, again) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    assert_eq!(again, moon);
    let r = admin
        .post_empty(&format!("/api/cards/{slug}/icons/sample"))
        .await;
    assert_eq!(r.status(), 200);
    let sample: Value = r.json().await.unwrap();
    assert_eq!(sample["generated"], 2, "{sample}");

    // another style: flat icons are still only theme colours, and differ
    approve(&admin, &slug, &NIGHT[..3], "tile").await;
    generate(&admin, &slug).await;
    let (_, tiled) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    only_colours(&tiled, &NIGHT[..3]);
    assert_ne!(tiled, moon);
}

#[tokio::test]
async fn uploaded_icons_are_kept_by_batches_and_replaced_on_request() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_with(&admin, "Kept icons", &["Own picture", "The sun"]).await;
    let r = admin
        .upload(
            &format!("/api/cards/{slug}/tracks/1/icon"),
            png_bytes(40, 40),
            "i.png",
        )
        .await;
    assert_eq!(r.status(), 200);
    let (own, _) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;

    let done = generate(&admin, &slug).await;
    assert_eq!(done["generated"], 1, "{done}");
    assert!(
        done["message"].as_str().unwrap().contains("Own picture"),
        "{done}"
    );
    let (still, _) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    assert_eq!(still, own, "the uploaded icon is untouched");

    // one chapter on request: replaced, and regenerating again changes it again
    let r = admin
        .post_empty(&format!("/api/cards/{slug}/icons/1/regenerate"))
        .await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["generated"], 1);
    let (first, _) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    assert_ne!(first, own);
    admin
        .post_empty(&format!("/api/cards/{slug}/icons/1/regenerate"))
        .await;
    let (second, _) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    assert_ne!(second, first, "a regenerated icon is a new one");
    // now generated, the chapter is the batch's again
    assert_eq!(generate(&admin, &slug).await["generated"], 2);

    let r = admin
        .post_empty(&format!("/api/cards/{slug}/icons/9/regenerate"))
        .await;
    assert_problem(r, 404).await;
    let r = admin
        .post_empty(&format!("/api/cards/{slug}/icons/x/regenerate"))
        .await;
    assert_problem(r, 422).await;
}

#[tokio::test]
async fn variations_are_previewed_and_one_is_selected() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_with(&admin, "Variations", &["The owl and the star"]).await;
    approve(&admin, &slug, &NIGHT, "pixel").await;
    let base = format!("/api/cards/{slug}/icons/1");
    let (original, _) = png_at(&admin, &base).await;

    let r = admin
        .post_json(&format!("{base}/variations"), &json!({"count": 4}))
        .await;
    assert_eq!(r.status(), 200);
    let made: Value = r.json().await.unwrap();
    assert_eq!(
        made,
        json!({"count": 4, "estimated_usd": 0.0}),
        "offline is free"
    );
    let mut previews = Vec::new();
    for index in 0..4 {
        let (bytes, icon) = png_at(&admin, &format!("{base}/preview/{index}")).await;
        only_colours(&icon, &NIGHT);
        assert!(!previews.contains(&bytes), "candidate {index} differs");
        previews.push(bytes);
    }
    assert_problem(admin.get(&format!("{base}/preview/4")).await, 404).await;
    let (unchanged, _) = png_at(&admin, &base).await;
    assert_eq!(unchanged, original, "variations do not change the icon");

    let r = admin
        .post_json(&format!("{base}/select"), &json!({"index": 2}))
        .await;
    assert_eq!(r.status(), 204);
    let (selected, _) = png_at(&admin, &base).await;
    assert_eq!(selected, previews[2]);

    // bad input: nothing changes
    for body in [
        json!({"count": 0}),
        json!({"count": 9}),
        json!({"count": 2, "prompt": "x".repeat(301)}),
        json!({}),
    ] {
        let r = admin.post_json(&format!("{base}/variations"), &body).await;
        assert_problem(r, 422).await;
    }
    let (bytes, _) = png_at(&admin, &format!("{base}/preview/3")).await;
    assert_eq!(bytes, previews[3], "the candidates stay");
    assert_problem(
        admin
            .post_json(&format!("{base}/select"), &json!({"index": 8}))
            .await,
        422,
    )
    .await;
    assert_problem(
        admin
            .post_json(&format!("{base}/select"), &json!({"index": -1}))
            .await,
        422,
    )
    .await;

    // a new batch replaces the old one; a prompt steers it
    let r = admin
        .post_json(
            &format!("{base}/variations"),
            &json!({"count": 2, "prompt": "a rocket"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    assert_problem(admin.get(&format!("{base}/preview/2")).await, 404).await;
    assert_problem(
        admin
            .post_json(&format!("{base}/select"), &json!({"index": 3}))
            .await,
        404,
    )
    .await;
    let (_, rocket) = png_at(&admin, &format!("{base}/preview/0")).await;
    let palette: Vec<[u8; 3]> = NIGHT.iter().map(|c| parse_hex(c).unwrap()).collect();
    assert_eq!(
        rocket,
        render(library::named("rocket").unwrap(), &palette, Style::Pixel, 0)
    );
    let (still, _) = png_at(&admin, &base).await;
    assert_eq!(still, previews[2], "the selected icon stays");
}

#[tokio::test]
async fn bad_themes_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_for(&admin, "Bad themes").await;
    let path = format!("/api/cards/{slug}/icons/theme");
    for body in [
        json!({"colors": ["#101010"], "palette_name": "One", "style": "pixel"}),
        json!({"colors": vec!["#101010"; 9], "palette_name": "Nine", "style": "pixel"}),
        json!({"colors": ["#101010", "red"], "palette_name": "Named", "style": "pixel"}),
        json!({"colors": ["#101010", "#fff"], "palette_name": "Short", "style": "pixel"}),
        json!({"colors": ["#101010", "#ffffff"], "palette_name": "  ", "style": "pixel"}),
        json!({"colors": ["#101010", "#ffffff"], "palette_name": "n".repeat(61), "style": "pixel"}),
        json!({"colors": ["#101010", "#ffffff"], "palette_name": "Style", "style": "shiny"}),
        json!({"colors": ["#101010", "#ffffff"], "palette_name": "Missing"}),
    ] {
        let r = admin.put_json(&path, &body).await;
        assert_problem(r, 422).await;
    }
    assert!(icon_theme(&app, &slug).await.is_none());
    // generating with no chapters draws nothing
    let done = generate(&admin, &slug).await;
    assert_eq!(done["generated"], 0);
}

/// The statuses of every icon generation operation on chapter 1 of `slug`, called by `who`.
async fn calls(who: &User, slug: &str) -> Vec<u16> {
    let theme = json!({"colors": NIGHT, "palette_name": "Night", "style": "pixel"});
    let p = |rest: &str| format!("/api/cards/{slug}/icons{rest}");
    vec![
        who.post_empty(&p("/theme")).await.status().as_u16(),
        who.put_json(&p("/theme"), &theme).await.status().as_u16(),
        who.post_empty(&p("/generate")).await.status().as_u16(),
        who.post_empty(&p("/sample")).await.status().as_u16(),
        who.post_empty(&p("/1/regenerate")).await.status().as_u16(),
        who.post_json(&p("/1/variations"), &json!({"count": 1}))
            .await
            .status()
            .as_u16(),
        who.get(&p("/1/preview/0")).await.status().as_u16(),
        who.post_json(&p("/1/select"), &json!({"index": 0}))
            .await
            .status()
            .as_u16(),
    ]
}

#[tokio::test]
async fn only_editors_of_the_card_generate() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (stranger, _) = app.new_user("icon-stranger@example.com", "user").await;
    let collection = admin.create_collection("Shared icons").await;
    let cid = collection["id"].as_str().unwrap();
    let card = admin.create_card(cid, "Shared").await;
    let slug = card["slug"].as_str().unwrap();
    upload_ready_track(&admin, slug, &tone(1, "wav")).await;
    assert_eq!(calls(&stranger, slug).await, vec![404; 8]);
    assert_eq!(calls(&app.anonymous(), slug).await, vec![401; 8]);
    let (member, member_id) = app
        .member_of(&admin, cid, "icon-member@example.com", "viewer")
        .await;
    assert_eq!(calls(&member, slug).await, vec![403; 8]);
    // granted: an editor does everything
    let r = admin
        .put_json(
            &format!("/api/collections/{cid}/members/{member_id}"),
            &json!({"role": "editor"}),
        )
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(
        calls(&member, slug).await,
        vec![200, 204, 200, 200, 200, 200, 200, 204]
    );
    // revoked: the card is gone for them
    let r = admin
        .delete(&format!("/api/collections/{cid}/members/{member_id}"))
        .await;
    assert_eq!(r.status(), 204);
    assert_eq!(calls(&member, slug).await, vec![404; 8]);
}

#[tokio::test]
async fn generation_is_rate_limited_per_user() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_for(&admin, "Busy").await;
    let mut refused = None;
    for _ in 0..40 {
        let r = admin
            .post_empty(&format!("/api/cards/{slug}/icons/sample"))
            .await;
        if r.status() == 429 {
            refused = Some(r);
            break;
        }
        assert_eq!(r.status(), 200);
    }
    let r = refused.expect("the limit is reached");
    assert!(r.headers().contains_key("retry-after"));
    assert_problem(r, 429).await;
    // approving is not generating
    let r = admin
        .put_json(
            &format!("/api/cards/{slug}/icons/theme"),
            &json!({"colors": NIGHT, "palette_name": "Night", "style": "flat"}),
        )
        .await;
    assert_eq!(r.status(), 204);
}

/// An app whose OpenAI-compatible providers answer at a fresh simulator.
async fn app_with_sim() -> (TestApp, cardsmith_llm_sim::SimHandle) {
    let sim = cardsmith_llm_sim::spawn().await;
    let url = format!("openai={}", sim.base_url());
    let app = spawn_app_with(&[
        "--ai-base-url",
        &url,
        "--allow-private-ai-urls",
        "--ai-timeout-secs",
        "2",
    ])
    .await;
    (app, sim)
}

/// The simulator as the user's own paid text model, first in their cascade.
async fn add_paid_text_model(user: &User, sim: &cardsmith_llm_sim::SimHandle) {
    let r = user
        .post_json(
            "/api/settings/llm-providers",
            &json!({"provider": "openai", "model": "gpt-4o-mini", "api_key": sim.api_key(),
                    "budget_usd": 5.0, "enabled": true, "priority": 1}),
        )
        .await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
}

#[tokio::test]
async fn a_text_models_grid_is_rendered_exactly() {
    let (app, sim) = app_with_sim().await;
    let admin = app.admin().await;
    add_paid_text_model(&admin, &sim).await;
    let slug = card_with(&admin, "Grid", &["Anything"]).await;
    approve(&admin, &slug, &NIGHT, "pixel").await;

    // a model's palettes, checked and used
    sim.queue_any_reply(
        json!({"palettes": [
            {"name": "Dusk", "colors": ["#101010", "#334455", "#AABBCC", "#ffffff"], "style": "pixel"},
            {"name": "Sea", "colors": ["#001020", "#104060", "#20a0c0", "#e0f0ff"], "style": "flat"},
            {"name": "Leaf", "colors": ["#102010", "#206020", "#60c060", "#f0fff0"], "style": "tile"}]})
        .to_string(),
    );
    let suggested = admin
        .post_for_json(&format!("/api/cards/{slug}/icons/theme"), &json!({}))
        .await;
    assert_eq!(suggested["palettes"][0]["name"], "Dusk", "{suggested}");
    assert_eq!(suggested["palettes"][0]["colors"][2], "#aabbcc");

    // a grid: a frame of the first colour around the fourth, one pixel of the fifth
    let grid: Vec<String> = (0..16)
        .map(|y| {
            (0..16)
                .map(|x| match (x, y) {
                    (7, 7) => 'C',
                    (2..=13, 2 | 13) | (2 | 13, 2..=13) => 'A',
                    (3..=12, 3..=12) => 'B',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    sim.queue_any_reply(
        json!({"palette": ["#101828", "#c9c3f5", "#F6E27A"], "grid": grid}).to_string(),
    );
    let r = admin
        .post_empty(&format!("/api/cards/{slug}/icons/1/regenerate"))
        .await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert!(
        body["message"].as_str().unwrap().contains("openai"),
        "{body}"
    );
    let (_, icon) = png_at(&admin, &format!("/api/cards/{slug}/icons/1")).await;
    for y in 0..16u32 {
        for x in 0..16u32 {
            let want = match grid[y as usize].as_bytes()[x as usize] {
                b'A' => [0x10, 0x18, 0x28, 255],
                b'B' => [0xc9, 0xc3, 0xf5, 255],
                b'C' => [0xf6, 0xe2, 0x7a, 255],
                _ => [0, 0, 0, 0],
            };
            assert_eq!(icon.get_pixel(x, y).0, want, "pixel {x},{y}");
        }
    }
    // a paid provider: the estimate is checked before the calls and reported
    let r = admin
        .post_json(
            &format!("/api/cards/{slug}/icons/1/variations"),
            &json!({"count": 2}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let made: Value = r.json().await.unwrap();
    assert_eq!(made["count"], 2);
    assert!(made["estimated_usd"].as_f64().unwrap() > 0.0, "{made}");
    // the simulator's own answers are no grids: the candidates are still icons in the theme
    for index in 0..2 {
        let (_, icon) = png_at(
            &admin,
            &format!("/api/cards/{slug}/icons/1/preview/{index}"),
        )
        .await;
        only_colours(&icon, &NIGHT);
    }
}

#[tokio::test]
async fn the_cost_of_icons_is_estimated_before_any_call() {
    let (app, sim) = app_with_sim().await;
    let admin = app.admin().await;
    let slug = card_with(&admin, "Priced", &["Moon", "Sun"]).await;
    let estimate = |count: i64| format!("/api/cards/{slug}/icons/estimate?count={count}");
    // offline: free
    let free = admin.get_json(&estimate(4)).await;
    assert_eq!(free["estimated_usd"], 0.0, "{free}");
    // a paid text model first in the cascade: what `variations` then says it estimated
    add_paid_text_model(&admin, &sim).await;
    let calls_before = sim.calls().len();
    let priced = admin.get_json(&estimate(3)).await["estimated_usd"]
        .as_f64()
        .unwrap();
    assert!(priced > 0.0);
    let one = admin.get_json(&estimate(1)).await["estimated_usd"]
        .as_f64()
        .unwrap();
    assert!(
        (priced - 3.0 * one).abs() < 1e-9,
        "{priced} for 3, {one} for 1"
    );
    assert_eq!(sim.calls().len(), calls_before, "an estimate calls nobody");
    let drawn = admin
        .post_for_json(
            &format!("/api/cards/{slug}/icons/1/variations"),
            &json!({"count": 3}),
        )
        .await;
    assert_eq!(drawn["estimated_usd"].as_f64().unwrap(), priced);
    // bad counts, and who may ask
    assert_problem(admin.get(&estimate(0)).await, 422).await;
    assert_problem(admin.get(&estimate(101)).await, 422).await;
    let (stranger, _) = app.new_user("estimate-stranger@example.com", "user").await;
    assert_problem(stranger.get(&estimate(1)).await, 404).await;
    assert_problem(app.anonymous().get(&estimate(1)).await, 401).await;
}
