//! Probes, the OpenAPI document and the offline docs page.

use crate::support::helpers::spawn_app;

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
