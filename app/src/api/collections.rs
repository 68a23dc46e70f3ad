//! Collections themselves: list, create, read, rename, slug, default, stats, delete.

use cardsmith_model::collection::{CollectionOut, CollectionStatsOutputBody};
use leptos::prelude::*;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

#[server(prefix = "/rpc", endpoint = "list_collections")]
pub async fn list_collections() -> Result<Vec<CollectionOut>, UiError> {
    use cardsmith_core::collections::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::list(&core, &actor).await.map_err(ssr::fail)
}

/// Creates a collection; the slug is derived from the name (made unique by the server).
#[server(prefix = "/rpc", endpoint = "create_collection")]
pub async fn create_collection(
    name: String,
    description: String,
) -> Result<CollectionOut, UiError> {
    use cardsmith_core::collections::service;
    use cardsmith_model::collection::CreateCollectionInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    let input = CreateCollectionInput {
        name,
        description,
        slug: None,
    };
    service::create(&core, &actor, input)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "update_collection")]
pub async fn update_collection(
    id: String,
    name: String,
    description: String,
) -> Result<(), UiError> {
    use cardsmith_core::collections::service;
    use cardsmith_model::collection::UpdateCollectionInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::update(
        &core,
        &actor,
        &id,
        UpdateCollectionInput { name, description },
    )
    .await
    .map_err(ssr::fail)
}

/// Deletes a collection. Without `cascade` the server refuses (409) while cards live here.
#[server(prefix = "/rpc", endpoint = "delete_collection")]
pub async fn delete_collection(id: String, cascade: bool) -> Result<(), UiError> {
    use cardsmith_core::collections::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::delete(&core, &actor, &id, cascade)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "change_collection_slug")]
pub async fn change_collection_slug(id: String, slug: String) -> Result<(), UiError> {
    use cardsmith_core::collections::service;
    use cardsmith_model::collection::SlugInput;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::change_slug(&core, &actor, &id, SlugInput { slug })
        .await
        .map_err(ssr::fail)
}

/// Whether `slug` is free in `space` (`collections` or `cards`). Answers with the slug it
/// checked, so a form typing ahead can ignore answers about an older value.
#[server(prefix = "/rpc", endpoint = "slug_available")]
pub async fn slug_available(space: String, slug: String) -> Result<(String, bool), UiError> {
    use cardsmith_core::{cards, collections};
    let core = ssr::core();
    // Signed-in callers only, like the REST endpoints.
    ssr::actor(&core).await?;
    let answer = match space.as_str() {
        "cards" => cards::service::slug_available(&core, &slug).await,
        "collections" => collections::service::slug_available(&core, &slug).await,
        _ => {
            let detail = "space must be collections or cards";
            return Err(UiError(cardsmith_model::Problem::new(400, detail)));
        }
    };
    answer.map(|a| (slug, a.available)).map_err(ssr::fail)
}

/// Makes the collection the caller's default, where quick recordings land.
#[server(prefix = "/rpc", endpoint = "set_default_collection")]
pub async fn set_default_collection(id: String) -> Result<(), UiError> {
    use cardsmith_core::collections::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::set_default(&core, &actor, &id)
        .await
        .map_err(ssr::fail)
}

#[server(prefix = "/rpc", endpoint = "collection_stats")]
pub async fn collection_stats(id: String) -> Result<CollectionStatsOutputBody, UiError> {
    use cardsmith_core::collections::service;
    let core = ssr::core();
    let actor = ssr::actor(&core).await?;
    service::stats(&core, &actor, &id).await.map_err(ssr::fail)
}
