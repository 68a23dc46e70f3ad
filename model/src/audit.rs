//! The audit trail as administrators read it (`GET /admin/audit-log`).

use serde::{Deserialize, Serialize};

/// Entries a page holds when the caller names no `limit`.
pub const PAGE_DEFAULT: i64 = 100;
/// The largest `limit` accepted: a page stays one quick query and one readable answer.
pub const PAGE_MAX: i64 = 500;

/// One recorded event. Strings the recorder had no value for are empty, never absent: the
/// system or an anonymous caller has no `actor_id`, a request without a known client has no
/// `ip`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditLogEntryOut {
    pub id: String,
    /// Whom the event is about.
    pub user_id: String,
    /// Who caused it.
    pub actor_id: String,
    /// What happened, `area.verb` (e.g. `auth.login`, `card.created`).
    pub action: String,
    /// Free text naming the object acted on.
    pub detail: String,
    /// The client address of the request that caused it.
    pub ip: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

/// Filters and page of the audit log; every member is optional (empty strings count as
/// absent, so a form can send its blank fields as they are).
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuditLogFilter {
    /// Only events about this user (a user id).
    pub user_id: Option<String>,
    /// Only events with exactly this action.
    pub action: Option<String>,
    /// 1 to [`PAGE_MAX`], default [`PAGE_DEFAULT`].
    pub limit: Option<i64>,
    /// Entries to skip, 0 or more, default 0.
    pub offset: Option<i64>,
}
