//! `cardsmith backup` and `cardsmith restore`, the real binary against a real running
//! instance: a backup taken while parents upload and rename restores into a fresh instance
//! that serves the same sign-ins, library and byte-identical audio; later backups copy only
//! what is new; `verify` names a damaged object; a restore refuses an instance in use; a
//! backup killed half-way is never listed; the encryption key travels sealed, and a wrong
//! passphrase restores without tokens, naming the accounts to link again.
//!
//! On the suite's PostgreSQL pass the instance runs on PostgreSQL and a Garage bucket, backs
//! up to a folder, and is restored into a fresh database and bucket.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

use crate::support::audio_fixtures::{card_for, tone, upload_track, wait_settled};
use crate::support::database::TestDatabase;
use crate::support::helpers::{upload_ready_track, User, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD};
use crate::support::process::ServerProcess;

/// Runs `cardsmith <args>`; whether it succeeded, its JSON report (`Null` when none) and
/// what it said on stderr.
async fn cardsmith(args: &[String], env: &[(&str, &str)]) -> (bool, Value, String) {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_cardsmith"))
        .args(args)
        .env("RUST_LOG", "error")
        .env_remove("CARDSMITH_BACKUP_PASSPHRASE")
        .envs(env.iter().copied())
        .output()
        .await
        .expect("cardsmith runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (
        out.status.success(),
        report,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn args(parts: &[&str], instance: &[String]) -> Vec<String> {
    parts
        .iter()
        .map(|s| (*s).to_owned())
        .chain(instance.iter().cloned())
        .collect()
}

/// A backup of `server` into `target`, which must succeed; its report.
async fn back_up(server: &ServerProcess, target: &Path, extra: &[&str]) -> Value {
    let mut parts = vec!["backup", "--to", target.to_str().unwrap()];
    parts.extend(extra);
    let (ok, report, stderr) = cardsmith(&args(&parts, &server.instance_args()), &[]).await;
    assert!(ok, "backup failed: {stderr}");
    report
}

/// An empty instance to restore into: a data folder, and on the PostgreSQL pass a fresh
/// database and bucket (kept alive by the returned guard).
struct Fresh {
    dir: tempfile::TempDir,
    args: Vec<String>,
    _database: Option<TestDatabase>,
}

impl Fresh {
    async fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let database = crate::support::helpers::test_database().await;
        let mut args = Vec::new();
        if let Some(database) = &database {
            args.extend(["--database-url".to_owned(), database.url().to_owned()]);
        }
        args.extend(crate::garage::suite_media_args(dir.path()));
        Self {
            dir,
            args,
            _database: database,
        }
    }

    /// An empty SQLite instance with its media in its folder, whatever the suite runs on.
    fn sqlite() -> Self {
        Self {
            dir: tempfile::tempdir().unwrap(),
            args: Vec::new(),
            _database: None,
        }
    }

    fn instance_args(&self) -> Vec<String> {
        let mut out = vec![
            "--data-dir".to_owned(),
            self.dir.path().display().to_string(),
        ];
        out.extend(self.args.iter().cloned());
        out
    }

    async fn restore(&self, from: &Path, env: &[(&str, &str)]) -> (bool, Value, String) {
        let parts = ["restore", "--from", from.to_str().unwrap()];
        cardsmith(&args(&parts, &self.instance_args()), env).await
    }

    async fn serve(&self, extra: &[&str]) -> ServerProcess {
        let mut args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        args.extend(extra);
        ServerProcess::start_shared(self.dir.path(), &args).await
    }
}

/// Every card a user sees, with its tracks (title, slug, state).
async fn library(user: &User) -> Vec<Value> {
    let mut out = Vec::new();
    for card in user.get_json("/api/cards").await.as_array().unwrap() {
        let slug = card["slug"].as_str().unwrap();
        let detail = user.get_json(&format!("/api/cards/{slug}")).await;
        let tracks: Vec<Value> = detail["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| json!([t["slug"], t["title"], t["transcode_status"]]))
            .collect();
        out.push(json!({"slug": slug, "title": card["title"], "tracks": tracks}));
    }
    out.sort_by_key(|c| c["slug"].as_str().unwrap().to_owned());
    out
}

async fn audio(user: &User, card: &str, track: &str) -> Vec<u8> {
    let r = user
        .get(&format!("/api/cards/{card}/tracks/{track}/audio"))
        .await;
    assert_eq!(r.status(), 200, "{card}/{track}");
    r.bytes().await.unwrap().to_vec()
}

fn objects_in(target: &Path) -> usize {
    walk(&target.join("objects"))
}

fn walk(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .map(|e| {
                if e.file_type().unwrap().is_dir() {
                    walk(&e.path())
                } else {
                    1
                }
            })
            .sum()
    })
}

