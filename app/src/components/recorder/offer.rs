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
    let name = if kept.title.trim().is_empty() {
        "An untitled recording".to_owned()
    } else {
        format!("“{}”", kept.title.trim())
    };
    let question = format!("Discard {name}? Nothing of it is kept.");
    let discard = {
        let kept = kept.clone();
        Callback::new(move |()| on_discard.run(kept.clone()))
    };
    view! {
        <section aria-labelledby="kept-take-heading" class="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
            <h3 id="kept-take-heading" class="font-semibold text-amber-950">"Unfinished recording"</h3>
            <p class="text-sm text-amber-950">
                {name}" stopped before it was saved (the page was reloaded or closed). "
                "What was recorded until then is kept, all but its last few seconds. "
                "Finishing uploads it and saves it as a track; "
                "it cannot be continued, so record a new take for more."
            </p>
            <div class="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <button type="button"
                    class="rounded-xl bg-indigo-600 px-4 py-3 font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300"
                    on:click=move |_| on_finish.run(kept.clone())>
                    "Finish and save it"
                </button>
                <ConfirmButton label="Discard it" question confirm_label="Yes, discard" busy=false on_confirm=discard/>
            </div>
        </section>
    }
}

/// The accessible structure the browser test relies on, checked on the server-rendered HTML.
#[cfg(all(test, feature = "ssr"))]
mod render {
    use super::*;

    #[test]
    fn the_offer_is_a_named_region_with_both_choices() {
        let owner = Owner::new();
        owner.set();
        let kept = KeptTake {
            session: "s1".into(),
            card: "bear".into(),
            title: "The little bear".into(),
            mime: "audio/webm".into(),
            acked: 2,
        };
        let html = view! {
            <KeptOffer kept on_finish=Callback::new(|_| ()) on_discard=Callback::new(|_| ())/>
        }
        .to_html();
        assert!(
            html.contains(r#"aria-labelledby="kept-take-heading""#),
            "{html}"
        );
        assert!(html.contains(r#"<h3 id="kept-take-heading""#), "{html}");
        assert!(html.contains("“The little bear”"), "{html}");
        assert!(html.contains("cannot be continued"), "{html}");
        assert!(html.contains("Finish and save it"), "{html}");
        assert!(html.contains("Discard it"), "{html}");
    }
}
