//! Back-channel logout: the real provider's delivery ends exactly the sessions of that
//! provider session; forged, replayed and expired logout tokens are refused with 400.

use cardsmith_core::audit;
use reqwest::{header, Response};
use serde_json::{json, Value};

use super::provider::{me, spawn_sso, Sso, CLIENT_ID};
use crate::support::helpers::{assert_problem, User};

const EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";
const PATH: &str = "/api/auth/oidc/backchannel-logout";

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The claims of a valid logout token for (`sub`, `sid`) from `sso`'s provider.
fn claims(sso: &Sso, sub: &str, sid: &str, jti: &str) -> Value {
    json!({
        "iss": sso.op.issuer, "aud": CLIENT_ID, "iat": now(), "exp": now() + 120,
        "jti": jti, "sub": sub, "sid": sid, "events": {EVENT: {}}
    })
}

fn header() -> Value {
    json!({"alg": "RS256", "typ": "logout+jwt", "kid": "op-key-1"})
}

/// POSTs `token` as the provider would (a form, no cookies, no browser headers).
async fn deliver(sso: &Sso, token: &str) -> Response {
    reqwest::Client::new()
        .post(format!("{}{PATH}", sso.app.base))
        .form(&[("logout_token", token)])
        .send()
        .await
        .unwrap()
}

async fn assert_refused(r: Response, why: &str) {
    assert_eq!(r.headers()[header::CACHE_CONTROL], "no-store", "{why}");
    let problem = assert_problem(r, 400).await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains(why), "expected {why:?} in {detail:?}");
}

async fn live(browser: &User) -> bool {
    browser.me().await.status() == 200
}

#[tokio::test]
async fn the_providers_logout_ends_exactly_that_provider_session() {
    let sso = spawn_sso().await;
    // alice in two browsers (two provider sessions), alice with her password too, and bob.
    let (with_password, alice_id) = sso.app.new_user("alice@example.com", "user").await;
    assert_eq!(
        sso.flow(&with_password, "?mode=link", "alice")
            .await
            .status(),
        204
    );
    let laptop = sso.signed_in("alice").await;
    let phone = sso.signed_in("alice").await;
    let bob = sso.signed_in("bob").await;
    assert_eq!(me(&laptop).await["id"], alice_id.as_str());
    let sids = sso.sids_of(&alice_id).await;
    assert_eq!(sids.len(), 2);
    assert_ne!(sids[0], sids[1], "two browsers, two provider sessions");

    let (status, text) = sso.provider_logout("alice", &sids[0]).await;
    assert_eq!(status, 200, "the provider's delivery was refused: {text}");
    assert!(!live(&laptop).await, "the laptop's session ended");
    assert!(
        live(&phone).await,
        "the phone's provider session is another one"
    );
    assert!(
        live(&with_password).await,
        "a password session is not the provider's"
    );
    assert!(live(&bob).await);
    let actions = audit::actions_for(sso.app.core.db.pool(), &alice_id)
        .await
        .unwrap();
    assert_eq!(actions[0], "auth.oidc_backchannel_logout");
    let (ip, actor): (String, String) = sqlx::query_as(
        "SELECT ip, actor_id FROM audit_log WHERE action = 'auth.oidc_backchannel_logout'",
    )
    .fetch_one(sso.app.core.db.pool())
    .await
    .unwrap();
    assert_eq!((ip.as_str(), actor.as_str()), ("127.0.0.1", ""));

    // A token naming only the subject ends every session opened through it.
    let token = {
        let mut c = claims(&sso, "alice", "", "sub-only");
        c.as_object_mut().unwrap().remove("sid");
        sso.sign(header(), c, "provider").await
    };
    let r = deliver(&sso, &token).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()[header::CACHE_CONTROL], "no-store");
    assert!(!live(&phone).await);
    assert!(live(&with_password).await);
    assert!(live(&bob).await);
}

#[tokio::test]
async fn forged_replayed_and_expired_logout_tokens_are_refused() {
    let sso = spawn_sso().await;
    let carol = sso.signed_in("carol").await;
    let carol_id = me(&carol).await["id"].as_str().unwrap().to_owned();
    let sid = sso.sids_of(&carol_id).await.remove(0);
    let valid = || claims(&sso, "carol", &sid, "jti-forged");
    let with = |key: &str, value: Value| {
        let mut c = valid();
        c[key] = value;
        c
    };
    let without = |key: &str| {
        let mut c = valid();
        c.as_object_mut().unwrap().remove(key);
        c
    };
    let cases: Vec<(Value, Value, &str, &str)> = vec![
        (
            json!({"alg": "none", "typ": "logout+jwt"}),
            valid(),
            "none",
            "alg none",
        ),
        (
            json!({"alg": "HS256", "typ": "logout+jwt"}),
            valid(),
            "none",
            "alg HS256",
        ),
        (header(), valid(), "other", "signature does not verify"),
        (
            json!({"alg": "RS256", "typ": "logout+jwt", "kid": "unknown"}),
            valid(),
            "provider",
            "key the provider does not publish",
        ),
        (
            json!({"alg": "RS256", "typ": "JWT", "kid": "op-key-1"}),
            valid(),
            "provider",
            "typ",
        ),
        (
            header(),
            with("iss", json!("http://127.0.0.1:1")),
            "provider",
            "iss",
        ),
        (
            header(),
            with("aud", json!("another-client")),
            "provider",
            "aud",
        ),
        (
            header(),
            with("exp", json!(now() - 600)),
            "provider",
            "expired",
        ),
        (
            header(),
            with("iat", json!(now() + 600)),
            "provider",
            "future",
        ),
        (header(), without("iat"), "provider", "iat"),
        (header(), without("events"), "provider", "events"),
        (
            header(),
            with("events", json!({"http://example.com/other": {}})),
            "provider",
            "events",
        ),
        (header(), with("nonce", json!("n-1")), "provider", "nonce"),
        (header(), without("jti"), "provider", "jti"),
        (
            header(),
            {
                let mut c = without("sub");
                c.as_object_mut().unwrap().remove("sid");
                c
            },
            "provider",
            "sub or sid",
        ),
    ];
    for (head, body, key, why) in cases {
        let token = sso.sign(head, body, key).await;
        assert_refused(deliver(&sso, &token).await, why).await;
        assert!(live(&carol).await, "a refused token ({why}) ended nothing");
    }

    // Not a token at all, or no form.
    assert_refused(deliver(&sso, "not-a-jwt").await, "JWT").await;
    assert_refused(deliver(&sso, "e30.e30.e30").await, "alg").await;
    let r = reqwest::Client::new()
        .post(format!("{}{PATH}", sso.app.base))
        .send()
        .await
        .unwrap();
    assert_refused(r, "logout_token").await;
    let r = reqwest::Client::new()
        .post(format!("{}{PATH}", sso.app.base))
        .json(&json!({"logout_token": "x"}))
        .send()
        .await
        .unwrap();
    assert_refused(r, "logout_token").await;

    // The valid one works once; its replay is refused.
    let token = sso
        .sign(
            header(),
            claims(&sso, "carol", &sid, "jti-once"),
            "provider",
        )
        .await;
    let r = deliver(&sso, &token).await;
    assert_eq!(r.status(), 200);
    assert!(!live(&carol).await);
    let again = sso.signed_in("carol").await;
    assert_refused(deliver(&sso, &token).await, "already used").await;
    assert!(live(&again).await);
}
