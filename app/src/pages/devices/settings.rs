//! A player's settings (only the changed ones are sent; the server merges them into the
//! player's whole settings block) and its shortcut buttons (write-only on the platform).

use cardsmith_model::publish::PublishedCardOut;
use cardsmith_model::system::MessageOutputBody;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::{json, Map, Value};

use super::capitalised;
use crate::components::form::{Outcome, INPUT};
use crate::components::layout::BUTTON;
use crate::components::rest::{self, Verb};

/// `(field of the API, label, the platform's key, hint)`.
const SETTINGS: [(&str, &str, &str, &str); 9] = [
    (
        "day_max_volume",
        "Day maximum volume",
        "maxVolumeLimit",
        "0 to 16",
    ),
    (
        "night_max_volume",
        "Night maximum volume",
        "nightMaxVolumeLimit",
        "0 to 16",
    ),
    ("day_time", "Day starts at", "dayTime", "HH:MM"),
    ("night_time", "Night starts at", "nightTime", "HH:MM"),
    (
        "day_brightness",
        "Day brightness",
        "dayDisplayBrightness",
        "auto or 0 to 100",
    ),
    (
        "night_brightness",
        "Night brightness",
        "nightDisplayBrightness",
        "auto or 0 to 100",
    ),
    (
        "shutdown_timeout_min",
        "Switch off after (minutes)",
        "shutdownTimeout",
        "0 to 1440",
    ),
    ("clock_face", "Clock face", "clockFace", "e.g. digital-sun"),
    ("timezone", "Time zone", "timezone", "e.g. Europe/London"),
];

/// The setting as the form shows it: the platform keeps shutdown in seconds.
fn shown_value(settings: &Value, field: &str, key: &str) -> String {
    let raw = match &settings[key] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    if field == "shutdown_timeout_min" {
        return raw
            .parse::<u32>()
            .map(|s| (s / 60).to_string())
            .unwrap_or_default();
    }
    raw
}

#[component]
pub fn SettingsForm(base: String, settings: Value) -> impl IntoView {
    let fields: Vec<_> = SETTINGS
        .iter()
        .map(|(field, label, key, hint)| {
            let start = shown_value(&settings, field, key);
            (*field, *label, *hint, start.clone(), RwSignal::new(start))
        })
        .collect();
    let fields = StoredValue::new(fields);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let base = StoredValue::new(base);
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut changes = Map::new();
        fields.with_value(|list| {
            for (field, _, _, start, value) in list {
                let now = value.get_untracked().trim().to_owned();
                if now != *start {
                    changes.insert((*field).to_owned(), json!(now));
                }
            }
        });
        if changes.is_empty() {
            outcome.set(Some(Err("Nothing changed.".into())));
            return;
        }
        busy.set(true);
        spawn_local(async move {
            let url = format!("{}/settings", base.get_value());
            let answer = rest::fetch_json::<MessageOutputBody>(
                Verb::Put,
                &url,
                Some(Value::Object(changes)),
            )
            .await;
            outcome.set(Some(answer.map(|m| capitalised(&m.message))));
            busy.set(false);
        });
    };
    let prefix = base.get_value().replace('/', "-");
    view! {
        <details class="rounded-xl border border-slate-200 p-3">
            <summary class="cursor-pointer font-medium">"Settings"</summary>
            <form class="mt-3 space-y-3" aria-label="Player settings" on:submit=save>
                <div class="grid gap-3 sm:grid-cols-2">
                    {fields.get_value().into_iter().map(|(field, label, hint, _, value)| {
                        let id = format!("{prefix}-{field}");
                        view! {
                            <div>
                                <label for=id.clone() class="block text-sm font-medium text-slate-700">{label}</label>
                                <input id=id class=INPUT placeholder=hint bind:value=value/>
                            </div>
                        }
                    }).collect_view()}
                </div>
                <button type="submit" class=BUTTON disabled=move || busy.get()>"Save settings"</button>
                <Outcome outcome=outcome/>
            </form>
        </details>
    }
}

/// One shortcut row being edited.
#[derive(Clone)]
struct Row {
    mode: RwSignal<String>,
    card: RwSignal<String>,
}

#[component]
pub fn ShortcutsForm(base: String, cards: Vec<PublishedCardOut>) -> impl IntoView {
    let rows = RwSignal::new(Vec::<Row>::new());
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let base = StoredValue::new(base);
    let cards = StoredValue::new(cards);
    let first_card = move || {
        cards.with_value(|c| {
            c.first()
                .map(|c| c.player_card_id.clone())
                .unwrap_or_default()
        })
    };
    let add = move |_| {
        rows.update(|r| {
            r.push(Row {
                mode: RwSignal::new("day".into()),
                card: RwSignal::new(first_card()),
            })
        })
    };
    let save = move |_| {
        let shortcuts: Vec<Value> = rows.with_untracked(|r| {
            r.iter()
                .map(|row| json!({ "mode": row.mode.get_untracked(), "card_id": row.card.get_untracked() }))
                .collect()
        });
        busy.set(true);
        spawn_local(async move {
            let url = format!("{}/shortcuts", base.get_value());
            let body = json!({ "shortcuts": shortcuts });
            let answer = rest::fetch_json::<MessageOutputBody>(Verb::Put, &url, Some(body)).await;
            outcome.set(Some(answer.map(|m| capitalised(&m.message))));
            busy.set(false);
        });
    };
    view! {
        <details class="rounded-xl border border-slate-200 p-3">
            <summary class="cursor-pointer font-medium">"Shortcuts"</summary>
            <div class="mt-3 space-y-3">
                <p class="text-sm text-slate-600">"Cards the child starts from the player's buttons, by day or by night. The platform does not let apps read them back, so saving replaces the player's shortcuts with this list."</p>
                {move || (cards.with_value(Vec::is_empty)).then(|| view! {
                    <p class="text-sm text-amber-800">"Publish a card to this account first: shortcuts play published cards."</p>
                })}
                <ul class="space-y-2" aria-label="Shortcuts to save">
                    {move || rows.get().into_iter().enumerate().map(|(i, row)| view! {
                        <li class="flex flex-wrap items-center gap-2">
                            <select aria-label=format!("Shortcut {} mode", i + 1) class="rounded-lg border border-slate-300 bg-white px-2 py-2"
                                on:change=move |ev| row.mode.set(event_target_value(&ev))>
                                <option value="day" selected=row.mode.get_untracked() == "day">"Day"</option>
                                <option value="night" selected=row.mode.get_untracked() == "night">"Night"</option>
                            </select>
                            <select aria-label=format!("Shortcut {} card", i + 1) class="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-2"
                                on:change=move |ev| row.card.set(event_target_value(&ev))>
                                {cards.get_value().into_iter().map(|c| view! { <option value=c.player_card_id.clone()>{c.title}</option> }).collect_view()}
                            </select>
                            <button type="button" class=BUTTON aria-label=format!("Remove shortcut {}", i + 1)
                                on:click=move |_| rows.update(|r| { r.remove(i); })>"✕"</button>
                        </li>
                    }).collect_view()}
                </ul>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=BUTTON disabled=move || cards.with_value(Vec::is_empty) on:click=add>"Add shortcut"</button>
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=save>"Save shortcuts"</button>
                </div>
                <Outcome outcome=outcome/>
            </div>
        </details>
    }
}
