//! Fault injection: the next N requests on a route answer 401, 429 (with `Retry-After`), any
//! other status, arrive late, or carry an answer too large to accept. Applied in front of
//! every provider route, never the `/_sim` ones.

use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// What happens to a matching request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FaultKind {
    /// 429 with `Retry-After: <secs>` when given.
    #[serde(rename_all = "camelCase")]
    RateLimit { retry_after_secs: Option<u64> },
    /// This status (401, 500, 503, …) with the format's own error body.
    Status { status: u16 },
    /// The request is answered normally after a pause (beyond the client's timeout, say).
    Delay { millis: u64 },
    /// 200 with `bytes` bytes of body that is not what the client asked for; `chunked` sends
    /// it without a `Content-Length`, so only counting while reading catches it.
    Oversized { bytes: u64, chunked: bool },
}

impl FaultKind {
    /// The name the call log shows.
    pub fn name(&self) -> &'static str {
        match self {
            FaultKind::RateLimit { .. } => "rateLimit",
            FaultKind::Status { .. } => "status",
            FaultKind::Delay { .. } => "delay",
            FaultKind::Oversized { .. } => "oversized",
        }
    }
}

/// A fault for the next `times` requests whose path starts with `path_prefix` (any provider
/// route when absent).
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

    pub fn status(times: u32, status: u16) -> Self {
        Self::new(FaultKind::Status { status }, times)
    }

    pub fn unauthorized(times: u32) -> Self {
        Self::status(times, 401)
    }

    pub fn server_error(times: u32) -> Self {
        Self::status(times, 500)
    }

    pub fn delay(times: u32, delay: Duration) -> Self {
        let millis = u64::try_from(delay.as_millis()).unwrap_or(u64::MAX);
        Self::new(FaultKind::Delay { millis }, times)
    }

    pub fn oversized(times: u32, bytes: u64, chunked: bool) -> Self {
        Self::new(FaultKind::Oversized { bytes, chunked }, times)
    }

    /// Only requests whose path starts with `prefix` (`/v1/chat/completions`, `/api/`, …).
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

/// Pending faults, first added first used.
#[derive(Default)]
pub struct Faults(Mutex<Vec<Fault>>);

impl Faults {
    pub fn push(&self, fault: Fault) {
        if fault.times > 0 {
            self.lock().push(fault);
        }
    }

    pub fn clear(&self) {
        self.lock().clear();
    }

    /// Uses of queued faults not taken yet.
    pub fn pending(&self) -> u32 {
        self.lock().iter().map(|f| f.times).sum()
    }

    /// Takes one use of the first fault that matches `path`.
    pub fn take(&self, path: &str) -> Option<FaultKind> {
        let mut pending = self.lock();
        let index = pending.iter().position(|f| {
            f.path_prefix
                .as_deref()
                .is_none_or(|prefix| path.starts_with(prefix))
        })?;
        let fault = &mut pending[index];
        let kind = fault.kind.clone();
        fault.times -= 1;
        if fault.times == 0 {
            pending.remove(index);
        }
        Some(kind)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Fault>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_are_used_up_in_order_and_by_path() {
        let faults = Faults::default();
        faults.push(Fault::server_error(1).on_path("/v1/messages"));
        faults.push(Fault::rate_limit(2, Some(1)));
        assert!(matches!(
            faults.take("/api/chat"),
            Some(FaultKind::RateLimit { .. })
        ));
        assert!(matches!(
            faults.take("/v1/messages"),
            Some(FaultKind::Status { status: 500 })
        ));
        assert!(matches!(
            faults.take("/v1/messages"),
            Some(FaultKind::RateLimit { .. })
        ));
        assert_eq!(faults.take("/v1/messages"), None);
        assert_eq!(faults.pending(), 0);
    }

    #[test]
    fn faults_read_from_admin_json() {
        let f: Fault = serde_json::from_str(
            r#"{"kind":{"kind":"rateLimit","retryAfterSecs":2},"times":3,"pathPrefix":"/v1/chat"}"#,
        )
        .unwrap();
        assert_eq!(f, Fault::rate_limit(3, Some(2)).on_path("/v1/chat"));
        let f: Fault =
            serde_json::from_str(r#"{"kind":{"kind":"status","status":503},"times":1}"#).unwrap();
        assert_eq!(f, Fault::status(1, 503));
    }
}
