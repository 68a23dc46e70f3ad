//! A story card in one step (our own endpoints, beside the spec's): draft a story for the
//! collection's child with the caller's AI providers, then make it into a card by one job.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::{stories, Core};
use cardsmith_model::interactive::plan::ExtraLinks;
use cardsmith_model::story::{
    DraftStoryInput, InteractiveStoryOut, MakeInteractiveStoryInput, MakeStoryInput, MakeStoryOut,
    StoryDraftOut,
};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::multipart::MultipartForm;
use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(draft_story))
        .routes(routes!(make_story))
        .routes(routes!(make_interactive_story))
}

/// Routes that take a story file; `api::router` gives them a body limit of their own.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(import_twine_story))
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

/// Makes an interactive card (editor): a branching story of `passages` passages in which the
/// child chooses `choice_points` times with the player's buttons, about the idea and for the
/// collection's child profile (refined by the preset), written by the first text provider of
/// the caller's cascade when it writes a whole story (every passage reachable, every choice
/// said aloud and leading somewhere, a way to an end from everywhere), else by the offline
/// branching templates (`written_by` says which). The card is created at once, empty; a
/// `story.make` job (`GET /jobs/{id}`) speaks each passage in the voice, wires the story
/// (`GET /cards/{slug}/story`) and adds a cover and icons. The limits of `make-story` apply
/// (two stories of a user made at once: 409; six story requests a minute: 429).
#[utoipa::path(post, path = "/collections/{id}/stories/interactive", tag = "collections", operation_id = "make-interactive-story",
    params(("id" = String, Path)), request_body = MakeInteractiveStoryInput,
    responses((status = 202, body = InteractiveStoryOut), Unauthorized, Forbidden, NotFound,
        (status = 409, description = "Two of the caller's stories are still being made, or the voice's engine is missing", body = Problem, content_type = "application/problem+json"),
        Unprocessable, TooManyRequests))]
pub async fn make_interactive_story(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<MakeInteractiveStoryInput>,
) -> ApiResult<(StatusCode, Json<InteractiveStoryOut>)> {
    Ok((
        StatusCode::ACCEPTED,
        Json(stories::make_interactive(&core, &actor, &id, input).await?),
    ))
}

/// Makes an interactive card of a Twine story (editor): a Twee 3 file or a Twine 2 story
/// published to a file (`.html`), at most 2 MiB. Each passage becomes a passage spoken in
/// the voice (its text, links read as their words; a passage without text says its name),
/// its first link the left button, its second the right, its third the way on by itself, as
/// the platform's own converter reads them; `StoryTitle` names the card. A passage of more
/// than three links is refused (422 naming it) unless `extra_links` is `keep_first`; a link
/// to a passage the story does not have is left out and a long name shortened, each told in
/// `notes`. The card and its `story.make` job are as for `make-interactive-story`.
#[utoipa::path(post, path = "/collections/{id}/stories/twine", tag = "collections", operation_id = "import-twine-story",
    params(("id" = String, Path)),
    request_body(content = cardsmith_model::upload::TwineUpload, content_type = "multipart/form-data", description = "The story file, and optionally the voice"),
    responses((status = 202, body = InteractiveStoryOut), Unauthorized, Forbidden, NotFound,
        (status = 409, description = "Two of the caller's stories are still being made, or the voice's engine is missing", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge, UnsupportedMediaType, Unprocessable, TooManyRequests))]
pub async fn import_twine_story(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    form: MultipartForm,
) -> ApiResult<(StatusCode, Json<InteractiveStoryOut>)> {
    super::collections::editor_before_body(&core, &actor, &id).await?;
    let mut file = Vec::new();
    let mut fields = form.read_into(&mut file, &["voice", "extra_links"]).await?;
    let extra = match fields.take_text("extra_links").as_deref() {
        None | Some("refuse") => ExtraLinks::Refuse,
        Some("keep_first") => ExtraLinks::KeepFirst,
        Some(_) => {
            return Err(cardsmith_core::CoreError::invalid(
                "extra_links",
                "must be refuse or keep_first",
            )
            .into())
        }
    };
    let voice = fields.take_text("voice");
    if let Some(problem) = cardsmith_model::story::voice_problem(voice.as_deref()) {
        return Err(cardsmith_core::CoreError::invalid("voice", problem).into());
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(stories::import_twine(&core, &actor, &id, file, voice.as_deref(), extra).await?),
    ))
}
