//! Tracks: uploads in every accepted format, transcoding, card aggregates, Range serving,
//! metadata, reordering and deletion, with the access rules.

use serde_json::{json, Value};

use crate::audio_fixtures::{bytes, card_for, sox_flac, speech, tone, upload_track, wait_settled};
use crate::helpers::{assert_problem, png_bytes, spawn_app, spawn_app_with};

#[tokio::test]
async fn every_accepted_format_becomes_playable_m4a() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Formats").await;
    let before: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let mut files: Vec<_> = ["mp3", "m4a", "wav", "flac", "ogg", "opus", "webm"]
        .iter()
        .map(|f| tone(2, f))
        .collect();
    files.push(speech());
    files.push(sox_flac());
    let mut slugs = Vec::new();
    for file in &files {
        let t = upload_track(&admin, &card, file).await;
        assert_eq!(t["source_type"], "upload");
        assert!(matches!(
            t["transcode_status"].as_str(),
            Some("pending" | "processing")
        ));
        slugs.push(t["slug"].as_str().unwrap().to_owned());
    }
    let mut total_ms = 0;
    for (slug, file) in slugs.iter().zip(&files) {
        let t = wait_settled(&admin, &card, slug).await;
        assert_eq!(t["transcode_status"], "ready", "{file:?}: {t}");
        assert_eq!(t["transcoded_format"], "m4a");
        assert!(t["transcoded_size_bytes"].as_i64().unwrap() > 0);
        assert_eq!(
            t["original_size_bytes"].as_i64().unwrap() as usize,
            bytes(file).len()
        );
        assert_eq!(t["file_size_bytes"], t["transcoded_size_bytes"]);
        total_ms += t["duration_ms"].as_i64().unwrap();
    }
    let tone_track = wait_settled(&admin, &card, &slugs[0]).await;
    let ms = tone_track["duration_ms"].as_i64().unwrap();
    assert!((1950..=2050).contains(&ms), "a 2 s tone measured {ms} ms");
    assert_eq!(tone_track["original_format"], "mp3");
    let webm = wait_settled(&admin, &card, &slugs[6]).await;
    assert_eq!(webm["original_format"], "webm");

    let after: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(after["track_count"], files.len());
    assert_eq!(
        after["total_duration_s"].as_i64().unwrap(),
        (total_ms + 500) / 1000
    );
    assert_eq!(after["source_types"], json!(["upload"]));
    assert_ne!(
        after["content_hash"], before["content_hash"],
        "tracks change the content hash"
    );
    let positions: Vec<i64> = after["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["position"].as_i64().unwrap())
        .collect();
    assert_eq!(positions, (1..=files.len() as i64).collect::<Vec<_>>());
}

#[tokio::test]
async fn non_audio_is_415_and_oversized_is_413_and_nothing_changes() {
    let app = spawn_app_with(&["--max-audio-bytes", "50000"]).await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Refusals").await;
    let path = format!("/api/cards/{card}/tracks");
    let r = admin.upload(&path, png_bytes(8, 8), "story.mp3").await;
    assert_problem(r, 415).await;
    let r = admin
        .upload(&path, b"just some text, not audio".to_vec(), "a.wav")
        .await;
    assert_problem(r, 415).await;
    let r = admin.upload(&path, bytes(&tone(5, "wav")), "big.wav").await;
    assert_problem(r, 413).await;
    let r = admin.upload(&path, Vec::new(), "empty.mp3").await;
    assert_problem(r, 422).await;
    let r = admin
        .client
        .post(admin.url(&path))
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_problem(r, 415).await;
    let card: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(card["track_count"], 0);
    let leftovers = std::fs::read_dir(app.core.settings.data_dir.join("tmp"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(leftovers, 0, "refused uploads leave no temporary files");
}

#[tokio::test]
async fn audio_is_served_with_ranges_and_etags() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Ranges").await;
    let t = upload_track(&admin, &card, &tone(3, "mp3")).await;
    let slug = t["slug"].as_str().unwrap();
    let t = wait_settled(&admin, &card, slug).await;
    let url = admin.url(&format!("/api/cards/{card}/tracks/{slug}/audio"));
    let whole = admin.client.get(&url).send().await.unwrap();
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.headers()["content-type"], "audio/mp4");
    let etag = whole.headers()["etag"].to_str().unwrap().to_owned();
    let body = whole.bytes().await.unwrap();
    assert_eq!(
        body.len() as i64,
        t["transcoded_size_bytes"].as_i64().unwrap()
    );
    assert_eq!(&body[4..8], b"ftyp", "an MP4 container");

    let part = admin
        .client
        .get(&url)
        .header("range", "bytes=10-109")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 10-109/{}", body.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap(), body.slice(10..110));
    let tail = admin
        .client
        .get(&url)
        .header("range", "bytes=-16")
        .send()
        .await
        .unwrap();
    assert_eq!(tail.bytes().await.unwrap(), body.slice(body.len() - 16..));
    let outside = admin
        .client
        .get(&url)
        .header("range", format!("bytes={}-", body.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(
        outside.headers()["content-range"],
        format!("bytes */{}", body.len()).as_str()
    );
    assert_problem(outside, 416).await;
    let cached = admin
        .client
        .get(&url)
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);

    let peaks: Value = admin
        .get_json(&format!(
            "/api/cards/{card}/tracks/{slug}/peaks?buckets=300"
        ))
        .await;
    let values = peaks["peaks"].as_array().unwrap();
    assert_eq!(values.len(), 300);
    let loud = values.iter().filter(|v| v.as_f64().unwrap() > 0.05).count();
    assert!(loud > 290, "a steady tone is loud everywhere: {loud}");
    assert!((2950..=3050).contains(&peaks["duration_ms"].as_i64().unwrap()));
    assert_problem(
        admin
            .get(&format!("/api/cards/{card}/tracks/{slug}/peaks?buckets=0"))
            .await,
        422,
    )
    .await;

    // strangers cannot reach it; the signed-out get 401
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    assert_problem(
        stranger
            .get(&format!("/api/cards/{card}/tracks/{slug}/audio"))
            .await,
        404,
    )
    .await;
    assert_problem(
        app.anonymous()
            .get(&format!("/api/cards/{card}/tracks/{slug}/audio"))
            .await,
        401,
    )
    .await;
}

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
    let (viewer, _) = app.new_user("viewer@example.com", "user").await;
    assert_eq!(
        admin
            .add_member(collection, "viewer@example.com", "viewer")
            .await
            .status(),
        204
    );
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
        assert_eq!(crate::helpers::pointers(&problem), [pointer], "{url}");
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
