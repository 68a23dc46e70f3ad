//! Recording sessions: ordered, idempotent chunks; gaps refused; finish makes a ready track;
//! abandon deletes everything. Clients that do not number chunks, chunks re-sent after a
//! partial write or twelve at once, per-user bounds and idle encoders, and a take that
//! survives a kill.

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::audio_fixtures::{bytes, card_for, speech, wait_settled};
use crate::support::helpers::{
    assert_problem, spawn_app, spawn_app_with, TestApp, User, ADMIN_EMAIL, ADMIN_PASSWORD,
};

/// A take as a browser would send it: WebM/Opus made by ffmpeg from espeak-ng speech, cut
/// into `n` pieces. Each call writes its own file: tests run at once in one process.
pub fn take_in_chunks(n: usize) -> Vec<Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let webm = dir.path().join("take.webm");
    let out = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-i"])
        .arg(speech())
        .args(["-c:a", "libopus", "-f", "webm"])
        .arg(&webm)
        .output()
        .unwrap();
    assert!(out.status.success());
    let all = bytes(&webm);
    let size = all.len().div_ceil(n);
    all.chunks(size).map(<[u8]>::to_vec).collect()
}

pub async fn send(user: &User, session: &str, seq: i64, chunk: &[u8]) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/api/recording/{session}/chunk?seq={seq}")))
        .header("content-type", "audio/webm;codecs=opus")
        .body(chunk.to_vec())
        .send()
        .await
        .unwrap()
}

/// The take of `session` as stored: its counted chunks in order, concatenated (whichever
/// media store the app runs on).
pub async fn stored_take(app: &TestApp, session: &str) -> Vec<u8> {
    let names: Vec<String> =
        sqlx::query_scalar("SELECT name FROM recording_chunks WHERE session_id = $1 ORDER BY seq")
            .bind(session)
            .fetch_all(app.core.db.pool())
            .await
            .unwrap();
    let mut take = Vec::new();
    for name in names {
        take.extend(app.core.media().read_named(&name).await.unwrap());
    }
    take
}

/// The names of every file stored for `session`, counted chunk or not.
pub async fn stored_files(app: &TestApp, session: &str) -> Vec<String> {
    app.core
        .media()
        .names_under(&format!("recordings/{session}"))
        .await
        .unwrap()
}

