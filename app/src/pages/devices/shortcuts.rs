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
            let (number, problem) = (row.map(|n| n + 1), e.detail.as_str());
            match (number, parts.next()) {
                (Some(number), Some("card_id")) => {
                    tr!(
                        "player-shortcut-error-card",
                        number = number,
                        problem = problem
                    )
                }
                (Some(number), Some("mode")) => {
                    tr!(
                        "player-shortcut-error-mode",
                        number = number,
                        problem = problem
                    )
                }
                (Some(number), _) => {
                    tr!(
                        "player-shortcut-error-other",
                        number = number,
                        problem = problem
                    )
                }
                (None, _) => format!("{problem}."),
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
            <summary class="cursor-pointer font-medium">{tr!("player-shortcuts")}</summary>
            <div class="mt-3 space-y-3">
                <p class="text-sm text-slate-600">
                    {tr!("player-shortcuts-intro")}
                </p>
                <ul class="space-y-3" aria-label=tr!("player-shortcuts-list")>
                    <For each=move || rows.get() key=|row| row.key let:row>
                        <ShortcutRow row rows base=base.get_value() cards=cards.get_value()/>
                    </For>
                </ul>
                <div class="flex flex-wrap gap-2">
                    <button type="button" class=BUTTON on:click=add>{tr!("player-shortcuts-add")}</button>
                    <button type="button" class=BUTTON disabled=move || busy.get() on:click=save>
                        {move || match (busy.get(), empty()) {
                            (true, _) => tr!("saving"),
                            (false, true) => tr!("player-shortcuts-remove-all"),
                            (false, false) => tr!("player-shortcuts-save"),
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
        <li class="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3" aria-label=move || tr!("player-shortcut", number = number())>
            <div class="flex items-center justify-between gap-2">
                <p class="text-sm font-semibold">{move || tr!("player-shortcut", number = number())}</p>
                <button type="button" class=BUTTON aria-label=move || tr!("player-shortcut-remove-label", number = number())
                    on:click=move |_| rows.update(|r| r.retain(|x| x.key != key))>{tr!("player-shortcut-remove")}</button>
            </div>
            <div class="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
                <div>
                    <label for=mode_id.clone() class="block text-sm font-medium text-slate-700">{tr!("player-shortcut-mode")}</label>
                    <select id=mode_id class=INPUT on:change=move |ev| row.mode.set(event_target_value(&ev))>
                        <option value="day">{tr!("player-shortcut-day")}</option>
                        <option value="night">{tr!("player-shortcut-night")}</option>
                    </select>
                </div>
                <CardPicker id=card_id label=tr!("player-shortcut-card") cards value=row.card/>
            </div>
            <div class="grid grid-cols-2 gap-3">
                <div>
                    <label for=chapter_id.clone() class="block text-sm font-medium text-slate-700">{tr!("player-shortcut-chapter")}</label>
                    <input id=chapter_id class=INPUT autocomplete="off" placeholder=tr!("player-shortcut-example") bind:value=row.chapter/>
                </div>
                <div>
                    <label for=track_id.clone() class="block text-sm font-medium text-slate-700">{tr!("player-shortcut-track")}</label>
                    <input id=track_id class=INPUT autocomplete="off" placeholder=tr!("player-shortcut-example") bind:value=row.track/>
                </div>
            </div>
        </li>
    }
}

#[cfg(test)]
mod tests;
