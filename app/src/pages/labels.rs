//! The label builder: pick cards, render a printable PDF or SVG sheet, preview, download and
//! share it. The caller's share links are listed below (see `shares`).

mod shares;

use cardsmith_model::card::CardOut;
use cardsmith_model::label::{GenerateLabelsInput, GenerateLabelsOutputBody};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::api::{list_cards, list_label_shares, GenerateLabels, ShareLabel};
use crate::components::copy::{absolute_url, CopyLinkButton};
use crate::components::cover::CoverThumb;
use crate::components::form::{
    choices, field_error, general_error, ErrorAlert, SelectField, SubmitButton,
};
use crate::components::layout::{loaded, EmptyBox, Panel, BUTTON, PANEL};

/// The formats, by their names (the same in every language).
const FORMATS: &[(&str, &str)] = &[("pdf", "PDF"), ("svg", "SVG")];

/// The page sizes and their words. The ids are `cardsmith_model::label::PAGE_SIZES`, in the
/// same order.
fn page_sizes() -> Vec<(String, String)> {
    [
        ("a4", tr!("library-page-size-a4")),
        ("letter", tr!("library-page-size-letter")),
        ("card", tr!("library-page-size-card")),
        ("avery-l7166", tr!("library-page-size-avery-l7166")),
        ("avery-5168", tr!("library-page-size-avery-5168")),
    ]
    .into_iter()
    .map(|(id, words)| (id.to_owned(), words))
    .collect()
}

/// The page's body (in the `Household` island): pick cards, make a sheet, share it.
#[component]
pub(crate) fn LabelsWorkbench() -> impl IntoView {
    let cards = Resource::new(|| (), |_| list_cards());
    let shares = Resource::new(|| (), |_| list_label_shares());
    let reload_shares = Callback::new(move |()| shares.refetch());
    let generate = ServerAction::<GenerateLabels>::new();
    view! {
        <h1 class="text-2xl font-bold">{tr!("nav-labels")}</h1>
        <p class="mt-1 max-w-prose text-slate-600">{tr!("library-labels-intro")}</p>
        <div class="mt-6 grid gap-6 lg:grid-cols-2">
            {loaded(cards, tr!("loading-cards"), move |cards| {
                if cards.is_empty() {
                    view! {
                        <EmptyBox heading=tr!("library-no-cards-to-print")
                            body=tr!("library-no-cards-to-print-text")
                            next=Some(("/collections", tr!("library-go-to-collections")))/>
                    }
                    .into_any()
                } else {
                    view! { <Builder cards generate/> }.into_any()
                }
            })}
            <Sheet generate reload_shares/>
        </div>
        <div class="mt-6">
            <shares::SharesPanel shares reload=reload_shares/>
        </div>
    }
}

