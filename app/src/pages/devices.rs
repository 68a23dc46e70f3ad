//! The players of the linked accounts, grouped by account: how each is (online, battery, what
//! it plays), commands, settings and shortcuts. When the platform cannot be reached the last
//! snapshot is shown, marked with its time; an account that must be linked again says so and
//! points to the Accounts page.

pub(crate) mod controls;
pub(crate) mod live;
mod settings;
mod shortcuts;

use cardsmith_model::device::InfoSnapshot;
use cardsmith_model::player::{account_status, PlayerAccountOut};
use cardsmith_model::publish::PublishedCardOut;
use leptos::prelude::*;
use serde_json::Value;

use crate::api::DevicesPageData;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::{Badge, EmptyBox, PANEL};

/// The players (in the `Household` island): their controls and settings act in place.
#[component]
pub(crate) fn DevicesView(page: DevicesPageData) -> impl IntoView {
    if page.accounts.is_empty() {
        return view! {
            <EmptyBox heading=tr!("player-no-account-heading")
                body=tr!("player-devices-empty-body")
                next=Some(("/accounts", tr!("player-link-account")))/>
        }
        .into_any();
    }
    let devices = page.devices.devices.unwrap_or_default();
    let unreachable = page.devices.unreachable_accounts;
    let mut published = page.published;
    view! {
        <div class="space-y-8">
            {page.accounts.into_iter().map(|account| {
                let players: Vec<InfoSnapshot> = devices.iter().filter(|d| d.account_id == account.id).cloned().collect();
                let cards = published.iter_mut().find(|(a, _)| *a == account.id)
                    .map(|(_, c)| std::mem::take(c)).unwrap_or_default();
                let reachable = !unreachable.contains(&account.id);
                view! { <AccountPlayers account players cards reachable/> }
            }).collect_view()}
        </div>
    }
    .into_any()
}

