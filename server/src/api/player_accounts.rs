//! Linked accounts on the player platform.
//!
//! Linking is OAuth 2.0 Authorization Code with PKCE (S256). `GET /player-accounts/link`
//! remembers a single-use state and verifier for the caller's session (15 minutes) and answers
//! 204 with the authorization URL in `Location`; a browser navigating there is redirected
//! (303). The platform sends the browser back to `GET /player-accounts/callback`, which only
//! completes for the session that started the flow; the tokens are sealed (AES-256-GCM) and
//! never sent to a browser. The account's label is the family's primary email. Without a
//! configured client id, linking answers 409 explaining how to register one.
//!
//! A client without a browser session here (a native app, a command line) asks for a handoff
//! instead (`?handoff=code`): the link is bound to a one-time code the client shows and
//! finishes in any browser once the code is typed there
//! (`cardsmith_core::player::handoff`); the client polls `GET /player-accounts/link/{linkId}`.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Extension;
use axum::Json;
use cardsmith_core::auth::session;
use cardsmith_core::auth::ClientIp;
use cardsmith_core::player::accounts::{self, Callback, Finished};
use cardsmith_core::player::handoff;
use cardsmith_core::{Core, CoreError};
use cardsmith_model::player::{
    ConfirmLinkInput, LinkHandoffOut, LinkHandoffStatusOut, ListPlayerAccountsOutputBody,
};
use cardsmith_model::Problem;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::{token, Caller};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_player_accounts))
        .routes(routes!(unlink_player_account))
        .routes(routes!(start_link))
        .routes(routes!(link_callback))
        .routes(routes!(link_status))
        .routes(routes!(confirm_link))
}

/// A top-level browser navigation (rather than `fetch` or an API client).
pub(crate) fn is_navigation(headers: &HeaderMap) -> bool {
    let mode = headers.get("sec-fetch-mode").and_then(|v| v.to_str().ok());
    let accepts_html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"));
    mode == Some("navigate") || (mode.is_none() && accepts_html)
}

/// The caller's linked accounts (`status`: `linked`, or `needs_relink` with the reason).
#[utoipa::path(get, path = "/player-accounts", tag = "player-account linking", operation_id = "list-player-accounts",
    responses((status = 200, body = ListPlayerAccountsOutputBody), Unauthorized))]
pub async fn list_player_accounts(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<ListPlayerAccountsOutputBody>> {
    Ok(Json(ListPlayerAccountsOutputBody {
        accounts: Some(accounts::list(&core, &actor).await?),
    }))
}

/// Unlinks an account: its tokens are deleted.
#[utoipa::path(delete, path = "/player-accounts/{id}", tag = "player-account linking", operation_id = "unlink-player-account",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized,
        NotFound))]
pub async fn unlink_player_account(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    accounts::unlink(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How a link finishes.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Handoff {
    /// In another browser, with a code the client shows (`LinkHandoffOut`).
    Code,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StartLinkQuery {
    /// `code`: finish the link in another browser (a native app opening the system browser,
    /// a command line); absent: in this session.
    #[param(inline)]
    pub handoff: Option<Handoff>,
}

/// Starts linking: 204 with the platform's authorization URL in `Location` (a browser
/// navigating here gets a 303 to it); the callback completes only in this session. With
/// `handoff=code`, 200 with a `LinkHandoffOut` instead: the link finishes in any browser once
/// the code it carries is typed there, and `GET /player-accounts/link/{linkId}` says where it
/// is. 409 when no client id is configured.
#[utoipa::path(get, path = "/player-accounts/link", tag = "player-account linking", operation_id = "start-player-account-link",
    params(StartLinkQuery),
    responses((status = 200, description = "A handed-off link (with `handoff=code`)", body = LinkHandoffOut),
        (status = 204, headers(("Location" = String, description = "the authorization URL"))),
        (status = 303, description = "browsers are sent to the authorization URL"),
        (status = 400, description = "A query parameter of the wrong type", body = Problem, content_type = "application/problem+json"),
        Unauthorized, Conflict))]
pub async fn start_link(
    State(core): State<Core>,
    Caller(actor): Caller,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<StartLinkQuery>,
) -> ApiResult<Response> {
    if let Some(Handoff::Code) = q.handoff {
        return Ok(Json(handoff::start(&core, &actor).await?).into_response());
    }
    let url = accounts::start_link(&core, &actor).await?;
    if is_navigation(&headers) {
        return Ok(Redirect::to(&url).into_response());
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(
        header::LOCATION,
        HeaderValue::from_str(&url).expect("URL is ASCII"),
    );
    Ok(response)
}

/// Where the caller's handed-off link is: `waiting` for the platform, `authorized` (waiting
/// for the code), `linked` (with the account), `failed` (with why) or `expired`. Poll it every
/// `poll_interval_s`. Another user's link, or an unknown id, is a 404.
#[utoipa::path(get, path = "/player-accounts/link/{linkId}", tag = "player-account linking", operation_id = "player-account-link-status",
    params(("linkId" = String, Path, description = "The link id of `LinkHandoffOut`")),
    responses((status = 200, body = LinkHandoffStatusOut), Unauthorized, NotFound))]
