//! Sign-in, sessions, lockout, the caller's password and profile.

use cardsmith_core::users::repo;
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, pointers, spawn_app, spawn_app_with, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD,
};

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
    let retry: i64 = right_but_locked.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 60 && retry <= 900);
    assert_problem(right_but_locked, 429).await;

    let users: Vec<Value> = app.admin().await.list_users().await.json().await.unwrap();
    let kid = users
        .iter()
        .find(|u| u["email"] == "kid@example.com")
        .unwrap();
    assert_eq!(kid["status"], "locked");
    assert_eq!(kid["locked_account_count"], 1);

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
