//! Links that act on an account without a session: forgot/reset password, email
//! verification, and the admin's resend-verification, reset-password (a link to hand over)
//! and verify-email. Each operation is tried without a session, with the wrong role, with bad
//! input and for what it does; tokens are single use, expire and are stored hashed.
//!
//! Mail here goes to the outbox (no SMTP server is configured): the tests read the queued
//! message from `mail_messages` and follow its link, as the recipient would.

use reqwest::Response;
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, pointers, spawn_app, TestApp, User, ADMIN_EMAIL,
    PASSWORD,
};

const KID: &str = "kid@example.com";
const NEW_PASSWORD: &str = "a-brand-new-passphrase";

async fn forgot(user: &User, email: &str) -> Response {
    user.post_json("/api/auth/forgot-password", &json!({ "email": email }))
        .await
}

async fn reset(user: &User, token: &str, new_password: &str) -> Response {
    user.post_json(
        "/api/auth/reset-password",
        &json!({ "token": token, "new_password": new_password }),
    )
    .await
}

async fn verify(user: &User, token: &str) -> Response {
    user.post_json("/api/auth/verify-email", &json!({ "token": token }))
        .await
}

fn admin_path(id: &str, action: &str) -> String {
    format!("/api/admin/users/{id}/{action}")
}

/// The mails queued for `to`, oldest first: (subject, text body, html body).
async fn mails_to(app: &TestApp, to: &str) -> Vec<(String, String, String)> {
    sqlx::query_as(
        "SELECT subject, text_body, html_body FROM mail_messages WHERE recipient = $1
         ORDER BY created_at, id",
    )
    .bind(to)
    .fetch_all(app.core.db.pool())
    .await
    .unwrap()
}

/// The token of the link to `page` in `text` (`…/reset-password?token=…`).
fn token_in(text: &str, page: &str) -> String {
    let start = text
        .find(&format!("{page}?token="))
        .unwrap_or_else(|| panic!("no {page} link in {text}"))
        + page.len()
        + "?token=".len();
    text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// The token of the newest mailed link to `page` for `to`.
async fn mailed_token(app: &TestApp, to: &str, page: &str) -> String {
    let mails = mails_to(app, to).await;
    let (_, text, _) = mails.last().unwrap_or_else(|| panic!("no mail to {to}"));
    token_in(text, page)
}

/// The user's entry in the admin list.
async fn listed(app: &TestApp, email: &str) -> Value {
    let users: Vec<Value> = app.admin().await.list_users().await.json().await.unwrap();
    users.into_iter().find(|u| u["email"] == email).unwrap()
}

/// The audit rows for `action`: (user_id, actor_id, ip).
async fn audited(app: &TestApp, action: &str) -> Vec<(String, String, String)> {
    sqlx::query_as("SELECT user_id, actor_id, ip FROM audit_log WHERE action = $1")
        .bind(action)
        .fetch_all(app.core.db.pool())
        .await
        .unwrap()
}

async fn expire_tokens(app: &TestApp) {
    sqlx::query("UPDATE email_tokens SET expires_at = '2000-01-01T00:00:00.000Z'")
        .execute(app.core.db.pool())
        .await
        .unwrap();
}

#[tokio::test]
async fn forgot_password_answers_the_same_whether_or_not_the_email_has_an_account() {
    let app = spawn_app().await;
    let (_kid, kid_id) = app.new_user(KID, "user").await;
    let anon = app.anonymous();

    let known = forgot(&anon, "  Kid@Example.com ").await;
    let unknown = forgot(&anon, "nobody@example.com").await;
    assert_eq!(known.status(), 200);
    assert_eq!(unknown.status(), 200);
    let header_names = |r: &Response| {
        let mut names: Vec<String> = r.headers().keys().map(|k| k.to_string()).collect();
        names.sort();
        names
    };
    assert_eq!(header_names(&known), header_names(&unknown));
    let known: Value = known.json().await.unwrap();
    let unknown: Value = unknown.json().await.unwrap();
    assert_eq!(known, unknown);
    assert!(known["message"].as_str().unwrap().contains("If an account"));

    // Only the real account got a mail, with a link to the reset page.
    let mails = mails_to(&app, KID).await;
    assert_eq!(mails.len(), 2, "the verification mail, then the reset mail");
    let (subject, text, html) = &mails[1];
    assert!(subject.contains("Reset"), "{subject}");
    let token = token_in(text, "/reset-password");
    assert_eq!(token.len(), 43);
    assert!(html.contains(&format!("/reset-password?token={token}")));
    assert!(mails_to(&app, "nobody@example.com").await.is_empty());

    // Both asks are audited with the client address; the unknown one names nobody.
    let rows = audited(&app, "auth.password_reset_requested").await;
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().any(|(user, _, _)| user == &kid_id));
    assert!(rows.iter().any(|(user, _, _)| user.is_empty()));
    assert!(rows
        .iter()
        .all(|(_, actor, ip)| actor.is_empty() && ip == "127.0.0.1"));

    // The token is stored only as its SHA-256.
    let stored: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM email_tokens")
        .fetch_all(app.core.db.pool())
        .await
        .unwrap();
    assert!(!stored.contains(&token));
    assert!(stored.contains(&cardsmith_core::media::store::sha256_hex(token.as_bytes())));
}

