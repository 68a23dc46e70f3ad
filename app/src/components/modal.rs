//! The frame of every dialog: a native `<dialog>` opened with `showModal()`.
//!
//! The browser then does what a hand-made overlay gets wrong: the page behind becomes inert
//! (screen readers stay inside; Tab goes round the dialog's controls, `keys::tab_stays_in`),
//! the dialog sits above everything, and
//! Escape raises `cancel`, which we turn into `on_close` so the caller's state decides. The
//! caller renders the dialog only while it is open (`<Show>`), so it is never part of a server
//! render or of hydration; the button that opened it gets the focus back (`return_focus`).
//!
//! Phones get a sheet from the bottom edge, laptops a centred panel; either way the header
//! and the actions stay put while the body scrolls.

use leptos::html::{Button, Dialog};
use leptos::prelude::*;

/// A filled button, the one main action of a dialog.
pub const PRIMARY: &str = "inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-not-allowed disabled:opacity-50";

/// The square ✕ button in a dialog's header.
const CLOSE: &str = "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300";

#[component]
pub fn Modal(
    /// Id of the heading, which names the dialog (`aria-labelledby`); unique on the page.
    id: &'static str,
    #[prop(into)] title: String,
    /// A line under the title saying what the dialog acts on.
    #[prop(into, optional)]
    subtitle: Signal<String>,
    on_close: Callback<()>,
    /// The actions, kept in view at the bottom while the body scrolls.
    #[prop(into)]
    footer: ViewFnOnce,
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    let close = NodeRef::<Button>::new();
    // Effects run in the browser only, once the element is on the page.
    Effect::new(move |_| {
        if let Some(el) = dialog.get() {
            if !el.open() {
                let _ = el.show_modal();
            }
            // the first control would be the close button anyway; say so explicitly
            if let Some(button) = close.get() {
                let _ = button.focus();
            }
        }
    });
    let on_cancel = move |ev: leptos::ev::Event| {
        ev.prevent_default();
        on_close.run(());
    };
    view! {
        <dialog node_ref=dialog role="dialog" aria-modal="true" aria-labelledby=id on:cancel=on_cancel
            on:keydown=super::keys::tab_stays_in(dialog)
            class="mx-auto mt-auto mb-0 flex max-h-[92dvh] w-full max-w-full flex-col overflow-hidden rounded-t-2xl border-0 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 sm:mb-auto sm:max-h-[85dvh] sm:max-w-2xl sm:rounded-2xl">
            <header class="flex items-start gap-3 border-b border-slate-100 px-4 py-3 sm:px-6 sm:py-4">
                <div class="min-w-0 flex-1">
                    <h2 id=id class="text-lg font-semibold">{title}</h2>
                    <p class="truncate text-sm text-slate-600">{move || subtitle.get()}</p>
                </div>
                <button type="button" node_ref=close class=CLOSE aria-label=tr!("library-close")
                    on:click=move |_| on_close.run(())>
                    <span aria-hidden="true">"✕"</span>
                </button>
            </header>
            <div class="min-h-0 flex-1 space-y-5 overflow-y-auto overscroll-contain px-4 py-4 sm:px-6">
                {children()}
            </div>
            <footer class="flex flex-wrap items-center gap-2 border-t border-slate-100 bg-slate-50 px-4 py-3 sm:px-6">
                {footer.run()}
            </footer>
        </dialog>
    }
}

/// Gives the focus back to the button that opened a dialog once the dialog is gone: a removed
/// dialog leaves the focus nowhere, and keyboard users would start again from the top. Waits
/// a frame, because the button is inert until the dialog has left the page.
pub fn return_focus(opener: NodeRef<Button>) {
    request_animation_frame(move || {
        if let Some(button) = opener.get_untracked() {
            let _ = button.focus();
        }
    });
}
