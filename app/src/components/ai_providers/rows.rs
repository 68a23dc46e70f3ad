//! The list of providers: one row each with its kind and model, an on/off switch, whether a
//! key is stored, what it has spent of its budget (and of its monthly cap), the last error,
//! and buttons to move it up or down the order, test, edit and delete it. Then the cascade
//! in words.

use cardsmith_model::llm::{LLMProviderOut, OFFLINE};
use leptos::html::Button;
use leptos::prelude::*;

use super::browser;
use super::state::{kind_name, name_of, test_outcome, Editing, Owner, Providers};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{Feedback, Tone};
use crate::components::layout::BUTTON;

/// Dollars as people read them: "$5.00", "$0.42" (in the language's notation: "5,00 $");
/// an amount below a cent reads "< $0.01".
pub fn usd(amount: f64) -> String {
    if amount > 0.0 && amount < 0.005 {
        tr!("account-usd-below-cent", amount = cents(0.01))
    } else {
        tr!("account-usd", amount = cents(amount.max(0.0)))
    }
}

/// An amount with two decimals and the language's decimal mark ("1234.50", "1234,50"); the
/// thousands are not grouped, as amounts have always read.
fn cents(amount: f64) -> String {
    let fixed = format!("{amount:.2}");
    let (whole, decimals) = fixed.split_once('.').unwrap_or((fixed.as_str(), "00"));
    // "0.50" or "0,50": the language's mark before the same two decimals
    let fraction = decimals.parse::<f64>().unwrap_or(0.0) / 100.0;
    let fraction = cardsmith_i18n::decimal(crate::i18n::locale(), fraction, 2);
    format!("{whole}{}", fraction.get(1..).unwrap_or_default())
}

/// An RFC 3339 time as a date people read: "1 December 2026" (UTC); the text itself when it
/// is not one.
pub fn day(time: &str) -> String {
    let parts: Vec<&str> = time.get(..10).unwrap_or(time).split('-').collect();
    match parts.as_slice() {
        [year, month, d] => {
            let month = month.parse::<u32>().ok().filter(|m| (1..=12).contains(m));
            match (month, d.parse::<u32>()) {
                (Some(month), Ok(d)) => {
                    tr!("account-date-long", day = d, month = month, year = *year)
                }
                _ => time.to_owned(),
            }
        }
        _ => time.to_owned(),
    }
}

