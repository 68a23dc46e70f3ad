//! Linked accounts on the player platform.
//!
//! Linking is OAuth 2.0 Authorization Code with PKCE (S256). `GET /player-accounts/link`
//! remembers a single-use state and verifier for the caller's session (15 minutes) and answers
//! 204 with the authorization URL in `Location`; a browser navigating there is redirected
//! (303). The platform sends the browser back to `GET /player-accounts/callback`, which only
//! completes for the session that started the flow; the tokens are sealed (AES-256-GCM) and
//! never sent to a browser. The account's label is the family's primary email. Without a
//! configured client id, linking answers 409 explaining how to register one.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use cardsmith_core::auth::session;
use cardsmith_core::player::accounts::{self, Callback};
use cardsmith_core::Core;
use cardsmith_model::player::ListPlayerAccountsOutputBody;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiPath, ApiQuery, ApiResult};
use crate::session::{token, Caller};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_player_accounts))
        .routes(routes!(unlink_player_account))
        .routes(routes!(start_link))
        .routes(routes!(link_callback))
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

/// Starts linking: 204 with the platform's authorization URL in `Location` (a browser
/// navigating here gets a 303 to it). 409 when no client id is configured.
#[utoipa::path(get, path = "/player-accounts/link", tag = "player-account linking", operation_id = "start-player-account-link",
    responses((status = 204, headers(("Location" = String, description = "the authorization URL"))),
        (status = 303, description = "browsers are sent to the authorization URL"),
        Unauthorized, Conflict))]
pub async fn start_link(
    State(core): State<Core>,
    Caller(actor): Caller,
    headers: HeaderMap,
) -> ApiResult<Response> {
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub state: Option<String>,
    pub code: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// Where the platform sends the browser back. Completes only for the session that started
/// the flow (403 otherwise; 422 for an unknown, used or expired state). Answers 204, or for a
/// browser a 303 to the linked-accounts page.
///
/// Deliberate deviation from the service spec: the spec does not bind the callback to a
/// session; Cardsmith does, so a link started by one user can never be completed into another
/// user's account (a forwarded or phished callback URL is refused with 403).
#[utoipa::path(get, path = "/player-accounts/callback", tag = "player-account linking", operation_id = "player-account-link-callback",
    params(CallbackQuery),
    responses((status = 204), (status = 303, description = "browsers go back to the accounts page"),
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
        Ok(_) if navigation => Ok(Redirect::to("/accounts?linked=1").into_response()),
        Ok(_) => Ok(StatusCode::NO_CONTENT.into_response()),
        Err(e) if navigation => {
            let message: String =
                url::form_urlencoded::byte_serialize(e.to_string().as_bytes()).collect();
            Ok(Redirect::to(&format!("/accounts?error={message}")).into_response())
        }
        Err(e) => Err(e.into()),
    }
}
