//! A player's shortcut buttons: which card a button starts by day or by night, optionally at
//! a chapter and track. The platform does not let apps read shortcuts back, so the form
//! cannot show the current ones: it starts empty, says so, and saving replaces the player's
//! shortcuts with the list.

use cardsmith_model::device::{ShortcutInput, ShortcutsInput};
use cardsmith_model::publish::PublishedCardOut;
use cardsmith_model::FieldError;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::controls::{dom_id, send, CardPicker};
use crate::api::rest::Verb;
use crate::components::form::{Outcome, INPUT};
use crate::components::layout::BUTTON;

/// One shortcut being edited; `key` stays with the row while rows above it are removed.
#[derive(Clone, Copy)]
struct Row {
    key: u32,
    mode: RwSignal<String>,
    card: RwSignal<String>,
    chapter: RwSignal<String>,
    track: RwSignal<String>,
}

impl Row {
    fn new(key: u32) -> Self {
        Self {
            key,
            mode: RwSignal::new("day".into()),
            card: RwSignal::new(String::new()),
            chapter: RwSignal::new(String::new()),
            track: RwSignal::new(String::new()),
        }
    }

    fn input(&self) -> ShortcutInput {
        let optional = |s: RwSignal<String>| {
            let text = s.get_untracked().trim().to_owned();
            (!text.is_empty()).then_some(text)
        };
        ShortcutInput {
            mode: self.mode.get_untracked(),
            card_id: self.card.get_untracked().trim().to_owned(),
            chapter: optional(self.chapter),
            track: optional(self.track),
        }
    }
}

/// The model's complaints (`/shortcuts/1/card_id is required`) in the form's words
/// ("Shortcut 2: the card is required").
fn explain(errors: &[FieldError]) -> String {
    errors
        .iter()
        .map(|e| {
            let mut parts = e.pointer.trim_start_matches('/').split('/').skip(1);
            let row = parts.next().and_then(|n| n.parse::<usize>().ok());
            let what = match parts.next() {
                Some("card_id") => "the card",
                Some("mode") => "the mode",
                _ => "it",
            };
            match row {
                Some(n) => format!("Shortcut {}: {what} {}.", n + 1, e.detail),
                None => format!("{}.", e.detail),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[component]
pub fn ShortcutsForm(base: String, cards: Vec<PublishedCardOut>) -> impl IntoView {
    let rows = RwSignal::new(Vec::<Row>::new());
    let next_key = StoredValue::new(0u32);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    let base = StoredValue::new(base);
    let cards = StoredValue::new(cards);
    let add = move |_| {
        let key = next_key.get_value();
        next_key.set_value(key + 1);
        rows.update(|r| r.push(Row::new(key)));
    };
    let save = move |_| {
        let input = ShortcutsInput {
            shortcuts: rows.with_untracked(|r| r.iter().map(Row::input).collect()),
        };
        if let Err(errors) = input.validate() {
            outcome.set(Some(Err(explain(&errors))));
            return;
        }
        busy.set(true);
        spawn_local(async move {
            let answer = send(&base.get_value(), "shortcuts", Verb::Put, &input).await;
            outcome.set(Some(answer));
            busy.set(false);
        });
    };
    let empty = move || rows.with(Vec::is_empty);
    view! {
        <details class="rounded-xl border border-slate-200 p-3">
            <summary class="cursor-pointer font-medium">"Shortcuts"</summary>
            <div class="mt-3 space-y-3">
                <p class="text-sm text-slate-600">
                    "Cards the child starts from the player's buttons, by day or by night. The player platform does not let apps read the current shortcuts, so they cannot be shown here: saving replaces all of the player's shortcuts with this list."
                </p>
                <ul class="space-y-3" aria-label="Shortcuts to save">
                    <For each=move || rows.get() key=|row| row.key let:row>
                        <ShortcutRow row rows base=base.get_value() cards=cards.get_value()/>
                    </For>
                </ul>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=BUTTON on:click=add>"Add shortcut"</button>
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=save>
                        {move || match (busy.get(), empty()) {
                            (true, _) => "Saving…",
                            (false, true) => "Remove all shortcuts",
                            (false, false) => "Save shortcuts",
                        }}
                    </button>
                </div>
                <Outcome outcome=outcome/>
            </div>
        </details>
    }
}

#[component]
fn ShortcutRow(
    row: Row,
    rows: RwSignal<Vec<Row>>,
    base: String,
    cards: Vec<PublishedCardOut>,
) -> impl IntoView {
    let key = row.key;
    let number = move || rows.with(|r| r.iter().position(|x| x.key == key).unwrap_or(0) + 1);
    let id = |what: &str| dom_id(&base, &format!("shortcut-{key}-{what}"));
    let (mode_id, card_id, chapter_id, track_id) =
        (id("mode"), id("card"), id("chapter"), id("track"));
    view! {
        <li class="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3" aria-label=move || format!("Shortcut {}", number())>
            <div class="flex items-center justify-between gap-2">
                <p class="text-sm font-semibold">{move || format!("Shortcut {}", number())}</p>
                <button type="button" class=BUTTON aria-label=move || format!("Remove shortcut {}", number())
                    on:click=move |_| rows.update(|r| r.retain(|x| x.key != key))>"Remove"</button>
            </div>
            <div class="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
                <div>
                    <label for=mode_id.clone() class="block text-sm font-medium text-slate-700">"Mode"</label>
                    <select id=mode_id class=INPUT on:change=move |ev| row.mode.set(event_target_value(&ev))>
                        <option value="day">"Day"</option>
                        <option value="night">"Night"</option>
                    </select>
                </div>
                <CardPicker id=card_id label="Card" cards value=row.card/>
            </div>
            <div class="grid grid-cols-2 gap-3">
                <div>
                    <label for=chapter_id.clone() class="block text-sm font-medium text-slate-700">"Chapter (optional)"</label>
                    <input id=chapter_id class=INPUT autocomplete="off" placeholder="e.g. 01" bind:value=row.chapter/>
                </div>
                <div>
                    <label for=track_id.clone() class="block text-sm font-medium text-slate-700">"Track (optional)"</label>
                    <input id=track_id class=INPUT autocomplete="off" placeholder="e.g. 01" bind:value=row.track/>
                </div>
            </div>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complaints_name_the_row() {
        let errors = vec![
            FieldError::new("shortcuts/1/card_id", "is required"),
            FieldError::new("shortcuts/0/mode", "must be day or night"),
        ];
        assert_eq!(
            explain(&errors),
            "Shortcut 2: the card is required. Shortcut 1: the mode must be day or night."
        );
    }
}