#[tokio::test]
async fn forgot_password_refuses_bad_input_and_sends_nothing_to_deactivated_accounts() {
    let app = spawn_app().await;
    let (_kid, kid_id) = app.new_user(KID, "user").await;
    let anon = app.anonymous();
    let problem = assert_problem(forgot(&anon, "not-an-email").await, 422).await;
    assert_eq!(pointers(&problem), ["/email"]);
    let problem = assert_problem(
        anon.post_json("/api/auth/forgot-password", &json!({}))
            .await,
        422,
    )
    .await;
    assert!(
        problem["detail"].as_str().unwrap().contains("email"),
        "{problem}"
    );
    let admin = app.admin().await;
    assert_eq!(
        admin
            .post_empty(&admin_path(&kid_id, "deactivate"))
            .await
            .status(),
        204
    );
    let before = mails_to(&app, KID).await.len();
    assert_eq!(forgot(&anon, KID).await.status(), 200);
    assert_eq!(mails_to(&app, KID).await.len(), before);
}

#[tokio::test]
async fn forgot_password_is_rate_limited_per_address_and_per_email() {
    let app = spawn_app().await;
    let anon = app.anonymous();
    for _ in 0..3 {
        assert_eq!(forgot(&anon, "someone@example.com").await.status(), 200);
    }
    let refused = forgot(&anon, "someone@example.com").await;
    let retry_after: i64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=20).contains(&retry_after), "{retry_after}");
    let problem = assert_problem(refused, 429).await;
    assert!(problem["detail"].as_str().unwrap().contains("try again"));
    // Other emails from this address still get through, up to the address's own limit.
    for n in 0..7 {
        let email = format!("other{n}@example.com");
        assert_eq!(forgot(&anon, &email).await.status(), 200, "{email}");
    }
    assert_problem(forgot(&anon, "yet-another@example.com").await, 429).await;
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_ends_every_session_and_clears_the_lockout() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user(KID, "user").await;
    let kid_on_phone = app.signed_in(KID, PASSWORD).await;
    // A stranger elsewhere locks the kid's address out with wrong passwords.
    let stranger = app.anonymous();
    for _ in 0..5 {
        stranger.login(KID, "wrong-password").await;
    }
    assert_eq!(listed(&app, KID).await["status"], "locked");

    let anon = app.anonymous();
    assert_eq!(forgot(&anon, KID).await.status(), 200);
    let token = mailed_token(&app, KID, "/reset-password").await;
    let r = reset(&anon, &token, NEW_PASSWORD).await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("sign in"));

    // Every session ended; the old password is gone, the new one works, the lock is cleared.
    assert_problem(kid.me().await, 401).await;
    assert_problem(kid_on_phone.me().await, 401).await;
    assert_problem(app.anonymous().login(KID, PASSWORD).await, 401).await;
    assert_eq!(listed(&app, KID).await["status"], "active");
    assert_eq!(stranger.login(KID, NEW_PASSWORD).await.status(), 200);

    // Single use.
    let used = assert_problem(reset(&anon, &token, "yet-another-password").await, 422).await;
    assert_eq!(pointers(&used), ["/token"]);
    assert!(used["errors"][0]["detail"]
        .as_str()
        .unwrap()
        .contains("already been used"));
    assert_eq!(app.anonymous().login(KID, NEW_PASSWORD).await.status(), 200);

    let rows = audited(&app, "auth.password_reset").await;
    assert_eq!(rows.len(), 1);
    let (user, actor, ip) = &rows[0];
    assert_eq!(
        (user.as_str(), actor.as_str(), ip.as_str()),
        (kid_id.as_str(), kid_id.as_str(), "127.0.0.1")
    );
}

