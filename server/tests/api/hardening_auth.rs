//! Sign-in hardening, over real HTTP: rate limits, lockout per client address,
//! indistinguishable unknown emails, best-effort session bookkeeping and admin checks before
//! bodies. The HTTP surface (headers, cookies, tokens, addresses) is in `hardening_http`.

use std::net::IpAddr;

use reqwest::{Client, Response};
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, spawn_app, spawn_app_with, TestApp, User, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD,
};

/// A browser on another machine: requests leave from `127.0.0.x` (Linux routes all of
/// 127/8 to the loopback interface), so the server sees another client address.
pub fn from_address(app: &TestApp, last: u8) -> User {
    User {
        client: Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .local_address(IpAddr::from([127, 0, 0, last]))
            .build()
            .unwrap(),
        base: app.base.clone(),
    }
}

fn retry_after(r: &Response) -> i64 {
    r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The sign-in server function of the UI (form-encoded, as the login page posts it).
async fn rpc_login(user: &User, email: &str, password: &str) -> Response {
    user.client
        .post(user.url("/rpc/login"))
        .form(&[("email", email), ("password", password)])
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn sign_in_attempts_are_rate_limited_per_address_and_per_account() {
    let app = spawn_app_with(&[
        "--login-attempts-per-address",
        "4",
        "--login-attempts-per-account",
        "2",
    ])
    .await;
    let anon = app.anonymous();
    for _ in 0..2 {
        assert_problem(anon.login("a@example.com", "wrong-password").await, 401).await;
    }
    let limited = anon.login("a@example.com", "wrong-password").await;
    let wait = retry_after(&limited);
    assert!((1..=30).contains(&wait), "Retry-After {wait}");
    let body = assert_problem(limited, 429).await;
    assert!(body["detail"]
        .as_str()
        .unwrap()
        .contains("too many sign-in attempts"));

    // the address has 4 attempts a minute, whatever the email
    assert_problem(anon.login("b@example.com", "wrong-password").await, 401).await;
    assert_problem(anon.login("c@example.com", "wrong-password").await, 401).await;
    let limited = anon.login("d@example.com", "wrong-password").await;
    assert!(retry_after(&limited) >= 1);
    assert_problem(limited, 429).await;
    // the UI's sign-in server function shares the limits
    let rpc = rpc_login(&anon, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(rpc.status(), 429);
    assert!(rpc.headers().contains_key("retry-after"));

    // another address is not held back, through either door
    let elsewhere = from_address(&app, 2);
    assert_eq!(
        elsewhere.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.status(),
        200
    );
    let rpc = rpc_login(&from_address(&app, 3), ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(rpc.status(), 200);
    assert!(rpc.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .starts_with("cardsmith_session="));
}

#[tokio::test]
async fn concurrent_wrong_passwords_lock_out_only_the_guessing_address() {
    let app = spawn_app().await;
    let (_kid, _) = app.new_user("kid@example.com", "user").await;
    let attacker = app.anonymous();
    let mut guesses = tokio::task::JoinSet::new();
    for n in 0..12 {
        let request = attacker
            .client
            .post(attacker.url("/api/auth/login"))
            .json(&json!({"email": "kid@example.com", "password": format!("guess-number-{n}")}));
        guesses.spawn(async move { request.send().await.unwrap().status().as_u16() });
    }
    let statuses = guesses.join_all().await;
    let unauthorized = statuses.iter().filter(|s| **s == 401).count();
    assert!(
        unauthorized <= 5,
        "at most the limit get a 401: {statuses:?}"
    );
    assert_eq!(
        unauthorized + statuses.iter().filter(|s| **s == 429).count(),
        12,
        "the rest are 429: {statuses:?}"
    );
    let right_but_locked = attacker.login("kid@example.com", PASSWORD).await;
    assert!(retry_after(&right_but_locked) > 0);
    assert_problem(right_but_locked, 429).await;

    // the owner's own browser, elsewhere, is not locked out
    let owner = from_address(&app, 2);
    assert_eq!(owner.login("kid@example.com", PASSWORD).await.status(), 200);
    assert_eq!(owner.me().await.status(), 200);

    // the account shows locked while an address is locked out of it
    let users: Vec<Value> = app.admin().await.list_users().await.json().await.unwrap();
    let kid = users
        .iter()
        .find(|u| u["email"] == "kid@example.com")
        .unwrap();
    assert_eq!(kid["status"], "locked");
    assert_eq!(kid["locked_account_count"], 1);
}

/// Everything a client sees of a sign-in answer, minus what differs by the clock.
async fn observable(r: Response) -> (u16, Vec<(String, String)>, Option<i64>, Value) {
    let status = r.status().as_u16();
    let retry = r.headers().get("retry-after").map(|_| retry_after(&r));
    let mut headers: Vec<(String, String)> = r
        .headers()
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "date" | "retry-after"))
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned()))
        .collect();
    headers.sort();
    (status, headers, retry, r.json().await.unwrap())
}

