//! `GET /admin/health`: admin only, every check green on a fresh app with real ffmpeg, figures
//! that follow the data, and nothing of the file system in the answer.

use serde_json::Value;

use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, spawn_app, spawn_app_with, TestApp, User,
};

const PATH: &str = "/api/admin/health";

async fn health(admin: &User) -> Value {
    let r = admin.get(PATH).await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

fn check<'a>(body: &'a Value, name: &str) -> &'a Value {
    body["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no {name} check in {body}"))
}

#[tokio::test]
async fn admin_health_needs_a_session_and_the_admin_role() {
    let app = spawn_app().await;
    assert_problem(app.anonymous().get(PATH).await, 401).await;
    let (user, _) = app.new_user("plain@example.com", "user").await;
    assert_problem(user.get(PATH).await, 403).await;
}

#[tokio::test]
async fn admin_health_is_all_green_on_a_fresh_app() {
    let app = spawn_app().await;
    let body = health(&app.admin().await).await;
    assert_eq!(body["status"], "ok", "{body}");
    assert!(chrono::DateTime::parse_from_rfc3339(body["checked_at"].as_str().unwrap()).is_ok());
    let names = check_names(&body);
    assert_eq!(
        names,
        [
            "database",
            "disk",
            "ffmpeg",
            "ffprobe",
            "job_queue",
            "upstream",
            "backup"
        ]
    );
    for name in ["database", "disk", "ffmpeg", "ffprobe", "job_queue"] {
        assert_eq!(check(&body, name)["status"], "ok", "{name}: {body}");
    }
    // No platform configured: nothing to reach.
    assert_eq!(check(&body, "upstream")["status"], "skipped");
    let disk = check(&body, "disk");
    let (free, total) = (
        disk["free_bytes"].as_u64().unwrap(),
        disk["total_bytes"].as_u64().unwrap(),
    );
    assert!(total > 0 && free <= total, "{disk}");
    for tool in ["ffmpeg", "ffprobe"] {
        let version = check(&body, tool)["version"].as_str().unwrap();
        assert!(
            version.starts_with(&format!("{tool} version ")),
            "{version}"
        );
    }
    assert_eq!(body["users"]["total"], 1);
    assert_eq!(body["users"]["admins"], 1);
    assert_eq!(body["users"]["active"], 1);
    assert_eq!(body["jobs"]["queued"], 0);
    assert!(body["jobs"]["oldest_queued_age_s"].is_null());
}

#[tokio::test]
async fn admin_health_counts_follow_new_collections_and_cards() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let before = health(&admin).await;
    let collection = admin.create_collection("Stories").await;
    admin
        .create_card(collection["id"].as_str().unwrap(), "Bedtime")
        .await;
    let after = health(&admin).await;
    assert_eq!(after["cards"], before["cards"].as_i64().unwrap() + 1);
    assert_eq!(
        after["collections"]["total"],
        before["collections"]["total"].as_i64().unwrap() + 1
    );
    assert_eq!(after["tracks"], before["tracks"]);
}

/// A job that waits (its retry time is far ahead, and its kind is one no worker takes) is
/// counted with the age of its creation.
async fn queue_waiting_job(app: &TestApp, created_minutes_ago: i64) {
    let created = chrono::Utc::now() - chrono::Duration::minutes(created_minutes_ago);
    let created = created.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    sqlx::query(
        "INSERT INTO jobs (id, kind, status, payload, run_at, created_at, updated_at)
         VALUES ($1, 'health-test', 'queued', '{}', '2999-01-01T00:00:00.000Z', $2, $2)",
    )
    .bind(format!("health-test-{created_minutes_ago}"))
    .bind(&created)
    .execute(app.core.db.pool())
    .await
    .unwrap();
}

#[tokio::test]
async fn admin_health_reports_queue_depth_and_the_oldest_waiting_job() {
    let app = spawn_app().await;
    queue_waiting_job(&app, 90).await;
    queue_waiting_job(&app, 5).await;
    let body = health(&app.admin().await).await;
    assert_eq!(body["jobs"]["queued"], 2, "{body}");
    let age = body["jobs"]["oldest_queued_age_s"].as_i64().unwrap();
    assert!((90 * 60..90 * 60 + 60).contains(&age), "age {age}");
    assert_eq!(check(&body, "job_queue")["status"], "ok");
}

