//! The admin's audit log: the same pages as `GET /admin/audit-log`.

use cardsmith_model::audit::{AuditLogEntryOut, AuditLogFilter};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// One page of the log, newest first (admins only, like the REST door).
#[server(prefix = "/rpc", endpoint = "admin_audit_log", input = Json)]
pub async fn admin_audit_log(filter: AuditLogFilter) -> Result<Vec<AuditLogEntryOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::audit::list(&core, &actor, filter).await?)
}
