//! Cards: listing, creation in a collection, editing, slugs, home, covers, playback.
//!
//! Reading needs any role that reaches the card (its home collection or a collection it is
//! linked into); changing it needs editor in its home collection. Unreachable cards are 404.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::cards::{cover, list_cache, search, service};
use cardsmith_core::Core;
use cardsmith_model::card::{
    CardDetailOut, CardOut, CreateCardInput, MoveCardInput, PlaybackConfigOut, UpdateCardInput,
};
use cardsmith_model::collection::{SlugAvailableOutputBody, SlugInput};
use cardsmith_model::library::{
    CardPage, CardQuery, CardSort, PublishFilter, TrackFilter, ROWS_PER_PAGE,
};
use cardsmith_model::Problem;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::collections::SlugQuery;
use super::media::image_response;
use super::multipart::Upload;
use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_cards))
        .routes(routes!(card_slug_available))
        .routes(routes!(list_collection_cards, create_card))
        .routes(routes!(get_card, update_card, delete_card))
        .routes(routes!(change_card_slug))
        .routes(routes!(move_card_home))
        .routes(routes!(get_playback, set_playback))
}

/// Routes that take image uploads; `api::router` gives them the larger body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_cover, upload_cover))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SideQuery {
    /// `front` (default) or `back`.
    #[param(pattern = "^(front|back)?$")]
    pub side: Option<String>,
}

/// The optional questions of `GET /cards` (the library's search). Without any, the answer is
/// the whole list, as the service spec has it.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CardListQuery {
    /// Words that must each appear in the title, author, description or a track title
    /// (ASCII case ignored).
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// Only cards homed in or linked into the caller's collection with this slug (none for a
    /// collection the caller is not a member of).
    #[param(min_length = 1, max_length = 120)]
    pub collection: Option<String>,
    /// Where the card stands on the caller's players.
    #[param(inline)]
    pub publish: Option<PublishFilter>,
    /// Cards with playable tracks, or those still empty.
    #[param(inline)]
    pub tracks: Option<TrackFilter>,
    /// Order: `title` (A–Z, default), `updated` or `created` (newest first).
    #[param(inline)]
    pub sort: Option<CardSort>,
    /// 1-based; a page past the last answers the last.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Cards a page (default 100).
    #[param(minimum = 1, maximum = 200)]
    pub per_page: Option<u32>,
}

/// Most cards one page of `GET /cards` holds.
const MAX_PER_PAGE: u32 = 200;

impl CardListQuery {
    fn asks(&self) -> bool {
        self.q.is_some()
            || self.collection.is_some()
            || self.publish.is_some()
            || self.tracks.is_some()
            || self.sort.is_some()
            || self.page.is_some()
            || self.per_page.is_some()
    }

    /// The library's question and the page size.
    fn into_question(self) -> Result<(CardQuery, u32), cardsmith_core::CoreError> {
        let per_page = self.per_page.unwrap_or(ROWS_PER_PAGE);
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(cardsmith_core::CoreError::invalid(
                "per_page",
                "must be from 1 to 200",
            ));
        }
        let query = CardQuery {
            q: self.q.unwrap_or_default().trim().to_owned(),
            collection: self.collection,
            publish: self.publish.unwrap_or_default(),
            tracks: self.tracks.unwrap_or_default(),
            sort: self.sort.unwrap_or_default(),
            page: self.page.unwrap_or(1),
            ..CardQuery::default()
        };
        Ok((query, per_page))
    }
}

/// Every card the caller can reach, across all their collections. The answer carries an
/// `ETag`; sent back in `If-None-Match`, it is answered `304` while nothing in the list
/// changed. An unchanged list is served as it was made, without being built again.
///
/// With any of the optional parameters, the answer is one page of the library's search
/// instead (the same array of cards, in the asked order): `X-Total-Count` says how many
/// cards match in all, `X-Page` which page this is (a page past the last answers the last),
/// and `Link` names the `next` and `prev` pages.
#[utoipa::path(get, path = "/cards", tag = "cards", operation_id = "list-cards",
    params(CardListQuery),
    responses((status = 200, body = Vec<CardOut>,
            headers(("ETag" = String, description = "Changes whenever the list may have changed (the whole list only)"),
                ("X-Total-Count" = i64, description = "Cards matching the question (with parameters only)"),
                ("X-Page" = i64, description = "The page answered (with parameters only)"),
                ("Link" = String, description = "`<…>; rel=\"next\"` and `rel=\"prev\"` pages (with parameters only)"))),
        (status = 304, description = "Not modified: the list is the one the `If-None-Match` tag names"),
        (status = 400, description = "A query parameter of the wrong type", body = Problem, content_type = "application/problem+json"),
        Unauthorized, Unprocessable))]
