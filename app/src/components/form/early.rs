//! What a field held before its island woke. Pages render on the server and their fields
//! work at once; the island hydrates a moment later and sets each bound field from its
//! signal, which would drop what a quick person typed (or the browser filled in) meanwhile.
//! A field reads its value while the island hydrates and puts it back once the island runs.

use leptos::prelude::*;

/// Keeps what was typed into the field `id` before its island woke: read while the island
/// hydrates (before hydration sets the field from `value`), put back into `value` once the
/// island runs.
pub fn keep_typed(id: &str, value: RwSignal<String>) {
    let typed =
        early_value(id).filter(|typed| !typed.is_empty() && *typed != value.get_untracked());
    if let Some(typed) = typed {
        // effects run once the island is live, in the browser only
        Effect::new(move |_| value.set(typed.clone()));
    }
}

/// The value of the input, text area or select `id` while its island hydrates; `None` at any
/// other time: a control made later has nothing to keep, and the id may be another's.
pub fn early_value(id: &str) -> Option<String> {
    let hydrating =
        Owner::current_shared_context().is_some_and(|context| context.get_is_hydrating());
    if hydrating {
        browser::field_value(id)
    } else {
        None
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use leptos::wasm_bindgen::JsCast;

    pub fn field_value(id: &str) -> Option<String> {
        let element = web_sys::window()?.document()?.get_element_by_id(id)?;
        let element = match element.dyn_into::<web_sys::HtmlInputElement>() {
            Ok(input) => return Some(input.value()),
            Err(other) => other,
        };
        match element.dyn_into::<web_sys::HtmlTextAreaElement>() {
            Ok(text) => Some(text.value()),
            Err(other) => Some(other.dyn_into::<web_sys::HtmlSelectElement>().ok()?.value()),
        }
    }
}

#[cfg(not(feature = "hydrate"))]
mod browser {
    // The server renders fields; nobody has typed into them yet.
    pub fn field_value(_: &str) -> Option<String> {
        None
    }
}