#[tokio::test]
async fn a_reset_retires_the_other_links_and_two_uses_at_once_succeed_once() {
    let app = spawn_app().await;
    app.new_user(KID, "user").await;
    let anon = app.anonymous();
    forgot(&anon, KID).await;
    let first = mailed_token(&app, KID, "/reset-password").await;
    forgot(&anon, KID).await;
    let second = mailed_token(&app, KID, "/reset-password").await;
    assert_ne!(first, second);

    let other = app.anonymous();
    let (a, b) = tokio::join!(
        reset(&anon, &second, "racing-password-one"),
        reset(&other, &second, "racing-password-two"),
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 422]);
    // The older link stopped working with the reset.
    let problem = assert_problem(reset(&anon, &first, NEW_PASSWORD).await, 422).await;
    assert_eq!(pointers(&problem), ["/token"]);
}

#[tokio::test]
async fn reset_and_verification_links_expire() {
    let app = spawn_app().await;
    app.new_user(KID, "user").await;
    let anon = app.anonymous();
    let verify_token = mailed_token(&app, KID, "/verify-email").await;
    forgot(&anon, KID).await;
    let reset_token = mailed_token(&app, KID, "/reset-password").await;

    // Their lifetimes as issued: 1 hour and 48 hours.
    let lifetimes: Vec<(String, String, String)> =
        sqlx::query_as("SELECT purpose, created_at, expires_at FROM email_tokens ORDER BY purpose")
            .fetch_all(app.core.db.pool())
            .await
            .unwrap();
    let hours = |(_, from, to): &(String, String, String)| {
        let from = chrono::DateTime::parse_from_rfc3339(from).unwrap();
        let to = chrono::DateTime::parse_from_rfc3339(to).unwrap();
        (to - from).num_minutes() as f64 / 60.0
    };
    assert_eq!(lifetimes[0].0, "reset_password");
    assert!((hours(&lifetimes[0]) - 1.0).abs() < 0.02);
    assert_eq!(lifetimes[1].0, "verify_email");
    assert!((hours(&lifetimes[1]) - 48.0).abs() < 0.02);

    expire_tokens(&app).await;
    for r in [
        reset(&anon, &reset_token, NEW_PASSWORD).await,
        verify(&anon, &verify_token).await,
    ] {
        let problem = assert_problem(r, 422).await;
        assert_eq!(pointers(&problem), ["/token"]);
        assert!(problem["errors"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("expired"));
    }
    assert_eq!(app.anonymous().login(KID, PASSWORD).await.status(), 200);
    assert!(listed(&app, KID).await["email_confirmed"] == json!(false));
}

#[tokio::test]
async fn reset_and_verify_refuse_bad_input() {
    let app = spawn_app().await;
    app.new_user(KID, "user").await;
    let anon = app.anonymous();
    let unknown = "A".repeat(43);

    let problem = assert_problem(reset(&anon, "short", "x").await, 422).await;
    assert_eq!(pointers(&problem), ["/token", "/new_password"]);
    let problem = assert_problem(reset(&anon, &unknown, NEW_PASSWORD).await, 422).await;
    assert_eq!(pointers(&problem), ["/token"]);
    assert!(problem["errors"][0]["detail"]
        .as_str()
        .unwrap()
        .contains("not valid"));
    assert_problem(
        anon.post_json("/api/auth/reset-password", &json!({"token": unknown}))
            .await,
        422,
    )
    .await;
    let problem = assert_problem(verify(&anon, "").await, 422).await;
    assert_eq!(pointers(&problem), ["/token"]);
    assert_problem(verify(&anon, &unknown).await, 422).await;

    // A link of one kind does not work for the other.
    let verify_token = mailed_token(&app, KID, "/verify-email").await;
    assert_problem(reset(&anon, &verify_token, NEW_PASSWORD).await, 422).await;
    forgot(&anon, KID).await;
    let reset_token = mailed_token(&app, KID, "/reset-password").await;
    assert_problem(verify(&anon, &reset_token).await, 422).await;
    // A valid token with a too-short password changes nothing and stays usable.
    let problem = assert_problem(reset(&anon, &reset_token, "short").await, 422).await;
    assert_eq!(pointers(&problem), ["/new_password"]);
    assert_eq!(reset(&anon, &reset_token, NEW_PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn admin_created_users_start_unverified_may_sign_in_and_verify_once() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user(KID, "user").await;
    // Unverified users sign in (new_user just did) and see that they are unverified.
    // The admin who created the account vouches for it: verified at creation, not confirmed.
    let me: Value = kid.me().await.json().await.unwrap();
    assert_eq!(me["email_confirmed"], false);
    assert_eq!(me["email_verified_at"], me["created_at"]);
    // The first admin, whom the operator configured, counts as confirmed.
    assert_eq!(listed(&app, ADMIN_EMAIL).await["email_confirmed"], true);

    let mails = mails_to(&app, KID).await;
    assert_eq!(mails.len(), 1);
    let (subject, text, html) = &mails[0];
    assert!(subject.contains("Confirm"), "{subject}");
    assert!(text.contains("48 hours"));
    assert!(html.contains("<a href="));
    let token = token_in(text, "/verify-email");

    let anon = app.anonymous();
    let r = verify(&anon, &token).await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.json::<Value>().await.unwrap()["message"],
        "your email is verified"
    );
    let me: Value = kid.me().await.json().await.unwrap();
    assert_eq!(me["email_confirmed"], true);
    assert!(me["email_verified_at"].as_str().unwrap() >= me["created_at"].as_str().unwrap());
    let used = assert_problem(verify(&anon, &token).await, 422).await;
    assert!(used["errors"][0]["detail"]
        .as_str()
        .unwrap()
        .contains("already been used"));
    let rows = audited(&app, "auth.email_verified").await;
    assert_eq!(rows, [(kid_id.clone(), kid_id, "127.0.0.1".to_owned())]);
}

#[tokio::test]
async fn the_verification_mail_escapes_the_display_name() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let r = admin
        .create_user(&json!({
            "email": KID, "password": PASSWORD, "role": "user",
            "display_name": "<script>alert(1)</script> & Co"
        }))
        .await;
    assert_eq!(r.status(), 201);
    let (_, text, html) = mails_to(&app, KID).await.remove(0);
    assert!(text.contains("Hello <script>alert(1)</script> & Co,"));
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"));
}

#[tokio::test]
async fn admin_email_actions_need_an_admin_session_and_a_known_user() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user(KID, "user").await;
    let admin = app.admin().await;
    for action in ["resend-verification", "reset-password", "verify-email"] {
        assert_problem(
            app.anonymous()
                .post_empty(&admin_path(&kid_id, action))
                .await,
            401,
        )
        .await;
        assert_problem(kid.post_empty(&admin_path(&kid_id, action)).await, 403).await;
        assert_problem(kid.post_empty(&admin_path("no-such-id", action)).await, 403).await;
        assert_problem(
            admin.post_empty(&admin_path("no-such-id", action)).await,
            404,
        )
        .await;
    }
    // Nothing changed: one mail (the first verification), still unverified, no reset links.
    assert_eq!(mails_to(&app, KID).await.len(), 1);
    assert!(listed(&app, KID).await["email_confirmed"] == json!(false));
    let resets: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM email_tokens WHERE purpose = 'reset_password'")
            .fetch_one(app.core.db.pool())
            .await
            .unwrap();
    assert_eq!(resets, 0);
}

