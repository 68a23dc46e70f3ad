//! Sign-in, sessions, lockout, the caller's password and profile: rate limits per client
//! address and per account, unknown emails that answer like real ones, the host-prefixed
//! cookie behind HTTPS, the session lifetime, and sessions kept when their bookkeeping fails.

use std::net::IpAddr;

use cardsmith_core::users::repo;
use reqwest::{Client, Response};
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, pointers, spawn_app, spawn_app_with, TestApp, User, ADMIN_EMAIL,
    ADMIN_PASSWORD, PASSWORD,
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
async fn login_returns_user_out_and_a_safe_session_cookie() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let r = anon.login("  ADMIN@example.com ", ADMIN_PASSWORD).await;
    assert_eq!(r.status(), 200);
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("cardsmith_session="));
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/")
    );
    assert!(!cookie.contains("Secure"), "plain http must not set Secure");
    let user: Value = r.json().await.unwrap();
    let mut keys: Vec<_> = user.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "auth_type",
            "created_at",
            "display_name",
            "email",
            "email_confirmed",
            "email_verified_at",
            "id",
            "locale",
            "locked_account_count",
            "role",
            "status"
        ]
    );
    assert_eq!(user["email"], ADMIN_EMAIL);
    assert_eq!(user["role"], "admin");
    assert_eq!(user["status"], "active");
    assert_eq!(user["auth_type"], "password");
    assert_eq!(user["locked_account_count"], 0);
    let me: Value = anon.me().await.json().await.unwrap();
    assert_eq!(me, user);
}

#[tokio::test]
async fn https_base_url_makes_the_cookie_secure() {
    let app = spawn_app_with(&["--base-url", "https://cards.example.org"]).await;
    let r = app.anonymous().login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert!(r.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("; Secure"));
}

#[tokio::test]
async fn wrong_password_and_unknown_email_look_the_same() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    let wrong = assert_problem(anon.login(ADMIN_EMAIL, "not-the-password").await, 401).await;
    let unknown =
        assert_problem(anon.login("nobody@example.com", "whatever-pass").await, 401).await;
    assert_eq!(wrong["detail"], unknown["detail"]);
    assert_problem(anon.me().await, 401).await;
}

#[tokio::test]
async fn protected_endpoints_need_a_session() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    assert_problem(anon.me().await, 401).await;
    assert_problem(anon.revoke_my_sessions().await, 401).await;
    assert_problem(
        anon.change_password(ADMIN_PASSWORD, "another-long-pass")
            .await,
        401,
    )
    .await;
    assert_problem(
        anon.update_profile(&json!({"display_name": "X"})).await,
        401,
    )
    .await;
    let forged = anon
        .client
        .get(anon.url("/api/auth/me"))
        .header("cookie", "cardsmith_session=forged-token")
        .send()
        .await
        .unwrap();
    assert_problem(forged, 401).await;
}

#[tokio::test]
async fn logout_ends_the_session_and_clears_the_cookie() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let r = admin.logout().await;
    assert_eq!(r.status(), 204);
    assert!(r.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("Max-Age=0"));
    assert_problem(admin.me().await, 401).await;
    assert_eq!(
        app.anonymous().logout().await.status(),
        204,
        "logout without a session is fine"
    );
}

#[tokio::test]
async fn revoking_my_sessions_signs_out_every_device() {
    let app = spawn_app().await;
    let laptop = app.admin().await;
    let phone = app.admin().await;
    let r = laptop.revoke_my_sessions().await;
    assert_eq!(r.status(), 200);
    assert!(r.json::<Value>().await.unwrap()["message"]
        .as_str()
        .unwrap()
        .contains("2 session"));
    assert_problem(laptop.me().await, 401).await;
    assert_problem(phone.me().await, 401).await;
}

