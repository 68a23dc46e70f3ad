//! Trim, split, merge and fade as jobs; sources kept for undo, restored and purged; a failed
//! edit tells users a sentence, not ffmpeg's output.

use serde_json::{json, Value};

use crate::stored_media::track_column;
use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{assert_problem, spawn_app, upload_ready_track, User};

async fn ready_track(user: &User, card: &str, seconds: u32, format: &str) -> String {
    let t = upload_ready_track(user, card, &tone(seconds, format)).await;
    t["slug"].as_str().unwrap().to_owned()
}

pub async fn job_of(r: reqwest::Response) -> String {
    assert_eq!(r.status(), 202, "{}", r.text().await.unwrap_or_default());
    r.json::<Value>().await.unwrap()["job_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Queues a trim of the track to `start..end` seconds; answers the job id.
pub async fn trim(user: &User, card: &str, slug: &str, start: f64, end: f64) -> String {
    job_of(
        user.post_json(
            &format!("/api/cards/{card}/tracks/{slug}/trim"),
            &json!({"start": start, "end": end}),
        )
        .await,
    )
    .await
}

async fn detail(user: &User, card: &str, track: &str) -> Value {
    user.get_json(&format!("/api/cards/{card}/tracks/{track}"))
        .await
}

#[tokio::test]
async fn trim_is_sample_exact_and_undoable() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Trims").await;
    let slug = ready_track(&admin, &card, 4, "wav").await;
    let before: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let original = detail(&admin, &card, &slug).await;

    let job = trim(&admin, &card, &slug, 0.5, 2.0).await;
    let done = wait_job(&admin, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(done["type"], "trim");
    assert_eq!(done["progress"], 1.0);
    let trimmed = detail(&admin, &card, &slug).await;
    assert_eq!(
        trimmed["duration_ms"], 1500,
        "0.5..2.0 s is exactly 66150 samples at 44.1 kHz"
    );
    assert_eq!(trimmed["original_format"], "flac");
    assert_eq!(trimmed["transcode_status"], "ready");
    assert_eq!(trimmed["parent_track_id"], original["id"]);
    assert_eq!(trimmed["position"], 1);
    let after: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_ne!(after["content_hash"], before["content_hash"]);
    assert_eq!(after["track_count"], 1);

    // the pre-edit audio is a source, playable, and restoring it undoes the trim
    let sources: Value = admin.get_json(&format!("/api/cards/{card}/sources")).await;
    assert_eq!(sources.as_array().unwrap().len(), 1);
    let source = &sources[0];
    assert_eq!(source["id"], original["id"]);
    let audio = admin.get(source["audio_path"].as_str().unwrap()).await;
    assert_eq!(audio.status(), 200);
    let source_slug = source["slug"].as_str().unwrap();
    let restored: Value = admin
        .post_empty(&format!("/api/cards/{card}/sources/{source_slug}/restore"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(restored["slug"], slug.as_str());
    assert_eq!(
        detail(&admin, &card, &slug).await["duration_ms"],
        original["duration_ms"]
    );
    let undone: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(
        undone["content_hash"], before["content_hash"],
        "undo brings back exactly what was there"
    );

    // the trimmed version is now the source; purging it deletes record and file
    let sources: Value = admin.get_json(&format!("/api/cards/{card}/sources")).await;
    let trimmed_source = sources[0]["slug"].as_str().unwrap().to_owned();
    let files_before = crate::stored_media::count(&app).await;
    assert_eq!(
        admin
            .delete(&format!("/api/cards/{card}/sources/{trimmed_source}"))
            .await
            .status(),
        204
    );
    assert_eq!(
        crate::stored_media::count(&app).await,
        files_before - 2,
        "its FLAC and M4A are removed"
    );
    assert_problem(
        admin
            .delete(&format!("/api/cards/{card}/sources/{trimmed_source}"))
            .await,
        404,
    )
    .await;
    assert_problem(
        admin
            .delete(&format!("/api/cards/{card}/sources/{slug}"))
            .await,
        404,
    )
    .await;
}

#[tokio::test]
async fn split_merge_and_fade_make_new_tracks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Edits").await;
    let long = ready_track(&admin, &card, 3, "mp3").await;
    let last = ready_track(&admin, &card, 1, "flac").await;

    let job = job_of(
        admin
            .post_json(
                &format!("/api/cards/{card}/tracks/{long}/split"),
                &json!({"split_points": [1.0, 2.0], "titles": ["Beginning", "", "End"]}),
            )
            .await,
    )
    .await;
    let done = wait_job(&admin, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let titles: Vec<&str> = c["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Beginning", "tone 3s (part 2)", "End", "tone 1s"]);
    // the result names the new tracks by id and slug, in play order
    let result: Value = serde_json::from_str(done["result"].as_str().unwrap()).unwrap();
    let ids: Vec<&Value> = c["tracks"].as_array().unwrap()[..3]
        .iter()
        .map(|t| &t["id"])
        .collect();
    let slugs: Vec<&Value> = c["tracks"].as_array().unwrap()[..3]
        .iter()
        .map(|t| &t["slug"])
        .collect();
    assert_eq!(
        result["track_ids"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        ids
    );
    assert_eq!(
        result["track_slugs"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        slugs
    );
    let first = c["tracks"][0]["slug"].as_str().unwrap().to_owned();
    assert_eq!(detail(&admin, &card, &first).await["duration_ms"], 1000);
    let middle = c["tracks"][1]["slug"].as_str().unwrap().to_owned();

    let job = job_of(
        admin
            .post_json(
                &format!("/api/cards/{card}/merge"),
                &json!({"track_slugs": [middle, last], "title": "Middle and last"}),
            )
            .await,
    )
    .await;
    assert_eq!(wait_job(&admin, &job).await["status"], "succeeded");
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(c["track_count"], 3);
    let merged = &c["tracks"][1];
    assert_eq!(merged["title"], "Middle and last");
    let merged = detail(&admin, &card, merged["slug"].as_str().unwrap()).await;
    assert_eq!(merged["duration_ms"], 2000);

    let job = job_of(
        admin
            .post_json(
                &format!("/api/cards/{card}/tracks/{first}/fade"),
                &json!({"fade_in_ms": 300, "fade_out_ms": 300}),
            )
            .await,
    )
    .await;
    assert_eq!(wait_job(&admin, &job).await["status"], "succeeded");
    let peaks: Value = admin
        .get_json(&format!(
            "/api/cards/{card}/tracks/{first}/peaks?buckets=100"
        ))
        .await;
    let p: Vec<f64> = peaks["peaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(
        p[0] < p[50] * 0.5,
        "the fade-in starts quiet: {} vs {}",
        p[0],
        p[50]
    );
    assert!(p[99] < p[50] * 0.5, "the fade-out ends quiet");
    let sources: Value = admin.get_json(&format!("/api/cards/{card}/sources")).await;
    assert_eq!(
        sources.as_array().unwrap().len(),
        4,
        "split, two merged and the faded one are kept"
    );
}

#[tokio::test]
async fn edits_refuse_bad_input_busy_tracks_and_viewers() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Refused edits").await;
    let slug = ready_track(&admin, &card, 2, "wav").await;
    let path = format!("/api/cards/{card}/tracks/{slug}");
    for (op, body) in [
        ("trim", json!({"start": 1.5, "end": 1.0})),
        ("trim", json!({"start": 0.0, "end": 9.0})),
        ("split", json!({"split_points": []})),
        ("split", json!({"split_points": [1.5, 0.5]})),
        ("split", json!({"split_points": [5.0]})),
        ("fade", json!({"fade_in_ms": -1, "fade_out_ms": 0})),
        ("fade", json!({"fade_in_ms": 1500, "fade_out_ms": 1500})),
    ] {
        assert_problem(admin.post_json(&format!("{path}/{op}"), &body).await, 422).await;
    }
    assert_problem(
        admin
            .post_json(
                &format!("/api/cards/{card}/merge"),
                &json!({"track_slugs": [slug]}),
            )
            .await,
        422,
    )
    .await;
    assert_problem(
        admin
            .post_json(
                &format!("/api/cards/{card}/merge"),
                &json!({"track_slugs": [slug, "nope"]}),
            )
            .await,
        422,
    )
    .await;
    assert_problem(
        admin
            .post_json(&format!("{path}/trim"), &json!({"start": "a"}))
            .await,
        422,
    )
    .await;

    // one edit at a time
    let job = job_of(
        admin
            .post_json(
                &format!("{path}/fade"),
                &json!({"fade_in_ms": 100, "fade_out_ms": 0}),
            )
            .await,
    )
    .await;
    let second = admin
        .post_json(&format!("{path}/trim"), &json!({"start": 0.1, "end": 1.0}))
        .await;
    let status = second.status().as_u16();
    assert!(
        status == 409 || status == 202,
        "a second edit while one runs: {status}"
    );
    wait_job(&admin, &job).await;

    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let collection = c["collection_id"].as_str().unwrap();
    let (viewer, _) = app
        .member_of(&admin, collection, "viewer@example.com", "viewer")
        .await;
    assert_problem(
        viewer
            .post_json(&format!("{path}/trim"), &json!({"start": 0.1, "end": 1.0}))
            .await,
        403,
    )
    .await;
    assert_eq!(
        viewer
            .get(&format!("/api/cards/{card}/sources"))
            .await
            .status(),
        200
    );
    let sources: Value = admin.get_json(&format!("/api/cards/{card}/sources")).await;
    let source = sources[0]["slug"].as_str().unwrap();
    assert_problem(
        viewer
            .delete(&format!("/api/cards/{card}/sources/{source}"))
            .await,
        403,
    )
    .await;
    assert_problem(
        viewer
            .post_empty(&format!("/api/cards/{card}/sources/{source}/restore"))
            .await,
        403,
    )
    .await;
    assert_problem(
        app.anonymous()
            .post_json(&format!("{path}/trim"), &json!({"start": 0.1, "end": 1.0}))
            .await,
        401,
    )
    .await;
}

/// ffmpeg's error output names server paths: a failed edit tells the user a sentence and keeps
/// the details in the log.
#[tokio::test]
async fn a_failed_edit_tells_users_a_sentence_not_ffmpeg_output() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Broken").await;
    let slug = ready_track(&admin, &card, 3, "wav").await;
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
