//! Probes, the OpenAPI document and the offline docs page; the data directory and the
//! generated first-admin password file kept private.

use reqwest::Client;

use crate::support::helpers::{jpeg_bytes, spawn_app, User, ADMIN_EMAIL, ADMIN_PASSWORD};

#[tokio::test]
async fn health_and_ready_answer_at_root_and_under_api() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    for path in ["/health", "/api/health"] {
        let r = anon.get(path).await;
        assert_eq!(r.status(), 200);
        assert_eq!(r.json::<serde_json::Value>().await.unwrap()["status"], "ok");
    }
    for path in ["/ready", "/api/ready"] {
        let r = anon.get(path).await;
        assert_eq!(r.status(), 200);
        assert_eq!(r.json::<serde_json::Value>().await.unwrap()["db"], "ok");
    }
}

#[tokio::test]
async fn ready_reports_503_when_the_database_is_gone() {
    let app = spawn_app().await;
    app.core.db.pool().close().await;
    let r = app.anonymous().get("/ready").await;
    crate::support::helpers::assert_problem(r, 503).await;
}

#[tokio::test]
async fn openapi_yaml_lists_every_operation_with_bodies_statuses_and_tags() {
    let app = spawn_app().await;
    let r = app.anonymous().get("/openapi.yaml").await;
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/yaml"));
    let yaml = r.text().await.unwrap();
    for needle in [
        "url: /api",
        "/auth/login:",
        "/auth/logout:",
        "/auth/me:",
        "/auth/sessions/revoke:",
        "/auth/password:",
        "/auth/profile:",
        "/admin/users:",
        "/admin/users/{id}:",
        "/admin/users/{id}/revoke-sessions:",
        "/health:",
        "/ready:",
        "UserOut:",
        "locked_account_count",
        "email_verified_at",
        "AdminUserOutputBody:",
        "LoginInput:",
        "ChangePasswordInput:",
        "current_password",
        "Problem:",
        "application/problem+json",
        "'422':",
        "'409':",
        "'403':",
        "'401':",
    ] {
        assert!(yaml.contains(needle), "openapi.yaml lacks {needle}");
    }
    for tag in [
        "admin",
        "auth",
        "cards",
        "collections",
        "devices",
        "icons",
        "import",
        "jobs",
        "labels",
        "publish",
        "recording",
        "settings",
        "tts",
        "player-account linking",
    ] {
        assert!(
            yaml.contains(&format!("- name: {tag}\n")),
            "openapi.yaml lacks tag {tag}"
        );
    }
}

#[tokio::test]
async fn api_docs_are_served_from_the_binary() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let r = anon.get("/api/docs").await;
    assert_eq!(r.status(), 308);
    let page = anon.get("/api/docs/").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("swagger-ui-bundle.js"));
    let init = anon
        .get("/api/docs/swagger-initializer.js")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        init.contains("/openapi.yaml"),
        "docs must load our spec: {init}"
    );
    let bundle = anon.get("/api/docs/swagger-ui-bundle.js").await;
    assert_eq!(bundle.status(), 200);
    assert!(bundle.bytes().await.unwrap().len() > 100_000);
}

#[cfg(unix)]
#[tokio::test]
async fn a_generated_first_admin_password_goes_to_a_private_file() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let data_dir = root.path().join("fresh").join("data");
    let dir = data_dir.to_str().unwrap().to_owned();
    // Only REST calls follow (no page renders), so this server may run on the test's runtime.
    let config = <cardsmith::Cli as clap::Parser>::parse_from([
        "cardsmith",
        "serve",
        "--data-dir",
        &dir,
        "--admin-email",
        "first@example.com",
        "--leptos-toml",
        "../Leptos.toml",
    ])
    .into_config();
    let app = cardsmith::Application::build(&config)
        .await
        .expect("app builds");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (_shutdown, stop) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(app.serve(listener, async {
        let _ = stop.await;
    }));
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data_dir), 0o700, "the data directory is private");
    let file = data_dir.join("initial-admin-password");
    assert_eq!(mode(&file), 0o600, "the password file is private");
    let password = std::fs::read_to_string(&file).unwrap();
    let user = User {
        client: Client::builder().cookie_store(true).build().unwrap(),
        base,
    };
    let r = user.login("first@example.com", password.trim()).await;
    assert_eq!(r.status(), 200, "the written password signs in");
}

/// The binary keeps everything it writes private, whoever made the data directory: the
/// database, the key and stored media are readable by its own user only (what the README
/// promises), even in a directory an operator created 0755.
#[cfg(unix)]
#[tokio::test]
async fn the_server_writes_its_data_privately() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let fresh = root.path().join("fresh");
    let opened = root.path().join("opened");
    std::fs::create_dir(&opened).unwrap();
    std::fs::set_permissions(&opened, std::fs::Permissions::from_mode(0o755)).unwrap();
    for data in [&fresh, &opened] {
        let server = crate::support::process::ServerProcess::start(data, &[]).await;
        let admin = server.client();
        assert_eq!(admin.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(), 200);
        let c = admin.create_collection("Private").await;
        admin.create_card(c["id"].as_str().unwrap(), "Hidden").await;
        let cover = jpeg_bytes(16, 16);
        let r = admin
            .upload("/api/cards/hidden/cover", cover, "c.jpg")
            .await;
        assert_eq!(r.status(), 204);
        drop(server);
        let mut open = Vec::new();
        let mut stack = vec![data.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                let meta = std::fs::metadata(&path).unwrap();
                if meta.is_dir() {
                    stack.push(path.clone());
                }
                if meta.permissions().mode() & 0o077 != 0 {
                    open.push(path);
                }
            }
        }
        assert!(open.is_empty(), "readable by others: {open:?}");
    }
    let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700);
}