#[tokio::test]
async fn an_admin_resends_verification_until_the_email_is_verified_within_a_rate_limit() {
    let app = spawn_app().await;
    let (_kid, kid_id) = app.new_user(KID, "user").await;
    let admin = app.admin().await;
    let first = mailed_token(&app, KID, "/verify-email").await;

    let r = admin
        .post_empty(&admin_path(&kid_id, "resend-verification"))
        .await;
    assert_eq!(r.status(), 200);
    let message = r.json::<Value>().await.unwrap()["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(message.contains("outbox"), "{message}");
    assert_eq!(mails_to(&app, KID).await.len(), 2);
    let second = mailed_token(&app, KID, "/verify-email").await;
    assert_ne!(first, second);

    // 3 a minute for one user from one address: the fourth resend is refused.
    for _ in 0..2 {
        let r = admin
            .post_empty(&admin_path(&kid_id, "resend-verification"))
            .await;
        assert_eq!(r.status(), 200);
    }
    let refused = admin
        .post_empty(&admin_path(&kid_id, "resend-verification"))
        .await;
    assert!(refused.headers().contains_key("retry-after"));
    assert_problem(refused, 429).await;

    // Verifying with the second link retires the first; resending is then a 409.
    assert_eq!(verify(&app.anonymous(), &second).await.status(), 200);
    assert_problem(verify(&app.anonymous(), &first).await, 422).await;
    let problem = assert_problem(
        admin
            .post_empty(&admin_path(&kid_id, "resend-verification"))
            .await,
        409,
    )
    .await;
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("verified already"));
    let rows = audited(&app, "admin.verification_resent").await;
    assert_eq!(rows.len(), 3);
    assert!(rows
        .iter()
        .all(|(user, _, ip)| user == &kid_id && ip == "127.0.0.1"));
}

