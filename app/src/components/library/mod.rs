//! The card library, as the cards page and a collection's card list show it: a search box,
//! filters, an order and two views over one page of answers at a time, with a pager, so a
//! library of a thousand cards is as quick to load and use as one of ten.
//!
//! The question lives in the page's address (`query`); the toolbar (`toolbar`) asks new ones.
//! The server answers with the page already drawn (`answer`, through `api::library_answer`):
//! the page's HTML holds the first answer, and the library puts each later one in its place.
//! The browser thus runs the controls only, never the code of the tiles (`tiles`), rows
//! (`rows`) and pager (`pager`), nor decodes a card. A screen reader hears the new count
//! after each change (one `aria-live` region that stays in the document).

#[cfg(feature = "ssr")]
pub mod answer;
mod browser;
mod bulk;
#[cfg(feature = "ssr")]
mod pager;
mod query;
#[cfg(feature = "ssr")]
mod rows;
mod selection;
#[cfg(feature = "ssr")]
mod tiles;
mod toolbar;

use cardsmith_model::library::{CardQuery, CollectionChoice};
use leptos::ev::MouseEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use self::bulk::BulkActions;
pub use self::query::asked_by_address;
use self::query::{href_for, use_ask, use_card_query};
use self::selection::Selection;
use self::toolbar::CardToolbar;
use crate::address;
use crate::api::{library_answer, LibraryScope, RenderedAnswer, UiError};
use crate::components::form::{ErrorAlert, Feedback, Tone};

#[component]
pub fn CardLibrary(
    /// Whose cards: the question is asked of these.
    scope: LibraryScope,
    /// The collection filter's choices; `None` leaves the filter out (a collection's own page).
    #[prop(optional_no_strip)]
    collections: Option<Vec<CollectionChoice>>,
    /// Prefix of the controls' ids, unique on the page.
    id: &'static str,
    /// Asks the question again whenever it changes (a new card, a publish that changed badges).
    #[prop(optional_no_strip)]
    refresh: Option<Signal<()>>,
    /// The answer to the address's question, rendered by the server.
    children: Children,
) -> impl IntoView {
    let query = use_card_query();
    let ask = use_ask();
    let scope = StoredValue::new(scope);
    let shown = NodeRef::<leptos::html::Div>::new();
    let announced = RwSignal::new(String::new());
    let failed = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let selecting = RwSignal::new(false);
    let selection = RwSignal::new(Selection::default());
    // each question's turn: an answer that arrives after a later question's is dropped
    let turns = StoredValue::new(0_u32);
    let answer = move |asked: CardQuery| {
        let question = asked.clone();
        let turn = turns.get_value().wrapping_add(1);
        turns.set_value(turn);
        busy.set(true);
        spawn_local(async move {
            let answered = library_answer(scope.get_value(), asked).await;
            if turns.get_value() != turn {
                return;
            }
            busy.set(false);
            let (html, problem) = match answered {
                Ok(answer) => {
                    // past the last page the server answers the last: the address says so too
                    if answer.page != question.page {
                        let page = question.on_page(answer.page);
                        address::replace(&href_for(&address::path(), &page));
                    }
                    announced.set(answer.announcement);
                    (answer.html, None)
                }
                // no answer is left standing under a question it does not answer
                Err(e) => (String::new(), Some(unanswered(&e))),
            };
            if let Some(shown) = shown.get_untracked() {
                shown.set_inner_html(&html);
                browser::tick_picked(&shown, &selection.get_untracked());
            }
            failed.set(problem);
        });
    };
    Effect::watch(
        move || query.get(),
        move |asked, _, _| answer(asked.clone()),
        false,
    );
    if let Some(refresh) = refresh {
        Effect::watch(
            move || refresh.track(),
            move |_, _, _| answer(query.get_untracked()),
            false,
        );
    }
    // "Clear search and filters" is a link to the cleared question: followed in place here,
    // and the keyboard's focus, which was on the link the answer replaces, goes to the search
    let follow = move |ev: MouseEvent| {
        if let Some(href) = browser::asked_in_place(&ev) {
            ev.prevent_default();
            let asked = address::query_of(&href);
            ask.run(CardQuery::from_address(|key| asked.get(key)));
            browser::focus(&format!("{id}-search"));
        }
    };
    // a card's checkbox, ticked or unticked: the selection follows
    let picked = move |ev: leptos::ev::Event| {
        if let Some((card, on)) = browser::picked(&ev) {
            selection.update(|s| s.set(card, on));
        }
    };
    let on_page = Callback::new(move |_| {
        if let Some(shown) = shown.get_untracked() {
            selection.update(|s| s.toggle_page(browser::page_cards(&shown)));
            browser::tick_picked(&shown, &selection.get_untracked());
        }
    });
    // leaving selection unticks every box the page shows
    Effect::watch(
        move || selection.with(|s| s.cards.len()),
        move |_, _, _| {
            if let Some(shown) = shown.get_untracked() {
                browser::tick_picked(&shown, &selection.get_untracked());
            }
        },
        false,
    );
    let on_changed = Callback::new(move |_| answer(query.get_untracked()));
    view! {
        <div class="space-y-4">
            <CardToolbar query collections id/>
            <BulkActions selecting selection on_page on_changed/>
            <p class="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="result-announcement">{move || announced.get()}</p>
            <ErrorAlert message=failed/>
            <div node_ref=shown aria-busy=move || busy.get().to_string() on:click=follow on:change=picked
                data-selecting=move || selecting.get().to_string()
                class=move || if busy.get() { "group/library opacity-60 transition-opacity" } else { "group/library transition-opacity" }>
                {children()}
            </div>
        </div>
    }
}

/// What the user reads when a question could not be answered.
fn unanswered(e: &UiError) -> String {
    tr!("library-cards-not-loaded", error = e.to_string())
}

/// The first answer, as a page hands it to the library's island: the server's HTML, or why
/// there is none (the rest of the page still works, and the next question may be answered).
pub fn first_answer(answer: Result<RenderedAnswer, UiError>) -> AnyView {
    match answer {
        Ok(answer) => view! { <div inner_html=answer.html></div> }.into_any(),
        Err(e) => {
            view! { <Feedback tone=Tone::Error alert=true>{unanswered(&e)}</Feedback> }.into_any()
        }
    }
}
