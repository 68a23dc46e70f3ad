//! Refresh rotation against the simulator: one refresh for concurrent callers, rotated tokens
//! saved before use and never replayed, save failures turning into NeedsRelink.

use std::sync::atomic::Ordering;

use cardsmith_upstream::{RelinkReason, UpstreamError};

use crate::helpers::*;

#[tokio::test]
async fn an_expiring_token_is_refreshed_and_the_rotated_pair_saved_first() {
    let sim = start().await;
    let linked = link(&sim).await;
    let before = linked.store.get(&linked.key).unwrap();
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;

    linked.account.list_devices().await.unwrap();
    let after = linked.store.get(&linked.key).unwrap();
    assert_ne!(after.refresh_token, before.refresh_token, "rotated");
    assert_ne!(after.access_token, before.access_token);
    assert_eq!(sim.stats().refresh_grants, 1);

    // Later calls use the saved pair without refreshing again.
    linked.account.my_cards(false).await.unwrap();
    assert_eq!(sim.stats().refresh_grants, 1);
}

#[tokio::test]
async fn concurrent_calls_share_one_refresh() {
    let sim = start().await;
    let linked = link(&sim).await;
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;

    // Another handle on the same account shares the same session.
    let other = linked
        .client
        .account(linked.key.clone(), linked.store.clone());
    let (a, b, c) = tokio::join!(
        linked.account.list_devices(),
        other.my_cards(false),
        linked.account.family(),
    );
    a.unwrap();
    b.unwrap();
    c.unwrap();
    let stats = sim.stats();
    assert_eq!(stats.refresh_grants, 1, "one refresh for three callers");
    assert_eq!(stats.refresh_token_reuse, 0);
}

#[tokio::test]
async fn a_revoked_access_token_triggers_one_refresh_and_a_retry() {
    let sim = start().await;
    let linked = link(&sim).await;
    sim.expire_access_tokens();
    linked.account.list_devices().await.unwrap();
    assert_eq!(sim.stats().refresh_grants, 1);
}

#[tokio::test]
async fn a_failed_save_needs_relink_and_no_token_is_sent_again() {
    let sim = start().await;
    let linked = link(&sim).await;
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;
    linked.store.fail_saves.store(true, Ordering::SeqCst);

    let error = linked.account.list_devices().await.unwrap_err();
    assert!(
        matches!(&error, UpstreamError::NeedsRelink { reason: RelinkReason::SaveFailed(m) } if m == "disk full"),
        "{error:?}"
    );
    assert_eq!(sim.stats().refresh_grants, 1);

    // The spent refresh token is never presented again, and the unsaved one is not used.
    for _ in 0..3 {
        assert!(linked
            .account
            .my_cards(false)
            .await
            .unwrap_err()
            .needs_relink());
    }
    let stats = sim.stats();
    assert_eq!(
        (
            stats.refresh_grants,
            stats.refresh_token_reuse,
            stats.rejected_refreshes
        ),
        (1, 0, 0)
    );

    // A new link brings the account back.
    linked.store.fail_saves.store(false, Ordering::SeqCst);
    let request = linked.client.link_request();
    let callback = browse_authorize(&request.url).await;
    let tokens = linked
        .client
        .exchange_code(&callback["code"], &request.pkce_verifier)
        .await
        .unwrap();
    linked.account.install(tokens).await.unwrap();
    linked.account.list_devices().await.unwrap();
}

#[tokio::test]
async fn a_rejected_refresh_token_needs_relink_once() {
    let sim = start().await;
    let linked = link(&sim).await;
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;
    sim.revoke_refresh_tokens();

    let error = linked.account.list_devices().await.unwrap_err();
    assert!(
        matches!(
            error,
            UpstreamError::NeedsRelink {
                reason: RelinkReason::RefreshRejected(_)
            }
        ),
        "{error:?}"
    );
    assert!(linked
        .account
        .list_devices()
        .await
        .unwrap_err()
        .needs_relink());
    assert_eq!(
        sim.stats().rejected_refreshes,
        1,
        "the dead token is presented once"
    );
}
