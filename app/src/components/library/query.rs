//! The question lives in the page's address (`?q=…&sort=…&page=2`): reload, back/forward and a
//! shared link keep it, and the server renders the page already answered. Reading it, and
//! asking another, are the only two ways the library's controls touch the router.

use cardsmith_model::library::CardQuery;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::NavigateOptions;

/// The question this page's address asks; follows every navigation.
pub fn use_card_query() -> Memo<CardQuery> {
    let map = use_query_map();
    Memo::new(move |_| map.with(|m| CardQuery::from_address(|key| m.get(key))))
}

/// The address of `query` on the page at `path`, for links (the pager's).
pub fn href_for(path: &str, query: &CardQuery) -> String {
    match query.to_address() {
        address if address.is_empty() => path.to_owned(),
        address => format!("{path}{address}"),
    }
}

/// Asks a question by replacing this page's address: typing, filtering and sorting add no
/// history entries (the pager's links do, so back returns to the page before), and the
/// window keeps its scroll position.
pub fn use_ask() -> Callback<CardQuery> {
    let navigate = use_navigate();
    let path = use_location().pathname;
    Callback::new(move |query: CardQuery| {
        navigate(
            &href_for(&path.get_untracked(), &query),
            NavigateOptions {
                replace: true,
                scroll: false,
                ..Default::default()
            },
        );
    })
}
