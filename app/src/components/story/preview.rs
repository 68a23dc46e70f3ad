//! Playing the story before it is published, as a player would: the start passage plays, big
//! Left and Right buttons (and the keyboard's arrow keys) choose, the passage's ending
//! happens when its audio ends, and the way taken and the passages never heard are shown.

use cardsmith_model::interactive::play::{Button, Walk};
use leptos::prelude::*;

use super::Story;

#[component]
pub(super) fn StoryPreview(story: Story) -> impl IntoView {
    let walk = RwSignal::new(None::<Walk>);
    let start = move |_| walk.set(Some(story.draft.with(Walk::start)));
    let press = move |button: Button| {
        walk.update(|w| {
            if let Some(w) = w {
                story.draft.with(|d| w.press(d, button));
            }
        });
    };
    let ended = move |_| {
        walk.update(|w| {
            if let Some(w) = w {
                story.draft.with(|d| w.ended(d));
            }
        });
    };
    let at = move || walk.with(|w| w.as_ref().and_then(|w| w.at.clone()));
    let choice = move |button: Button| {
        at().and_then(|id| {
            story.draft.with(|d| {
                d.passage(&id).and_then(|p| match button {
                    Button::Left => p.left.clone(),
                    Button::Right => p.right.clone(),
                })
            })
        })
    };
    // the arrow keys are the buttons while the preview plays (not while typing in a field)
    #[cfg(feature = "hydrate")]
    {
        let handle = leptos::prelude::window_event_listener(leptos::ev::keydown, move |ev| {
            if at().is_none() {
                return;
            }
            let typing = ev
                .target()
                .and_then(|t| leptos::wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
            if typing {
                return;
            }
            match ev.key().as_str() {
                "ArrowLeft" => {
                    ev.prevent_default();
                    press(Button::Left);
                }
                "ArrowRight" => {
                    ev.prevent_default();
                    press(Button::Right);
                }
                _ => {}
            }
        });
        on_cleanup(move || handle.remove());
    }
    let big = "min-h-16 flex-1 rounded-2xl px-3 text-lg font-semibold text-white shadow disabled:opacity-40";
    view! {
        <section class="rounded-xl border border-indigo-200 bg-indigo-50 p-3" aria-labelledby="story-preview-title" data-testid="story-preview">
            <div class="flex flex-wrap items-center justify-between gap-2">
                <h3 id="story-preview-title" class="font-semibold">{tr!("story-preview")}</h3>
                <button type="button" on:click=start class="min-h-11 rounded-lg border border-indigo-300 bg-white px-3 text-sm font-medium text-indigo-700 hover:bg-indigo-100">
                    {move || if walk.with(Option::is_some) { tr!("story-preview-again") } else { tr!("story-preview-play") }}
                </button>
            </div>
            {move || walk.with(|w| w.is_some()).then(|| view! {
                <div class="mt-3 space-y-3">
                    <p role="status" aria-live="polite" class="text-base">
                        {move || match at() {
                            Some(id) => tr!("story-preview-playing", passage = story.title(&id)),
                            None => tr!("story-preview-the-end"),
                        }}
                    </p>
                    {move || at().and_then(|id| story.audio(&id)).map(|src| view! {
                        <audio src=src autoplay controls class="w-full" on:ended=ended aria-label=tr!("story-passage-audio")></audio>
                    })}
                    <div class="flex gap-3">
                        <button type="button" class=format!("{big} bg-green-600 hover:bg-green-700") disabled=move || choice(Button::Left).is_none()
                            on:click=move |_| press(Button::Left) aria-keyshortcuts="ArrowLeft">
                            <span aria-hidden="true">"◀ "</span>{move || choice(Button::Left).map(|c| c.label).unwrap_or_else(|| tr!("story-left-button"))}
                        </button>
                        <button type="button" class=format!("{big} bg-blue-600 hover:bg-blue-700") disabled=move || choice(Button::Right).is_none()
                            on:click=move |_| press(Button::Right) aria-keyshortcuts="ArrowRight">
                            {move || choice(Button::Right).map(|c| c.label).unwrap_or_else(|| tr!("story-right-button"))}<span aria-hidden="true">" ▶"</span>
                        </button>
                    </div>
                    <p class="text-xs text-slate-600">{tr!("story-preview-keys")}</p>
                    <div class="text-sm">
                        <h4 class="font-medium">{tr!("story-preview-path")}</h4>
                        <ol class="mt-1 flex flex-wrap gap-1" data-testid="story-path">
                            {move || walk.with(|w| w.as_ref().map(|w| w.path.clone()).unwrap_or_default()).into_iter()
                                .map(|id| view! { <li class="rounded bg-white px-2 py-0.5">{story.title(&id)}</li> }).collect_view()}
                        </ol>
                        <h4 class="mt-2 font-medium">{tr!("story-preview-unheard")}</h4>
                        <ul class="mt-1 flex flex-wrap gap-1" data-testid="story-unheard">
                            {move || {
                                let unheard: Vec<String> = walk.with(|w| w.as_ref().map(|w| story.draft.with(|d| w.unheard(d).into_iter().map(str::to_owned).collect())).unwrap_or_default());
                                unheard.into_iter().map(|id| view! { <li class="rounded bg-amber-100 px-2 py-0.5">{story.title(&id)}</li> }).collect_view()
                            }}
                        </ul>
                    </div>
                </div>
            })}
        </section>
    }
}
