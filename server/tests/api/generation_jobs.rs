//! Generation as jobs (`Prefer: respond-async`): a cover preview and an icon batch answered
//! with 202, the job's id and `Location`, run by the real job queue with progress, and the
//! job's result equal to what the synchronous call answers; refusals before anything is
//! queued; and many simultaneous requests on one card or collection ending consistent.

use reqwest::Response;
use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tone, wait_job};
use crate::support::helpers::{assert_problem, spawn_app, upload_ready_track, TestApp, User};

async fn post_async(user: &User, path: &str, body: &Value) -> Response {
    user.client
        .post(user.url(path))
        .header("prefer", "respond-async")
        .json(body)
        .send()
        .await
        .unwrap()
}

/// Answers the job of a 202 after checking its headers, once it has ended.
async fn job_of(user: &User, response: Response) -> Value {
    assert_eq!(response.status(), 202);
    assert_eq!(response.headers()["preference-applied"], "respond-async");
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    let body: Value = response.json().await.unwrap();
    let id = body["job_id"].as_str().unwrap();
    assert_eq!(location, format!("/api/jobs/{id}"));
    wait_job(user, id).await
}

async fn generation_jobs(app: &TestApp) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM jobs WHERE kind IN ('cover.generate', 'icons.generate')",
    )
    .fetch_one(app.core.db.pool())
    .await
    .unwrap()
}

async fn card_with_chapters(user: &User, name: &str, n: usize) -> String {
    let slug = card_for(user, name).await;
    for _ in 0..n {
        upload_ready_track(user, &slug, &tone(1, "wav")).await;
    }
    slug
}

#[tokio::test]
async fn a_cover_preview_can_be_a_job_whose_result_is_the_answer() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_for(&admin, "Owl nights").await;
    let r = post_async(
        &admin,
        &format!("/api/cards/{slug}/cover/generate"),
        &json!({"prompt": "an owl under the moon", "side": "back"}),
    )
    .await;
    let job = job_of(&admin, r).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    assert_eq!(job["type"], "cover.generate");
    assert_eq!(job["progress"], 1.0);
    let result: Value = serde_json::from_str(job["result"].as_str().unwrap()).unwrap();
    let hash = result["preview_hash"].as_str().unwrap();
    // the same pending preview the synchronous call makes, on the asked side
    let preview = admin
        .get(&format!("/api/cards/{slug}/cover/preview?side=back"))
        .await;
    assert_eq!(preview.status(), 200);
    assert_eq!(preview.headers()["etag"], format!("\"{hash}\"").as_str());
    let card = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert!(card["back_cover_hash"].is_null(), "nothing committed");

    // without the preference: the spec's 200 and body
    let r = admin
        .post_json(
            &format!("/api/cards/{slug}/cover/generate"),
            &json!({"prompt": "an owl under the moon"}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert!(body["preview_hash"].is_string(), "{body}");
}

#[tokio::test]
async fn an_icon_batch_can_be_a_job_with_progress_per_chapter() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_with_chapters(&admin, "Three chapters", 3).await;
    let r = post_async(
        &admin,
        &format!("/api/cards/{slug}/icons/generate"),
        &json!({}),
    )
    .await;
    let job = job_of(&admin, r).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    assert_eq!(job["type"], "icons.generate");
    assert_eq!(job["progress"], 1.0);
    let result: Value = serde_json::from_str(job["result"].as_str().unwrap()).unwrap();
    assert_eq!(result["generated"], 3, "{result}");
    assert!(result["message"]
        .as_str()
        .unwrap()
        .starts_with("Drew 3 icons"));
    for position in 1..=3 {
        let r = admin
            .get(&format!("/api/cards/{slug}/icons/{position}"))
            .await;
        assert_eq!(r.status(), 200, "icon {position}");
    }

    let r = post_async(
        &admin,
        &format!("/api/cards/{slug}/icons/sample"),
        &json!({}),
    )
    .await;
    let job = job_of(&admin, r).await;
    let result: Value = serde_json::from_str(job["result"].as_str().unwrap()).unwrap();
    assert_eq!(result["generated"], 2, "a sample is two chapters: {result}");
}

#[tokio::test]
async fn refused_requests_queue_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (stranger, _) = app.new_user("gen-stranger@example.com", "user").await;
    let collection = admin.create_collection("Generated").await;
    let cid = collection["id"].as_str().unwrap();
    let card = admin.create_card(cid, "Generated").await;
    let slug = card["slug"].as_str().unwrap();
    let (viewer, _) = app
        .member_of(&admin, cid, "gen-viewer@example.com", "viewer")
        .await;
    let cover = format!("/api/cards/{slug}/cover/generate");
    let icons = format!("/api/cards/{slug}/icons/generate");
    let prompt = json!({"prompt": "a fox"});
    // the role before the body: a viewer 403 even with a bad body, a stranger 404
    assert_problem(
        post_async(&viewer, &cover, &json!({"prompt": 7})).await,
        403,
    )
    .await;
    assert_problem(post_async(&viewer, &icons, &json!({})).await, 403).await;
    assert_problem(post_async(&stranger, &cover, &prompt).await, 404).await;
    assert_problem(post_async(&stranger, &icons, &json!({})).await, 404).await;
    assert_problem(post_async(&app.anonymous(), &cover, &prompt).await, 401).await;
    // a bad body or side: 422
    assert_problem(
        post_async(&admin, &cover, &json!({"prompt": "  "})).await,
        422,
    )
    .await;
    assert_problem(
        post_async(&admin, &cover, &json!({"prompt": "a fox", "side": "left"})).await,
        422,
    )
    .await;
    assert_eq!(generation_jobs(&app).await, 0);

    // granted: the viewer made an editor queues; revoked: refused again
    let viewer_id = viewer.get_json("/api/auth/me").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let member = format!("/api/collections/{cid}/members/{viewer_id}");
    let r = admin.put_json(&member, &json!({"role": "editor"})).await;
    assert!(r.status().is_success());
    let job = job_of(&viewer, post_async(&viewer, &cover, &prompt).await).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    let r = admin.put_json(&member, &json!({"role": "viewer"})).await;
    assert!(r.status().is_success());
    assert_problem(post_async(&viewer, &cover, &prompt).await, 403).await;
    assert_eq!(generation_jobs(&app).await, 1);
}

