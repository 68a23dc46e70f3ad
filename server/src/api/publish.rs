//! Publishing cards to linked accounts of the player platform.
//!
//! `POST /publish` answers 202 with the plan: per card and account, `create`, `update` or
//! `unchanged` (same `content_hash` as last published: nothing is sent), how many audio files
//! and bytes the account lacks, whether the cover must be uploaded, and the `job_id` to poll.
//! `dry_run: true` answers the plan only. Each job uploads only missing audio and covers, then
//! the whole card document. `POST /publish/verify` compares accounts with local state.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::player::publish;
use cardsmith_core::Core;
use cardsmith_model::publish::{
    PublishInput, PublishOutputBody, PublishRecordOut, VerifyPublishInput, VerifyPublishOutputBody,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::Caller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(publish_cards))
        .routes(routes!(verify_publish))
        .routes(routes!(publish_status))
}

/// Plans and queues publishing (202; 200 for a dry run).
#[utoipa::path(post, path = "/publish", tag = "publish", operation_id = "publish-cards",
    request_body = PublishInput,
    responses((status = 202, body = PublishOutputBody), (status = 200, body = PublishOutputBody, description = "dry run: the plan only"),
        Unauthorized, NotFound,
        Conflict, Unprocessable))]
pub async fn publish_cards(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<PublishInput>,
) -> ApiResult<(StatusCode, Json<PublishOutputBody>)> {
    let out = publish::publish(&core, &actor, input).await?;
    let status = if out.dry_run {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    Ok((status, Json(out)))
}

/// Each card on each account: `in_sync`, `changed_locally`, `changed_upstream`, `missing`
/// or `never_published`.
#[utoipa::path(post, path = "/publish/verify", tag = "publish", operation_id = "verify-publish",
    request_body = VerifyPublishInput,
    responses((status = 200, body = VerifyPublishOutputBody), Unauthorized,
        Conflict, Unprocessable))]
pub async fn verify_publish(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<VerifyPublishInput>,
) -> ApiResult<Json<VerifyPublishOutputBody>> {
    Ok(Json(publish::verify(&core, &actor, input).await?))
}

/// Where the card was published among the caller's accounts.
#[utoipa::path(get, path = "/cards/{slug}/publish-status", tag = "publish", operation_id = "card-publish-status",
    params(("slug" = String, Path)),
    responses((status = 200, body = Vec<PublishRecordOut>), Unauthorized,
        NotFound))]
pub async fn publish_status(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<Vec<PublishRecordOut>>> {
    Ok(Json(publish::status(&core, &actor, &slug).await?))
}
