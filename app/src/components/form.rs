//! Labelled form fields with inline errors, and the alerts forms show.

use leptos::prelude::*;

/// Tailwind classes of every text input, so fields look the same everywhere.
pub(crate) const INPUT: &str =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base \
    shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 \
    aria-[invalid=true]:border-rose-500 aria-[invalid=true]:ring-rose-100";

/// A labelled input bound to `value`. `error`, when set, is shown under it and announced.
#[component]
pub fn TextField(
    /// Element id; also the form field name.
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    #[prop(into, optional)] error: Signal<Option<String>>,
    #[prop(default = "text")] kind: &'static str,
    #[prop(default = "off")] autocomplete: &'static str,
    #[prop(optional)] hint: Option<&'static str>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let described = error_id.clone();
    view! {
        <div>
            <label for=id class="block text-sm font-medium text-slate-700">{label}</label>
            <input
                id=id
                name=id
                type=kind
                autocomplete=autocomplete
                class=INPUT
                bind:value=value
                aria-invalid=move || error.get().is_some().to_string()
                aria-describedby=move || error.get().map(|_| described.clone())
            />
            <FieldMessages error_id hint error/>
        </div>
    }
}

/// The hint under a field and, when set, its error (the element `aria-describedby` names).
#[component]
pub fn FieldMessages(
    error_id: String,
    hint: Option<&'static str>,
    error: Signal<Option<String>>,
) -> impl IntoView {
    view! {
        {hint.map(|h| view! { <p class="mt-1 text-xs text-slate-500">{h}</p> })}
        <Show when=move || error.get().is_some()>
            <p id=error_id.clone() class="mt-1 text-sm text-rose-600">{move || error.get()}</p>
        </Show>
    }
}

/// A select bound to `value` with fixed `(value, label)` options.
#[component]
pub fn SelectField(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    options: &'static [(&'static str, &'static str)],
) -> impl IntoView {
    view! {
        <div>
            <label for=id class="block text-sm font-medium text-slate-700">{label}</label>
            <select id=id name=id class=INPUT bind:value=value>
                {options
                    .iter()
                    .map(|(v, l)| view! { <option value=*v>{*l}</option> })
                    .collect_view()}
            </select>
        </div>
    }
}

/// An error banner, announced to screen readers as it appears.
#[component]
pub fn ErrorAlert(#[prop(into)] message: Signal<Option<String>>) -> impl IntoView {
    view! {
        <Show when=move || message.get().is_some()>
            <div role="alert" class="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
                {move || message.get()}
            </div>
        </Show>
    }
}

/// A success line, announced politely.
#[component]
pub fn StatusNote(#[prop(into)] message: Signal<Option<String>>) -> impl IntoView {
    view! {
        <Show when=move || message.get().is_some()>
            <p role="status" class="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-800">
                {move || message.get()}
            </p>
        </Show>
    }
}

/// The outcome of an action done from the browser: its success line or why it failed.
#[component]
pub fn Outcome(outcome: RwSignal<Option<Result<String, String>>>) -> impl IntoView {
    let ok = Signal::derive(move || outcome.get().and_then(Result::ok));
    let failed = Signal::derive(move || outcome.get().and_then(Result::err));
    view! {
        <StatusNote message=ok/>
        <ErrorAlert message=failed/>
    }
}

/// The primary button of a form; disabled and relabelled while `busy`.
#[component]
pub fn SubmitButton(
    label: &'static str,
    busy_label: &'static str,
    #[prop(into)] busy: Signal<bool>,
) -> impl IntoView {
    view! {
        <button
            type="submit"
            class="inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-wait disabled:opacity-60"
            disabled=move || busy.get()
        >
            {move || if busy.get() { busy_label } else { label }}
        </button>
    }
}

/// Toggles `value` in the list `chosen` (a group of checkboxes bound to one list).
pub fn toggle(chosen: RwSignal<Vec<String>>, value: &str, on: bool) {
    chosen.update(|list| {
        list.retain(|v| v != value);
        if on {
            list.push(value.to_owned());
        }
    });
}
