//! The client's link flow against the simulator: PKCE, audience, exact scopes, state.

use cardsmith_upstream::{RelinkReason, UpstreamClient, UpstreamError, SCOPES};
use std::sync::Arc;

use crate::helpers::*;

#[tokio::test]
async fn linking_via_pkce_yields_a_working_account() {
    let sim = start().await;
    let linked = link(&sim).await;
    assert_eq!(
        linked.key,
        sim.default_user(),
        "the token's sub is the platform user id"
    );

    let saved = linked
        .store
        .get(&linked.key)
        .expect("install saved the tokens");
    assert!(saved.refresh_token.is_some());
    for scope in SCOPES {
        assert!(saved.has_scope(scope), "{scope} granted");
    }
    assert!(!saved.has_scope("openid"));

    let family = linked.account.family().await.unwrap();
    assert_eq!(family.primary_email(), Some("parent@example.com"));
    assert_eq!(sim.stats().code_grants, 1);
}

#[tokio::test]
async fn the_authorization_url_asks_for_exactly_what_the_spec_lists() {
    let sim = start().await;
    let client = UpstreamClient::new(client_config(&sim)).unwrap();
    let request = client.link_request();
    let query: std::collections::HashMap<String, String> =
        request.url.query_pairs().into_owned().collect();
    assert_eq!(query["response_type"], "code");
    assert_eq!(query["code_challenge_method"], "S256");
    assert_eq!(
        query["audience"],
        sim.api_url().as_str().trim_end_matches('/')
    );
    assert_eq!(query["scope"], SCOPES.join(" "));
    assert_eq!(query["redirect_uri"], REDIRECT);
    assert_eq!(query["state"], request.csrf_state);
    assert!(!request.state_matches("forged"));

    // The handle can drive the same decision without HTTP.
    let callback = sim.authorize(&request.url).unwrap();
    assert!(callback.query_pairs().any(|(k, _)| k == "code"));
}

#[tokio::test]
async fn a_wrong_verifier_or_replayed_code_is_an_oauth_error() {
    let sim = start().await;
    let client = UpstreamClient::new(client_config(&sim)).unwrap();
    let request = client.link_request();
    let callback = browse_authorize(&request.url).await;
    let error = client
        .exchange_code(
            &callback["code"],
            "wrong-verifier-wrong-verifier-wrong-verifier",
        )
        .await
        .unwrap_err();
    assert!(
        matches!(&error, UpstreamError::OAuth { error, .. } if error == "invalid_grant"),
        "{error:?}"
    );
}

#[tokio::test]
async fn an_unlinked_account_needs_a_link() {
    let sim = start().await;
    let client = UpstreamClient::new(client_config(&sim)).unwrap();
    let account = client.account("nobody", Arc::new(MemoryStore::default()));
    let error = account.list_devices().await.unwrap_err();
    assert!(matches!(
        error,
        UpstreamError::NeedsRelink {
            reason: RelinkReason::NotLinked
        }
    ));
}
