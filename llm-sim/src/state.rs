//! What a running simulator holds: the accepted key, queued faults and scripted replies, the
//! call log, and the pictures it handed out as temporary URLs (Ideogram).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use serde::{Deserialize, Serialize};

use crate::faults::Faults;

/// The key every keyed format accepts until a test changes it.
pub const DEFAULT_API_KEY: &str = "sim-key";
/// Temporary pictures kept for download; older ones are gone, as on the real service.
const KEPT_IMAGES: usize = 32;

/// A provider wire format the simulator speaks (OpenAI-compatible servers use `openai`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    OpenAi,
    Anthropic,
    Gemini,
    Ideogram,
    ElevenLabs,
    Ollama,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::OpenAi => "openai",
            Format::Anthropic => "anthropic",
            Format::Gemini => "gemini",
            Format::Ideogram => "ideogram",
            Format::ElevenLabs => "elevenlabs",
            Format::Ollama => "ollama",
        }
    }
}

/// What a call consumed, as the simulator reported it in the answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub images: u32,
    pub characters: u64,
}

/// One request the simulator received, in arrival order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub format: Format,
    pub method: String,
    /// The path without the query (`/v1/chat/completions`).
    pub path: String,
    /// The model asked for, when the request named one and got as far as a handler.
    pub model: Option<String>,
    pub status: u16,
    /// Zero for anything that did not succeed.
    pub usage: Usage,
    /// The key as the request carried it in the format's auth header (or Gemini's `key`
    /// query parameter); `None` when it carried none.
    pub key: Option<String>,
    /// The injected fault that answered instead of the service (`rateLimit`, `status`,
    /// `oversized`), or that delayed it (`delay`).
    pub fault: Option<String>,
}

/// A scripted text reply: the next text call of `format` (any format when `None`) answers
/// `text` instead of the deterministic reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScriptedReply {
    #[serde(default)]
    pub format: Option<Format>,
    pub text: String,
}

#[derive(Default)]
struct Replies {
    by_format: HashMap<Format, VecDeque<String>>,
    any: VecDeque<String>,
}

pub struct Shared {
    pub base_url: String,
    pub faults: Faults,
    api_key: Mutex<String>,
    replies: Mutex<Replies>,
    calls: Mutex<Vec<Call>>,
    images: Mutex<VecDeque<(String, Vec<u8>)>>,
    next_image: std::sync::atomic::AtomicU64,
}

pub type SharedState = Arc<Shared>;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    pub fn new(base_url: String) -> Self {
        Self {
            base_url,
            faults: Faults::default(),
            api_key: Mutex::new(DEFAULT_API_KEY.to_owned()),
            replies: Mutex::default(),
            calls: Mutex::default(),
            images: Mutex::default(),
            next_image: 1.into(),
        }
    }

    pub fn api_key(&self) -> String {
        lock(&self.api_key).clone()
    }

    pub fn set_api_key(&self, key: String) {
        *lock(&self.api_key) = key;
    }

    pub fn queue_reply(&self, reply: ScriptedReply) {
        let mut replies = lock(&self.replies);
        match reply.format {
            Some(format) => replies
                .by_format
                .entry(format)
                .or_default()
                .push_back(reply.text),
            None => replies.any.push_back(reply.text),
        }
    }

    /// The next scripted reply for `format`: its own queue first, then the shared one.
    pub fn take_reply(&self, format: Format) -> Option<String> {
        let mut replies = lock(&self.replies);
        replies
            .by_format
            .get_mut(&format)
            .and_then(VecDeque::pop_front)
            .or_else(|| replies.any.pop_front())
    }

    pub fn record(&self, call: Call) {
        lock(&self.calls).push(call);
    }

    pub fn calls(&self) -> Vec<Call> {
        lock(&self.calls).clone()
    }

    pub fn clear_calls(&self) {
        lock(&self.calls).clear();
    }

    /// Keeps `png` for download; answers its path.
    pub fn keep_image(&self, png: Vec<u8>) -> String {
        let id = self
            .next_image
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = format!("/ideogram/ephemeral/{id}.png");
        let mut images = lock(&self.images);
        images.push_back((path.clone(), png));
        while images.len() > KEPT_IMAGES {
            images.pop_front();
        }
        path
    }

    pub fn image(&self, path: &str) -> Option<Vec<u8>> {
        lock(&self.images)
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, png)| png.clone())
    }

    /// Everything back to how it started (key, faults, replies, calls, pictures).
    pub fn reset(&self) {
        self.set_api_key(DEFAULT_API_KEY.to_owned());
        self.faults.clear();
        *lock(&self.replies) = Replies::default();
        self.clear_calls();
        lock(&self.images).clear();
    }
}
