//! Background jobs: people follow their own (`progress` for progress bars); administrators
//! list everyone's and cancel. Also the library rescan, which is itself a job.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::jobs::service::{self, JobFilter};
use cardsmith_core::media::rescan;
use cardsmith_core::Core;
use cardsmith_model::job::{AdminJobOut, JobOut};
use cardsmith_model::system::MessageOutputBody;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_jobs))
        .routes(routes!(get_job))
        .routes(routes!(admin_list_jobs))
        .routes(routes!(admin_cancel_job))
        .routes(routes!(rescan_library))
}

/// The caller's jobs, newest first (the last 200). `status`: queued, running, succeeded,
/// failed or cancelled; a failed job's `error` says why.
#[utoipa::path(get, path = "/jobs", tag = "jobs", operation_id = "list-jobs",
    responses((status = 200, body = Vec<JobOut>), Unauthorized))]
pub async fn list_jobs(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<JobOut>>> {
    Ok(Json(service::list_mine(&core, &actor).await?))
}

/// One of the caller's jobs; poll it for `status`, `progress` and `result`.
#[utoipa::path(get, path = "/jobs/{id}", tag = "jobs", operation_id = "get-job",
    params(("id" = String, Path)),
    responses((status = 200, body = JobOut), Unauthorized,
        NotFound))]
pub async fn get_job(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<JobOut>> {
    Ok(Json(service::get(&core, &actor, &id).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminJobsQuery {
    pub status: Option<String>,
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: Option<String>,
    /// 1 to 500, default 100.
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<i64>,
    /// Jobs to skip, default 0.
    #[param(minimum = 0)]
    pub offset: Option<i64>,
}

/// Everyone's jobs, newest first, filtered by `status` and `type` (admin).
#[utoipa::path(get, path = "/admin/jobs", tag = "admin", operation_id = "admin-list-jobs",
    params(AdminJobsQuery),
    responses((status = 200, body = Vec<AdminJobOut>), Unauthorized,
        Forbidden, Unprocessable))]
pub async fn admin_list_jobs(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiQuery(q): ApiQuery<AdminJobsQuery>,
) -> ApiResult<Json<Vec<AdminJobOut>>> {
    let filter = JobFilter {
        status: q.status,
        kind: q.kind,
        limit: q.limit,
        offset: q.offset,
    };
    Ok(Json(service::admin_list(&core, &actor, filter).await?))
}

/// Cancels a queued or running job (admin); a running one is stopped at once. A finished job
/// is a 409.
#[utoipa::path(delete, path = "/admin/jobs/{id}", tag = "admin", operation_id = "admin-cancel-job",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict))]
pub async fn admin_cancel_job(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    service::admin_cancel(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Reconciles the database with the media directory, as a job (its `result` is the report):
/// tracks whose original is missing are marked failed, missing or stuck transcodes are queued
/// again, unreferenced media files and stale temporary files are removed. Any signed-in
/// user may ask (it only repairs; nothing referenced is ever removed).
#[utoipa::path(post, path = "/library/rescan", tag = "admin", operation_id = "rescan-library",
    responses((status = 202, body = MessageOutputBody), Unauthorized))]
pub async fn rescan_library(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<(StatusCode, Json<MessageOutputBody>)> {
    let job = rescan::queue(&core, &actor).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(MessageOutputBody::new(format!(
            "rescan queued as job {job}"
        ))),
    ))
}
