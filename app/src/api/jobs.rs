//! The admin's Jobs page: the same service calls as `GET /admin/jobs` and
//! `DELETE /admin/jobs/{id}`, and Retry, which only the page offers (the REST API's list of
//! operations is a fixed contract).

use cardsmith_model::job::{AdminJobDetail, JobFilter};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// One page of everyone's jobs, newest first (admins only).
#[server(prefix = "/rpc", endpoint = "admin_jobs", input = Json)]
pub async fn admin_jobs(filter: JobFilter) -> Result<Vec<AdminJobDetail>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::jobs::service::admin_overview(&core, &actor, filter).await?)
}

/// Stops a queued or running job.
#[server(prefix = "/rpc", endpoint = "admin_cancel_job")]
pub async fn admin_cancel_job(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::jobs::service::admin_cancel(&core, &actor, &id).await?)
}

/// Queues a failed or cancelled job again as a new job; answers the new job's id.
#[server(prefix = "/rpc", endpoint = "admin_retry_job")]
pub async fn admin_retry_job(id: String) -> Result<String, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::jobs::service::admin_retry(&core, &actor, &id).await?)
}