/// The suite's kind of instance (SQLite and its folder, or PostgreSQL and Garage) on `data`,
/// and its admin, signed in.
async fn instance(data: &Path) -> (ServerProcess, User) {
    let media = crate::garage::suite_media_args(data);
    let media: Vec<&str> = media.iter().map(String::as_str).collect();
    let server = ServerProcess::start(data, &media).await;
    let admin = server.client();
    assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    (server, admin)
}

#[tokio::test]
async fn a_backup_taken_while_parents_write_restores_whole_into_a_fresh_instance() {
    let data = tempfile::tempdir().unwrap();
    let (server, admin) = instance(data.path()).await;
    let r = admin
        .create_user(&json!({"email": "parent@example.com", "password": PASSWORD, "role": "user"}))
        .await;
    assert_eq!(r.status(), 201);
    let card = card_for(&admin, "Bedtime").await;
    for seconds in [3, 4] {
        upload_ready_track(&admin, &card, &tone(seconds, "mp3")).await;
    }

    // a parent uploads and renames in a loop while the backup runs
    let busy = card_for(&admin, "Busy").await;
    let writing = Arc::new(AtomicBool::new(true));
    let writer = {
        let (writing, admin, busy) = (writing.clone(), server.client(), busy.clone());
        assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
        tokio::spawn(async move {
            let mut uploaded = Vec::new();
            let mut round = 0;
            while writing.load(Ordering::Acquire) {
                round += 1;
                let track = upload_track(&admin, &busy, &tone(2 + round % 3, "wav")).await;
                uploaded.push(track["slug"].as_str().unwrap().to_owned());
                let r = admin
                    .put_json(
                        &format!("/api/cards/{busy}"),
                        &json!({"title": format!("Busy, round {round}"), "description": ""}),
                    )
                    .await;
                assert!(r.status().is_success(), "{}", r.status());
            }
            uploaded
        })
    };
    let target = tempfile::tempdir().unwrap();
    let first = back_up(&server, target.path(), &[]).await;
    writing.store(false, Ordering::Release);
    let uploaded = writer.await.unwrap();
    assert!(!uploaded.is_empty());
    for track in &uploaded {
        wait_settled(&admin, &busy, track).await;
    }
    assert!(first["new_objects"].as_u64().unwrap() >= 4, "{first:#}");
    assert_eq!(first["missing_in_source"], json!([]), "{first:#}");

    // later backups copy only what is new: the database, then one track's files
    let second = back_up(&server, target.path(), &[]).await;
    upload_ready_track(&admin, &card, &tone(5, "mp3")).await;
    let third = back_up(&server, target.path(), &[]).await;
    let new_files = third["files"].as_u64().unwrap() - second["files"].as_u64().unwrap();
    assert!((1..=3).contains(&new_files), "{second:#}\n{third:#}");
    assert_eq!(
        third["new_objects"].as_u64().unwrap(),
        1 + new_files,
        "the new database snapshot and the new track's files only: {third:#}"
    );
    let (ok, listed, _) = cardsmith(
        &args(
            &["backup", "list", "--to", target.path().to_str().unwrap()],
            &server.instance_args(),
        ),
        &[],
    )
    .await;
    assert!(ok);
    assert_eq!(listed.as_array().unwrap().len(), 3, "{listed:#}");
    assert_eq!(listed[0]["id"], third["id"], "newest first");

    // keeping only the newest removes the others and the objects only they held
    let before = objects_in(target.path());
    let pruned = back_up(&server, target.path(), &["--keep", "last=1"]).await;
    assert_eq!(pruned["pruned"]["backups_kept"], 1, "{pruned:#}");
    assert_eq!(
        pruned["pruned"]["backups_removed"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert!(objects_in(target.path()) < before + 1);
    let verify = |instance: Vec<String>| {
        let target = target.path().to_str().unwrap().to_owned();
        async move {
            cardsmith(
                &args(&["backup", "verify", "--to", &target], &instance),
                &[],
            )
            .await
        }
    };
    let (ok, report, stderr) = verify(server.instance_args()).await;
    assert!(ok, "{stderr}\n{report:#}");

    // an instance in use is refused
    let (ok, _, stderr) = cardsmith(
        &args(
            &["restore", "--from", target.path().to_str().unwrap()],
            &server.instance_args(),
        ),
        &[],
    )
    .await;
    assert!(!ok);
    assert!(stderr.contains("already has users"), "{stderr}");

    // a fresh instance gets everything back: the same people, library and bytes
    let expected = library(&admin).await;
    let fresh = Fresh::new().await;
    let (ok, report, stderr) = fresh.restore(target.path(), &[]).await;
    assert!(ok, "{stderr}");
    assert_eq!(report["accounts_to_relink"], json!([]), "{report:#}");
    let restored = fresh.serve(&[]).await;
    let again = restored.client();
    assert_eq!(again.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    let parent = restored.client();
    assert_eq!(
        parent.login("parent@example.com", PASSWORD).await.status(),
        200
    );
    assert_eq!(library(&again).await, expected);
    for card in &expected {
        let slug = card["slug"].as_str().unwrap();
        for track in card["tracks"].as_array().unwrap() {
            let track = track[0].as_str().unwrap();
            assert!(
                audio(&again, slug, track).await == audio(&admin, slug, track).await,
                "{slug}/{track}: the same bytes"
            );
        }
    }

    // on the PostgreSQL pass, the same backup also restores into SQLite and a folder
    if crate::support::helpers::test_database().await.is_some() {
        let sqlite = Fresh::sqlite();
        let (ok, _, stderr) = sqlite.restore(target.path(), &[]).await;
        assert!(ok, "{stderr}");
        let moved = sqlite.serve(&[]).await;
        let there = moved.client();
        assert_eq!(there.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
        assert_eq!(library(&there).await, expected, "PostgreSQL to SQLite");
        let card = &expected[0];
        let (slug, track) = (
            card["slug"].as_str().unwrap(),
            card["tracks"][0][0].as_str().unwrap(),
        );
        assert!(audio(&there, slug, track).await == audio(&admin, slug, track).await);
    }

    // a damaged object is named by verify
    let audio_object = report_file(&pruned, target.path());
    let mut bytes = std::fs::read(&audio_object).unwrap();
    bytes[100] ^= 0xff;
    std::fs::write(&audio_object, bytes).unwrap();
    let (ok, report, stderr) = verify(server.instance_args()).await;
    assert!(!ok, "{report:#}");
    let damaged = report["backups"][0]["damaged"].as_array().unwrap();
    assert_eq!(damaged.len(), 1, "{report:#}");
    assert!(stderr.contains(damaged[0].as_str().unwrap()), "{stderr}");
}

/// The object file of one of the backup's audio files (a `media/` file of a few KB or more).
fn report_file(report: &Value, target: &Path) -> std::path::PathBuf {
    let id = report["id"].as_str().unwrap();
    let manifest: Value = serde_json::from_slice(
        &std::fs::read(target.join("manifests").join(format!("{id}.json"))).unwrap(),
    )
    .unwrap();
    let file = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| {
            f["name"].as_str().unwrap().starts_with("media/") && f["size"].as_u64().unwrap() > 1000
        })
        .expect("an audio file");
    let hash = file["sha256"].as_str().unwrap();
    target.join("objects").join(&hash[..2]).join(hash)
}

#[tokio::test]
async fn a_backup_killed_half_way_is_never_listed_and_the_next_one_completes() {
    let data = tempfile::tempdir().unwrap();
    let (server, admin) = instance(data.path()).await;
    let card = card_for(&admin, "Many").await;
    for seconds in 2..8 {
        upload_ready_track(&admin, &card, &tone(seconds, "wav")).await;
    }
    let target = tempfile::tempdir().unwrap();
    let parts = ["backup", "--to", target.path().to_str().unwrap()];
    let mut caught = false;
    for _ in 0..20 {
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_cardsmith"))
            .args(args(&parts, &server.instance_args()))
            .env("RUST_LOG", "error")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        // SIGKILL as soon as the first object is there, before the manifest
        while objects_in(target.path()) == 0 {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        child.kill().await.unwrap();
        if !target.path().join("manifests").exists() {
            caught = true;
            break;
        }
        // it finished first: start over with an empty target
        std::fs::remove_dir_all(target.path().join("manifests")).unwrap();
    }
    assert!(caught, "a backup was killed before its manifest");
    let list = args(
        &["backup", "list", "--to", target.path().to_str().unwrap()],
        &server.instance_args(),
    );
    let (ok, listed, _) = cardsmith(&list, &[]).await;
    assert!(ok);
    assert_eq!(listed, json!([]), "a killed backup is not listed");

    let report = back_up(&server, target.path(), &[]).await;
    let (_, listed, _) = cardsmith(&list, &[]).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["id"], report["id"]);
    let verify = args(
        &["backup", "verify", "--to", target.path().to_str().unwrap()],
        &server.instance_args(),
    );
    let (ok, report, stderr) = cardsmith(&verify, &[]).await;
    assert!(ok, "{stderr}\n{report:#}");
}

#[tokio::test]
async fn the_key_travels_sealed_and_a_wrong_passphrase_restores_without_tokens() {
    let sim = crate::crash::platform().await;
    let data = tempfile::tempdir().unwrap();
    let server = crate::crash::start(data.path(), &sim).await;
    let admin = server.client();
    crate::crash::link(&admin, &sim).await;
    let label = admin.get_json("/api/player-accounts").await["accounts"][0]["label"].clone();

    let target = tempfile::tempdir().unwrap();
    let passphrase = ("CARDSMITH_BACKUP_PASSPHRASE", "a long family passphrase");
    let parts = ["backup", "--to", target.path().to_str().unwrap()];
    let (ok, _, stderr) = cardsmith(
        &args(&["backup", "--to", "/dev/null/x"], &server.instance_args()),
        &[],
    )
    .await;
    assert!(!ok, "an unusable target is an error: {stderr}");
    let (ok, short, stderr) = cardsmith(
        &args(&parts, &server.instance_args()),
        &[("CARDSMITH_BACKUP_PASSPHRASE", "short")],
    )
    .await;
    assert!(
        !ok && short.is_null(),
        "a short passphrase is refused: {stderr}"
    );
    let (ok, report, stderr) =
        cardsmith(&args(&parts, &server.instance_args()), &[passphrase]).await;
    assert!(ok, "{stderr}");
    assert_eq!(report["key_included"], true);
    assert!(stderr.contains("sealed with your passphrase"), "{stderr}");
    let key = std::fs::read_to_string(data.path().join("encryption.key")).unwrap();
    let manifest = std::fs::read_to_string(
        target
            .path()
            .join("manifests")
            .join(format!("{}.json", report["id"].as_str().unwrap())),
    )
    .unwrap();
    assert!(!manifest.contains(key.trim()), "never the key in the clear");

    // the right passphrase brings the key back, and the account stays linked
    let right = Fresh::new().await;
    let (ok, report, stderr) = right.restore(target.path(), &[passphrase]).await;
    assert!(ok, "{stderr}");
    assert_eq!(report["accounts_to_relink"], json!([]), "{report:#}");
    assert_eq!(
        std::fs::read_to_string(right.dir.path().join("encryption.key"))
            .unwrap()
            .trim(),
        key.trim()
    );
    let restored = right.serve(&[]).await;
    let me = restored.client();
    assert_eq!(me.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    assert_eq!(
        me.get_json("/api/player-accounts").await["accounts"][0]["status"],
        "linked"
    );

    // a wrong one restores everything but the tokens, and names the account to link again
    let wrong = Fresh::new().await;
    let (ok, report, stderr) = wrong
        .restore(
            target.path(),
            &[("CARDSMITH_BACKUP_PASSPHRASE", "not the family passphrase")],
        )
        .await;
    assert!(ok, "{stderr}");
    assert!(stderr.contains("does not open the key"), "{stderr}");
    assert_eq!(
        report["accounts_to_relink"],
        json!([{"label": label, "owner": ADMIN_EMAIL}]),
        "{report:#}"
    );
    assert!(stderr.contains(label.as_str().unwrap()), "{stderr}");
    let restored = wrong.serve(&[]).await;
    let me = restored.client();
    assert_eq!(me.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
    assert_eq!(
        me.get_json("/api/player-accounts").await["accounts"][0]["status"],
        "needs_relink"
    );
}

/// Polls the Backups page's answer until `done` holds of it.
async fn backups_until(admin: &User, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let status = admin.get_json("/api/admin/backups").await;
        if done(&status) {
            return status;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{what} never happened");
}

fn check<'a>(health: &'a Value, name: &str) -> &'a Value {
    health["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap()
}

#[tokio::test]
async fn scheduled_backups_show_on_the_admin_page_health_and_metrics_and_a_failure_is_mailed() {
    // not configured: said plainly, and Back up now explains why not
    let app = crate::support::helpers::spawn_app().await;
    let admin = app.admin().await;
    let status = admin.get_json("/api/admin/backups").await;
    assert_eq!(status["configured"], false);
    let problem =
        crate::support::helpers::assert_problem(admin.post_empty("/api/admin/backups").await, 409)
            .await;
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("CARDSMITH_BACKUP_TO"));
    assert_eq!(
        check(&admin.get_json("/api/admin/health").await, "backup")["status"],
        "skipped"
    );
    drop(app);

    let target = tempfile::tempdir().unwrap();
    let app = crate::support::helpers::spawn_app_with(&[
        "--backup-to",
        target.path().to_str().unwrap(),
        "--backup-every",
        "1h",
    ])
    .await;
    let admin = app.admin().await;
    let (parent, _) = app.new_user("parent@example.com", "user").await;
    for path in ["/api/admin/backups", "/api/admin/backups/verify"] {
        let r = if path.ends_with("verify") {
            parent.post_empty(path).await
        } else {
            parent.get(path).await
        };
        crate::support::helpers::assert_problem(r, 403).await;
    }
    crate::support::helpers::assert_problem(
        app.anonymous().post_empty("/api/admin/backups").await,
        401,
    )
    .await;

    // the schedule's first backup runs at once (none yet), the next is due an hour later
    let status = backups_until(&admin, "the scheduled backup", |s| {
        s["last"]["status"] == "succeeded"
    })
    .await;
    assert_eq!(status["configured"], true);
    assert_eq!(status["keep"], "last=3,daily=7,weekly=4");
    assert_eq!(status["every_seconds"], 3600);
    assert_eq!(status["key_included"], false);
    assert_eq!(status["backups"].as_array().unwrap().len(), 1, "{status:#}");
    assert_eq!(status["backups"][0]["id"], status["last"]["backup_id"]);
    assert!(
        status["last"]["files"].is_u64() && status["last"]["total_bytes"].as_u64().unwrap() > 0
    );
    assert!(status["next_at"].as_str().unwrap() > status["last_success_at"].as_str().unwrap());
    assert_eq!(
        check(&admin.get_json("/api/admin/health").await, "backup")["status"],
        "ok"
    );
    let metrics = admin.get_json("/api/metrics").await;
    assert_eq!(metrics["backup"]["configured"], true);
    assert_eq!(metrics["backup"]["failing"], false);
    assert!(metrics["backup"]["last_success_unix_s"].as_i64().unwrap() > 0);

    // Back up now, twice at once: one job
    let first: Value = admin
        .post_empty("/api/admin/backups")
        .await
        .json()
        .await
        .unwrap();
    let second: Value = admin
        .post_empty("/api/admin/backups")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(first["job_id"], second["job_id"]);
    let status = backups_until(&admin, "the second backup", |s| {
        s["last"]["job_id"] == first["job_id"] && s["last"]["status"] == "succeeded"
    })
    .await;
    assert_eq!(status["backups"].as_array().unwrap().len(), 2);
    assert_eq!(
        status["last"]["new_objects"], 1,
        "only the database is new: {status:#}"
    );

    // a verify that finds a damaged object fails, shows everywhere, and is mailed
    let r = admin.post_empty("/api/admin/backups/verify").await;
    assert_eq!(r.status(), 202);
    backups_until(&admin, "a clean verify", |s| {
        s["last_verify"]["status"] == "succeeded"
    })
    .await;
    let objects = target.path().join("objects");
    let damaged = std::fs::read_dir(&objects)
        .unwrap()
        .flatten()
        .flat_map(|d| std::fs::read_dir(d.path()).unwrap().flatten())
        .map(|f| f.path())
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .unwrap();
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes[0] ^= 0xff;
    std::fs::write(&damaged, bytes).unwrap();
    let verify: Value = admin
        .post_empty("/api/admin/backups/verify")
        .await
        .json()
        .await
        .unwrap();
    let status = backups_until(&admin, "a failed verify", |s| {
        s["last_verify"]["job_id"] == verify["job_id"] && s["last_verify"]["status"] == "failed"
    })
    .await;
    assert!(
        !status["last_verify"]["problems"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{status:#}"
    );
    assert_eq!(
        check(&admin.get_json("/api/admin/health").await, "backup")["status"],
        "failed"
    );
    assert_eq!(
        admin.get_json("/api/metrics").await["backup"]["failing"],
        true
    );
    let mail = admin.get_json("/api/admin/mail").await;
    let sent = mail["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["subject"] == "A Cardsmith backup failed")
        .unwrap_or_else(|| panic!("{mail:#}"));
    assert_eq!(sent["recipient"], ADMIN_EMAIL);
}