/// One account's players under its name, with why they may be out of date.
#[component]
fn AccountPlayers(
    account: PlayerAccountOut,
    players: Vec<InfoSnapshot>,
    cards: Vec<PublishedCardOut>,
    reachable: bool,
) -> impl IntoView {
    let heading = format!("account-{}-heading", account.id);
    let labelled_by = heading.clone();
    let needs_relink = account.status == account_status::NEEDS_RELINK;
    let notice = if needs_relink {
        Some(view! {
            <Feedback tone=Tone::Warning>
                {tr!("player-devices-relink-notice")}" "
                <a href="/accounts" class="font-medium underline">{tr!("player-devices-relink-link")}</a>
            </Feedback>
        }
        .into_any())
    } else if !reachable {
        Some(
            view! {
                <Feedback tone=Tone::Warning>
                    {tr!("player-devices-unreachable")}
                </Feedback>
            }
            .into_any(),
        )
    } else {
        None
    };
    let count = tr!("player-devices-count", count = players.len());
    // one live stream per account on the page, whatever its number of players
    let live = live::LiveAccount::follow(&account.id, !needs_relink);
    view! {
        <section aria-labelledby=labelled_by class="space-y-3">
            <div class="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id=heading class="min-w-0 break-all text-lg font-semibold">{account.label.clone()}</h2>
                <span class="text-sm text-slate-500">{count}</span>
                {needs_relink.then(|| view! { <Badge text=tr!("player-needs-relink") tone="bg-amber-100 text-amber-900"/> })}
            </div>
            {notice}
            {if players.is_empty() {
                view! {
                    <p class="rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-slate-600">
                        {if reachable { tr!("player-devices-none-registered") } else { tr!("player-devices-none-seen") }}
                    </p>
                }.into_any()
            } else {
                let label = tr!("player-devices-list", account = &account.label);
                view! {
                    <ul class="grid gap-4 lg:grid-cols-2" aria-label=label>
                        {players.into_iter().map(|device| view! { <DeviceCard device cards=cards.clone() live/> }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </section>
    }
}

/// A number from the player's status, whether it came as a number or a string.
fn number(status: &Value, key: &str) -> Option<f64> {
    match &status[key] {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// A stored timestamp (`2026-11-22T13:13:25.123Z`) as people of the page's language read it:
/// `22 Nov 2026, 13:13 UTC`. The same on the server and in the browser (no local time zone),
/// so hydration finds the text it expects.
fn readable_time(stamp: &str) -> String {
    match cardsmith_i18n::date_time(crate::i18n::locale(), stamp) {
        unreadable if unreadable == stamp => unreadable,
        readable => format!("{readable} UTC"),
    }
}

#[component]
fn DeviceCard(
    device: InfoSnapshot,
    cards: Vec<PublishedCardOut>,
    live: live::LiveAccount,
) -> impl IntoView {
    let base = format!("/api/devices/{}/{}", device.account_id, device.device_id);
    // the battery as the player reports it live, else as the snapshot had it
    let snapshot_battery = number(&device.status, "batteryLevel").map(|b| b.clamp(0.0, 100.0));
    let snapshot_charging = device.status["charging"].as_bool().unwrap_or(false)
        || number(&device.status, "charging").is_some_and(|c| c > 0.0);
    let live_battery = live.battery(&device.device_id);
    let battery = move || {
        live_battery
            .get()
            .map(|(level, _)| f64::from(level))
            .or(snapshot_battery)
    };
    let charging = move || {
        live_battery
            .get()
            .map_or(snapshot_charging, |(_, charging)| charging)
    };
    // while live, the panel below says what plays and how loud
    let is_live = live.is_live(&device.device_id);
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
    let mut kind = vec![device.device_family.as_str(), device.form_factor.as_str()];
    kind.retain(|s| !s.is_empty());
    kind.dedup(); // a Mini is family "mini" and form factor "mini"
    let kind = kind.join(" · ");
    view! {
        <li class=format!("min-w-0 {PANEL}") aria-label=tr!("player-device", name = &name)>
            <div class="flex flex-wrap items-center gap-2">
                <h3 class="min-w-0 break-words text-lg font-semibold">{name.clone()}</h3>
                {if device.online {
                    view! { <Badge text=tr!("player-device-online") tone="bg-emerald-50 text-emerald-700"/> }
                } else {
                    view! { <Badge text=tr!("player-device-offline") tone="bg-slate-100 text-slate-600"/> }
                }}
            </div>
            {(!kind.is_empty()).then(|| view! { <p class="text-sm text-slate-600">{kind}</p> })}
            {device.cached.then(|| view! {
                <p class="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
                    {tr!("player-device-cached", time = readable_time(&device.last_updated))}
                </p>
            })}
            <dl class="grid grid-cols-2 gap-3 text-sm">
                <div class="col-span-2">
                    <dt class="text-slate-500">{tr!("player-device-battery")}</dt>
                    <dd class="flex items-center gap-2">
                        {move || battery().map(|level| view! {
                            <div class="h-2.5 w-full max-w-48 overflow-hidden rounded-full bg-slate-200" role="meter" aria-label=tr!("player-device-battery-level")
                                aria-valuemin="0" aria-valuemax="100" aria-valuenow=level>
                                <div class=format!("h-full {}", if level < 20.0 { "bg-rose-500" } else { "bg-emerald-500" })
                                    style:width=format!("{level:.0}%")></div>
                            </div>
                        })}
                        <span class="font-medium tabular-nums">{move || battery().map(|b| tr!("player-device-battery-percent", percent = format!("{b:.0}"))).unwrap_or_else(|| tr!("player-device-battery-unknown"))}</span>
                        {move || charging().then(|| view! { <span class="text-emerald-700">{tr!("player-device-charging")}</span> })}
                    </dd>
                </div>
                <Show when=move || !is_live.get()>
                    <div class="min-w-0"><dt class="text-slate-500">{tr!("player-device-playing")}</dt><dd class="break-words font-medium">{active.clone().unwrap_or_else(|| tr!("player-device-playing-nothing"))}</dd></div>
                    <div><dt class="text-slate-500">{tr!("player-device-volume")}</dt><dd class="font-medium">{volume.map(|v| format!("{v:.0}")).unwrap_or_else(|| "–".into())}</dd></div>
                </Show>
            </dl>
            <live::NowPlaying live device_id=device.device_id.clone() base=base.clone() cards=cards.clone()/>
            <controls::Commands base=base.clone() cards=cards.clone() name=name.clone() live=live.is_live(&device.device_id)/>
            <settings::SettingsForm base=base.clone() settings=device.settings.clone()/>
            <shortcuts::ShortcutsForm base cards/>
        </li>
    }
}

#[cfg(test)]
mod tests;
