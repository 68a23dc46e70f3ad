//! The card library's search, for the cards page and a collection's card list: one page of
//! answers per question, filtered, ordered and cut on the server, and rendered there too
//! (`components::library::answer`), so a browser never receives a whole large library nor the
//! code that draws it. The REST list (`GET /api/cards`) stays as it is.

use cardsmith_model::library::{CardQuery, CollectionChoice};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// Whose cards a library lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LibraryScope {
    /// Every card the caller can reach (the cards page).
    Everything,
    /// The cards of the collection with this slug, homed there or linked in.
    Collection(String),
}

/// The answer to one question, as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RenderedAnswer {
    /// The count, the tiles or rows and the pager, as HTML rendered (and escaped) by the
    /// server; the library puts it in place of the previous answer.
    pub html: String,
    /// The count in words ("Showing 1–48 of 120 cards", "No cards match"), for screen readers.
    pub announcement: String,
    /// The page shown: the one asked for, or the last when that was past the end (the
    /// library then corrects the address).
    pub page: u32,
}

/// What the cards page shows at first paint: the collection filter's choices and the answer
/// to the address's question.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CardsPageData {
    pub collections: Vec<CollectionChoice>,
    pub answer: RenderedAnswer,
    /// Set while the caller can reach no card at all: the ways to start.
    pub first_run: Option<FirstRun>,
}

/// The starts an empty library offers besides recording and uploading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstRun {
    /// The example cards can be made (an admin, on an instance without them).
    pub examples: bool,
    /// No player account is linked yet.
    pub link_player: bool,
}

/// One page of `scope`'s cards that answer `query`, rendered.
#[server(prefix = "/rpc", endpoint = "library_answer", input = Json)]
pub async fn library_answer(
    scope: LibraryScope,
    query: CardQuery,
) -> Result<RenderedAnswer, UiError> {
    let (core, actor) = ssr::caller().await?;
    answer(&core, &actor, scope, query).await
}

/// The cards page's first paint, in one call.
#[server(prefix = "/rpc", endpoint = "cards_page", input = Json)]
pub async fn cards_page(query: CardQuery) -> Result<CardsPageData, UiError> {
    let (core, actor) = ssr::caller().await?;
    let reachable = cardsmith_core::collections::service::list(&core, &actor).await?;
    let empty = reachable.iter().all(|c| c.card_count == 0);
    let mut collections: Vec<CollectionChoice> = reachable
        .into_iter()
        .map(|c| CollectionChoice {
            slug: c.slug,
            name: c.name,
        })
        .collect();
    collections.sort_by_key(|c| c.name.to_lowercase());
    let first_run = match empty {
        true => Some(first_run(&core, &actor).await?),
        false => None,
    };
    Ok(CardsPageData {
        answer: answer(&core, &actor, LibraryScope::Everything, query).await?,
        collections,
        first_run,
    })
}

#[cfg(feature = "ssr")]
async fn first_run(
    core: &cardsmith_core::Core,
    actor: &cardsmith_core::Actor,
) -> Result<FirstRun, UiError> {
    let examples =
        actor.user.is_admin() && !cardsmith_core::examples::status(core, actor).await?.seeded;
    let accounts = cardsmith_core::player::accounts::list(core, actor).await?;
    Ok(FirstRun {
        examples,
        link_player: accounts.is_empty(),
    })
}

#[cfg(feature = "ssr")]
async fn answer(
    core: &cardsmith_core::Core,
    actor: &cardsmith_core::Actor,
    scope: LibraryScope,
    query: CardQuery,
) -> Result<RenderedAnswer, UiError> {
    use crate::components::library::answer::{render, Shelf};
    use cardsmith_core::cards::search;
    use cardsmith_model::validate::CollectionRole;
    Ok(match scope {
        LibraryScope::Everything => {
            let page = search::search(core, actor, &query).await?;
            render(&Shelf::everything(), page, &query)
        }
        LibraryScope::Collection(slug) => {
            // the page's own collection is the filter: one named in its address means nothing
            let query = CardQuery {
                collection: None,
                ..query
            };
            let found = search::search_collection(core, actor, &slug, &query).await?;
            let editor = found.role >= CollectionRole::Editor;
            let shelf = Shelf::collection(&slug, found.collection_id, editor);
            render(&shelf, found.page, &query)
        }
    })
}
