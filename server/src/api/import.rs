//! Importing cards made on the player platform into Cardsmith.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::player::{import, library};
use cardsmith_core::Core;
use cardsmith_model::import::{
    ImportFromPlayerInput, ImportFromPlayerOutputBody, PlayerLibraryCardOut,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(player_library))
        .routes(routes!(import_from_player))
}

/// The account's own (user-made) cards: shop-bought and streaming cards are left out.
/// `already_imported` when a local card came from it, `locally_edited` when that card changed,
/// `made_here` (the card and its collection) when it was published from a card of Cardsmith's
/// that the caller reaches rather than imported.
#[utoipa::path(get, path = "/player-accounts/{id}/library", tag = "import", operation_id = "player-library",
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<PlayerLibraryCardOut>), Unauthorized,
        NotFound, Conflict))]
pub async fn player_library(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Vec<PlayerLibraryCardOut>>> {
    Ok(Json(library::list(&core, &actor, &id).await?))
}

/// Imports a card: the local card is created at once in `collection_id` (one the caller
/// edits; 422 otherwise) or, without it, in the caller's default collection; the job
/// (`job_id`) downloads its audio (kept as already transcoded) and cover.
#[utoipa::path(post, path = "/cards/import-from-player", tag = "import", operation_id = "import-from-player",
    request_body = ImportFromPlayerInput,
    responses((status = 202, body = ImportFromPlayerOutputBody), Unauthorized,
        Conflict, Unprocessable))]
pub async fn import_from_player(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<ImportFromPlayerInput>,
) -> ApiResult<(StatusCode, Json<ImportFromPlayerOutputBody>)> {
    Ok((
        StatusCode::ACCEPTED,
        Json(import::start(&core, &actor, input).await?),
    ))
}
