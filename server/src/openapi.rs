//! The OpenAPI document (`/openapi.yaml`) and the interactive docs at `/api/docs`, whose
//! Swagger UI assets are compiled into the binary so they work with no internet.

use std::sync::Arc;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use utoipa::OpenApi;

use crate::problem::ApiPath;
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
            origin (403 otherwise).\n\n\
            Deliberate deviations from the service spec, both for safety: (1) a browser request \
            that changes state and carries a foreign `Origin` or `Sec-Fetch-Site: cross-site` is \
            refused with 403 (clients that are not browsers send neither header and are not \
            affected); (2) `GET /player-accounts/callback` completes a link only for the session \
            that started it (403 otherwise). Extensions the spec does not name are optional: \
            `seq` on recording chunks (without it chunks are appended in arrival order).",
    ),
    servers((url = "/api", description = "This server")),
    // named by every error response (crate::problem::responses), which do not register it
    components(schemas(cardsmith_model::Problem)),
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
        (name = "drops", description = "Folders and ZIPs of audio dropped on a collection: files, the plan of cards they make, the confirm that makes them"),
        (name = "feeds", description = "Podcast and audio feeds made into cards: the latest episodes as chapters, refreshed on a schedule"),
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

/// Adds to every operation the statuses its shared extractors answer, unless its own
/// annotation already lists them, so the document names every status an operation can give:
///
/// - a request body that cannot be read: 400 (malformed JSON or multipart) or 413 (larger
///   than the body limit);
/// - a JSON body ([`crate::problem::ApiJson`]): 415 without a JSON `Content-Type`, 422 when
///   well-formed but of the wrong shape (with a pointer to the member at fault);
/// - query parameters ([`crate::problem::ApiQuery`]): 400 when the query string does not
///   parse into them, naming the parameter.
///
/// Handlers list only what their own logic answers; `scripts/fuzz` checks the sum.
pub fn with_extractor_responses(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::path::ParameterIn;

    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for op in operations.into_iter().flatten() {
            let has_query = op
                .parameters
                .iter()
                .flatten()
                .any(|p| p.parameter_in == ParameterIn::Query);
            let body_types: Vec<&str> = op
                .request_body
                .iter()
                .flat_map(|b| b.content.keys().map(String::as_str))
                .collect();
            let json_body = body_types.contains(&"application/json");
            let mut added: Vec<(u16, &str)> = Vec::new();
            if !body_types.is_empty() {
                added.push((400, "The body is malformed"));
                added.push((413, "The body is larger than this server accepts"));
            }
            if json_body {
                added.push((415, "The body is not sent as JSON"));
                added.push((422, "The body is not of the documented shape"));
            }
            if has_query {
                added.push((400, "A query parameter is missing or malformed"));
            }
            for (status, description) in added {
                op.responses
                    .responses
                    .entry(status.to_string())
                    .or_insert_with(|| problem_response(description).into());
            }
        }
    }
    doc
}

/// Adds `304 Not Modified` to every `GET` whose `200` is JSON: [`crate::conditional`] answers
/// it to a matching `If-None-Match`.
pub fn with_conditional_responses(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::openapi::ResponseBuilder;

    for op in doc
        .paths
        .paths
        .values_mut()
        .filter_map(|item| item.get.as_mut())
    {
        let json_ok = op.responses.responses.get("200").is_some_and(|r| match r {
            utoipa::openapi::RefOr::T(response) => {
                response.content.contains_key("application/json")
            }
            utoipa::openapi::RefOr::Ref(_) => false,
        });
        if json_ok {
            op.responses.responses.entry("304".into()).or_insert_with(|| {
                ResponseBuilder::new()
                    .description("Not modified: the answer is still the one the `If-None-Match` tag names")
                    .build()
                    .into()
            });
        }
    }
    doc
}

/// An `application/problem+json` response with the `Problem` schema.
fn problem_response(description: &str) -> utoipa::openapi::Response {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content(
            cardsmith_model::problem::PROBLEM_CONTENT_TYPE,
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build(),
        )
        .build()
}

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
            get(move |ApiPath(tail): ApiPath<String>| docs_file(tail, tail_config.clone())),
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
