//! The OpenAPI document (`/openapi.yaml`) and the interactive docs at `/api/docs`, whose
//! Swagger UI assets are compiled into the binary so they work with no internet.

use std::sync::Arc;

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use utoipa::OpenApi;

use crate::state::AppState;

/// Description, server prefix and the 14 operation groups of the service contract.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Cardsmith API",
        description = "Author, organise and publish audio cards for children's audio players.\n\n\
            Every path below is relative to the server URL `/api`. Sign in with `POST /auth/login`; \
            the session travels in the `cardsmith_session` cookie (HttpOnly, SameSite=Lax; named \
            `__Host-cardsmith_session` and Secure when the server's public URL is https). Errors \
            are RFC 9457 `application/problem+json` documents whose `type` is `/problems/{kind}`; \
            validation failures (422) list `errors` as `{pointer, detail}` with JSON Pointers into \
            the request body. Browser requests that change state must come from the app's own \
            origin (403 otherwise).",
    ),
    servers((url = "/api", description = "This server")),
    tags(
        (name = "admin", description = "Users, health, jobs, audit log and server keys (admin role)"),
        (name = "auth", description = "Sign-in, sessions and the caller's own account"),
        (name = "cards", description = "Cards, their tracks, covers and playback settings"),
        (name = "collections", description = "Collections of cards shared with members by role.\n\n\
            Roles, weakest first: `viewer` sees the collection, its cards, members, presets, profile, stats and \
            background; `editor` also creates, edits and deletes cards homed here (covers, playback), renames the \
            collection, sets its background, presets and child profile, links and unlinks cards, and may make it \
            their default; `owner` also changes the slug, manages members and deletes the collection. A card's home \
            collection owns it; members of a collection it is only linked into see it as `viewer`. Collections and \
            cards the caller cannot reach answer 404, never 403. The last owner cannot leave or be demoted (409)."),
        (name = "devices", description = "Players of linked accounts: status, settings, commands"),
        (name = "icons", description = "16x16 track icons: upload, generate, select"),
        (name = "import", description = "Importing user-made cards from a linked account"),
        (name = "jobs", description = "Background jobs and their progress"),
        (name = "labels", description = "Printable card labels and their share links"),
        (name = "publish", description = "Publishing cards to linked accounts and verifying them"),
        (name = "recording", description = "Chunked in-browser recording sessions"),
        (name = "settings", description = "Per-user settings such as AI providers"),
        (name = "tts", description = "Text-to-speech voices and previews"),
        (name = "player-account linking", description = "Linking accounts of the player platform (OAuth 2.0 PKCE)"),
    )
)]
pub struct ApiDoc;

/// Renders the document once at start-up; it cannot change while the process runs.
pub fn yaml(doc: &utoipa::openapi::OpenApi) -> Arc<String> {
    Arc::new(doc.to_yaml().expect("the OpenAPI document renders as YAML"))
}

pub async fn serve_yaml(doc: Arc<String>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/yaml; charset=utf-8")],
        doc.as_str().to_owned(),
    )
        .into_response()
}

/// `/docs` inside the `/api` router.
pub fn docs_router() -> Router<AppState> {
    let config = Arc::new(utoipa_swagger_ui::Config::from("/openapi.yaml"));
    let tail_config = config.clone();
    Router::new()
        .route("/docs", get(|| async { Redirect::permanent("/api/docs/") }))
        .route(
            "/docs/",
            get(move || docs_file(String::new(), config.clone())),
        )
        .route(
            "/docs/{*tail}",
            get(move |Path(tail): Path<String>| docs_file(tail, tail_config.clone())),
        )
}

async fn docs_file(tail: String, config: Arc<utoipa_swagger_ui::Config<'static>>) -> Response {
    match utoipa_swagger_ui::serve(&tail, config) {
        Ok(Some(file)) => (
            [(header::CONTENT_TYPE, file.content_type)],
            file.bytes.to_vec(),
        )
            .into_response(),
        Ok(None) => crate::problem::ApiError::new(StatusCode::NOT_FOUND, "no such docs asset")
            .into_response(),
        Err(e) => {
            tracing::error!(error = %e, "swagger ui asset");
            crate::problem::ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "").into_response()
        }
    }
}
