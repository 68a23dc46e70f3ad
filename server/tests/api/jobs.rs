//! Jobs: people see their own, admins list and cancel; a rescan repairs the library, loses
//! nothing while an edit runs and looks only at the caller's tracks; a job whose process is
//! killed mid-way is retried by the next process and completes.

use std::time::Duration;

use serde_json::{json, Value};

use crate::stored_media::track_column;
use crate::support::audio_fixtures::{
    card_for, rescan_report, tone, upload_track, wait_job, wait_settled,
};
use crate::support::helpers::{
    assert_problem, spawn_app, upload_ready_track, User, ADMIN_EMAIL, ADMIN_PASSWORD,
};
use crate::support::process::ServerProcess;
use crate::track_edits::trim;

async fn job_of_track(user: &User, card: &str, track: &str) -> String {
    let t: Value = user
        .get_json(&format!("/api/cards/{card}/tracks/{track}"))
        .await;
    t["processing_job_id"]
        .as_str()
        .expect("a job works on the track")
        .to_owned()
}

#[tokio::test]
async fn people_see_their_jobs_and_admins_see_and_cancel_all() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, user_id) = app.new_user("parent@example.com", "user").await;
    let card = card_for(&user, "Jobs").await;
    let short = upload_track(&user, &card, &tone(1, "wav")).await;
    let short_slug = short["slug"].as_str().unwrap();
    let job = job_of_track(&user, &card, short_slug).await;
    let done = wait_job(&user, &job).await;
    assert_eq!(done["status"], "succeeded");
    assert_eq!(done["attempts"], 1);
    assert!(done["completed_at"].is_string());
    assert!(done["payload"]
        .as_str()
        .unwrap()
        .contains(short["id"].as_str().unwrap()));
    let mine: Value = user.get_json("/api/jobs").await;
    assert_eq!(mine[0]["id"], job.as_str());
    // other people's jobs do not exist for you
    assert_problem(admin.get(&format!("/api/jobs/{job}")).await, 404).await;
    assert_problem(app.anonymous().get("/api/jobs").await, 401).await;

    // admins list everyone's, filtered and paged
    let all: Value = admin
        .get_json("/api/admin/jobs?type=transcode&status=succeeded")
        .await;
    assert_eq!(all[0]["id"], job.as_str());
    assert_eq!(all[0]["user_id"], user_id.as_str());
    assert!(all[0].get("payload").is_none());
    let none: Value = admin.get_json("/api/admin/jobs?status=failed").await;
    assert_eq!(none, json!([]));
    // (the account's verification mail is a job too: page within the transcodes)
    let paged: Value = admin
        .get_json("/api/admin/jobs?type=transcode&limit=1&offset=1")
        .await;
    assert_eq!(paged, json!([]));
    assert_problem(admin.get("/api/admin/jobs?limit=0").await, 422).await;
    assert_problem(admin.get("/api/admin/jobs?limit=x").await, 400).await;
    assert_problem(user.get("/api/admin/jobs").await, 403).await;

    // cancelling a long transcode stops it and the track says so
    let long = upload_track(&user, &card, &tone(600, "mp3")).await;
    let long_slug = long["slug"].as_str().unwrap();
    let long_job = job_of_track(&user, &card, long_slug).await;
    assert_problem(
        user.delete(&format!("/api/admin/jobs/{long_job}")).await,
        403,
    )
    .await;
    assert_eq!(
        admin
            .delete(&format!("/api/admin/jobs/{long_job}"))
            .await
            .status(),
        204
    );
    let cancelled = wait_job(&user, &long_job).await;
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["error"], "cancelled by an administrator");
    let t = wait_settled(&user, &card, long_slug).await;
    assert_eq!(t["transcode_status"], "failed");
    assert_eq!(t["error"], "cancelled by an administrator");
    assert_problem(
        admin.delete(&format!("/api/admin/jobs/{long_job}")).await,
        409,
    )
    .await;
    assert_problem(admin.delete(&format!("/api/admin/jobs/{job}")).await, 409).await;
    assert_problem(admin.delete("/api/admin/jobs/nope").await, 404).await;
}

