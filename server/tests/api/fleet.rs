//! Several instances behind a load balancer with no sticky sessions: two real `cardsmith`
//! processes on one PostgreSQL database and one Garage bucket, with one encryption key.
//! Runs in the suite's PostgreSQL pass (`scripts/with-postgres`); in the SQLite pass there
//! is no shared database, and it says so.

use std::time::Duration;

use serde_json::json;
use sqlx::{Connection, PgConnection};
use tempfile::TempDir;

use crate::recording::{finish, send, session_of, settled_take, start_recording, take_in_chunks};
use crate::support::audio_fixtures::{card_for, tone, upload_track, wait_settled};
use crate::support::database::{TestDatabase, POSTGRES_URL_VARIABLE};
use crate::support::helpers::{User, ADMIN_EMAIL, ADMIN_PASSWORD};
use crate::support::process::ServerProcess;

/// The key both instances seal secrets with (an operator sets one for the fleet).
const FLEET_KEY: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

/// What two instances share, and how to start one more on it.
struct Fleet {
    database: TestDatabase,
    media: Vec<String>,
    dirs: Vec<TempDir>,
}

impl Fleet {
    /// A database and a bucket for a fleet; `None` outside the PostgreSQL pass.
    async fn new() -> Option<Self> {
        let Some(database) = crate::support::helpers::test_database().await else {
            eprintln!(
                "no PostgreSQL server ({POSTGRES_URL_VARIABLE}): runs in the PostgreSQL pass"
            );
            return None;
        };
        Some(Self {
            database,
            media: crate::garage::media_args(),
            dirs: Vec::new(),
        })
    }

    /// One more instance: its own data directory (local scratch only), the shared rest.
    /// Orphaned jobs are claimed again after 2 s.
    async fn instance(&mut self) -> ServerProcess {
        let dir = tempfile::tempdir().unwrap();
        let mut args: Vec<&str> = vec![
            "--database-url",
            self.database.url(),
            "--encryption-key",
            FLEET_KEY,
            "--job-lease-secs",
            "2",
        ];
        args.extend(self.media.iter().map(String::as_str));
        let server = ServerProcess::start_shared(dir.path(), &args).await;
        self.dirs.push(dir);
        server
    }

    async fn sql(&self) -> PgConnection {
        PgConnection::connect(self.database.url()).await.unwrap()
    }
}

/// `user`'s session, sent to another instance (a load balancer's next pick).
fn on(user: &User, other: &ServerProcess) -> User {
    User {
        client: user.client.clone(),
        base: other.client().base,
    }
}

