//! A destructive button that asks once more, inline.

use leptos::prelude::*;

use super::layout::{BUTTON, DANGER_BUTTON};

/// Shows `label`; pressing it reveals `question` with `confirm_label` and Cancel, so a slip of
/// the finger on a phone deletes nothing. Inline rather than `window.confirm` so it is styled,
/// readable by screen readers in place, and easy to drive from tests. Asking puts the focus
/// on Cancel (Enter then deletes nothing); Escape or Cancel closes the question and puts it
/// back on the first button.
#[component]
pub fn ConfirmButton(
    /// The first button, e.g. "Delete card".
    #[prop(into)]
    label: String,
    /// What will happen, in full, e.g. "Delete “Bedtime”? This cannot be undone."
    #[prop(into)]
    question: Signal<String>,
    /// The button that acts, e.g. "Yes, delete card".
    #[prop(into)]
    confirm_label: String,
    #[prop(into)] busy: Signal<bool>,
    on_confirm: Callback<()>,
    /// The button that closes the question, where "Cancel" would read oddly (a question
    /// about cancelling something). "Cancel" when not given.
    #[prop(optional, into)]
    keep_label: Option<String>,
    /// The first button's accessible name where several share a page ("Cancel job: Trim by
    /// …"); it starts with `label`, which is what is seen.
    #[prop(optional, into)]
    name: Option<String>,
) -> impl IntoView {
    // words shown again each time the question opens or closes
    let label = StoredValue::new(label);
    let confirm_label = StoredValue::new(confirm_label);
    let keep_label = StoredValue::new(keep_label.unwrap_or_else(|| tr!("library-cancel")));
    let asking = RwSignal::new(false);
    let first = NodeRef::<leptos::html::Button>::new();
    let cancel = NodeRef::<leptos::html::Button>::new();
    let focus_later = move |target: NodeRef<leptos::html::Button>| {
        request_animation_frame(move || {
            if let Some(button) = target.try_get_untracked().flatten() {
                let _ = button.focus();
            }
        });
    };
    let ask = move |_| {
        asking.set(true);
        focus_later(cancel);
    };
    let close = move || {
        asking.set(false);
        focus_later(first);
    };
    let on_keydown = super::keys::escape_cancels(close);
    view! {
        <Show
            when=move || asking.get()
            fallback=move || view! {
                <button type="button" node_ref=first class=DANGER_BUTTON aria-label=name.clone() on:click=ask>{label.get_value()}</button>
            }
        >
            <div role="group" aria-label=label.get_value() class="space-y-3 rounded-xl border border-rose-200 bg-rose-50 p-4" on:keydown=on_keydown>
                <p class="text-sm text-rose-900">{move || question.get()}</p>
                <div class="flex flex-wrap gap-2">
                    <button
                        type="button"
                        class="inline-flex min-h-11 items-center justify-center rounded-lg bg-rose-600 px-3 py-2 text-sm font-semibold text-white hover:bg-rose-500 focus:outline-none focus:ring-2 focus:ring-rose-300 disabled:cursor-wait disabled:opacity-60"
                        disabled=move || busy.get()
                        on:click=move |_| on_confirm.run(())
                    >
                        {move || if busy.get() { tr!("library-working") } else { confirm_label.get_value() }}
                    </button>
                    <button type="button" node_ref=cancel class=BUTTON on:click=move |_| close()>{keep_label.get_value()}</button>
                </div>
            </div>
        </Show>
    }
}
