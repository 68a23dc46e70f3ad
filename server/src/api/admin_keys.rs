//! Rotating the key that seals stored secrets (linked-account tokens).

use axum::extract::State;
use axum::Json;
use cardsmith_core::crypto::rotate::rotate_key;
use cardsmith_core::Core;
use cardsmith_model::player::RotateKeyInput;
use cardsmith_model::system::MessageOutputBody;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiResult};
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(rotate_encryption_key))
}

/// Re-seals every stored secret from `old_key` to the key the server was started with, in
/// one transaction (admin). Start the server with the new `CARDSMITH_ENCRYPTION_KEY`, then
/// call this with the previous one. A wrong old key is a 422 and changes nothing; running it
/// twice is harmless.
#[utoipa::path(post, path = "/admin/rotate-key", tag = "admin", operation_id = "admin-rotate-key",
    request_body = RotateKeyInput,
    responses((status = 200, body = MessageOutputBody), Unauthorized,
        Forbidden, Unprocessable))]
pub async fn rotate_encryption_key(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiJson(input): ApiJson<RotateKeyInput>,
) -> ApiResult<Json<MessageOutputBody>> {
    let count = rotate_key(&core, &actor, &input.old_key).await?;
    Ok(Json(MessageOutputBody::new(match count {
        1 => "re-encrypted 1 stored secret with the configured key".to_owned(),
        n => format!("re-encrypted {n} stored secrets with the configured key"),
    })))
}