/// Polls `path` on `user` until it answers `status`, for up to `within`.
async fn until_status(user: &User, path: &str, status: u16, within: Duration) {
    let started = std::time::Instant::now();
    while started.elapsed() < within {
        if user.get(path).await.status() == status {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{path} never answered {status} on {}", user.base);
}

#[tokio::test]
async fn two_instances_share_sessions_media_and_jobs() {
    let Some(mut fleet) = Fleet::new().await else {
        return;
    };
    let a = fleet.instance().await;
    let b = fleet.instance().await;

    // signed in on A, recognised by B
    let on_a = a.client();
    assert_eq!(on_a.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let on_b = on(&on_a, &b);
    assert_eq!(on_b.me().await.status(), 200);

    // uploads through A, each transcoded once by either instance, served by B with Range
    let card = card_for(&on_a, "Fleet").await;
    let mut tracks = Vec::new();
    for seconds in [3, 4, 5] {
        let track = upload_track(&on_a, &card, &tone(seconds, "mp3")).await;
        tracks.push(track["slug"].as_str().unwrap().to_owned());
    }
    for track in &tracks {
        let settled = wait_settled(&on_b, &card, track).await;
        assert_eq!(settled["transcode_status"], "ready", "{settled}");
        let path = format!("/api/cards/{card}/tracks/{track}/audio");
        let whole = on_a.get(&path).await.bytes().await.unwrap();
        let ranged = on_b
            .client
            .get(on_b.url(&path))
            .header("Range", "bytes=100-1099")
            .send()
            .await
            .unwrap();
        assert_eq!(ranged.status(), 206);
        assert_eq!(ranged.bytes().await.unwrap(), whole.slice(100..1100));
    }
    let runs: Vec<(String, i64)> = sqlx::query_as(
        "SELECT status, attempts FROM jobs WHERE kind = 'transcode' ORDER BY created_at",
    )
    .fetch_all(&mut fleet.sql().await)
    .await
    .unwrap();
    assert_eq!(runs.len(), 3, "{runs:?}");
    assert!(
        runs.iter()
            .all(|(status, attempts)| status == "succeeded" && *attempts == 1),
        "each job ran once: {runs:?}"
    );

    // a take whose chunks the load balancer sends alternately to A and B is one take, and
    // either instance finishes it: B with no live encoder (it converts the stored chunks),
    // then B with the encoder it started, caught up on the chunks A counted
    for (first, second, live) in [(&on_a, &on_b, false), (&on_b, &on_a, true)] {
        let session = session_of(start_recording(first, &card).await).await;
        for (seq, chunk) in take_in_chunks(4).iter().enumerate() {
            let to = if seq % 2 == 0 { first } else { second };
            let r = send(to, &session, seq as i64, chunk).await;
            assert_eq!(r.status(), 204);
            assert_eq!(r.headers()["recording-next-seq"], (seq + 1).to_string());
        }
        let finished = finish(&on_b, &session).await;
        let transcodes: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM jobs WHERE kind = 'transcode' AND payload LIKE $1",
        )
        .bind(format!("%{}%", finished["track_id"].as_str().unwrap()))
        .fetch_one(&mut fleet.sql().await)
        .await
        .unwrap();
        assert_eq!(
            transcodes,
            i64::from(!live),
            "a live-encoded take needs no transcode"
        );
        settled_take(&on_a, &card, &finished).await;
        // finished once: the other instance finds no session to finish again
        let again = on_a
            .post_json(&format!("/api/recording/{session}/finish"), &json!({}))
            .await;
        assert_eq!(again.status(), 404);
    }

    // "sign out everywhere" on B (another browser) ends the session used on A, though A has
    // just used it and remembers it for up to 15 s: A hears of it through the database
    let elsewhere = b.client();
    assert_eq!(
        elsewhere.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(),
        200
    );
    assert_eq!(on_a.me().await.status(), 200);
    assert_eq!(on_a.me().await.status(), 200);
    assert_eq!(elsewhere.revoke_my_sessions().await.status(), 200);
    until_status(&on_a, "/api/auth/me", 401, Duration::from_secs(5)).await;
}

#[tokio::test]
async fn a_job_of_a_killed_instance_is_finished_by_another() {
    let Some(mut fleet) = Fleet::new().await else {
        return;
    };
    let mut a = fleet.instance().await;
    let user = a.client();
    assert_eq!(user.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let card = card_for(&user, "Interrupted").await;
    // long enough that A is surely still at it when it is killed
    let track = upload_track(&user, &card, &tone(300, "mp3")).await;
    let slug = track["slug"].as_str().unwrap().to_owned();
    let detail = user
        .get_json(&format!("/api/cards/{card}/tracks/{slug}"))
        .await;
    let job = detail["processing_job_id"]
        .as_str()
        .expect("a transcode job")
        .to_owned();
    let mut sql = fleet.sql().await;
    for _ in 0..500 {
        let status: String = sqlx::query_scalar("SELECT status FROM jobs WHERE id = $1")
            .bind(&job)
            .fetch_one(&mut sql)
            .await
            .unwrap();
        if status == "running" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    a.kill().await;

    let b = fleet.instance().await;
    let user = on(&user, &b);
    let settled = wait_settled(&user, &card, &slug).await;
    assert_eq!(settled["transcode_status"], "ready", "{settled}");
    let (status, attempts): (String, i64) =
        sqlx::query_as("SELECT status, attempts FROM jobs WHERE id = $1")
            .bind(&job)
            .fetch_one(&mut sql)
            .await
            .unwrap();
    assert_eq!(status, "succeeded");
    assert_eq!(
        attempts, 2,
        "claimed by A, then again by B after A's lease ran out"
    );
}
