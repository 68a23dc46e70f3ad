//! Fault injection: the next N matching requests are rate limited, fail, answer slowly, or
//! take effect and then hold their answer back (a crash or a lost connection at the worst
//! moment: the platform did the work, the client never heard). Applied in front of every
//! route except the private admin routes (the router says which prefix: [`Injection`]).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// What happens to a matching request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FaultKind {
    /// 429 with an optional `Retry-After` (seconds).
    #[serde(rename_all = "camelCase")]
    RateLimit { retry_after_secs: Option<u64> },
    /// Any status (usually 5xx) with the platform's error body.
    #[serde(rename_all = "camelCase")]
    Error { status: u16, message: String },
    /// The request is answered normally after a pause.
    #[serde(rename_all = "camelCase")]
    Delay { millis: u64 },
    /// The request is carried out at once, but its answer is sent only after a pause: a client
    /// that dies meanwhile never learns what the platform did (a created card, a rotated token).
    #[serde(rename_all = "camelCase")]
    HoldAnswer { millis: u64 },
}

/// A fault for the next `times` requests whose path starts with `path_prefix` (any path when
/// absent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fault {
    pub kind: FaultKind,
    pub times: u32,
    #[serde(default)]
    pub path_prefix: Option<String>,
}

impl Fault {
    pub fn rate_limit(times: u32, retry_after_secs: Option<u64>) -> Self {
        Self::new(FaultKind::RateLimit { retry_after_secs }, times)
    }

    pub fn error(times: u32, status: u16, message: impl Into<String>) -> Self {
        Self::new(
            FaultKind::Error {
                status,
                message: message.into(),
            },
            times,
        )
    }

    pub fn delay(times: u32, delay: Duration) -> Self {
        Self::new(
            FaultKind::Delay {
                millis: millis(delay),
            },
            times,
        )
    }

    /// The request takes effect at once; its answer leaves after `delay`.
    pub fn hold_answer(times: u32, delay: Duration) -> Self {
        Self::new(
            FaultKind::HoldAnswer {
                millis: millis(delay),
            },
            times,
        )
    }

    /// Only requests whose path starts with `prefix` (e.g. `/content`, `/oauth/token`).
    pub fn on_path(mut self, prefix: impl Into<String>) -> Self {
        self.path_prefix = Some(prefix.into());
        self
    }

    fn new(kind: FaultKind, times: u32) -> Self {
        Self {
            kind,
            times,
            path_prefix: None,
        }
    }
}

fn millis(delay: Duration) -> u64 {
    u64::try_from(delay.as_millis()).unwrap_or(u64::MAX)
}

/// Pending faults, first added first used, and the rate-limit window they opened.
#[derive(Default)]
pub struct Faults(Mutex<FaultState>);

#[derive(Default)]
struct FaultState {
    pending: Vec<Fault>,
    /// A 429 with `Retry-After` keeps limiting until then, like a real limiter.
    limited_until: Option<Instant>,
    counters: FaultCounters,
}

/// What the fault layer answered, for assertions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FaultCounters {
    /// 429 answers sent (queued faults and early retries).
    pub rate_limited: u32,
    /// Requests that came back before the `Retry-After` they were given had passed.
    pub early_retries: u32,
}

/// The decision for one request.
enum Verdict {
    Pass,
    Apply(FaultKind),
    /// Still inside a `Retry-After` window: 429 again with the remaining seconds.
    StillLimited(u64),
}

impl Faults {
    pub fn push(&self, fault: Fault) {
        if fault.times > 0 {
            self.lock().pending.push(fault);
        }
    }

    pub fn clear(&self) {
        let mut state = self.lock();
        state.pending.clear();
        state.limited_until = None;
    }

    pub fn counters(&self) -> FaultCounters {
        self.lock().counters
    }

    /// Uses of queued faults not taken yet (a test waits for a request to have arrived).
    pub fn pending(&self) -> u32 {
        self.lock().pending.iter().map(|f| f.times).sum()
    }

