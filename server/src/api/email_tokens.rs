//! Links that act on an account without a session: password reset and email verification,
//! and the admin's actions on them. Calls `core/src/users/{recovery,verification}.rs`.

use crate::locale::Language;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::users::{recovery, verification};
use cardsmith_core::Core;
use cardsmith_model::recovery::{
    AdminResetPasswordOutputBody, ForgotPasswordInput, ResetPasswordInput, VerifyEmailInput,
};
use cardsmith_model::system::MessageOutputBody;
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, TooManyRequests, Unauthorized};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::{AdminCaller, ClientAddr};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
        .routes(routes!(admin_reset_password))
        .routes(routes!(admin_verify_email))
}

/// Mails a password reset link to the account with this email, if there is one. The answer
/// is the same 200 whether or not the email has an account (and for deactivated accounts,
/// accounts without a password, and accounts that were sent 5 reset mails in the last hour,
/// which get nothing), so nobody can find out who has an account. The link works once, for
/// 1 hour. Requests are rate-limited per client address (10 a minute) and per email from one
/// address (3 a minute): 429 with `Retry-After` beyond. Without an SMTP server the mail is
/// written to the outbox an admin reads.
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", operation_id = "forgot-password",
    request_body = ForgotPasswordInput,
    responses(
        (status = 200, description = "The same answer whether or not an account has this email", body = MessageOutputBody),
        (status = 422, description = "The email is missing or not an email address", body = Problem, content_type = "application/problem+json"),
        TooManyRequests,
    ))]
pub async fn forgot_password(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    Language(locale): Language,
    ApiJson(input): ApiJson<ForgotPasswordInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    recovery::forgot_password(&core, input, client, locale).await?;
    Ok(Json(MessageOutputBody::new(
        recovery::forgot_password_message(locale),
    )))
}

/// Sets a new password with the token of a reset link (from the mail, or from an admin). The
/// token works once and for 1 hour; it is stored only hashed. A reset ends every session of
/// the account (sign in again with the new password), clears its sign-in lockouts, and makes
/// the account's other reset links useless. A token that is unknown, used or expired is a 422
/// whose error on `/token` says which.
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth", operation_id = "reset-password",
    request_body = ResetPasswordInput,
    responses(
        (status = 200, description = "Password set; every session of the account ended", body = MessageOutputBody),
        (status = 422, description = "The token is unknown, used or expired, or the new password is too short or long", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn reset_password(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<ResetPasswordInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    recovery::reset_password(&core, input, client).await?;
    Ok(Json(MessageOutputBody::new(
        "your password is set; sign in with it (every other session was signed out)",
    )))
}

/// Confirms an account's email with the token of a verification link. The token works once
/// and for 48 hours; it is stored only hashed. Accounts created by an admin start unverified
/// and are mailed such a link. Unverified accounts may still sign in: an admin created them
/// and vouches for them, and refusing them would lock everybody out of an instance without
/// mail; the app shows them a notice instead. A token that is unknown, used or expired is a
/// 422 whose error on `/token` says which.
#[utoipa::path(post, path = "/auth/verify-email", tag = "auth", operation_id = "verify-email",
    request_body = VerifyEmailInput,
    responses(
        (status = 200, description = "Email verified", body = MessageOutputBody),
        (status = 422, description = "The token is unknown, used or expired", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn verify_email(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<VerifyEmailInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    verification::verify_email(&core, input, client).await?;
    Ok(Json(MessageOutputBody::new("your email is verified")))
}

/// Mails the user a new verification link (valid 48 hours; earlier links keep working until
/// they expire). The message says whether it went to the SMTP server or, without one, to the
/// outbox. Rate-limited per admin address and user (429 with `Retry-After`); a user whose
/// email is verified already is a 409.
#[utoipa::path(post, path = "/admin/users/{id}/resend-verification", tag = "admin", operation_id = "admin-resend-verification",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 200, description = "A verification mail is queued", body = MessageOutputBody),
        Unauthorized,
        Forbidden,
        NotFound,
        (status = 409, description = "The user's email is verified already", body = Problem, content_type = "application/problem+json"),
        TooManyRequests,
    ))]
pub async fn resend_verification(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<MessageOutputBody>> {
    let message = verification::resend(&core, &actor, &id).await?;
    Ok(Json(MessageOutputBody::new(message)))
}

/// Makes a password reset link for the user and answers it as `reset_link`, for the admin to
/// hand over (nothing is mailed), so resets work on instances without mail. The link works
/// once, for 1 hour; the account is unchanged until it is used, and then every session of
/// the user ends.
#[utoipa::path(post, path = "/admin/users/{id}/reset-password", tag = "admin", operation_id = "admin-reset-password",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 200, description = "A reset link for the user", body = AdminResetPasswordOutputBody),
        Unauthorized,
        Forbidden,
        NotFound,
    ))]
pub async fn admin_reset_password(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<AdminResetPasswordOutputBody>> {
    Ok(Json(recovery::admin_reset_link(&core, &actor, &id).await?))
}

/// Marks the user's email verified (the admin checked it another way); their outstanding
/// verification links stop working. A verified email stays as it was (204 too).
#[utoipa::path(post, path = "/admin/users/{id}/verify-email", tag = "admin", operation_id = "admin-verify-email",
    params(("id" = String, Path, description = "User id")),
    responses(
        (status = 204, description = "The email is verified"),
        Unauthorized,
        Forbidden,
        NotFound,
    ))]
pub async fn admin_verify_email(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    verification::mark_verified(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
