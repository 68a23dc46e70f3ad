//! The WASM entry point: hydrates the page the server rendered.

// The release build computes the layout of the whole (deeply nested) view type here.
#![recursion_limit = "256"]

use leptos::prelude::document;

/// Called by the generated JS once the module loads.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    // Most pages are lazy routes (`cardsmith_app::App`): their WASM chunks load first, then
    // the page hydrates, so hydration is asynchronous (`hydrate_body` would panic on them).
    wasm_bindgen_futures::spawn_local(async {
        let body = document().body().expect("the page has a <body>");
        let app = leptos::mount::hydrate_from_async(body, cardsmith_app::App).await;
        // The app lives as long as the page.
        app.forget();
        // A marker for tests and styles: interactive behaviour is live from here on.
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-hydrated", "true");
        }
    });
}
