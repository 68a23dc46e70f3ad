//! The documented REST API, served under `/api`. Each resource module owns its routes.

pub mod admin_users;
pub mod auth;
pub mod system;

use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn;
use axum::Router;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::openapi::{self, ApiDoc};
use crate::problem::{api_not_found, problems_only};
use crate::state::{AppState, HttpSettings};

/// The `/api` router and the OpenAPI document generated from the same handlers.
pub fn router(http: &HttpSettings) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(system::router())
        .merge(auth::router())
        .merge(admin_users::router())
        .split_for_parts();
    let router = router
        .merge(openapi::docs_router())
        .fallback(api_not_found)
        .layer(DefaultBodyLimit::max(http.max_json_bytes))
        .layer(from_fn(problems_only));
    (router, doc)
}