#[tokio::test]
async fn unknown_and_existing_emails_answer_alike_through_the_lockout() {
    let app = spawn_app().await;
    app.new_user("kid@example.com", "user").await;
    let anon = app.anonymous();
    for attempt in 1..=7 {
        let real = observable(anon.login("kid@example.com", "wrong-password").await).await;
        let none = observable(anon.login("nobody@example.com", "wrong-password").await).await;
        let expected = if attempt < 5 { 401 } else { 429 };
        assert_eq!(real.0, expected, "attempt {attempt}: {real:?}");
        assert_eq!(
            (&real.0, &real.1, &real.3),
            (&none.0, &none.1, &none.3),
            "attempt {attempt}"
        );
        match (real.2, none.2) {
            (None, None) => {}
            (Some(a), Some(b)) => assert!((a - b).abs() <= 1, "Retry-After {a} vs {b}"),
            other => panic!("Retry-After on one only: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_failing_session_write_does_not_sign_anybody_out() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let pool = app.core.db.pool();
    sqlx::query("UPDATE sessions SET last_seen_at = '2000-01-01T00:00:00.000Z'")
        .execute(pool)
        .await
        .unwrap();
    crate::support::database::refuse_writes(
        &app.core.db,
        "sessions_disk_full",
        "UPDATE",
        "sessions",
        "disk full",
    )
    .await;
    assert_eq!(
        admin.me().await.status(),
        200,
        "signed in despite the failed write"
    );
    assert_eq!(admin.get("/cards").await.status(), 200, "pages too");
    let last_seen: String = sqlx::query_scalar("SELECT last_seen_at FROM sessions")
        .fetch_one(pool)
        .await
        .unwrap();
    assert!(last_seen.starts_with("2000-"), "the write really failed");
}

#[tokio::test]
async fn admin_endpoints_refuse_non_admins_before_reading_the_body() {
    let app = spawn_app().await;
    let (user, id) = app.new_user("plain@example.com", "user").await;
    let anon = app.anonymous();
    let routes = [
        (reqwest::Method::POST, "/api/admin/users".to_owned()),
        (reqwest::Method::PUT, format!("/api/admin/users/{id}")),
        (reqwest::Method::POST, "/api/admin/rotate-key".to_owned()),
    ];
    for (method, path) in &routes {
        for body in ["{\"email\": ", "{\"unexpected\": true}"] {
            let send = |who: &User| {
                who.client
                    .request(method.clone(), who.url(path))
                    .header("content-type", "application/json")
                    .body(body)
                    .send()
            };
            assert_problem(send(&user).await.unwrap(), 403).await;
            assert_problem(send(&anon).await.unwrap(), 401).await;
        }
        // not even the content type is judged first
        let bare = user
            .client
            .request(method.clone(), user.url(path))
            .body("x");
        assert_problem(bare.send().await.unwrap(), 403).await;
    }
}
