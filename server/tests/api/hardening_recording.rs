//! Recording hardening: clients that do not number chunks, chunks re-sent after a partial
//! write, per-user bounds and idle encoders, and a take that survives a kill.

use std::time::Duration;

use serde_json::{json, Value};

use crate::recording::{
    abandon, finish, send, session_of, settled_take, start_recording, stored_files, stored_take,
    take_in_chunks,
};
use crate::support::audio_fixtures::{card_for, wait_settled};
use crate::support::helpers::{assert_problem, spawn_app, spawn_app_with};

#[tokio::test]
async fn a_client_written_from_the_spec_records_without_numbering_chunks() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Spec client").await;
    let session = session_of(start_recording(&admin, &card).await).await;
    let chunks = take_in_chunks(3);
    for (i, chunk) in chunks.iter().enumerate() {
        let r = admin
            .client
            .post(admin.url(&format!("/api/recording/{session}/chunk")))
            .header("content-type", "audio/webm")
            .body(chunk.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 204);
        assert_eq!(r.headers()["recording-next-seq"], (i + 1).to_string());
    }
    let r = admin
        .post_json(&format!("/api/recording/{session}/finish"), &json!({}))
        .await;
    assert_eq!(r.status(), 200);
    let finished: Value = r.json().await.unwrap();
    let track = wait_settled(&admin, &card, finished["track_slug"].as_str().unwrap()).await;
    assert_eq!(track["transcode_status"], "ready");
    assert!(track["duration_ms"].as_i64().unwrap() > 1000);
}

/// A chunk whose write was cut short (a crash between storing it and counting it) is sent
/// again: the orphaned bytes are never read as part of the take, and go with the session.
#[tokio::test]
async fn a_chunk_resent_after_a_partial_write_is_stored_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Torn").await;
    let session = session_of(start_recording(&admin, &card).await).await;
    let chunks = take_in_chunks(3);
    assert_eq!(send(&admin, &session, 0, &chunks[0]).await.status(), 204);
    // what a crash after the write and before the count leaves: half of chunk 1, stored
    app.core
        .media()
        .write_named(
            &format!("recordings/{session}/1-torn"),
            chunks[1][..chunks[1].len() / 2].to_vec(),
        )
        .await
        .unwrap();
    assert_eq!(send(&admin, &session, 1, &chunks[1]).await.status(), 204);
    assert_eq!(send(&admin, &session, 2, &chunks[2]).await.status(), 204);
    assert_eq!(
        stored_take(&app, &session).await,
        chunks.concat(),
        "the take is exactly the chunks, once each"
    );
    abandon(&admin, &session).await;
    assert!(
        stored_files(&app, &session).await.is_empty(),
        "the orphan goes with the session"
    );
}

/// The same browser, for a task of its own.
fn same(user: &crate::support::helpers::User) -> crate::support::helpers::User {
    crate::support::helpers::User {
        client: user.client.clone(),
        base: user.base.clone(),
    }
}

/// The same chunk sent 12 times at once (a retrying client) is stored once; 12 unnumbered
/// chunks at once are each stored once or refused, never interleaved or lost after a 204.
#[tokio::test]
async fn chunks_sent_twelve_at_once_are_each_stored_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Crowded").await;
    let session = session_of(start_recording(&admin, &card).await).await;
    let first = take_in_chunks(2)[0].clone();
    let mut sends = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let (admin, session, first) = (same(&admin), session.clone(), first.clone());
        sends.spawn(async move { send(&admin, &session, 0, &first).await.status() });
    }
    while let Some(status) = sends.join_next().await {
        assert_eq!(status.unwrap(), 204);
    }
    assert_eq!(stored_take(&app, &session).await, first);
    assert_eq!(stored_files(&app, &session).await.len(), 1);

    let mut appends = tokio::task::JoinSet::new();
    for i in 0..12u8 {
        let (admin, session) = (same(&admin), session.clone());
        appends.spawn(async move {
            let r = admin
                .client
                .post(admin.url(&format!("/api/recording/{session}/chunk")))
                .body(vec![i; 1000])
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), i)
        });
    }
    let mut stored = Vec::new();
    while let Some(done) = appends.join_next().await {
        let (status, i) = done.unwrap();
        assert!(status == 204 || status == 409, "{status}");
        if status == 204 {
            stored.push(i);
        }
    }
    let take = stored_take(&app, &session).await;
    assert_eq!(take.len(), first.len() + 1000 * stored.len());
    let mut found: Vec<u8> = take[first.len()..].chunks(1000).map(|c| c[0]).collect();
    assert!(take[first.len()..]
        .chunks(1000)
        .all(|c| c.iter().all(|b| *b == c[0])));
    found.sort();
    stored.sort();
    assert_eq!(found, stored, "every answered chunk once, whole");
}

