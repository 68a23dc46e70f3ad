//! Retrying jobs from the admin's Jobs page (a server function: the REST API has no such
//! operation): a failed or cancelled job comes back as a new job of the same kind with the
//! same payload, the old row untouched; only admins may, only for kinds that are safe to run
//! again, and a refusal changes nothing.

use cardsmith_upstream_sim::{DeviceSeed, Fault};
use serde_json::{json, Value};

use crate::import::{card_pointing_at, import_card};
use crate::player_accounts::link_account;
use crate::publish::collection_of;
use crate::stored_media::track_column;
use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{spawn_app_with, upload_ready_track, TestApp, User, ADMIN_EMAIL};
use crate::track_edits::trim;

/// Calls one of the Jobs page's server functions with `id`, as the page does.
async fn rpc(user: &User, name: &str, id: &str) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .form(&[("id", id)])
        .send()
        .await
        .unwrap()
}

/// Retries `id` as `user`: the new job's id, or the refusal's status and detail.
async fn retry(user: &User, id: &str) -> Result<String, (u16, String)> {
    let r = rpc(user, "admin_retry_job", id).await;
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap();
    match status {
        200 => Ok(body.as_str().expect("the new job's id").to_owned()),
        _ => Err((
            status,
            body["detail"].as_str().unwrap_or_default().to_owned(),
        )),
    }
}

/// A job's row as stored: what a retry must leave alone.
type Row = (String, String, String, Option<String>, String, String);

async fn row(app: &TestApp, id: &str) -> Row {
    sqlx::query_as(
        "SELECT kind, status, payload, error, updated_at, run_at FROM jobs WHERE id = $1",
    )
    .bind(id)
    .fetch_one(app.core.db.pool())
    .await
    .unwrap()
}

async fn job_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM jobs")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap()
}

async fn set_role(admin: &User, id: &str, role: &str) {
    let body = json!({"display_name": "Helper", "role": role});
    let r = admin
        .put_json(&format!("/api/admin/users/{id}"), &body)
        .await;
    assert_eq!(r.status(), 200, "{role}");
}

/// A player "Den" on the linked account of `admin`, and a collection with a card that has a
/// track: what a seed needs. Answers (account, den, collection, card slug).
async fn seedable(app: &TestApp, admin: &User) -> (String, String, String, String) {
    let sim = app.sim.clone().unwrap();
    let den = sim
        .seed_device(&sim.default_user(), DeviceSeed::named("Den"))
        .unwrap();
    let account = link_account(app, admin).await;
    let card = card_for(admin, "Morning songs").await;
    upload_ready_track(admin, &card, &tone(1, "wav")).await;
    let collection = collection_of(admin, &card).await;
    (account, den, collection, card)
}