#[component]
fn Builder(cards: Vec<CardOut>, generate: ServerAction<GenerateLabels>) -> impl IntoView {
    // Slugs in list order, so the sheet follows the order on screen whatever the click order.
    let order = StoredValue::new(cards.iter().map(|c| c.slug.clone()).collect::<Vec<_>>());
    let total = cards.len();
    let selected = RwSignal::new(Vec::<String>::new());
    let format = RwSignal::new("pdf".to_owned());
    let page_size = RwSignal::new("a4".to_owned());
    let local = RwSignal::new(Vec::new());
    let all_selected = move || selected.with(|s| s.len() == total);
    let select_all = move |ev| {
        let on = event_target_checked(&ev);
        selected.set(if on { order.get_value() } else { Vec::new() });
    };
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = GenerateLabelsInput {
            card_slugs: order.with_value(|all| {
                selected.with_untracked(|s| {
                    all.iter()
                        .filter(|slug| s.contains(slug))
                        .cloned()
                        .collect()
                })
            }),
            format: format.get_untracked(),
            page_size: page_size.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                generate.dispatch(GenerateLabels { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    let cards_error = field_error(local, move || generate.value().get(), "card_slugs");
    view! {
        <form class=format!("{PANEL} self-start") aria-labelledby="builder-heading" novalidate on:submit=on_submit>
            <h2 id="builder-heading" class="text-lg font-semibold">{tr!("library-build-sheet")}</h2>
            <ErrorAlert message=general_error(move || generate.value().get())/>
            <fieldset class="space-y-2" aria-describedby="label-cards-error">
                <legend class="text-sm font-medium text-slate-700">{tr!("library-cards")}</legend>
                <div class="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
                    <span class="flex items-center gap-2">
                        <input id="label_select_all" type="checkbox" class="h-4 w-4 rounded border-slate-300"
                            prop:checked=all_selected on:change=select_all/>
                        <label for="label_select_all" class="inline-flex min-h-11 items-center text-sm font-medium">{tr!("library-select-all")}</label>
                    </span>
                    <span class="text-sm text-slate-600" aria-live="polite">
                        {move || tr!("library-selected", count = selected.with(Vec::len), total = total)}
                    </span>
                </div>
                <ul class="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                    {cards.into_iter().map(|card| view! { <CardChoice card selected/> }).collect_view()}
                </ul>
                <p id="label-cards-error" class="text-sm text-rose-600">{move || cards_error.get()}</p>
            </fieldset>
            <div class="grid gap-4 sm:grid-cols-2">
                <SelectField id="label_format" label=tr!("library-format") value=format options=choices(FORMATS)/>
                <SelectField id="label_page_size" label=tr!("library-page-size") value=page_size options=page_sizes()/>
            </div>
            <SubmitButton label=tr!("library-generate-labels") busy_label=tr!("library-generating") busy=generate.pending()/>
        </form>
    }
}

/// One checkbox, named by the card's title alone; the collection is its description.
#[component]
fn CardChoice(card: CardOut, selected: RwSignal<Vec<String>>) -> impl IntoView {
    let id = format!("label-card-{}", card.slug);
    let where_id = format!("{id}-where");
    let slug = StoredValue::new(card.slug.clone());
    let checked = move || slug.with_value(|s| selected.with(|all| all.contains(s)));
    let on_change = move |ev| {
        let on = event_target_checked(&ev);
        let slug = slug.get_value();
        selected.update(|all| {
            all.retain(|s| *s != slug);
            if on {
                all.push(slug);
            }
        });
    };
    view! {
        <li class="flex items-center gap-3 px-3 py-2">
            <input id=id.clone() type="checkbox" class="h-4 w-4 shrink-0 rounded border-slate-300"
                aria-describedby=where_id.clone() prop:checked=checked on:change=on_change/>
            <label for=id class="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                <span class="h-12 w-8 shrink-0 overflow-hidden rounded bg-slate-100">
                    <CoverThumb slug=card.slug.clone() title=card.title.clone() hash=card.cover_hash.clone()/>
                </span>
                <span class="truncate font-medium">{card.title.clone()}</span>
            </label>
            <span id=where_id class="hidden shrink-0 text-xs text-slate-500 sm:inline">{card.collection_name.clone()}</span>
        </li>
    }
}

/// The generated sheet: preview, download, and a share link for it.
#[component]
fn Sheet(generate: ServerAction<GenerateLabels>, reload_shares: Callback<()>) -> impl IntoView {
    let share = ServerAction::<ShareLabel>::new();
    Effect::new(move |_| {
        if let Some(Ok(_)) = share.value().get() {
            reload_shares.run(());
        }
    });
    move || match generate.value().get() {
        Some(Ok(sheet)) => view! { <SheetPanel sheet share/> }.into_any(),
        _ => view! {
            <EmptyBox heading=tr!("library-no-sheet")
                body=tr!("library-no-sheet-text")
                next=None/>
        }
        .into_any(),
    }
}

#[component]
fn SheetPanel(sheet: GenerateLabelsOutputBody, share: ServerAction<ShareLabel>) -> impl IntoView {
    let filename = StoredValue::new(sheet.filename.clone());
    // A share made for an earlier sheet is not shown under this one.
    let link = move || match share.value().get() {
        Some(Ok(s)) if filename.with_value(|f| *f == s.filename) => Some(s.url),
        _ => None,
    };
    view! {
        <Panel id="sheet" title=tr!("library-your-sheet")>
            <iframe src=sheet.url.clone() title=tr!("library-label-preview") class="h-[28rem] w-full rounded-lg border border-slate-200 bg-slate-50"></iframe>
            <div class="flex flex-wrap gap-3">
                <a href=sheet.url.clone() download=format!("cardsmith-labels-{}", sheet.filename) class=BUTTON>{tr!("library-download")}</a>
                <button type="button" class=BUTTON disabled=move || share.pending().get()
                    on:click=move |_| { share.dispatch(ShareLabel { label: filename.get_value() }); }>
                    {move || if share.pending().get() { tr!("library-creating-link") } else { tr!("library-create-share-link") }}
                </button>
            </div>
            <ErrorAlert message=general_error(move || share.value().get())/>
            {move || link().map(|path| view! {
                <div class="space-y-2 rounded-lg bg-emerald-50 p-3">
                    <p class="text-sm text-emerald-900">{tr!("library-share-anyone")}</p>
                    <code data-testid="share-url" class="block break-all rounded bg-white px-2 py-1 text-sm">{absolute_url(&path)}</code>
                    <CopyLinkButton path label=tr!("library-copy-share-link")/>
                </div>
            })}
        </Panel>
    }
}
