//! Sections a page keeps folded until the parent opens them, and remembers open.
//!
//! A long page (a card: covers, icons, playback, originals, settings) fits a phone only when
//! most of it is folded away. Which sections a parent keeps open is a habit of this device's
//! screen, not of the account, so it is remembered in the browser's `localStorage`: the
//! server renders every section folded and the browser opens the remembered ones as soon as
//! the page is live.
//!
//! A section's body is drawn when the section is first opened, in the browser, and kept: a
//! folded editor costs the page nothing while it hydrates. On a phone at 4x CPU throttling
//! the card page, whose sections hold the story editor, covers and the icon studio, playback,
//! kept sources and the card's address, became interactive in 0.75 s instead of 1.0 s
//! (end2end/tests/phone-hydration.spec.ts). Moving the bodies' code into a WASM module of its
//! own as well was measured and not kept: the splitter cuts the code shared between modules
//! into one chunk per combination of modules using it, and one more module turned the 51
//! files of the household pages into 88, each costing a few milliseconds, for 0.15–0.24 s more
//! on every one of those pages.

use leptos::context::Provider;
use leptos::prelude::*;

/// Panels given this context (by a [`Disclosure`], or any box that is already their card)
/// draw flat: no second border, a third-level heading. Provide it with `<Provider>`, so it
/// reaches the children and not the siblings.
/// `within`: the title of the box, so a panel of the same name does not say it twice (its
/// heading stays for screen readers, which name the region by it).
#[derive(Clone)]
pub struct FlatPanels {
    pub within: String,
}

/// A remembered `<details>` section: a summary row (a heading and one line saying what is
/// inside) that opens the children. `key` names it in `localStorage` and in the element id ("card-art": `#section-card-art`), so the
/// same section of every card opens alike.
#[component]
pub fn Disclosure(
    key: &'static str,
    #[prop(into)] title: String,
    /// One line under the title: what is inside.
    #[prop(into)]
    summary: Signal<String>,
    children: Children,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let storage_key = format!("cardsmith.open.{key}");
    let saved_key = storage_key.clone();
    Effect::new(move |_| open.set(remembered::load(&storage_key).as_deref() == Some("1")));
    let on_toggle = move |ev: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        {
            use leptos::wasm_bindgen::JsCast;
            let Some(details) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
            else {
                return;
            };
            // a toggle event of a nested <details> bubbles up here: only ours counts
            if details.id() != format!("section-{key}") {
                return;
            }
            let now = details.open();
            if now != open.get_untracked() {
                open.set(now);
            }
            remembered::save(&saved_key, if now { "1" } else { "0" });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, &saved_key);
    };
    let heading = format!("section-{key}-heading");
    let within = title.clone();
    // Opened once, drawn for good: closing a section keeps what a parent typed in it.
    let ever_open = crate::islands::once_true(move || open.get());
    let children = std::sync::Mutex::new(Some(children));
    let body = move || {
        ever_open.get().then(|| {
            let children = children.lock().ok().and_then(|mut c| c.take());
            // a Provider, so the panels inside draw flat and the ones beside do not
            children.map(|children| {
                view! { <Provider value={FlatPanels { within: within.clone() }}>{children()}</Provider> }
            })
        })
    };
    view! {
        <details id=format!("section-{key}") prop:open=move || open.get() on:toggle=on_toggle
            class="group rounded-2xl border border-slate-200 bg-white shadow-sm">
            <summary class="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-300 [&::-webkit-details-marker]:hidden">
                <span class="min-w-0 flex-1">
                    <h2 id=heading class="text-base font-semibold">{title}</h2>
                    <span class="block truncate text-sm text-slate-500">{move || summary.get()}</span>
                </span>
                <span aria-hidden="true" class="shrink-0 text-slate-400 transition-transform group-open:rotate-180">"▾"</span>
            </summary>
            <div class="space-y-6 border-t border-slate-100 p-4 sm:p-5">{body}</div>
        </details>
    }
}

/// Small per-device choices in `localStorage`; nothing (and no error) where it is missing or
/// refused, e.g. in a private window.
pub mod remembered {
    /// The stored value of `key`, in the browser only.
    pub fn load(key: &str) -> Option<String> {
        #[cfg(feature = "hydrate")]
        {
            web_sys::window()?
                .local_storage()
                .ok()??
                .get_item(key)
                .ok()?
        }
        #[cfg(not(feature = "hydrate"))]
        {
            let _ = key;
            None
        }
    }

    /// Keeps `value` under `key`; a refusal (storage full or disabled) only forgets.
    pub fn save(key: &str, value: &str) {
        #[cfg(feature = "hydrate")]
        if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            let _ = storage.set_item(key, value);
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (key, value);
    }
}

/// Runs `f` with the element `id` once the document has it (a section's body appears a few
/// frames after the section was opened), giving up after about five seconds.
#[cfg(feature = "hydrate")]
pub fn when_drawn(id: String, f: impl FnOnce(web_sys::HtmlElement) + 'static) {
    fn look(id: String, frames_left: u32, f: Box<dyn FnOnce(web_sys::HtmlElement)>) {
        use leptos::wasm_bindgen::JsCast;
        let found = document()
            .get_element_by_id(&id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        match found {
            Some(element) => f(element),
            None if frames_left > 0 => {
                request_animation_frame(move || look(id, frames_left - 1, f));
            }
            None => {}
        }
    }
    request_animation_frame(move || look(id, 300, Box::new(f)));
}
