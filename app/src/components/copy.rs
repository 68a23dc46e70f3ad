//! Copying a link to the clipboard.

use leptos::prelude::*;

use super::layout::BUTTON;
use crate::components::form::{Feedback, Tone};

/// The absolute form of a same-origin `path`, as people paste it into messages. Browser only.
pub fn absolute_url(path: &str) -> String {
    let origin = window().location().origin().unwrap_or_default();
    format!("{origin}{path}")
}

/// A button copying the absolute URL of `path`. Where the Clipboard API is missing (plain
/// http on a LAN address is not a secure context) it says to copy the link by hand instead.
#[component]
pub fn CopyLinkButton(
    path: String,
    /// Accessible name, e.g. "Copy share link"; "Copy link" when not given.
    #[prop(optional, into)]
    label: Option<String>,
) -> impl IntoView {
    let label = label.unwrap_or_else(|| tr!("library-copy-link"));
    let note = RwSignal::new(None::<String>);
    let on_click = move |_| {
        #[cfg(feature = "hydrate")]
        note.set(Some(if copy_text(&absolute_url(&path)) {
            tr!("library-copied")
        } else {
            tr!("library-copy-by-hand")
        }));
        #[cfg(not(feature = "hydrate"))]
        let _ = &path;
    };
    view! {
        <span class="inline-flex flex-wrap items-center gap-2">
            <button type="button" class=BUTTON aria-label=label on:click=on_click>{tr!("library-copy")}</button>
            <Feedback tone=Tone::Success inline=true>{move || note.get()}</Feedback>
        </span>
    }
}

/// Starts writing `text` to the clipboard; false when the browser offers no clipboard here.
#[cfg(feature = "hydrate")]
pub(crate) fn copy_text(text: &str) -> bool {
    use web_sys::js_sys::Reflect;
    let navigator = window().navigator();
    let has_clipboard = Reflect::get(&navigator, &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if has_clipboard {
        // The promise settles later; a refusal only means the user copies by hand.
        let _ = navigator.clipboard().write_text(text);
    }
    has_clipboard
}
