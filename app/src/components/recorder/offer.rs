//! The offer shown on a card whose take was interrupted (a reload, a closed or crashed tab).

use leptos::prelude::*;

use super::KeptTake;
use crate::components::confirm::ConfirmButton;

/// Finish or discard `kept`. Recording cannot go on inside the old take (its container was
/// closed when the page went away), so finishing uploads what is kept and saves it as it is.
#[component]
pub fn KeptOffer(
    kept: KeptTake,
    on_finish: Callback<KeptTake>,
    on_discard: Callback<KeptTake>,
) -> impl IntoView {
    // one sentence per case, so each language words a title and "untitled" its own way
    let title = kept.title.trim().to_owned();
    let (text, question) = if title.is_empty() {
        (
            tr!("rec-offer-text-untitled"),
            tr!("rec-offer-question-untitled"),
        )
    } else {
        (
            tr!("rec-offer-text", title = &title),
            tr!("rec-offer-question", title = &title),
        )
    };
    let discard = {
        let kept = kept.clone();
        Callback::new(move |()| on_discard.run(kept.clone()))
    };
    view! {
        <section aria-labelledby="kept-take-heading" class="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <h3 id="kept-take-heading" class="font-semibold text-amber-950">{tr!("rec-offer-heading")}</h3>
            <p class="text-sm text-amber-950">{text}</p>
            <div class="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <button type="button"
                    class="rounded-xl bg-indigo-600 px-4 py-3 font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300"
                    on:click=move |_| on_finish.run(kept.clone())>
                    {tr!("rec-offer-finish")}
                </button>
                <ConfirmButton label=tr!("rec-offer-discard") question confirm_label=tr!("rec-offer-discard-confirm") busy=false on_confirm=discard/>
            </div>
        </section>
    }
}

/// The accessible structure the browser test relies on, checked on the server-rendered HTML.
#[cfg(all(test, feature = "ssr"))]
mod tests;
