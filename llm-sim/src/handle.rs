//! Steering a running simulator from a test (or a demo server): where it is, which key it
//! accepts, faults, scripted replies, the call log.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;
use url::Url;

use crate::faults::Fault;
use crate::state::{Call, Format, ScriptedReply, SharedState};

/// Stops the server when the last handle goes.
pub(crate) struct Guard(Mutex<Option<oneshot::Sender<()>>>);

impl Guard {
    pub(crate) fn new(shutdown: oneshot::Sender<()>) -> Self {
        Self(Mutex::new(Some(shutdown)))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(shutdown) = self.0.get_mut().ok().and_then(Option::take) {
            let _ = shutdown.send(());
        }
    }
}

/// A running simulator; cheap to clone. The server stops when the last clone is dropped,
/// unless [`SimHandle::keep_running`] was called.
#[derive(Clone)]
pub struct SimHandle {
    shared: SharedState,
    addr: SocketAddr,
    guard: Arc<Guard>,
}

impl SimHandle {
    pub(crate) fn new(shared: SharedState, addr: SocketAddr, guard: Guard) -> Self {
        Self {
            shared,
            addr,
            guard: Arc::new(guard),
        }
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The base URL of every format (`http://127.0.0.1:<port>`, no trailing slash): what an
    /// endpoint's `base_url` is set to.
    pub fn base_url(&self) -> &str {
        &self.shared.base_url
    }

    /// [`Self::base_url`] parsed.
    pub fn url(&self) -> Url {
        Url::parse(&self.shared.base_url).expect("the simulator's base URL is valid")
    }

    /// The key every keyed format accepts (`sim-key` at first).
    pub fn api_key(&self) -> String {
        self.shared.api_key()
    }

    pub fn set_api_key(&self, key: impl Into<String>) {
        self.shared.set_api_key(key.into());
    }

    /// Queues a fault (see [`Fault`]'s constructors and `on_path`).
    pub fn fault(&self, fault: Fault) {
        self.shared.faults.push(fault);
    }

    pub fn clear_faults(&self) {
        self.shared.faults.clear();
    }

    /// Uses of queued faults not taken yet.
    pub fn pending_faults(&self) -> u32 {
        self.shared.faults.pending()
    }

    /// The next text call of `format` answers `text`.
    pub fn queue_reply(&self, format: Format, text: impl Into<String>) {
        self.shared.queue_reply(ScriptedReply {
            format: Some(format),
            text: text.into(),
        });
    }

    /// The next text call of any format (after that format's own queue) answers `text`: for
    /// tests that do not care which provider of a cascade writes.
    pub fn queue_any_reply(&self, text: impl Into<String>) {
        self.shared.queue_reply(ScriptedReply {
            format: None,
            text: text.into(),
        });
    }

    /// Every request received so far, in order.
    pub fn calls(&self) -> Vec<Call> {
        self.shared.calls()
    }

    pub fn clear_calls(&self) {
        self.shared.clear_calls();
    }

    /// Key, faults, replies, calls and pictures back to the start.
    pub fn reset(&self) {
        self.shared.reset();
    }

    /// Lets the server run until the process (or its runtime) ends, handle or no handle:
    /// for a demo server that only needs the URL.
    pub fn keep_running(self) {
        std::mem::forget(self.guard.clone());
    }
}