/// The lifetime budget in words: "$0.42 of $5.00 spent · $4.58 left".
fn budget_words(spent: f64, budget: f64, left: f64) -> String {
    if budget <= 0.0 && spent <= 0.0 {
        tr!("account-ai-no-budget")
    } else {
        tr!(
            "account-ai-budget-words",
            spent = usd(spent),
            budget = usd(budget),
            left = usd(left)
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
        None => view! { <p class="text-sm text-slate-500">{tr!("account-ai-loading")}</p> }.into_any(),
        Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true>{e}</Feedback> }.into_any(),
        Some(Ok(list)) if list.is_empty() => view! {
            <p class="rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-600" data-testid="no-providers">
                {match p.owner {
                    Owner::User => tr!("account-ai-none"),
                    Owner::System => tr!("account-ai-system-none"),
                }}
            </p>
        }
        .into_any(),
        Some(Ok(_)) => view! {
            <ol class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200" aria-label=tr!("account-ai-order-label")
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
                <span aria-hidden="true" title=tr!("account-ai-drag") data-testid="drag-handle"
                    class="flex min-h-11 min-w-11 cursor-grab touch-none select-none items-center justify-center rounded-md border border-slate-200 text-lg text-slate-500 hover:bg-slate-50 active:cursor-grabbing"
                    on:pointerdown=drag_start on:pointercancel=move |_| p.dragging.set(None)>"⠿"</span>
                <button type="button" class=small.clone() node_ref=up aria-label=move || tr!("account-ai-move-up-label", name = name())
                    disabled=move || busy() || index() == Some(0) on:click=move |_| shift(-1)>{tr!("account-ai-move-up")}</button>
                <button type="button" class=small.clone() node_ref=down aria-label=move || tr!("account-ai-move-down-label", name = name())
                    disabled=move || busy() || index().is_none_or(|i| i + 1 >= count()) on:click=move |_| shift(1)>{tr!("account-ai-move-down")}</button>
                {(p.owner == Owner::User).then(|| view! {
                    <button type="button" class=small2.clone() aria-label=move || tr!("account-ai-test-label", name = name())
                        disabled=busy on:click=move |_| p.test_saved(key.get_value())>
                        {move || if busy() { tr!("account-ai-testing") } else { tr!("account-ai-test") }}
                    </button>
                })}
                <button type="button" class=small2.clone() aria-label=move || tr!("account-ai-edit-label", name = name()) aria-haspopup="dialog"
                    on:click=move |_| p.editing.set(record.get_untracked().map(|r| Editing::Existing(Box::new(r))))>{tr!("account-ai-edit")}</button>
                <ConfirmButton label=tr!("account-ai-delete")
                    question=Signal::derive(move || tr!("account-ai-delete-question", name = name()))
                    confirm_label=tr!("account-ai-delete-confirm") busy=Signal::derive(busy)
                    on_confirm=Callback::new(move |()| if let Some(r) = record.get_untracked() { p.delete(r) })/>
            </div>
            {move || key.with_value(|id| p.tests.with(|t| t.get(id).cloned())).map(|t| {
                let tone = if t.ok { Tone::Success } else { Tone::Error };
                let words = test_outcome(t);
                view! {
                    <Feedback tone inline=true>
                        <span data-testid="provider-test">{words}</span>
                    </Feedback>
                }
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
            tr!("account-ai-key-stored"),
            "bg-emerald-50 text-emerald-700 ring-emerald-200",
        )
    } else if cardsmith_model::llm::kind_is_keyless(&record.provider) {
        (
            tr!("account-ai-key-not-needed"),
            "bg-slate-100 text-slate-600 ring-slate-200",
        )
    } else {
        (
            tr!("account-ai-key-missing"),
            "bg-amber-50 text-amber-800 ring-amber-200",
        )
    };
    view! {
        <div class="flex flex-wrap items-start gap-3">
            <div class="min-w-0 flex-1">
                <p class="break-words font-medium" data-testid="provider-name">{kind_name(&record.provider)}</p>
                <p class="break-all font-mono text-xs text-slate-500">{record.model.clone()}</p>
                {record.base_url.clone().map(|u| view! { <p class="break-all text-xs text-slate-500">{u}</p> })}
            </div>
            <span class=format!("inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 {}", key_badge.1)
                data-testid="provider-key">{key_badge.0}</span>
            <label class="inline-flex cursor-pointer items-center gap-2 text-sm">
                <button type="button" role="switch" aria-checked=enabled.to_string()
                    aria-label=tr!("account-ai-use-label", name = &name)
                    disabled=busy
                    on:click=move |_| p.set_enabled(toggled.clone(), !enabled)
                    class=format!("relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:opacity-60 {}",
                        if enabled { "bg-indigo-600" } else { "bg-slate-300" })>
                    <span aria-hidden="true" class=format!("inline-block h-5 w-5 rounded-full bg-white shadow transition {}",
                        if enabled { "translate-x-5" } else { "translate-x-0.5" })></span>
                </button>
                <span aria-hidden="true" class="text-slate-700">{if enabled { tr!("account-ai-on") } else { tr!("account-ai-off") }}</span>
            </label>
        </div>
        <SpendBar label=tr!("account-ai-budget") used=record.spent_usd of=record.budget_usd
            words=budget_words(record.spent_usd, record.budget_usd, record.budget_left)/>
        {record.monthly_budget_cents.map(|cap| {
            let (used, of) = (record.monthly_spend_cents as f64 / 100.0, cap as f64 / 100.0);
            view! {
                <SpendBar label=tr!("account-ai-this-month") used of
                    words=tr!("account-ai-month-words", spent = usd(used), cap = usd(of), reset = day(&record.monthly_spend_reset_at))/>
            }
        })}
        {record.last_error.clone().map(|e| view! {
            <p class="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="provider-error">
                <span class="font-medium">{tr!("account-ai-last-error")}</span>" "{e}
            </p>
        })}
    }
}

/// A bar of how much of a budget is spent, with the numbers in words beside it.
#[component]
fn SpendBar(#[prop(into)] label: String, used: f64, of: f64, words: String) -> impl IntoView {
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
                <span class="font-medium text-slate-700">{label.clone()}</span>
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
    match cascade_steps(cascade) {
        Some(steps) => tr!("account-ai-cascade", steps = steps),
        None => tr!("account-ai-cascade-offline-only"),
    }
}

/// The steps of a cascade as a list, "your OpenAI (gpt-4o-mini), then the built-in offline
/// generators" (which always end it); `None` when they are all there is.
fn cascade_steps(cascade: &[LLMProviderOut]) -> Option<String> {
    let mut steps: Vec<String> = cascade
        .iter()
        .map(|p| {
            if p.provider == OFFLINE {
                tr!("account-ai-step-offline")
            } else if p.owner_type == "user" {
                tr!("account-ai-step-yours", name = name_of(p))
            } else {
                tr!("account-ai-step-instance", name = name_of(p))
            }
        })
        .collect();
    if !cascade.iter().any(|p| p.provider == OFFLINE) {
        steps.push(tr!("account-ai-step-offline"));
    }
    if steps.len() == 1 {
        return None;
    }
    steps
        .into_iter()
        .reduce(|steps, next| tr!("account-ai-steps-then", steps = steps, next = next))
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
                // no enabled provider leaves only the offline generators: no list
                match cascade_steps(&used) {
                    Some(steps) => tr!("account-ai-system-cascade", steps = steps),
                    None => tr!("account-ai-system-cascade-none"),
                }
            })
        }),
    };
    view! {
        <section aria-labelledby=format!("cascade-{:?}", p.owner) class="rounded-xl bg-indigo-50/60 p-4">
            <h3 id=format!("cascade-{:?}", p.owner) class="text-sm font-semibold text-indigo-900">
                {match p.owner { Owner::User => tr!("account-ai-cascade-yours"), Owner::System => tr!("account-ai-cascade-instance") }}
            </h3>
            <p class="mt-1 text-sm text-indigo-900" data-testid="cascade-words">
                {move || match text() {
                    None => tr!("account-ai-cascade-loading"),
                    Some(Ok(t)) => t,
                    Some(Err(e)) => e,
                }}
            </p>
            <p class="mt-1 text-xs text-indigo-800/80">{tr!("account-ai-cascade-note")}</p>
        </section>
    }
}

#[cfg(test)]
mod tests;