pub async fn link_status(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(link): ApiPath<String>,
) -> ApiResult<Json<LinkHandoffStatusOut>> {
    Ok(Json(handoff::status(&core, &actor, &link).await?))
}

/// Finishes a handed-off link with the code its client shows (public: the browser the
/// platform sent back may have no session here; the `/link-player` page asks for the code).
/// 404 when no link waits for a code by that id (unknown, expired, done); 422 for a wrong
/// code, which counts: the fifth ends the link.
#[utoipa::path(post, path = "/player-accounts/link/{linkId}/confirm", tag = "player-account linking", operation_id = "confirm-player-account-link",
    params(("linkId" = String, Path, description = "The link id of `LinkHandoffOut`")),
    request_body = ConfirmLinkInput,
    responses((status = 204, description = "Linked: the account belongs to the user who started the link"),
        NotFound, Unprocessable))]
pub async fn confirm_link(
    State(core): State<Core>,
    client: Option<Extension<ClientIp>>,
    ApiPath(link): ApiPath<String>,
    ApiJson(input): ApiJson<ConfirmLinkInput>,
) -> ApiResult<StatusCode> {
    let ip = client.and_then(|Extension(ClientIp(ip))| ip);
    handoff::confirm(&core, &link, input, ip).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    /// The `state` the link started with: the platform always sends it back (a request
    /// without one is answered 422, or for a browser a 303 to the accounts page).
    #[param(required = true, min_length = 1)]
    pub state: Option<String>,
    pub code: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// Where the platform sends the browser back. A link started in a session completes only for
/// that session (403 otherwise; 422 for an unknown, used or expired state): 204, or for a
/// browser a 303 to the linked-accounts page. A handed-off link (`handoff=code`) is authorized
/// in any browser: 202 with its `link_id`, or for a browser a 303 to the page that asks for
/// the code (`/link-player?link=…`); nothing is linked before the code is typed.
///
/// Deliberate deviation from the service spec: the spec does not bind the callback to a
/// session; Cardsmith does, so a link started by one user can never be completed into another
/// user's account (a forwarded or phished callback URL is refused with 403, or for a handoff
/// waits for a code its holder does not have). A browser sent back after a failure lands on
/// the accounts page with a code in `error` (`expired`, `other_session`, `denied`,
/// `failed`), which the page turns into its own words.
#[utoipa::path(get, path = "/player-accounts/callback", tag = "player-account linking", operation_id = "player-account-link-callback",
    params(CallbackQuery),
    responses((status = 202, description = "A handed-off link is authorized; it waits for its code", body = LinkAuthorizedOut),
        (status = 204), (status = 303, description = "browsers go back to the accounts page, or to the code page of a handoff"),
        Forbidden, Conflict,
        Unprocessable))]
pub async fn link_callback(
    State(core): State<Core>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<CallbackQuery>,
) -> ApiResult<Response> {
    let actor = session::authenticate(&core, token(&headers, &core))
        .await
        .ok();
    let callback = Callback {
        state: q.state,
        code: q.code,
        error: q.error,
        error_description: q.error_description,
    };
    let navigation = is_navigation(&headers);
    match accounts::finish_link(&core, actor.as_ref(), callback).await {
        Ok(Finished::Linked(_)) if navigation => {
            Ok(Redirect::to("/accounts?linked=1").into_response())
        }
        Ok(Finished::Linked(_)) => Ok(StatusCode::NO_CONTENT.into_response()),
        Ok(Finished::Authorized { link_id }) if navigation => {
            Ok(Redirect::to(&format!("/link-player?link={link_id}")).into_response())
        }
        Ok(Finished::Authorized { link_id }) => {
            Ok((StatusCode::ACCEPTED, Json(LinkAuthorizedOut { link_id })).into_response())
        }
        Err(e) if navigation => {
            e.log_if_internal();
            let code = match &e {
                CoreError::Invalid(_) => "expired",
                CoreError::Forbidden(_) => "other_session",
                CoreError::Conflict(_) => "denied",
                _ => "failed",
            };
            Ok(Redirect::to(&format!("/accounts?error={code}")).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// The 202 of a handed-off link's callback.
#[derive(Debug, Serialize, ToSchema)]
pub struct LinkAuthorizedOut {
    pub link_id: String,
}
