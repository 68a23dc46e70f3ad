//! The drag handle's browser side: finding the row under the pointer. The server renders the
//! same rows, so it gets a stand-in and the rows need no `cfg` of their own.

pub use imp::*;

#[cfg(feature = "hydrate")]
mod imp {

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
    pub fn row_under(_: &leptos::ev::PointerEvent) -> Option<usize> {
        None
    }
}
