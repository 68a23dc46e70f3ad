//! The library seen from the browser: which click on an answer's link asks a question in
//! place, where the keyboard's focus goes, and the cards' checkboxes in the server's HTML. The server renders the same
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

    /// The card a checkbox describes.
    fn card_of(input: &web_sys::Element) -> Option<Picked> {
        let data = |name: &str| input.get_attribute(&format!("data-{name}"));
        Some(Picked {
            slug: data("slug")?,
            title: data("title").unwrap_or_default(),
            tracks: data("tracks").and_then(|t| t.parse().ok()).unwrap_or(0),
            collection: data("collection").unwrap_or_default(),
        })
    }

    /// The card's checkbox `ev` changed, and whether it is now ticked.
    pub fn picked(ev: &leptos::ev::Event) -> Option<(Picked, bool)> {
        let input = ev.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
        if !input.class_list().contains("card-pick") {
            return None;
        }
        Some((card_of(&input)?, input.checked()))
    }

    fn boxes(shown: &web_sys::HtmlDivElement) -> Vec<web_sys::HtmlInputElement> {
        let Ok(list) = shown.query_selector_all("input.card-pick") else {
            return Vec::new();
        };
        (0..list.length())
            .filter_map(|i| list.item(i))
            .filter_map(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok())
            .collect()
    }

    /// Every card of the answer shown.
    pub fn page_cards(shown: &web_sys::HtmlDivElement) -> Vec<Picked> {
        boxes(shown).iter().filter_map(|b| card_of(b)).collect()
    }

    /// Ticks the boxes of the selected cards the answer shows, and only those.
    pub fn tick_picked(shown: &web_sys::HtmlDivElement, selection: &Selection) {
        for b in boxes(shown) {
            let on = b
                .get_attribute("data-slug")
                .is_some_and(|s| selection.has(&s));
            b.set_checked(on);
        }
    }

    use super::super::selection::{Picked, Selection};
}

#[cfg(not(feature = "hydrate"))]
mod imp {
    pub fn asked_in_place(_: &leptos::ev::MouseEvent) -> Option<String> {
        None
    }

    pub fn focus(_: &str) {}

    pub fn picked(_: &leptos::ev::Event) -> Option<(Picked, bool)> {
        None
    }

    pub fn page_cards<T>(_: &T) -> Vec<Picked> {
        Vec::new()
    }

    pub fn tick_picked<T>(_: &T, _: &Selection) {}

    use super::super::selection::{Picked, Selection};
}
