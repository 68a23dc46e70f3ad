//! Podcast feeds made into cards, against a real podcast host on 127.0.0.1 (allowed with
//! `--feed-allow-host`) and real ffmpeg: the latest episodes become transcoded chapters with
//! the feed's titles and artwork; a refresh adds exactly the new episodes and keeps N; a feed
//! that disappears leaves the card as it was and says so; hostile feeds and enclosures (XXE,
//! billion laughs, a feed without end, redirects to loopback and to the metadata address, a
//! 2 GB enclosure) are refused with a reason; stream episodes; who may do what; a scheduled
//! refresh that publishes the card again.

use serde_json::{json, Value};

use crate::player_accounts::link_account;
use crate::publish::publish_card;
use crate::support::audio_fixtures::wait_job;
use crate::support::feed_server::FeedServer;
use crate::support::helpers::{assert_problem, spawn_app_with, TestApp, User};

/// A podcast host with episodes `1..=episodes`, the app allowed to reach it (with `extra`
/// arguments), its admin and their "Podcasts" collection.
async fn podcast_shelf(episodes: u32, extra: &[&str]) -> (FeedServer, TestApp, User, String) {
    let host = FeedServer::start(episodes).await;
    let allow = host.allow();
    let mut args = vec!["--feed-allow-host", allow.as_str()];
    args.extend_from_slice(extra);
    let app = spawn_app_with(&args).await;
    let admin = app.admin().await;
    let shelf = admin.collection_id("Podcasts").await;
    (host, app, admin, shelf)
}

/// Makes a card of `body`'s feed in `collection`, waits for its first refresh and answers
/// the feed as the card follows it.
async fn feed_card(user: &User, collection: &str, body: Value) -> Value {
    let r = user
        .post_json(&format!("/api/collections/{collection}/feeds"), &body)
        .await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let feed: Value = r.json().await.unwrap();
    let done = wait_job(user, feed["job_id"].as_str().unwrap()).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    let slug = feed["card_slug"].as_str().unwrap();
    settle(user, slug).await;
    user.get_json(&format!("/api/cards/{slug}/feed")).await
}

/// Waits for every track of the card to be transcoded.
async fn settle(user: &User, slug: &str) {
    for track in tracks(user, slug).await {
        let id = track["slug"].as_str().unwrap();
        crate::support::audio_fixtures::wait_settled(user, slug, id).await;
    }
}

async fn tracks(user: &User, slug: &str) -> Vec<Value> {
    let card = user.get_json(&format!("/api/cards/{slug}")).await;
    card["tracks"].as_array().cloned().unwrap_or_default()
}

async fn titles(user: &User, slug: &str) -> Vec<String> {
    tracks(user, slug)
        .await
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect()
}

/// Refreshes now and waits; answers the job.
async fn refresh(user: &User, slug: &str) -> Value {
    let r = user
        .post_empty(&format!("/api/cards/{slug}/feed/refresh"))
        .await;
    assert_eq!(r.status(), 202);
    let out: Value = r.json().await.unwrap();
    let job = wait_job(user, out["job_id"].as_str().unwrap()).await;
    settle(user, slug).await;
    job
}

/// Every followed feed's scheduled refresh is due: housekeeping queues it (one card).
async fn make_due(app: &TestApp) {
    sqlx::query("UPDATE card_feeds SET next_refresh_at = $1")
        .bind(cardsmith_core::time::format(
            cardsmith_core::time::now() - chrono::Duration::minutes(1),
        ))
        .execute(app.core.db.pool())
        .await
        .unwrap();
    let queued = cardsmith_core::feeds::service::queue_due(&app.core)
        .await
        .unwrap();
    assert_eq!(queued, 1);
}

/// The id of `user`'s newest feed job (a scheduled one may have ended before anyone looks).
async fn newest_feed_job(user: &User) -> String {
    let mine = user.get_list("/api/jobs").await;
    let newest = mine
        .iter()
        .filter(|j| j["type"] == "feed.sync")
        .max_by_key(|j| j["created_at"].as_str().unwrap_or_default().to_owned())
        .expect("a feed job");
    newest["id"].as_str().unwrap().to_owned()
}