    fn judge(&self, path: &str) -> Verdict {
        let mut state = self.lock();
        let now = Instant::now();
        if let Some(until) = state.limited_until.filter(|until| *until > now) {
            state.counters.early_retries += 1;
            state.counters.rate_limited += 1;
            return Verdict::StillLimited((until - now).as_secs_f64().ceil() as u64);
        }
        let Some(kind) = state.take(path) else {
            return Verdict::Pass;
        };
        if let FaultKind::RateLimit { retry_after_secs } = kind {
            state.counters.rate_limited += 1;
            state.limited_until = retry_after_secs.map(|s| now + Duration::from_secs(s));
        }
        Verdict::Apply(kind)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, FaultState> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl FaultState {
    /// Takes one use of the first fault that matches `path`.
    fn take(&mut self, path: &str) -> Option<FaultKind> {
        let index = self.pending.iter().position(|f| {
            f.path_prefix
                .as_deref()
                .is_none_or(|prefix| path.starts_with(prefix))
        })?;
        let fault = &mut self.pending[index];
        let kind = fault.kind.clone();
        fault.times -= 1;
        if fault.times == 0 {
            self.pending.remove(index);
        }
        Some(kind)
    }
}

/// What the fault middleware needs: the queue of faults, and the path prefix it leaves alone.
#[derive(Clone)]
pub struct Injection {
    pub faults: Arc<Faults>,
    pub exempt_prefix: &'static str,
}

/// Middleware: applies the next matching fault, if any.
pub async fn inject(State(injection): State<Injection>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    if path.starts_with(injection.exempt_prefix) {
        return next.run(request).await;
    }
    match injection.faults.judge(&path) {
        Verdict::Pass => next.run(request).await,
        Verdict::StillLimited(secs) => too_many_requests(Some(secs)),
        Verdict::Apply(FaultKind::Delay { millis }) => {
            tokio::time::sleep(Duration::from_millis(millis)).await;
            next.run(request).await
        }
        Verdict::Apply(FaultKind::HoldAnswer { millis }) => {
            let response = next.run(request).await;
            tokio::time::sleep(Duration::from_millis(millis)).await;
            response
        }
        Verdict::Apply(FaultKind::RateLimit { retry_after_secs }) => {
            too_many_requests(retry_after_secs)
        }
        Verdict::Apply(FaultKind::Error { status, message }) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let code = if status.is_server_error() {
                "internal-server-error"
            } else {
                "error"
            };
            ApiError::new(status, code, message).into_response()
        }
    }
}

fn too_many_requests(retry_after_secs: Option<u64>) -> Response {
    let error = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too-many-requests",
        "Too Many Requests",
    );
    match retry_after_secs {
        Some(secs) => ([(header::RETRY_AFTER, secs.to_string())], error).into_response(),
        None => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_are_used_up_in_order_and_by_path() {
        let mut faults = FaultState::default();
        faults
            .pending
            .push(Fault::error(1, 503, "down").on_path("/content"));
        faults.pending.push(Fault::rate_limit(2, Some(1)));
        assert!(matches!(
            faults.take("/device-v2/devices/mine"),
            Some(FaultKind::RateLimit { .. })
        ));
        assert!(matches!(
            faults.take("/content/mine"),
            Some(FaultKind::Error { status: 503, .. })
        ));
        assert!(matches!(
            faults.take("/content/mine"),
            Some(FaultKind::RateLimit { .. })
        ));
        assert_eq!(faults.take("/content/mine"), None);
    }

    #[test]
    fn faults_deserialize_from_admin_json() {
        let f: Fault = serde_json::from_str(
            r#"{"kind":{"kind":"rateLimit","retryAfterSecs":2},"times":3,"pathPrefix":"/content"}"#,
        )
        .unwrap();
        assert_eq!(f, Fault::rate_limit(3, Some(2)).on_path("/content"));
        let f: Fault = serde_json::from_str(
            r#"{"kind":{"kind":"holdAnswer","millis":500},"times":1,"pathPrefix":"/oauth/token"}"#,
        )
        .unwrap();
        assert_eq!(
            f,
            Fault::hold_answer(1, Duration::from_millis(500)).on_path("/oauth/token")
        );
    }
}
