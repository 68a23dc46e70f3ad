//! Single sign-on against a real OpenID provider (npm `oidc-provider`, `end2end/oidc/op.mjs`):
//! the code flow with PKCE driven headlessly through the provider's own forms, provisioning,
//! state/nonce/browser binding, linking while signed in (never by email), unlinking, the
//! admin's association, and every endpoint's refusals. Back-channel logout is in `logout`.

mod logout;
mod provider;

use cardsmith_core::audit;
use reqwest::header;
use serde_json::{json, Value};

use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, spawn_app, ADMIN_EMAIL, PASSWORD,
};
use provider::{me, spawn_sso, CALLBACK};

#[tokio::test]
async fn a_first_sign_in_provisions_an_account_and_the_next_finds_it() {
    let sso = spawn_sso().await;
    let browser = sso.app.anonymous();
    let authorize = sso.start(&browser, "").await;
    // PKCE S256, state and nonce go to the provider, with the client and scopes.
    let url = url::Url::parse(&authorize).unwrap();
    let q: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert!(authorize.starts_with(&sso.op.issuer));
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["client_id"], "cardsmith");
    assert!(q["scope"].contains("openid") && q["scope"].contains("email"));
    assert!(q["state"].len() >= 16 && q["nonce"].len() >= 16 && q["code_challenge"].len() == 43);

    let callback = sso.at_provider(&browser, &authorize, "alice").await;
    let r = browser.client.get(&callback).send().await.unwrap();
    assert_eq!(r.status(), 204);
    let cookies: Vec<_> = r.headers().get_all(header::SET_COOKIE).iter().collect();
    assert!(cookies
        .iter()
        .any(|c| c.to_str().unwrap().starts_with("cardsmith_session=")));
    let alice = me(&browser).await;
    assert_eq!(alice["email"], "alice@example.com");
    assert_eq!(alice["display_name"], "Alice");
    assert_eq!(alice["auth_type"], "oidc");
    assert_eq!(alice["role"], "user");
    assert!(
        alice["email_verified_at"].is_string(),
        "the provider verified it"
    );
    let id = alice["id"].as_str().unwrap();
    let actions = audit::actions_for(sso.app.core.db.pool(), id)
        .await
        .unwrap();
    assert!(actions.contains(&"auth.oidc_provisioned".to_owned()));
    assert!(actions.contains(&"auth.oidc_login".to_owned()));
    let ip: String =
        sqlx::query_scalar("SELECT ip FROM audit_log WHERE action = 'auth.oidc_login'")
            .fetch_one(sso.app.core.db.pool())
            .await
            .unwrap();
    assert_eq!(ip, "127.0.0.1");

    // A password cannot open an account that has none.
    let r = sso.app.anonymous().login("alice@example.com", "").await;
    assert!(r.status() == 422 || r.status() == 401);

    // Another browser, same identity: the same account, no second one.
    let again = sso.signed_in("alice").await;
    assert_eq!(me(&again).await["id"], alice["id"]);
    let admin = sso.app.admin().await;
    let users = admin.get_list("/api/admin/users").await;
    assert_eq!(
        users
            .iter()
            .filter(|u| u["email"] == "alice@example.com")
            .count(),
        1
    );

    // A deactivated account does not sign in through the provider either.
    let r = admin
        .post_empty(&format!("/api/admin/users/{id}/deactivate"))
        .await;
    assert_eq!(r.status(), 204);
    let r = sso.flow(&sso.app.anonymous(), "", "alice").await;
    assert_problem(r, 403).await;
}

#[tokio::test]
async fn browsers_are_redirected_to_the_provider_and_back_into_the_app() {
    let sso = spawn_sso().await;
    let browser = sso.app.anonymous();
    let r = browser
        .client
        .get(browser.url("/api/auth/oidc/login"))
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let authorize = r.headers()[header::LOCATION].to_str().unwrap().to_owned();
    assert!(authorize.starts_with(&format!("{}/auth?", sso.op.issuer)));
    let callback = sso.at_provider(&browser, &authorize, "erin").await;
    let r = browser
        .client
        .get(&callback)
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    assert_eq!(r.headers()[header::LOCATION], "/cards");
    assert_eq!(me(&browser).await["email"], "erin@example.com");

    // A failure sends the browser back to the sign-in page with the reason.
    let r = browser
        .client
        .get(format!("{}{CALLBACK}?state=nope&code=x", sso.app.base))
        .header("sec-fetch-mode", "navigate")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let to = r.headers()[header::LOCATION].to_str().unwrap();
    assert_eq!(to, "/settings?oidc_error=expired", "a code, never words");
}