#[tokio::test]
async fn a_rescan_repairs_missing_audio_and_removes_orphans() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Rescan").await;
    let ready = upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    let slug = ready["slug"].as_str().unwrap();
    let audio_hash = {
        let r = admin
            .get(&format!("/api/cards/{card}/tracks/{slug}/audio"))
            .await;
        r.headers()["etag"]
            .to_str()
            .unwrap()
            .trim_matches('"')
            .to_owned()
    };
    crate::stored_media::lose(&app, &audio_hash).await;
    let orphan = "ab".repeat(32);
    crate::stored_media::leave_behind(&app, &orphan, b"left behind").await;
    assert_problem(
        admin
            .get(&format!("/api/cards/{card}/tracks/{slug}/audio"))
            .await,
        404,
    )
    .await;

    let report = rescan_report(&admin).await;
    assert_eq!(report["transcodes_queued"], json!([slug]));
    // a rescan deletes nothing: unreferenced files are the sweep's, once past the grace period
    assert!(crate::stored_media::exists(&app, &orphan).await);
    let swept = cardsmith_core::media::sweep::sweep(&app.core, cardsmith_core::media::sweep::GRACE)
        .await
        .unwrap();
    assert_eq!(swept.orphan_files_removed, 0, "a young orphan is kept");
    let grace = crate::stored_media::age_two_hours(&app, &orphan).await;
    // the repair must be done first: with no grace (a bucket) its new file would be fair game
    let repaired = wait_settled(&admin, &card, slug).await;
    let swept = cardsmith_core::media::sweep::sweep(&app.core, grace)
        .await
        .unwrap();
    assert_eq!(swept.orphan_files_removed, 1);
    assert!(!crate::stored_media::exists(&app, &orphan).await);
    assert_eq!(repaired["transcode_status"], "ready");
    assert_eq!(
        admin
            .get(&format!("/api/cards/{card}/tracks/{slug}/audio"))
            .await
            .status(),
        200
    );
    assert_eq!(repaired["duration_ms"], ready["duration_ms"]);
    assert_problem(app.anonymous().post_empty("/api/library/rescan").await, 401).await;
}

/// A job whose process died under it on its last allowed attempt is not run again: it fails
/// with the reason, and the track it worked on says so.
#[tokio::test]
async fn a_job_orphaned_too_often_fails_with_the_reason() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Orphans").await;
    let t = upload_ready_track(&admin, &card, &tone(1, "wav")).await;
    let slug = t["slug"].as_str().unwrap();
    let me: Value = admin.me().await.json().await.unwrap();
    // one transaction: a worker that gives up on the job between the two writes would free
    // no track, and the track would then wait for a job already failed
    let mut tx = app.core.db.pool().begin().await.unwrap();
    sqlx::query(
        "INSERT INTO jobs (id, user_id, kind, status, payload, attempts, max_attempts, run_at, locked_until, created_at, updated_at)
         VALUES ('orphan', $1, 'transcode', 'running', $2, 3, 3, '2000-01-01T00:00:00.000Z', '2000-01-01T00:00:01.000Z', '2000-01-01T00:00:00.000Z', '2000-01-01T00:00:00.000Z')",
    )
    .bind(me["id"].as_str().unwrap())
    .bind(json!({"track_id": t["id"]}).to_string())
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query("UPDATE tracks SET processing_job_id = 'orphan', transcode_status = 'processing' WHERE id = $1")
        .bind(t["id"].as_str().unwrap())
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    app.core.jobs.wake();
    let failed = wait_job(&admin, "orphan").await;
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["attempts"], 3);
    assert!(
        failed["error"]
            .as_str()
            .unwrap()
            .contains("stopped while this job was running, 3 times"),
        "{failed}"
    );
    let track = wait_settled(&admin, &card, slug).await;
    assert_eq!(track["transcode_status"], "failed");
    assert!(track["error"].as_str().unwrap().contains("server stopped"));
}

/// The real binary, killed with SIGKILL while it transcodes, then started again on the same
/// data directory: the orphaned job's lease runs out and the new process completes it.
#[tokio::test]
async fn a_job_killed_mid_way_is_retried_after_restart() {
    let data = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::start(data.path(), &["--job-lease-secs", "2"]).await;
    let admin = server.client();
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let card = card_for(&admin, "Crash").await;
    // five minutes of audio: seconds of work, so the kill lands mid-way
    let t = upload_track(&admin, &card, &tone(300, "mp3")).await;
    let slug = t["slug"].as_str().unwrap().to_owned();
    let job = job_of_track(&admin, &card, &slug).await;
    loop {
        let j: Value = admin.get_json(&format!("/api/jobs/{job}")).await;
        if j["status"] == "running" {
            break;
        }
        assert_eq!(j["status"], "queued");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.kill().await;
    server.restart().await;
    let done = wait_job(&admin, &job).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert_eq!(
        done["attempts"], 2,
        "the first attempt died with its process"
    );
    let t = wait_settled(&admin, &card, &slug).await;
    assert_eq!(t["transcode_status"], "ready");
    assert!((299_000..=301_000).contains(&t["duration_ms"].as_i64().unwrap()));
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
    let t = upload_ready_track(&admin, &card, &tone(60, "wav")).await;
    let slug = t["slug"].as_str().unwrap().to_owned();
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

#[tokio::test]
async fn a_rescan_looks_only_at_the_callers_tracks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (user, _) = app.new_user("neighbour@example.com", "user").await;
    let theirs = card_for(&admin, "Not yours").await;
    let t = upload_ready_track(&admin, &theirs, &tone(1, "wav")).await;
    let their_slug = t["slug"].as_str().unwrap().to_owned();
    let their_audio = track_column(&app, &their_slug, "audio_hash").await.unwrap();
    crate::stored_media::lose(&app, &their_audio).await;
    // other bytes than theirs: identical audio would share (and re-create) the same file
    let mine = card_for(&user, "Mine").await;
    upload_ready_track(&user, &mine, &tone(2, "wav")).await;

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
