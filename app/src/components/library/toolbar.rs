//! The controls above a card list: a search box (asked 300 ms after the last keystroke, or at
//! once on Enter), the filters, the order and the view. Each change asks a new question through
//! the address ([`super::query`]); the controls follow the address in turn, so a reload or a
//! shared link shows them as the results are. Controls changed before the island wakes keep
//! their new value and ask it once it runs.
//!
//! Phone first: the search box takes a row of its own, the selects two to a row, and from
//! `sm` up everything sits in wrapping rows.

use std::time::Duration;

use cardsmith_model::library::{
    CardQuery, CardSort, CardView, Choice, CollectionChoice, PublishFilter, TrackFilter,
    MAX_SEARCH_CHARS,
};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::query::use_ask;
use crate::components::form::early::early_value;

/// How long typing pauses before the search is asked.
const DEBOUNCE: Duration = Duration::from_millis(300);

const LABEL: &str = "block text-xs font-medium text-slate-600";
/// Phones get 16 px type in every control (smaller makes them zoom the page on focus); from
/// `sm` up the controls share one height.
const SELECT: &str = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-base shadow-sm sm:text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";
/// One select's box: half a phone's row, its own width from `sm` up.
const CELL: &str = "min-w-0 basis-[calc(50%-0.375rem)] grow sm:basis-auto sm:grow-0";

#[component]
pub fn CardToolbar(
    query: Memo<CardQuery>,
    /// The collection filter's choices; `None` leaves the filter out (a collection's own page).
    collections: Option<Vec<CollectionChoice>>,
    /// Prefix of the controls' ids, unique on the page.
    id: &'static str,
) -> impl IntoView {
    let ask = use_ask();
    let now = move || query.get_untracked();
    view! {
        <form role="search" aria-label=tr!("library-search-and-filter") novalidate
            class="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
            on:submit=|ev: SubmitEvent| ev.prevent_default()>
            <SearchBox query id/>
            {collections.map(|choices| view! { <CollectionFilter query choices id/> })}
            {choice_select(format!("{id}-publish"), tr!("library-publish-state"), publish_words,
                move || query.with(|q| q.publish),
                move |c: PublishFilter| ask.run(now().refined(|q| q.publish = c)))}
            {choice_select(format!("{id}-tracks"), tr!("library-tracks"), track_words,
                move || query.with(|q| q.tracks),
                move |c: TrackFilter| ask.run(now().refined(|q| q.tracks = c)))}
            {choice_select(format!("{id}-sort"), tr!("library-sort-by"), sort_words,
                move || query.with(|q| q.sort),
                move |c| ask.run(now().refined(|q| q.sort = c)))}
            <ViewToggle query/>
        </form>
    }
}

/// The search box: asks 300 ms after typing stops, at once on Enter, and shows what the
/// address asks when that changes by other means (the answer's "clear" link).
#[component]
fn SearchBox(query: Memo<CardQuery>, id: &'static str) -> impl IntoView {
    let ask = use_ask();
    let input_id = format!("{id}-search");
    // The server's box is live before the island wakes: words typed into it meanwhile are
    // kept, and asked as soon as the island runs.
    let asked = query.with_untracked(|q| q.q.clone());
    let typed = early_value(&input_id).filter(|typed| typed.trim() != asked);
    let text = RwSignal::new(typed.clone().unwrap_or(asked));
    Effect::watch(
        move || query.with(|q| q.q.clone()),
        move |asked, _, _| {
            // the trailing space being typed is not a difference
            if text.with_untracked(|t| t.trim() != asked) {
                text.set(asked.clone());
            }
        },
        false,
    );
    let waiting = StoredValue::new(None::<TimeoutHandle>);
    let search_now = move || {
        if let Some(handle) = waiting.get_value() {
            handle.clear();
        }
        waiting.set_value(None);
        let words: String =
            text.with_untracked(|t| t.trim().chars().take(MAX_SEARCH_CHARS).collect());
        let current = query.get_untracked();
        if current.q != words {
            ask.run(current.refined(|q| q.q = words));
        }
    };
    let on_input = move |ev| {
        text.set(event_target_value(&ev));
        if let Some(handle) = waiting.get_value() {
            handle.clear();
        }
        waiting.set_value(set_timeout_with_handle(search_now, DEBOUNCE).ok());
    };
    if typed.is_some() {
        // an effect runs once the island is live, in the browser only
        Effect::new(move |_| search_now());
    }
    // the attribute for the server's HTML, the property once hydrated
    let initial = text.get_untracked();
    view! {
        <div class="w-full min-w-0 sm:w-auto sm:min-w-64 sm:flex-1">
            <label for=input_id.clone() class=LABEL>{tr!("library-search-cards")}</label>
            <input id=input_id type="search" name="q" maxlength=MAX_SEARCH_CHARS.to_string()
                autocomplete="off" enterkeyhint="search"
                placeholder=tr!("library-search-placeholder")
                class="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
                value=initial prop:value=move || text.get()
                on:input=on_input
                on:keydown=move |ev| if ev.key() == "Enter" { ev.prevent_default(); search_now() }/>
        </div>
    }
}