#[tokio::test]
async fn a_wrong_used_or_foreign_state_is_refused() {
    let sso = spawn_sso().await;
    let browser = sso.app.anonymous();
    let authorize = sso.start(&browser, "").await;
    let callback = sso.at_provider(&browser, &authorize, "frank").await;

    // Missing and unknown states.
    let r = browser.get(&format!("{CALLBACK}?code=abc")).await;
    assert_problem(r, 422).await;
    let tampered = callback.replace("state=", "state=x");
    let r = browser.client.get(&tampered).send().await.unwrap();
    assert_problem(r, 422).await;

    // Another browser (another cookie jar) cannot complete this browser's flow.
    let stranger = sso.app.anonymous();
    let r = stranger.client.get(&callback).send().await.unwrap();
    assert_problem(r, 403).await;
    assert_eq!(stranger.me().await.status(), 401);

    // The state was consumed by that attempt: single use, even for the right browser.
    let r = browser.client.get(&callback).send().await.unwrap();
    assert_problem(r, 422).await;
    assert_eq!(browser.me().await.status(), 401);

    // A provider error is reported, not a session.
    let authorize = sso.start(&browser, "").await;
    let state = url::Url::parse(&authorize)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let r = browser
        .get(&format!(
            "{CALLBACK}?state={state}&error=access_denied&error_description=no"
        ))
        .await;
    let problem = assert_problem(r, 409).await;
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("access_denied"));

    // An answer claiming another issuer (mix-up) is refused.
    let authorize = sso.start(&browser, "").await;
    let callback = sso.at_provider(&browser, &authorize, "frank").await;
    let mixed = callback.replace("iss=", "iss=https%3A%2F%2Fevil.example&x=");
    let r = browser.client.get(&mixed).send().await.unwrap();
    assert_problem(r, 403).await;
}

#[tokio::test]
async fn an_id_token_with_another_nonce_is_refused() {
    let sso = spawn_sso().await;
    let browser = sso.app.anonymous();
    let authorize = sso.start(&browser, "").await;
    let mut url = url::Url::parse(&authorize).unwrap();
    let pairs: Vec<(String, String)> = url
        .query_pairs()
        .map(|(k, v)| {
            let v = if k == "nonce" {
                "a-nonce-the-attacker-chose".into()
            } else {
                v.into_owned()
            };
            (k.into_owned(), v)
        })
        .collect();
    url.query_pairs_mut().clear().extend_pairs(pairs);
    let callback = sso.at_provider(&browser, url.as_str(), "grace").await;
    let r = browser.client.get(&callback).send().await.unwrap();
    let problem = assert_problem(r, 403).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("nonce"),
        "{problem}"
    );
    assert_eq!(browser.me().await.status(), 401);
    let users: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE email = 'grace@example.com'")
            .fetch_one(sso.app.core.db.pool())
            .await
            .unwrap();
    assert_eq!(users, 0, "nothing was provisioned");
}

