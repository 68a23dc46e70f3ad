//! The publish dialog: pick accounts (and, for a collection, cards), check the plan, publish,
//! follow one progress bar per card and account, read the outcome. "Verify" compares what the
//! accounts hold with the cards, in words.

use cardsmith_model::player::account_status;
use cardsmith_model::publish::VerifyResult;
use leptos::html::Button;
use leptos::prelude::*;

use super::runs::{outcome_summary, plan_summary, RunList};
use super::state::{Pick, Publisher, Step};
use super::BadgePill;
use crate::components::form::{toggle, ErrorAlert, Feedback, Tone};
use crate::components::layout::BUTTON;
use crate::components::modal::{return_focus, Modal, PRIMARY};

/// A button that opens the publish dialog for `cards` of collection `collection_id` (`None`:
/// each card through its own home collection).
#[component]
pub fn PublishButton(
    #[prop(optional_no_strip)] collection_id: Option<String>,
    #[prop(into)] cards: Signal<Vec<Pick>>,
    #[prop(into)] label: String,
    /// Runs when publish records change (jobs queued, jobs ended): refresh the badges.
    on_change: Callback<()>,
) -> impl IntoView {
    let publisher = Publisher::new(collection_id, cards);
    let open = RwSignal::new(false);
    let opener = NodeRef::<Button>::new();
    Effect::watch(
        move || publisher.changed.get(),
        move |_, _, _| on_change.run(()),
        false,
    );
    let on_close = Callback::new(move |()| {
        publisher.closed();
        open.set(false);
        return_focus(opener);
    });
    let on_open = move |_| {
        publisher.start();
        open.set(true);
    };
    // type-erased: the dialog's view type is deep, and pages nest this button in theirs
    view! {
        <button type="button" class=PRIMARY node_ref=opener aria-haspopup="dialog" on:click=on_open>
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" class="-ml-0.5 mr-1.5 h-4 w-4">
                <path d="M10 2.5a.75.75 0 0 1 .53.22l4 4a.75.75 0 1 1-1.06 1.06L10.75 5.06v8.19a.75.75 0 0 1-1.5 0V5.06L6.53 7.78a.75.75 0 0 1-1.06-1.06l4-4A.75.75 0 0 1 10 2.5ZM3.5 13.25a.75.75 0 0 1 .75.75v1.25c0 .14.11.25.25.25h11a.25.25 0 0 0 .25-.25V14a.75.75 0 0 1 1.5 0v1.25c0 .97-.78 1.75-1.75 1.75h-11c-.97 0-1.75-.78-1.75-1.75V14a.75.75 0 0 1 .75-.75Z"/>
            </svg>
            {label}
        </button>
        <Show when=move || open.get()>
            {move || view! { <PublishDialog publisher on_close/> }.into_any()}
        </Show>
    }
    .into_any()
}

#[component]
fn PublishDialog(publisher: Publisher, on_close: Callback<()>) -> impl IntoView {
    let p = publisher;
    let subtitle = Signal::derive(move || {
        p.cards.with(|cards| match cards.as_slice() {
            [one] => one.title.clone(),
            all => {
                let chosen = p.chosen_cards.with(Vec::len);
                let of = all.iter().filter(|c| c.publishable()).count();
                tr!("player-publish-cards-chosen", chosen = chosen, total = of)
            }
        })
    });
    let footer = move || view! { <Actions p on_close/> };
    view! {
        <Modal id="publish-heading" title=tr!("player-publish-title") subtitle on_close footer>
            <ErrorAlert message=p.error/>
            {move || match p.step.get() {
                Step::Choose => view! {
                    <AccountChoice p/>
                    <CardChoice p/>
                    <VerifyList p/>
                }
                .into_any(),
                step => view! {
                    <p class="text-sm font-medium text-slate-700" data-testid="plan-summary">
                        {move || p.runs.with(|runs| plan_summary(&runs.iter().map(|r| r.item.clone()).collect::<Vec<_>>()))}
                    </p>
                    {move || view! { <RunList runs=p.runs.get() started=step == Step::Publishing/> }}
                }
                .into_any(),
            }}
        </Modal>
    }
}

