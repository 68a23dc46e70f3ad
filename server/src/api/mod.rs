//! The documented REST API, served under `/api`. Each resource module owns its routes.

pub mod admin_keys;
pub mod admin_users;
mod audio;
pub mod audit;
pub mod auth;
pub mod backups;
pub mod card_batches;
pub mod card_story;
pub mod cards;
pub mod collection_members;
pub mod collection_presets;
pub mod collections;
pub mod cover_generate;
pub mod deletion;
pub mod devices;
pub mod drops;
pub mod email_tokens;
pub mod examples;
pub mod exports;
pub mod feeds;
pub mod health;
pub mod icon_generate;
pub mod icons;
pub mod import;
pub mod invitations;
pub mod jobs;
pub mod labels;
pub mod live;
pub mod llm_providers;
pub mod mail;
mod media;
pub mod metrics;
mod multipart;
pub mod oidc;
pub mod player_accounts;
pub mod publish;
pub mod recording;
mod respond_async;
pub mod stories;
pub mod system;
pub mod track_batches;
pub mod track_edits;
pub mod tracks;
pub mod tts;

use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn;
use axum::Router;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::openapi::{self, ApiDoc};
use crate::problem::{api_not_found, problems_only};
use crate::state::{AppState, HttpSettings};

/// The `/api` router and the OpenAPI document generated from the same handlers.
pub fn router(http: &HttpSettings) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(system::router())
        .merge(auth::router())
        .merge(oidc::router())
        .merge(admin_users::router())
        .merge(deletion::router())
        .merge(email_tokens::router())
        .merge(health::router())
        .merge(backups::router())
        .merge(exports::router())
        .merge(examples::router())
        .merge(metrics::router())
        .merge(audit::router())
        .merge(mail::router())
        .merge(collections::router())
        .merge(collection_members::router())
        .merge(invitations::router())
        .merge(collection_presets::router())
        .merge(stories::router())
        .merge(cards::router())
        .merge(card_story::router())
        .merge(cover_generate::router())
        .merge(labels::router())
        .merge(tracks::router())
        .merge(track_batches::router())
        .merge(card_batches::router())
        .merge(drops::router())
        .merge(feeds::router())
        .merge(tts::router())
        .merge(icons::router())
        .merge(icon_generate::router())
        .merge(track_edits::router())
        .merge(recording::router())
        .merge(recording::chunk_router())
        .merge(jobs::router())
        .merge(player_accounts::router())
        .merge(devices::router())
        .merge(live::router())
        .merge(admin_keys::router())
        .merge(llm_providers::router())
        .merge(publish::router())
        .merge(import::router())
        .merge(
            // audio streams to disk; the service enforces the configured size (413)
            tracks::upload_router().layer(DefaultBodyLimit::max(
                usize::try_from(http.max_audio_bytes)
                    .unwrap_or(usize::MAX)
                    .saturating_add(1024 * 1024),
            )),
        )
        .merge(
            // a ZIP of cards or of a drop streams to disk; the service bounds each to four
            // audio uploads
            OpenApiRouter::new()
                .merge(exports::upload_router())
                .merge(drops::upload_router())
                .layer(DefaultBodyLimit::max(
                    usize::try_from(http.max_audio_bytes.saturating_mul(4))
                        .unwrap_or(usize::MAX)
                        .saturating_add(1024 * 1024),
                )),
        )
        .merge(
            // a story file, plus multipart framing and its text fields
            stories::upload_router().layer(DefaultBodyLimit::max(
                cardsmith_model::interactive::twee::MAX_TWEE_BYTES + 192 * 1024,
            )),
        )
        .merge(
            // Innermost body limit wins: uploads get room for an image plus multipart framing.
            OpenApiRouter::new()
                .merge(collections::upload_router())
                .merge(cards::upload_router())
                .merge(icons::upload_router())
                .layer(DefaultBodyLimit::max(http.max_image_bytes + 64 * 1024)),
        )
        .split_for_parts();
    let router = router
        .merge(openapi::docs_router())
        .fallback(api_not_found)
        .layer(DefaultBodyLimit::max(http.max_json_bytes))
        .layer(from_fn(problems_only))
        .layer(from_fn(crate::conditional::json_validators));
    let doc = openapi::with_conditional_responses(openapi::with_extractor_responses(doc));
    (router, doc)
}
