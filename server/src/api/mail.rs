//! The mail outbox for administrators: every message the instance queued (password resets,
//! verifications, invitations), how far its delivery got, its bodies, and re-sending. Not in
//! the service spec: Cardsmith's own addition, so a self-hoster without SMTP still gets the
//! links the mails carry.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::{mail, Core};
use cardsmith_model::mail::{
    MailFilter, MailMessageDetailOut, MailMessageOut, MailPageOut, MailStatus,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiPath, ApiQuery, ApiResult};
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_mail))
        .routes(routes!(get_mail))
        .routes(routes!(resend_mail))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MailQuery {
    /// Only messages with this status.
    #[param(inline)]
    pub status: Option<MailStatus>,
    /// Messages in the page, 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200, default = 50)]
    pub limit: Option<i64>,
    /// Messages to skip, 0 or more; default 0.
    #[param(minimum = 0, default = 0)]
    pub offset: Option<i64>,
}

/// The messages this instance queued, newest first (by time, then id), optionally only those
/// with one `status`, a page of `limit` after skipping `offset` (admin). `total` counts every
/// match; `delivery` says how mail goes out now: `smtp` (`CARDSMITH_SMTP_URL`) or `outbox`
/// (none configured: each message is written to `DATA_DIR/outbox/<id>.eml` and reads
/// `outbox`). A message reads `queued` until it is delivered, however many attempts fail
/// (`attempts`, `last_error`); after the last of 20 it reads `failed`.
#[utoipa::path(get, path = "/admin/mail", tag = "admin", operation_id = "admin-list-mail",
    params(MailQuery),
    responses((status = 200, description = "A page of messages", body = MailPageOut),
        Unauthorized, Forbidden, Unprocessable))]
pub async fn list_mail(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiQuery(q): ApiQuery<MailQuery>,
) -> ApiResult<Json<MailPageOut>> {
    let filter = MailFilter {
        status: q.status,
        limit: q.limit,
        offset: q.offset,
    };
    Ok(Json(mail::admin::list(&core, &actor, filter).await?))
}

/// One message with its plain-text and HTML bodies (admin): what the recipient gets, links
/// included.
#[utoipa::path(get, path = "/admin/mail/{id}", tag = "admin", operation_id = "admin-get-mail",
    params(("id" = String, Path, description = "Message id")),
    responses((status = 200, description = "The message", body = MailMessageDetailOut),
        Unauthorized, Forbidden, NotFound))]
pub async fn get_mail(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<MailMessageDetailOut>> {
    Ok(Json(mail::admin::get(&core, &actor, &id).await?))
}

/// Queues a `failed` message, or one in the `outbox` (to send it once SMTP is configured), for
/// delivery again with a fresh set of attempts (admin; audited as `mail.resent`). The answer
/// is the message, now `queued`. A message still queued or already sent is a 409: it is never
/// sent twice by accident.
#[utoipa::path(post, path = "/admin/mail/{id}/resend", tag = "admin", operation_id = "admin-resend-mail",
    params(("id" = String, Path, description = "Message id")),
    responses((status = 202, description = "Queued for delivery again", body = MailMessageOut),
        Unauthorized, Forbidden, NotFound, Conflict))]
pub async fn resend_mail(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<(StatusCode, Json<MailMessageOut>)> {
    let message = mail::admin::resend(&core, &actor, &id).await?;
    Ok((StatusCode::ACCEPTED, Json(message)))
}
