//! The library's answer to one question, drawn on the server: the count, the tiles or rows,
//! the pager, or the empty state. The page renders it into the HTML it sends, and each later
//! question asked in the page comes back from `api::library_answer` as this HTML, which the
//! library puts in place ([`super::CardLibrary`]). So the browser never runs the tiles' code
//! nor decodes a card: the library's island is its controls.

use cardsmith_model::library::{CardPage, CardQuery, CardView};
use leptos::prelude::*;

use super::pager::{summary, Pager};
use super::query::href_for;
use super::rows::CardRows;
use super::tiles::CardGrid;
use crate::api::RenderedAnswer;
use crate::components::layout::{EmptyBox, BUTTON};

/// What a library shows around its answers, decided by whose cards it lists (in the language
/// of the page asking).
pub struct Shelf {
    /// Accessible name of the list of cards.
    label: String,
    /// The page's path, for the pager's addresses.
    path: String,
    /// The collection listed: tiles and rows then say Home or Linked.
    in_collection: Option<String>,
    /// What to do when there are no cards at all.
    when_empty: String,
    /// A link to the next step from the empty state: its address and words.
    next: Option<(&'static str, String)>,
}

impl Shelf {
    /// The cards page: every card the caller can reach.
    pub fn everything() -> Self {
        Self {
            label: tr!("library-cards"),
            path: "/cards".to_owned(),
            in_collection: None,
            when_empty: tr!("library-empty-cards"),
            next: Some(("/collections", tr!("library-go-to-collections"))),
        }
    }

    /// A collection's own list; `editor`: the caller may add cards (the page's form).
    pub fn collection(slug: &str, id: String, editor: bool) -> Self {
        let when_empty = if editor {
            tr!("library-empty-collection-editor")
        } else {
            tr!("library-empty-collection-viewer")
        };
        Self {
            label: tr!("library-cards-in-collection"),
            path: format!("/collections/{slug}"),
            in_collection: Some(id),
            when_empty,
            next: None,
        }
    }
}

/// The answer to `asked`, rendered.
pub fn render(shelf: &Shelf, page: CardPage, asked: &CardQuery) -> RenderedAnswer {
    let announcement = count_of(&page, asked);
    let shown = page.page;
    RenderedAnswer {
        html: Owner::new().with(|| answer_view(shelf, page, asked, announcement.clone()).to_html()),
        announcement,
        page: shown,
    }
}

/// The count in words.
fn count_of(page: &CardPage, asked: &CardQuery) -> String {
    match page.total {
        0 if asked.narrows() => tr!("library-no-cards-match"),
        0 => tr!("library-no-cards"),
        _ => summary(page),
    }
}

/// The count, the tiles or rows and the pager; or why there are none.
fn answer_view(shelf: &Shelf, page: CardPage, asked: &CardQuery, count: String) -> AnyView {
    if page.total == 0 && asked.narrows() {
        let cleared = CardQuery {
            sort: asked.sort,
            view: asked.view,
            ..CardQuery::default()
        };
        return view! {
            <div class="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
                <h2 class="text-lg font-semibold">{tr!("library-no-cards-match")}</h2>
                <p class="mx-auto mt-2 max-w-prose text-slate-600">{tr!("library-no-match-text")}</p>
                <a href=href_for(&shelf.path, &cleared) class=format!("{BUTTON} mt-4") data-ask-in-place="true">
                    {tr!("library-clear-search")}
                </a>
            </div>
        }
        .into_any();
    }
    if page.total == 0 {
        let heading = tr!("library-no-cards-yet");
        let body = shelf.when_empty.clone();
        let next = shelf
            .next
            .as_ref()
            .map(|(href, words)| (*href, words.clone()));
        return view! { <EmptyBox heading body next/> }.into_any();
    }
    let (label, in_collection) = (shelf.label.clone(), shelf.in_collection.clone());
    let (current, pages, query) = (page.page, page.pages(), asked.clone());
    let CardPage { cards, publish, .. } = page;
    let list = match asked.view {
        CardView::Grid => view! { <CardGrid cards label in_collection publish/> }.into_any(),
        CardView::List => view! { <CardRows cards label in_collection publish/> }.into_any(),
    };
    view! {
        <div class="space-y-4">
            <p class="text-sm text-slate-600" data-testid="result-count">{count}</p>
            {list}
            <Pager current pages query path=shelf.path.clone()/>
        </div>
    }
    .into_any()
}
