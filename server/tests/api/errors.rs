//! Every failure is application/problem+json with the right status.

use reqwest::Method;
use serde_json::json;

use crate::support::helpers::{assert_problem, pointers, spawn_app, ADMIN_EMAIL, ADMIN_PASSWORD};

#[tokio::test]
async fn unknown_api_route_is_404_problem() {
    let app = spawn_app().await;
    let body = assert_problem(app.anonymous().get("/api/no/such/thing").await, 404).await;
    assert!(body["detail"]
        .as_str()
        .unwrap()
        .contains("/api/no/such/thing"));
}

#[tokio::test]
async fn wrong_method_is_405_problem_with_allow() {
    let app = spawn_app().await;
    let r = app
        .anonymous()
        .client
        .delete(app.anonymous().url("/api/auth/me"))
        .send()
        .await
        .unwrap();
    assert!(r.headers().contains_key("allow"));
    assert_problem(r, 405).await;
}

#[tokio::test]
async fn malformed_json_is_400() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let r = anon
        .client
        .post(anon.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    assert_problem(r, 400).await;
}

#[tokio::test]
async fn missing_and_mistyped_fields_are_422_with_pointers() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let missing = anon
        .send_json(
            Method::POST,
            "/api/auth/login",
            &json!({"email": ADMIN_EMAIL}),
        )
        .await;
    let body = assert_problem(missing, 422).await;
    assert_eq!(pointers(&body), ["/password"]);
    let mistyped = anon
        .send_json(
            Method::POST,
            "/api/auth/login",
            &json!({"email": 5, "password": "x"}),
        )
        .await;
    assert_eq!(pointers(&assert_problem(mistyped, 422).await), ["/email"]);
    let invalid = anon
        .send_json(
            Method::POST,
            "/api/auth/login",
            &json!({"email": "nope", "password": ""}),
        )
        .await;
    assert_eq!(
        pointers(&assert_problem(invalid, 422).await),
        ["/email", "/password"]
    );
}

#[tokio::test]
async fn non_json_body_is_415() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let r = anon
        .client
        .post(anon.url("/api/auth/login"))
        .header("content-type", "text/plain")
        .body("email=a")
        .send()
        .await
        .unwrap();
    assert_problem(r, 415).await;
}

#[tokio::test]
async fn oversized_body_is_413_and_changes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let huge = "x".repeat(2 * 1024 * 1024);
    // The server answers before reading the body and drops the connection; keep it out of the pool.
    let r = admin
        .client
        .patch(admin.url("/api/auth/profile"))
        .header("connection", "close")
        .json(&json!({"display_name": huge}))
        .send()
        .await
        .unwrap();
    assert_problem(r, 413).await;
    let me: serde_json::Value = admin.me().await.json().await.unwrap();
    assert_eq!(me["display_name"], "Admin");
}

#[tokio::test]
async fn cross_origin_browser_writes_are_rejected() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let body = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
    let evil = anon
        .client
        .post(anon.url("/api/auth/login"))
        .header("origin", "https://evil.example")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_problem(evil, 403).await;
    let cross_site = anon
        .client
        .post(anon.url("/api/auth/login"))
        .header("sec-fetch-site", "cross-site")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_problem(cross_site, 403).await;
    let same_origin = anon
        .client
        .post(anon.url("/api/auth/login"))
        .header("origin", app.base.as_str())
        .header("sec-fetch-site", "same-origin")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(same_origin.status(), 200);
}
