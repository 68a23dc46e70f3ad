//! Form fields the account forms did not need: multi-line text, choices known only at run
//! time, and a checkbox. They reuse `form::INPUT` so every field looks alike.

use leptos::prelude::*;

use super::form::{FieldMessages, INPUT};

/// A labelled multi-line input bound to `value`, with the same error handling as `TextField`.
#[component]
pub fn TextArea(
    /// Element id; also the form field name.
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    #[prop(into, optional)] error: Signal<Option<String>>,
    #[prop(optional)] hint: Option<&'static str>,
    #[prop(default = 3)] rows: u32,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    let described = error_id.clone();
    view! {
        <div>
            <label for=id class="block text-sm font-medium text-slate-700">{label}</label>
            <textarea
                id=id
                name=id
                rows=rows
                class=INPUT
                bind:value=value
                aria-invalid=move || error.get().is_some().to_string()
                aria-describedby=move || error.get().map(|_| described.clone())
            ></textarea>
            <FieldMessages error_id hint error/>
        </div>
    }
}

/// A select whose `(value, label)` options are data, e.g. the caller's collections.
///
/// The current choice is marked with `selected` on its option rather than set as a property,
/// so the server-rendered page already shows it before the WASM loads.
#[component]
pub fn ChoiceField(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    options: Vec<(String, String)>,
    #[prop(optional)] hint: Option<&'static str>,
) -> impl IntoView {
    view! {
        <div>
            <label for=id class="block text-sm font-medium text-slate-700">{label}</label>
            <select id=id name=id class=INPUT on:change=move |ev| value.set(event_target_value(&ev))>
                {options
                    .into_iter()
                    .map(|(v, l)| {
                        let mine = v.clone();
                        view! { <option value=v selected=move || value.with(|c| *c == mine)>{l}</option> }
                    })
                    .collect_view()}
            </select>
            {hint.map(|h| view! { <p class="mt-1 text-xs text-slate-500">{h}</p> })}
        </div>
    }
}

/// `(value, label)` pairs from fixed strings, for `ChoiceField`.
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
    label: &'static str,
    checked: RwSignal<bool>,
    #[prop(optional)] hint: Option<&'static str>,
) -> impl IntoView {
    view! {
        <div class="flex items-start gap-3">
            <input id=id name=id type="checkbox" bind:checked=checked
                class="mt-1 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-300"/>
            <div>
                <label for=id class="text-sm font-medium text-slate-700">{label}</label>
                {hint.map(|h| view! { <p class="text-xs text-slate-500">{h}</p> })}
            </div>
        </div>
    }
}

/// Reads a whole-number field for a model input. Text that is no number becomes an error on
/// `field`, listed with the model's own checks, and the value falls back to `fallback`.
pub fn whole_number(
    field: &str,
    text: &str,
    fallback: i64,
    errors: &mut Vec<cardsmith_model::FieldError>,
) -> i64 {
    text.trim().parse().unwrap_or_else(|_| {
        errors.push(cardsmith_model::FieldError::new(
            field,
            "must be a whole number",
        ));
        fallback
    })
}

/// Like `whole_number`, but an empty field means "not given".
pub fn optional_number(
    field: &str,
    text: &str,
    errors: &mut Vec<cardsmith_model::FieldError>,
) -> Option<i64> {
    (!text.trim().is_empty()).then(|| whole_number(field, text, 0, errors))
}

/// The browser-side errors of an input: number parsing first, then the model's `validate()`.
pub fn all_errors(
    mut parsed: Vec<cardsmith_model::FieldError>,
    checked: Result<(), Vec<cardsmith_model::FieldError>>,
) -> Result<(), Vec<cardsmith_model::FieldError>> {
    if let Err(more) = checked {
        parsed.extend(more);
    }
    if parsed.is_empty() {
        Ok(())
    } else {
        Err(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_parse_or_explain() {
        let mut errors = Vec::new();
        assert_eq!(whole_number("n", " 42 ", 0, &mut errors), 42);
        assert_eq!(optional_number("age", "  ", &mut errors), None);
        assert!(errors.is_empty());
        assert_eq!(whole_number("n", "ten", 5, &mut errors), 5);
        assert_eq!(optional_number("age", "x", &mut errors), Some(0));
        let fields: Vec<_> = errors.iter().map(|e| e.field().to_owned()).collect();
        assert_eq!(fields, ["n", "age"]);
        assert!(all_errors(Vec::new(), Ok(())).is_ok());
        assert_eq!(
            all_errors(
                errors,
                Err(vec![cardsmith_model::FieldError::new("m", "bad")])
            )
            .unwrap_err()
            .len(),
            3
        );
    }
}
