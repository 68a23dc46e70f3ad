//! Signing in and out, and the caller's own account.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse};
use axum::Json;
use cardsmith_core::auth::cookie;
use cardsmith_core::users::{account, login};
use cardsmith_core::Core;
use cardsmith_model::system::MessageOutputBody;
use cardsmith_model::user::{ChangePasswordInput, LoginInput, UpdateProfileInput, UserOut};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiResult};
use crate::session::{token, Caller, ClientAddr};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login_user))
        .routes(routes!(logout_user))
        .routes(routes!(get_me))
        .routes(routes!(revoke_sessions))
        .routes(routes!(change_password))
        .routes(routes!(update_profile))
}

/// Signs in with email and password and sets the session cookie (HttpOnly, SameSite=Lax;
/// behind https `Secure` and named `__Host-cardsmith_session`). Attempts are rate-limited
/// per client address and per (address, email) (429 with `Retry-After`). Five failures in a
/// row for one email from one address lock that address out of it for 15 minutes (429 with
/// `Retry-After`), whether or not an account has that email; other addresses are not
/// affected. A deactivated account gets 403.
#[utoipa::path(post, path = "/auth/login", tag = "auth", operation_id = "login",
    request_body = LoginInput,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = UserOut),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "Email or password is wrong", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "The account is deactivated", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
        (status = 429, description = "Too many attempts, or locked out after repeated failures; see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = i64, description = "Seconds to wait before trying again"))),
    ))]
pub async fn login_user(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    ApiJson(input): ApiJson<LoginInput>,
) -> ApiResult<impl IntoResponse> {
    let signed_in = login::login(&core, input, client).await?;
    let set_cookie = cookie::set_session(
        &signed_in.session.token,
        signed_in.session.max_age_s,
        core.settings.secure_cookies,
    );
    Ok((
        AppendHeaders([(header::SET_COOKIE, set_cookie)]),
        Json(signed_in.user),
    ))
}

/// Ends the current session, if any, and clears the cookie.
#[utoipa::path(post, path = "/auth/logout", tag = "auth", operation_id = "logout",
    responses((status = 204, description = "Signed out")))]
pub async fn logout_user(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
) -> ApiResult<impl IntoResponse> {
    login::logout(&core, token(&headers, &core), client).await?;
    Ok((StatusCode::NO_CONTENT, clear_cookie(&core)))
}

fn clear_cookie(core: &Core) -> AppendHeaders<[(header::HeaderName, String); 1]> {
    let cleared = cookie::clear_session(core.settings.secure_cookies);
    AppendHeaders([(header::SET_COOKIE, cleared)])
}

/// The signed-in user.
#[utoipa::path(get, path = "/auth/me", tag = "auth", operation_id = "me",
    responses(
        (status = 200, description = "The caller", body = UserOut),
        Unauthorized,
    ))]
pub async fn get_me(Caller(actor): Caller) -> Json<UserOut> {
    Json(account::me(&actor))
}

/// Ends every session of the caller, this one included, and clears the cookie.
#[utoipa::path(post, path = "/auth/sessions/revoke", tag = "auth", operation_id = "revoke-my-sessions",
    responses(
        (status = 200, description = "Signed out everywhere", body = MessageOutputBody),
        Unauthorized,
    ))]
pub async fn revoke_sessions(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<impl IntoResponse> {
    let ended = account::revoke_my_sessions(&core, &actor).await?;
    let body = Json(MessageOutputBody::new(match ended {
        1 => "signed out of 1 session".to_owned(),
        n => format!("signed out of {n} sessions"),
    }));
    Ok((clear_cookie(&core), body))
}

/// Changes the caller's password. The current password must match; every other session of
/// the account ends.
#[utoipa::path(put, path = "/auth/password", tag = "auth", operation_id = "change-password",
    request_body = ChangePasswordInput,
    responses(
        (status = 200, description = "Password changed", body = MessageOutputBody),
        Unauthorized,
        (status = 422, description = "Current password wrong, or new password too short or long", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn change_password(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<ChangePasswordInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    account::change_password(&core, &actor, input).await?;
    Ok(Json(MessageOutputBody::new(
        "password changed; other sessions were signed out",
    )))
}

/// Sets the caller's display name and, when `locale` is given, the interface's language
/// (`""` follows the browser again).
#[utoipa::path(patch, path = "/auth/profile", tag = "auth", operation_id = "update-profile",
    request_body = UpdateProfileInput,
    responses(
        (status = 200, description = "Profile saved", body = MessageOutputBody),
        Unauthorized,
        (status = 422, description = "Display name empty or too long, or a language Cardsmith does not speak", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn update_profile(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<UpdateProfileInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    account::update_profile(&core, &actor, input).await?;
    Ok(Json(MessageOutputBody::new("profile saved")))
}
