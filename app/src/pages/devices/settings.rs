//! A player's settings: the nine the platform lets apps change, prefilled from the player's
//! settings block. Only changed fields are sent (the server merges them into the whole block,
//! which the platform replaces on every write). The model's own checks run first, so a wrong
//! value is explained beside its field without a round trip.

use cardsmith_model::device::DeviceSettingsInput;
use cardsmith_model::FieldError;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;

use super::controls::{dom_id, send};
use crate::api::rest::Verb;
use crate::components::form::{described_by, invalid, Field, Outcome, INPUT};
use crate::components::layout::BUTTON;

/// One setting: the API's field, its label, the platform's key, a hint and the input type.
/// The label and the hint are in the page's language, so they are looked up when shown.
struct Spec {
    field: &'static str,
    label: fn() -> String,
    key: &'static str,
    hint: fn() -> String,
    kind: &'static str,
}

static SETTINGS: [Spec; 9] = [
    Spec {
        field: "day_max_volume",
        label: || tr!("player-setting-day-max-volume"),
        key: "maxVolumeLimit",
        hint: || tr!("player-setting-volume-hint"),
        kind: "number",
    },
    Spec {
        field: "night_max_volume",
        label: || tr!("player-setting-night-max-volume"),
        key: "nightMaxVolumeLimit",
        hint: || tr!("player-setting-volume-hint"),
        kind: "number",
    },
    Spec {
        field: "day_time",
        label: || tr!("player-setting-day-time"),
        key: "dayTime",
        hint: || tr!("player-setting-day-time-hint"),
        kind: "time",
    },
    Spec {
        field: "night_time",
        label: || tr!("player-setting-night-time"),
        key: "nightTime",
        hint: || tr!("player-setting-night-time-hint"),
        kind: "time",
    },
    Spec {
        field: "day_brightness",
        label: || tr!("player-setting-day-brightness"),
        key: "dayDisplayBrightness",
        hint: || tr!("player-setting-brightness-hint"),
        kind: "text",
    },
    Spec {
        field: "night_brightness",
        label: || tr!("player-setting-night-brightness"),
        key: "nightDisplayBrightness",
        hint: || tr!("player-setting-brightness-hint"),
        kind: "text",
    },
    Spec {
        field: "shutdown_timeout_min",
        label: || tr!("player-setting-shutdown"),
        key: "shutdownTimeout",
        hint: || tr!("player-setting-shutdown-hint"),
        kind: "number",
    },
    Spec {
        field: "clock_face",
        label: || tr!("player-setting-clock-face"),
        key: "clockFace",
        hint: || tr!("player-setting-clock-face-hint"),
        kind: "text",
    },
    Spec {
        field: "timezone",
        label: || tr!("player-setting-timezone"),
        key: "timezone",
        hint: || tr!("player-setting-timezone-hint"),
        kind: "text",
    },
];

/// The setting as the form shows it: the platform keeps shutdown in seconds.
fn shown_value(settings: &Value, spec: &Spec) -> String {
    let raw = match &settings[spec.key] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    if spec.field == "shutdown_timeout_min" {
        return raw
            .parse::<u32>()
            .map(|s| (s / 60).to_string())
            .unwrap_or_default();
    }
    raw
}

/// The changed settings, `(API field, value)`, as the API's input.
fn input_of(changes: &[(&str, String)]) -> DeviceSettingsInput {
    let mut input = DeviceSettingsInput::default();
    for (field, value) in changes {
        let slot = match *field {
            "clock_face" => &mut input.clock_face,
            "day_brightness" => &mut input.day_brightness,
            "day_max_volume" => &mut input.day_max_volume,
            "day_time" => &mut input.day_time,
            "night_brightness" => &mut input.night_brightness,
            "night_max_volume" => &mut input.night_max_volume,
            "night_time" => &mut input.night_time,
            "shutdown_timeout_min" => &mut input.shutdown_timeout_min,
            "timezone" => &mut input.timezone,
            _ => continue,
        };
        *slot = Some(value.clone());
    }
    input
}

/// One field on screen: its spec, the value the player has as far as this page knows, and
/// the value in the box.
#[derive(Clone, Copy)]
struct Setting {
    spec: &'static Spec,
    saved: RwSignal<String>,
    value: RwSignal<String>,
}