async fn seed(admin: &User, body: Value) -> String {
    let r = admin.post_json("/api/seed", &body).await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    out["job_ids"][0].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_admin_retries_a_failed_job_as_a_new_one_and_nobody_else_may() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let admin_id = admin.me().await.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (account, den, collection, card) = seedable(&app, &admin).await;
    // the player refuses its shortcuts once: the seed fails for good (a refusal is final)
    let sim = app.sim.clone().unwrap();
    sim.add_fault(
        Fault::error(1, 400, "shortcuts are switched off on this player")
            .on_path(format!("/device-v2/{den}/shortcuts")),
    );
    let failed = seed(
        &admin,
        json!({"account_id": account, "collection_id": collection, "card_ids": [card], "device_ids": [den]}),
    )
    .await;
    let done = wait_job(&admin, &failed).await;
    assert_eq!(done["status"], "failed", "{done}");
    assert!(done["error"].as_str().unwrap().contains("switched off"));
    let before = row(&app, &failed).await;

    // a plain user may not, whatever the job; then as an admin they may; then not again
    let (helper, helper_id) = app.new_user("helper@example.com", "user").await;
    let jobs = job_count(&app).await;
    assert_eq!(retry(&helper, &failed).await.unwrap_err().0, 403);
    assert_eq!(
        retry(&helper, "no-such-job").await.unwrap_err().0,
        403,
        "the role first"
    );
    assert_eq!(job_count(&app).await, jobs);
    set_role(&admin, &helper_id, "admin").await;
    let again = retry(&helper, &failed).await.expect("an admin retries");
    assert_ne!(again, failed);
    let new = row(&app, &again).await;
    assert_eq!(
        (&new.0, &new.2),
        (&before.0, &before.2),
        "same kind, same payload"
    );
    let owner: Option<String> = sqlx::query_scalar("SELECT user_id FROM jobs WHERE id = $1")
        .bind(&again)
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(
        owner.as_deref(),
        Some(admin_id.as_str()),
        "still the seed's owner's"
    );
    assert_eq!(
        row(&app, &failed).await,
        before,
        "the old row is the record"
    );
    // the fault was used up: this time the player takes the shortcut
    assert_eq!(wait_job(&admin, &again).await["status"], "succeeded");
    set_role(&admin, &helper_id, "user").await;
    assert_eq!(retry(&helper, &failed).await.unwrap_err().0, 403);
    assert_eq!(rpc(&helper, "admin_cancel_job", &again).await.status(), 403);

    // who retried what is in the trail of the job's owner, with the helper as the actor
    let (actor, detail): (String, String) = sqlx::query_as(
        "SELECT actor_id, detail FROM audit_log WHERE action = 'job.retried' AND user_id = $1",
    )
    .bind(&admin_id)
    .fetch_one(app.core.db.pool())
    .await
    .unwrap();
    assert_eq!(actor, helper_id);
    assert_eq!(detail, format!("seed job {failed} queued again as {again}"));

    // the Jobs page's list says who, and offers Retry for seeds but not for imports
    let r = admin
        .client
        .post(admin.url("/rpc/admin_jobs"))
        .json(&json!({"filter": {"kind": "seed", "status": "succeeded", "limit": 5}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let listed: Value = r.json().await.unwrap();
    assert_eq!(listed[0]["job"]["id"], again.as_str());
    assert_eq!(listed[0]["user_email"], ADMIN_EMAIL);
    assert!(listed[0]["retry_refused"].is_null());
}

#[tokio::test]
async fn a_retry_is_refused_with_a_reason_and_changes_nothing() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let (account, den, collection, card) = seedable(&app, &admin).await;

    // an import is never retried: its card may hold part of the chapters already
    let sim = app.sim.clone().unwrap();
    let private = card_pointing_at(&sim, "Sneaky", Some("http://169.254.169.254/audio"));
    let (_, import) = import_card(&admin, &account, &private).await;
    assert_eq!(import["status"], "failed", "{import}");
    let import = import["id"].as_str().unwrap().to_owned();
    let (jobs, before) = (job_count(&app).await, row(&app, &import).await);
    let (status, why) = retry(&admin, &import).await.unwrap_err();
    assert_eq!(status, 409);
    assert!(why.contains("Import the card again"), "{why}");
    assert_eq!(
        (job_count(&app).await, row(&app, &import).await),
        (jobs, before)
    );
    assert_eq!(retry(&admin, "no-such-job").await.unwrap_err().0, 404);

    // a seed for tomorrow waits: not retried while queued; cancelled, it is, for its time
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
    let later = seed(
        &admin,
        json!({"account_id": account, "collection_id": collection, "card_ids": [card],
               "device_ids": [den], "schedule_at": tomorrow}),
    )
    .await;
    let (status, why) = retry(&admin, &later).await.unwrap_err();
    assert_eq!(status, 409);
    assert!(why.contains("this one is queued"), "{why}");
    assert_eq!(rpc(&admin, "admin_cancel_job", &later).await.status(), 200);
    let cancelled = row(&app, &later).await;
    assert_eq!(cancelled.1, "cancelled");
    let again = retry(&admin, &later).await.unwrap();
    let new = row(&app, &again).await;
    assert_eq!(new.1, "queued", "a new job, waiting");
    assert_eq!(
        (&new.2, &new.5),
        (&cancelled.2, &cancelled.5),
        "same payload, same time"
    );
    assert_eq!(row(&app, &later).await, cancelled);
    // an edit is asked again as its track is now: claimed again while it is there, refused
    // once the track is gone
    let detail: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    let slug = detail["tracks"][0]["slug"].as_str().unwrap().to_owned();
    let slug = slug.as_str();
    let original = track_column(&app, slug, "original_hash").await.unwrap();
    crate::stored_media::lose(&app, &original).await;
    let first = trim(&admin, &card, slug, 0.1, 0.5).await;
    assert_eq!(wait_job(&admin, &first).await["status"], "failed");
    let second = retry(&admin, &first).await.unwrap();
    let track: Value = admin
        .get_json(&format!("/api/cards/{card}/tracks/{slug}"))
        .await;
    let processing = track["processing_job_id"].as_str();
    assert!(
        processing == Some(second.as_str()) || processing.is_none(),
        "claimed by the new job until it ends: {track}"
    );
    assert_eq!(wait_job(&admin, &second).await["status"], "failed");
    let r = admin
        .delete(&format!("/api/cards/{card}/tracks/{slug}"))
        .await;
    assert_eq!(r.status(), 204);
    let jobs = job_count(&app).await;
    let (status, why) = retry(&admin, &second).await.unwrap_err();
    assert_eq!((status, job_count(&app).await), (409, jobs));
    assert!(why.contains("deleted"), "{why}");
}
