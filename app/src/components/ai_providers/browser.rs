//! The drag handle's browser side: capturing the pointer and finding the row under it. The
//! server renders the same rows, so it gets stand-ins that do nothing and the rows need no
//! `cfg` of their own.

pub use imp::*;

#[cfg(feature = "hydrate")]
mod imp {
    use web_sys::wasm_bindgen::JsCast;

    /// Keeps the pointer's events on the handle while it drags, wherever the pointer goes.
    pub fn capture(ev: &leptos::ev::PointerEvent) {
        if let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
    }

    /// The place (`data-provider-index`) of the provider row under the pointer, if any.
    pub fn row_under(ev: &leptos::ev::PointerEvent) -> Option<usize> {
        let document = web_sys::window()?.document()?;
        let under = document.element_from_point(ev.client_x() as f32, ev.client_y() as f32)?;
        let row = under.closest("[data-provider-index]").ok()??;
        row.get_attribute("data-provider-index")?.parse().ok()
    }
}

#[cfg(not(feature = "hydrate"))]
mod imp {
    pub fn capture(_: &leptos::ev::PointerEvent) {}

    pub fn row_under(_: &leptos::ev::PointerEvent) -> Option<usize> {
        None
    }
}