#[component]
pub fn SettingsForm(base: String, settings: Value) -> impl IntoView {
    let fields: Vec<Setting> = SETTINGS
        .iter()
        .map(|spec| {
            let start = shown_value(&settings, spec);
            Setting {
                spec,
                saved: RwSignal::new(start.clone()),
                value: RwSignal::new(start),
            }
        })
        .collect();
    let errors = RwSignal::new(Vec::<FieldError>::new());
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let prefix = dom_id(&base, "");
    let base = StoredValue::new(base);
    let list = StoredValue::new(fields.clone());
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let changes: Vec<(&str, String)> = list.with_value(|list| {
            list.iter()
                .filter_map(|s| {
                    let now = s.value.get_untracked().trim().to_owned();
                    (now != s.saved.get_untracked()).then_some((s.spec.field, now))
                })
                .collect()
        });
        if changes.is_empty() {
            errors.set(Vec::new());
            outcome.set(Some(Err(tr!("player-settings-nothing-changed"))));
            return;
        }
        let input = input_of(&changes);
        if let Err(found) = input.validate() {
            errors.set(found);
            outcome.set(Some(Err(tr!("player-settings-need-fixing"))));
            return;
        }
        errors.set(Vec::new());
        outcome.set(None);
        busy.set(true);
        spawn_local(async move {
            let answer = send(&base.get_value(), "settings", Verb::Put, &input).await;
            if answer.is_ok() {
                // What was sent is now what the player has: the next save sends only newer edits.
                list.with_value(|list| {
                    for s in list {
                        if let Some((_, v)) = changes.iter().find(|(f, _)| *f == s.spec.field) {
                            s.saved.set(v.clone());
                        }
                    }
                });
            }
            outcome.set(Some(answer));
            busy.set(false);
        });
    };
    view! {
        <details class="rounded-xl border border-slate-200 p-3">
            <summary class="cursor-pointer font-medium">{tr!("player-settings")}</summary>
            <form class="mt-3 space-y-3" aria-label=tr!("player-settings-form") novalidate on:submit=save>
                <p class="text-sm text-slate-600">{tr!("player-settings-intro")}</p>
                <div class="grid gap-3 sm:grid-cols-2">
                    {fields.into_iter().map(|s| view! { <SettingField setting=s prefix=prefix.clone() errors/> }).collect_view()}
                </div>
                <button type="submit" class=BUTTON disabled=move || busy.get()>
                    {move || if busy.get() { tr!("saving") } else { tr!("player-settings-save") }}
                </button>
                <Outcome outcome=outcome/>
            </form>
        </details>
    }
}

#[component]
fn SettingField(
    setting: Setting,
    prefix: String,
    errors: RwSignal<Vec<FieldError>>,
) -> impl IntoView {
    let spec = setting.spec;
    let id = format!("{}{prefix}", spec.field.replace('_', "-"));
    let error = Signal::derive(move || {
        errors.with(|list| {
            list.iter()
                .find(|e| e.field() == spec.field)
                .map(|e| e.detail.clone())
        })
    });
    let (label, hint) = ((spec.label)(), (spec.hint)());
    view! {
        <Field id=id.clone() label hint error>
            <input id=id.clone() name=spec.field type=spec.kind class=INPUT autocomplete="off"
                bind:value=setting.value aria-invalid=invalid(error)
                aria-describedby=described_by(&id, true, error)/>
        </Field>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reaches_the_api_input() {
        let all: Vec<(&str, String)> = SETTINGS.iter().map(|s| (s.field, "1".into())).collect();
        let input = serde_json::to_value(input_of(&all)).unwrap();
        let sent = input.as_object().unwrap();
        assert_eq!(sent.len(), SETTINGS.len());
        assert!(sent.values().all(|v| v == "1"), "{input}");
    }

    #[test]
    fn shutdown_shows_in_minutes() {
        let settings = serde_json::json!({ "shutdownTimeout": "3600", "maxVolumeLimit": 16 });
        assert_eq!(shown_value(&settings, &SETTINGS[6]), "60");
        assert_eq!(shown_value(&settings, &SETTINGS[0]), "16");
        assert_eq!(shown_value(&settings, &SETTINGS[8]), "");
    }
}
