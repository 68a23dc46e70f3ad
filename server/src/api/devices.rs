//! Players of the caller's linked accounts. Info comes from the platform's config call (the
//! status is nested there); when the platform cannot be reached the last snapshot is served
//! with `cached: true`. Settings are written read-merge-write so untouched settings survive;
//! shortcuts can only be written; commands (over the players' live channel, else REST): play
//! (with `card_id`), pause, resume, stop, status, volume, sleep timer, night-light colour,
//! next and previous chapter, an events request and a card's icon on the display.
//! `POST /seed` puts a collection's cards on chosen players, now or later.
//! An account that is not the caller's is a 404; one that needs relinking is a 409.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::player::{devices, seed};
use cardsmith_core::Core;
use cardsmith_model::device::{
    CacheStatusOut, DeviceCommandInput, DeviceSettingsInput, InfoSnapshot, ListDevicesOutputBody,
    ShortcutsInput,
};
use cardsmith_model::publish::PublishedCardsOutputBody;
use cardsmith_model::seed::{SeedInput, SeedJobOut};
use cardsmith_model::system::MessageOutputBody;
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Conflict, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized, Unprocessable,
};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_devices))
        .routes(routes!(device_info))
        .routes(routes!(device_cache_status))
        .routes(routes!(device_published))
        .routes(routes!(device_command))
        .routes(routes!(device_settings))
        .routes(routes!(device_shortcuts))
        .routes(routes!(seed_devices))
}

/// Players across all the caller's linked accounts.
#[utoipa::path(get, path = "/devices", tag = "devices", operation_id = "list-devices",
    responses((status = 200, body = ListDevicesOutputBody), Unauthorized))]
pub async fn list_devices(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<ListDevicesOutputBody>> {
    Ok(Json(devices::list(&core, &actor).await?))
}

#[utoipa::path(get, path = "/devices/{accountID}/{deviceID}/info", tag = "devices", operation_id = "device-info",
    params(("accountID" = String, Path), ("deviceID" = String, Path)),
    responses((status = 200, body = InfoSnapshot), Unauthorized,
        NotFound, Conflict))]
pub async fn device_info(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
) -> ApiResult<Json<InfoSnapshot>> {
    Ok(Json(devices::info(&core, &actor, &account, &device).await?))
}

/// Whether a snapshot of the player is kept for offline viewing, and from when.
#[utoipa::path(get, path = "/devices/{accountID}/{deviceID}/cache-status", tag = "devices", operation_id = "device-cache-status",
    params(("accountID" = String, Path), ("deviceID" = String, Path)),
    responses((status = 200, body = CacheStatusOut), Unauthorized,
        NotFound))]
pub async fn device_cache_status(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
) -> ApiResult<Json<CacheStatusOut>> {
    Ok(Json(
        devices::cache_status(&core, &actor, &account, &device).await?,
    ))
}

/// Cards published to the player's account, so they can be played on it. 404 when the account
/// is not the caller's or the player is not one of the account's; 409 when the account needs
/// relinking and the player was never seen before.
#[utoipa::path(get, path = "/devices/{accountID}/{deviceID}/published", tag = "devices", operation_id = "device-published",
    params(("accountID" = String, Path), ("deviceID" = String, Path)),
    responses((status = 200, body = PublishedCardsOutputBody), Unauthorized,
        (status = 404, description = "No such account, or no such player on it", body = Problem, content_type = "application/problem+json"),
        Conflict,
        TooManyRequests,
        ServiceUnavailable))]
pub async fn device_published(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
) -> ApiResult<Json<PublishedCardsOutputBody>> {
    let cards = devices::published(&core, &actor, &account, &device).await?;
    Ok(Json(PublishedCardsOutputBody { cards: Some(cards) }))
}

#[utoipa::path(post, path = "/devices/{accountID}/{deviceID}/command", tag = "devices", operation_id = "device-command",
    params(("accountID" = String, Path), ("deviceID" = String, Path)), request_body = DeviceCommandInput,
    responses((status = 200, body = MessageOutputBody), Unauthorized,
        NotFound, Conflict,
        Unprocessable, TooManyRequests, ServiceUnavailable))]
pub async fn device_command(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<DeviceCommandInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    let (message, via) = devices::command(&core, &actor, &account, &device, input).await?;
    Ok(Json(MessageOutputBody {
        message,
        via: Some(via.to_owned()),
    }))
}

/// Changes the named settings; every other setting of the player stays as it is.
#[utoipa::path(put, path = "/devices/{accountID}/{deviceID}/settings", tag = "devices", operation_id = "device-settings",
    params(("accountID" = String, Path), ("deviceID" = String, Path)), request_body = DeviceSettingsInput,
    responses((status = 200, body = MessageOutputBody), Unauthorized,
        NotFound, Conflict,
        Unprocessable))]
pub async fn device_settings(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<DeviceSettingsInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    Ok(Json(MessageOutputBody::new(
        devices::settings(&core, &actor, &account, &device, input).await?,
    )))
}

/// Replaces the player's shortcut buttons (write-only on the platform).
#[utoipa::path(put, path = "/devices/{accountID}/{deviceID}/shortcuts", tag = "devices", operation_id = "device-shortcuts",
    params(("accountID" = String, Path), ("deviceID" = String, Path)), request_body = ShortcutsInput,
    responses((status = 200, body = MessageOutputBody), Unauthorized,
        NotFound, Conflict,
        Unprocessable))]
pub async fn device_shortcuts(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath((account, device)): ApiPath<(String, String)>,
    ApiJson(input): ApiJson<ShortcutsInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    Ok(Json(MessageOutputBody::new(
        devices::shortcuts(&core, &actor, &account, &device, input).await?,
    )))
}

/// Puts cards of a collection on players of a linked account, now or at `schedule_at`: one
/// job per player publishes each card the account does not hold as it is now (uploading only
/// what is missing) and adds it to the player's day-mode shortcuts, keeping the shortcuts it
/// already has. Cards by id or slug; every card needs tracks; every player must be the
/// account's. A past or `null` time means now; at most a year ahead.
#[utoipa::path(post, path = "/seed", tag = "devices", operation_id = "seed-devices",
    request_body = SeedInput,
    responses((status = 202, body = SeedJobOut), Unauthorized,
        NotFound, Conflict,
        Unprocessable))]
pub async fn seed_devices(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<SeedInput>,
) -> ApiResult<(StatusCode, Json<SeedJobOut>)> {
    Ok((
        StatusCode::ACCEPTED,
        Json(seed::seed(&core, &actor, input).await?),
    ))
}
