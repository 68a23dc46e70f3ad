//! Media hardening: ffmpeg reads only the audio it was given, a rescan loses nothing and names
//! only the caller's tracks, uploads stay within their bounds, slugs never shadow routes, and
//! internal error text never reaches users. Recordings are in `hardening_recording`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};

use crate::recording::{send, session_of, start_recording};
use crate::support::audio_fixtures::{
    bytes, card_for, rescan_report, tone, try_upload, upload_track, wait_job, wait_settled,
};
use crate::support::helpers::{assert_problem, spawn_app, spawn_app_with, TestApp, User};

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

/// Queues a trim of the track to `start..end` seconds; answers the job id.
async fn trim(user: &User, card: &str, slug: &str, start: f64, end: f64) -> String {
    crate::track_edits::job_of(
        user.post_json(
            &format!("/api/cards/{card}/tracks/{slug}/trim"),
            &json!({"start": start, "end": end}),
        )
        .await,
    )
    .await
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

/// The old rescan read the database, then deleted every file it had not seen: the output of an
/// edit adopted in between was lost. Now a rescan deletes nothing and the sweep spares young
/// files.
#[tokio::test]
async fn a_rescan_while_an_edit_runs_loses_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, _) = app.new_user("rescanner@example.com", "user").await;
    let card = card_for(&admin, "Busy").await;
    let t = upload_track(&admin, &card, &tone(60, "wav")).await;
    let slug = t["slug"].as_str().unwrap().to_owned();
    wait_settled(&admin, &card, &slug).await;
    let job = trim(&admin, &card, &slug, 1.0, 55.0).await;
    let sweep =
        || cardsmith_core::media::sweep::sweep(&app.core, cardsmith_core::media::sweep::GRACE);
    let mut rescans = 0;
    loop {
        let j: Value = admin.get_json(&format!("/api/jobs/{job}")).await;
        if !matches!(j["status"].as_str(), Some("queued" | "running")) {
            assert_eq!(j["status"], "succeeded", "{j}");
            break;
        }
        assert_eq!(user.post_empty("/api/library/rescan").await.status(), 202);
        assert_eq!(admin.post_empty("/api/library/rescan").await.status(), 202);
        assert_eq!(sweep().await.unwrap().orphan_files_removed, 0);
        rescans += 1;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert!(rescans > 0, "the edit ran while rescans and sweeps went on");
    assert_eq!(sweep().await.unwrap().orphan_files_removed, 0);
    let trimmed = wait_settled(&admin, &card, &slug).await;
    assert_eq!(trimmed["duration_ms"], 54_000);
    let audio = admin
        .get(&format!("/api/cards/{card}/tracks/{slug}/audio"))
        .await;
    assert_eq!(audio.status(), 200);
    let sources = admin.get_list(&format!("/api/cards/{card}/sources")).await;
    assert_eq!(sources.len(), 1, "the original is kept as a source");
    let restore = admin
        .post_empty(&format!(
            "/api/cards/{card}/sources/{}/restore",
            sources[0]["slug"].as_str().unwrap()
        ))
        .await;
    assert!(restore.status().is_success(), "{}", restore.status());
    let restored = wait_settled(&admin, &card, &slug).await;
    let length = restored["duration_ms"].as_i64().unwrap();
    assert!((59_900..=60_100).contains(&length), "{length}");
}

/// A column of a track, read from the database (the API does not show file hashes).
async fn track_column(app: &TestApp, slug: &str, column: &str) -> Option<String> {
    sqlx::query_scalar(&format!("SELECT {column} FROM tracks WHERE slug = $1"))
        .bind(slug)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_rescan_looks_only_at_the_callers_tracks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, _) = app.new_user("neighbour@example.com", "user").await;
    let theirs = card_for(&admin, "Not yours").await;
    let t = upload_track(&admin, &theirs, &tone(1, "wav")).await;
    let their_slug = t["slug"].as_str().unwrap().to_owned();
    wait_settled(&admin, &theirs, &their_slug).await;
    let their_audio = track_column(&app, &their_slug, "audio_hash").await.unwrap();
    crate::stored_media::lose(&app, &their_audio).await;
    // other bytes than theirs: identical audio would share (and re-create) the same file
    let mine = card_for(&user, "Mine").await;
    let t = upload_track(&user, &mine, &tone(2, "wav")).await;
    wait_settled(&user, &mine, t["slug"].as_str().unwrap()).await;

    let report = rescan_report(&user).await;
    assert_eq!(report["tracks_checked"], 1, "{report}");
    assert_eq!(report["transcodes_queued"], json!([]));
    assert!(!report.to_string().contains(&their_slug));
    let untouched = admin
        .get_json(&format!("/api/cards/{theirs}/tracks/{their_slug}"))
        .await;
    assert_eq!(untouched["transcode_status"], "ready");
    assert_eq!(
        track_column(&app, &their_slug, "audio_hash").await,
        Some(their_audio)
    );

    let report = rescan_report(&admin).await;
    assert_eq!(report["transcodes_queued"], json!([their_slug]), "{report}");
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
        let t = upload_track(&admin, &card, &tone(1, "wav")).await;
        wait_settled(&admin, &card, t["slug"].as_str().unwrap()).await;
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

/// ffmpeg's error output names server paths: a failed edit tells the user a sentence and keeps
/// the details in the log.
#[tokio::test]
async fn a_failed_edit_tells_users_a_sentence_not_ffmpeg_output() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Broken").await;
    let t = upload_track(&admin, &card, &tone(3, "wav")).await;
    let slug = t["slug"].as_str().unwrap().to_owned();
    wait_settled(&admin, &card, &slug).await;
    let hash = track_column(&app, &slug, "original_hash").await.unwrap();
    crate::stored_media::overwrite(&app, &hash, b"RIFF\x24\0\0\0WAVEfmt broken beyond repair")
        .await;
    let job = trim(&admin, &card, &slug, 0.5, 2.0).await;
    let failed = wait_job(&admin, &job).await;
    assert_eq!(failed["status"], "failed", "{failed}");
    let error = failed["error"].as_str().unwrap();
    let data_dir = app.core.settings.data_dir.to_string_lossy().into_owned();
    assert!(
        !error.contains(&data_dir) && !error.contains("ffmpeg"),
        "{error}"
    );
    let track: Value = admin
        .get_json(&format!("/api/cards/{card}/tracks/{slug}"))
        .await;
    let shown = track.to_string();
    assert!(
        !shown.contains(&data_dir) && !shown.contains("ffmpeg"),
        "{shown}"
    );
}