/// Finishes `session` (an empty body); the answer, which must be a 200.
pub async fn finish(user: &User, session: &str) -> Value {
    let r = user
        .post_json(&format!("/api/recording/{session}/finish"), &json!({}))
        .await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// The track a finished take of [`take_in_chunks`] made on `card`, once settled: ready, and
/// as long as the speech the take was cut from.
pub async fn settled_take(user: &User, card: &str, finished: &Value) -> Value {
    let slug = finished["track_slug"].as_str().unwrap();
    let track = wait_settled(user, card, slug).await;
    assert_eq!(track["transcode_status"], "ready", "{track}");
    let spoken = crate::support::audio_fixtures::duration_ms(&speech());
    let ms = track["duration_ms"].as_i64().unwrap();
    assert!(
        (ms - spoken).abs() < 150,
        "take {ms} ms, spoken {spoken} ms"
    );
    track
}

/// Abandons `session`, which must answer 204.
pub async fn abandon(user: &User, session: &str) {
    let r = user
        .post_empty(&format!("/api/recording/{session}/abandon"))
        .await;
    assert_eq!(r.status(), 204);
}

/// Opens a recording session on `card` without a title.
pub async fn start_recording(user: &User, card: &str) -> reqwest::Response {
    user.post_empty(&format!("/api/cards/{card}/tracks/record-start"))
        .await
}

/// The session id of a `record-start` answer (which must be a 201).
pub async fn session_of(r: reqwest::Response) -> String {
    assert_eq!(r.status(), 201);
    let started: Value = r.json().await.unwrap();
    started["session_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_take_arrives_in_chunks_and_becomes_a_track() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Bedtime").await;
    let r = admin
        .post_json(
            &format!("/api/cards/{card}/tracks/record-start"),
            &json!({"title": "Goodnight moon"}),
        )
        .await;
    assert_eq!(r.status(), 201);
    let started: Value = r.json().await.unwrap();
    let session = started["session_id"].as_str().unwrap().to_owned();
    assert_eq!(started["chunk_interval_s"], 5);
    let chunks = take_in_chunks(4);

    let r = send(&admin, &session, 0, &chunks[0]).await;
    assert_eq!(r.status(), 204);
    assert_eq!(r.headers()["recording-next-seq"], "1");
    assert_eq!(send(&admin, &session, 1, &chunks[1]).await.status(), 204);
    // the answer to chunk 1 was "lost": the browser sends it again, nothing is stored twice
    let again = send(&admin, &session, 1, &chunks[1]).await;
    assert_eq!(again.status(), 204);
    assert_eq!(again.headers()["recording-next-seq"], "2");
    // chunk 3 before chunk 2 is a gap
    let gap = send(&admin, &session, 3, &chunks[3]).await;
    assert_eq!(gap.headers()["recording-next-seq"], "2");
    assert_problem(gap, 409).await;
    assert_eq!(send(&admin, &session, 2, &chunks[2]).await.status(), 204);
    assert_eq!(send(&admin, &session, 3, &chunks[3]).await.status(), 204);
    assert_eq!(stored_take(&app, &session).await, chunks.concat());
    assert_eq!(stored_files(&app, &session).await.len(), 4);

    // someone else cannot touch the session
    let (other, _) = app.new_user("other@example.com", "user").await;
    assert_problem(send(&other, &session, 4, b"x").await, 404).await;
    assert_problem(
        other
            .post_empty(&format!("/api/recording/{session}/finish"))
            .await,
        404,
    )
    .await;

    let r = admin
        .post_json(&format!("/api/recording/{session}/finish"), &json!({}))
        .await;
    assert_eq!(r.status(), 200);
    let finished: Value = r.json().await.unwrap();
    let slug = finished["track_slug"].as_str().unwrap();
    assert_eq!(slug, "goodnight-moon");
    let t = wait_settled(&admin, &card, slug).await;
    assert_eq!(
        t["transcode_status"], "ready",
        "encoded while recording: {t}"
    );
    assert_eq!(t["source_type"], "recording");
    assert_eq!(
        t["original_format"], "flac",
        "the lossless original is kept"
    );
    assert_eq!(t["transcoded_format"], "m4a");
    let speech_ms = crate::support::audio_fixtures::duration_ms(&speech());
    let ms = t["duration_ms"].as_i64().unwrap();
    assert!(
        (ms - speech_ms).abs() < 100,
        "take {ms} ms vs spoken {speech_ms} ms"
    );
    assert!(
        stored_files(&app, &session).await.is_empty(),
        "the session's files are gone"
    );
    assert_problem(send(&admin, &session, 4, b"x").await, 404).await;
}

#[tokio::test]
async fn abandoning_deletes_the_take_and_bad_chunks_are_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let card = card_for(&admin, "Abandoned").await;
    let started: Value = admin
        .post_empty(&format!("/api/cards/{card}/tracks/record-start"))
        .await
        .json()
        .await
        .unwrap();
    let session = started["session_id"].as_str().unwrap().to_owned();
    assert_problem(
        admin
            .post_empty(&format!("/api/recording/{session}/finish"))
            .await,
        409,
    )
    .await;
    assert_problem(send(&admin, &session, -1, b"abc").await, 422).await;
    assert_problem(send(&admin, &session, 0, b"").await, 422).await;
    let bad_seq = admin
        .client
        .post(admin.url(&format!("/api/recording/{session}/chunk?seq=first")))
        .body("abc")
        .send()
        .await
        .unwrap();
    assert_problem(bad_seq, 422).await;
    // the first chunk must start like audio: anything else is refused before it is stored
    assert_problem(
        send(&admin, &session, 0, b"definitely not audio").await,
        415,
    )
    .await;
    assert_problem(
        admin
            .post_empty(&format!("/api/recording/{session}/finish"))
            .await,
        409,
    )
    .await;
    // it starts like MP3, and is not: finishing probes the take and refuses it
    assert_eq!(
        send(
            &admin,
            &session,
            0,
            b"ID3\x03\0\0\0\0\0\0 and then not audio"
        )
        .await
        .status(),
        204
    );
    assert_problem(
        admin
            .post_empty(&format!("/api/recording/{session}/finish"))
            .await,
        415,
    )
    .await;
    abandon(&admin, &session).await;
    assert!(stored_files(&app, &session).await.is_empty());
    assert_problem(
        admin
            .post_empty(&format!("/api/recording/{session}/abandon"))
            .await,
        404,
    )
    .await;
    let c: Value = admin.get_json(&format!("/api/cards/{card}")).await;
    assert_eq!(c["track_count"], 0);

    // a session nobody sends to any more expires with its files
    let started: Value = admin
        .post_empty(&format!("/api/cards/{card}/tracks/record-start"))
        .await
        .json()
        .await
        .unwrap();
    let stale = started["session_id"].as_str().unwrap().to_owned();
    assert_eq!(
        send(&admin, &stale, 0, &take_in_chunks(2)[0])
            .await
            .status(),
        204
    );
    sqlx::query(
        "UPDATE recording_sessions SET updated_at = '2000-01-01T00:00:00.000Z' WHERE id = $1",
    )
    .bind(&stale)
    .execute(app.core.db.pool())
    .await
    .unwrap();
    assert_eq!(
        cardsmith_core::recording::expire_stale(&app.core)
            .await
            .unwrap(),
        1
    );
    assert!(stored_files(&app, &stale).await.is_empty());
    // chunks left by an instance that stopped after ending their session go the same way
    let ended = "0195f0c0-0000-7000-8000-00000000dead";
    app.core
        .media()
        .write_named(&format!("recordings/{ended}/0-left"), b"left".to_vec())
        .await
        .unwrap();
    assert_eq!(stored_files(&app, ended).await.len(), 1);
    cardsmith_core::recording::expire_stale(&app.core)
        .await
        .unwrap();
    assert!(stored_files(&app, ended).await.is_empty());
    assert_problem(send(&admin, &stale, 1, b"more").await, 404).await;

    // viewers cannot record
    let collection = c["collection_id"].as_str().unwrap();
    let (viewer, _) = app
        .member_of(&admin, collection, "viewer@example.com", "viewer")
        .await;
    assert_problem(
        viewer
            .post_empty(&format!("/api/cards/{card}/tracks/record-start"))
            .await,
        403,
    )
    .await;
    assert_problem(
        admin
            .post_json(
                &format!("/api/cards/{card}/tracks/record-start"),
                &json!({"title": "x".repeat(500)}),
            )
            .await,
        422,
    )
    .await;
}

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
fn same(user: &User) -> User {
    User {
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
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
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