/// A finished job's result (stored as JSON text).
fn result_of(job: &Value) -> Value {
    serde_json::from_str(job["result"].as_str().unwrap_or("null")).unwrap()
}

#[tokio::test]
async fn a_feed_becomes_a_card_and_a_refresh_adds_exactly_the_new_episodes_keeping_n() {
    let (host, _app, admin, shelf) = podcast_shelf(5, &[]).await;
    let feed = feed_card(
        &admin,
        &shelf,
        json!({"url": host.url("/feed.xml"), "episodes": 3}),
    )
    .await;
    let slug = feed["card_slug"].as_str().unwrap().to_owned();
    assert_eq!(feed["feed_title"], "Owl Tales");
    assert_eq!(feed["episodes"], 3);
    assert!(feed["last_error"].is_null(), "{feed}");
    assert!(feed["job_id"].is_null());
    assert_eq!(feed["held"].as_array().unwrap().len(), 3);
    // the card: the feed's title and artwork, the latest three, newest first, transcoded
    let card = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card["title"], "Owl Tales");
    assert!(card["cover_hash"].is_string(), "the artwork is the cover");
    assert_eq!(
        titles(&admin, &slug).await,
        [
            "Episode 5: The Owl",
            "Episode 4: The Owl",
            "Episode 3: The Owl"
        ]
    );
    let first = tracks(&admin, &slug).await;
    for t in &first {
        assert_eq!(t["source_type"], "feed");
        assert_eq!(t["transcode_status"], "ready", "{t}");
    }
    let kept: Vec<_> = first.iter().map(|t| t["id"].clone()).collect();
    let mut downloads = host.downloads();
    downloads.sort_unstable();
    assert_eq!(downloads, [3, 4, 5]);

    // two new episodes: exactly they are downloaded, the two oldest go, N stays 3
    host.publish(1, 7);
    let job = refresh(&admin, &slug).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    assert_eq!(result_of(&job)["added"], 2, "{job}");
    assert_eq!(result_of(&job)["dropped"], 2, "{job}");
    assert_eq!(
        titles(&admin, &slug).await,
        [
            "Episode 7: The Owl",
            "Episode 6: The Owl",
            "Episode 5: The Owl"
        ]
    );
    let now = tracks(&admin, &slug).await;
    assert_eq!(now[2]["id"], kept[0], "episode 5 is the same track");
    let mut downloads = host.downloads();
    downloads.sort_unstable();
    assert_eq!(downloads, [3, 4, 5, 6, 7]);
    // nothing new: nothing changes
    let job = refresh(&admin, &slug).await;
    assert_eq!(result_of(&job)["added"], 0);
    assert_eq!(host.downloads().len(), 5);

    // a new episode whose audio is missing: refused with why, and it costs no older one
    host.publish(1, 8);
    host.set_missing(8, true);
    let job = refresh(&admin, &slug).await;
    assert_eq!(result_of(&job)["added"], 0, "{job}");
    assert_eq!(result_of(&job)["dropped"], 0, "{job}");
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert_eq!(feed["refused"][0]["title"], "Episode 8: The Owl");
    assert_eq!(feed["refused"][0]["reason"], "answered 404");
    assert_eq!(tracks(&admin, &slug).await.len(), 3);
    host.set_missing(8, false);
    host.publish(1, 7);

    // oldest first, and keeping two: applied at once
    let r = admin
        .send_json(
            reqwest::Method::PATCH,
            &format!("/api/cards/{slug}/feed"),
            &json!({"order": "oldest-first", "episodes": 2}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let patched: Value = r.json().await.unwrap();
    let job = wait_job(&admin, patched["job_id"].as_str().unwrap()).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    assert_eq!(
        titles(&admin, &slug).await,
        ["Episode 6: The Owl", "Episode 7: The Owl"]
    );

    // the parent deletes an episode: a refresh does not bring it back
    let r = admin
        .delete(&format!(
            "/api/cards/{slug}/tracks/{}",
            now[0]["slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(r.status(), 204);
    refresh(&admin, &slug).await;
    assert_eq!(titles(&admin, &slug).await, ["Episode 6: The Owl"]);
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert!(feed["held"][0]["track_slug"].is_null(), "{feed}");

    // the feed disappears: the card stays as it was, and the feed says why
    let card_before = admin.get_json(&format!("/api/cards/{slug}")).await;
    host.set_gone(true);
    let job = refresh(&admin, &slug).await;
    assert_eq!(job["status"], "failed", "{job}");
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    let error = feed["last_error"].as_str().unwrap();
    assert_eq!(error, "answered 404");
    assert!(
        job["error"]
            .as_str()
            .unwrap()
            .contains("the card is as it was"),
        "{job}"
    );
    let card_after = admin.get_json(&format!("/api/cards/{slug}")).await;
    assert_eq!(card_after["content_hash"], card_before["content_hash"]);
    assert_eq!(card_after["tracks"], card_before["tracks"]);
    // back again: the error clears
    host.set_gone(false);
    refresh(&admin, &slug).await;
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert!(feed["last_error"].is_null(), "{feed}");
}

#[tokio::test]
async fn hostile_feeds_and_enclosures_are_refused_with_their_reason() {
    let (host, _app, admin, shelf) = podcast_shelf(3, &["--max-audio-bytes", "20000000"]).await;
    let create = |path: &str| json!({"url": host.url(path)});
    let post = |body: Value| {
        let admin = &admin;
        let shelf = &shelf;
        async move {
            admin
                .post_json(&format!("/api/collections/{shelf}/feeds"), &body)
                .await
        }
    };

    // an external entity is never read: no file of the machine reaches the card
    let feed = feed_card(&admin, &shelf, create("/xxe.xml")).await;
    let card = admin
        .get_json(&format!(
            "/api/cards/{}",
            feed["card_slug"].as_str().unwrap()
        ))
        .await;
    let title = card["title"].as_str().unwrap();
    assert!(!title.contains("root:"), "{title}");

    // billion laughs: refused or read without expanding, at once and within memory
    let started = std::time::Instant::now();
    let r = post(create("/laughs.xml")).await;
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    if r.status() == 201 {
        let out: Value = r.json().await.unwrap();
        let slug = out["card_slug"].as_str().unwrap();
        let card = admin.get_json(&format!("/api/cards/{slug}")).await;
        assert!(card["title"].as_str().unwrap().len() <= 200);
    } else {
        let problem = assert_problem(r, 422).await;
        assert_eq!(problem["errors"][0]["pointer"], "/url", "{problem}");
    }

    // a feed that never ends: cut at its cap
    let problem = assert_problem(post(create("/endless.xml")).await, 422).await;
    let detail = problem["errors"][0]["detail"].as_str().unwrap();
    assert_eq!(detail, "is larger than 10 MB");

    // private addresses the operator did not allow, the metadata address, other schemes
    for url in [
        "http://127.0.0.1:9/feed.xml".to_owned(),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "http://[::1]:80/feed.xml".to_owned(),
    ] {
        let problem = assert_problem(post(json!({ "url": url })).await, 422).await;
        let detail = problem["errors"][0]["detail"].as_str().unwrap();
        assert!(detail.contains("private network"), "{url}: {detail}");
    }
    let problem = assert_problem(post(json!({"url": "file:///etc/passwd"})).await, 422).await;
    assert_eq!(problem["errors"][0]["pointer"], "/url");
    assert_problem(
        post(json!({"url": host.url("/feed.xml"), "episodes": 0})).await,
        422,
    )
    .await;
    assert_problem(post(json!({"url": host.url("/art.png")})).await, 422).await;

    // enclosures out of reach: each refused with why, the good episode added
    // a title that is a fixed address of the API makes a card with a slug of its own
    let r = post(json!({"url": host.url("/feed.xml"), "title": "batch"})).await;
    assert_eq!(r.status(), 201);
    let out: Value = r.json().await.unwrap();
    assert_ne!(out["card_slug"], "batch");

    let feed = feed_card(&admin, &shelf, create("/hostile.xml")).await;
    let refused: Vec<(String, String)> = feed["refused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["title"].as_str().unwrap().to_owned(),
                r["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(refused.len(), 3, "{refused:?}");
    assert!(refused[0].1.contains("private network"), "{refused:?}");
    assert!(refused[1].1.contains("private network"), "{refused:?}");
    assert!(refused[2].1.contains("larger than"), "{refused:?}");
    let slug = feed["card_slug"].as_str().unwrap();
    assert_eq!(titles(&admin, slug).await, ["Episode 4: The Owl"]);
}

/// Keeps one episode (what only an editor may ask).
async fn patch(who: &User, slug: &str) -> reqwest::Response {
    who.send_json(
        reqwest::Method::PATCH,
        &format!("/api/cards/{slug}/feed"),
        &json!({"episodes": 1}),
    )
    .await
}

#[tokio::test]
async fn stream_episodes_and_who_may_follow_a_feed() {
    let (host, app, admin, shelf) = podcast_shelf(2, &[]).await;
    let feed = feed_card(
        &admin,
        &shelf,
        json!({"url": host.url("/feed.xml?key=family-secret"), "stream": true, "title": "Owls live",
               "refresh": "weekly"}),
    )
    .await;
    let slug = feed["card_slug"].as_str().unwrap().to_owned();
    assert_eq!(feed["stream"], true);
    assert_eq!(feed["refresh"], "weekly");
    assert!(feed["next_refresh_at"].is_string());
    // twelve checks asked at once: each answered, and the card holds each episode once
    let path = format!("/api/cards/{slug}/feed/refresh");
    let asks = (0..12).map(|_| admin.post_empty(&path));
    let answers = futures_util::future::join_all(asks).await;
    let mut jobs = Vec::new();
    for r in answers {
        assert_eq!(r.status(), 202);
        let out: Value = r.json().await.unwrap();
        jobs.push(out["job_id"].as_str().unwrap().to_owned());
    }
    jobs.dedup();
    for job in &jobs {
        assert_eq!(wait_job(&admin, job).await["status"], "succeeded");
    }
    let list = tracks(&admin, &slug).await;
    assert_eq!(list.len(), 2);
    for t in &list {
        assert_eq!(t["source_type"], "stream");
        assert_eq!(t["stream_status"], "reachable", "{t}");
    }
    let first = admin
        .get_json(&format!(
            "/api/cards/{slug}/tracks/{}",
            list[0]["slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(first["stream_url"], host.url("/ep/2.mp3"));
    assert!(host.downloads().len() <= 2, "streams are not downloaded");

    // a viewer sees the feed and changes nothing; a stranger does not learn it exists
    let (viewer, viewer_id) = app.new_user("viewer@example.com", "user").await;
    admin
        .add_member(&shelf, "viewer@example.com", "viewer")
        .await;
    // (without the feed's key, which only editors see)
    let seen = viewer.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert_eq!(seen["url"], host.url("/feed.xml"));
    let whole = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert_eq!(whole["url"], host.url("/feed.xml?key=family-secret"));
    assert_problem(patch(&viewer, &slug).await, 403).await;
    assert_problem(
        viewer
            .post_empty(&format!("/api/cards/{slug}/feed/refresh"))
            .await,
        403,
    )
    .await;
    assert_problem(viewer.delete(&format!("/api/cards/{slug}/feed")).await, 403).await;
    assert_problem(
        viewer
            .post_json(
                &format!("/api/collections/{shelf}/feeds"),
                &json!({"url": host.url("/feed.xml")}),
            )
            .await,
        403,
    )
    .await;
    let (stranger, _) = app.new_user("stranger@example.com", "user").await;
    assert_problem(stranger.get(&format!("/api/cards/{slug}/feed")).await, 404).await;
    assert_problem(patch(&stranger, &slug).await, 404).await;
    assert_eq!(tracks(&admin, &slug).await.len(), 2, "nothing changed");

    // made an editor, the viewer may; made a viewer again, may not
    let role = |role: &'static str| {
        let admin = &admin;
        let path = format!("/api/collections/{shelf}/members/{viewer_id}");
        async move {
            let r = admin.put_json(&path, &json!({ "role": role })).await;
            assert_eq!(r.status(), 204);
        }
    };
    role("editor").await;
    let r = patch(&viewer, &slug).await;
    assert_eq!(r.status(), 200);
    let patched: Value = r.json().await.unwrap();
    let job = wait_job(&viewer, patched["job_id"].as_str().unwrap()).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    role("viewer").await;
    assert_problem(patch(&viewer, &slug).await, 403).await;

    // the one who follows the feed now (who changed it last) may no longer edit the card:
    // the scheduled check says so, and an editor's check takes the feed over
    make_due(&app).await;
    // (the job is its follower's, as jobs are)
    let job = wait_job(&viewer, &newest_feed_job(&viewer).await).await;
    assert_eq!(job["status"], "failed", "{job}");
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert_eq!(
        feed["last_error"],
        cardsmith_core::feeds::sync::FOLLOWER_GONE
    );
    let job = refresh(&admin, &slug).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert!(feed["last_error"].is_null(), "{feed}");

    // stop following: the card and its tracks stay
    assert_eq!(
        admin
            .delete(&format!("/api/cards/{slug}/feed"))
            .await
            .status(),
        204
    );
    assert_problem(admin.get(&format!("/api/cards/{slug}/feed")).await, 404).await;
    assert_problem(admin.delete(&format!("/api/cards/{slug}/feed")).await, 404).await;
    assert!(!tracks(&admin, &slug).await.is_empty());
    // a card that follows no feed
    let plain = admin.create_card(&shelf, "Plain").await;
    let plain = plain["slug"].as_str().unwrap();
    assert_problem(admin.get(&format!("/api/cards/{plain}/feed")).await, 404).await;
}

#[tokio::test]
async fn a_scheduled_refresh_publishes_the_card_again_when_asked() {
    let (host, app, admin, shelf) = podcast_shelf(2, &["--demo-upstream"]).await;
    let account = link_account(&app, &admin).await;
    let feed = feed_card(
        &admin,
        &shelf,
        json!({"url": host.url("/feed.xml"), "episodes": 2, "refresh": "daily",
               "republish": true}),
    )
    .await;
    let slug = feed["card_slug"].as_str().unwrap().to_owned();
    publish_card(&admin, &account, &slug).await;

    // not due yet: nothing is queued
    assert_eq!(
        cardsmith_core::feeds::service::queue_due(&app.core)
            .await
            .unwrap(),
        0
    );
    // a new episode, and the day has passed
    host.publish(1, 3);
    make_due(&app).await;
    let job = wait_job(&admin, &newest_feed_job(&admin).await).await;
    assert_eq!(job["status"], "succeeded", "{job}");
    let feed = admin.get_json(&format!("/api/cards/{slug}/feed")).await;
    assert!(feed["next_refresh_at"].as_str().unwrap() > feed["last_checked_at"].as_str().unwrap());
    assert_eq!(
        titles(&admin, &slug).await,
        ["Episode 3: The Owl", "Episode 2: The Owl"]
    );
    // the platform gets the card as it is now
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let records = admin
            .get_json(&format!("/api/cards/{slug}/publish-status"))
            .await;
        let card = admin.get_json(&format!("/api/cards/{slug}")).await;
        if records[0]["status"] == "published"
            && records[0]["content_hash_at_publish"] == card["content_hash"]
        {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never published again: {records}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}
