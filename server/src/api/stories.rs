//! A story card in one step (our own endpoints, beside the spec's): draft a story for the
//! collection's child with the caller's AI providers, then make it into a card by one job.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::{stories, Core};
use cardsmith_model::story::{DraftStoryInput, MakeStoryInput, MakeStoryOut, StoryDraftOut};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized, Unprocessable,
};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(draft_story))
        .routes(routes!(make_story))
}

/// Drafts a story (editor): the first text provider of the caller's cascade writes it for
/// the collection's child profile, refined by the preset (length, vocabulary), and the text
/// is checked against the profile's avoided themes. Nothing is stored; the parent edits the
/// draft and sends it to `POST /collections/{id}/stories`. 409 when no provider can write
/// (offline: the parent writes the story) or the provider's stories kept touching avoided
/// themes; 429 past six story requests a minute.
#[utoipa::path(post, path = "/collections/{id}/stories/draft", tag = "collections", operation_id = "draft-story",
    params(("id" = String, Path)), request_body = DraftStoryInput,
    responses((status = 200, body = StoryDraftOut), Unauthorized, Forbidden, NotFound, Conflict,
        Unprocessable, TooManyRequests))]
pub async fn draft_story(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<DraftStoryInput>,
) -> ApiResult<Json<StoryDraftOut>> {
    Ok(Json(stories::draft(&core, &actor, &id, input).await?))
}

/// Makes a story into a card (editor): the card is created at once, empty; a `story.make`
/// job (`GET /jobs/{id}` for progress) cuts the text into chapters (`Chapter N: Title` or
/// `# Title` lines, else paragraphs of a few minutes), speaks each in the voice (the body's,
/// else the preset's, else the profile's, else the default offline voice) through the
/// normal track pipeline, and gives the card a cover and chapter icons. At most two of a
/// user's stories are made at once (409 for a third), six story requests (drafts and cards)
/// a minute per user (429), and the generation queue takes users in turn.
#[utoipa::path(post, path = "/collections/{id}/stories", tag = "collections", operation_id = "make-story",
    params(("id" = String, Path)), request_body = MakeStoryInput,
    responses((status = 202, body = MakeStoryOut), Unauthorized, Forbidden, NotFound,
        (status = 409, description = "Two of the caller's stories are still being made (the next waits for one of them)", body = Problem, content_type = "application/problem+json"),
        Unprocessable, TooManyRequests))]
pub async fn make_story(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MakeStoryInput>,
) -> ApiResult<(StatusCode, Json<MakeStoryOut>)> {
    Ok((
        StatusCode::ACCEPTED,
        Json(stories::make(&core, &actor, &id, input).await?),
    ))
}