/// The buttons of each step, and the outcome once every job has ended.
#[component]
fn Actions(p: Publisher, on_close: Callback<()>) -> impl IntoView {
    let all_unchanged = move || p.runs.with(|runs| runs.iter().all(|r| r.unchanged()));
    let to_send = move || {
        p.runs
            .with(|runs| runs.iter().filter(|r| !r.unchanged()).count())
    };
    move || {
        match p.step.get() {
        Step::Choose => view! {
            <button type="button" class=PRIMARY disabled=move || p.busy.get() || p.nothing_chosen()
                on:click=move |_| p.check()>
                {move || if p.busy.get() { tr!("player-publish-checking") } else { tr!("player-publish-check") }}
            </button>
            <button type="button" class=BUTTON disabled=move || p.busy.get() || p.nothing_chosen()
                on:click=move |_| p.verify()>{tr!("player-publish-verify")}</button>
        }
        .into_any(),
        Step::Plan => view! {
            <button type="button" class=PRIMARY disabled=move || p.busy.get() || all_unchanged()
                on:click=move |_| p.publish()>{tr!("player-publish-publish")}</button>
            <button type="button" class=BUTTON on:click=move |_| p.step.set(Step::Choose)>{tr!("player-publish-back")}</button>
            <p class="basis-full text-sm text-slate-600 sm:ml-auto sm:basis-auto">
                {move || match to_send() {
                    0 => tr!("player-publish-nothing-to-send"),
                    n => tr!("player-publish-will-send", count = n),
                }}
            </p>
        }
        .into_any(),
        Step::Publishing => view! {
            <Show when=move || !p.running()
                fallback=|| view! { <p class="text-sm text-slate-600">{tr!("player-publish-running")}</p> }>
                <p role="status" class="text-sm font-semibold text-slate-800">{move || outcome_summary(&p.runs.get())}</p>
                <button type="button" class=format!("{PRIMARY} ml-auto") on:click=move |_| on_close.run(())>{tr!("player-publish-done")}</button>
            </Show>
        }
        .into_any(),
    }
    }
}

/// Checkbox rows share this look: large enough to hit with a thumb.
const ROW: &str = "flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-[:checked]:border-indigo-300 has-[:checked]:bg-indigo-50/50 has-[:disabled]:bg-slate-50";
const CHECKBOX: &str = "h-5 w-5 shrink-0 rounded accent-indigo-600";

#[component]
fn AccountChoice(p: Publisher) -> impl IntoView {
    move || {
        match p.accounts.get() {
        None => view! { <p class="text-sm text-slate-500">{tr!("loading-player-accounts")}</p> }.into_any(),
        Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e}</Feedback> }.into_any(),
        Some(Ok(list)) if list.is_empty() => view! {
            <div class="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
                <p class="font-medium">{tr!("player-publish-no-account")}</p>
                <p class="mt-1">{tr!("player-publish-no-account-text")}</p>
                <a href="/accounts" class="mt-2 inline-block font-semibold text-indigo-700 underline">{tr!("player-publish-no-account-link")}</a>
            </div>
        }
        .into_any(),
        Some(Ok(list)) => view! {
            <fieldset class="space-y-2">
                <legend class="mb-2 text-sm font-semibold text-slate-800">{tr!("player-publish-accounts")}</legend>
                {list.into_iter().map(|account| {
                    let usable = account.status == account_status::LINKED;
                    let id = account.id.clone();
                    let checked = {
                        let id = id.clone();
                        move || p.chosen_accounts.with(|c| c.contains(&id))
                    };
                    let hint = format!("account-hint-{}", account.id);
                    view! {
                        <div>
                            <label class=ROW>
                                <input type="checkbox" class=CHECKBOX prop:checked=checked disabled=!usable
                                    aria-describedby=(!usable).then(|| hint.clone())
                                    on:change=move |ev| toggle(p.chosen_accounts, &id, event_target_checked(&ev))/>
                                <span class="min-w-0 flex-1 break-all">{account.label.clone()}</span>
                            </label>
                            {(!usable).then(|| view! {
                                <p id=hint class="mt-1 px-1 text-xs text-amber-800">
                                    {tr!("player-publish-account-relink")}" "
                                    <a href="/accounts" class="font-semibold underline">{tr!("player-publish-account-relink-link")}</a>
                                </p>
                            })}
                        </div>
                    }
                }).collect_view()}
            </fieldset>
        }
        .into_any(),
    }
    }
}