#[tokio::test]
async fn admin_health_checks_a_configured_platform() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let body = health(&app.admin().await).await;
    assert_eq!(check(&body, "upstream")["status"], "ok", "{body}");
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn admin_health_answers_no_filesystem_path() {
    let app = spawn_app().await;
    let text = app.admin().await.get(PATH).await.text().await.unwrap();
    let data_dir = app.core.settings.data_dir.to_str().unwrap().to_owned();
    assert!(!text.contains(&data_dir), "{text}");
    for needle in ["/tmp", "/usr", "/home", "cardsmith.db"] {
        assert!(!text.contains(needle), "{needle} in {text}");
    }
}

/// The UI's server function, as the dashboard calls it.
/// The names of a health report's checks, in its order.
fn check_names(body: &Value) -> Vec<&str> {
    body["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect()
}

async fn rpc_health(user: &User) -> reqwest::Response {
    user.client
        .post(user.url("/rpc/admin_health"))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn admin_health_dashboard_uses_the_same_rules_and_renders_every_check() {
    let app = spawn_app().await;
    assert_eq!(rpc_health(&app.anonymous()).await.status(), 401);
    let (user, _) = app.new_user("plain@example.com", "user").await;
    assert_eq!(rpc_health(&user).await.status(), 403);
    let admin = app.admin().await;
    let r = rpc_health(&admin).await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["status"], "ok", "{body}");

    let names = check_names(&body);
    for name in ["database", "disk", "ffmpeg", "ffprobe", "upstream"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    assert!(!body
        .to_string()
        .contains(app.core.settings.data_dir.to_str().unwrap()));

    // the page comes at once and the browser asks for the report (its rows, drawn there, are
    // checked in end2end/tests/admin-lifecycle.spec.ts)
    let page = admin.get("/admin/health").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    for needle in ["Running checks…", "href=\"/admin/health\""] {
        assert!(html.contains(needle), "{needle} missing from the page");
    }
    assert!(!html.contains("data-testid=\"check-database\""));
    assert!(!html.contains(app.core.settings.data_dir.to_str().unwrap()));
}

#[tokio::test]
async fn admin_health_is_documented_with_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let operation = path_block(&yaml, "/admin/health");
    for needle in [
        "operationId: admin-health",
        "'200':",
        "'401':",
        "'403':",
        "AdminHealthOutputBody",
    ] {
        assert!(
            operation.contains(needle),
            "{needle} missing from {operation}"
        );
    }
    let schema = &yaml[yaml
        .find("\n    AdminHealthOutputBody:\n")
        .expect("the body schema")..];
    for field in [
        "status:",
        "checked_at:",
        "cards:",
        "collections:",
        "jobs:",
        "users:",
    ] {
        assert!(schema.contains(field), "{field} missing from the schema");
    }
}

/// A platform that accepts connections but never answers: the check fails at its own limit,
/// the report still comes back promptly, and says nothing of the address or the error.
#[tokio::test]
async fn a_hung_platform_reads_failed_without_hanging_the_report() {
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", silent.local_addr().unwrap());
    let app = spawn_app_with(&[
        "--upstream-client-id",
        "health-test",
        "--upstream-api-url",
        &url,
        "--upstream-auth-url",
        &url,
    ])
    .await;
    let admin = app.admin().await;
    let started = std::time::Instant::now();
    let r = admin.get(PATH).await;
    assert!(started.elapsed() < std::time::Duration::from_secs(6));
    assert_eq!(r.status(), 200);
    let text = r.text().await.unwrap();
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(check(&body, "upstream")["status"], "failed", "{body}");
    assert_eq!(body["status"], "degraded");
    assert_eq!(check(&body, "database")["status"], "ok");
    assert!(
        !text.contains(&url[7..]) && !text.contains("127.0.0.1"),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("timed out"), "{text}");
    drop(silent);
}
