//! The publish dialog: pick accounts (and cards), see the plan, publish, follow the jobs.
//!
//! The dialog talks to the REST API from the browser (`/api/publish` with `dry_run` for the
//! plan, `/api/publish/verify`, `/api/jobs/{id}`): everything it does is a user action, so
//! nothing needs to be rendered on the server, and a dialog opened by a click must not add
//! resources to a hydrated page.

use cardsmith_model::player::{account_status, ListPlayerAccountsOutputBody, PlayerAccountOut};
use cardsmith_model::publish::{PublishOutputBody, VerifyPublishOutputBody, VerifyResult};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::json;

use super::runs::{Run, RunList};
use crate::components::form::{focus_when_shown, toggle};
use crate::components::layout::BUTTON;
use crate::components::rest::{self, Verb};

const PRIMARY: &str = "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:opacity-60";

/// A button that opens the publish dialog for `cards` (slug, title) of `collection_id`.
#[component]
pub fn PublishButton(
    collection_id: String,
    #[prop(into)] cards: Signal<Vec<(String, String)>>,
    label: &'static str,
    /// Runs when the jobs have ended, so the page can refresh its badges.
    on_done: Callback<()>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let collection_id = StoredValue::new(collection_id);
    // type-erased: the dialog's view type is deep, and pages nest this button in theirs
    view! {
        <button type="button" class=PRIMARY on:click=move |_| open.set(true)>{label}</button>
        <Show when=move || open.get()>
            {move || view! {
                <PublishDialog collection_id=collection_id.get_value() cards on_done
                    on_close=Callback::new(move |()| open.set(false))/>
            }.into_any()}
        </Show>
    }
    .into_any()
}

/// Where the dialog is.
#[derive(Clone, Copy, PartialEq)]
enum Step {
    Choose,
    Plan,
    Publishing,
}

