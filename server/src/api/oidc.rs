//! Single sign-on through the configured OpenID Connect provider (`core::users::oidc`): the
//! sign-in and link flows, back-channel logout, unlinking, and the admin's association.
//!
//! Like `/player-accounts/link`, `GET /auth/oidc/login` answers 204 with the provider's URL in
//! `Location` (a browser navigating there gets a 303 to it), and the callback answers 204 (a
//! browser gets a 303 into the app, or back to the sign-in or Settings page with the reason
//! when it failed). Without a configured provider these answer 404.

use std::sync::Arc;

use anyhow::Context;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Redirect, Response};
use axum::Json;
use cardsmith_core::auth::{cookie, session};
use cardsmith_core::users::oidc::flow::{self, Callback, Finished, Mode};
use cardsmith_core::users::oidc::identity;
use cardsmith_core::users::oidc::logout::{self, LogoutError};
use cardsmith_core::users::oidc::{Oidc, OidcSettings};
use cardsmith_core::{Actor, Core, CoreError};
use cardsmith_model::oidc::OidcLinkInput;
use cardsmith_model::user::UserOut;
use cardsmith_model::Problem;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::player_accounts::is_navigation;
use crate::config::Config;
use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::{token, AdminCaller, Caller, ClientAddr};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(oidc_login))
        .routes(routes!(oidc_callback))
        .routes(routes!(oidc_backchannel_logout))
        .routes(routes!(oidc_unlink))
        .routes(routes!(admin_oidc_link, admin_oidc_unlink))
}

/// The provider from the configuration, if one is configured (issuer and client id go
/// together). Nothing is fetched here: discovery happens on first use.
pub fn configure(config: &Config) -> anyhow::Result<Option<Arc<Oidc>>> {
    let (issuer, client_id) = match (&config.oidc_issuer, &config.oidc_client_id) {
        (None, None) => return Ok(None),
        (Some(issuer), Some(client_id)) => (issuer.clone(), client_id.clone()),
        _ => {
            anyhow::bail!("CARDSMITH_OIDC_ISSUER and CARDSMITH_OIDC_CLIENT_ID must be set together")
        }
    };
    let oidc = Oidc::new(OidcSettings {
        issuer,
        client_id,
        client_secret: config.oidc_client_secret.clone(),
        display_name: config.oidc_name.trim().to_owned(),
        redirect_url: format!("{}/api/auth/oidc/callback", config.public_origin()),
    })
    .map_err(|e| anyhow::anyhow!("{e}"))
    .context("OIDC settings")?;
    Ok(Some(Arc::new(oidc)))
}

/// The signed-in caller, if the request carries a live session.
async fn optional_actor(core: &Core, headers: &HeaderMap) -> Option<Actor> {
    session::authenticate(core, token(headers, core)).await.ok()
}

/// A browser is sent to `page` with the failure's code in `oidc_error` (the page shows its
/// own words for it; see `SignInFailure`).
fn back_with_error(page: &str, e: &CoreError) -> Response {
    e.log_if_internal();
    let code = cardsmith_core::users::oidc::failure_of(e).code();
    Redirect::to(&format!("{page}?oidc_error={code}")).into_response()
}

#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LoginMode {
    /// Sign in (a first visit creates the account).
    #[default]
    SignIn,
    /// Link the identity to the signed-in account (needs a session).
    Link,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LoginQuery {
    /// `sign_in` (default) or `link`.
    #[param(inline)]
    pub mode: Option<LoginMode>,
}