#[tokio::test]
async fn an_admin_reset_link_works_without_mail_and_signs_the_user_out() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user(KID, "user").await;
    let admin = app.admin().await;
    let mails_before = mails_to(&app, KID).await.len();

    let r = admin
        .post_empty(&admin_path(&kid_id, "reset-password"))
        .await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains(KID));
    let link = body["reset_link"].as_str().unwrap();
    assert!(link.starts_with("http://"), "{link}");
    assert!(link.contains("/reset-password?token="), "{link}");
    // Nothing is mailed, and the account is unchanged until the link is used.
    assert_eq!(mails_to(&app, KID).await.len(), mails_before);
    assert_eq!(kid.me().await.status(), 200);

    let token = token_in(link, "/reset-password");
    assert_eq!(
        reset(&app.anonymous(), &token, NEW_PASSWORD).await.status(),
        200
    );
    assert_problem(kid.me().await, 401).await;
    app.signed_in(KID, NEW_PASSWORD).await;
    let rows = audited(&app, "admin.password_reset_link").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0, kid_id);
    assert_eq!(rows[0].2, "127.0.0.1");
}

#[tokio::test]
async fn an_admin_marks_an_email_verified_and_its_links_stop_working() {
    let app = spawn_app().await;
    let (_kid, kid_id) = app.new_user(KID, "user").await;
    let admin = app.admin().await;
    let token = mailed_token(&app, KID, "/verify-email").await;

    let r = admin.post_empty(&admin_path(&kid_id, "verify-email")).await;
    assert_eq!(r.status(), 204);
    assert!(r.bytes().await.unwrap().is_empty());
    let verified_at = listed(&app, KID).await["email_verified_at"].clone();
    assert_eq!(listed(&app, KID).await["email_confirmed"], true);
    assert!(verified_at.is_string());
    assert_problem(verify(&app.anonymous(), &token).await, 422).await;
    // Again: still 204, and the first time stays.
    assert_eq!(
        admin
            .post_empty(&admin_path(&kid_id, "verify-email"))
            .await
            .status(),
        204
    );
    assert_eq!(listed(&app, KID).await["email_verified_at"], verified_at);
    assert_eq!(audited(&app, "admin.email_verified").await.len(), 2);
}