#[tokio::test]
async fn a_signed_in_user_links_the_provider_and_then_signs_in_with_it() {
    let sso = spawn_sso().await;
    let (bob, bob_id) = sso.app.new_user("bob@example.com", "user").await;
    // Linking needs a session.
    let r = sso
        .app
        .anonymous()
        .get("/api/auth/oidc/login?mode=link")
        .await;
    assert_problem(r, 401).await;
    let r = bob.get("/api/auth/oidc/login?mode=sideways").await;
    assert!(r.status() == 400 || r.status() == 422);

    // The provider's account has another email: linking is by proof at the provider, not email.
    let r = sso.flow(&bob, "?mode=link", "robert@corp.example").await;
    assert_eq!(r.status(), 204);
    let linked = me(&bob).await;
    assert_eq!(linked["auth_type"], "password_and_oidc");
    assert_eq!(
        linked["email"], "bob@example.com",
        "the account keeps its email"
    );
    let actions = audit::actions_for(sso.app.core.db.pool(), &bob_id)
        .await
        .unwrap();
    assert!(actions.contains(&"auth.oidc_linked".to_owned()));

    // Signing in through the provider now opens bob's account.
    let browser = sso.signed_in("robert@corp.example").await;
    assert_eq!(me(&browser).await["id"], bob_id.as_str());

    // Linking again is refused until unlinked; another account cannot take the identity.
    let r = bob.get("/api/auth/oidc/login?mode=link").await;
    assert_problem(r, 409).await;
    let (carol, _) = sso.app.new_user("carol@example.com", "user").await;
    let r = sso.flow(&carol, "?mode=link", "robert@corp.example").await;
    assert_problem(r, 409).await;
    assert_eq!(me(&carol).await["auth_type"], "password");

    // A link flow completes only in the session that started it: not in a newer session of
    // the same browser, and not at all once its session ended.
    let (dave, _) = sso.app.new_user("dave@example.com", "user").await;
    let authorize = sso.start(&dave, "?mode=link").await;
    let callback = sso.at_provider(&dave, &authorize, "dave-at-idp").await;
    assert_eq!(dave.login("dave@example.com", PASSWORD).await.status(), 200);
    let r = dave.client.get(&callback).send().await.unwrap();
    assert_problem(r, 403).await;
    let authorize = sso.start(&dave, "?mode=link").await;
    let callback = sso.at_provider(&dave, &authorize, "dave-at-idp").await;
    assert_eq!(dave.logout().await.status(), 204);
    let r = dave.client.get(&callback).send().await.unwrap();
    assert_problem(r, 422).await;
    assert_eq!(
        sso.app
            .signed_in("dave@example.com", PASSWORD)
            .await
            .me()
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn an_account_is_never_joined_by_a_matching_email() {
    let sso = spawn_sso().await;
    let (_carol, carol_id) = sso.app.new_user("carol@example.com", "user").await;
    // The provider's "carol" has the email carol@example.com.
    let browser = sso.app.anonymous();
    let r = sso.flow(&browser, "", "carol").await;
    let problem = assert_problem(r, 409).await;
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("Link sign-in provider"));
    assert_eq!(
        browser.me().await.status(),
        401,
        "no session in carol's account"
    );
    let carol = sso.app.signed_in("carol@example.com", PASSWORD).await;
    assert_eq!(me(&carol).await["auth_type"], "password");
    let subject: Option<String> =
        sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1")
            .bind(&carol_id)
            .fetch_one(sso.app.core.db.pool())
            .await
            .unwrap();
    assert_eq!(subject, None);
    // Case and spaces do not get around it either.
    let r = sso
        .flow(&sso.app.anonymous(), "", "Carol@Example.com")
        .await;
    assert_problem(r, 409).await;
}

#[tokio::test]
async fn unlinking_needs_a_password_to_remain() {
    let sso = spawn_sso().await;
    assert_problem(
        sso.app
            .anonymous()
            .post_empty("/api/auth/oidc/unlink")
            .await,
        401,
    )
    .await;

    // Provisioned through the provider: no password, so unlinking would lock them out.
    let alice = sso.signed_in("alice").await;
    let problem = assert_problem(alice.post_empty("/api/auth/oidc/unlink").await, 409).await;
    assert!(problem["detail"].as_str().unwrap().contains("password"));
    assert_eq!(me(&alice).await["auth_type"], "oidc");

    // With a password: unlinked, and the provider no longer opens the account.
    let (bob, bob_id) = sso.app.new_user("bob@example.com", "user").await;
    assert_problem(bob.post_empty("/api/auth/oidc/unlink").await, 409).await;
    assert_eq!(sso.flow(&bob, "?mode=link", "bob-idp").await.status(), 204);
    assert_eq!(bob.post_empty("/api/auth/oidc/unlink").await.status(), 204);
    assert_eq!(me(&bob).await["auth_type"], "password");
    let actions = audit::actions_for(sso.app.core.db.pool(), &bob_id)
        .await
        .unwrap();
    assert!(actions.contains(&"auth.oidc_unlinked".to_owned()));
    let browser = sso.signed_in("bob-idp").await;
    assert_ne!(
        me(&browser).await["id"],
        bob_id.as_str(),
        "a new account, not bob's"
    );
}

#[tokio::test]
async fn an_admin_associates_an_account_with_a_provider_identity() {
    let sso = spawn_sso().await;
    let admin = sso.app.admin().await;
    let (dave, dave_id) = sso.app.new_user("dave@example.com", "user").await;
    let path = format!("/api/admin/users/{dave_id}/oidc-link");
    let body = json!({"subject": "d.smith"});
    assert_problem(sso.app.anonymous().post_json(&path, &body).await, 401).await;
    assert_problem(dave.post_json(&path, &body).await, 403).await;
    assert_problem(dave.delete(&path).await, 403).await;
    // a non-admin is refused before the body is judged
    assert_problem(dave.post_json(&path, &json!({"subject": ""})).await, 403).await;
    for bad in [
        json!({"subject": ""}),
        json!({"subject": "has space"}),
        json!({"subject": "x".repeat(256)}),
        json!({}),
    ] {
        let r = admin.post_json(&path, &bad).await;
        assert_eq!(r.status(), 422, "{bad}");
    }
    let r = admin
        .post_json("/api/admin/users/nobody/oidc-link", &body)
        .await;
    assert_problem(r, 404).await;

    let r = admin.post_json(&path, &body).await;
    assert_eq!(r.status(), 200);
    let user: Value = r.json().await.unwrap();
    assert_eq!(user["auth_type"], "password_and_oidc");
    let actions = audit::actions_for(sso.app.core.db.pool(), &dave_id)
        .await
        .unwrap();
    assert!(actions.contains(&"admin.oidc_linked".to_owned()));
    assert_problem(admin.post_json(&path, &body).await, 409).await;

    // The provider's d.smith now signs in to dave's account.
    let browser = sso.signed_in("d.smith").await;
    assert_eq!(me(&browser).await["id"], dave_id.as_str());

    // Another account cannot be given the same identity.
    let (_erin, erin_id) = sso.app.new_user("erin@example.com", "user").await;
    let r = admin
        .post_json(&format!("/api/admin/users/{erin_id}/oidc-link"), &body)
        .await;
    assert_problem(r, 409).await;

    // Removing it.
    assert_eq!(admin.delete(&path).await.status(), 204);
    assert_problem(admin.delete(&path).await, 409).await;
    assert_problem(admin.delete("/api/admin/users/nobody/oidc-link").await, 404).await;
    let actions = audit::actions_for(sso.app.core.db.pool(), &dave_id)
        .await
        .unwrap();
    assert!(actions.contains(&"admin.oidc_unlinked".to_owned()));
    let _ = ADMIN_EMAIL;
}

#[tokio::test]
async fn without_a_provider_the_endpoints_say_so() {
    let app = spawn_app().await;
    let anonymous = app.anonymous();
    for path in [
        "/api/auth/oidc/login",
        &format!("{CALLBACK}?state=x&code=y"),
    ] {
        let problem = assert_problem(anonymous.get(path).await, 404).await;
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("not configured"),
            "{path}"
        );
    }
    let r = anonymous
        .client
        .post(anonymous.url("/api/auth/oidc/backchannel-logout"))
        .form(&[("logout_token", "a.b.c")])
        .send()
        .await
        .unwrap();
    assert_problem(r, 404).await;
    let admin = app.admin().await;
    let me_id = me(&admin).await["id"].as_str().unwrap().to_owned();
    let r = admin
        .post_json(
            &format!("/api/admin/users/{me_id}/oidc-link"),
            &json!({"subject": "s"}),
        )
        .await;
    assert_problem(r, 404).await;
    // Unlinking needs no provider: there is just nothing linked.
    assert_problem(admin.post_empty("/api/auth/oidc/unlink").await, 409).await;
}

