//! The list of providers: one row each with its kind and model, an on/off switch, whether a
//! key is stored, what it has spent of its budget (and of its monthly cap), the last error,
//! and buttons to move it up or down the order, test, edit and delete it. Then the cascade
//! in words.

use cardsmith_model::llm::{LLMProviderOut, OFFLINE};
use leptos::html::Button;
use leptos::prelude::*;

use super::browser;
use super::state::{kind_name, name_of, Editing, Owner, Providers};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::BUTTON;

/// Dollars as people read them: "$5.00", "$0.42"; an amount below a cent reads "< $0.01".
pub fn usd(amount: f64) -> String {
    if amount > 0.0 && amount < 0.005 {
        "< $0.01".to_owned()
    } else {
        format!("${:.2}", amount.max(0.0))
    }
}

/// An RFC 3339 time as a date people read: "1 December 2026" (UTC); the text itself when it
/// is not one.
pub fn day(time: &str) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let parts: Vec<&str> = time.get(..10).unwrap_or(time).split('-').collect();
    match parts.as_slice() {
        [year, month, d] => {
            let month = month
                .parse::<usize>()
                .ok()
                .and_then(|m| MONTHS.get(m.checked_sub(1)?));
            match (month, d.parse::<u32>()) {
                (Some(month), Ok(d)) => format!("{d} {month} {year}"),
                _ => time.to_owned(),
            }
        }
        _ => time.to_owned(),
    }
}

/// The lifetime budget in words: "$0.42 of $5.00 spent · $4.58 left".
fn budget_words(spent: f64, budget: f64, left: f64) -> String {
    if budget <= 0.0 && spent <= 0.0 {
        "No budget: only free calls are made".to_owned()
    } else {
        format!(
            "{} of {} spent · {} left",
            usd(spent),
            usd(budget),
            usd(left)
        )
    }
}

/// The share of `used` in `of`, 0..=100 (a zero budget is empty until something is spent).
fn percent(used: f64, of: f64) -> f64 {
    if of <= 0.0 {
        if used > 0.0 {
            100.0
        } else {
            0.0
        }
    } else {
        (used / of * 100.0).clamp(0.0, 100.0)
    }
}

#[component]
pub fn ProviderList(p: Providers) -> impl IntoView {
    move || {
        match p.list.get() {
        None => view! { <p class="text-sm text-slate-500">"Loading providers…"</p> }.into_any(),
        Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true>{e}</Feedback> }.into_any(),
        Some(Ok(list)) if list.is_empty() => view! {
            <p class="rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-600" data-testid="no-providers">
                {match p.owner {
                    Owner::User => "You have no AI providers. Everything is generated offline, for free, until you add one.",
                    Owner::System => "The instance has no AI providers. Users who add none of their own get offline generation.",
                }}
            </p>
        }
        .into_any(),
        Some(Ok(_)) => view! {
            <ol class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200" aria-label="Providers in the order they are tried"
                on:pointermove=move |ev| p.drag_over(browser::row_under(&ev))
                on:pointerup=move |_| p.drop_dragged()
                on:pointerleave=move |_| p.dragging.set(None)>
                <For each=move || p.records() key=|r| r.id.clone() let:record>
                    <ProviderRow p id=record.id/>
                </For>
            </ol>
        }
        .into_any(),
    }
    }
}

