//! The library seen from the browser: which click on an answer's link asks a question in
//! place, and where the keyboard's focus goes. The server renders the same
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

    fn element(id: &str) -> Option<web_sys::Element> {
        web_sys::window()?.document()?.get_element_by_id(id)
    }

    /// Moves the keyboard's focus to the element `id`.
    pub fn focus(id: &str) {
        if let Some(element) = element(id).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = element.focus();
        }
    }
}

#[cfg(not(feature = "hydrate"))]
mod imp {
    pub fn asked_in_place(_: &leptos::ev::MouseEvent) -> Option<String> {
        None
    }

    pub fn focus(_: &str) {}
}
