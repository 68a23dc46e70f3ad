//! The UI door: server-rendered pages and the server functions under `/rpc`.

use serde_json::Value;

use crate::helpers::{spawn_app, ADMIN_EMAIL, ADMIN_PASSWORD};

async fn rpc(user: &crate::helpers::User, name: &str, form: &[(&str, &str)]) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .form(form)
        .send()
        .await
        .unwrap()
}

/// A server function that takes a model input as JSON (`input = Json`).
async fn rpc_json(user: &crate::helpers::User, name: &str, body: Value) -> reqwest::Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn server_functions_share_sessions_and_rules_with_rest() {
    let app = spawn_app().await;
    let browser = app.anonymous();
    let none: Value = rpc(&browser, "current_user", &[])
        .await
        .json()
        .await
        .unwrap();
    assert!(none.is_null());

    let wrong = rpc(
        &browser,
        "login",
        &[("email", ADMIN_EMAIL), ("password", "nope-nope")],
    )
    .await;
    assert_eq!(wrong.status(), 401);
    let problem: Value = wrong.json().await.unwrap();
    assert_eq!(problem["status"], 401);

    let ok = rpc(
        &browser,
        "login",
        &[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)],
    )
    .await;
    assert_eq!(ok.status(), 200);
    assert!(ok.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("HttpOnly"));
    assert_eq!(ok.json::<Value>().await.unwrap()["email"], ADMIN_EMAIL);

    let renamed = rpc_json(
        &browser,
        "update_profile",
        serde_json::json!({ "input": { "display_name": "Grown-up" } }),
    )
    .await;
    assert_eq!(renamed.status(), 200);
    // The REST door sees what the UI door wrote: one domain behind both.
    assert_eq!(
        browser.me().await.json::<Value>().await.unwrap()["display_name"],
        "Grown-up"
    );

    let invalid = rpc_json(
        &browser,
        "update_profile",
        serde_json::json!({ "input": { "display_name": " " } }),
    )
    .await;
    assert_eq!(invalid.status(), 422);
    let problem: Value = invalid.json().await.unwrap();
    assert_eq!(problem["errors"][0]["pointer"], "/display_name");

    assert_eq!(rpc(&browser, "logout", &[]).await.status(), 200);
    assert_eq!(browser.me().await.status(), 401);
    assert_eq!(rpc(&browser, "list_users", &[]).await.status(), 401);
}

#[tokio::test]
async fn server_functions_reject_cross_origin_writes() {
    let app = spawn_app().await;
    let browser = app.anonymous();
    let r = browser
        .client
        .post(browser.url("/rpc/login"))
        .header("origin", "https://evil.example")
        .form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
}

#[tokio::test]
async fn pages_render_on_the_server_and_guard_the_frame() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let login = anon.get("/login").await;
    assert_eq!(login.status(), 200);
    let html = login.text().await.unwrap();
    assert!(html.contains("Sign in") && html.contains("/pkg/cardsmith.css"));

    // What a browser sends when following a link.
    let guarded = anon
        .client
        .get(anon.url("/cards"))
        .header("accept", "text/html,application/xhtml+xml")
        .send()
        .await
        .unwrap();
    assert!(
        guarded.status().is_redirection(),
        "got {}",
        guarded.status()
    );
    assert_eq!(guarded.headers()["location"], "/login");

    let admin = app.admin().await;
    let cards = admin.get("/cards").await;
    assert_eq!(cards.status(), 200);
    let html = cards.text().await.unwrap();
    assert!(html.contains("aria-label=\"Main\""));
    assert!(html.contains("Admin"));

    assert_eq!(anon.get("/no/such/page").await.status(), 404);
}

#[tokio::test]
async fn without_a_client_id_the_accounts_page_explains_how_to_register_one() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let page = admin.get("/accounts").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Linking is not set up on this server"));
    assert!(html.contains("CARDSMITH_UPSTREAM_CLIENT_ID"));
    assert!(html.contains("/api/player-accounts/callback"));
    assert!(
        !html.contains("Link a player account\u{003c}"),
        "no Link button that could only fail"
    );
}

#[tokio::test]
async fn pages_of_the_player_screens_render_for_a_signed_in_parent() {
    let app = crate::helpers::spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    for (path, text) in [
        ("/accounts", "Link a player account"),
        ("/devices", "No player account linked"),
        ("/import", "No player account linked"),
    ] {
        let page = admin.get(path).await;
        assert_eq!(page.status(), 200, "{path}");
        assert!(page.text().await.unwrap().contains(text), "{path}");
    }
}