#[tokio::test]
async fn the_email_token_operations_are_documented_with_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let expect: [(&str, &str, &[&str]); 6] = [
        (
            "/auth/forgot-password",
            "forgot-password",
            &["'200'", "'422'", "'429'"],
        ),
        (
            "/auth/reset-password",
            "reset-password",
            &["'200'", "'422'"],
        ),
        ("/auth/verify-email", "verify-email", &["'200'", "'422'"]),
        (
            "/admin/users/{id}/resend-verification",
            "admin-resend-verification",
            &["'200'", "'401'", "'403'", "'404'", "'409'", "'429'"],
        ),
        (
            "/admin/users/{id}/reset-password",
            "admin-reset-password",
            &["'200'", "'401'", "'403'", "'404'"],
        ),
        (
            "/admin/users/{id}/verify-email",
            "admin-verify-email",
            &["'204'", "'401'", "'403'", "'404'"],
        ),
    ];
    for (path, operation, statuses) in expect {
        let block = path_block(&yaml, path);
        assert!(
            block.contains(&format!("operationId: {operation}")),
            "{block}"
        );
        for status in statuses {
            assert!(block.contains(status), "{path} lacks {status}");
        }
    }
    assert!(yaml.contains("AdminResetPasswordOutputBody"));
    assert!(path_block(&yaml, "/auth/verify-email").contains("may still sign in"));
}

