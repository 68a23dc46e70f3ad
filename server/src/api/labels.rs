//! Label sheets (PDF/SVG) and their public share links.

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::labels::{self, LabelFile};
use cardsmith_core::Core;
use cardsmith_model::label::{GenerateLabelsInput, GenerateLabelsOutputBody, LabelShareOut};
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_labels))
        .routes(routes!(get_label))
        .routes(routes!(share_label))
        .routes(routes!(list_shares, revoke_all_shares))
        .routes(routes!(revoke_share))
}

/// Renders printable labels at real card size (54 × 85.6 mm) with the whole front cover, title,
/// author and the chapter list (numbers, icons, titles), cut marks, and an embedded font.
/// `format` is `pdf` or `svg`; `page_size` is `a4` or `letter` (nine cards a page), `card`
/// (one card a page at card size), `avery-l7166` (A4, six stickers) or `avery-5168` (US
/// Letter, four stickers). Every card must be reachable by the caller.
#[utoipa::path(post, path = "/labels/generate", tag = "labels", operation_id = "generate-labels",
    request_body = GenerateLabelsInput,
    responses((status = 201, body = GenerateLabelsOutputBody), Unauthorized,
        (status = 404, description = "A card is not reachable", body = Problem, content_type = "application/problem+json"),
        Unprocessable))]
pub async fn generate_labels(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<GenerateLabelsInput>,
) -> ApiResult<(StatusCode, Json<GenerateLabelsOutputBody>)> {
    Ok((
        StatusCode::CREATED,
        Json(labels::generate(&core, &actor, input).await?),
    ))
}

/// Downloads one of the caller's label files.
#[utoipa::path(get, path = "/labels/{filename}", tag = "labels", operation_id = "get-label",
    params(("filename" = String, Path)),
    responses((status = 200, description = "The PDF or SVG", content(("application/pdf"), ("image/svg+xml"))),
        Unauthorized, NotFound))]
pub async fn get_label(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(filename): ApiPath<String>,
) -> ApiResult<Response> {
    Ok(file_response(
        labels::get_file(&core, &actor, &filename).await?,
    ))
}

/// A label file as a download that browsers can also show inline.
///
/// An SVG is a document that could carry script, and share links serve it to anybody from
/// this origin: it goes out with `Content-Security-Policy: sandbox` (no script, an opaque
/// origin) and `nosniff`. PDFs are not sandboxed: that stops browsers' built-in viewers.
pub fn file_response((bytes, content_type, filename): LabelFile) -> Response {
    let mut response = (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"cardsmith-labels-{filename}\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response();
    if content_type.starts_with("image/svg") {
        response.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            header::HeaderValue::from_static("sandbox"),
        );
    }
    response
}

/// Creates a public link to a label (by id or filename) that works without a session until
/// revoked.
#[utoipa::path(post, path = "/labels/{id}/share", tag = "labels", operation_id = "share-label",
    params(("id" = String, Path, description = "Label id or filename")),
    responses((status = 201, body = LabelShareOut), Unauthorized,
        NotFound))]
pub async fn share_label(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<(StatusCode, Json<LabelShareOut>)> {
    Ok((
        StatusCode::CREATED,
        Json(labels::share(&core, &actor, &id).await?),
    ))
}

/// The caller's live share links, newest first.
#[utoipa::path(get, path = "/shares", tag = "labels", operation_id = "list-shares",
    responses((status = 200, body = Vec<LabelShareOut>), Unauthorized))]
pub async fn list_shares(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<LabelShareOut>>> {
    Ok(Json(labels::list_shares(&core, &actor).await?))
}

/// Revokes every share link of the caller; the links stop working at once.
#[utoipa::path(delete, path = "/shares", tag = "labels", operation_id = "revoke-all-shares",
    responses((status = 204), Unauthorized))]
pub async fn revoke_all_shares(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<StatusCode> {
    labels::revoke_all(&core, &actor).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Revokes one share link; it stops working at once.
#[utoipa::path(delete, path = "/shares/{id}", tag = "labels", operation_id = "revoke-share",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized,
        NotFound))]
pub async fn revoke_share(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    labels::revoke(&core, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /shared/labels/{token}`: the public side of a share link (no session).
pub async fn open_shared_label(
    State(core): State<Core>,
    ApiPath(token): ApiPath<String>,
) -> ApiResult<Response> {
    Ok(file_response(labels::shared_file(&core, &token).await?))
}