#[component]
fn PublishDialog(
    collection_id: String,
    cards: Signal<Vec<(String, String)>>,
    on_done: Callback<()>,
    on_close: Callback<()>,
) -> impl IntoView {
    let accounts = RwSignal::new(None::<Result<Vec<PlayerAccountOut>, String>>);
    let chosen_accounts = RwSignal::new(Vec::<String>::new());
    let chosen_cards = RwSignal::new(
        cards.with_untracked(|c| c.iter().map(|(slug, _)| slug.clone()).collect::<Vec<_>>()),
    );
    let step = RwSignal::new(Step::Choose);
    let runs = RwSignal::new(Vec::<Run>::new());
    let verified = RwSignal::new(None::<Vec<VerifyResult>>);
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let collection_id = StoredValue::new(collection_id);
    // Escape closes the dialog wherever the focus is (a step's buttons disappear when it ends)
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            on_close.run(());
        }
    });
    on_cleanup(move || escape.remove());
    let close_button = NodeRef::new();
    focus_when_shown(close_button);

    // the caller's accounts, asked for when the dialog opens (effects run in the browser only)
    Effect::new(move |_| {
        spawn_local(async move {
            let listed = rest::fetch_json::<ListPlayerAccountsOutputBody>(
                Verb::Get,
                "/api/player-accounts",
                None,
            )
            .await
            .map(|b| b.accounts.unwrap_or_default());
            if let Ok(list) = &listed {
                chosen_accounts.set(
                    list.iter()
                        .filter(|a| a.status == account_status::LINKED)
                        .map(|a| a.id.clone())
                        .collect(),
                );
            }
            accounts.set(Some(listed));
        });
    });

    let title_of = move |slug: &str| {
        cards.with_untracked(|c| {
            c.iter()
                .find(|(s, _)| s == slug)
                .map(|(_, t)| t.clone())
                .unwrap_or_else(|| slug.to_owned())
        })
    };
    let label_of = move |id: &str| {
        accounts.with_untracked(|a| {
            a.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|list| list.iter().find(|a| a.id == id))
                .map(|a| a.label.clone())
                .unwrap_or_else(|| id.to_owned())
        })
    };
    let send = move |dry_run: bool| {
        let body = json!({
            "account_ids": chosen_accounts.get_untracked(),
            "card_slugs": chosen_cards.get_untracked(),
            "collection_id": collection_id.get_value(),
            "dry_run": dry_run,
        });
        busy.set(true);
        error.set(None);
        spawn_local(async move {
            let answer =
                rest::fetch_json::<PublishOutputBody>(Verb::Post, "/api/publish", Some(body)).await;
            busy.set(false);
            let plan = match answer {
                Ok(out) => out.plan,
                Err(e) => return error.set(Some(e)),
            };
            let list: Vec<Run> = plan
                .into_iter()
                .map(|item| {
                    let (card, account) = (title_of(&item.card_slug), label_of(&item.account_id));
                    Run::new(item, card, account)
                })
                .collect();
            runs.set(list.clone());
            if dry_run {
                step.set(Step::Plan);
                return;
            }
            step.set(Step::Publishing);
            // the platform takes one card at a time: follow the jobs in their queue order
            for run in list {
                run.follow().await;
            }
            on_done.run(());
        });
    };
    let verify = move |_| {
        let body = json!({
            "account_ids": chosen_accounts.get_untracked(),
            "card_slugs": chosen_cards.get_untracked(),
        });
        busy.set(true);
        error.set(None);
        spawn_local(async move {
            let answer = rest::fetch_json::<VerifyPublishOutputBody>(
                Verb::Post,
                "/api/publish/verify",
                Some(body),
            )
            .await;
            busy.set(false);
            match answer {
                Ok(out) => verified.set(Some(out.results.unwrap_or_default())),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let nothing_chosen =
        move || chosen_accounts.with(Vec::is_empty) || chosen_cards.with(Vec::is_empty);
    let finished = move || {
        step.get() == Step::Publishing
            && runs.with(|r| r.iter().all(|run| run.outcome.with(Option::is_some)))
    };

    view! {
        <div class="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/40 p-0 sm:items-center sm:p-4">
            <div role="dialog" aria-modal="true" aria-labelledby="publish-heading"
                class="max-h-[92vh] w-full max-w-xl space-y-4 overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl sm:rounded-2xl sm:p-6">
                <div class="flex items-start justify-between gap-3">
                    <h2 id="publish-heading" class="text-lg font-semibold">"Publish to player"</h2>
                    <button type="button" class=BUTTON aria-label="Close" node_ref=close_button on:click=move |_| on_close.run(())>"✕"</button>
                </div>
                {move || error.get().map(|e| view! { <p role="alert" class="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800">{e}</p> })}
                <Show when=move || step.get() == Step::Choose>
                    <AccountChoice accounts chosen=chosen_accounts/>
                    <CardChoice cards chosen=chosen_cards/>
                    <div class="flex flex-wrap gap-2">
                        <button type="button" class=PRIMARY disabled=move || busy.get() || nothing_chosen()
                            on:click=move |_| send(true)>"Check what will change"</button>
                        <button type="button" class=BUTTON disabled=move || busy.get() || nothing_chosen()
                            on:click=verify>"Compare with the player"</button>
                    </div>
                    <VerifyList results=verified title_of label_of/>
                </Show>
                <Show when=move || step.get() != Step::Choose>
                    {move || view! { <RunList runs=runs.get() started=step.get() == Step::Publishing/> }}
                    <div class="flex flex-wrap gap-2">
                        <Show when=move || step.get() == Step::Plan>
                            <button type="button" class=PRIMARY disabled=move || busy.get() on:click=move |_| send(false)>"Publish"</button>
                            <button type="button" class=BUTTON on:click=move |_| step.set(Step::Choose)>"Back"</button>
                        </Show>
                        <Show when=finished>
                            <p role="status" class="w-full text-sm font-medium text-slate-700">{move || summary(&runs.get())}</p>
                            <button type="button" class=BUTTON on:click=move |_| on_close.run(())>"Done"</button>
                        </Show>
                    </div>
                </Show>
            </div>
        </div>
    }
}

/// "2 published, 1 unchanged, 1 failed".
fn summary(runs: &[Run]) -> String {
    let (mut published, mut unchanged, mut failed) = (0, 0, 0);
    for run in runs {
        match run.outcome.get_untracked() {
            Some(Ok(())) if run.item.job_id.is_none() => unchanged += 1,
            Some(Ok(())) => published += 1,
            _ => failed += 1,
        }
    }
    let mut parts = vec![format!("{published} published")];
    if unchanged > 0 {
        parts.push(format!("{unchanged} unchanged"));
    }
    if failed > 0 {
        parts.push(format!("{failed} failed"));
    }
    parts.join(", ")
}

#[component]
fn AccountChoice(
    accounts: RwSignal<Option<Result<Vec<PlayerAccountOut>, String>>>,
    chosen: RwSignal<Vec<String>>,
) -> impl IntoView {
    move || {
        match accounts.get() {
        None => view! { <p class="text-sm text-slate-500">"Loading your player accounts…"</p> }.into_any(),
        Some(Err(e)) => view! { <p role="alert" class="text-sm text-rose-700">{e}</p> }.into_any(),
        Some(Ok(list)) if list.is_empty() => view! {
            <p class="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                "No player account is linked yet. "
                <a href="/accounts" class="font-medium text-indigo-700 hover:underline">"Link one on the Accounts page"</a>
                " first."
            </p>
        }.into_any(),
        Some(Ok(list)) => view! {
            <fieldset class="space-y-2">
                <legend class="text-sm font-medium text-slate-700">"Player accounts"</legend>
                {list.into_iter().map(|account| {
                    let usable = account.status == account_status::LINKED;
                    let id = account.id.clone();
                    let checked = chosen.with_untracked(|c| c.contains(&id));
                    view! {
                        <label class="flex items-center gap-2 text-sm">
                            <input type="checkbox" class="h-4 w-4" checked=checked disabled=!usable
                                on:change=move |ev| toggle(chosen, &id, event_target_checked(&ev))/>
                            <span>{account.label.clone()}</span>
                            {(!usable).then(|| view! {
                                <span class="text-amber-800">"needs linking again: "
                                    <a href="/accounts" class="underline">"Accounts page"</a></span>
                            })}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
        }.into_any(),
    }
    }
}

/// Checkboxes for the cards, when there is more than one to choose from.
#[component]
fn CardChoice(
    cards: Signal<Vec<(String, String)>>,
    chosen: RwSignal<Vec<String>>,
) -> impl IntoView {
    move || {
        let list = cards.get();
        (list.len() > 1).then(|| view! {
            <fieldset class="space-y-2">
                <legend class="text-sm font-medium text-slate-700">"Cards"</legend>
                <div class="max-h-48 space-y-1 overflow-y-auto">
                    {list.into_iter().map(|(slug, title)| {
                        let checked = chosen.with_untracked(|c| c.contains(&slug));
                        view! {
                            <label class="flex items-center gap-2 text-sm">
                                <input type="checkbox" class="h-4 w-4" checked=checked
                                    on:change=move |ev| toggle(chosen, &slug, event_target_checked(&ev))/>
                                <span>{title}</span>
                            </label>
                        }
                    }).collect_view()}
                </div>
            </fieldset>
        })
    }
}

/// What "Compare with the player" found, in words.
#[component]
fn VerifyList(
    results: RwSignal<Option<Vec<VerifyResult>>>,
    title_of: impl Fn(&str) -> String + Copy + Send + Sync + 'static,
    label_of: impl Fn(&str) -> String + Copy + Send + Sync + 'static,
) -> impl IntoView {
    move || {
        results.get().map(|list| view! {
            <ul class="space-y-1 text-sm" aria-label="Compared with the player">
                {list.into_iter().map(|r| {
                    let words = match r.state.as_str() {
                        "in_sync" => "on the player, up to date",
                        "changed_locally" => "changed here since publishing",
                        "changed_upstream" => "changed on the player's side",
                        "missing" => "deleted from the player account",
                        _ => "never published there",
                    };
                    view! { <li>{format!("{} on {}: {words}", title_of(&r.card_slug), label_of(&r.account_id))}</li> }
                }).collect_view()}
            </ul>
        })
    }
}
