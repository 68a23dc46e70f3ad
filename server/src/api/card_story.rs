//! A card's story (our own endpoints, beside the spec's): whether the card plays linear or
//! interactive, and the passages the child steers through with the player's buttons.
//!
//! Reading needs any role that reaches the card; replacing it needs editor in its home
//! collection. Unreachable cards are 404.

use axum::extract::State;
use axum::Json;
use cardsmith_core::cards::story;
use cardsmith_core::Core;
use cardsmith_model::interactive::{StoryIn, StoryOut};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_card_story, put_card_story))
}

/// The card's story and what its check says: errors (an interactive card is not published
/// until they are fixed) and warnings beside their passage. A card that never had a story
/// answers its tracks in order, each going on to the next: where an interactive version
/// starts from.
#[utoipa::path(get, path = "/cards/{slug}/story", tag = "cards", operation_id = "get-card-story",
    params(("slug" = String, Path)),
    responses((status = 200, body = StoryOut), Unauthorized, NotFound))]
pub async fn get_card_story(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<StoryOut>> {
    Ok(Json(story::get_story(&core, &actor, &slug).await?))
}

/// Replaces the card's story as one document and sets how the card plays (editor). Every
/// passage must be one of the card's tracks, once; the start and every choice and ending
/// must lead to a passage; each choice has words (at most 100 characters, spoken in the
/// passage's audio); at most 100 passages. Otherwise 422 names each problem at its passage
/// (`story/passages/N`) and nothing changes. Warnings (a passage nobody reaches, a loop with
/// no way out, a passage too short to say its choices) do not stop the change: they come
/// back with it. A linear card keeps its story for when it turns interactive again.
#[utoipa::path(put, path = "/cards/{slug}/story", tag = "cards", operation_id = "put-card-story",
    params(("slug" = String, Path)), request_body = StoryIn,
    responses((status = 200, body = StoryOut), Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn put_card_story(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    ApiJson(input): ApiJson<StoryIn>,
) -> ApiResult<Json<StoryOut>> {
    Ok(Json(story::put_story(&core, &actor, &slug, input).await?))
}
