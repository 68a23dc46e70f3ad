//! The auth host over raw HTTP: authorize checks, code exchange with PKCE, rotating single-use
//! refresh tokens, userinfo.

use std::collections::HashMap;

use serde_json::Value;
use url::Url;

use crate::helpers::*;

fn authorize_url(sim: &cardsmith_upstream_sim::Simulator, pairs: &[(&str, &str)]) -> Url {
    let mut url = sim.auth_url().join("authorize").unwrap();
    url.query_pairs_mut().extend_pairs(pairs);
    url
}

const VERIFIER: &str = "the-pkce-verifier-of-this-test-0123456789-abcdefghijklmnop";

fn valid_pairs<'a>(
    sim: &'a cardsmith_upstream_sim::Simulator,
    audience: &'a str,
    challenge: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("client_id", sim.client_id()),
        ("response_type", "code"),
        ("redirect_uri", REDIRECT),
        ("scope", "offline_access user:content:view"),
        ("audience", audience),
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
        ("state", "xyz"),
    ]
}

async fn refresh(sim: &cardsmith_upstream_sim::Simulator, refresh_token: &str) -> (u16, Value) {
    let response = http()
        .post(sim.auth_url().join("oauth/token").unwrap())
        .form(&[
            ("grant_type", "refresh_token"),
            ("client_id", sim.client_id()),
            ("refresh_token", refresh_token),
            ("audience", sim.api_url().as_str().trim_end_matches('/')),
        ])
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn authorize_errors_go_back_to_the_callback_or_to_an_error_page() {
    let sim = start().await;
    let audience = sim.api_url().as_str().trim_end_matches('/').to_owned();
    let challenge = pkce_challenge(VERIFIER);
    let cases: [(&str, &str, &str); 4] = [
        ("code_challenge_method", "plain", "invalid_request"),
        (
            "scope",
            "offline_access family:library:secret",
            "access_denied",
        ),
        ("audience", "https://elsewhere.example", "access_denied"),
        ("response_type", "token", "unsupported_response_type"),
    ];
    for (key, value, error) in cases {
        let mut pairs = valid_pairs(&sim, &audience, &challenge);
        pairs.retain(|(k, _)| *k != key);
        pairs.push((key, value));
        let callback = browse_authorize(&authorize_url(&sim, &pairs)).await;
        assert_eq!(
            callback.get("error").map(String::as_str),
            Some(error),
            "{key}={value}"
        );
        assert_eq!(callback["state"], "xyz");
        assert!(!callback.contains_key("code"));
    }

    sim.set_consent(false);
    let callback = browse_authorize(&authorize_url(
        &sim,
        &valid_pairs(&sim, &audience, &challenge),
    ))
    .await;
    assert_eq!(callback["error"], "access_denied");

    let mut pairs = valid_pairs(&sim, &audience, &challenge);
    pairs.retain(|(k, _)| *k != "client_id");
    pairs.push(("client_id", "someone-else"));
    let page = http()
        .get(authorize_url(&sim, &pairs))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 400);
    let body: Value = page.json().await.unwrap();
    assert_eq!(body["error"], "invalid_request");
}

#[tokio::test]
async fn the_code_is_single_use_and_needs_the_pkce_verifier() {
    let sim = start().await;
    let audience = sim.api_url().as_str().trim_end_matches('/').to_owned();
    let challenge = pkce_challenge(VERIFIER);
    let callback = browse_authorize(&authorize_url(
        &sim,
        &valid_pairs(&sim, &audience, &challenge),
    ))
    .await;
    let exchange = |verifier: &'static str| {
        let form: HashMap<&str, String> = HashMap::from([
            ("grant_type", "authorization_code".to_owned()),
            ("client_id", sim.client_id().to_owned()),
            ("code", callback["code"].clone()),
            ("code_verifier", verifier.to_owned()),
            ("redirect_uri", REDIRECT.to_owned()),
        ]);
        http()
            .post(sim.auth_url().join("oauth/token").unwrap())
            .form(&form)
            .send()
    };
    let wrong = exchange("not-the-verifier").await.unwrap();
    assert_eq!(wrong.status(), 403);
    let body: Value = wrong.json().await.unwrap();
    assert_eq!(body["error"], "invalid_grant");
    // A failed attempt burns the code, as on the real host.
    let right = exchange(VERIFIER).await.unwrap();
    assert_eq!(right.status(), 403);

    let callback = browse_authorize(&authorize_url(
        &sim,
        &valid_pairs(&sim, &audience, &challenge),
    ))
    .await;
    let form = [
        ("grant_type", "authorization_code"),
        ("client_id", sim.client_id()),
        ("code", callback["code"].as_str()),
        ("code_verifier", VERIFIER),
        ("redirect_uri", REDIRECT),
    ];
    let ok = http()
        .post(sim.auth_url().join("oauth/token").unwrap())
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    assert_eq!(ok.headers()["cache-control"], "no-store");
    let tokens: Value = ok.json().await.unwrap();
    assert_eq!(tokens["token_type"], "Bearer");
    assert_eq!(tokens["expires_in"], 86_400);
    assert_eq!(tokens["scope"], "offline_access user:content:view");
    assert!(tokens["refresh_token"].is_string());
    assert!(tokens.get("id_token").is_none(), "no openid, no id_token");
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_used_one_revokes_its_family() {
    let sim = start().await;
    let first = token(&sim, SERVICE_SCOPES).await;
    let r1 = first["refresh_token"].as_str().unwrap();

    let (status, second) = refresh(&sim, r1).await;
    assert_eq!(status, 200);
    let r2 = second["refresh_token"].as_str().unwrap();
    assert_ne!(r1, r2);
    assert_ne!(first["access_token"], second["access_token"]);

    let (status, error) = refresh(&sim, r1).await;
    assert_eq!(status, 403);
    assert_eq!(error["error"], "invalid_grant");
    assert_eq!(
        error["error_description"],
        "Unknown or invalid refresh token."
    );
    assert_eq!(sim.stats().refresh_token_reuse, 1);

    // Reuse detection: the token rotated from the replayed one is dead too.
    let (status, _) = refresh(&sim, r2).await;
    assert_eq!(status, 403);
    let (status, _) = refresh(&sim, "made-up").await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn userinfo_is_closed_without_openid() {
    let sim = start().await;
    let userinfo = sim.auth_url().join("userinfo").unwrap();
    let without = access(&token(&sim, SERVICE_SCOPES).await);
    let response = http()
        .get(userinfo.clone())
        .bearer_auth(&without)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    assert!(response.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .contains("insufficient_scope"));

    let with = access(&token(&sim, "openid profile").await);
    let response = http()
        .get(userinfo)
        .bearer_auth(&with)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let info: Value = response.json().await.unwrap();
    assert_eq!(info["email"], "parent@example.com");
    assert_eq!(info["sub"], sim.default_user());
}

#[tokio::test]
async fn api_calls_need_a_live_token_with_the_right_scope() {
    let sim = start().await;
    let (status, body) = get(&sim, "nonsense", "/content/mine").await;
    assert_eq!(status, 401);
    assert_eq!(body["error"]["code"], "unauthorized");

    let narrow = access(&token(&sim, "user:content:view").await);
    let (status, body) = get(&sim, &narrow, "/device-v2/devices/mine").await;
    assert_eq!(status, 403);
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("family:devices:view"));
    assert_eq!(get(&sim, &narrow, "/content/mine").await.0, 200);

    sim.expire_access_tokens();
    assert_eq!(get(&sim, &narrow, "/content/mine").await.0, 401);
}
