//! The card library's search, for the cards page and a collection's card list: one page of
//! answers (and the count) per call, filtered, ordered and cut on the server, so a browser
//! never receives a whole large library. The REST list (`GET /api/cards`) stays as it is.

use cardsmith_model::library::{CardPage, CardQuery, CollectionChoice};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// One page of every card the caller can reach that answers `query`.
#[server(prefix = "/rpc", endpoint = "search_cards", input = Json)]
pub async fn search_cards(query: CardQuery) -> Result<CardPage, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::cards::search::search(&core, &actor, &query).await?)
}

/// One page of the cards of the collection `slug` (homed there or linked in) that answer
/// `query`; its `collection` is ignored.
#[server(prefix = "/rpc", endpoint = "search_collection_cards", input = Json)]
pub async fn search_collection_cards(slug: String, query: CardQuery) -> Result<CardPage, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::cards::search::search_collection(&core, &actor, &slug, &query).await?)
}

/// The caller's collections, as the library's collection filter offers them (by name).
#[server(prefix = "/rpc", endpoint = "collection_choices")]
pub async fn collection_choices() -> Result<Vec<CollectionChoice>, UiError> {
    let (core, actor) = ssr::caller().await?;
    let mut choices: Vec<CollectionChoice> =
        cardsmith_core::collections::service::list(&core, &actor)
            .await?
            .into_iter()
            .map(|c| CollectionChoice {
                slug: c.slug,
                name: c.name,
            })
            .collect();
    choices.sort_by_key(|c| c.name.to_lowercase());
    Ok(choices)
}
