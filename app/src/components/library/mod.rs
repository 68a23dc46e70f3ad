//! The card library, as the cards page and a collection's card list show it: a search box,
//! filters, an order and two views over one page of answers at a time, with a pager, so a
//! library of a thousand cards is as quick to load and use as one of ten.
//!
//! The question lives in the page's address (`query`); the toolbar (`toolbar`) asks new ones;
//! the page's resource sends it to the server (`crate::api::search_cards` or
//! `search_collection_cards`), which filters, orders and cuts; the answer shows as tiles
//! (`card_tile::CardGrid`) or rows (`rows`) above the pager (`pager`). A screen reader hears
//! the new count after each change (one `aria-live` region that stays in the document).

mod pager;
mod query;
mod rows;
mod toolbar;

pub use query::use_card_query;

use cardsmith_model::library::{CardPage, CardQuery, CardView, CollectionChoice};
use leptos::prelude::*;

use self::pager::{summary, Pager};
use self::query::use_ask;
use self::rows::CardRows;
use self::toolbar::CardToolbar;
use crate::api::UiError;
use crate::components::card_tile::CardGrid;
use crate::components::layout::{loaded, EmptyBox, BUTTON};

#[component]
pub fn CardLibrary(
    /// The question the address asks (`use_card_query`).
    query: Memo<CardQuery>,
    /// The server's answer to it, created by the page outside any `<Suspense>`.
    results: Resource<Result<CardPage, UiError>>,
    /// The collection filter's choices; `None` on a collection's own page.
    #[prop(optional_no_strip)]
    collections: Option<Resource<Result<Vec<CollectionChoice>, UiError>>>,
    /// Accessible name of the list of cards.
    label: &'static str,
    /// Prefix of the controls' ids, unique on the page.
    id: &'static str,
    /// The collection whose list this is: tiles and rows then say Home or Linked.
    #[prop(optional_no_strip)]
    in_collection: Option<String>,
    /// Heading and text when there are no cards at all.
    empty: (&'static str, &'static str),
    /// A link to the next step from the empty state.
    #[prop(optional_no_strip)]
    next: Option<(&'static str, &'static str)>,
) -> impl IntoView {
    let announced = RwSignal::new(String::new());
    let path = crate::address::path();
    let ask = use_ask();
    let show = move |page: CardPage| {
        let asked = query.get_untracked();
        let count = if page.total == 0 {
            if asked.narrows() {
                "No cards match".to_owned()
            } else {
                "No cards".to_owned()
            }
        } else {
            summary(&page)
        };
        let spoken = count.clone();
        Effect::new(move |_| announced.set(spoken.clone()));
        if page.total == 0 && asked.narrows() {
            let clear = move |_| {
                let now = query.get_untracked();
                ask.run(CardQuery {
                    sort: now.sort,
                    view: now.view,
                    ..CardQuery::default()
                });
            };
            return view! {
                <div class="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
                    <h2 class="text-lg font-semibold">"No cards match"</h2>
                    <p class="mx-auto mt-2 max-w-prose text-slate-600">"Nothing matches these words and filters. Try fewer words, a track's name, or other filters."</p>
                    <button type="button" class=format!("{BUTTON} mt-4") on:click=clear>"Clear search and filters"</button>
                </div>
            }
            .into_any();
        }
        if page.total == 0 {
            let (heading, body) = empty;
            return view! { <EmptyBox heading body next/> }.into_any();
        }
        let publish = page.publish.clone();
        let cards = page.cards.clone();
        let list = match asked.view {
            CardView::Grid => view! {
                <CardGrid cards label in_collection=in_collection.clone() publish/>
            }
            .into_any(),
            CardView::List => view! {
                <CardRows cards label in_collection=in_collection.clone() publish/>
            }
            .into_any(),
        };
        view! {
            <div class="space-y-4">
                <p class="text-sm text-slate-600" data-testid="result-count">{count}</p>
                {list}
                <Pager page query=asked path=path.clone()/>
            </div>
        }
        .into_any()
    };
    view! {
        <div class="space-y-4">
            <CardToolbar query collections id/>
            <p class="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="result-announcement">{move || announced.get()}</p>
            {loaded(results, "cards", show)}
        </div>
    }
}
