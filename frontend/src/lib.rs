//! The WASM entry point: sets up the page's islands (`cardsmith_app`'s `#[island]`
//! components). The script in the page (`cardsmith_app`'s `IslandScripts`) calls `hydrate`
//! once the module is in, then each island's own exported hydrate function.

// The release build computes the layout of the whole (deeply nested) view type here.
#![recursion_limit = "256"]

// The islands' hydrate functions are exported by the app crate: link it in.
pub use cardsmith_app;

/// Called by the page's script with the page's language's messages (the text of
/// `/i18n/<code>.<digest>.ftl`, fetched beside this module), before [`hydrate`].
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn load_messages(text: String) {
    cardsmith_i18n::load_messages(cardsmith_app::page_locale(), text);
}

/// Called by the page's script once the module loads, before any island hydrates.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_islands();
}

/// Room for `cargo leptos --split` to lay out the read-only data anew. The splitter moves
/// each piece of static data into the module whose code uses it, which adds alignment padding;
/// when the result outgrows the linker's segment it gives up and keeps *all* the data in the
/// main module (measured: 280 KB of every page's strings there). Nothing refers to these bytes,
/// so the splitter drops them and the padding fits in their place.
#[used]
static SPLIT_SLACK: [u8; 16384] = [0xA5; 16384];
