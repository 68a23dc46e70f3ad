//! Many tracks of a card at once (`cardsmith_core::tracks::batch`): one request, one
//! transaction, and one undo per card.

use axum::extract::{FromRequest, Request, State};
use axum::Json;
use cardsmith_core::tracks::batch;
use cardsmith_core::Core;
use cardsmith_model::track_batch::{TrackBatchInput, TrackBatchOut, TrackBatchUndoOut};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{
    Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized, Unprocessable,
};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(batch_tracks))
        .routes(routes!(last_track_batch, undo_track_batch))
}

/// One action over many of the card's tracks (editor; `move` and `copy` need editor on
/// `to_card` too): delete, move or copy to another card, move to top or bottom, sort by title
/// or by the audio's tag numbers, reverse, rename by pattern, set the icon, or make the audio
/// again. All or nothing: a named track that is not on the card (another editor deleted it)
/// refuses the whole batch with a 422 naming each one (`/tracks/N`). With `preview` nothing
/// changes: the answer says what would. The card keeps the batch for one undo.
#[utoipa::path(post, path = "/cards/{slug}/tracks/batch", tag = "cards", operation_id = "batch-tracks",
    params(("slug" = String, Path)), request_body = TrackBatchInput,
    responses((status = 200, body = TrackBatchOut), Unauthorized,
        Forbidden, NotFound,
        PayloadTooLarge, Unprocessable))]
pub async fn batch_tracks(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
    request: Request,
) -> ApiResult<Json<TrackBatchOut>> {
    // the role before the body: a viewer's malformed batch is a 403 like any other
    let card = batch::require_editor(&core, &actor, &slug).await?;
    let ApiJson(input) = ApiJson::<TrackBatchInput>::from_request(request, &()).await?;
    Ok(Json(batch::apply(&core, &actor, card, input).await?))
}

/// The card's last batch, if it can still be undone (any role on the card): it can while
/// the tracks it touched are as it left them.
#[utoipa::path(get, path = "/cards/{slug}/tracks/batch/undo", tag = "cards", operation_id = "get-track-batch-undo",
    params(("slug" = String, Path)),
    responses((status = 200, body = TrackBatchUndoOut), Unauthorized,
        NotFound))]
pub async fn last_track_batch(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<TrackBatchUndoOut>> {
    Ok(Json(batch::last(&core, &actor, &slug).await?))
}

/// Undoes the card's last batch (editor): every card it touched is put back as it was —
/// deleted tracks return with their audio and icons, moved ones come home, copies go. Answers
/// the batch undone (`available` is then false). Nothing to undo, or tracks changed since, is
/// a 409.
#[utoipa::path(post, path = "/cards/{slug}/tracks/batch/undo", tag = "cards", operation_id = "undo-track-batch",
    params(("slug" = String, Path)),
    responses((status = 200, body = TrackBatchUndoOut), Unauthorized,
        Forbidden, NotFound,
        Conflict))]
pub async fn undo_track_batch(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<TrackBatchUndoOut>> {
    Ok(Json(batch::undo(&core, &actor, &slug).await?))
}
