//! Liveness and readiness probes.

use axum::extract::State;
use axum::Json;
use cardsmith_core::Core;
use cardsmith_model::system::{HealthOutputBody, ReadyOutputBody};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::{ApiError, ApiResult};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(ready))
}

/// The process is up. Also served at `/health` for probes.
#[utoipa::path(get, path = "/health", tag = "admin", operation_id = "health",
    responses((status = 200, description = "The process answers", body = HealthOutputBody)))]
pub async fn health() -> Json<HealthOutputBody> {
    Json(HealthOutputBody {
        status: "ok".into(),
    })
}

/// The database answers a round trip. Also served at `/ready` for probes.
#[utoipa::path(get, path = "/ready", tag = "admin", operation_id = "ready",
    responses(
        (status = 200, description = "Ready to serve", body = ReadyOutputBody),
        (status = 503, description = "The database does not answer", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn ready(State(core): State<Core>) -> ApiResult<Json<ReadyOutputBody>> {
    core.db.ping().await.map_err(|e| {
        tracing::error!(error = %e, "readiness: database ping failed");
        ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "the database does not answer",
        )
    })?;
    Ok(Json(ReadyOutputBody { db: "ok".into() }))
}
