//! The question lives in the page's address (`?q=…&sort=…&page=2`): reload, back/forward and a
//! shared link keep it, and the server renders the page already answered. Here it is read
//! (by the page on the server, by the controls in the browser) and each new one written.

use cardsmith_model::library::CardQuery;
use leptos::prelude::*;

use crate::address;

/// The question asked on this page, shared by the library's controls (provided by
/// [`use_card_query`]).
#[derive(Clone, Copy)]
struct Asked(RwSignal<CardQuery>);

/// The question this page's address asks.
pub fn asked_by_address() -> CardQuery {
    let query = address::query();
    CardQuery::from_address(|key| query.get(key))
}

/// The question this page's address asks, then each one asked since; call once per library,
/// before its controls.
pub(super) fn use_card_query() -> Memo<CardQuery> {
    let asked = RwSignal::new(asked_by_address());
    provide_context(Asked(asked));
    Memo::new(move |_| asked.get())
}

/// The address of `query` on the page at `path`, for links (the pager's).
pub fn href_for(path: &str, query: &CardQuery) -> String {
    match query.to_address() {
        address if address.is_empty() => path.to_owned(),
        address => format!("{path}{address}"),
    }
}

/// Asks a question: the library answers it in place, and the page's address becomes the
/// question's (replaced: typing, filtering and sorting add no history entries, while the
/// pager's links do, so back returns to the page before).
pub fn use_ask() -> Callback<CardQuery> {
    let Asked(asked) = expect_context::<Asked>();
    let path = address::path();
    Callback::new(move |query: CardQuery| {
        address::replace(&href_for(&path, &query));
        asked.set(query);
    })
}
