//! Many cards of the library at once (`cardsmith_core::cards::batch`): move, link or delete
//! them in one request and one transaction.

use axum::extract::State;
use axum::Json;
use cardsmith_core::cards::batch;
use cardsmith_core::Core;
use cardsmith_model::card_batch::{CardBatchInput, CardBatchOut};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(batch_cards))
}

/// One action over many cards: `move` them to collection `collection_id` (owner of each
/// card's home, editor there), `link` them into it (editor of each card's home, editor there;
/// a card already at home there is left as it is) or `delete` them with their tracks (editor
/// of each card's home). All or nothing: a card the caller cannot see, or may not act on,
/// refuses the whole batch with a 422 naming each one (`/cards/N`). With `preview` nothing
/// changes: the answer says which cards and how many tracks (what a delete would take along).
#[utoipa::path(post, path = "/cards/batch", tag = "cards", operation_id = "batch-cards",
    request_body = CardBatchInput,
    responses((status = 200, body = CardBatchOut), Unauthorized, Forbidden, NotFound,
        Unprocessable))]
pub async fn batch_cards(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<CardBatchInput>,
) -> ApiResult<Json<CardBatchOut>> {
    Ok(Json(batch::apply(&core, &actor, input).await?))
}
