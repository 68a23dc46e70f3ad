//! Every form's building blocks: one labelled field scaffold and the controls built on it
//! (text, multi-line text, select, checkbox), the errors a field or a form shows, the
//! feedback lines (alert, status, outcome) and the submit button. Number parsing for model
//! inputs lives in `form::numbers`.

use cardsmith_model::FieldError;
use leptos::prelude::*;

use crate::api::UiError;

pub mod early;
mod numbers;

pub use numbers::{all_errors, optional_number, whole_number};

/// Tailwind classes of every text input, so fields look the same everywhere.
pub(crate) const INPUT: &str =
    "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base \
    shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 \
    aria-[invalid=true]:border-rose-500 aria-[invalid=true]:ring-rose-100";

const LABEL: &str = "block text-sm font-medium text-slate-700";
const HINT: &str = "mt-1 text-xs text-slate-500";

/// The scaffold of every field: its label, the control (`children`, which should use
/// `invalid` and `described_by` for its aria attributes), its hint and its error. The hint
/// and the error carry the ids `{id}-hint` and `{id}-error` the control points at.
#[component]
pub fn Field(
    /// Id of the control the label is for.
    #[prop(into)]
    id: String,
    #[prop(into)] label: String,
    #[prop(into, optional)] hint: Hint,
    #[prop(into, optional)] error: Signal<Option<String>>,
    children: Children,
) -> impl IntoView {
    let hint = hint.0;
    let error_id = format!("{id}-error");
    view! {
        <div>
            <label for=id.clone() class=LABEL>{label}</label>
            {children()}
            {hint.map(|h| view! { <p id=format!("{id}-hint") class=HINT>{h}</p> })}
            <Show when=move || error.get().is_some()>
                <p id=error_id.clone() class="mt-1 text-sm text-rose-600">{move || error.get()}</p>
            </Show>
        </div>
    }
}

/// A field's optional hint, given as words, owned words or an option of either.
#[derive(Debug, Clone, Default)]
pub struct Hint(pub Option<String>);

impl From<&str> for Hint {
    fn from(s: &str) -> Self {
        Hint(Some(s.to_owned()))
    }
}

impl From<String> for Hint {
    fn from(s: String) -> Self {
        Hint(Some(s))
    }
}

impl From<Option<String>> for Hint {
    fn from(s: Option<String>) -> Self {
        Hint(s)
    }
}

/// The control's `aria-invalid`: whether `error` is set.
pub fn invalid(error: Signal<Option<String>>) -> impl Fn() -> String + Send + Sync + 'static {
    move || error.get().is_some().to_string()
}

/// The control's `aria-describedby`: its hint (if it has one) and its error (while shown).
pub fn described_by(
    id: &str,
    has_hint: bool,
    error: Signal<Option<String>>,
) -> impl Fn() -> Option<String> + Send + Sync + 'static {
    let hint = has_hint.then(|| format!("{id}-hint"));
    let error_id = format!("{id}-error");
    move || {
        let ids: Vec<&str> = hint
            .iter()
            .map(String::as_str)
            .chain(error.get().is_some().then_some(error_id.as_str()))
            .collect();
        (!ids.is_empty()).then(|| ids.join(" "))
    }
}

/// A labelled input bound to `value`. `error`, when set, is shown under it and announced.
#[component]
pub fn TextField(
    /// Element id; also the form field name.
    id: &'static str,
    #[prop(into)] label: String,
    value: RwSignal<String>,
    #[prop(into, optional)] error: Signal<Option<String>>,
    #[prop(default = "text")] kind: &'static str,
    #[prop(default = "off")] autocomplete: &'static str,
    #[prop(optional, into)] hint: Option<String>,
) -> impl IntoView {
    early::keep_typed(id, value);
    let has_hint = hint.is_some();
    view! {
        <Field id label hint error>
            <input id=id name=id type=kind autocomplete=autocomplete class=INPUT
                bind:value=value aria-invalid=invalid(error)
                aria-describedby=described_by(id, has_hint, error)/>
        </Field>
    }
}

/// A labelled multi-line input bound to `value`, with the same error handling as `TextField`.
#[component]
pub fn TextArea(
    /// Element id; also the form field name.
    id: &'static str,
    #[prop(into)] label: String,
    value: RwSignal<String>,
    #[prop(into, optional)] error: Signal<Option<String>>,
    #[prop(optional, into)] hint: Option<String>,
    #[prop(default = 3)] rows: u32,
) -> impl IntoView {
    early::keep_typed(id, value);
    let has_hint = hint.is_some();
    view! {
        <Field id label hint error>
            <textarea id=id name=id rows=rows class=INPUT bind:value=value
                aria-invalid=invalid(error)
                aria-describedby=described_by(id, has_hint, error)></textarea>
        </Field>
    }
}

/// A select bound to `value` whose `(value, label)` options are data: fixed ones through
/// `choices`, or ones known only at run time, e.g. the caller's collections.
///
/// The current choice is marked with `selected` on its option rather than set as a property,
/// so the server-rendered page already shows it before the WASM loads.
#[component]
pub fn SelectField(
    id: &'static str,
    #[prop(into)] label: String,
    value: RwSignal<String>,
    options: Vec<(String, String)>,
    #[prop(optional, into)] hint: Option<String>,
) -> impl IntoView {
    let described = hint.is_some().then(|| format!("{id}-hint"));
    view! {
        <Field id label hint>
            <select id=id name=id class=INPUT on:change=move |ev| value.set(event_target_value(&ev))
                aria-describedby=described>
                {options
                    .into_iter()
                    .map(|(v, l)| {
                        let mine = v.clone();
                        view! { <option value=v selected=move || value.with(|c| *c == mine)>{l}</option> }
                    })
                    .collect_view()}
            </select>
        </Field>
    }
}