/// Checkboxes for the cards, when there is more than one to choose from; each says where it
/// stands, and a card without tracks is shown but cannot be chosen.
#[component]
fn CardChoice(p: Publisher) -> impl IntoView {
    let all = move |on: bool| {
        let slugs = p.cards.with_untracked(|cards| {
            cards
                .iter()
                .filter(|c| on && c.publishable())
                .map(|c| c.slug.clone())
                .collect()
        });
        p.chosen_cards.set(slugs);
    };
    move || {
        let cards = p.cards.get();
        (cards.len() > 1).then(|| view! {
            <fieldset class="space-y-2">
                // a legend must be the fieldset's first child to name it; the visible title
                // shares a row with the buttons
                <legend class="sr-only">{tr!("player-publish-cards")}</legend>
                <div class="mb-2 flex items-baseline justify-between gap-2">
                    <span aria-hidden="true" class="text-sm font-semibold text-slate-800">{tr!("player-publish-cards")}</span>
                    <div class="flex gap-3 text-sm">
                        <button type="button" class="font-medium text-indigo-700 hover:underline" on:click=move |_| all(true)>{tr!("player-publish-select-all")}</button>
                        <button type="button" class="font-medium text-indigo-700 hover:underline" on:click=move |_| all(false)>{tr!("player-publish-select-none")}</button>
                    </div>
                </div>
                {cards.into_iter().map(|card| view! { <CardRow p card/> }).collect_view()}
            </fieldset>
        })
    }
}

#[component]
fn CardRow(p: Publisher, card: Pick) -> impl IntoView {
    let slug = card.slug.clone();
    let usable = card.publishable();
    let checked = {
        let slug = slug.clone();
        move || p.chosen_cards.with(|c| c.contains(&slug))
    };
    view! {
        <label class=ROW>
            <input type="checkbox" class=CHECKBOX prop:checked=checked disabled=!usable
                on:change=move |ev| toggle(p.chosen_cards, &slug, event_target_checked(&ev))/>
            <span class="min-w-0 flex-1 break-words">{card.title.clone()}</span>
            {if usable {
                card.badge.map(|badge| view! { <BadgePill badge/> }).into_any()
            } else {
                view! { <span class="shrink-0 text-xs text-slate-500">{tr!("player-publish-no-tracks")}</span> }.into_any()
            }}
        </label>
    }
}

/// What "Verify" found, in words, one row per card and account.
#[component]
fn VerifyList(p: Publisher) -> impl IntoView {
    move || {
        p.verified.get().map(|results| view! {
            <section aria-labelledby="verify-heading" class="space-y-2">
                <h3 id="verify-heading" class="text-sm font-semibold text-slate-800">{tr!("player-publish-verified-heading")}</h3>
                <ul class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200" aria-label=tr!("player-publish-verified-list")>
                    {results.into_iter().map(|r| view! { <VerifyRow p result=r/> }).collect_view()}
                </ul>
            </section>
        })
    }
}

#[component]
fn VerifyRow(p: Publisher, result: VerifyResult) -> impl IntoView {
    let (words, tone) = verify_words(&result.state);
    view! {
        <li class="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
            <div class="min-w-0 flex-1">
                <p class="break-words font-medium">{p.title(&result.card_slug)}</p>
                <p class="break-all text-xs text-slate-500">{tr!("player-publish-on-account", account = p.label(&result.account_id))}</p>
            </div>
            <span class=format!("rounded-full px-2 py-0.5 text-xs font-medium {tone}")>{words}</span>
        </li>
    }
}

/// A verify state in plain words, and the colours of its pill.
fn verify_words(state: &str) -> (String, &'static str) {
    match state {
        "in_sync" => (
            tr!("player-verify-in-sync"),
            "bg-emerald-50 text-emerald-700",
        ),
        "changed_locally" => (
            tr!("player-verify-changed-locally"),
            "bg-amber-50 text-amber-800",
        ),
        "changed_upstream" => (
            tr!("player-verify-changed-upstream"),
            "bg-amber-50 text-amber-800",
        ),
        "missing" => (tr!("player-verify-missing"), "bg-rose-50 text-rose-700"),
        _ => (
            tr!("player-verify-not-published"),
            "bg-slate-100 text-slate-600",
        ),
    }
}
