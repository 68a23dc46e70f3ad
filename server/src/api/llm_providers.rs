//! AI providers: the instance's (`/admin/llm-providers`, admins) and each user's own
//! (`/settings/llm-providers`), their tests, and the caller's resolved cascade.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use cardsmith_core::ai::probe;
use cardsmith_core::ai::providers::{self, Scope};
use cardsmith_core::Core;
use cardsmith_model::llm::{
    CreateProviderInput, LLMProviderOut, TestProviderInput, TestProviderOutputBody,
    UpdateProviderInput,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::{Conflict, Forbidden, NotFound, Unauthorized, Unprocessable};
use crate::problem::{ApiJson, ApiPath, ApiResult};
use crate::session::{AdminCaller, Caller};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_system, create_system))
        .routes(routes!(update_system, delete_system))
        .routes(routes!(test_unsaved))
        .routes(routes!(list_mine, create_mine))
        .routes(routes!(update_mine, delete_mine))
        .routes(routes!(test_mine))
        .routes(routes!(cascade))
}

/// The instance's providers, which every user's cascade tries after their own (admin).
/// Money is in dollars except the monthly cap and spend (cents); the API key is never
/// returned, only `has_key`.
#[utoipa::path(get, path = "/admin/llm-providers", tag = "admin", operation_id = "admin-list-llm-providers",
    responses((status = 200, body = Vec<LLMProviderOut>), Unauthorized, Forbidden))]
pub async fn list_system(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
) -> ApiResult<Json<Vec<LLMProviderOut>>> {
    Ok(Json(providers::list(&core, &actor, Scope::System).await?))
}

/// Adds a system provider (admin). Kinds: `openai`, `anthropic`, `gemini`, `ideogram`,
/// `elevenlabs` (a key is required), `openai-compatible` and `ollama` (local servers; the key
/// may be empty). `base_url` is optional: absent, the operator's configured URL for the kind
/// (or the provider's public one) is used; an admin's URL is trusted. `budget_usd` is a
/// lifetime budget; `monthly_budget_cents` an optional monthly cap that resets on the first
/// of each month (UTC). 409 when 20 system providers exist.
#[utoipa::path(post, path = "/admin/llm-providers", tag = "admin", operation_id = "admin-create-llm-provider",
    request_body = CreateProviderInput,
    responses((status = 201, body = LLMProviderOut), Unauthorized, Forbidden, Conflict,
        Unprocessable))]
pub async fn create_system(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiJson(input): ApiJson<CreateProviderInput>,
) -> ApiResult<(StatusCode, Json<LLMProviderOut>)> {
    let out = providers::create(&core, &actor, Scope::System, input).await?;
    Ok((StatusCode::CREATED, Json(out)))
}

/// Replaces a system provider's settings (admin). `api_key` absent or null keeps the stored
/// key, `""` removes it; what was spent stays.
#[utoipa::path(put, path = "/admin/llm-providers/{id}", tag = "admin", operation_id = "admin-update-llm-provider",
    params(("id" = String, Path)), request_body = UpdateProviderInput,
    responses((status = 204), Unauthorized, Forbidden, NotFound, Unprocessable))]
pub async fn update_system(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<UpdateProviderInput>,
) -> ApiResult<StatusCode> {
    providers::update(&core, &actor, Scope::System, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes a system provider (admin); the record of its calls stays.
#[utoipa::path(delete, path = "/admin/llm-providers/{id}", tag = "admin", operation_id = "admin-delete-llm-provider",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized, Forbidden, NotFound))]
pub async fn delete_system(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    providers::delete(&core, &actor, Scope::System, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Tries a key before it is saved (admin): one minimal real call that costs nothing (the
/// provider's model or voice list). A failed test is still 200, with `ok: false` and the
/// reason in words.
#[utoipa::path(post, path = "/admin/llm-providers/test", tag = "admin", operation_id = "admin-test-llm-provider",
    request_body = TestProviderInput,
    responses((status = 200, body = TestProviderOutputBody), Unauthorized, Forbidden,
        Unprocessable))]
pub async fn test_unsaved(
    State(core): State<Core>,
    AdminCaller(actor): AdminCaller,
    ApiJson(input): ApiJson<TestProviderInput>,
) -> ApiResult<Json<TestProviderOutputBody>> {
    Ok(Json(probe::test_unsaved(&core, &actor, input).await?))
}

/// The caller's own providers, which their cascade tries first, by priority. Nobody else
/// sees them; the API key is never returned, only `has_key`.
#[utoipa::path(get, path = "/settings/llm-providers", tag = "settings", operation_id = "list-llm-providers",
    responses((status = 200, body = Vec<LLMProviderOut>), Unauthorized))]
pub async fn list_mine(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<LLMProviderOut>>> {
    Ok(Json(providers::list(&core, &actor, Scope::Mine).await?))
}

/// Adds one of the caller's own providers; the body and rules of the admin's. A `base_url`
/// must reach a public internet address unless the operator allows private AI URLs
/// (`--allow-private-ai-urls`). 409 when the caller keeps 20 providers already.
#[utoipa::path(post, path = "/settings/llm-providers", tag = "settings", operation_id = "create-llm-provider",
    request_body = CreateProviderInput,
    responses((status = 201, body = LLMProviderOut), Unauthorized, Conflict, Unprocessable))]
