//! The audit log, read by administrators a page at a time.

use axum::extract::State;
use axum::Json;
use cardsmith_core::{audit, Core};
use cardsmith_model::audit::{AuditLogEntryOut, AuditLogFilter};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, Unauthorized, Unprocessable};
use crate::problem::{ApiQuery, ApiResult};
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_audit_log))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditLogQuery {
    /// Only events about this user: a user id (a hyphenated UUID); empty: everyone's.
    /// Anything else is a 422.
    #[param(
        pattern = "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$"
    )]
    pub user_id: Option<String>,
    /// Only events with exactly this action, e.g. `auth.login`.
    pub action: Option<String>,
    /// Entries in the page, 1 to 500; default 100.
    #[param(minimum = 1, maximum = 500, default = 100)]
    pub limit: Option<i64>,
    /// Entries to skip, 0 or more; default 0.
    #[param(minimum = 0, default = 0)]
    pub offset: Option<i64>,
}

/// Recorded events, newest first (by time, then id), filtered by whom they concern
/// (`user_id`) and `action`, one page of `limit` entries after skipping `offset` (admin).
/// The next page is the same filters with `offset + limit`; a page shorter than `limit` is
/// the last. An unknown action or user gives an empty page. Empty strings in an entry mean
/// no value (the system acted, or the client address was unknown).
#[utoipa::path(get, path = "/admin/audit-log", tag = "admin", operation_id = "admin-audit-log",
    params(AuditLogQuery),
    responses((status = 200, body = Vec<AuditLogEntryOut>), Unauthorized, Forbidden,
        Unprocessable))]
pub async fn list_audit_log(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiQuery(q): ApiQuery<AuditLogQuery>,
) -> ApiResult<Json<Vec<AuditLogEntryOut>>> {
    let filter = AuditLogFilter {
        user_id: q.user_id,
        action: q.action,
        limit: q.limit,
        offset: q.offset,
    };
    Ok(Json(audit::list(&core, &actor, filter).await?))
}