pub async fn list_cards(
    State(core): State<Core>,
    Caller(actor): Caller,
    headers: HeaderMap,
    ApiQuery(asked): ApiQuery<CardListQuery>,
) -> ApiResult<Response> {
    if asked.asks() {
        let (query, per_page) = asked.into_question()?;
        let page = search::search_paged(&core, &actor, &query, per_page).await?;
        return Ok(search_answer(&query, &page));
    }
    let list = list_cache::cards_json(&core, &actor).await?;
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == list.etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(header::CONTENT_TYPE, "application/json")],
            Body::from(list.body),
        )
            .into_response()
    };
    let h = response.headers_mut();
    if let Ok(etag) = HeaderValue::from_str(&list.etag) {
        h.insert(header::ETAG, etag);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    h.insert(header::VARY, HeaderValue::from_static("Cookie"));
    Ok(response)
}

/// One page of the search as the API answers it: the cards, with the count and page links
/// in headers.
fn search_answer(query: &CardQuery, page: &CardPage) -> Response {
    let link = |to: u32| {
        let address = query.on_page(to).to_address();
        let joiner = if address.is_empty() { "?" } else { "&" };
        format!("</api/cards{address}{joiner}per_page={}>", page.per_page)
    };
    let mut links = Vec::new();
    if page.page < page.pages() {
        links.push(format!("{}; rel=\"next\"", link(page.page + 1)));
    }
    if page.page > 1 {
        links.push(format!("{}; rel=\"prev\"", link(page.page - 1)));
    }
    let mut response = Json(&page.cards).into_response();
    let h = response.headers_mut();
    h.insert("x-total-count", HeaderValue::from(page.total));
    h.insert("x-page", HeaderValue::from(page.page));
    if let Ok(value) = HeaderValue::from_str(&links.join(", ")) {
        if !links.is_empty() {
            h.insert(header::LINK, value);
        }
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    response
}

/// Whether a card slug is free. An ill-formed slug is a 422.
#[utoipa::path(get, path = "/cards/slug-available", tag = "cards", operation_id = "card-slug-available",
    params(SlugQuery),
    responses((status = 200, body = SlugAvailableOutputBody), Unauthorized,
        Unprocessable))]
pub async fn card_slug_available(
    State(core): State<Core>,
    Caller(_actor): Caller,
    ApiQuery(q): ApiQuery<SlugQuery>,
) -> ApiResult<Json<SlugAvailableOutputBody>> {
    Ok(Json(service::slug_available(&core, &q.slug).await?))
}

/// The cards shown in a collection: those whose home it is and those linked into it.
#[utoipa::path(get, path = "/collections/{collectionID}/cards", tag = "cards", operation_id = "list-collection-cards",
    params(("collectionID" = String, Path)),
    responses((status = 200, body = Vec<CardOut>), Unauthorized,
        NotFound))]
pub async fn list_collection_cards(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(collection_id): ApiPath<String>,
) -> ApiResult<Json<Vec<CardOut>>> {
    Ok(Json(
        service::list_collection_cards(&core, &actor, &collection_id).await?,
    ))
}

/// Creates a card whose home is this collection (editor). The slug is derived from the title
/// unless given; 409 when a given slug is taken.
#[utoipa::path(post, path = "/collections/{collectionID}/cards", tag = "cards", operation_id = "create-card",
    params(("collectionID" = String, Path)), request_body = CreateCardInput,
    responses((status = 201, body = CardOut), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn create_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(collection_id): ApiPath<String>,
    ApiJson(input): ApiJson<CreateCardInput>,
) -> ApiResult<(StatusCode, Json<CardOut>)> {
    Ok((
        StatusCode::CREATED,
        Json(service::create_card(&core, &actor, &collection_id, input).await?),
    ))
}

