//! The players of the linked accounts: how each is (online, battery, what it plays), commands,
//! settings and shortcuts. When the platform cannot be reached the last snapshot is shown,
//! marked with its time.

mod settings;

use cardsmith_model::device::InfoSnapshot;
use cardsmith_model::publish::PublishedCardOut;
use cardsmith_model::system::MessageOutputBody;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_meta::Title;
use serde_json::{json, Value};

use crate::api::{devices_page, DevicesPageData};
use crate::components::form::Outcome;
use crate::components::layout::{loaded, Badge, EmptyBox, BUTTON};
use crate::components::rest::{self, Verb};

#[component]
pub fn DevicesPage() -> impl IntoView {
    let page = Resource::new(|| (), |_| devices_page());
    view! {
        <Title text="Devices"/>
        <h1 class="text-2xl font-bold">"Devices"</h1>
        <p class="mt-1 max-w-prose text-slate-600">"The players of your linked accounts: what they are doing, and their settings."</p>
        <div class="mt-6">
            {loaded(page, "your players", |page| view! { <DevicesView page/> })}
        </div>
    }
}

#[component]
fn DevicesView(page: DevicesPageData) -> impl IntoView {
    if page.accounts.is_empty() {
        return view! {
            <EmptyBox heading="No player account linked"
                body="Link the account your family uses on its players, and they appear here."
                next=Some(("/accounts", "Link a player account"))/>
        }
        .into_any();
    }
    let devices = page.devices.devices.unwrap_or_default();
    let unreachable = !page.devices.unreachable_accounts.is_empty();
    let published = page.published;
    view! {
        <div class="space-y-4">
            {unreachable.then(|| view! {
                <p role="status" class="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                    "The player platform could not be reached for some accounts: their players are shown as last seen."
                </p>
            })}
            {if devices.is_empty() {
                view! { <EmptyBox heading="No players yet" body="The linked accounts have no players registered." next=None/> }.into_any()
            } else {
                view! {
                    <ul class="grid gap-4 lg:grid-cols-2" aria-label="Players">
                        {devices.into_iter().map(|device| {
                            let cards = published.iter().find(|(a, _)| *a == device.account_id)
                                .map(|(_, c)| c.clone()).unwrap_or_default();
                            view! { <DeviceCard device cards/> }
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </div>
    }
    .into_any()
}

/// A number from the player's status, whether it came as a number or a string.
fn number(status: &Value, key: &str) -> Option<f64> {
    match &status[key] {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

#[component]
fn DeviceCard(device: InfoSnapshot, cards: Vec<PublishedCardOut>) -> impl IntoView {
    let base = format!("/api/devices/{}/{}", device.account_id, device.device_id);
    let battery = number(&device.status, "batteryLevel").map(|b| b.clamp(0.0, 100.0));
    let charging = device.status["charging"].as_bool().unwrap_or(false)
        || number(&device.status, "charging").is_some_and(|c| c > 0.0);
    let active = device.status["activeCard"]
        .as_str()
        .filter(|c| !c.is_empty() && *c != "none")
        .map(|id| {
            cards
                .iter()
                .find(|c| c.player_card_id == id)
                .map(|c| c.title.clone())
                .unwrap_or_else(|| id.to_owned())
        });
    let volume = number(&device.status, "userVolume");
    let name = device.name.clone();
    let kind = [device.device_family.as_str(), device.form_factor.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ");
    view! {
        <li class="min-w-0 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-label=format!("Player {name}")>
            <div class="flex flex-wrap items-center gap-2">
                <h2 class="text-lg font-semibold">{name.clone()}</h2>
                {if device.online {
                    view! { <Badge text="Online".to_owned() tone="bg-emerald-50 text-emerald-700"/> }
                } else {
                    view! { <Badge text="Offline".to_owned() tone="bg-slate-100 text-slate-600"/> }
                }}
            </div>
            <p class="text-sm text-slate-600">{format!("{} · {}", device.account_label, kind)}</p>
            {device.cached.then(|| view! {
                <p role="status" class="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
                    {format!("Cached snapshot from {}: the player platform could not be reached.", device.last_updated.replace('T', " "))}
                </p>
            })}
            <dl class="grid grid-cols-2 gap-3 text-sm">
                <div class="col-span-2">
                    <dt class="text-slate-500">"Battery"</dt>
                    <dd class="flex items-center gap-2">
                        <div class="h-2.5 w-full max-w-48 overflow-hidden rounded-full bg-slate-200" role="meter" aria-label="Battery level"
                            aria-valuemin="0" aria-valuemax="100" aria-valuenow=battery.unwrap_or(0.0)>
                            <div class=format!("h-full {}", if battery.unwrap_or(0.0) < 20.0 { "bg-rose-500" } else { "bg-emerald-500" })
                                style:width=format!("{:.0}%", battery.unwrap_or(0.0))></div>
                        </div>
                        <span class="font-medium tabular-nums">{battery.map(|b| format!("{b:.0}%")).unwrap_or_else(|| "unknown".into())}</span>
                        {charging.then(|| view! { <span class="text-emerald-700">"charging"</span> })}
                    </dd>
                </div>
                <div><dt class="text-slate-500">"Playing"</dt><dd class="font-medium">{active.unwrap_or_else(|| "nothing".into())}</dd></div>
                <div><dt class="text-slate-500">"Volume"</dt><dd class="font-medium">{volume.map(|v| format!("{v:.0}")).unwrap_or_else(|| "–".into())}</dd></div>
            </dl>
            <Commands base=base.clone() cards=cards.clone() name=name.clone()/>
            <settings::SettingsForm base=base.clone() settings=device.settings.clone()/>
            <settings::ShortcutsForm base cards/>
        </li>
    }
}

/// Play (a card published to this account), pause, resume, stop.
#[component]
fn Commands(base: String, cards: Vec<PublishedCardOut>, name: String) -> impl IntoView {
    let message = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let card = RwSignal::new(
        cards
            .first()
            .map(|c| c.player_card_id.clone())
            .unwrap_or_default(),
    );
    let base = StoredValue::new(base);
    let send = move |command: &'static str| {
        let mut body = json!({ "command": command });
        if command == "play" {
            body["card_id"] = json!(card.get_untracked());
        }
        busy.set(true);
        spawn_local(async move {
            let url = format!("{}/command", base.get_value());
            let answer = rest::fetch_json::<MessageOutputBody>(Verb::Post, &url, Some(body)).await;
            message.set(Some(answer.map(|m| capitalised(&m.message))));
            busy.set(false);
        });
    };
    let select_id = format!("play-{}", base.get_value().replace('/', "-"));
    let has_cards = !cards.is_empty();
    view! {
        <div class="space-y-2" role="group" aria-label=format!("Control {name}")>
            {has_cards.then(|| view! {
                <div class="flex flex-wrap items-end gap-2">
                    <div class="min-w-0 flex-1">
                        <label for=select_id.clone() class="block text-sm font-medium text-slate-700">"Card to play"</label>
                        <select id=select_id class="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
                            on:change=move |ev| card.set(event_target_value(&ev))>
                            {cards.iter().map(|c| view! { <option value=c.player_card_id.clone()>{c.title.clone()}</option> }).collect_view()}
                        </select>
                    </div>
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| send("play")>"Play"</button>
                </div>
            })}
            <div class="flex flex-wrap gap-2">
                <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| send("pause")>"Pause"</button>
                <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| send("resume")>"Resume"</button>
                <button type="button" class=BUTTON disabled=move || busy.get() on:click=move |_| send("stop")>"Stop"</button>
            </div>
            <Outcome outcome=message/>
        </div>
    }
}

/// "sent pause to the player" → "Sent pause to the player".
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
