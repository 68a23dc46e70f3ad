//! `GET /admin/health`: the administrator's dashboard of dependency checks, with figures.

use axum::extract::State;
use axum::Json;
use cardsmith_core::Core;
use cardsmith_model::health::AdminHealthOutputBody;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, Unauthorized};
use crate::problem::ApiResult;
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_health))
}

/// Checks every dependency at once: the database (the `/ready` round trip), free space in the
/// data dir (`free_bytes`/`total_bytes`; `failed` below 100 MiB free), `ffmpeg` and `ffprobe`
/// (`version`), the job queue (`jobs.queued`, `jobs.oldest_queued_age_s`) and, when a player
/// platform is configured, whether its API host answers (else `skipped`). Each check has its
/// own time limit (3 s; 2 s for the platform), so a hung dependency reads `failed` instead of
/// hanging this call. `status` is `ok` when no check failed, else `degraded`; the answer is
/// 200 either way. Failure reasons are logged, never returned.
#[utoipa::path(get, path = "/admin/health", tag = "admin", operation_id = "admin-health",
    responses(
        (status = 200, description = "The checks and the instance's counts", body = AdminHealthOutputBody),
        Unauthorized,
        Forbidden,
    ))]
pub async fn admin_health(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<AdminHealthOutputBody>> {
    Ok(Json(cardsmith_core::health::report(&core, &actor).await?))
}
