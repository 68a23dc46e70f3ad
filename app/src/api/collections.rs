//! Collections themselves: list, create, read, rename, slug, default, stats, delete.

use cardsmith_model::collection::{
    CollectionOut, CollectionStatsOutputBody, CreateCollectionInput, SlugInput,
    UpdateCollectionInput,
};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
#[cfg(feature = "ssr")]
use cardsmith_core::collections::service;

#[server(prefix = "/rpc", endpoint = "list_collections")]
pub async fn list_collections() -> Result<Vec<CollectionOut>, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::list(&core, &actor).await?)
}

/// Creates a collection; without a slug one is derived from the name (made unique).
#[server(prefix = "/rpc", endpoint = "create_collection", input = Json)]
pub async fn create_collection(input: CreateCollectionInput) -> Result<CollectionOut, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::create(&core, &actor, input).await?)
}

#[server(prefix = "/rpc", endpoint = "update_collection", input = Json)]
pub async fn update_collection(id: String, input: UpdateCollectionInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::update(&core, &actor, &id, input).await?)
}

/// Deletes a collection. Without `cascade` the server refuses (409) while cards live here.
#[server(prefix = "/rpc", endpoint = "delete_collection")]
pub async fn delete_collection(id: String, cascade: bool) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::delete(&core, &actor, &id, cascade).await?)
}

#[server(prefix = "/rpc", endpoint = "change_collection_slug", input = Json)]
pub async fn change_collection_slug(id: String, input: SlugInput) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::change_slug(&core, &actor, &id, input).await?)
}

/// Whether `slug` is free in `space` (`collections` or `cards`). Answers with the slug it
/// checked, so a form typing ahead can ignore answers about an older value.
#[server(prefix = "/rpc", endpoint = "slug_available")]
pub async fn slug_available(space: String, slug: String) -> Result<(String, bool), UiError> {
    use cardsmith_core::cards;
    // Signed-in callers only, like the REST endpoints.
    let (core, _) = ssr::caller().await?;
    let answer = match space.as_str() {
        "cards" => cards::service::slug_available(&core, &slug).await?,
        "collections" => service::slug_available(&core, &slug).await?,
        _ => {
            let detail = "space must be collections or cards";
            return Err(UiError(cardsmith_model::Problem::new(400, detail)));
        }
    };
    Ok((slug, answer.available))
}

/// Makes the collection the caller's default, where quick recordings land.
#[server(prefix = "/rpc", endpoint = "set_default_collection")]
pub async fn set_default_collection(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::set_default(&core, &actor, &id).await?)
}

#[server(prefix = "/rpc", endpoint = "collection_stats")]
pub async fn collection_stats(id: String) -> Result<CollectionStatsOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(service::stats(&core, &actor, &id).await?)
}
