//! "Download my cards" and the import of such a ZIP: `POST /exports` queues the ZIP as a
//! job, `GET /exports/{id}/download` serves it to who asked, `POST
//! /collections/{id}/import-zip` makes its cards in a collection (`cardsmith_core::export`).

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::export::{job, read};
use cardsmith_core::media::store::IncomingFile;
use cardsmith_core::Core;
use cardsmith_model::export::{ExportInput, ImportZipOut};
use cardsmith_model::job::JobIDOutputBody;
use tokio_util::io::ReaderStream;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::multipart::MultipartForm;
use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable,
    UnsupportedMediaType,
};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_export))
        .routes(routes!(download_export))
}

/// The import route; `api::router` gives it a body limit of its own.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(import_cards_zip))
}

/// Exports cards as a ZIP, as a job (`GET /jobs/{id}` for progress; its `result.download` is
/// where to fetch it): one collection's cards (a viewer may) or, without `collection_id`,
/// every card the caller can see. Each card is a folder with its `card.yaml` (title,
/// description, author, playback settings, tracks in order with titles and descriptions, an
/// interactive card's story), the tracks' original audio, the cover and the chapter icons.
#[utoipa::path(post, path = "/exports", tag = "cards", operation_id = "export-cards",
    request_body = ExportInput,
    responses((status = 202, description = "The export's job", body = JobIDOutputBody),
        Unauthorized, NotFound, Unprocessable))]
pub async fn start_export(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<ExportInput>,
) -> ApiResult<(StatusCode, Json<JobIDOutputBody>)> {
    let job_id = job::start(&core, &actor, input).await?;
    Ok((StatusCode::ACCEPTED, Json(JobIDOutputBody { job_id })))
}

/// The ZIP of a finished export (`application/zip`), to the user who asked for it only;
/// kept for a day. 409 while it is being written.
#[utoipa::path(get, path = "/exports/{id}/download", tag = "cards", operation_id = "download-export",
    params(("id" = String, Path, description = "The export's job id")),
    responses((status = 200, description = "The ZIP", content_type = "application/zip", body = Vec<u8>),
        Unauthorized, NotFound, Conflict))]
pub async fn download_export(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Response> {
    let (size, body) = match job::download(&core, &actor, &id).await? {
        job::ExportFile::Local { path, size } => {
            let file = tokio::fs::File::open(&path)
                .await
                .map_err(|e| cardsmith_core::CoreError::internal("opening the export", e))?;
            (
                size,
                Body::from_stream(ReaderStream::with_capacity(file, 256 * 1024)),
            )
        }
        job::ExportFile::Object(object) => {
            (object.len, Body::from_stream(object.stream(None).await?))
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (header::CONTENT_LENGTH, size.to_string()),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"cardsmith-cards.zip\"".to_owned(),
            ),
        ],
        body,
    )
        .into_response())
}

/// Makes the cards of a ZIP `export-cards` made in this collection (editor): each card with
/// its tracks (transcoded as uploads are), cover, icons, settings and story. Everything is
/// checked before anything is made, and the import makes all its cards or none: a damaged
/// or hostile archive (names outside it, links, more than 10,000 entries, a declared size
/// beyond four audio uploads, a ZIP bomb, a file that does not match its hash, a card.yaml
/// of the wrong shape) is a 422 or 413 naming the file. A card the collection already holds
/// (same title, same audio by content hash) is not made again: `already_there`.
#[utoipa::path(post, path = "/collections/{id}/import-zip", tag = "collections", operation_id = "import-cards-zip",
    params(("id" = String, Path)),
    request_body(content = cardsmith_model::upload::CardsZipUpload, content_type = "multipart/form-data", description = "`file`: the ZIP"),
    responses((status = 201, body = ImportZipOut), Unauthorized, Forbidden, NotFound,
        PayloadTooLarge, UnsupportedMediaType, Unprocessable))]
pub async fn import_cards_zip(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    form: MultipartForm,
) -> ApiResult<(StatusCode, Json<ImportZipOut>)> {
    super::collections::editor_before_body(&core, &actor, &id).await?;
    let mut file = IncomingFile::create(&core.settings.data_dir, read::max_total(&core)).await?;
    form.read_into(&mut file, &[]).await?;
    let (path, _, size) = file.finish().await?;
    let imported = if size == 0 {
        Err(cardsmith_core::CoreError::invalid("file", "is empty"))
    } else {
        read::import_zip(&core, &actor, &id, &path).await
    };
    let _ = tokio::fs::remove_file(&path).await;
    Ok((StatusCode::CREATED, Json(imported?)))
}
