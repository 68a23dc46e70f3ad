//! The answer's links, seen from the browser: which click asks a question in place. The
//! server renders the same library, so it gets a stand-in and the component needs no `cfg`.

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
}

#[cfg(not(feature = "hydrate"))]
mod imp {
    pub fn asked_in_place(_: &leptos::ev::MouseEvent) -> Option<String> {
        None
    }
}
