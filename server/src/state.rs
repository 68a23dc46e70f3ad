//! What every request handler can reach.

use std::sync::Arc;

use axum::extract::FromRef;
use cardsmith_core::Core;
use leptos::config::LeptosOptions;

#[derive(Clone, FromRef)]
pub struct AppState {
    /// Leptos needs its options in the router state to render pages and serve assets.
    pub leptos_options: LeptosOptions,
    pub core: Core,
    pub http: Arc<HttpSettings>,
}

/// Settings of the HTTP layer itself.
#[derive(Debug, Clone)]
pub struct HttpSettings {
    /// `scheme://host[:port]` of the public URL; the one origin allowed to make writes.
    pub public_origin: String,
    pub max_json_bytes: usize,
    pub max_image_bytes: usize,
    pub max_audio_bytes: u64,
    /// CSP `img-src` sources besides `'self'` (`security_headers::image_sources`).
    pub image_sources: String,
}
