//! Admin → Backups over REST: the schedule, the last runs and the kept backups; Back up now
//! and Verify now, each queued as a job (`cardsmith_core::backup::job`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::backup;
use cardsmith_core::Core;
use cardsmith_model::backup::BackupStatusOut;
use cardsmith_model::job::JobIDOutputBody;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, Unauthorized};
use crate::problem::ApiResult;
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(backup_status, back_up_now))
        .routes(routes!(verify_backups))
}

/// The backup schedule (`configured: false` when `CARDSMITH_BACKUP_TO` is not set), the
/// backup and verify running now and the last ones that finished (with their figures), and the
/// backups kept in the target, newest first. A target that cannot be read leaves the list
/// empty with `target_readable: false` (the reason is in the server log).
#[utoipa::path(get, path = "/admin/backups", tag = "admin", operation_id = "admin-backups",
    responses(
        (status = 200, description = "Backups", body = BackupStatusOut),
        Unauthorized,
        Forbidden,
    ))]
pub async fn backup_status(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<BackupStatusOut>> {
    Ok(Json(backup::status::status(&core, &actor).await?))
}

/// Takes a backup now, as a job (`backup.run`; its progress and result at `/jobs/{id}`). A
/// backup already waiting or running is answered instead of queueing a second. 409 when
/// backups are not configured.
#[utoipa::path(post, path = "/admin/backups", tag = "admin", operation_id = "admin-back-up-now",
    responses(
        (status = 202, description = "The backup's job", body = JobIDOutputBody),
        Unauthorized,
        Forbidden,
        Conflict,
    ))]
pub async fn back_up_now(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    let job_id = backup::job::back_up_now(&core, &actor).await?;
    Ok((StatusCode::ACCEPTED, Json(JobIDOutputBody { job_id })))
}

/// Re-reads every object of every kept backup, as a job (`backup.verify`). The job fails,
/// naming the files, when any is missing or damaged (and the admins are mailed). 409 when
/// backups are not configured.
#[utoipa::path(post, path = "/admin/backups/verify", tag = "admin", operation_id = "admin-verify-backups",
    responses(
        (status = 202, description = "The verify's job", body = JobIDOutputBody),
        Unauthorized,
        Forbidden,
        Conflict,
    ))]
pub async fn verify_backups(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    let job_id = backup::job::verify_now(&core, &actor).await?;
    Ok((StatusCode::ACCEPTED, Json(JobIDOutputBody { job_id })))
}
