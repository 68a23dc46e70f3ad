//! `POST /admin/seed-examples` and `GET /admin/seed-status`: example content made offline
//! (`cardsmith_core::examples`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::{examples, Core};
use cardsmith_model::examples::{SeedExampleOutputBody, SeedStatusOutputBody};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Forbidden, Unauthorized};
use crate::problem::ApiResult;
use crate::session::AdminCaller;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(seed_examples))
        .routes(routes!(seed_status))
}

/// Creates the example content: a collection named "Examples", owned by the caller, with 3
/// cards of 2 or 3 chapters each. Every chapter is a short story spoken by an offline voice
/// on this server (flite, else espeak-ng), added like an upload (probed, stored, queued for a
/// `transcode` job: the tracks read `pending` until their job has run, see
/// `GET /admin/seed-status`); every card gets a drawn 638x1011 PNG cover and every chapter a
/// drawn 16x16 icon. Nothing is fetched from the network. Takes a few seconds.
///
/// Seeding is done once per instance: when it was done before (even if the examples were
/// deleted since), the answer is 201 with both counts 0 and nothing is created. A seed that
/// fails removes what it made, so it can be retried. Audited as `examples.seeded`.
#[utoipa::path(post, path = "/admin/seed-examples", tag = "admin", operation_id = "seed-examples",
    responses(
        (status = 201, description = "What this call created (zeros when the instance was seeded before)", body = SeedExampleOutputBody),
        Unauthorized,
        Forbidden,
        (status = 409, description = "Another seed is running right now, or no offline voice (espeak-ng, flite) is installed",
            body = cardsmith_model::Problem, content_type = "application/problem+json"),
    ))]
pub async fn seed_examples(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<(StatusCode, Json<SeedExampleOutputBody>)> {
    let counts = examples::seed(&core, &actor).await?;
    Ok((StatusCode::CREATED, Json(counts)))
}

/// Whether the examples were seeded on this instance, plus (extensions a spec-only client can
/// ignore) the examples collection while it exists and how many of its tracks are
/// transcoded (`tracks_ready` of `tracks_total`).
#[utoipa::path(get, path = "/admin/seed-status", tag = "admin", operation_id = "seed-status",
    responses(
        (status = 200, description = "Whether the instance has its examples", body = SeedStatusOutputBody),
        Unauthorized,
        Forbidden,
    ))]
pub async fn seed_status(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<SeedStatusOutputBody>> {
    Ok(Json(examples::status(&core, &actor).await?))
}