/// Calls a server function of the UI with a JSON body, as the pages do.
async fn rpc_json(user: &User, name: &str, body: &Value) -> Response {
    user.client
        .post(user.url(&format!("/rpc/{name}")))
        .header("accept", "application/json")
        .json(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_pages_render_without_a_session_and_their_server_functions_act() {
    let app = spawn_app().await;
    let (kid, kid_id) = app.new_user(KID, "user").await;
    let anon = app.anonymous();
    let page = |path: &'static str| {
        let anon = &anon;
        async move {
            let r = anon.get(path).await;
            assert_eq!(r.status(), 200, "{path}");
            r.text().await.unwrap()
        }
    };
    assert!(page("/login").await.contains("href=\"/forgot-password\""));
    assert!(page("/forgot-password")
        .await
        .contains("Forgot your password?"));
    assert!(page("/reset-password?token=x")
        .await
        .contains("Choose a new password"));
    assert!(page("/verify-email?token=x")
        .await
        .contains("Confirm your email"));

    let r = rpc_json(&anon, "forgot_password", &json!({"input": {"email": KID}})).await;
    assert_eq!(r.status(), 200);
    let token = mailed_token(&app, KID, "/reset-password").await;
    let r = rpc_json(
        &anon,
        "reset_password",
        &json!({"input": {"token": token, "new_password": "short"}}),
    )
    .await;
    assert_eq!(r.status(), 422);
    let r = rpc_json(
        &anon,
        "reset_password",
        &json!({"input": {"token": token, "new_password": NEW_PASSWORD}}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_problem(kid.me().await, 401).await;

    // The admin page shows the badge and the actions; their server functions act for admins only.
    let admin = app.admin().await;
    let html = admin.get("/admin/users").await.text().await.unwrap();
    assert!(html.contains("email not verified"), "{html}");
    assert!(html.contains(&format!("aria-label=\"Resend verification: {KID}\"")));
    assert!(html.contains(">Reset password<"));
    let kid = app.signed_in(KID, NEW_PASSWORD).await;
    let form = |user: &User, name: &'static str| {
        let request = user
            .client
            .post(user.url(&format!("/rpc/{name}")))
            .header("accept", "application/json")
            .form(&[("id", kid_id.clone())]);
        async move { request.send().await.unwrap() }
    };
    assert_eq!(form(&kid, "admin_reset_password").await.status(), 403);
    let r = form(&admin, "admin_reset_password").await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    assert!(body["reset_link"]
        .as_str()
        .unwrap()
        .contains("/reset-password?token="));
    assert_eq!(
        form(&admin, "admin_resend_verification").await.status(),
        200
    );
    assert_eq!(form(&kid, "admin_verify_email").await.status(), 403);
    assert_eq!(form(&admin, "admin_verify_email").await.status(), 200);
    assert_eq!(listed(&app, KID).await["email_confirmed"], true);
    let token = mailed_token(&app, KID, "/verify-email").await;
    let r = rpc_json(&anon, "verify_email", &json!({"input": {"token": token}})).await;
    assert_eq!(
        r.status(),
        422,
        "verified by the admin: the link is retired"
    );
}

/// End to end over a real SMTP server (aiosmtpd, see `mail.rs`): forgot-password mails the
/// link, the recipient follows it from the delivered message, resets, and signs in.
#[tokio::test]
async fn a_forgotten_password_is_reset_from_the_link_in_a_delivered_mail() {
    use crate::mail::{part, smtp_url, SmtpServer};

    let smtp = SmtpServer::start().await;
    let url = smtp_url(smtp.port);
    let app = crate::support::helpers::spawn_app_with(&["--smtp-url", &url]).await;
    let (kid, kid_id) = app.new_user(KID, "user").await;
    // The new account's verification mail goes out first.
    let verification = smtp.wait_for(1).await.remove(0);
    assert!(
        verification.contains(&format!("X-RcptTo: {KID}")),
        "{verification}"
    );
    assert!(part(&verification, "text/plain; charset=utf-8").contains("/verify-email?token="));

    assert_eq!(forgot(&app.anonymous(), KID).await.status(), 200);
    let delivered = smtp.wait_for(2).await.remove(1);
    assert!(
        delivered.contains(&format!("X-RcptTo: {KID}")),
        "{delivered}"
    );
    assert!(delivered.contains("Subject: Reset your Cardsmith password"));
    let text = part(&delivered, "text/plain; charset=utf-8");
    let html = part(&delivered, "text/html; charset=utf-8");
    let token = token_in(&text, "/reset-password");
    assert!(html.contains(&format!("/reset-password?token={token}\"")));

    assert_eq!(
        reset(&app.anonymous(), &token, NEW_PASSWORD).await.status(),
        200
    );
    assert_problem(kid.me().await, 401).await;
    let back = app.signed_in(KID, NEW_PASSWORD).await;
    assert_eq!(back.me().await.status(), 200);

    // With SMTP configured, the admin's resend says the mail is on its way.
    let admin = app.admin().await;
    let r = admin
        .post_empty(&admin_path(&kid_id, "resend-verification"))
        .await;
    assert_eq!(r.status(), 200);
    let message: Value = r.json().await.unwrap();
    assert!(message["message"].as_str().unwrap().contains("on its way"));
    let third = smtp.wait_for(3).await.remove(2);
    assert!(part(&third, "text/plain; charset=utf-8").contains("/verify-email?token="));
}
