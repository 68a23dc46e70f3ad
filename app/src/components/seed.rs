//! "Put on players": a collection's cards onto chosen players of a linked account, now or at
//! a set time (`POST /api/seed`). Each player gets a job that publishes what the account lacks
//! and adds the cards to the player's shortcuts; the dialog follows the jobs.

use cardsmith_model::device::{InfoSnapshot, ListDevicesOutputBody};
use cardsmith_model::seed::{SeedInput, SeedJobOut};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::form::{around_link, toggle, Feedback, Outcome, Tone, INPUT, LINK};
use super::layout::BUTTON;
use super::modal::{return_focus, Modal, PRIMARY};
use crate::api::rest::{self, Verb};

/// A button opening the dialog for `cards` (slug, title) of collection `collection_id`.
#[component]
pub fn SeedButton(
    collection_id: String,
    #[prop(into)] cards: Signal<Vec<(String, String)>>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let collection_id = StoredValue::new(collection_id);
    let opener = NodeRef::new();
    let on_close = Callback::new(move |()| {
        open.set(false);
        return_focus(opener);
    });
    view! {
        <button type="button" class=BUTTON node_ref=opener aria-haspopup="dialog" on:click=move |_| open.set(true)>{tr!("library-seed-open")}</button>
        <Show when=move || open.get()>
            {move || view! {
                <SeedDialog collection_id=collection_id.get_value() cards on_close/>
            }.into_any()}
        </Show>
    }
    .into_any()
}

#[component]
fn SeedDialog(
    collection_id: String,
    cards: Signal<Vec<(String, String)>>,
    on_close: Callback<()>,
) -> impl IntoView {
    let devices = RwSignal::new(None::<Result<Vec<InfoSnapshot>, String>>);
    let chosen_devices = RwSignal::new(Vec::<String>::new());
    let chosen_cards = RwSignal::new(
        cards.with_untracked(|c| c.iter().map(|(s, _)| s.clone()).collect::<Vec<_>>()),
    );
    let when = RwSignal::new(String::new());
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let progress = RwSignal::new(None::<f64>);
    let busy = RwSignal::new(false);
    let collection_id = StoredValue::new(collection_id);
    Effect::new(move |_| {
        spawn_local(async move {
            let listed = rest::get::<ListDevicesOutputBody>("/api/devices")
                .await
                .map(|d| d.devices.unwrap_or_default());
            devices.set(Some(listed));
        });
    });
    let account_of = move |device: &str| {
        devices.with_untracked(|d| {
            d.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|list| list.iter().find(|x| x.device_id == device))
                .map(|x| x.account_id.clone())
        })
    };
    let submit = move |_| {
        let chosen = chosen_devices.get_untracked();
        let Some(account) = chosen.first().and_then(|d| account_of(d)) else {
            return outcome.set(Some(Err(tr!("library-seed-choose-player"))));
        };
        if chosen
            .iter()
            .any(|d| account_of(d).as_deref() != Some(account.as_str()))
        {
            return outcome.set(Some(Err(tr!("library-seed-one-account"))));
        }
        let at = when.get_untracked();
        let schedule = match at.trim() {
            "" => None,
            local => match rest::local_time_to_rfc3339(local) {
                Some(t) => Some(t),
                None => return outcome.set(Some(Err(tr!("library-seed-not-a-time")))),
            },
        };
        let input = SeedInput {
            account_id: account,
            collection_id: collection_id.get_value(),
            card_ids: chosen_cards.get_untracked(),
            device_ids: chosen,
            schedule_at: schedule.clone(),
        };
        busy.set(true);
        outcome.set(None);
        spawn_local(async move {
            let answer: Result<SeedJobOut, _> = rest::send(Verb::Post, "/api/seed", &input).await;
            let jobs = match answer {
                Ok(out) => out.job_ids.unwrap_or_default(),
                Err(e) => {
                    busy.set(false);
                    return outcome.set(Some(Err(e)));
                }
            };
            if schedule.is_some() {
                busy.set(false);
                return outcome.set(Some(Ok(tr!(
                    "library-seed-scheduled",
                    when = at,
                    count = jobs.len()
                ))));
            }
            let mut failed = None;
            for job in &jobs {
                if let Err(e) = rest::wait_for_job(job, progress).await {
                    failed = Some(e);
                }
            }
            busy.set(false);
            outcome.set(Some(match failed {
                None => Ok(tr!("library-seed-done", count = jobs.len())),
                Some(e) => Err(e),
            }));
        });
    };
    let footer = move || {
        view! {
            <button type="button" class=PRIMARY disabled=move || busy.get() on:click=submit>{tr!("library-seed-title")}</button>
            <button type="button" class=BUTTON on:click=move |_| on_close.run(())>{tr!("library-close")}</button>
        }
    };
    view! {
        <Modal id="seed-heading" title=tr!("library-seed-title") on_close footer>
            <p class="text-sm text-slate-600">{tr!("library-seed-intro")}</p>
            {move || match devices.get() {
                None => view! { <p class="text-sm text-slate-500">{tr!("loading-players")}</p> }.into_any(),
                Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e}</Feedback> }.into_any(),
                Some(Ok(list)) if list.is_empty() => {
                    let (before, after) = around_link(tr!("library-seed-no-players", link = LINK));
                    view! {
                        <p class="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{before}
                            <a href="/accounts" class="font-medium text-indigo-700 underline">{tr!("library-seed-no-players-link")}</a>{after}</p>
                    }.into_any()
                }
                Some(Ok(list)) => view! {
                    <fieldset class="space-y-1">
                        <legend class="text-sm font-medium text-slate-700">{tr!("library-seed-players")}</legend>
                        {list.into_iter().map(|d| {
                            let id = d.device_id.clone();
                            view! {
                                <label class="flex items-center gap-2 text-sm">
                                    <input type="checkbox" class="h-4 w-4" on:change=move |ev| toggle(chosen_devices, &id, event_target_checked(&ev))/>
                                    <span>{format!("{} ({})", d.name, d.account_label)}</span>
                                </label>
                            }
                        }).collect_view()}
                    </fieldset>
                }.into_any(),
            }}
            <fieldset class="space-y-1">
                <legend class="text-sm font-medium text-slate-700">{tr!("library-cards")}</legend>
                {move || cards.get().into_iter().map(|(slug, title)| {
                    let checked = chosen_cards.with_untracked(|c| c.contains(&slug));
                    view! {
                        <label class="flex items-center gap-2 text-sm">
                            <input type="checkbox" class="h-4 w-4" checked=checked on:change=move |ev| toggle(chosen_cards, &slug, event_target_checked(&ev))/>
                            <span>{title}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <div>
                <label for="seed-when" class="block text-sm font-medium text-slate-700">{tr!("library-seed-when")}</label>
                <input id="seed-when" type="datetime-local" class=INPUT bind:value=when/>
            </div>
            {move || progress.get().filter(|_| busy.get()).map(|p| view! {
                <div class="h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label=tr!("library-seed-progress")
                    aria-valuemin="0" aria-valuemax="100" aria-valuenow=(p * 100.0).round()>
                    <div class="h-full bg-indigo-500" style:width=format!("{:.0}%", p * 100.0)></div>
                </div>
            })}
            <Outcome outcome/>
        </Modal>
    }
}