/// `(value, label)` pairs from fixed strings, for `SelectField`.
pub fn choices(options: &[(&str, &str)]) -> Vec<(String, String)> {
    options
        .iter()
        .map(|(v, l)| ((*v).to_owned(), (*l).to_owned()))
        .collect()
}

/// A labelled checkbox with an optional explanation under it.
#[component]
pub fn CheckField(
    id: &'static str,
    #[prop(into)] label: String,
    checked: RwSignal<bool>,
    #[prop(optional, into)] hint: Option<String>,
) -> impl IntoView {
    view! {
        <div class="flex items-start gap-3">
            <input id=id name=id type="checkbox" bind:checked=checked
                class="mt-3.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-300"/>
            <div>
                <label for=id class="inline-flex min-h-11 items-center text-sm font-medium text-slate-700">{label}</label>
                {hint.map(|h| view! { <p class="text-xs text-slate-500">{h}</p> })}
            </div>
        </div>
    }
}

/// A field's error: from the browser's own check (`local`), else from the server's answer.
pub fn field_error<T, F>(
    local: RwSignal<Vec<FieldError>>,
    outcome: F,
    field: &'static str,
) -> Signal<Option<String>>
where
    F: Fn() -> Option<Result<T, UiError>> + Send + Sync + 'static,
{
    Signal::derive(move || {
        let mine = local.with(|errors| {
            errors
                .iter()
                .find(|e| e.field() == field)
                .map(|e| e.detail.clone())
        });
        mine.or_else(|| match outcome() {
            Some(Err(e)) => e.field(field),
            _ => None,
        })
    })
}

/// The banner for a failed call that is not about one field.
pub fn general_error<T, F>(outcome: F) -> Signal<Option<String>>
where
    F: Fn() -> Option<Result<T, UiError>> + Send + Sync + 'static,
{
    Signal::derive(move || match outcome() {
        Some(Err(e)) if e.0.errors.is_empty() => Some(e.to_string()),
        _ => None,
    })
}

/// The colour of a feedback block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Error,
    Success,
    Warning,
}

/// Classes of the boxed banners.
const ERROR_BOX: &str =
    "rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800";
const SUCCESS_BOX: &str = "rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-800";
const WARNING_BOX: &str =
    "rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900";

impl Tone {
    /// Classes of a boxed banner (`inline == false`) or of a line of text in a list or dialog.
    fn class(self, inline: bool) -> &'static str {
        match (self, inline) {
            (Tone::Error, false) => ERROR_BOX,
            (Tone::Success, false) => SUCCESS_BOX,
            (Tone::Warning, false) => WARNING_BOX,
            (Tone::Error, true) => "text-sm text-rose-700",
            (Tone::Success, true) => "text-sm text-emerald-700",
            (Tone::Warning, true) => "text-sm text-amber-900",
        }
    }
}

/// A feedback block with any content (text, links, buttons): announced at once
/// (`role="alert"`) when `alert`, else politely (`role="status"`). `class` adds layout.
#[component]
pub fn Feedback(
    tone: Tone,
    #[prop(optional)] alert: bool,
    #[prop(optional)] inline: bool,
    #[prop(optional)] class: &'static str,
    children: Children,
) -> impl IntoView {
    view! {
        <div role=if alert { "alert" } else { "status" } class=format!("{} {class}", tone.class(inline))>
            {children()}
        </div>
    }
}

/// An error, announced to screen readers as it appears: a banner, or a line when `inline`.
#[component]
pub fn ErrorAlert(
    #[prop(into)] message: Signal<Option<String>>,
    #[prop(optional)] inline: bool,
) -> impl IntoView {
    view! {
        <Show when=move || message.get().is_some()>
            <Feedback tone=Tone::Error alert=true inline>{move || message.get()}</Feedback>
        </Show>
    }
}

/// A success line, announced politely: a banner, or a line when `inline`.
#[component]
pub fn StatusNote(
    #[prop(into)] message: Signal<Option<String>>,
    #[prop(optional)] inline: bool,
) -> impl IntoView {
    view! {
        <Show when=move || message.get().is_some()>
            <Feedback tone=Tone::Success inline>{move || message.get()}</Feedback>
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
    #[prop(into)] label: String,
    #[prop(into)] busy_label: String,
    #[prop(into)] busy: Signal<bool>,
) -> impl IntoView {
    view! {
        <button
            type="submit"
            class="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-wait disabled:opacity-60"
            disabled=move || busy.get()
        >
            {move || if busy.get() { busy_label.clone() } else { label.clone() }}
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

/// Stands for a link in a message (`To play cards …, { $link }.`), so the view can put the real
/// link where the translation has it.
pub const LINK: &str = "\u{E000}";

/// A message holding [`LINK`], as the words before the link and the words after it.
pub fn around_link(sentence: String) -> (String, String) {
    match sentence.split_once(LINK) {
        Some((before, after)) => (before.to_owned(), after.to_owned()),
        None => (sentence, String::new()),
    }
}
