//! "Add to this card": one place for the four ways a chapter arrives — record it, upload
//! files, have a voice read a text, or point at a stream. Each way is one tap; the chosen
//! one opens under the buttons and the choice is remembered on this device, so a parent who
//! records every night finds the recorder open.
//!
//! Every way stays mounted once drawn and only its visibility changes: switching from Record
//! to Upload in the middle of a take must not stop the microphone. A way is drawn the first
//! time it is chosen, so the page hydrates without the forms nobody opened; the recorder is
//! drawn as soon as the page is live, chosen or not, since it is what notices an unfinished
//! take kept on this device.

use leptos::context::Provider;
use leptos::prelude::*;

use super::{uploads, Tracks};
use crate::components::disclosure::{remembered, FlatPanels};

/// A way of adding a chapter, in the order the buttons show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Record,
    Upload,
    Speak,
    Stream,
}

impl Way {
    const ALL: [Way; 4] = [Way::Record, Way::Upload, Way::Speak, Way::Stream];

    /// Its name in `localStorage` and in element ids.
    fn key(self) -> &'static str {
        match self {
            Way::Record => "record",
            Way::Upload => "upload",
            Way::Speak => "speak",
            Way::Stream => "stream",
        }
    }

    fn from_key(key: &str) -> Option<Way> {
        Way::ALL.into_iter().find(|w| w.key() == key)
    }

    /// (symbol, button label)
    fn words(self) -> (&'static str, String) {
        match self {
            Way::Record => ("●", tr!("card-add-record")),
            Way::Upload => ("⬆", tr!("card-add-upload")),
            Way::Speak => ("✎", tr!("card-add-speak")),
            Way::Stream => ("∿", tr!("card-add-stream")),
        }
    }
}

const REMEMBERED: &str = "cardsmith.card.add";

/// The way the page's address points at ("#add-upload"), in the browser.
fn linked_way() -> Option<Way> {
    #[cfg(feature = "hydrate")]
    {
        let hash = window().location().hash().ok()?;
        Way::from_key(hash.strip_prefix("#add-")?)
    }
    #[cfg(not(feature = "hydrate"))]
    None
}

/// Brings the opened way into view: it was hidden when the browser looked for the anchor.
fn scroll_to(way: Way) {
    #[cfg(feature = "hydrate")]
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(&format!("add-{}", way.key())) {
            el.scroll_into_view();
        }
    });
    #[cfg(not(feature = "hydrate"))]
    let _ = way;
}

/// The four buttons and the way that is open.
#[component]
pub fn AddToCard() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let open = RwSignal::new(None::<Way>);
    // A card with no chapter opens on the remembered way, or Upload, the most common first
    // step; a card with chapters only when the parent had one open last time.
    // A link to "#add-record" (the first run's "Record a story") opens that way and shows it.
    Effect::new(move |_| {
        if let Some(way) = linked_way() {
            open.set(Some(way));
            scroll_to(way);
            return;
        }
        let kept = remembered::load(REMEMBERED).and_then(|k| Way::from_key(&k));
        let empty = tracks.list.with_untracked(Vec::is_empty);
        open.set(kept.or(empty.then_some(Way::Upload)));
    });
    let choose = move |way: Way| {
        let next = (open.get_untracked() != Some(way)).then_some(way);
        open.set(next);
        remembered::save(REMEMBERED, next.map_or("", Way::key));
    };
    let on_saved = Callback::new(move |_slug: String| tracks.reload());
    // an unfinished take of this card on this device: the recorder shows it, so open it
    let on_kept = Callback::new(move |()| {
        open.set(Some(Way::Record));
        scroll_to(Way::Record);
    });
    let slug = tracks.card_slug();
    // the recorder is drawn once the island has hydrated; the other ways when first chosen
    let live = crate::islands::live();
    let chosen_once = move |way: Way| crate::islands::once_true(move || open.get() == Some(way));
    let (upload, speak, stream) = (
        chosen_once(Way::Upload),
        chosen_once(Way::Speak),
        chosen_once(Way::Stream),
    );
    let spoken_slug = slug.clone();
    view! {
        <section aria-labelledby="add-heading" class="space-y-3 border-t border-slate-100 pt-4">
            <h3 id="add-heading" class="font-semibold">{tr!("card-add-title")}</h3>
            <div class="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {Way::ALL.into_iter().map(|way| {
                    let (symbol, label) = way.words();
                    let chosen = move || open.get() == Some(way);
                    view! {
                        <button type="button" on:click=move |_| choose(way)
                            aria-expanded=move || chosen().to_string() aria-controls=format!("add-{}", way.key())
                            class=move || format!("flex min-h-12 items-center justify-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold focus:outline-none focus:ring-2 focus:ring-indigo-300 {}",
                                if chosen() { "border-indigo-600 bg-indigo-600 text-white" } else { "border-slate-300 bg-white text-slate-800 hover:bg-slate-50" })>
                            <span aria-hidden="true" class=if way == Way::Record { "text-rose-500" } else { "" }>{symbol}</span>
                            {label}
                        </button>
                    }
                }).collect_view()}
            </div>
            <Provider value={FlatPanels { within: String::new() }}>
            <div id="add-record" hidden=move || open.get() != Some(Way::Record)>
                {move || live.get().then(|| view! { <crate::components::recorder::Recorder card=slug.clone() on_saved on_kept/> })}
            </div>
            <div id="add-upload" class="space-y-3" hidden=move || open.get() != Some(Way::Upload)>
                {move || upload.get().then(|| view! { <uploads::AudioDrop/> })}
            </div>
            <div id="add-speak" hidden=move || open.get() != Some(Way::Speak)>
                {move || speak.get().then(|| view! { <crate::components::spoken_track::SpokenTrack card=spoken_slug.clone() tracks=tracks.list on_added=on_saved/> })}
            </div>
            <div id="add-stream" hidden=move || open.get() != Some(Way::Stream)>
                {move || stream.get().then(|| view! { <uploads::StreamForm/> })}
            </div>
            </Provider>
        </section>
    }
}