#[tokio::test]
async fn the_openapi_document_lists_the_oidc_operations() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    for (path, statuses) in [
        (
            "/auth/oidc/login",
            &["'204'", "'303'", "'401'", "'404'", "'409'", "'502'"][..],
        ),
        (
            "/auth/oidc/callback",
            &["'204'", "'303'", "'403'", "'404'", "'409'", "'422'"][..],
        ),
        (
            "/auth/oidc/backchannel-logout",
            &["'200'", "'400'", "'404'"][..],
        ),
        ("/auth/oidc/unlink", &["'204'", "'401'", "'409'"][..]),
        (
            "/admin/users/{id}/oidc-link",
            &[
                "'200'", "'204'", "'401'", "'403'", "'404'", "'409'", "'422'",
            ][..],
        ),
    ] {
        let block = path_block(&yaml, path);
        for status in statuses {
            assert!(block.contains(status), "{path} lacks {status}");
        }
    }
}

/// A provider that has not verified the email it sends cannot make an account with it: the
/// first sign-in is refused, the address is not taken (an admin still creates the real
/// person's account) and its pending invitation is not accepted.
#[tokio::test]
async fn an_unverified_provider_email_neither_takes_the_address_nor_its_invitations() {
    let sso = spawn_sso().await;
    let admin = sso.app.admin().await;
    let shared = admin.create_collection("Shared").await;
    let shared = shared["id"].as_str().unwrap().to_owned();
    let email = "unverified-bob@example.com";
    assert_eq!(admin.invite(&shared, email, "editor").await.status(), 204);

    let browser = sso.app.anonymous();
    let r = sso.flow(&browser, "", "unverified-bob@example.com").await;
    let problem = assert_problem(r, 403).await;
    assert!(
        problem["detail"].as_str().unwrap().contains("not verified"),
        "{problem}"
    );
    assert_problem(browser.get("/api/auth/me").await, 401).await;
    let users = admin.get_list("/api/admin/users").await;
    assert!(users.iter().all(|u| u["email"] != email));
    let pending = admin
        .get_list(&format!("/api/collections/{shared}/invitations"))
        .await;
    assert_eq!(pending.len(), 1, "the invitation is still pending");

    // the real person's account can still be made, and it answers the invitation
    let made = admin
        .create_user(&json!({"email": email, "password": PASSWORD, "role": "user"}))
        .await;
    assert_eq!(made.status(), 201);
    let bob = sso.app.signed_in(email, PASSWORD).await;
    bob.accept_invitation_to(&shared).await;
    assert_eq!(
        bob.get(&format!("/api/collections/{shared}"))
            .await
            .status(),
        200
    );
}