#[tokio::test]
async fn recordings_are_bounded_per_user_and_idle_encoders_stop() {
    let app = spawn_app_with(&["--recording-idle-secs", "1"]).await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Many takes").await;
    let mut sessions = Vec::new();
    for _ in 0..3 {
        sessions.push(session_of(start_recording(&admin, &card).await).await);
    }
    let fourth = assert_problem(start_recording(&admin, &card).await, 409).await;
    assert!(fourth["detail"].as_str().unwrap().contains("limit is 3"));
    // another user's sessions count for them, not for this one
    let (other, _) = app.new_user("second@example.com", "user").await;
    let their_card = card_for(&other, "Theirs").await;
    session_of(start_recording(&other, &their_card).await).await;

    // chunks for sessions that do not exist (or are not the caller's) leave no trace
    let tracked = app.core.recorders.tracked_sessions();
    for i in 0..20 {
        let r = send(&other, &format!("no-such-session-{i}"), 0, b"x").await;
        assert_problem(r, 404).await;
        assert_problem(send(&other, &sessions[0], 0, b"x").await, 404).await;
    }
    assert_eq!(app.core.recorders.tracked_sessions(), tracked);

    let chunks = take_in_chunks(2);
    assert_eq!(
        send(&admin, &sessions[0], 0, &chunks[0]).await.status(),
        204
    );
    assert_eq!(app.core.recorders.live_encoders(), 1);
    for _ in 0..100 {
        if app.core.recorders.live_encoders() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        app.core.recorders.live_encoders(),
        0,
        "the idle encoder stopped"
    );
    // the session goes on from its saved chunks
    assert_eq!(
        send(&admin, &sessions[0], 1, &chunks[1]).await.status(),
        204
    );
    let r = admin
        .post_json(
            &format!("/api/recording/{}/finish", sessions[0]),
            &json!({}),
        )
        .await;
    assert_eq!(r.status(), 200);
    let slug = r.json::<Value>().await.unwrap()["track_slug"]
        .as_str()
        .unwrap()
        .to_owned();
    let track = wait_settled(&admin, &card, &slug).await;
    assert_eq!(track["transcode_status"], "ready");
    // a finished session frees its place
    session_of(start_recording(&admin, &card).await).await;
}

/// SIGKILL mid-recording: every chunk answered before the kill is on disk, and the take goes
/// on after the restart from where the session row says it stands.
#[tokio::test]
async fn a_recording_survives_a_kill_mid_take() {
    let data = tempfile::tempdir().unwrap();
    let mut server = crate::support::process::ServerProcess::start(data.path(), &[]).await;
    let admin = server.client();
    assert_eq!(
        admin
            .login(
                crate::support::helpers::ADMIN_EMAIL,
                crate::support::helpers::ADMIN_PASSWORD
            )
            .await
            .status(),
        200
    );
    let card = card_for(&admin, "Power cut").await;
    let session = session_of(start_recording(&admin, &card).await).await;
    let chunks = take_in_chunks(4);
    assert_eq!(send(&admin, &session, 0, &chunks[0]).await.status(), 204);
    assert_eq!(send(&admin, &session, 1, &chunks[1]).await.status(), 204);
    server.kill().await;
    server.restart().await;
    // the browser did not hear back about chunk 1, so it sends it again: stored once
    let again = send(&admin, &session, 1, &chunks[1]).await;
    assert_eq!(again.status(), 204);
    assert_eq!(again.headers()["recording-next-seq"], "2");
    assert_eq!(send(&admin, &session, 2, &chunks[2]).await.status(), 204);
    assert_eq!(send(&admin, &session, 3, &chunks[3]).await.status(), 204);
    settled_take(&admin, &card, &finish(&admin, &session).await).await;
    server.kill().await;
}
