//! Private admin routes under `/__sim`, so a browser-driven test (or a human with curl) can
//! steer a simulator running as a separate process. They mirror [`crate::SimHandle`].

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::faults::Fault;
use crate::handle::SimHandle;
use crate::seed::DeviceSeed;
use crate::state::SharedState;

/// Nothing on the real platform lives under this prefix; faults never apply to it.
pub const PREFIX: &str = "/__sim";

pub fn routes() -> Router<SharedState> {
    Router::new()
        .route("/__sim/faults", post(add_fault).delete(clear_faults))
        .route("/__sim/expire-access-tokens", post(expire_access_tokens))
        .route("/__sim/revoke-refresh-tokens", post(revoke_refresh_tokens))
        .route("/__sim/expire-signed-urls", post(expire_signed_urls))
        .route("/__sim/users", get(list_users).post(add_user))
        .route("/__sim/login-as", post(login_as))
        .route("/__sim/users/{user_id}/devices", post(seed_device))
        .route("/__sim/users/{user_id}/cards", post(seed_card))
        .route("/__sim/stats", get(stats))
        .route(
            "/__sim/devices/{device_id}/buttons/{button}",
            post(press_button),
        )
}

fn handle(shared: SharedState) -> SimHandle {
    SimHandle::from_shared(shared)
}

fn unknown_user(user_id: &str) -> ApiError {
    ApiError::not_found(format!("No simulated account {user_id}"))
}

async fn add_fault(State(shared): State<SharedState>, Json(fault): Json<Fault>) -> StatusCode {
    handle(shared).add_fault(fault);
    StatusCode::NO_CONTENT
}

async fn clear_faults(State(shared): State<SharedState>) -> StatusCode {
    handle(shared).clear_faults();
    StatusCode::NO_CONTENT
}

async fn expire_access_tokens(State(shared): State<SharedState>) -> StatusCode {
    handle(shared).expire_access_tokens();
    StatusCode::NO_CONTENT
}

async fn revoke_refresh_tokens(State(shared): State<SharedState>) -> StatusCode {
    handle(shared).revoke_refresh_tokens();
    StatusCode::NO_CONTENT
}

async fn expire_signed_urls(State(shared): State<SharedState>) -> StatusCode {
    handle(shared).expire_signed_urls();
    StatusCode::NO_CONTENT
}

async fn list_users(State(shared): State<SharedState>) -> Json<Value> {
    let world = shared.world();
    let users: Vec<Value> = world
        .accounts
        .values()
        .map(|a| json!({ "userId": a.user_id, "email": a.email, "signedIn": a.user_id == world.login_user }))
        .collect();
    Json(json!({ "users": users }))
}

#[derive(Deserialize)]
struct NewUser {
    email: String,
}

async fn add_user(State(shared): State<SharedState>, Json(user): Json<NewUser>) -> Json<Value> {
    Json(json!({ "userId": handle(shared).add_user(&user.email) }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LoginAs {
    user_id: String,
}

async fn login_as(State(shared): State<SharedState>, Json(body): Json<LoginAs>) -> Response {
    if handle(shared).login_as(&body.user_id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        unknown_user(&body.user_id).into_response()
    }
}

async fn seed_device(
    State(shared): State<SharedState>,
    Path(user_id): Path<String>,
    Json(seed): Json<DeviceSeed>,
) -> Result<Json<Value>, ApiError> {
    let device_id = handle(shared)
        .seed_device(&user_id, seed)
        .ok_or_else(|| unknown_user(&user_id))?;
    Ok(Json(json!({ "deviceId": device_id })))
}

async fn seed_card(
    State(shared): State<SharedState>,
    Path(user_id): Path<String>,
    Json(card): Json<Value>,
) -> Result<Json<Value>, ApiError> {
    let card_id = handle(shared)
        .seed_card(&user_id, card)
        .ok_or_else(|| unknown_user(&user_id))?;
    Ok(Json(json!({ "cardId": card_id })))
}

async fn stats(State(shared): State<SharedState>) -> Json<Value> {
    Json(json!(handle(shared).stats()))
}

/// A child presses a player's `left` or `right` button (`SimHandle::press_button`).
async fn press_button(
    State(shared): State<SharedState>,
    Path((device_id, button)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    let button = match button.as_str() {
        "left" => crate::broker::Button::Left,
        "right" => crate::broker::Button::Right,
        _ => return Err(ApiError::not_found("The buttons are left and right")),
    };
    handle(shared)
        .press_button(&device_id, button)
        .await
        .map_err(|e| ApiError::bad_request(format!("The players' broker cannot run: {e}")))?;
    Ok(StatusCode::NO_CONTENT)
}
