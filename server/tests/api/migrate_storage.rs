//! `cardsmith migrate-storage` moves a running SQLite + media-folder instance into PostgreSQL
//! and a Garage bucket with nothing lost: the same people sign in with the same passwords,
//! and every card, track, cover, waveform and label sheet is served with the same bytes; a
//! take half recorded before the move is finished after it.
//! Runs in the suite's PostgreSQL pass.

use std::path::Path;

use serde_json::{json, Value};
use sqlx::{Connection, PgConnection, SqliteConnection};

use crate::recording::{finish, send, session_of, settled_take, start_recording, take_in_chunks};
use crate::support::audio_fixtures::{card_for, tone};
use crate::support::database::POSTGRES_URL_VARIABLE;
use crate::support::helpers::{
    jpeg_bytes, upload_ready_track, User, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD,
};
use crate::support::process::ServerProcess;

/// Runs one pass of the command; its exit status and report.
async fn migrate(data: &Path, database_url: &str, media: &[String]) -> (bool, Value) {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .arg("migrate-storage")
        .arg("--data-dir")
        .arg(data)
        .args(["--to-database-url", database_url])
        .args(media)
        .env("RUST_LOG", "error")
        .output()
        .await
        .expect("cardsmith runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = serde_json::from_str(&stdout).unwrap_or_else(|_| {
        panic!(
            "a JSON report, not: {stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.success(), report)
}

/// What a user sees of the library, to compare before and after.
async fn library(user: &User) -> Value {
    let mut cards = user.get_json("/api/cards").await;
    for card in cards.as_array_mut().unwrap() {
        let obj = card.as_object_mut().unwrap();
        obj.retain(|k, _| {
            ["slug", "title", "track_count", "total_duration_ms"].contains(&k.as_str())
        });
    }
    cards
}

async fn bytes(user: &User, path: &str) -> Vec<u8> {
    let r = user.get(path).await;
    assert_eq!(r.status(), 200, "{path}");
    r.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn a_running_sqlite_instance_moves_to_postgres_and_a_bucket_with_nothing_lost() {
    let Some(target) = crate::support::helpers::test_database().await else {
        eprintln!("no PostgreSQL server ({POSTGRES_URL_VARIABLE}): runs in the PostgreSQL pass");
        return;
    };
    // the instance to move: SQLite and media in its data directory
    let data = tempfile::tempdir().unwrap();
    let old = ServerProcess::start_shared(data.path(), &[]).await;
    let admin = old.client();
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let r = admin
        .create_user(&json!({"email": "parent@example.com", "password": PASSWORD, "role": "user"}))
        .await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let card = card_for(&admin, "Moving day").await;
    let track = upload_ready_track(&admin, &card, &tone(4, "mp3")).await;
    let track = track["slug"].as_str().unwrap().to_owned();
    let r = admin
        .upload(
            &format!("/api/cards/{card}/cover"),
            jpeg_bytes(64, 64),
            "front.jpg",
        )
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    let audio = format!("/api/cards/{card}/tracks/{track}/audio");
    let peaks = format!("/api/cards/{card}/tracks/{track}/peaks?buckets=300");
    let cover = format!("/api/cards/{card}/cover");
    let sheet: Value = admin
        .post_for_json(
            "/api/labels/generate",
            &json!({"card_slugs": [card], "format": "pdf", "page_size": "a4"}),
        )
        .await;
    let sheet = sheet["url"].as_str().unwrap().to_owned();
    // a take half recorded when the instance moves
    let take = take_in_chunks(4);
    let session = session_of(start_recording(&admin, &card).await).await;
    for (seq, chunk) in take.iter().enumerate().take(2) {
        assert_eq!(
            send(&admin, &session, seq as i64, chunk).await.status(),
            204
        );
    }
    let before = (
        library(&admin).await,
        bytes(&admin, &audio).await,
        bytes(&admin, &peaks).await,
        bytes(&admin, &cover).await,
        bytes(&admin, &sheet).await,
    );

    // first pass while the old instance serves, then again after it stopped
    let media = crate::garage::media_args();
    let (complete, first) = migrate(data.path(), target.url(), &media).await;
    assert!(complete, "{first:#}");
    assert!(first["media"]["copied"].as_u64().unwrap() >= 4, "{first:#}");
    drop(old);
    let (complete, second) = migrate(data.path(), target.url(), &media).await;
    assert!(complete, "{second:#}");
    assert_eq!(
        second["media"]["copied"], 0,
        "nothing left to copy: {second:#}"
    );
    assert_eq!(
        second["media"]["present"], first["media"]["copied"],
        "{second:#}"
    );

    // every table has every row
    let mut sqlite = SqliteConnection::connect(&format!(
        "sqlite://{}",
        data.path().join("cardsmith.db").display()
    ))
    .await
    .unwrap();
    let mut postgres = PgConnection::connect(target.url()).await.unwrap();
    for table in second["tables"].as_array().unwrap() {
        let name = table["table"].as_str().unwrap();
        let query = format!("SELECT COUNT(*) FROM {name}");
        let here: i64 = sqlx::query_scalar(&query)
            .fetch_one(&mut sqlite)
            .await
            .unwrap();
        let there: i64 = sqlx::query_scalar(&query)
            .fetch_one(&mut postgres)
            .await
            .unwrap();
        assert_eq!(here, there, "rows of {name}");
    }

    // a new instance on the target serves the same things, to the same people
    let key = std::fs::read_to_string(data.path().join("encryption.key")).unwrap();
    let mut args = vec![
        "--database-url",
        target.url(),
        "--encryption-key",
        key.trim(),
    ];
    args.extend(media.iter().map(String::as_str));
    let fresh = tempfile::tempdir().unwrap();
    let new = ServerProcess::start_shared(fresh.path(), &args).await;
    let admin = new.client();
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    assert_eq!(
        new.client()
            .login("parent@example.com", PASSWORD)
            .await
            .status(),
        200
    );
    let after = (
        library(&admin).await,
        bytes(&admin, &audio).await,
        bytes(&admin, &peaks).await,
        bytes(&admin, &cover).await,
        bytes(&admin, &sheet).await,
    );
    assert_eq!(before.0, after.0, "the library");
    assert!(before.1 == after.1, "the audio");
    assert!(before.2 == after.2, "the waveform");
    assert!(before.3 == after.3, "the cover");
    assert!(before.4 == after.4, "the label sheet");
    // the take goes on where it stopped, and finishes whole
    for (seq, chunk) in take.iter().enumerate().skip(2) {
        assert_eq!(
            send(&admin, &session, seq as i64, chunk).await.status(),
            204
        );
    }
    settled_take(&admin, &card, &finish(&admin, &session).await).await;
    assert!(
        !fresh.path().join("media").exists(),
        "the new instance keeps no media of its own"
    );
}