#[tokio::test]
async fn changing_the_password_checks_the_old_one_and_signs_out_elsewhere() {
    let app = spawn_app().await;
    let laptop = app.admin().await;
    let phone = app.admin().await;
    let wrong = laptop.change_password("not-it", "brand-new-password").await;
    assert_eq!(
        pointers(&assert_problem(wrong, 422).await),
        ["/current_password"]
    );
    let short = laptop.change_password(ADMIN_PASSWORD, "short").await;
    assert_eq!(
        pointers(&assert_problem(short, 422).await),
        ["/new_password"]
    );
    assert_eq!(
        phone.me().await.status(),
        200,
        "failed attempts change nothing"
    );

    let ok = laptop
        .change_password(ADMIN_PASSWORD, "brand-new-password")
        .await;
    assert_eq!(ok.status(), 200);
    assert!(ok.json::<Value>().await.unwrap()["message"].is_string());
    assert_eq!(laptop.me().await.status(), 200, "this session stays");
    assert_problem(phone.me().await, 401).await;
    assert_problem(
        app.anonymous().login(ADMIN_EMAIL, ADMIN_PASSWORD).await,
        401,
    )
    .await;
    assert_eq!(
        app.anonymous()
            .login(ADMIN_EMAIL, "brand-new-password")
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn profile_sets_the_display_name() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let r = admin
        .update_profile(&json!({"display_name": "  Ada Lovelace "}))
        .await;
    assert_eq!(r.status(), 200);
    assert!(r.json::<Value>().await.unwrap()["message"].is_string());
    assert_eq!(
        admin.me().await.json::<Value>().await.unwrap()["display_name"],
        "Ada Lovelace"
    );
    let blank = admin.update_profile(&json!({"display_name": "   "})).await;
    assert_eq!(
        pointers(&assert_problem(blank, 422).await),
        ["/display_name"]
    );
    let long = admin
        .update_profile(&json!({"display_name": "x".repeat(81)}))
        .await;
    assert_problem(long, 422).await;
    assert_eq!(
        admin.me().await.json::<Value>().await.unwrap()["display_name"],
        "Ada Lovelace"
    );
}

#[tokio::test]
async fn repeated_failures_lock_the_account_for_a_while() {
    let app = spawn_app().await;
    let (_user, _id) = app.new_user("kid@example.com", "user").await;
    let anon = app.anonymous();
    for _ in 0..4 {
        assert_problem(anon.login("kid@example.com", "wrong-password").await, 401).await;
    }
    let fifth = anon.login("kid@example.com", "wrong-password").await;
    assert!(fifth.headers().contains_key("retry-after"));
    assert_problem(fifth, 429).await;
    let right_but_locked = anon.login("kid@example.com", PASSWORD).await;
    let retry = retry_after(&right_but_locked);
    assert!(retry > 60 && retry <= 900);
    assert_problem(right_but_locked, 429).await;

    assert_kid_locked(&app).await;

    // When the lockout has passed, the right password works again.
    sqlx::query(
        "UPDATE login_failures SET locked_until = '2000-01-01T00:00:00.000Z' WHERE email = $1",
    )
    .bind("kid@example.com")
    .execute(app.core.db.pool())
    .await
    .unwrap();
    assert_eq!(anon.login("kid@example.com", PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn a_deactivated_user_cannot_sign_in_and_loses_open_sessions() {
    let app = spawn_app().await;
    let (kid, id) = app.new_user("kid@example.com", "user").await;
    sqlx::query("UPDATE users SET status = 'deactivated' WHERE id = $1")
        .bind(&id)
        .execute(app.core.db.pool())
        .await
        .unwrap();
    assert_problem(kid.me().await, 401).await;
    let body = assert_problem(
        app.anonymous().login("kid@example.com", PASSWORD).await,
        403,
    )
    .await;
    assert!(body["detail"].as_str().unwrap().contains("deactivated"));
    let row = repo::find_row_by_id(app.core.db.pool(), &id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, "deactivated");
}

#[tokio::test]
async fn sign_ins_and_changes_are_audited() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    admin.update_profile(&json!({"display_name": "Root"})).await;
    let me: Value = admin.me().await.json().await.unwrap();
    let actions =
        cardsmith_core::audit::actions_for(app.core.db.pool(), me["id"].as_str().unwrap())
            .await
            .unwrap();
    assert!(actions.contains(&"auth.login".to_owned()));
    assert!(actions.contains(&"user.profile_updated".to_owned()));
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
    assert_kid_locked(&app).await;
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

fn session_token(r: &Response) -> (String, String) {
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    let (name, rest) = cookie.split_once('=').unwrap();
    (name.to_owned(), rest.split(';').next().unwrap().to_owned())
}

#[tokio::test]
async fn behind_https_the_cookie_is_host_prefixed_and_only_that_name_counts() {
    let app = spawn_app_with(&["--base-url", "https://cards.example.org"]).await;
    let anon = app.anonymous();
    let r = anon.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(r.status(), 200);
    let set_cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        set_cookie.starts_with("__Host-cardsmith_session="),
        "{set_cookie}"
    );
    assert!(set_cookie.contains("; Path=/;") && set_cookie.ends_with("; Secure"));
    assert!(!set_cookie.contains("Domain"));
    let (_, token) = session_token(&r);
    let me_with = |cookie: String| {
        anon.client
            .get(anon.url("/api/auth/me"))
            .header("cookie", cookie)
            .send()
    };
    let me = me_with(format!("__Host-cardsmith_session={token}"))
        .await
        .unwrap();
    assert_eq!(me.status(), 200);
    let plain = me_with(format!("cardsmith_session={token}")).await.unwrap();
    assert_problem(plain, 401).await;
    // the UI's server functions read the same cookie
    let rpc = anon
        .client
        .post(anon.url("/rpc/current_user"))
        .header("cookie", format!("__Host-cardsmith_session={token}"))
        .send()
        .await
        .unwrap();
    let who: Value = rpc.json().await.unwrap();
    assert_eq!(who["email"], ADMIN_EMAIL);
    let logout = anon
        .client
        .post(anon.url("/api/auth/logout"))
        .header("cookie", format!("__Host-cardsmith_session={token}"))
        .send()
        .await
        .unwrap();
    assert!(logout.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .starts_with("__Host-cardsmith_session=;"));
    let gone = me_with(format!("__Host-cardsmith_session={token}"))
        .await
        .unwrap();
    assert_problem(gone, 401).await;
}

#[tokio::test]
async fn sessions_end_after_their_lifetime_however_active() {
    let app = spawn_app_with(&["--session-lifetime-days", "2"]).await;
    let admin = app.admin().await;
    let r = app.anonymous().login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(
        cookie.contains("Max-Age=172800"),
        "the cookie lasts the lifetime: {cookie}"
    );
    let backdate = |days: i64| {
        let born = chrono::Utc::now() - chrono::Duration::days(days);
        sqlx::query("UPDATE sessions SET created_at = $1, last_seen_at = $2")
            .bind(born.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .bind(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .execute(app.core.db.pool())
    };
    backdate(1).await.unwrap();
    let me = admin.me().await;
    assert_eq!(me.status(), 200, "one day old: still fine");
    let admin_id = me.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    backdate(3).await.unwrap();
    // Backdating jumps two days at once; in real time the session memory (at most 15 s,
    // never past the session's expiry) would have lapsed long before.
    cardsmith_core::auth::session_cache::forget_user(&admin_id);
    assert_problem(admin.me().await, 401).await;
    assert_eq!(admin.get("/api/collections").await.status(), 401);
}

/// The admin's user list shows kid@example.com locked, by one address.
async fn assert_kid_locked(app: &TestApp) {
    let users: Vec<Value> = app.admin().await.list_users().await.json().await.unwrap();
    let kid = users
        .iter()
        .find(|u| u["email"] == "kid@example.com")
        .unwrap();
    assert_eq!(kid["status"], "locked");
    assert_eq!(kid["locked_account_count"], 1);
}
