//! The WASM entry point: hydrates the page the server rendered.

// The release build computes the layout of the whole (deeply nested) view type here.
#![recursion_limit = "256"]

/// Called by the generated JS once the module loads.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_body(cardsmith_app::App);
    // A marker for tests and styles: interactive behaviour is live from here on.
    if let Some(root) = leptos::prelude::document().document_element() {
        let _ = root.set_attribute("data-hydrated", "true");
    }
}
