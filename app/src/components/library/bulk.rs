//! Actions on many cards of the library: "Select cards" shows a checkbox on every card, and
//! the bar above the answer acts on the ones ticked (on any page): move them to a collection,
//! link them into one, publish them to player accounts (one plan for all), export them as a
//! ZIP, or delete them — after a confirmation that says how many tracks go with them.

use cardsmith_model::card_batch::{CardBatchAction, CardBatchInput, CardBatchOut};
use cardsmith_model::collection::CollectionOut;
use cardsmith_model::export::ExportInput;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::selection::{Picked, Selection};
use crate::api::rest::{self, Verb};
use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::layout::{ProgressBar, BUTTON, DANGER_BUTTON};
use crate::components::publish::{Pick, PublishButton};

/// What the bar is asking for.
#[derive(Debug, Clone, PartialEq)]
enum Asking {
    Nothing,
    /// A collection to move or link the cards into.
    Collection(CardBatchAction),
    /// The go-ahead to delete, with the server's count of what goes.
    Delete(CardBatchOut),
}

/// The "Select cards" button, and while selecting, the bar of actions.
#[component]
pub fn BulkActions(
    selecting: RwSignal<bool>,
    selection: RwSignal<Selection>,
    /// Ticks every card of the page shown (or unticks them when all are).
    on_page: Callback<()>,
    /// The library's answer is asked again (cards moved or deleted).
    on_changed: Callback<()>,
) -> impl IntoView {
    let asking = RwSignal::new(Asking::Nothing);
    let error = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let count = move || selection.with(|s| s.cards.len());
    let none = move || count() == 0;
    let leave = move |_| {
        selecting.set(false);
        selection.set(Selection::default());
        asking.set(Asking::Nothing);
    };
    let run = move |input: CardBatchInput| {
        busy.set(true);
        error.set(None);
        spawn_local(async move {
            let answer: Result<CardBatchOut, String> =
                rest::send(Verb::Post, "/api/cards/batch", &input).await;
            busy.set(false);
            match answer {
                Ok(out) if out.preview => asking.set(Asking::Delete(out)),
                Ok(out) => {
                    done.set(Some(said(&out)));
                    asking.set(Asking::Nothing);
                    selection.set(Selection::default());
                    on_changed.run(());
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let batch = move |action: CardBatchAction, collection_id: Option<String>, preview: bool| {
        run(CardBatchInput {
            cards: selection.with_untracked(Selection::slugs),
            action,
            collection_id,
            preview,
        })
    };
    let picks =
        Signal::derive(move || selection.with(|s| s.cards.iter().map(pick_of).collect::<Vec<_>>()));
    view! {
        <Show when=move || selecting.get()
            fallback=move || view! {
                <button type="button" class=BUTTON on:click=move |_| { done.set(None); selecting.set(true) }>{tr!("library-select")}</button>
                <StatusNote message=done/>
            }>
            <section aria-label=tr!("library-bulk") data-testid="bulk-bar"
                class="sticky top-0 z-20 space-y-3 rounded-xl border border-indigo-200 bg-indigo-50 p-3 shadow-sm">
                <div class="flex flex-wrap items-center gap-2">
                    <p class="mr-auto text-sm font-medium" role="status" data-testid="bulk-count">
                        {move || tr!("library-bulk-selected", count = count(), tracks = selection.with(Selection::tracks))}
                    </p>
                    <button type="button" class=BUTTON on:click=move |_| on_page.run(())>{tr!("library-select-page")}</button>
                    <button type="button" class=BUTTON on:click=leave>{tr!("library-select-done")}</button>
                </div>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=BUTTON disabled=move || none() || busy.get()
                        on:click=move |_| asking.set(Asking::Collection(CardBatchAction::Move))>{tr!("library-bulk-move")}</button>
                    <button type="button" class=BUTTON disabled=move || none() || busy.get()
                        on:click=move |_| asking.set(Asking::Collection(CardBatchAction::Link))>{tr!("library-bulk-link")}</button>
                    <PublishButton cards=picks label=tr!("library-bulk-publish") on_change=on_changed/>
                    <ExportChosen selection/>
                    <button type="button" class=DANGER_BUTTON disabled=move || none() || busy.get()
                        on:click=move |_| batch(CardBatchAction::Delete, None, true)>{tr!("library-bulk-delete")}</button>
                </div>
                <ErrorAlert message=error/>
                {move || match asking.get() {
                    Asking::Nothing => ().into_any(),
                    Asking::Collection(action) => view! {
                        <ChooseCollection action on_chosen=Callback::new(move |id: String| batch(action, Some(id), false))
                            on_cancel=Callback::new(move |_| asking.set(Asking::Nothing))/>
                    }.into_any(),
                    Asking::Delete(out) => view! {
                        <div role="alertdialog" aria-labelledby="bulk-delete-question" class="space-y-2 rounded-lg bg-white p-3">
                            <p id="bulk-delete-question" class="font-medium text-rose-800">
                                {tr!("library-bulk-delete-question", count = out.cards.len(), tracks = out.tracks)}
                            </p>
                            <div class="flex flex-wrap gap-2">
                                <button type="button" class=DANGER_BUTTON disabled=move || busy.get()
                                    on:click=move |_| batch(CardBatchAction::Delete, None, false)>
                                    {tr!("library-bulk-delete-confirm", count = out.cards.len())}
                                </button>
                                <button type="button" class=BUTTON on:click=move |_| asking.set(Asking::Nothing)>{tr!("library-bulk-cancel")}</button>
                            </div>
                        </div>
                    }.into_any(),
                }}
            </section>
            <StatusNote message=done/>
        </Show>
    }
}

/// What a batch did, in words.
fn said(out: &CardBatchOut) -> String {
    let count = out.cards.len();
    match out.action {
        CardBatchAction::Move => tr!("library-bulk-moved", count = count),
        CardBatchAction::Link => tr!("library-bulk-linked", count = count),
        CardBatchAction::Delete => tr!("library-bulk-deleted", count = count, tracks = out.tracks),
    }
}

/// A selected card as the publish dialog lists it.
fn pick_of(card: &Picked) -> Pick {
    Pick {
        slug: card.slug.clone(),
        title: card.title.clone(),
        collection_id: card.collection.clone(),
        track_count: card.tracks,
        badge: None,
    }
}

/// The collections the caller edits, to move or link the cards into.
#[component]
fn ChooseCollection(
    action: CardBatchAction,
    on_chosen: Callback<String>,
    on_cancel: Callback<()>,
) -> impl IntoView {
    let collections = RwSignal::new(None::<Result<Vec<CollectionOut>, String>>);
    let chosen = RwSignal::new(String::new());
    Effect::new(move |_| {
        spawn_local(async move {
            let listed = rest::get::<Vec<CollectionOut>>("/api/collections")
                .await
                .map(|all| {
                    all.into_iter()
                        .filter(|c| matches!(c.viewer_role.as_deref(), Some("owner" | "editor")))
                        .collect::<Vec<_>>()
                });
            if let Ok(list) = &listed {
                chosen.set(list.first().map(|c| c.id.clone()).unwrap_or_default());
            }
            collections.set(Some(listed));
        });
    });
    let label = match action {
        CardBatchAction::Link => tr!("library-bulk-link-into"),
        _ => tr!("library-bulk-move-to"),
    };
    let go = match action {
        CardBatchAction::Link => tr!("library-bulk-link-go"),
        _ => tr!("library-bulk-move-go"),
    };
    view! {
        <div class="flex flex-wrap items-end gap-2 rounded-lg bg-white p-3">
            {move || match collections.get() {
                None => view! { <p class="text-sm text-slate-500">{tr!("drop-loading")}</p> }.into_any(),
                Some(Err(e)) => view! { <p class="text-sm text-rose-700" role="alert">{e}</p> }.into_any(),
                Some(Ok(list)) => view! {
                    <label class="block text-sm">
                        <span class="block font-medium text-slate-700">{label.clone()}</span>
                        <select class="mt-1 block min-h-11 rounded-lg border border-slate-300 bg-white px-3"
                            on:change=move |ev| chosen.set(event_target_value(&ev))>
                            {list.into_iter().map(|c| view! { <option value=c.id.clone()>{c.name.clone()}</option> }).collect_view()}
                        </select>
                    </label>
                }.into_any(),
            }}
            <button type="button" class=BUTTON disabled=move || chosen.with(String::is_empty)
                on:click=move |_| on_chosen.run(chosen.get_untracked())>{go.clone()}</button>
            <button type="button" class=BUTTON on:click=move |_| on_cancel.run(())>{tr!("library-bulk-cancel")}</button>
        </div>
    }
}

/// Exports the selected cards as a ZIP: a job followed with its bar, then the link.
#[component]
fn ExportChosen(selection: RwSignal<Selection>) -> impl IntoView {
    let progress = RwSignal::new(None::<f64>);
    let ready = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let start = move |_| {
        let input = ExportInput {
            collection_id: None,
            card_slugs: Some(selection.with_untracked(Selection::slugs)),
        };
        progress.set(Some(0.0));
        ready.set(None);
        error.set(None);
        spawn_local(async move {
            let done = crate::components::cards_zip::export(&input, progress).await;
            progress.set(None);
            match done {
                Ok(link) => ready.set(Some(link)),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    view! {
        <button type="button" class=BUTTON
            disabled=move || selection.with(|s| s.cards.is_empty()) || progress.with(Option::is_some)
            on:click=start>{tr!("library-bulk-export")}</button>
        {move || progress.get().map(|p| view! { <div class="basis-full"><ProgressBar fraction=p label=tr!("zip-preparing")/></div> })}
        {move || ready.get().map(|link| view! {
            <a href=link download="cardsmith-cards.zip" class="inline-flex min-h-11 basis-full items-center font-medium text-indigo-700 underline">{tr!("zip-ready")}</a>
        })}
        <ErrorAlert message=error/>
    }
}
