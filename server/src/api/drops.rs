//! A folder or ZIP of audio dropped on a collection (`cardsmith_core::drops`): start a drop,
//! send its files (any number of requests, in parallel, again after a lost connection), read
//! the plan, confirm it as edited. Nothing is made before the confirm.

use axum::extract::{FromRequest, Request, State};
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::drops::{self, make, receive};
use cardsmith_core::{Core, CoreError};
use cardsmith_model::drop::{
    ConfirmDropInput, CreateDropInput, DropFilesOut, DropGrouping, DropMadeOut, DropOut,
};
use cardsmith_model::{FieldError, Problem};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::multipart::{FilePart, MultipartForm};
use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_drop))
        .routes(routes!(get_drop, delete_drop))
        .routes(routes!(confirm_drop))
        .routes(routes!(drop_cover_preview))
}

/// The route that takes files: a ZIP streams to disk, bounded as a drop is.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(add_drop_files))
}

/// Starts a drop in the collection (editor): an empty one, which `POST /drops/{id}/files`
/// fills. `name` (the folder's or the ZIP's) titles a card made of the drop's top level. A
/// drop is its maker's alone and is removed a day after it was started.
#[utoipa::path(post, path = "/collections/{id}/drops", tag = "drops", operation_id = "create-drop",
    params(("id" = String, Path)), request_body = CreateDropInput,
    responses((status = 201, body = DropOut), Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn create_drop(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    request: Request,
) -> ApiResult<(StatusCode, Json<DropOut>)> {
    super::collections::editor_before_body(&core, &actor, &id).await?;
    let ApiJson(input) = ApiJson::<CreateDropInput>::from_request(request, &()).await?;
    let drop = drops::create(&core, &actor, &id, input).await?;
    Ok((StatusCode::CREATED, Json(drop)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DropQuery {
    /// How the plan makes cards: `per-folder` (the default) or `one-card`.
    pub grouping: Option<DropGrouping>,
}

/// The drop (its maker): its files as probed, and the plan they make — the cards, their
/// chapters in order with titles and matched icons, covers, and the files refused with why.
/// The plan is worked out afresh from the files each time, `grouping`'s way.
#[utoipa::path(get, path = "/drops/{id}", tag = "drops", operation_id = "get-drop",
    params(("id" = String, Path), DropQuery),
    responses((status = 200, body = DropOut), Unauthorized, NotFound, Unprocessable))]
pub async fn get_drop(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<DropQuery>,
) -> ApiResult<Json<DropOut>> {
    let grouping = q.grouping.unwrap_or_default();
    Ok(Json(drops::get(&core, &actor, &id, grouping).await?))
}

/// Removes the drop and its files (its maker); cards it made stay.
#[utoipa::path(delete, path = "/drops/{id}", tag = "drops", operation_id = "delete-drop",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized, NotFound, Conflict))]
pub async fn delete_drop(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    drops::delete(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Adds files to the drop (its maker, while open), each probed as it lands: audio (with its
/// tags), a picture, audio that cannot be used (damaged, longer than a track may be, larger
/// than an upload may be: kept as refused with why, and the rest go on) or anything else. A
/// ZIP is opened and its files kept one by one; a hostile one (names outside it, links, a
/// bomb, too many entries, a size past the drop's room) is refused whole. A path sent again
/// replaces its file, so a lost connection is mended by sending the missing files again.
/// Answers the files this request kept.
#[utoipa::path(post, path = "/drops/{id}/files", tag = "drops", operation_id = "add-drop-files",
    params(("id" = String, Path)),
    request_body(content = cardsmith_model::upload::DropFilesUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = DropFilesOut), Unauthorized, NotFound, Conflict,
        PayloadTooLarge, UnsupportedMediaType, Unprocessable))]
pub async fn add_drop_files(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    mut form: MultipartForm,
) -> ApiResult<Json<DropFilesOut>> {
    let drop = drops::require_open(&core, &actor, &id).await?;
    let data_dir = core.settings.data_dir.clone();
    let mut files = Vec::new();
    let mut any = false;
    while let Some((name, part)) = form
        .next_file(&data_dir, core.settings.max_audio_bytes)
        .await?
    {
        any = true;
        let arrived = match part {
            FilePart::Complete(file) if file.size() == 0 => {
                return Err(CoreError::invalid("file", "is empty").into());
            }
            FilePart::Complete(file) => {
                let (path, hash, size) = file.finish().await?;
                receive::Arrived::File(path, hash, size)
            }
            FilePart::TooLarge(size) => receive::Arrived::TooLarge(size),
        };
        let name = name.unwrap_or_default();
        files.extend(receive::add(&core, &drop, &name, arrived).await?);
    }
    if !any {
        return Err(ApiError::from(Problem::invalid(vec![FieldError::new(
            "file",
            "is required: the multipart body had no file",
        )])));
    }
    Ok(Json(DropFilesOut { files }))
}

/// Makes the cards of the drop's plan as given (its maker, while open): usually `plan.cards`
/// of `GET /drops/{id}`, edited — titles, order, which files, covers, icons. Every chapter
/// must be an audio file of the drop (named once), every cover a picture of it or audio with
/// one inside, every icon a glyph of the library; a 422 names each one that is not, and
/// nothing is made. All cards or none; the chapters are then transcoded as uploads are.
/// Answers the cards made; the drop's files are then gone.
#[utoipa::path(post, path = "/drops/{id}/confirm", tag = "drops", operation_id = "confirm-drop",
    params(("id" = String, Path)), request_body = ConfirmDropInput,
    responses((status = 201, body = DropMadeOut), Unauthorized, NotFound, Conflict,
        PayloadTooLarge, Unprocessable))]
pub async fn confirm_drop(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    request: Request,
) -> ApiResult<(StatusCode, Json<DropMadeOut>)> {
    let drop = drops::require_open(&core, &actor, &id).await?;
    let ApiJson(input) = ApiJson::<ConfirmDropInput>::from_request(request, &()).await?;
    let made = make::confirm(&core, &actor, &drop, input).await?;
    Ok((StatusCode::CREATED, Json(made)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    /// A picture of the drop, or an audio file with a picture inside (a plan's cover path).
    #[param(min_length = 1, max_length = 400)]
    pub path: String,
}

/// A small picture (at most 320 pixels a side) of a planned cover (the drop's maker): the
/// drop's picture at `path`, or the one inside audio file `path`, decoded and re-encoded.
#[utoipa::path(get, path = "/drops/{id}/preview", tag = "drops", operation_id = "get-drop-preview",
    params(("id" = String, Path), PreviewQuery),
    responses((status = 200, description = "The picture", content_type = "image/*"), Unauthorized,
        NotFound, PayloadTooLarge, UnsupportedMediaType, Unprocessable))]
pub async fn drop_cover_preview(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<PreviewQuery>,
) -> ApiResult<axum::response::Response> {
    use axum::http::header;
    use axum::response::IntoResponse;
    let drop = drops::require_own(&core, &actor, &id).await?;
    let (bytes, content_type) = drops::preview::cover_preview(&core, &drop, &q.path).await?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "private, max-age=300"),
        ],
        bytes,
    )
        .into_response())
}
