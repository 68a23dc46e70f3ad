//! Tracks: uploads in every accepted format, transcoding, card aggregates and Range serving,
//! with the access rules; playlists and concat scripts refused; the caps on length, tracks and
//! storage. Metadata, order, deletion and stream tracks are in `track_metadata`.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::recording::{send, session_of, start_recording};
use crate::support::audio_fixtures::{
    bytes, card_for, sox_flac, speech, tone, try_upload, upload_track, wait_settled,
};
use crate::support::helpers::{
    assert_problem, png_bytes, spawn_app, spawn_app_with, upload_ready_track, User,
};

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
    let mut jobs = Vec::new();
    for file in &files {
        let t = upload_track(&admin, &card, file).await;
        assert_eq!(t["source_type"], "upload");
        assert!(matches!(
            t["transcode_status"].as_str(),
            Some("pending" | "processing")
        ));
        // the answer names the job to wait for
        jobs.push(
            t["processing_job_id"]
                .as_str()
                .expect("a transcode job")
                .to_owned(),
        );
        slugs.push(t["slug"].as_str().unwrap().to_owned());
    }
    for job in &jobs {
        let done = crate::support::audio_fixtures::wait_job(&admin, job).await;
        assert_eq!(
            (&done["type"], &done["status"]),
            (&json!("transcode"), &json!("succeeded"))
        );
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
    let t = upload_ready_track(&admin, &card, &tone(3, "mp3")).await;
    let slug = t["slug"].as_str().unwrap();
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
    // If-Range: the range only when the validator names these bytes; else the whole file.
    let resumed = admin
        .client
        .get(&url)
        .header("range", "bytes=10-109")
        .header("if-range", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(resumed.status(), 206);
    assert_eq!(resumed.bytes().await.unwrap(), body.slice(10..110));
    for stale in ["\"0123abcd\"", "Tue, 24 Nov 2026 00:00:00 GMT"] {
        let restarted = admin
            .client
            .get(&url)
            .header("range", "bytes=10-109")
            .header("if-range", stale)
            .send()
            .await
            .unwrap();
        assert_eq!(restarted.status(), 200, "If-Range: {stale}");
        assert_eq!(restarted.bytes().await.unwrap(), body);
    }

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

/// Who hears a track is who reaches its card, checked on every request: a member of its
/// home collection and a member of a collection it is linked into hear it; once removed or
/// unlinked they get the same 404 as a stranger, and a missing track says so only to those
/// who reach the card.
#[tokio::test]
async fn the_audio_follows_membership_and_links_both_ways() {
    let app = spawn_app().await;
    let owner = app.admin().await;
    let home = owner.create_collection("Home").await;
    let shelf = owner.create_collection("Shelf").await;
    let (home_id, shelf_id) = (home["id"].as_str().unwrap(), shelf["id"].as_str().unwrap());
    let card = owner.create_card(home_id, "Heard").await;
    let card = card["slug"].as_str().unwrap();
    let t = upload_ready_track(&owner, card, &tone(1, "mp3")).await;
    let audio = format!(
        "/api/cards/{card}/tracks/{}/audio",
        t["slug"].as_str().unwrap()
    );
    let (member, member_id) = app
        .member_of(&owner, home_id, "member@example.com", "viewer")
        .await;
    let (reader, _) = app
        .member_of(&owner, shelf_id, "reader@example.com", "viewer")
        .await;
    assert_eq!(member.get(&audio).await.status(), 200);
    assert_eq!(reader.get(&audio).await.status(), 404, "not linked yet");

    let link = format!("/api/collections/{shelf_id}/cards/link");
    let r = owner.post_json(&link, &json!({"card_id": card})).await;
    assert_eq!(r.status(), 204);
    assert_eq!(
        reader.get(&audio).await.status(),
        200,
        "linked into the reader's shelf"
    );
    let missing = format!("/api/cards/{card}/tracks/nope/audio");
    let problem = assert_problem(reader.get(&missing).await, 404).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("no track"),
        "{problem}"
    );

    let unlink = format!("/api/collections/{shelf_id}/cards/{card}/link");
    assert_eq!(owner.delete(&unlink).await.status(), 204);
    assert_eq!(reader.get(&audio).await.status(), 404, "unlinked");
    let problem = assert_problem(reader.get(&missing).await, 404).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("no card"),
        "a stranger learns nothing about the card's tracks: {problem}"
    );

    let remove = format!("/api/collections/{home_id}/members/{member_id}");
    assert_eq!(owner.delete(&remove).await.status(), 204);
    assert_eq!(
        member.get(&audio).await.status(),
        404,
        "removed from the home collection"
    );
}

/// Real audio outside the data directory: a server that followed a playlist naming it would
/// happily turn it into a track.
fn audio_outside() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("secret.wav");
    std::fs::copy(tone(2, "wav"), &secret).unwrap();
    (dir, secret)
}