/// A row reads its record from the list by id, so a move keeps the row (and the focus on
/// its button) while its position and fields follow.
#[component]
fn ProviderRow(p: Providers, id: String) -> impl IntoView {
    let key = StoredValue::new(id.clone());
    let record =
        Memo::new(move |_| key.with_value(|id| p.records().into_iter().find(|r| &r.id == id)));
    let name = move || record.with(|r| r.as_ref().map(name_of).unwrap_or_default());
    let index = move || {
        key.try_with_value(|id| p.records().iter().position(|r| &r.id == id))
            .flatten()
    };
    let count = move || p.records().len();
    let busy = move || key.with_value(|id| p.is_busy(id));
    let up = NodeRef::<Button>::new();
    let down = NodeRef::<Button>::new();
    // After a move the row is re-inserted where it now belongs; the focus goes back to the
    // button that moved it (or its twin when that one is now disabled at an end).
    let shift = move |step: isize| {
        key.with_value(|id| p.shift(id, step));
        request_animation_frame(move || {
            // By the next frame the list may have dropped this row (a reload after the save):
            // then there is no button of it to focus.
            let Some(at) = key.try_with_value(|id| p.records().iter().position(|r| &r.id == id))
            else {
                return;
            };
            let at_end = match step {
                -1 => at == Some(0),
                _ => at.is_none_or(|i| i + 1 >= count()),
            };
            let target = match (step, at_end) {
                (-1, false) | (1, true) => up,
                _ => down,
            };
            if let Some(button) = target.try_get_untracked().flatten() {
                let _ = button.focus();
            }
        });
    };
    // Dragging by the handle (mouse, pen or finger): the list follows the pointer (see
    // `ProviderList`) and letting go moves the record like the buttons do.
    let drag_start = move |ev: leptos::ev::PointerEvent| {
        if busy() {
            return;
        }
        ev.prevent_default();
        if let Some(from) = index() {
            p.dragging.set(Some((key.get_value(), from)));
        }
    };
    let drop_here = move || {
        p.dragging
            .with(|d| d.as_ref().is_some_and(|(_, at)| Some(*at) == index()))
    };
    let small = format!("{BUTTON} min-h-11 min-w-11 px-3");
    let small2 = small.clone();
    view! {
        <li class=move || format!("space-y-3 p-3 sm:p-4 {}", if drop_here() { "bg-indigo-50 ring-2 ring-inset ring-indigo-300" } else { "bg-white" })
            data-testid="provider-row" data-provider-id=id data-provider-index=move || index().map(|i| i.to_string())
            aria-label=move || format!("{}: {}", index().map_or(0, |i| i + 1), name())>
            {move || record.get().map(|r| view! { <Summary p record=r/> })}
            <div class="flex flex-wrap items-center gap-2">
                // for pointers; keyboards and screen readers use Up and Down
                <span aria-hidden="true" title="Drag to reorder" data-testid="drag-handle"
                    class="flex min-h-11 min-w-11 cursor-grab touch-none select-none items-center justify-center rounded-md border border-slate-200 text-lg text-slate-500 hover:bg-slate-50 active:cursor-grabbing"
                    on:pointerdown=drag_start on:pointercancel=move |_| p.dragging.set(None)>"⠿"</span>
                <button type="button" class=small.clone() node_ref=up aria-label=move || format!("Move {} up", name())
                    disabled=move || busy() || index() == Some(0) on:click=move |_| shift(-1)>"↑ Up"</button>
                <button type="button" class=small.clone() node_ref=down aria-label=move || format!("Move {} down", name())
                    disabled=move || busy() || index().is_none_or(|i| i + 1 >= count()) on:click=move |_| shift(1)>"↓ Down"</button>
                {(p.owner == Owner::User).then(|| view! {
                    <button type="button" class=small2.clone() aria-label=move || format!("Test {}", name())
                        disabled=busy on:click=move |_| p.test_saved(key.get_value())>
                        {move || if busy() { "Testing…" } else { "Test" }}
                    </button>
                })}
                <button type="button" class=small2.clone() aria-label=move || format!("Edit {}", name()) aria-haspopup="dialog"
                    on:click=move |_| p.editing.set(record.get_untracked().map(|r| Editing::Existing(Box::new(r))))>"Edit"</button>
                <ConfirmButton label="Delete"
                    question=Signal::derive(move || format!("Delete {}? Its key and spending record go with it.", name()))
                    confirm_label="Yes, delete provider" busy=Signal::derive(busy)
                    on_confirm=Callback::new(move |()| if let Some(r) = record.get_untracked() { p.delete(r) })/>
            </div>
            {move || key.with_value(|id| p.tests.with(|t| t.get(id).cloned())).map(|t| view! {
                <Feedback tone=if t.ok { Tone::Success } else { Tone::Error } inline=true>
                    <span data-testid="provider-test">{if t.ok { "Test passed: " } else { "Test failed: " }}{t.message}</span>
                </Feedback>
            })}
        </li>
    }
}

/// The facts of one record: name, switch, key badge, spending, last error.
#[component]
fn Summary(p: Providers, record: LLMProviderOut) -> impl IntoView {
    let name = name_of(&record);
    let enabled = record.enabled;
    let toggled = record.clone();
    let id = record.id.clone();
    let busy = move || p.is_busy(&id);
    let key_badge = if record.has_key {
        (
            "Key stored",
            "bg-emerald-50 text-emerald-700 ring-emerald-200",
        )
    } else if cardsmith_model::llm::kind_is_keyless(&record.provider) {
        (
            "No key needed",
            "bg-slate-100 text-slate-600 ring-slate-200",
        )
    } else {
        ("No key", "bg-amber-50 text-amber-800 ring-amber-200")
    };
    view! {
        <div class="flex flex-wrap items-start gap-3">
            <div class="min-w-0 flex-1">
                <p class="break-words font-medium" data-testid="provider-name">{kind_name(&record.provider).to_owned()}</p>
                <p class="break-all font-mono text-xs text-slate-500">{record.model.clone()}</p>
                {record.base_url.clone().map(|u| view! { <p class="break-all text-xs text-slate-500">{u}</p> })}
            </div>
            <span class=format!("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 {}", key_badge.1)
                data-testid="provider-key">{key_badge.0}</span>
            <label class="inline-flex cursor-pointer items-center gap-2 text-sm">
                <button type="button" role="switch" aria-checked=enabled.to_string()
                    aria-label=format!("Use {name}")
                    disabled=busy
                    on:click=move |_| p.set_enabled(toggled.clone(), !enabled)
                    class=format!("relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:opacity-60 {}",
                        if enabled { "bg-indigo-600" } else { "bg-slate-300" })>
                    <span aria-hidden="true" class=format!("inline-block h-5 w-5 rounded-full bg-white shadow transition {}",
                        if enabled { "translate-x-5" } else { "translate-x-0.5" })></span>
                </button>
                <span aria-hidden="true" class="text-slate-700">{if enabled { "On" } else { "Off" }}</span>
            </label>
        </div>
        <SpendBar label="Budget" used=record.spent_usd of=record.budget_usd
            words=budget_words(record.spent_usd, record.budget_usd, record.budget_left)/>
        {record.monthly_budget_cents.map(|cap| {
            let (used, of) = (record.monthly_spend_cents as f64 / 100.0, cap as f64 / 100.0);
            view! {
                <SpendBar label="This month" used of
                    words=format!("{} of {} this month · resets {}", usd(used), usd(of), day(&record.monthly_spend_reset_at))/>
            }
        })}
        {record.last_error.clone().map(|e| view! {
            <p class="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="provider-error">
                <span class="font-medium">"Last error: "</span>{e}
            </p>
        })}
    }
}

