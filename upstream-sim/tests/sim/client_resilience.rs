//! Rate limits, server errors and slow answers, seen through the client.

use std::time::Duration;

use cardsmith_upstream::{RetryPolicy, UpstreamError};
use cardsmith_upstream_sim::Fault;

use crate::helpers::*;

#[tokio::test]
async fn a_429_is_retried_after_the_retry_after_the_server_asked_for() {
    let sim = start().await;
    let linked = link(&sim).await;
    sim.rate_limit_next(1, Some(1));
    let devices = linked.account.list_devices().await.unwrap();
    assert!(devices.is_empty());
    let stats = sim.stats();
    assert_eq!(stats.rate_limited, 1);
    // The simulator keeps limiting until Retry-After has passed; an early retry would show here.
    assert_eq!(stats.early_retries, 0);
}

#[tokio::test]
async fn a_429_without_retry_after_backs_off_and_gives_up_after_the_attempt_budget() {
    let sim = start().await;
    let mut config = client_config(&sim);
    config.retry = RetryPolicy {
        max_attempts: 3,
        base_delay: Duration::from_millis(1),
        max_delay: Duration::from_millis(5),
    };
    let linked = link_with(config).await;

    sim.rate_limit_next(2, None);
    linked.account.my_cards(false).await.unwrap();

    sim.rate_limit_next(10, None);
    let error = linked.account.my_cards(false).await.unwrap_err();
    assert_eq!(error.status(), Some(429));
    assert_eq!(
        sim.stats().rate_limited,
        2 + 3,
        "three attempts, then the error"
    );
}

#[tokio::test]
async fn the_token_endpoint_rate_limit_is_retried_too() {
    let sim = start().await;
    let linked = link(&sim).await;
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;
    sim.add_fault(Fault::rate_limit(1, None).on_path("/oauth/token"));
    linked.account.list_devices().await.unwrap();
    assert_eq!(sim.stats().refresh_grants, 1);
}

#[tokio::test]
async fn server_errors_carry_status_and_message() {
    let sim = start().await;
    let linked = link(&sim).await;
    sim.fail_next(1, 503, "Service Unavailable: scheduled maintenance");
    let error = linked.account.my_cards(false).await.unwrap_err();
    match &error {
        UpstreamError::Api {
            status,
            code,
            message,
        } => {
            assert_eq!(*status, 503);
            assert_eq!(code.as_deref(), Some("internal-server-error"));
            assert_eq!(message, "Service Unavailable: scheduled maintenance");
        }
        other => panic!("expected an API error, got {other:?}"),
    }
    assert!(error.to_string().contains("503"));

    let missing = linked.account.card("zzzzz").await.unwrap_err();
    assert!(missing.is_not_found());
    assert!(missing.to_string().contains("Card zzzzz does not exist."));
}

#[tokio::test]
async fn a_refresh_that_hits_a_server_error_keeps_the_link() {
    let sim = start().await;
    let linked = link(&sim).await;
    linked.store.age(&linked.key);
    linked.account.forget_cached_tokens().await;
    sim.add_fault(Fault::error(1, 502, "bad gateway").on_path("/oauth/token"));

    let error = linked.account.list_devices().await.unwrap_err();
    assert_eq!(error.status(), Some(502));
    assert!(!error.needs_relink());
    linked.account.list_devices().await.unwrap();
    assert_eq!(sim.stats().refresh_grants, 1);
}

#[tokio::test]
async fn a_slow_answer_times_out_as_a_transport_error() {
    let sim = start().await;
    let mut config = client_config(&sim);
    config.request_timeout = Duration::from_millis(100);
    let linked = link_with(config).await;
    sim.add_fault(Fault::delay(1, Duration::from_secs(5)).on_path("/content"));
    let error = linked.account.my_cards(false).await.unwrap_err();
    assert!(matches!(error, UpstreamError::Transport(_)), "{error:?}");
    linked.account.my_cards(false).await.unwrap();
}