/// A card with its tracks.
#[utoipa::path(get, path = "/cards/{slug}", tag = "cards", operation_id = "get-card",
    params(("slug" = String, Path)),
    responses((status = 200, body = CardDetailOut), Unauthorized,
        NotFound))]
pub async fn get_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<CardDetailOut>> {
    Ok(Json(service::get_card(&core, &actor, &slug).await?))
}

/// Edits title, description and author (editor of the home collection).
#[utoipa::path(put, path = "/cards/{slug}", tag = "cards", operation_id = "update-card",
    params(("slug" = String, Path)), request_body = UpdateCardInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn update_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<UpdateCardInput>,
) -> ApiResult<StatusCode> {
    service::update_card(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes the card and its links (editor of the home collection).
#[utoipa::path(delete, path = "/cards/{slug}", tag = "cards", operation_id = "delete-card",
    params(("slug" = String, Path)),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound))]
pub async fn delete_card(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<StatusCode> {
    service::delete_card(&core, &actor, &slug).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Changes the slug (editor of the home collection); 409 when taken.
#[utoipa::path(put, path = "/cards/{slug}/slug", tag = "cards", operation_id = "change-card-slug",
    params(("slug" = String, Path)), request_body = SlugInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Conflict, Unprocessable))]
pub async fn change_card_slug(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<SlugInput>,
) -> ApiResult<StatusCode> {
    service::change_slug(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Moves the card's home collection (owner of its home, editor of the new one).
#[utoipa::path(put, path = "/cards/{slug}/home", tag = "cards", operation_id = "move-card-home",
    params(("slug" = String, Path)), request_body = MoveCardInput,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn move_card_home(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<MoveCardInput>,
) -> ApiResult<StatusCode> {
    service::move_home(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The front (default) or back cover (ETag; 304 on If-None-Match).
#[utoipa::path(get, path = "/cards/{slug}/cover", tag = "cards", operation_id = "get-card-cover",
    params(("slug" = String, Path), SideQuery),
    responses((status = 200, description = "The image", content_type = "image/*"), (status = 304, description = "Unchanged"),
        Unauthorized, NotFound,
        Unprocessable))]
pub async fn get_cover(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<SideQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let side = cover::parse_side(q.side.as_deref())?;
    let (bytes, content_type, hash) = cover::get_cover(&core, &actor, &slug, side).await?;
    Ok(image_response(&headers, bytes, &content_type, &hash))
}

/// Replaces the front (default) or back cover with a multipart image upload (JPEG, PNG, WebP
/// or GIF up to the configured size; metadata stripped) (editor).
#[utoipa::path(post, path = "/cards/{slug}/cover", tag = "cards", operation_id = "upload-card-cover",
    params(("slug" = String, Path), SideQuery), request_body(content = cardsmith_model::upload::ImageUpload, content_type = "multipart/form-data", description = "One image file"),
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        PayloadTooLarge, UnsupportedMediaType,
        Unprocessable))]
pub async fn upload_cover(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(q): ApiQuery<SideQuery>,
    Upload(bytes): Upload,
) -> ApiResult<StatusCode> {
    let side = cover::parse_side(q.side.as_deref())?;
    cover::upload_cover(&core, &actor, &slug, side, bytes).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// How the player plays the card.
#[utoipa::path(get, path = "/cards/{slug}/playback", tag = "cards", operation_id = "get-card-playback",
    params(("slug" = String, Path)),
    responses((status = 200, body = PlaybackConfigOut), Unauthorized,
        NotFound))]
pub async fn get_playback(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<PlaybackConfigOut>> {
    Ok(Json(service::get_playback(&core, &actor, &slug).await?))
}

/// Sets playback: `autoadvance` next|none|repeat, `shuffle` off|on, timeouts in seconds
/// (editor).
#[utoipa::path(put, path = "/cards/{slug}/playback", tag = "cards", operation_id = "set-card-playback",
    params(("slug" = String, Path)), request_body = PlaybackConfigOut,
    responses((status = 204), Unauthorized,
        Forbidden, NotFound,
        Unprocessable))]
pub async fn set_playback(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<PlaybackConfigOut>,
) -> ApiResult<StatusCode> {
    service::set_playback(&core, &actor, &slug, input).await?;
    Ok(StatusCode::NO_CONTENT)
}
