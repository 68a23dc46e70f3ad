//! The one drop zone for files (cover images, audio): a `<label>` around a visually hidden
//! file input, so a click or Enter/Space on the focused input opens the picker without any
//! script, and dropping files on it hands them over like choosing them does.

use leptos::prelude::*;

/// The files chosen or dropped. Browser objects exist only in the browser; on the server the
/// zone renders the same markup and never hands anything over.
#[cfg(feature = "hydrate")]
pub type Files = web_sys::FileList;
#[cfg(not(feature = "hydrate"))]
pub type Files = ();

/// A dashed zone that takes files by drop or picker and gives them to `on_files`.
///
/// `children` is what the zone shows (a preview, what to do); it should include the hint with
/// id `{id}-hint`, which describes the input.
#[component]
pub fn FileDrop(
    /// Id of the file input, unique on the page.
    id: &'static str,
    /// The input's `accept` list, e.g. `audio/*`.
    accept: &'static str,
    /// The input's accessible name, e.g. "Choose audio files".
    #[prop(into)]
    input_label: String,
    /// Whether several files may be chosen at once.
    #[prop(optional)]
    multiple: bool,
    /// While set, the zone is marked busy and takes no files.
    #[prop(into, optional)]
    busy: Signal<bool>,
    /// Padding and layout of the zone.
    #[prop(optional)]
    class: &'static str,
    on_files: Callback<Files>,
    children: Children,
) -> impl IntoView {
    let dragging = RwSignal::new(false);
    let on_change = move |ev: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        {
            let input: web_sys::HtmlInputElement = event_target(&ev);
            if let Some(files) = input.files() {
                on_files.run(files);
            }
            // Lets the same file be chosen again, e.g. after fixing a problem.
            input.set_value("");
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, on_files);
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        #[cfg(feature = "hydrate")]
        if let Some(files) = ev.data_transfer().and_then(|d| d.files()) {
            if !busy.get_untracked() {
                on_files.run(files);
            }
        }
    };
    // Without preventing dragover's default the browser would open the file instead.
    let on_over = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(true);
    };
    let zone = move || {
        let state = if dragging.get() {
            "border-indigo-500 bg-indigo-50"
        } else {
            "border-slate-300 bg-white hover:border-indigo-400"
        };
        format!("block cursor-pointer rounded-xl border-2 border-dashed focus-within:ring-2 focus-within:ring-indigo-300 {state} {class}")
    };
    view! {
        <label for=id class=zone aria-busy=move || busy.get().to_string()
            on:dragenter=on_over on:dragover=on_over
            on:dragleave=move |_| dragging.set(false) on:drop=on_drop>
            <input id=id name="file" type="file" accept=accept multiple=multiple class="sr-only"
                aria-label=input_label aria-describedby=format!("{id}-hint")
                disabled=move || busy.get() on:change=on_change/>
            {children()}
        </label>
    }
}
