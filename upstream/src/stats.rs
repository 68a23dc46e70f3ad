//! How many requests this process sent to the platform, by target and outcome, for the
//! embedding service's metrics.
//!
//! Counted per HTTP attempt (a 429 waited out and retried counts twice) where requests are
//! sent: [`crate::transport`] for the API host and pre-signed storage URLs, the token client
//! for the auth host, and the reachability ping. The counters are process-wide atomics, like a
//! process's own CPU figures: a process has one platform client, and recording must stay a
//! single relaxed addition with nothing to pass around.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Which of the platform's hosts a request went to (the `target` label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The API host (`api_url`): typed calls and the reachability ping.
    Api,
    /// The auth host (`auth_url`): code exchange and token refresh.
    Auth,
    /// Pre-signed storage URLs: audio, cover and icon uploads and downloads.
    Storage,
}

/// How a request ended (the `outcome` label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Answered 1xx-3xx.
    Ok,
    /// Answered 4xx other than 429.
    ClientError,
    /// Answered 429.
    RateLimited,
    /// Answered 5xx.
    ServerError,
    /// No answer: refused, reset, timed out, TLS failure.
    TransportError,
}

impl Target {
    pub const ALL: [Target; 3] = [Target::Api, Target::Auth, Target::Storage];

    pub fn label(self) -> &'static str {
        match self {
            Self::Api => "api",
            Self::Auth => "auth",
            Self::Storage => "storage",
        }
    }
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Ok,
        Outcome::ClientError,
        Outcome::RateLimited,
        Outcome::ServerError,
        Outcome::TransportError,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::ClientError => "client_error",
            Self::RateLimited => "rate_limited",
            Self::ServerError => "server_error",
            Self::TransportError => "transport_error",
        }
    }

    /// The outcome of an answer with `status`.
    pub fn of_status(status: u16) -> Self {
        match status {
            429 => Self::RateLimited,
            400..=499 => Self::ClientError,
            500.. => Self::ServerError,
            _ => Self::Ok,
        }
    }
}

// templates for the array below only (a `static` array of atomics needs `const` elements)
#[allow(clippy::declare_interior_mutable_const)]
const ZERO: AtomicU64 = AtomicU64::new(0);
#[allow(clippy::declare_interior_mutable_const)]
const ROW: [AtomicU64; Outcome::ALL.len()] = [ZERO; Outcome::ALL.len()];
static CALLS: [[AtomicU64; Outcome::ALL.len()]; Target::ALL.len()] = [ROW; Target::ALL.len()];

/// Counts one request to `target`: its status, or `None` when no answer came.
pub(crate) fn record(target: Target, status: Option<u16>) {
    let outcome = status.map_or(Outcome::TransportError, Outcome::of_status);
    CALLS[target as usize][outcome as usize].fetch_add(1, Relaxed);
}

/// Every (target, outcome) with its count so far, zeros included, in a fixed order.
pub fn calls() -> Vec<(Target, Outcome, u64)> {
    Target::ALL
        .iter()
        .flat_map(|t| {
            Outcome::ALL
                .iter()
                .map(move |o| (*t, *o, CALLS[*t as usize][*o as usize].load(Relaxed)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_outcomes_and_are_counted() {
        assert_eq!(Outcome::of_status(204), Outcome::Ok);
        assert_eq!(Outcome::of_status(304), Outcome::Ok);
        assert_eq!(Outcome::of_status(404), Outcome::ClientError);
        assert_eq!(Outcome::of_status(429), Outcome::RateLimited);
        assert_eq!(Outcome::of_status(503), Outcome::ServerError);
        let count = |t, o| {
            calls()
                .into_iter()
                .find(|(ct, co, _)| *ct == t && *co == o)
                .unwrap()
                .2
        };
        let before = count(Target::Storage, Outcome::TransportError);
        record(Target::Storage, None);
        assert_eq!(count(Target::Storage, Outcome::TransportError), before + 1);
        assert_eq!(calls().len(), 15);
    }
}
