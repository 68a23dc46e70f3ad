//! Starting a simulator: the whole platform as one router (every host's routes, the private
//! admin routes, fault injection in front of all but those) served on one local port.
//! Steering a running one is [`SimHandle`]'s job.

use std::net::SocketAddr;
use std::ops::Deref;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::Router;
use tokio::sync::oneshot;
use url::Url;

use crate::config::SimConfig;
use crate::error::ApiError;
use crate::handle::SimHandle;
use crate::state::{Account, Shared, SharedState, World};
use crate::{admin, audio, content, devices, family, faults, images, oauth, seed, storage};

/// A running simulator. Dropping it stops the server.
pub struct Simulator {
    handle: SimHandle,
    addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
}

impl Simulator {
    /// Binds `config.bind` (127.0.0.1:0 by default) and serves the auth host, the API host and
    /// storage on that one address. Starts with one account (`parent@example.com`), signed in.
    pub async fn start(config: SimConfig) -> std::io::Result<Self> {
        if let Some(url) = &config.public_url {
            Url::parse(url).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!("public URL {url}: {e}"),
                )
            })?;
        }
        let listener = tokio::net::TcpListener::bind(config.bind).await?;
        let addr = listener.local_addr()?;
        let base_url = match &config.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{addr}"),
        };
        let mut world = World::new(Account::new("parent@example.com"));
        world.public_icons = seed::public_icon_docs(&base_url);
        let shared = Arc::new(Shared::new(config, base_url, world));
        let app = router(shared.clone());
        let (shutdown, stopped) = oneshot::channel::<()>();
        tokio::spawn(async move {
            let serve = axum::serve(listener, app).with_graceful_shutdown(async {
                let _ = stopped.await;
            });
            if let Err(e) = serve.await {
                tracing::error!(error = %e, "upstream simulator stopped");
            }
        });
        Ok(Self {
            handle: SimHandle::from_shared(shared),
            addr,
            shutdown: Some(shutdown),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn handle(&self) -> SimHandle {
        self.handle.clone()
    }
}

impl Deref for Simulator {
    type Target = SimHandle;

    fn deref(&self) -> &SimHandle {
        &self.handle
    }
}

impl Drop for Simulator {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

/// The whole simulated platform as one router.
pub fn router(shared: SharedState) -> Router {
    let limit = shared.config.max_upload_bytes;
    Router::new()
        .merge(oauth::routes())
        .merge(devices::routes())
        .merge(content::routes())
        .merge(audio::routes())
        .merge(images::routes())
        .merge(family::routes())
        .merge(storage::routes())
        .merge(admin::routes())
        .fallback(|| async { ApiError::not_found("Not Found") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                axum::http::StatusCode::METHOD_NOT_ALLOWED,
                "method-not-allowed",
                "Method Not Allowed",
            )
        })
        .layer(middleware::from_fn_with_state(
            faults::Injection {
                faults: shared.faults.clone(),
                exempt_prefix: admin::PREFIX,
            },
            faults::inject,
        ))
        .layer(DefaultBodyLimit::max(limit))
        .with_state(shared)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_paths_do_not_collide_with_api_paths() {
        for path in [
            storage::UPLOAD_PATH,
            storage::SECURE_MEDIA_PATH,
            admin::PREFIX,
        ] {
            assert!(!path.starts_with("/content") && !path.starts_with("/media"));
        }
    }
}