fn hls_naming(path: &Path) -> Vec<u8> {
    format!(
        "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2.0,\nfile:{}\n#EXT-X-ENDLIST\n",
        path.display()
    )
    .into_bytes()
}

fn ffconcat_naming(path: &Path) -> Vec<u8> {
    format!("ffconcat version 1.0\nfile '{}'\n", path.display()).into_bytes()
}

/// How many playable tracks the card has.
async fn track_count(user: &User, card: &str) -> i64 {
    let c: Value = user.get_json(&format!("/api/cards/{card}")).await;
    c["track_count"].as_i64().unwrap()
}

#[tokio::test]
async fn playlists_and_concat_scripts_are_refused_and_nothing_outside_is_read() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Sneaky").await;
    let (_dir, secret) = audio_outside();
    let attacks = [
        ("list.m3u8", hls_naming(&secret)),
        ("list.mp3", hls_naming(&secret)),
        ("cat.ffconcat", ffconcat_naming(&secret)),
        ("cat.wav", ffconcat_naming(&secret)),
    ];
    for (name, body) in &attacks {
        let r = admin
            .upload(&format!("/api/cards/{card}/tracks"), body.clone(), name)
            .await;
        assert_problem(r, 415).await;
    }
    for (_, body) in &attacks {
        let session = session_of(start_recording(&admin, &card).await).await;
        assert_problem(send(&admin, &session, 0, body).await, 415).await;
        let finish = admin
            .post_empty(&format!("/api/recording/{session}/finish"))
            .await;
        assert_problem(finish, 409).await;
        let abandon = admin
            .post_empty(&format!("/api/recording/{session}/abandon"))
            .await;
        assert_eq!(abandon.status(), 204);
    }
    // a take that starts like MP3 and goes on as a playlist: the probe at finish refuses it
    let session = session_of(start_recording(&admin, &card).await).await;
    let mut disguised = b"ID3\x03\0\0\0\0\0\0".to_vec();
    disguised.extend(hls_naming(&secret));
    assert_eq!(send(&admin, &session, 0, &disguised).await.status(), 204);
    let finish = admin
        .post_empty(&format!("/api/recording/{session}/finish"))
        .await;
    let problem = assert_problem(finish, 415).await;
    assert!(!problem.to_string().contains(&*secret.to_string_lossy()));
    assert_eq!(track_count(&admin, &card).await, 0, "no track was made");
}

#[tokio::test]
async fn caps_on_length_tracks_and_storage_name_their_limit() {
    let app = spawn_app_with(&[
        "--max-track-secs",
        "3",
        "--max-tracks-per-card",
        "2",
        "--max-storage-per-user",
        "250000",
    ])
    .await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Capped").await;
    let long = try_upload(&admin, &card, &tone(4, "mp3")).await;
    let problem = assert_problem(long, 422).await;
    assert!(problem.to_string().contains("at most 3 s"), "{problem}");
    for _ in 0..2 {
        upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    }
    let third = try_upload(&admin, &card, &tone(1, "wav")).await;
    let problem = assert_problem(third, 422).await;
    assert!(
        problem.to_string().contains("at most 2 tracks"),
        "{problem}"
    );
    let other = card_for(&admin, "Elsewhere").await;
    let full = try_upload(&admin, &other, &tone(1, "wav")).await;
    let problem = assert_problem(full, 413).await;
    assert!(problem.to_string().contains("storage limit"), "{problem}");
    assert_eq!(track_count(&admin, &other).await, 0);
}

/// Twelve uploads at the same moment cannot all pass the same count of tracks.
#[tokio::test]
async fn concurrent_uploads_cannot_pass_the_track_cap_together() {
    let app = spawn_app_with(&["--max-tracks-per-card", "2"]).await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Rush").await;
    let mut uploads = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let (user, card) = (
            User {
                client: admin.client.clone(),
                base: admin.base.clone(),
            },
            card.clone(),
        );
        uploads.spawn(async move { try_upload(&user, &card, &tone(1, "wav")).await.status() });
    }
    let answers = uploads.join_all().await;
    let created = answers.iter().filter(|s| *s == &201).count();
    let refused = answers.iter().filter(|s| *s == &422).count();
    assert_eq!((created, refused), (2, 10));
    assert_eq!(track_count(&admin, &card).await, 2);
}

#[tokio::test]
async fn a_huge_title_field_is_refused_without_being_held() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Titles").await;
    let form = reqwest::multipart::Form::new()
        .text("title", "t".repeat(70 * 1024))
        .part(
            "file",
            reqwest::multipart::Part::bytes(bytes(&tone(1, "wav"))).file_name("a.wav"),
        );
    let r = admin
        .client
        .post(admin.url(&format!("/api/cards/{card}/tracks")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_problem(r, 413).await;
    assert_eq!(track_count(&admin, &card).await, 0);
}
