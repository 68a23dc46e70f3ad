//! Track metadata (titles, slugs, descriptions), reordering and deletion, and stream tracks
//! that never reach private networks.

use serde_json::{json, Value};

use crate::support::audio_fixtures::{bytes, card_for, tone, upload_track, wait_settled};
use crate::support::helpers::{assert_problem, spawn_app, spawn_app_with};

#[tokio::test]
async fn titles_slugs_descriptions_order_and_deletion() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Chapters").await;
    let a = upload_track(&admin, &card, &tone(1, "wav")).await;
    let b = upload_track(&admin, &card, &tone(1, "flac")).await;
    let (a, b) = (
        a["slug"].as_str().unwrap().to_owned(),
        b["slug"].as_str().unwrap().to_owned(),
    );
    assert_eq!(a, "tone-1s");
    assert_eq!(b, "tone-1s-2", "slugs are unique on the card");
    let base = format!("/api/cards/{card}/tracks");

    // the title drives the slug
    let r = admin
        .put_json(&format!("{base}/{a}/title"), &json!({"title": "The Moon"}))
        .await;
    assert_eq!(r.status(), 200);
    let renamed: Value = r.json().await.unwrap();
    assert_eq!(renamed["slug"], "the-moon");
    assert_problem(
        admin
            .put_json(&format!("{base}/the-moon/title"), &json!({"title": " "}))
            .await,
        422,
    )
    .await;
    // exact slugs, with conflicts and availability
    assert_problem(
        admin
            .put_json(&format!("{base}/{b}/slug"), &json!({"slug": "the-moon"}))
            .await,
        409,
    )
    .await;
    assert_problem(
        admin
            .put_json(&format!("{base}/{b}/slug"), &json!({"slug": "Not A Slug"}))
            .await,
        422,
    )
    .await;
    let avail: Value = admin
        .get_json(&format!("{base}/slug-available?slug=the-moon"))
        .await;
    assert_eq!(avail["available"], false);
    let track: Value = admin.get_json(&format!("{base}/the-moon")).await;
    let own = format!(
        "{base}/slug-available?slug=the-moon&track_id={}",
        track["id"].as_str().unwrap()
    );
    assert_eq!(admin.get_json(&own).await["available"], true);
    assert_eq!(
        admin
            .put_json(&format!("{base}/{b}/slug"), &json!({"slug": "stars"}))
            .await
            .status(),
        204
    );
    // description and icon prompt
    assert_eq!(
        admin
            .put_json(
                &format!("{base}/stars/description"),
                &json!({"description": "Counting stars"})
            )
            .await
            .status(),
        204
    );
    assert_eq!(
        admin
            .put_json(
                &format!("{base}/stars/icon-prompt"),
                &json!({"icon_prompt": "a star"})
            )
            .await
            .status(),
        204
    );
    let stars: Value = admin.get_json(&format!("{base}/stars")).await;
    assert_eq!(stars["description"], "Counting stars");
    assert_eq!(stars["icon_prompt"], "a star");
    assert_eq!(stars["is_source"], false);

    // order
    let hash_before: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(
        admin
            .put_json(
                &format!("{base}/reorder"),
                &json!({"positions": ["stars", "the-moon"]})
            )
            .await
            .status(),
        204
    );
    let card_json: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let order: Vec<&str> = card_json["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["slug"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["stars", "the-moon"]);
    assert_ne!(
        card_json["content_hash"], hash_before["content_hash"],
        "order is published"
    );
    for bad in [
        json!({"positions": ["stars"]}),
        json!({"positions": ["stars", "stars"]}),
        json!({"positions": ["stars", "nope"]}),
    ] {
        assert_problem(admin.put_json(&format!("{base}/reorder"), &bad).await, 422).await;
    }

    // viewers read but do not change; strangers see nothing
    let collection = card_json["collection_id"].as_str().unwrap();
    let (viewer, _) = app
        .member_of(&admin, collection, "viewer@example.com", "viewer")
        .await;
    assert_eq!(viewer.get(&format!("{base}/stars")).await.status(), 200);
    assert_problem(
        viewer
            .put_json(&format!("{base}/stars/title"), &json!({"title": "Mine"}))
            .await,
        403,
    )
    .await;
    assert_problem(viewer.delete(&format!("{base}/stars")).await, 403).await;
    assert_problem(
        viewer.upload(&base, bytes(&tone(1, "wav")), "x.wav").await,
        403,
    )
    .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    assert_problem(stranger.get(&format!("{base}/stars")).await, 404).await;

    // deletion renumbers and removes unused files
    wait_settled(&admin, &card, "the-moon").await;
    let moon: Value = admin.get_json(&format!("{base}/the-moon")).await;
    assert_eq!(
        admin.delete(&format!("{base}/the-moon")).await.status(),
        204
    );
    assert_problem(admin.get(&format!("{base}/the-moon")).await, 404).await;
    let card_json: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card_json["track_count"], 1);
    assert_eq!(card_json["tracks"][0]["position"], 1);
    assert!(moon["id"].is_string());
}

#[tokio::test]
async fn stream_tracks_are_checked_and_never_reach_private_networks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Radio").await;
    let path = format!("/api/cards/{card}/tracks/stream");
    for (url, pointer) in [
        ("ftp://example.com/a.mp3", "/stream_url"),
        ("http://127.0.0.1:9/a.mp3", "/stream_url"),
        ("http://169.254.169.254/latest/meta-data", "/stream_url"),
        ("http://[::1]/a.mp3", "/stream_url"),
        ("http://localhost/a.mp3", "/stream_url"),
    ] {
        let problem = assert_problem(
            admin
                .post_json(&path, &json!({"stream_url": url, "title": "Radio"}))
                .await,
            422,
        )
        .await;
        assert_eq!(
            crate::support::helpers::pointers(&problem),
            [pointer],
            "{url}"
        );
    }
    assert_problem(
        admin
            .post_json(
                &path,
                &json!({"stream_url": "https://radio.example/live", "title": ""}),
            )
            .await,
        422,
    )
    .await;

    // a server that allows private addresses checks reachability for real
    let app = spawn_app_with(&["--allow-private-streams"]).await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Local radio").await;
    let path = format!("/api/cards/{card}/tracks/stream");
    let radio = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let radio_url = format!("http://{}/live.mp3", radio.local_addr().unwrap());
    let served = bytes(&tone(1, "mp3"));
    tokio::spawn(async move {
        let router = axum::Router::new().route(
            "/live.mp3",
            axum::routing::get(move || async move { ([("content-type", "audio/mpeg")], served) }),
        );
        axum::serve(radio, router).await.unwrap();
    });
    let t: Value = admin
        .post_for_json(&path, &json!({"stream_url": radio_url, "title": "Live"}))
        .await;
    assert_eq!(t["source_type"], "stream");
    assert_eq!(t["stream_status"], "reachable");
    assert_eq!(t["transcode_status"], "not_needed");
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let closed_url = format!("http://{}/gone.mp3", closed.local_addr().unwrap());
    drop(closed);
    let t: Value = admin
        .post_for_json(&path, &json!({"stream_url": closed_url, "title": "Gone"}))
        .await;
    assert_eq!(t["stream_status"], "unreachable");
    let card_json: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card_json["source_types"], json!(["stream"]));
    assert_problem(
        admin
            .get(&format!("/api/cards/{card}/tracks/live/audio"))
            .await,
        409,
    )
    .await;
}
