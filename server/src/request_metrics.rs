//! Middleware counting every answered request, with its latency, by route template, method
//! and status class (`cardsmith_core::metrics::http`).
//!
//! The route label is axum's [`MatchedPath`] (`/api/cards/{slug}`), never the path the client
//! sent, so clients cannot grow the label set; requests no route matched share one label.
//!
//! Cheap on the request path: `Router::layer` wraps each route's service separately, so each
//! service keeps the series of its own route after the first request (a `OnceLock`, checked
//! against the template in case a service ever serves several). Recording is then two relaxed
//! atomic additions; no lock, no allocation besides the boxed future every layer here has.
//! The time runs from the request's arrival to the response head (a streamed body is not
//! waited for); a request whose client left before the answer is not counted.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::response::Response;
use cardsmith_core::metrics::http::RouteSeries;
use cardsmith_core::metrics::Metrics;

/// The layer: add it to the router after every route (see `startup::router`).
#[derive(Clone)]
pub struct Layer {
    metrics: Arc<Metrics>,
}

impl Layer {
    pub fn new(metrics: Arc<Metrics>) -> Self {
        Self { metrics }
    }
}

impl<S> tower::Layer<S> for Layer {
    type Service = Service<S>;

    fn layer(&self, inner: S) -> Service<S> {
        Service {
            inner,
            metrics: self.metrics.clone(),
            route: Arc::new(OnceLock::new()),
        }
    }
}

/// One route's service, wrapped.
#[derive(Clone)]
pub struct Service<S> {
    inner: S,
    metrics: Arc<Metrics>,
    /// The template this service serves and its series, found on its first request.
    route: Arc<OnceLock<(Box<str>, Arc<RouteSeries>)>>,
}

impl<S> Service<S> {
    fn series(&self, matched: Option<&MatchedPath>) -> Arc<RouteSeries> {
        let Some(template) = matched.map(MatchedPath::as_str) else {
            return self.metrics.http.unmatched();
        };
        if let Some((_, series)) = self.route.get().filter(|(t, _)| **t == *template) {
            return series.clone();
        }
        // axum names the catch-all of a nested router's fallback with a private parameter:
        // that is "no route matched" too
        let series = if template.contains("{*__private__") {
            self.metrics.http.unmatched()
        } else {
            self.metrics.http.route(template)
        };
        let _ = self.route.set((template.into(), series.clone()));
        series
    }
}

impl<S> tower::Service<Request> for Service<S>
where
    S: tower::Service<Request, Response = Response> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let series = self.series(request.extensions().get::<MatchedPath>());
        let method = request.method().clone();
        let started = Instant::now();
        let answer = self.inner.call(request);
        Box::pin(async move {
            let response = answer.await?;
            series.observe(
                method.as_str(),
                response.status().as_u16(),
                started.elapsed(),
            );
            Ok(response)
        })
    }
}