#[tokio::test]
async fn twelve_simultaneous_cover_requests_leave_one_preview() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let slug = card_for(&admin, "Busy owl").await;
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..12 {
        let (client, url) = (
            admin.client.clone(),
            admin.url(&format!("/api/cards/{slug}/cover/generate")),
        );
        tasks.spawn(async move {
            let r = client
                .post(url)
                .json(&json!({"prompt": format!("owl number {i}")}))
                .send()
                .await
                .unwrap();
            let status = r.status().as_u16();
            let body: Value = r.json().await.unwrap_or_default();
            (status, body["preview_hash"].as_str().map(str::to_owned))
        });
    }
    let mut made = Vec::new();
    let mut limited = 0;
    while let Some(done) = tasks.join_next().await {
        match done.unwrap() {
            (200, Some(hash)) => made.push(hash),
            (429, _) => limited += 1,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    // ten a minute per user: the rest are told to wait, nothing fails
    assert_eq!(made.len() + limited, 12);
    assert!(made.len() <= 10 && !made.is_empty(), "{} made", made.len());
    let previews: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cover_previews")
        .fetch_one(app.core.db.pool())
        .await
        .unwrap();
    assert_eq!(previews, 1, "one pending preview per side");
    let r = admin.get(&format!("/api/cards/{slug}/cover/preview")).await;
    let etag = r.headers()["etag"]
        .to_str()
        .unwrap()
        .trim_matches('"')
        .to_owned();
    assert!(
        made.contains(&etag),
        "the pending preview is one of those answered"
    );
}

/// Twelve story cards asked at the same moment by six editors (two each, the most one user
/// has made at once) are twelve cards with twelve slugs, each spoken once; twelve asked at
/// once by one user make exactly two (the others are refused: 409 past two at once, 429
/// past six a minute), and the refused ones leave no card.
#[tokio::test]
async fn twelve_simultaneous_story_cards_are_twelve_cards() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Many stories").await;
    let cid = collection["id"].as_str().unwrap().to_owned();
    let mut editors = Vec::new();
    for n in 0..6 {
        let email = format!("editor{n}@example.com");
        let (editor, _) = app.member_of(&admin, &cid, &email, "editor").await;
        editors.push(editor);
    }
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..12 {
        let editor = &editors[i % 6];
        let (client, url) = (
            editor.client.clone(),
            editor.url(&format!("/api/collections/{cid}/stories")),
        );
        tasks.spawn(async move {
            let r = client
                .post(url)
                .json(&json!({"title": "The same title", "text": format!("Story {i}. The end.")}))
                .send()
                .await
                .unwrap();
            (
                i,
                r.status().as_u16(),
                r.json::<Value>().await.unwrap_or_default(),
            )
        });
    }
    let mut slugs = Vec::new();
    let mut jobs = Vec::new();
    while let Some(done) = tasks.join_next().await {
        let (i, status, body) = done.unwrap();
        assert_eq!(status, 202, "{body}");
        slugs.push(body["card_slug"].as_str().unwrap().to_owned());
        jobs.push((i % 6, body["job_id"].as_str().unwrap().to_owned()));
    }
    slugs.sort();
    slugs.dedup();
    assert_eq!(slugs.len(), 12, "twelve cards, each its own slug");
    for (editor, job) in &jobs {
        let job = wait_job(&editors[*editor], job).await;
        assert_eq!(job["status"], "succeeded", "{job}");
    }
    let cards = admin.get_json(&format!("/api/collections/{cid}")).await["cards"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(cards, 12);
    for slug in &slugs {
        let card = admin.get_json(&format!("/api/cards/{slug}")).await;
        assert_eq!(card["track_count"], 1, "{slug}: one spoken chapter, once");
    }

    // one user, twelve at once: two made, the rest refused without a card
    let theirs = admin.create_collection("One parent").await;
    let theirs = theirs["id"].as_str().unwrap().to_owned();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..12 {
        let (client, url) = (
            admin.client.clone(),
            admin.url(&format!("/api/collections/{theirs}/stories")),
        );
        tasks.spawn(async move {
            let body = json!({"title": "Mine", "text": format!("Story {i}. The end.")});
            client
                .post(url)
                .json(&body)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        });
    }
    let mut statuses = tasks.join_all().await;
    statuses.sort();
    assert_eq!(&statuses[..2], [202, 202], "{statuses:?}");
    assert!(
        statuses[2..].iter().all(|s| *s == 409 || *s == 429),
        "{statuses:?}"
    );
    let made = admin.get_json(&format!("/api/collections/{theirs}")).await["cards"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(made, 2);
}