/// A bar of how much of a budget is spent, with the numbers in words beside it.
#[component]
fn SpendBar(label: &'static str, used: f64, of: f64, words: String) -> impl IntoView {
    let share = percent(used, of);
    let tone = if share >= 90.0 {
        "bg-rose-500"
    } else if share >= 70.0 {
        "bg-amber-500"
    } else {
        "bg-emerald-500"
    };
    view! {
        <div class="space-y-1">
            <div class="flex flex-wrap justify-between gap-x-3 text-xs">
                <span class="font-medium text-slate-700">{label}</span>
                <span class="text-slate-600" data-testid="provider-spend">{words.clone()}</span>
            </div>
            <div class="h-2 w-full overflow-hidden rounded-full bg-slate-100" role="progressbar"
                aria-label=label aria-valuemin="0" aria-valuemax="100" aria-valuenow=format!("{share:.0}") aria-valuetext=words>
                <div class=format!("h-full rounded-full {tone}") style=format!("width: {share:.1}%")></div>
            </div>
        </div>
    }
}

/// "First your OpenAI (gpt-4o-mini), then the instance's Anthropic (claude-haiku-4-5), then
/// the built-in offline generators."
pub fn cascade_words(cascade: &[LLMProviderOut]) -> String {
    let steps: Vec<String> = cascade
        .iter()
        .map(|p| {
            if p.provider == OFFLINE {
                "the built-in offline generators".to_owned()
            } else if p.owner_type == "user" {
                format!("your {}", name_of(p))
            } else {
                format!("the instance's {}", name_of(p))
            }
        })
        .collect();
    let mut steps = if steps.iter().any(|s| s.contains("offline")) {
        steps
    } else {
        steps
            .into_iter()
            .chain(["the built-in offline generators".to_owned()])
            .collect()
    };
    if steps.len() == 1 {
        return "Everything is made by the built-in offline generators: free, and no data leaves the server.".to_owned();
    }
    let first = steps.remove(0);
    let mut text = format!("First {first}");
    for step in steps {
        text.push_str(", then ");
        text.push_str(&step);
    }
    text.push('.');
    text
}

/// The order providers are tried in, in words: the caller's resolved cascade (users), or
/// where the instance's providers come for every user (admins).
#[component]
pub fn CascadeWords(p: Providers) -> impl IntoView {
    let text = move || match p.owner {
        Owner::User => p.cascade.get().map(|c| c.map(|c| cascade_words(&c))),
        Owner::System => p.list.get().map(|l| {
            l.map(|l| {
                let used: Vec<LLMProviderOut> = l.into_iter().filter(|r| r.enabled).collect();
                if used.is_empty() {
                    "Users without providers of their own get the built-in offline generators."
                        .to_owned()
                } else {
                    format!(
                        "For every user, after their own providers: {}",
                        lowercase_first(&cascade_words(&used))
                    )
                }
            })
        }),
    };
    view! {
        <section aria-labelledby=format!("cascade-{:?}", p.owner) class="rounded-xl bg-indigo-50/60 p-4">
            <h3 id=format!("cascade-{:?}", p.owner) class="text-sm font-semibold text-indigo-900">
                {match p.owner { Owner::User => "Your cascade", Owner::System => "The instance's cascade" }}
            </h3>
            <p class="mt-1 text-sm text-indigo-900" data-testid="cascade-words">
                {move || match text() {
                    None => "Working out the order…".to_owned(),
                    Some(Ok(t)) => t,
                    Some(Err(e)) => e,
                }}
            </p>
            <p class="mt-1 text-xs text-indigo-800/80">
                "A provider that is off, has no key, has spent its budget or fails is passed over, and the next one is tried."
            </p>
        </section>
    }
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
