//! Podcast and audio feeds made into cards (`cardsmith_core::feeds`): make a card of a feed,
//! see and change how it follows the feed, refresh it now, stop following.

use axum::extract::{FromRequest, Request, State};
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::feeds::service;
use cardsmith_core::Core;
use cardsmith_model::feed::{FeedInput, FeedOut, FeedRefreshOut, FeedSettingsInput};
use cardsmith_model::validate::CollectionRole;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_feed_card))
        .routes(routes!(get_card_feed, update_card_feed, unfollow_card_feed))
        .routes(routes!(refresh_card_feed))
}

/// Makes a card of a podcast or audio feed (editor of the collection): the feed is read at
/// once (an address that is not a readable feed is a 422 at `url`, saying why), the card is
/// made with the feed's title (or `title`), and its latest `episodes` arrive through the
/// refresh job `job_id` names: downloaded and transcoded as uploads are, or as stream tracks
/// (`stream`). Every fetch — the feed, its episodes, its artwork, each redirect — reaches
/// public addresses only (and the `host:port` pairs the operator allowed), within size and
/// time caps; the feed's XML expands no entity.
#[utoipa::path(post, path = "/collections/{id}/feeds", tag = "feeds", operation_id = "create-feed-card",
    params(("id" = String, Path)), request_body = FeedInput,
    responses((status = 201, body = FeedOut), Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn create_feed_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    request: Request,
) -> ApiResult<(StatusCode, Json<FeedOut>)> {
    super::collections::editor_before_body(&core, &actor, &id).await?;
    let ApiJson(input) = ApiJson::<FeedInput>::from_request(request, &()).await?;
    let feed = service::create(&core, &actor, &id, input).await?;
    Ok((StatusCode::CREATED, Json(feed)))
}

/// How the card follows its feed (a viewer may see it): the feed, the episodes the card
/// holds, when it was last read and what went wrong then, the next scheduled refresh, and the
/// refresh under way. 404 when the card follows no feed.
#[utoipa::path(get, path = "/cards/{slug}/feed", tag = "feeds", operation_id = "get-card-feed",
    params(("slug" = String, Path)),
    responses((status = 200, body = FeedOut), Unauthorized, NotFound))]
pub async fn get_card_feed(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<FeedOut>> {
    Ok(Json(service::get(&core, &actor, &slug).await?))
}

/// Changes how the card follows its feed (editor): how many episodes it keeps, their order,
/// how often it refreshes, whether a refresh publishes the card again. Absent fields stay; a
/// new count or order is applied at once by a refresh (`job_id`).
#[utoipa::path(patch, path = "/cards/{slug}/feed", tag = "feeds", operation_id = "update-card-feed",
    params(("slug" = String, Path)), request_body = FeedSettingsInput,
    responses((status = 200, body = FeedOut), Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn update_card_feed(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    request: Request,
) -> ApiResult<Json<FeedOut>> {
    cardsmith_core::cards::require_card(core.db.pool(), &actor, &slug, CollectionRole::Editor)
        .await?;
    let ApiJson(input) = ApiJson::<FeedSettingsInput>::from_request(request, &()).await?;
    Ok(Json(service::update(&core, &actor, &slug, input).await?))
}

/// The card stops following its feed (editor); its tracks stay as they are.
#[utoipa::path(delete, path = "/cards/{slug}/feed", tag = "feeds", operation_id = "unfollow-card-feed",
    params(("slug" = String, Path)),
    responses((status = 204), Unauthorized, Forbidden, NotFound))]
pub async fn unfollow_card_feed(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<StatusCode> {
    service::unfollow(&core, &actor, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Reads the feed again now (editor): new episodes are added, the oldest beyond the count
/// dropped. Answers the refresh's job (the one already waiting, if any).
#[utoipa::path(post, path = "/cards/{slug}/feed/refresh", tag = "feeds", operation_id = "refresh-card-feed",
    params(("slug" = String, Path)),
    responses((status = 202, body = FeedRefreshOut), Unauthorized, Forbidden, NotFound))]
pub async fn refresh_card_feed(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<(StatusCode, Json<FeedRefreshOut>)> {
    let job = service::refresh_now(&core, &actor, &slug).await?;
    Ok((StatusCode::ACCEPTED, Json(job)))
}