/// Starts signing in (or with `mode=link`, linking the provider to the signed-in account):
/// 204 with the provider's authorization URL in `Location` and a short-lived flow cookie; a
/// browser navigating here is sent there (303). Authorization Code with PKCE (S256), `state`
/// and `nonce`; the flow is single use, lasts 15 minutes and completes only in this browser
/// (and for linking, this session). 404 when no provider is configured; 409 when linking an
/// account that is already linked; 502 when the provider cannot be reached.
#[utoipa::path(get, path = "/auth/oidc/login", tag = "auth", operation_id = "oidc-login",
    params(LoginQuery),
    responses(
        (status = 204, description = "Go to `Location` to sign in at the provider",
            headers(("Location" = String, description = "the provider's authorization URL"),
                ("Set-Cookie" = String, description = "the flow cookie"))),
        (status = 303, description = "Browsers are sent to the provider (or, on failure, back to the sign-in or Settings page with `oidc_error`)"),
        (status = 400, description = "Malformed query", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "Linking needs a session", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "Single sign-on is not configured", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "This account is already linked to the provider", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
        (status = 502, description = "The provider could not be reached", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn oidc_login(
    State(core): State<Core>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<LoginQuery>,
) -> ApiResult<Response> {
    let mode = match q.mode.unwrap_or_default() {
        LoginMode::SignIn => Mode::SignIn,
        LoginMode::Link => Mode::Link,
    };
    let actor = optional_actor(&core, &headers).await;
    let browser = flow::browser_token(&headers, core.settings.secure_cookies);
    let navigation = is_navigation(&headers);
    let started = match flow::start(&core, mode, actor.as_ref(), browser).await {
        Ok(started) => started,
        Err(e) if navigation => {
            let page = if mode == Mode::Link {
                "/settings"
            } else {
                "/login"
            };
            return Ok(back_with_error(page, &e));
        }
        Err(e) => return Err(e.into()),
    };
    let cookie = AppendHeaders([(header::SET_COOKIE, started.set_cookie)]);
    if navigation {
        return Ok((cookie, Redirect::to(&started.url)).into_response());
    }
    let mut response = (cookie, StatusCode::NO_CONTENT).into_response();
    response.headers_mut().insert(
        header::LOCATION,
        HeaderValue::from_str(&started.url).expect("URL is ASCII"),
    );
    Ok(response)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub state: Option<String>,
    pub code: Option<String>,
    /// The issuer of the answer (RFC 9207); must be the configured one when present.
    pub iss: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// Where the provider sends the browser back. The flow must be one this browser started
/// (403 otherwise; 422 for an unknown, used or expired `state`); the code is exchanged with
/// the PKCE verifier and the ID token verified (signature, `iss`, `aud`, `exp`, `nonce`; 403
/// when it does not verify). Signing in sets the session cookie: a known identity signs in to
/// its account (403 when deactivated); an unknown one gets a new account, unless its email
/// belongs to an account here already (409: accounts are never joined by email; link it from
/// Settings or ask an admin). Linking joins the identity to the session's account (409 when
/// another account has it). Answers 204; a browser is sent on (303) to the app, to Settings
/// after linking, or back with `oidc_error` when it failed.
#[utoipa::path(get, path = "/auth/oidc/callback", tag = "auth", operation_id = "oidc-callback",
    params(CallbackQuery),
    responses(
        (status = 204, description = "Signed in (the session cookie is set) or linked"),
        (status = 303, description = "Browsers are sent into the app, or back with `oidc_error`"),
        (status = 400, description = "Malformed query", body = Problem, content_type = "application/problem+json"),
        Forbidden,
        (status = 404, description = "Single sign-on is not configured", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The provider refused, the identity or email is taken, or no email was shared", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
        (status = 502, description = "The provider could not be reached", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn oidc_callback(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<CallbackQuery>,
) -> ApiResult<Response> {
    let secure = core.settings.secure_cookies;
    let mut actor = optional_actor(&core, &headers).await;
    if let Some(actor) = actor.as_mut() {
        actor.ip = client;
    }
    let callback = Callback {
        state: q.state,
        code: q.code,
        iss: q.iss,
        error: q.error,
        error_description: q.error_description,
    };
    let browser = flow::browser_token(&headers, secure);
    let navigation = is_navigation(&headers);
    let clear_flow = (header::SET_COOKIE, flow::flow_cookie("", 0, secure));
    match flow::finish(&core, callback, browser, actor.as_ref(), client).await {
        Ok(Finished::SignedIn(signed_in)) => {
            let set = cookie::set_session(
                &signed_in.session.token,
                signed_in.session.max_age_s,
                secure,
            );
            let cookies = AppendHeaders([clear_flow, (header::SET_COOKIE, set)]);
            Ok(if navigation {
                (cookies, Redirect::to("/cards")).into_response()
            } else {
                (cookies, StatusCode::NO_CONTENT).into_response()
            })
        }
        Ok(Finished::Linked(_)) => {
            let cookies = AppendHeaders([clear_flow]);
            Ok(if navigation {
                (cookies, Redirect::to("/settings?oidc=linked")).into_response()
            } else {
                (cookies, StatusCode::NO_CONTENT).into_response()
            })
        }
        Err(e) if navigation => {
            let page = if actor.is_some() {
                "/settings"
            } else {
                "/login"
            };
            Ok(back_with_error(page, &e))
        }
        Err(e) => Err(e.into()),
    }
}

/// The form the provider posts.
#[derive(Deserialize, ToSchema)]
pub struct BackchannelLogoutForm {
    /// The logout token: a JWT signed by the provider.
    #[schema(min_length = 1)]
    pub logout_token: String,
}

/// Answers the provider must not cache (Back-Channel Logout 1.0 §2.8).
fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Back-channel logout, called by the provider (no session, no browser): a form with
/// `logout_token`. The token is validated in full (signature by the provider's key named by
/// `kid`, never `none` or `HS*`; `typ`; `iss`; `aud`; `iat`/`exp` within a minute's skew; the
/// back-channel event; `sid` or `sub`; no `nonce`; an unseen `jti`), then exactly the sessions
/// opened through that provider session (`sid`), or without a `sid` through that subject,
/// end. 200 with `Cache-Control: no-store`; an invalid token is a 400 saying why.
#[utoipa::path(post, path = "/auth/oidc/backchannel-logout", tag = "auth", operation_id = "oidc-backchannel-logout",
    request_body(content = BackchannelLogoutForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The sessions of that provider session ended",
            headers(("Cache-Control" = String, description = "no-store"))),
        (status = 400, description = "The logout token is missing or invalid", body = Problem, content_type = "application/problem+json",
            headers(("Cache-Control" = String, description = "no-store"))),
        (status = 404, description = "Single sign-on is not configured", body = Problem, content_type = "application/problem+json"),
        (status = 502, description = "The provider's keys could not be fetched", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn oidc_backchannel_logout(
    State(core): State<Core>,
    ClientAddr(client): ClientAddr,
    body: Bytes,
) -> Response {
    let logout_token = url::form_urlencoded::parse(&body)
        .find(|(name, _)| name == "logout_token")
        .map(|(_, value)| value.into_owned())
        .filter(|t| !t.is_empty());
    let outcome = match logout_token {
        None => Err(LogoutError::Invalid(
            "the form must carry logout_token".into(),
        )),
        Some(t) => logout::backchannel_logout(&core, &t, client).await,
    };
    no_store(match outcome {
        Ok(_) => StatusCode::OK.into_response(),
        Err(LogoutError::Invalid(why)) => {
            tracing::warn!(%why, "back-channel logout refused");
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("invalid logout token: {why}"),
            )
            .into_response()
        }
        Err(LogoutError::Core(e)) => ApiError::from(e).into_response(),
    })
}

/// The caller's account stops signing in through the provider. It must keep a password to
/// sign in with: 409 for an account without one (set one first with "Forgot password"), or
/// without a linked provider.
#[utoipa::path(post, path = "/auth/oidc/unlink", tag = "auth", operation_id = "oidc-unlink",
    responses(
        (status = 204, description = "Unlinked; `auth_type` is `password` again"),
        Unauthorized,
        Conflict,
    ))]
pub async fn oidc_unlink(State(core): State<Core>, Caller(actor): Caller) -> ApiResult<StatusCode> {
    identity::unlink(&core, &actor).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// An admin associates an existing account with the provider identity `subject` (the
/// provider's `sub` for that person, as its admin console shows it) at the configured
/// issuer, so that person signs in to this account through the provider. This, and the
/// owner linking while signed in, are the only ways an existing account is joined to a
/// provider identity: never by email. 404 without a provider or for an unknown user; 409 when
/// the account is already linked or another account has that identity.
#[utoipa::path(post, path = "/admin/users/{id}/oidc-link", tag = "admin", operation_id = "admin-oidc-link",
    params(("id" = String, Path)),
    request_body = OidcLinkInput,
    responses(
        (status = 200, description = "Associated; the user with its new `auth_type`", body = UserOut),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        Unauthorized, Forbidden, NotFound, Conflict,
        (status = 415, description = "The body is not JSON", body = Problem, content_type = "application/problem+json"),
        Unprocessable,
    ))]
pub async fn admin_oidc_link(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<OidcLinkInput>,
) -> ApiResult<Json<UserOut>> {
    Ok(Json(identity::admin_link(&core, &actor, &id, input).await?))
}

/// An admin removes an account's provider identity. The account must keep a password (409
/// otherwise, or when it has no identity); 404 for an unknown user.
#[utoipa::path(delete, path = "/admin/users/{id}/oidc-link", tag = "admin", operation_id = "admin-oidc-unlink",
    params(("id" = String, Path)),
    responses(
        (status = 204, description = "The identity is removed"),
        Unauthorized, Forbidden, NotFound, Conflict,
    ))]
pub async fn admin_oidc_unlink(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    identity::admin_unlink(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