pub async fn create_mine(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiJson(input): ApiJson<CreateProviderInput>,
) -> ApiResult<(StatusCode, Json<LLMProviderOut>)> {
    let out = providers::create(&core, &actor, Scope::Mine, input).await?;
    Ok((StatusCode::CREATED, Json(out)))
}

/// Replaces one of the caller's providers' settings. `api_key` absent or null keeps the
/// stored key, `""` removes it. Another user's provider is a 404, like a missing one.
#[utoipa::path(put, path = "/settings/llm-providers/{id}", tag = "settings", operation_id = "update-llm-provider",
    params(("id" = String, Path)), request_body = UpdateProviderInput,
    responses((status = 204), Unauthorized, NotFound, Unprocessable))]
pub async fn update_mine(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
    ApiJson(input): ApiJson<UpdateProviderInput>,
) -> ApiResult<StatusCode> {
    providers::update(&core, &actor, Scope::Mine, &id, input).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes one of the caller's providers (404 for anybody else's).
#[utoipa::path(delete, path = "/settings/llm-providers/{id}", tag = "settings", operation_id = "delete-llm-provider",
    params(("id" = String, Path)),
    responses((status = 204), Unauthorized, NotFound))]
pub async fn delete_mine(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    providers::delete(&core, &actor, Scope::Mine, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Tries one of the caller's saved providers with one minimal real call that costs nothing.
/// A failed test is still 200, with `ok: false` and the reason in words; another user's
/// provider is a 404.
#[utoipa::path(post, path = "/settings/llm-providers/{id}/test", tag = "settings", operation_id = "test-llm-provider",
    params(("id" = String, Path)),
    responses((status = 200, body = TestProviderOutputBody), Unauthorized, NotFound))]
pub async fn test_mine(
    State(core): State<Core>,
    Caller(actor): Caller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<TestProviderOutputBody>> {
    Ok(Json(probe::test_saved(&core, &actor, &id).await?))
}

/// The caller's resolved cascade, in the order a generation call tries it: their own usable
/// providers by priority, then the instance's by priority, then the built-in offline
/// provider. A provider is left out while it is disabled, has no key though its kind needs
/// one, has no budget left (`budget_left` 0) or has reached its monthly cap; each call also
/// skips providers that cannot do what it asks (e.g. Anthropic for a picture) or whose
/// estimate does not fit what is left. The last entry is always offline (local speech,
/// procedural covers, curated icons): `provider`, `id` and `model` are `offline`,
/// `owner_type` is `system`, it has no key and every money field is 0. The instance's
/// records show a caller who is not an admin only their kind, model, priority and key
/// presence: their money fields are 0 and `base_url`, `last_error` and
/// `monthly_budget_cents` are `null` (admins see them whole under `/admin/llm-providers`).
#[utoipa::path(get, path = "/settings/llm-providers/cascade", tag = "settings", operation_id = "llm-provider-cascade",
    responses((status = 200, body = Vec<LLMProviderOut>), Unauthorized))]
pub async fn cascade(
    State(core): State<Core>,
    Caller(actor): Caller,
) -> ApiResult<Json<Vec<LLMProviderOut>>> {
    Ok(Json(providers::cascade(&core, &actor).await?))
}
