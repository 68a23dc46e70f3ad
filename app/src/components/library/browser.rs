//! The library seen from the browser: which click on an answer's link asks a question in
//! place, and what the search box held before the island woke. The server renders the same
//! library, so it gets stand-ins and the components need no `cfg`.

pub use imp::*;

#[cfg(feature = "hydrate")]
mod imp {
    use leptos::wasm_bindgen::JsCast;

    /// The address of the link marked `data-ask-in-place` that `ev` is a plain click on (no
    /// modifier key, the main button: a new tab or window still opens the link).
    pub fn asked_in_place(ev: &leptos::ev::MouseEvent) -> Option<String> {
        if ev.button() != 0 || ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key() {
            return None;
        }
        let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
        let link = target.closest("a[data-ask-in-place]").ok()??;
        link.get_attribute("href")
    }

    /// The text the input `id` holds now, if the page has it.
    pub fn field_value(id: &str) -> Option<String> {
        let element = web_sys::window()?.document()?.get_element_by_id(id)?;
        Some(
            element
                .dyn_into::<web_sys::HtmlInputElement>()
                .ok()?
                .value(),
        )
    }
}

#[cfg(not(feature = "hydrate"))]
mod imp {
    pub fn asked_in_place(_: &leptos::ev::MouseEvent) -> Option<String> {
        None
    }

    pub fn field_value(_: &str) -> Option<String> {
        None
    }
}
