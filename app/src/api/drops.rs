//! The "Add a folder" page's data; the page itself talks to the REST endpoints of drops (its
//! files go up with progress, which only `XMLHttpRequest` reports).

use leptos::prelude::*;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;
use crate::pages::drop::DropPageData;

/// The collections the caller edits (the address's `collection` first, else their default),
/// and the drop being resumed, when the address names one of theirs.
#[server(prefix = "/rpc", endpoint = "drop_page")]
pub async fn drop_page(
    collection: Option<String>,
    drop: Option<String>,
) -> Result<DropPageData, UiError> {
    use cardsmith_model::drop::DropGrouping;
    let (core, actor) = ssr::caller().await?;
    let destinations = cardsmith_core::player::library::destinations(&core, &actor).await?;
    let preselected = collection
        .filter(|id| destinations.collections.iter().any(|c| &c.id == id))
        .or(destinations.preselected);
    let drop = match drop {
        // a drop that is gone (made and expired, or never theirs) starts the page afresh
        Some(id) => cardsmith_core::drops::get(&core, &actor, &id, DropGrouping::default())
            .await
            .ok(),
        None => None,
    };
    Ok(DropPageData {
        collections: destinations.collections,
        preselected,
        drop,
    })
}