/// The collection filter: every collection of the caller's, by name.
#[component]
fn CollectionFilter(
    query: Memo<CardQuery>,
    choices: Vec<CollectionChoice>,
    id: &'static str,
) -> impl IntoView {
    let ask = use_ask();
    let select_id = format!("{id}-collection");
    let current = move || query.with(|q| q.collection.clone().unwrap_or_default());
    let choose = move |slug: String| {
        ask.run(query.get_untracked().refined(|q| {
            q.collection = (!slug.is_empty()).then_some(slug);
        }));
    };
    let now = query.with_untracked(|q| q.collection.clone().unwrap_or_default());
    if let Some(slug) = early_value(&select_id).filter(|picked| *picked != now) {
        // picked before the island woke: asked once it runs (an effect, in the browser only)
        Effect::new(move |_| choose(slug.clone()));
    }
    view! {
        <div class=CELL>
            <label for=select_id.clone() class=LABEL>{tr!("library-collection")}</label>
            <select id=select_id class=SELECT prop:value=current
                on:change=move |ev| choose(event_target_value(&ev))>
                <option value="" selected=now.is_empty()>{tr!("library-all-collections")}</option>
                {choices.into_iter().map(|c| {
                    let chosen = now == c.slug;
                    view! { <option value=c.slug selected=chosen>{c.name}</option> }
                }).collect_view()}
            </select>
        </div>
    }
}

/// A labelled `<select>` of one [`Choice`], its options named by `words`, showing `current`
/// and calling `pick` on a change.
fn choice_select<C: Choice + Send + Sync>(
    id: String,
    label: String,
    words: fn(C) -> String,
    current: impl Fn() -> C + Copy + Send + Sync + 'static,
    pick: impl Fn(C) + Copy + 'static,
) -> impl IntoView {
    let on_change = move |ev| {
        if let Some(choice) = C::parse(&event_target_value(&ev)) {
            pick(choice);
        }
    };
    let now = current();
    let early = early_value(&id).and_then(|word| C::parse(&word));
    if let Some(choice) = early.filter(|choice| *choice != now) {
        // picked before the island woke: asked once it runs (an effect, in the browser only)
        Effect::new(move |_| pick(choice));
    }
    view! {
        <div class=CELL>
            <label for=id.clone() class=LABEL>{label}</label>
            <select id=id class=SELECT prop:value=move || current().word() on:change=on_change>
                {C::ALL.iter().map(|(choice, word, _)| view! {
                    <option value=*word selected={*choice == now}>{words(*choice)}</option>
                }).collect_view()}
            </select>
        </div>
    }
}

/// Tiles or list: two toggle buttons, the pressed one showing which is on.
#[component]
fn ViewToggle(query: Memo<CardQuery>) -> impl IntoView {
    let ask = use_ask();
    view! {
        <div role="group" aria-label=tr!("library-view") class="inline-flex shrink-0 overflow-hidden rounded-lg border border-slate-300 bg-white text-sm font-medium">
            {CardView::ALL.iter().map(|(choice, ..)| {
                let choice = *choice;
                let on = move || query.with(|q| q.view == choice);
                view! {
                    <button type="button" aria-pressed=move || on().to_string()
                        class=move || format!(
                            "px-3 py-2 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-indigo-300 {}",
                            if on() { "bg-indigo-600 text-white" } else { "text-slate-700 hover:bg-slate-50" },
                        )
                        on:click=move |_| {
                            if !on() {
                                ask.run(query.get_untracked().viewed_as(choice));
                            }
                        }>
                        {view_words(choice)}
                    </button>
                }
            }).collect_view()}
        </div>
    }
}

/// A publish filter's words, as its option shows them.
fn publish_words(filter: PublishFilter) -> String {
    match filter {
        PublishFilter::Any => tr!("library-filter-any"),
        PublishFilter::Never => tr!("library-publish-never"),
        PublishFilter::OnPlayer => tr!("library-publish-on-player"),
        PublishFilter::Changed => tr!("library-publish-changed"),
        PublishFilter::Publishing => tr!("library-publish-publishing"),
        PublishFilter::Failed => tr!("library-publish-failed"),
    }
}

/// A track filter's words.
fn track_words(filter: TrackFilter) -> String {
    match filter {
        TrackFilter::Any => tr!("library-filter-any"),
        TrackFilter::WithTracks => tr!("library-tracks-some"),
        TrackFilter::Empty => tr!("library-tracks-none"),
    }
}

/// An order's words.
fn sort_words(sort: CardSort) -> String {
    match sort {
        CardSort::Title => tr!("library-sort-title"),
        CardSort::Updated => tr!("library-sort-updated"),
        CardSort::Created => tr!("library-sort-created"),
    }
}

/// A view's words, on its toggle button.
fn view_words(view: CardView) -> String {
    match view {
        CardView::Grid => tr!("library-view-tiles"),
        CardView::List => tr!("library-view-list"),
    }
}
